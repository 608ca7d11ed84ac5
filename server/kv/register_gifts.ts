import { QUOTA_FIELDS, QUOTA_KINDS, type QuotaKind } from "../../common/constants.ts";
import type { GiftSource, RegisterGiftValues, RegisterGiftView } from "../../common/schemas/register_gift.ts";
import { AppError } from "../errors.ts";
import { addAuditEntry } from "./audit_log.ts";
import type { InvitationCode } from "../../common/schemas/invitations.ts";

// Keys:  ["register_gifts", "default"] -> StoredGift   (what a new account gets; absent = config defaults)
//        ["register_gifts_by_code", codeId] -> StoredGift (replaces the default for that code's accounts;
//                                                         deleted with the code, see deleteInvitationCode)
//
// Every change writes its audit entry in the same commit. Registration reads the gift it applies and
// checks it unchanged in the account's own commit (planRegisterGift), so an account never gets a mix.

export interface StoredGift extends RegisterGiftValues {
  updatedAt: number;
  updatedByName: string;
}

export interface GiftActor {
  id: number;
  username: string;
}

const DEFAULT_KEY: Deno.KvKey = ["register_gifts", "default"];

/** The key of an invitation code's own gift (deleteInvitationCode removes it with the code). */
export function codeGiftKey(codeId: string): Deno.KvKey {
  return ["register_gifts_by_code", codeId];
}

/** The API view of a stored gift. */
export function toGiftView(gift: StoredGift): RegisterGiftView {
  return {
    mediationLimit: gift.mediationLimit,
    pdfConvertLimit: gift.pdfConvertLimit,
    aiLimit: gift.aiLimit,
    updated_at: new Date(gift.updatedAt).toISOString(),
    updated_by_name: gift.updatedByName,
  };
}

/** The three counts of a stored gift (or of the config defaults) as a quota set. */
export function giftValues(gift: RegisterGiftValues): RegisterGiftValues {
  return {
    mediationLimit: gift.mediationLimit,
    pdfConvertLimit: gift.pdfConvertLimit,
    aiLimit: gift.aiLimit,
  };
}

/** The config defaults (DEFAULT_*_LIMIT) as gift values. */
export function configGift(quotas: Record<QuotaKind, number>): RegisterGiftValues {
  return { mediationLimit: quotas.mediation, pdfConvertLimit: quotas.pdf_convert, aiLimit: quotas.ai };
}

export async function getDefaultGift(kv: Deno.Kv): Promise<StoredGift | null> {
  return (await kv.get<StoredGift>(DEFAULT_KEY)).value;
}

export async function getCodeGift(kv: Deno.Kv, codeId: string): Promise<StoredGift | null> {
  return (await kv.get<StoredGift>(codeGiftKey(codeId))).value;
}

/** The gifts of these codes (absent ones are left out), read 10 keys at a time. */
export async function getCodeGifts(kv: Deno.Kv, codeIds: string[]): Promise<Map<string, StoredGift>> {
  const out = new Map<string, StoredGift>();
  for (let i = 0; i < codeIds.length; i += 10) {
    const ids = codeIds.slice(i, i + 10);
    const entries = await kv.getMany<StoredGift[]>(ids.map(codeGiftKey));
    entries.forEach((e, j) => {
      if (e.value) out.set(ids[j], e.value);
    });
  }
  return out;
}

interface GiftChange {
  values: RegisterGiftValues;
  actor: GiftActor;
  at: number;
}

/** Sets the default gift; the audit entry (before, after) is written in the same commit. */
export async function setDefaultGift(kv: Deno.Kv, change: GiftChange): Promise<StoredGift> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await kv.get<StoredGift>(DEFAULT_KEY);
    const gift: StoredGift = {
      ...giftValues(change.values),
      updatedAt: change.at,
      updatedByName: change.actor.username,
    };
    const op = kv.atomic().check(entry).set(DEFAULT_KEY, gift);
    audit(op, change, { entityId: "default", before: entry.value, after: gift });
    if ((await op.commit()).ok) return gift;
  }
  throw new AppError("QUOTA_BUSY");
}

