import type { QuotaKind, UsageStatus, UsageType } from "../../common/constants.ts";
import { api } from "./client.ts";

/** A user's remaining uses (part 3 §3). */
export interface QuotaLimits {
  pdfConvertLimit: number;
  mediationLimit: number;
  aiLimit: number;
}

/** One usage record (part 3 §3); created_at is an ISO time. */
export interface UsageRecordRow {
  id: string;
  username: string;
  type: UsageType;
  type_label: string;
  description: string;
  status: UsageStatus;
  created_at: string;
}

/** The usage-record filter of part 3 §7; timeRange is "YYYY-MM-DD,YYYY-MM-DD" for custom. */
export interface UsageRecordsParams {
  page: number;
  pageSize: number;
  timeType?: "day" | "month" | "lastMonth" | "custom";
  timeRange?: string;
}

/** A row of the administrators' quota table (part 3 §3 "Admin quota row"). */
export interface UserQuotaRow extends QuotaLimits {
  id: number;
  username: string;
  role_name: string;
  created_at: string;
  lastUpdated: string;
}

/** The signed-in user's three quotas. GET /api/user/limits */
export function getUserLimits() {
  return api.get<{ success: true; limits: QuotaLimits }>("/api/user/limits", { silent: true });
}

/** Usage records, newest first (members: their own). GET /api/member/usage-records */
export function listUsageRecords(params: UsageRecordsParams) {
  return api.get<{ success: true; records: UsageRecordRow[]; total: number }>(
    "/api/member/usage-records",
    { query: { ...params }, silent: true },
  );
}

/** Every user's quotas, optionally by username (administrators). GET /api/member/users-limits */
export function listUsersLimits(username = "") {
  return api.get<{ success: true; users: UserQuotaRow[] }>("/api/member/users-limits", {
    query: { username: username || undefined },
    silent: true,
  });
}

/** Set one quota to 0-99999 (administrators). POST /api/member/update-limit */
export function updateLimit(body: { userId: number; type: QuotaKind; limit: number }) {
  return api.post<{ success: true; limits: QuotaLimits }>("/api/member/update-limit", body, { silent: true });
}

/** Add to one quota (administrators; +10 in the table). POST /api/member/quick-add-limit */
export function quickAddLimit(body: { userId: number; type: QuotaKind; amount: number }) {
  return api.post<{ success: true; limits: QuotaLimits }>("/api/member/quick-add-limit", body, {
    silent: true,
  });
}

/** Server-side check that `amount` uses of `type` are left (deducts nothing). POST /api/member/check-limit */
export function checkLimit(body: { type: "pdf_convert" | "mediation"; amount: number }) {
  return api.post<{ success: true; limits: QuotaLimits }>("/api/member/check-limit", body, { silent: true });
}
