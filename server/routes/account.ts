import { Hono } from "hono";
import { changeEmailBody, changePasswordBody } from "../../common/schemas/account.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { recordAudit } from "../kv/audit_log.ts";
import { deleteUserSessions } from "../kv/sessions.ts";
import { getUser, updateUser } from "../kv/users.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { hashPassword, verifyPassword } from "../services/auth/password_hash.ts";
import { replaceSession } from "../services/users/manage_users.ts";

export const accountRoutes = new Hono<AppEnv>()
  .put("/account/password", validate("json", changePasswordBody), async (c) => {
    const { deps } = c.var;
    const actor = currentUser(c);
    const { oldPassword, newPassword } = c.req.valid("json");
    const record = await getUser(deps.kv, actor.id);
    if (!record) throw new AppError("USER_NOT_FOUND");
    if (!await verifyPassword(oldPassword, record.passwordHash)) {
      throw new AppError("OLD_PASSWORD_WRONG", {}, { field: "oldPassword" });
    }
    const now = deps.clock.now();
    await updateUser(deps.kv, actor.id, { passwordHash: await hashPassword(newPassword) }, now);
    // Every session ends (other devices sign in again); this one continues under a fresh token.
    await deleteUserSessions(deps.kv, actor.id);
    const token = await replaceSession(deps, { userId: actor.id, now });
    await recordAudit(deps.kv, {
      at: now,
      actorId: actor.id,
      actorName: actor.username,
      action: "update",
      entity: "account",
      entityId: String(actor.id),
      after: { passwordChanged: true },
    });
    c.header("new-token", token);
    return c.json({ success: true, token });
  })
  .put("/account/email", validate("json", changeEmailBody), async (c) => {
    const { deps } = c.var;
    const actor = currentUser(c);
    const { email } = c.req.valid("json");
    const now = deps.clock.now();
    const after = await updateUser(deps.kv, actor.id, { email }, now);
    await recordAudit(deps.kv, {
      at: now,
      actorId: actor.id,
      actorName: actor.username,
      action: "update",
      entity: "account",
      entityId: String(actor.id),
      before: { email: actor.email },
      after: { email: after.email },
    });
    return c.json({ success: true, email: after.email });
  });
