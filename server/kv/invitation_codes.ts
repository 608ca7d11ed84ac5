import { INVITATION_CODE_LENGTH } from "../../common/constants.ts";
import type { InvitationCode, InvitationUserRow } from "../../common/schemas/invitations.ts";
import { AppError } from "../errors.ts";
import { newId } from "./ids.ts";
import { codeGiftKey } from "./register_gifts.ts";

// Keys:  ["invitation_codes", id] -> InvitationCode (time-sortable id: reverse list = newest first)
//        ["invitation_codes_by_code", code] -> id (unique)
//        ["invitation_uses", codeId, userId] -> InvitationUse (written in the registration's own commit)
//        ["register_gifts_by_code", id] is deleted with the code (server/kv/register_gifts.ts)

export type { InvitationCode };

export interface InvitationUse extends InvitationUserRow {
  userId: number;
}

export interface NewInvitationCode {
  maxUses: number;
  expiredAt: string | null;
  remark: string;
  createdByName: string;
}

/** Upper-case letters and digits without the look-alikes 0/O and 1/I. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A random code of INVITATION_CODE_LENGTH characters from CODE_ALPHABET (32 symbols: no modulo bias). */
export function randomInvitationCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(INVITATION_CODE_LENGTH));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/** The form codes are stored in: trimmed, upper-case (users may type them in lower case). */
export function normalizeInvitationCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Creates a code with a fresh unique value; draws again on the (rare) collision. */
export async function createInvitationCode(
  kv: Deno.Kv,
  input: NewInvitationCode,
  now: number,
): Promise<InvitationCode> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code: InvitationCode = {
      id: newId(now),
      code: randomInvitationCode(),
      remark: input.remark,
      max_uses: input.maxUses,
      used_count: 0,
      created_by_name: input.createdByName,
      created_at: new Date(now).toISOString(),
      expired_at: input.expiredAt,
    };
    const res = await kv.atomic()
      .check({ key: ["invitation_codes_by_code", code.code], versionstamp: null })
      .set(["invitation_codes", code.id], code)
      .set(["invitation_codes_by_code", code.code], code.id)
      .commit();
    if (res.ok) return code;
  }
  throw new Error("could not draw a unique invitation code");
}

export async function getInvitationCode(kv: Deno.Kv, id: string): Promise<InvitationCode | null> {
  return (await kv.get<InvitationCode>(["invitation_codes", id])).value;
}

/** The code's entry (with versionstamp, for a registration's commit check), looked up by its text. */
export async function getInvitationEntryByCode(
  kv: Deno.Kv,
  code: string,
): Promise<Deno.KvEntry<InvitationCode> | null> {
  const id = (await kv.get<string>(["invitation_codes_by_code", normalizeInvitationCode(code)])).value;
  if (id === null) return null;
  const entry = await kv.get<InvitationCode>(["invitation_codes", id]);
  return entry.value ? entry as Deno.KvEntry<InvitationCode> : null;
}

/** One page of codes, newest first, and how many there are. */
export async function listInvitationCodes(
  kv: Deno.Kv,
  page: { page: number; pageSize: number },
): Promise<{ codes: InvitationCode[]; total: number }> {
  const all: InvitationCode[] = [];
  for await (const entry of kv.list<InvitationCode>({ prefix: ["invitation_codes"] }, { reverse: true })) {
    all.push(entry.value);
  }
  const start = (page.page - 1) * page.pageSize;
  return { codes: all.slice(start, start + page.pageSize), total: all.length };
}

/**
 * Adds to `op` the use of a code by a new user: the check that the code is unchanged since `entry`
 * was read, the raised used_count and the use record. Meant for createUser's `extend`, so the use
 * and the account are one commit and two registrations cannot both take a code's last use.
 */
export function addInvitationUse(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<InvitationCode>,
  user: { id: number; username: string },
  now: number,
): void {
  const code: InvitationCode = { ...entry.value, used_count: entry.value.used_count + 1 };
  const use: InvitationUse = {
    userId: user.id,
    username: user.username,
    used_at: new Date(now).toISOString(),
  };
  op.check(entry)
    .set(["invitation_codes", code.id], code)
    .set(["invitation_uses", code.id, user.id], use);
}

/** The users who registered with a code, newest first, one page of them and the total. */
export async function listInvitationUses(
  kv: Deno.Kv,
  codeId: string,
  page: { page: number; pageSize: number },
): Promise<{ users: InvitationUse[]; total: number }> {
  const all: InvitationUse[] = [];
  for await (const entry of kv.list<InvitationUse>({ prefix: ["invitation_uses", codeId] })) {
    all.push(entry.value);
  }
  all.sort((a, b) => b.used_at.localeCompare(a.used_at) || b.userId - a.userId);
  const start = (page.page - 1) * page.pageSize;
  return { users: all.slice(start, start + page.pageSize), total: all.length };
}

/**
 * Deletes a code, its index and its registration gift in one commit, then its use records. Accounts made with it stay.
 * Throws INVITATION_NOT_FOUND.
 */
export async function deleteInvitationCode(kv: Deno.Kv, id: string): Promise<void> {
  const entry = await kv.get<InvitationCode>(["invitation_codes", id]);
  if (!entry.value) throw new AppError("INVITATION_NOT_FOUND");
  const res = await kv.atomic()
    .check(entry)
    .delete(["invitation_codes", id])
    .delete(["invitation_codes_by_code", entry.value.code])
    .delete(codeGiftKey(id))
    .commit();
  if (!res.ok) return await deleteInvitationCode(kv, id);
  let op = kv.atomic();
  let pending = 0;
  for await (const use of kv.list({ prefix: ["invitation_uses", id] })) {
    op.delete(use.key);
    if (++pending === 500) {
      await op.commit();
      op = kv.atomic();
      pending = 0;
    }
  }
  if (pending > 0) await op.commit();
}
