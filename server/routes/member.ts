import { Hono } from "hono";
import { USAGE_TYPE_LABELS } from "../../common/constants.ts";
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
import type { AppEnv } from "../deps.ts";
import { getQuotas } from "../kv/quotas.ts";
import { listQuotaUpdateTimes } from "../kv/quota_updates.ts";
import { listRoles } from "../kv/roles.ts";
import { listUsageRecords } from "../kv/usage.ts";
import { listUsers } from "../kv/users.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { adjustQuota } from "../services/quota/adjust_quota.ts";
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
    // Everyone loads their own records (part 3 §6); an administrator may ask for one other user's.
    const userId = isAdmin(user) && q.userId !== undefined ? q.userId : user.id;
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
      change: { set: limit },
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
      change: { add: amount },
    });
    return c.json({ success: true, limits });
  });
