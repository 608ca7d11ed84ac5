import { Hono } from "hono";
import { checkLimitBody } from "../../common/schemas/member.ts";
import type { AppEnv } from "../deps.ts";
import { getQuotas } from "../kv/quotas.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { checkLimit } from "../services/quota/check_limit.ts";

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
  });