/** Removes the default gift (new accounts get the config defaults again). Returns what it was, or null. */
export async function clearDefaultGift(
  kv: Deno.Kv,
  change: Omit<GiftChange, "values">,
): Promise<StoredGift | null> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await kv.get<StoredGift>(DEFAULT_KEY);
    if (!entry.value) return null;
    const op = kv.atomic().check(entry).delete(DEFAULT_KEY);
    audit(op, change, { entityId: "default", before: entry.value, after: null });
    if ((await op.commit()).ok) return entry.value;
  }
  throw new AppError("QUOTA_BUSY");
}

/**
 * Sets the gift of one invitation code, checking in the same commit that the code still exists (a
 * code deleted meanwhile is INVITATION_NOT_FOUND, never an orphan gift).
 */
export async function setCodeGift(kv: Deno.Kv, codeId: string, change: GiftChange): Promise<StoredGift> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [code, entry] = await kv.getMany<[InvitationCode, StoredGift]>([
      ["invitation_codes", codeId],
      codeGiftKey(codeId),
    ]);
    if (!code.value) throw new AppError("INVITATION_NOT_FOUND");
    const gift: StoredGift = {
      ...giftValues(change.values),
      updatedAt: change.at,
      updatedByName: change.actor.username,
    };
    const op = kv.atomic().check(code, entry).set(codeGiftKey(codeId), gift);
    audit(op, change, {
      entityId: `code:${codeId}`,
      before: entry.value && { code: code.value.code, ...entry.value },
      after: { code: code.value.code, ...gift },
    });
    if ((await op.commit()).ok) return gift;
  }
  throw new AppError("QUOTA_BUSY");
}

/** Removes a code's own gift (its accounts get the default again). Throws REGISTER_GIFT_NOT_FOUND. */
export async function clearCodeGift(
  kv: Deno.Kv,
  codeId: string,
  change: Omit<GiftChange, "values">,
): Promise<StoredGift> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [code, entry] = await kv.getMany<[InvitationCode, StoredGift]>([
      ["invitation_codes", codeId],
      codeGiftKey(codeId),
    ]);
    if (!code.value) throw new AppError("INVITATION_NOT_FOUND");
    if (!entry.value) throw new AppError("REGISTER_GIFT_NOT_FOUND");
    const op = kv.atomic().check(entry).delete(codeGiftKey(codeId));
    audit(op, change, {
      entityId: `code:${codeId}`,
      before: { code: code.value.code, ...entry.value },
      after: null,
    });
    if ((await op.commit()).ok) return entry.value;
  }
  throw new AppError("QUOTA_BUSY");
}

function audit(
  op: Deno.AtomicOperation,
  change: Omit<GiftChange, "values">,
  record: { entityId: string; before: unknown; after: unknown },
): void {
  addAuditEntry(op, {
    at: change.at,
    actorId: change.actor.id,
    actorName: change.actor.username,
    action: record.before === null ? "create" : record.after === null ? "delete" : "update",
    entity: "register_gift",
    ...record,
  });
}

/** What a registration gives: the quotas, where they came from, and the entries to check unchanged. */
export interface RegisterGiftPlan {
  quotas: Record<QuotaKind, number>;
  source: GiftSource;
  checks: Deno.AtomicCheck[];
}

/**
 * The quotas a new account receives: the code's own gift when it registers with a code that has one,
 * otherwise the default gift, otherwise `fallback` (the config defaults). The returned checks make the
 * account's commit fail (and be retried) if either gift changes in between.
 */
export async function planRegisterGift(
  kv: Deno.Kv,
  options: { codeId: string | null; fallback: Record<QuotaKind, number> },
): Promise<RegisterGiftPlan> {
  const keys = options.codeId === null ? [DEFAULT_KEY] : [DEFAULT_KEY, codeGiftKey(options.codeId)];
  const [byDefault, byCode] = await kv.getMany<StoredGift[]>(keys);
  const checks: Deno.AtomicCheck[] = [byDefault, ...(byCode ? [byCode] : [])];
  const chosen = byCode?.value
    ? { gift: byCode.value, source: "code" as const }
    : byDefault.value
    ? { gift: byDefault.value, source: "default" as const }
    : null;
  if (!chosen) return { quotas: { ...options.fallback }, source: "config", checks };
  const quotas = Object.fromEntries(
    QUOTA_KINDS.map((kind) => [kind, chosen.gift[QUOTA_FIELDS[kind]]]),
  ) as Record<QuotaKind, number>;
  return { quotas, source: chosen.source, checks };
}
