import type { z } from "zod";
import { QUOTA_KINDS, QUOTA_LABELS } from "../../../common/constants.ts";
import type { registerBody } from "../../../common/schemas/auth.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import {
  addInvitationUse,
  getInvitationEntryByCode,
  type InvitationCode,
} from "../../kv/invitation_codes.ts";
import { planRegisterGift, type RegisterGiftPlan } from "../../kv/register_gifts.ts";
import { getDefaultRoleId, getRole } from "../../kv/roles.ts";
import { getSettings } from "../../kv/settings.ts";
import { addUsageRecord } from "../../kv/usage.ts";
import { CommitConflict, createUser, getUserByUsername, type UserRecord } from "../../kv/users.ts";
import { checkCaptcha } from "../captcha/captcha.ts";
import { hashPassword } from "./password_hash.ts";
import { recordSignInAttempt, type SignInResult, startSession } from "./sign_in.ts";

export type RegisterInput = z.infer<typeof registerBody>;

type RegisterDeps = Pick<AppDeps, "kv" | "clock" | "config" | "signingKey">;

const MAX_COMMIT_TRIES = 20;

/**
 * Registers a member and signs them in. Uses up the captcha first. The account gets the default
 * role, the registration gift (the code's own, else the default gift, else the configured initial
 * quotas; see planRegisterGift) with a usage record per counter received, and the default domain, all
 * in the account's one commit. When invitations are enabled a valid
 * code is required and its use is counted in the same commit as the account (re-validated on every
 * retry), so two registrations can never both take a code's last use. When they are disabled a code
 * sent along is ignored.
 */
export async function registerUser(
  deps: RegisterDeps,
  input: RegisterInput,
  address: string,
): Promise<SignInResult> {
  await checkCaptcha(deps, input, { consume: true });
  const settings = await getSettings(deps.kv);
  const invitationCode = settings.invitation_enabled ? input.invitationCode.trim() : "";
  if (settings.invitation_enabled && invitationCode === "") {
    throw new AppError("INVITATION_REQUIRED", {}, { field: "invitationCode" });
  }
  const roleId = await getDefaultRoleId(deps.kv);
  if (roleId === null || !await getRole(deps.kv, roleId)) throw new AppError("DEFAULT_ROLE_MISSING");
  if (invitationCode) await usableInvitation(deps, invitationCode);
  if (await getUserByUsername(deps.kv, input.username)) {
    throw new AppError("USERNAME_TAKEN", {}, { field: "username" });
  }
  const passwordHash = await hashPassword(input.password);

  let user: UserRecord | null = null;
  for (let attempt = 0; attempt < MAX_COMMIT_TRIES && !user; attempt++) {
    const now = deps.clock.now();
    const entry = invitationCode ? await usableInvitation(deps, invitationCode) : null;
    const gift = await planRegisterGift(deps.kv, {
      codeId: entry?.value.id ?? null,
      fallback: deps.config.defaultQuotas,
    });
    try {
      user = await createUser(deps.kv, {
        username: input.username,
        email: input.email,
        passwordHash,
        roleId,
        domain: settings.default_domain,
      }, {
        now,
        quotas: gift.quotas,
        extend: (op, created) => {
          if (entry) addInvitationUse(op, entry, created, now);
          addGiftRecords(op, { user: created, gift, at: now, code: entry?.value.code ?? null });
        },
      });
    } catch (err) {
      if (!(err instanceof CommitConflict)) throw err;
    }
  }
  if (!user) throw new AppError("QUOTA_BUSY");
  const result = await startSession(deps, user, address);
  await recordSignInAttempt(deps, { username: user.username, address, code: null, kind: "register" });
  return result;
}

/**
 * Adds the gift to the new account's commit: checks that the gift read is still current, and writes
 * one usage record per counter received (count 0: a gift is not a use), so the member center shows it.
 */
function addGiftRecords(
  op: Deno.AtomicOperation,
  options: { user: UserRecord; gift: RegisterGiftPlan; at: number; code: string | null },
): void {
  const { user, gift, at, code } = options;
  op.check(...gift.checks);
  const via = gift.source === "code" && code ? `（邀请码 ${code}）` : "";
  for (const kind of QUOTA_KINDS) {
    const amount = gift.quotas[kind];
    if (amount <= 0) continue;
    addUsageRecord(op, {
      userId: user.id,
      username: user.username,
      type: kind,
      description: `注册赠送${QUOTA_LABELS[kind]}额度：${amount}次${via}`,
      status: "success",
      count: 0,
      at,
    });
  }
}

/** The code's current entry when it can still be used; otherwise the reason, on the invitationCode field. */
async function usableInvitation(deps: RegisterDeps, code: string): Promise<Deno.KvEntry<InvitationCode>> {
  const field = { field: "invitationCode" };
  const entry = await getInvitationEntryByCode(deps.kv, code);
  if (!entry) throw new AppError("INVITATION_INVALID", {}, field);
  const expiry = entry.value.expired_at === null ? null : Date.parse(entry.value.expired_at);
  if (expiry !== null && expiry <= deps.clock.now()) throw new AppError("INVITATION_EXPIRED", {}, field);
  if (entry.value.used_count >= entry.value.max_uses) throw new AppError("INVITATION_EXHAUSTED", {}, field);
  return entry;
}
