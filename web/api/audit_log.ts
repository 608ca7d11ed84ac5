import type { AuditAction, AuditEntity } from "../../common/schemas/audit_log.ts";
import { api } from "./client.ts";

/** An administrative change: who did what to which entity, with the state before and after. */
export interface AdminAuditRow {
  id: string;
  kind: "admin";
  created_at: string;
  actor: string;
  actorId: number;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  /** A readable name of what was changed (username, role name, code ...). */
  target: string;
  before: unknown;
  after: unknown;
}

/** A sign-in attempt (or the sign-in of a registration). */
export interface LoginAuditRow {
  id: string;
  kind: "login";
  created_at: string;
  actor: string;
  action: "login" | "register";
  success: boolean;
  address: string;
  code: string | null;
}

export type AuditRow = AdminAuditRow | LoginAuditRow;

/** The filters and page of GET /api/audit-log (checked by auditLogQuery in common/schemas/audit_log.ts). */
export interface AuditLogParams {
  page: number;
  pageSize: number;
  kind?: "admin" | "login";
  entity?: AuditEntity;
  result?: "success" | "failure";
  actor?: string;
  /** China days, YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

/** Changes and sign-ins, newest first, filtered and paged on the server. GET /api/audit-log */
export function listAuditLog(query: AuditLogParams) {
  return api.get<{ success: true; entries: AuditRow[]; total: number }>("/api/audit-log", {
    query: { ...query },
    silent: true,
  });
}
