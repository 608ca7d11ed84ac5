import { Hono } from "hono";
import { captchaVerifyBody } from "../../common/schemas/auth.ts";
import type { AppEnv } from "../deps.ts";
import { validate } from "../middleware/validate.ts";
import { checkCaptcha, generateCaptcha } from "../services/captcha/captcha.ts";

export const captchaRoutes = new Hono<AppEnv>()
  .get("/captcha/generate", async (c) => {
    const captcha = await generateCaptcha(c.var.deps);
    c.header("cache-control", "no-store");
    return c.json({ success: true, ...captcha });
  })
  .post("/captcha/verify", validate("json", captchaVerifyBody), async (c) => {
    // Leaves a rightly answered captcha in place: the sign-in that follows uses it up.
    await checkCaptcha(c.var.deps, c.req.valid("json"), { consume: false });
    return c.json({ success: true });
  });
