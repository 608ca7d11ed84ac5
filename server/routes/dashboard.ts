import { Hono } from "hono";
import { z } from "zod";
import {
  ACTIVITY_PAGE_SIZES,
  ACTIVITY_TYPE_OF,
  DASHBOARD_CHART_DAYS,
  type UsageType,
} from "../../common/constants.ts";
import { isAdmin } from "../../common/permissions.ts";
import { chinaDay } from "../clock.ts";
import type { AppEnv } from "../deps.ts";
import { getUsageStats, getUsageTrend, listUsageRecords, type UsageStats } from "../kv/usage.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";

/** Types summed into the "AI functions" card and the trend's ai_count. */
const AI_TYPES: UsageType[] = ["ai", "aiocr", "aiextract", "ocrextract", "ai_law_search", "ai_document"];
/**
 * Types summed into the "PDF conversion" card: PDF-to-link conversions only, the use the pdf_convert
 * quota meters (PDFs made alongside generated documents are part of that generation).
 */
const PDF_TYPES: UsageType[] = ["pdf_convert"];
/** Types that also get their own figure (part 1 §3). */
const OWN_STAT_TYPES = ["aiocr", "aiextract", "ocrextract", "ai_law_search", "ai_document"] as const;

const PAGE_SIZE_MESSAGE = `每页条数只能是${ACTIVITY_PAGE_SIZES.join("、")}`;

const activitiesQuery = z.object({
  page: z.coerce.number().int("页码必须是整数").min(1, "页码至少为1").max(100_000).optional().default(1),
  pageSize: z.coerce.number().refine((n) => ACTIVITY_PAGE_SIZES.includes(n), PAGE_SIZE_MESSAGE)
    .optional().default(10),
  userId: z.union([z.literal(""), z.coerce.number().int("请选择用户").min(1, "请选择用户")]).optional(),
});

function sumStats(stats: UsageStats, types: UsageType[]) {
  return {
    total: types.reduce((n, t) => n + stats[t].total, 0),
    today: types.reduce((n, t) => n + stats[t].today, 0),
  };
}

export const dashboardRoutes = new Hono<AppEnv>()
  .get("/dashboard/stats", async (c) => {
    const { kv, clock } = c.var.deps;
    const user = currentUser(c);
    const userId = isAdmin(user) ? undefined : user.id;
    const today = chinaDay(clock.now());
    const [stats, trend] = await Promise.all([
      getUsageStats(kv, { userId, today }),
      getUsageTrend(kv, { userId, today, days: DASHBOARD_CHART_DAYS }),
    ]);
    const own = Object.fromEntries(OWN_STAT_TYPES.map((t) => [`${t}Stats`, stats[t]]));
    return c.json({
      success: true,
      mediationStats: stats.mediation,
      pdfStats: sumStats(stats, PDF_TYPES),
      // Template uploads (usage records of type "template", written by routes/templates.ts).
      templateStats: stats.template,
      aiStats: sumStats(stats, AI_TYPES),
      ...own,
      trend: trend.map((day) => ({
        date: day.date,
        ai_count: AI_TYPES.reduce((n, t) => n + day.counts[t], 0),
        mediation_count: day.counts.mediation,
        pdf_count: PDF_TYPES.reduce((n, t) => n + day.counts[t], 0),
        template_count: day.counts.template,
      })),
    });
  })
  .get("/recent-activities", validate("query", activitiesQuery), async (c) => {
    const { kv } = c.var.deps;
    const user = currentUser(c);
    const { page, pageSize, userId } = c.req.valid("query");
    // Members see only their own activity, whatever userId they send.
    const filter = isAdmin(user) ? (userId === "" ? undefined : userId) : user.id;
    const { records, total } = await listUsageRecords(kv, { userId: filter, page, pageSize });
    return c.json({
      success: true,
      activities: records.map((r) => ({
        id: r.id,
        username: r.username,
        type: ACTIVITY_TYPE_OF[r.type],
        description: r.description,
        status: r.status,
        created_at: new Date(r.createdAt).toISOString(),
      })),
      pagination: { total, page, pageSize },
    });
  });
