import { QUOTA_LABELS, type QuotaKind } from "../../../common/constants.ts";
import type { AuditEntry } from "../../kv/audit_log.ts";

type Snapshot = Record<string, unknown>;

function snapshotOf(value: unknown): Snapshot {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value as Snapshot : {};
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The user id a quota entry is about ("<userId>:<kind>"), or null for any other entry. */
export function quotaUserId(entry: Pick<AuditEntry, "entity" | "entityId">): number | null {
  if (entry.entity !== "quota") return null;
  const id = Number(entry.entityId.split(":")[0]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A readable name for what an audit entry changed, for the audit-log page: the username, the role
 * name, "<username> · <counter>" for a quota, the code, the word. Falls back to "#<id>" when the
 * recorded state carries no name (a deleted quota owner is looked up by `usernameOf`, which may miss).
 */
export function describeTarget(
  entry: Pick<AuditEntry, "entity" | "entityId" | "before" | "after" | "actorName">,
  usernameOf: (userId: number) => string | undefined,
): string {
  const state = { ...snapshotOf(entry.before), ...snapshotOf(entry.after) };
  const fallback = `#${entry.entityId}`;
  switch (entry.entity) {
    case "user":
      return text(state.username) ?? fallback;
    case "role":
      return text(state.name) ?? fallback;
    case "quota": {
      const userId = quotaUserId(entry);
      const who = (userId !== null ? usernameOf(userId) : undefined) ?? text(state.username) ??
        `#${userId ?? entry.entityId}`;
      const kind = text(state.type) as QuotaKind | undefined;
      return kind && kind in QUOTA_LABELS ? `${who} · ${QUOTA_LABELS[kind]}` : who;
    }
    case "settings":
      return "系统设置";
    case "ai_settings":
      return "AI设置";
    case "invitation_code":
      return text(state.code) ?? fallback;
    case "login_feature":
      return text(state.title) ?? fallback;
    case "sensitive_word":
      return text(state.word) ?? fallback;
    case "account":
      return entry.actorName;
    case "storage_item":
      return text(state.prefix) ?? entry.entityId;
    default:
      return text(state.name) ?? text(state.title) ?? text(state.username) ?? fallback;
  }
}
