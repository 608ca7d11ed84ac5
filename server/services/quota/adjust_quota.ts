import { QUOTA_LABELS, QUOTA_MAX, type QuotaKind } from "../../../common/constants.ts";
import type { AppDeps, CurrentUser } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { addAuditEntry } from "../../kv/audit_log.ts";
import { changeQuota, getQuotas, type QuotaSet } from "../../kv/quotas.ts";
import { addQuotaUpdated } from "../../kv/quota_updates.ts";
import { addUsageRecord } from "../../kv/usage.ts";
import { getUser } from "../../kv/users.ts";

/** What an administrator does to one counter: set it (update-limit) or top it up (quick-add-limit). */
export type QuotaAdjustment = { set: number } | { add: number };

/**
 * Applies an administrator's quota change to another user (or themself). The counter, the audit entry
 * (before/after), the user's usage record (count 0, so the dashboard's use figures do not move) and
 * the quota table's lastUpdated are written in ONE commit: a change is never left unrecorded, and the
 * recorded "before" is the value the change really replaced, even under concurrent changes.
 * Throws USER_NOT_FOUND, QUOTA_OUT_OF_RANGE (result outside 0..99999) or QUOTA_BUSY.
 */
export async function adjustQuota(
  deps: AppDeps,
  input: { actor: CurrentUser; userId: number; kind: QuotaKind; change: QuotaAdjustment },
): Promise<QuotaSet> {
  const { actor, userId, kind, change } = input;
  const target = await getUser(deps.kv, userId);
  if (!target) throw new AppError("USER_NOT_FOUND", {}, { field: "userId" });
  const now = deps.clock.now();
  await changeQuota(deps.kv, {
    userId,
    kind,
    next: (before) => {
      if ("set" in change) return change.set;
      const after = before + change.add;
      if (after > QUOTA_MAX) {
        throw new AppError("QUOTA_OUT_OF_RANGE", { max: QUOTA_MAX }, { field: "amount" });
      }
      return after;
    },
    extend: (op, { before, after }) => {
      addQuotaUpdated(op, userId, now);
      addAuditEntry(op, {
        at: now,
        actorId: actor.id,
        actorName: actor.username,
        action: "update",
        entity: "quota",
        entityId: `${userId}:${kind}`,
        before: { userId, username: target.username, type: kind, limit: before },
        after: { userId, username: target.username, type: kind, limit: after },
      });
      addUsageRecord(op, {
        userId,
        username: target.username,
        type: kind,
        description: `管理员调整${QUOTA_LABELS[kind]}额度：${before} → ${after}`,
        status: "success",
        count: 0,
        at: now,
      });
    },
  });
  return await getQuotas(deps.kv, userId);
}
