import { Hono } from "hono";
import { invitationBody, type InvitationUserRow, pageQuery } from "../../common/schemas/invitations.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { recordAudit } from "../kv/audit_log.ts";
import {
  createInvitationCode,
  deleteInvitationCode,
  getInvitationCode,
  listInvitationCodes,
  listInvitationUses,
} from "../kv/invitation_codes.ts";

/** China time, for a date-time the browser sent without an offset. */
const CHINA_OFFSET = "+08:00";

/** The expiry as an ISO string in UTC, or null for a permanent code; refuses a time already past. */
function parseExpiry(value: string | null | undefined, now: number): string | null {
  if (!value) return null;
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const ms = Date.parse(hasOffset ? value : value + CHINA_OFFSET);
  if (Number.isNaN(ms)) {
    throw new AppError("VALIDATION_FAILED", {}, { message: "过期时间格式错误", field: "expiredAt" });
  }
  if (ms <= now) {
    throw new AppError("VALIDATION_FAILED", {}, { message: "过期时间不能早于当前时间", field: "expiredAt" });
  }
  return new Date(ms).toISOString();
}

/** The :id parameter; anything that cannot be an id is simply not found (and never reaches KV as a huge key). */
function codeIdParam(id: string): string {
  if (!/^[0-9a-f]{1,40}$/.test(id)) throw new AppError("INVITATION_NOT_FOUND");
  return id;
}

export const invitationCodesRoutes = new Hono<AppEnv>()
  .get("/invitation-codes", validate("query", pageQuery), async (c) => {
    const page = await listInvitationCodes(c.var.deps.kv, c.req.valid("query"));
    return c.json({ success: true, ...page });
  })
  .post("/invitation-codes", validate("json", invitationBody), async (c) => {
    const body = c.req.valid("json");
    const { kv, clock } = c.var.deps;
    const now = clock.now();
    const actor = currentUser(c);
    const code = await createInvitationCode(kv, {
      maxUses: body.maxUses,
      expiredAt: parseExpiry(body.expiredAt, now),
      remark: body.remark,
      createdByName: actor.username,
    }, now);
    await recordAudit(kv, {
      at: now,
      actorId: actor.id,
      actorName: actor.username,
      action: "create",
      entity: "invitation_code",
      entityId: code.id,
      after: code,
    });
    return c.json({ success: true, code }, 201);
  })
  .delete("/invitation-codes/:id", async (c) => {
    const { kv, clock } = c.var.deps;
    const actor = currentUser(c);
    const id = codeIdParam(c.req.param("id"));
    const before = await getInvitationCode(kv, id);
    await deleteInvitationCode(kv, id);
    await recordAudit(kv, {
      at: clock.now(),
      actorId: actor.id,
      actorName: actor.username,
      action: "delete",
      entity: "invitation_code",
      entityId: id,
      before,
    });
    return c.json({ success: true });
  })
  .get("/invitation-codes/:id/users", validate("query", pageQuery), async (c) => {
    const id = codeIdParam(c.req.param("id"));
    if (!await getInvitationCode(c.var.deps.kv, id)) throw new AppError("INVITATION_NOT_FOUND");
    const page = await listInvitationUses(c.var.deps.kv, id, c.req.valid("query"));
    return c.json({
      success: true,
      users: page.users.map((u): InvitationUserRow => ({ username: u.username, used_at: u.used_at })),
      total: page.total,
    });
  });
