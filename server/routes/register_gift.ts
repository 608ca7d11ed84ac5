import { Hono } from "hono";
import { giftCodesQuery, registerGiftBody } from "../../common/schemas/register_gift.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { getInvitationCode, type InvitationCode, listInvitationCodes } from "../kv/invitation_codes.ts";
import {
  clearCodeGift,
  clearDefaultGift,
  configGift,
  getCodeGift,
  getCodeGifts,
  getDefaultGift,
  setCodeGift,
  setDefaultGift,
  type StoredGift,
  toGiftView,
} from "../kv/register_gifts.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";

/** The :codeId parameter; anything that cannot be an id is simply not found. */
function codeIdParam(id: string): string {
  if (!/^[0-9a-f]{1,40}$/.test(id)) throw new AppError("INVITATION_NOT_FOUND");
  return id;
}

function toCodeRow(code: InvitationCode, gift: StoredGift | null | undefined) {
  return {
    id: code.id,
    code: code.code,
    remark: code.remark,
    max_uses: code.max_uses,
    used_count: code.used_count,
    expired_at: code.expired_at,
    gift: gift ? toGiftView(gift) : null,
  };
}

export const registerGiftRoutes = new Hono<AppEnv>()
  .get("/register-gift", async (c) => {
    const { kv, config } = c.var.deps;
    const gift = await getDefaultGift(kv);
    // `defaults` is what new accounts get while no gift is set (DEFAULT_*_LIMIT).
    return c.json({
      success: true,
      gift: gift ? toGiftView(gift) : null,
      defaults: configGift(config.defaultQuotas),
    });
  })
  .put("/register-gift", validate("json", registerGiftBody), async (c) => {
    const { kv, clock } = c.var.deps;
    const gift = await setDefaultGift(kv, {
      values: c.req.valid("json"),
      actor: currentUser(c),
      at: clock.now(),
    });
    return c.json({ success: true, gift: toGiftView(gift) });
  })
  .delete("/register-gift", async (c) => {
    const { kv, clock } = c.var.deps;
    await clearDefaultGift(kv, { actor: currentUser(c), at: clock.now() });
    return c.json({ success: true, gift: null });
  })
  .get("/register-gift/codes", validate("query", giftCodesQuery), async (c) => {
    const { kv } = c.var.deps;
    const page = await listInvitationCodes(kv, c.req.valid("query"));
    const gifts = await getCodeGifts(kv, page.codes.map((code) => code.id));
    return c.json({
      success: true,
      codes: page.codes.map((code) => toCodeRow(code, gifts.get(code.id))),
      total: page.total,
    });
  })
  .get("/register-gift/codes/:codeId", async (c) => {
    const { kv } = c.var.deps;
    const id = codeIdParam(c.req.param("codeId"));
    const code = await getInvitationCode(kv, id);
    if (!code) throw new AppError("INVITATION_NOT_FOUND");
    return c.json({ success: true, code: toCodeRow(code, await getCodeGift(kv, id)) });
  })
  .put("/register-gift/codes/:codeId", validate("json", registerGiftBody), async (c) => {
    const { kv, clock } = c.var.deps;
    const id = codeIdParam(c.req.param("codeId"));
    const gift = await setCodeGift(kv, id, {
      values: c.req.valid("json"),
      actor: currentUser(c),
      at: clock.now(),
    });
    return c.json({ success: true, gift: toGiftView(gift) });
  })
  .delete("/register-gift/codes/:codeId", async (c) => {
    const { kv, clock } = c.var.deps;
    const id = codeIdParam(c.req.param("codeId"));
    await clearCodeGift(kv, id, { actor: currentUser(c), at: clock.now() });
    return c.json({ success: true });
  });
