import { type Context, Hono } from "hono";
import { getConnInfo } from "hono/deno";
import { loginBody, registerBody } from "../../common/schemas/auth.ts";
import type { AppEnv } from "../deps.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { deleteSession } from "../kv/sessions.ts";
import { registerUser } from "../services/auth/register.ts";
import { signIn } from "../services/auth/sign_in.ts";

/** The client's address as the socket reports it ("unknown" when the server cannot tell). */
export function clientAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address || "unknown";
  } catch {
    return "unknown";
  }
}

export const authRoutes = new Hono<AppEnv>()
  .post("/auth/login", validate("json", loginBody), async (c) => {
    const result = await signIn(c.var.deps, c.req.valid("json"), clientAddress(c));
    return c.json({ success: true, ...result });
  })
  .post("/auth/register", validate("json", registerBody), async (c) => {
    const result = await registerUser(c.var.deps, c.req.valid("json"), clientAddress(c));
    return c.json({ success: true, ...result });
  })
  .post("/auth/logout", async (c) => {
    const user = currentUser(c);
    await deleteSession(c.var.deps.kv, { sid: user.sid, userId: user.id });
    return c.json({ success: true });
  });
