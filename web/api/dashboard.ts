import type { ActivityType, UsageStatus } from "../../common/constants.ts";
import { api } from "./client.ts";

export interface StatPair {
  total: number;
  today: number;
}

/** One day of the 7-day chart (part 1 §3). */
export interface TrendDay {
  date: string;
  ai_count: number;
  mediation_count: number;
  pdf_count: number;
  template_count: number;
}

/** GET /api/dashboard/stats: the whole system's figures for administrators, one's own otherwise. */
export interface DashboardStats {
  mediationStats: StatPair;
  aiStats: StatPair;
  pdfStats: StatPair;
  templateStats: StatPair;
  trend: TrendDay[];
}

/** One row of the recent-activity table (part 1 §3). */
export interface ActivityRow {
  id: string;
  username: string;
  type: ActivityType;
  description: string;
  status: UsageStatus;
  created_at: string;
}

/** An entry of the administrators' user filter. */
export interface UserOption {
  id: number;
  username: string;
  role: string;
}

/** Cards and 7-day trend. GET /api/dashboard/stats */
export function getDashboardStats() {
  return api.get<{ success: true } & DashboardStats>("/api/dashboard/stats", { silent: true });
}

/** Recent activity, newest first; userId filters (administrators only). GET /api/recent-activities */
export function listRecentActivities(params: { page: number; pageSize: number; userId?: number }) {
  return api.get<{ success: true; activities: ActivityRow[]; pagination: { total: number } }>(
    "/api/recent-activities",
    { query: { ...params }, silent: true },
  );
}

/** Users whose name contains `query`, for the dashboard's user filter. GET /api/users/list */
export function searchUserOptions(query: string, signal?: AbortSignal) {
  return api.get<{ success: true; users: UserOption[] }>("/api/users/list", {
    query: { query },
    silent: true,
    signal,
  });
}
