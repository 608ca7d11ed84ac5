import { Hono } from "hono";
import { customRuleBody } from "../../common/schemas/custom_ocr.ts";
import type { AppEnv } from "../deps.ts";
import { listRules } from "../kv/custom_ocr_rules.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { getAiUsesLeft } from "../services/ai_metering/ai_metering.ts";
import { createRule, removeRule, toRuleView, updateRule } from "../services/custom_ocr/rules.ts";

/** Custom OCR (part 4 §7): rules and the user's AI limit. */
export const customOcrRoutes = new Hono<AppEnv>()
  .get("/custom-ocr/rules", async (c) => {
    const rules = await listRules(c.var.deps.kv, currentUser(c).id);
    return c.json({ success: true, rules: rules.map(toRuleView) });
  })
  .post("/custom-ocr/rules", validate("json", customRuleBody), async (c) => {
    const rule = await createRule(c.var.deps, currentUser(c).id, c.req.valid("json"));
    return c.json({ success: true, message: "创建成功", rule: toRuleView(rule) });
  })
  .put("/custom-ocr/rules/:id", validate("json", customRuleBody), async (c) => {
    const rule = await updateRule(c.var.deps, {
      userId: currentUser(c).id,
      id: c.req.param("id"),
      body: c.req.valid("json"),
    });
    return c.json({ success: true, message: "更新成功", rule: toRuleView(rule) });
  })
  .delete("/custom-ocr/rules/:id", async (c) => {
    await removeRule(c.var.deps, currentUser(c).id, c.req.param("id"));
    return c.json({ success: true, message: "删除成功" });
  })
  .get("/custom-ocr/user/limits", async (c) => {
    const left = await getAiUsesLeft(c.var.deps.kv, currentUser(c).id);
    return c.json({ success: true, limits: { ai_limit: left } });
  });
