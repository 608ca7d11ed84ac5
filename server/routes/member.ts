import { Hono } from "hono";
import { QUOTA_LABELS, type QuotaKind, USAGE_TYPE_LABELS } from "../../common/constants.ts";
import { isAdmin } from "../../common/permissions.ts";
import {
  checkLimitBody,
  quickAddLimitBody,
  updateLimitBody,
  usageRecordsQuery,
  usersLimitsQuery,
} from "../../common/schemas/member.ts";
import { addDays } from "../kv/usage.ts";
import { chinaDay } from "../clock.ts";
import type { AppDeps, AppEnv, CurrentUser } from "../deps.ts";
import { AppError } from "../errors.ts";
import { recordAudit } from "../kv/audit_log.ts";
import { addQuota, getQuotas, type QuotaSet, setQuota } from "../kv/quotas.ts";
import { listQuotaUpdateTimes, markQuotaUpdated } from "../kv/quota_updates.ts";
import { listRoles } from "../kv/roles.ts";
import { listUsageRecords, recordUsage } from "../kv/usage.ts";
import { getUser, listUsers } from "../kv/users.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { checkLimit } from "../services/quota/check_limit.ts";

/** China days [from, to] for a usage-records time filter; undefined bounds mean "all time". */
function timeWindow(
  q: { timeType?: string; from?: string; to?: string },
  now: number,
): { fromDay?: string; toDay?: string } {
  const today = chinaDay(now);
  if (q.timeType === "day") return { fromDay: today, toDay: today };
  if (q.timeType === "month") return { fromDay: `${today.slice(0, 7)}-01`, toDay: today };
  if (q.timeType === "lastMonth") {
    const lastDay = addDays(`${today.slice(0, 7)}-01`, -1);
    return { fromDay: `${lastDay.slice(0, 7)}-01`, toDay: lastDay };
  }
  if (q.timeType === "custom") return { fromDay: q.from, toDay: q.to };
  return {};
}

/**
 * Applies an administrator's quota change: the counter, the audit entry (before/after) and a usage
 * record on the user's history (count 0, so the dashboard's use figures do not move).
 */
async function adjustQuota(
  deps: AppDeps,
  options: {
    actor: CurrentUser;
    userId: number;
    kind: QuotaKind;
    change: (before: number) => Promise<number>;
  },
): Promise<QuotaSet> {
  const { actor, userId, kind } = options;
  const target = await getUser(deps.kv, userId);
  if (!target) throw new AppError("USER_NOT_FOUND", {}, { field: "userId" });
  const field =
    ({ mediation: "mediationLimit", pdf_convert: "pdfConvertLimit", ai: "aiLimit" } as const)[kind];
  const before = (await getQuotas(deps.kv, userId))[field];
  const after = await options.change(before);
  const now = deps.clock.now();
  await markQuotaUpdated(deps.kv, userId, now);
  await recordAudit(deps.kv, {
    at: now,
    actorId: actor.id,
    actorName: actor.username,
    action: "update",
    entity: "quota",
    entityId: `${userId}:${kind}`,
    before: { userId, type: kind, limit: before },
    after: { userId, type: kind, limit: after },
  });
  await recordUsage(deps.kv, {
    userId,
    username: target.username,
    type: kind,
    description: `管理员调整${QUOTA_LABELS[kind]}额度：${before} → ${after}`,
    status: "success",
    count: 0,
    at: now,
  });
  return await getQuotas(deps.kv, userId);
}

export const memberRoutes = new Hono<AppEnv>()
  .get("/member/limits", async (c) => {
    const user = currentUser(c);
    return c.json({ success: true, limits: await getQuotas(c.var.deps.kv, user.id) });
  })
  .get("/user/limits", async (c) => {
    const user = currentUser(c);
    return c.json({ success: true, limits: await getQuotas(c.var.deps.kv, user.id) });
  })
  .post("/member/check-limit", validate("json", checkLimitBody), async (c) => {
    const user = currentUser(c);
    const { type, amount } = c.req.valid("json");
    const limits = await checkLimit(c.var.deps.kv, { userId: user.id, kind: type, amount });
    return c.json({ success: true, limits });
  })
  .get("/member/usage-records", validate("query", usageRecordsQuery), async (c) => {
    const { kv, clock } = c.var.deps;
    const user = currentUser(c);
    const q = c.req.valid("query");
    // Members read only their own history; administrators everyone's, optionally one user's.
    const userId = isAdmin(user) ? q.userId : user.id;
    const window = timeWindow(q, clock.now());
    const { records, total } = await listUsageRecords(kv, {
      userId,
      ...window,
      page: q.page,
      pageSize: q.pageSize,
    });
    return c.json({
      success: true,
      records: records.map((r) => ({
        id: r.id,
        username: r.username,
        type: r.type,
        type_label: USAGE_TYPE_LABELS[r.type] ?? r.type,
        description: r.description,
        status: r.status,
        created_at: new Date(r.createdAt).toISOString(),
      })),
      total,
    });
  })
  .get("/member/users-limits", validate("query", usersLimitsQuery), async (c) => {
    const { kv } = c.var.deps;
    const needle = c.req.valid("query").username.toLowerCase();
    const [users, roles, updated] = await Promise.all([
      listUsers(kv),
      listRoles(kv),
      listQuotaUpdateTimes(kv),
    ]);
    const roleNames = new Map(roles.map((r) => [r.id, r.name]));
    const matching = users.filter((u) => u.username.toLowerCase().includes(needle));
    const rows = await Promise.all(matching.map(async (u) => ({
      id: u.id,
      username: u.username,
      role_name: roleNames.get(u.roleId) ?? "",
      ...await getQuotas(kv, u.id),
      created_at: new Date(u.createdAt).toISOString(),
      lastUpdated: new Date(updated.get(u.id) ?? u.createdAt).toISOString(),
    })));
    return c.json({ success: true, users: rows });
  })
  .post("/member/update-limit", validate("json", updateLimitBody), async (c) => {
    const { deps } = c.var;
    const { userId, type, limit } = c.req.valid("json");
    const limits = await adjustQuota(deps, {
      actor: currentUser(c),
      userId,
      kind: type,
      change: () => setQuota(deps.kv, { userId, kind: type, value: limit }),
    });
    return c.json({ success: true, limits });
  })
  .post("/member/quick-add-limit", validate("json", quickAddLimitBody), async (c) => {
    const { deps } = c.var;
    const { userId, type, amount } = c.req.valid("json");
    const limits = await adjustQuota(deps, {
      actor: currentUser(c),
      userId,
      kind: type,
      change: () => addQuota(deps.kv, { userId, kind: type, amount }),
    });
    return c.json({ success: true, limits });
  });
