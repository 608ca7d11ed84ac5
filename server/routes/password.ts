import { Hono } from "hono";
import { resetPasswordBody, sendCodeBody } from "../../common/schemas/auth.ts";
import type { AppEnv } from "../deps.ts";
import { validate } from "../middleware/validate.ts";
import { clientAddress } from "./auth.ts";
import { resetPassword, sendResetCode } from "../services/auth/password_reset.ts";

export const passwordRoutes = new Hono<AppEnv>()
  .post("/password/send-code", validate("json", sendCodeBody), async (c) => {
    await sendResetCode(c.var.deps, { ...c.req.valid("json"), address: clientAddress(c) });
    return c.json({ success: true, message: "验证码已发送到您的邮箱" });
  })
  .post("/password/reset-password", validate("json", resetPasswordBody), async (c) => {
    await resetPassword(c.var.deps, c.req.valid("json"));
    return c.json({ success: true, message: "密码重置成功" });
  });
