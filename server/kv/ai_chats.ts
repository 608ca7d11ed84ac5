import type { ChatCitation } from "../../common/schemas/ai_chat.ts";
import { AppError } from "../errors.ts";
import { newId } from "./ids.ts";

// Keys:  ["ai_chats", userId, conversationId] -> Conversation      (a user's own, newest id last)
//        ["ai_chat_messages", conversationId, messageId] -> ChatRecord (oldest first)
//        ["ai_chat_message_owner", messageId] -> { userId, conversationId } (export by message id)

export interface Conversation {
  id: string;
  userId: number;
  title: string;
  /** Set once the user renamed it: the first question no longer names it. */
  titleRenamed: boolean;
  presetId: string | null;
  caseData: Record<string, string>;
  createdAt: number;
  updatedAt: number;
}

export interface ChatRecord {
  id: string;
  conversationId: string;
  role: "user" | "assistant";
  content: string;
  status: "done" | "failed" | "stopped";
  error?: string;
  citations: ChatCitation[];
  createdAt: number;
}

/** Stored text per message (KV values stay under 64 KiB: 16 000 CJK characters are ~48 KB). */
export const CHAT_RECORD_MAX_CHARS = 16_000;

function convKey(userId: number, id: string): Deno.KvKey {
  return ["ai_chats", userId, id];
}

/** Creates a conversation. */
export async function createConversation(
  kv: Deno.Kv,
  input: Omit<Conversation, "id" | "createdAt" | "updatedAt" | "titleRenamed">,
  now: number,
): Promise<Conversation> {
  const conv: Conversation = {
    ...input,
    id: newId(now),
    titleRenamed: false,
    createdAt: now,
    updatedAt: now,
  };
  const res = await kv.atomic().check({ key: convKey(conv.userId, conv.id), versionstamp: null })
    .set(convKey(conv.userId, conv.id), conv).commit();
  if (!res.ok) throw new AppError("QUOTA_BUSY");
  return conv;
}

/** A user's conversation, or null (another user's is null too). */
export async function getConversation(kv: Deno.Kv, userId: number, id: string): Promise<Conversation | null> {
  return (await kv.get<Conversation>(convKey(userId, id))).value;
}

/** A user's conversation; throws AI_CHAT_NOT_FOUND. */
export async function requireConversation(kv: Deno.Kv, userId: number, id: string): Promise<Conversation> {
  const conv = await getConversation(kv, userId, id);
  if (!conv) throw new AppError("AI_CHAT_NOT_FOUND");
  return conv;
}

/** A user's conversations, most recently updated first. */
export async function listConversations(kv: Deno.Kv, userId: number): Promise<Conversation[]> {
  const out: Conversation[] = [];
  for await (const e of kv.list<Conversation>({ prefix: ["ai_chats", userId] })) out.push(e.value);
  return out.sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : -1));
}

/** Changes a conversation with `change` (compare-and-set); throws AI_CHAT_NOT_FOUND. */
export async function updateConversation(
  kv: Deno.Kv,
  userId: number,
  id: string,
  change: (c: Conversation) => Conversation,
): Promise<Conversation> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await kv.get<Conversation>(convKey(userId, id));
    if (!entry.value) throw new AppError("AI_CHAT_NOT_FOUND");
    const next = change(entry.value);
    if ((await kv.atomic().check(entry).set(convKey(userId, id), next).commit()).ok) return next;
  }
  throw new AppError("QUOTA_BUSY");
}

/** The messages of a conversation, oldest first. */
export async function listChatRecords(kv: Deno.Kv, conversationId: string): Promise<ChatRecord[]> {
  const out: ChatRecord[] = [];
  for await (const e of kv.list<ChatRecord>({ prefix: ["ai_chat_messages", conversationId] })) {
    out.push(e.value);
  }
  return out;
}

/** Adds a message's writes to a commit (record and owner index). */
export function addChatRecord(
  op: Deno.AtomicOperation,
  userId: number,
  record: ChatRecord,
): Deno.AtomicOperation {
  const stored = { ...record, content: record.content.slice(0, CHAT_RECORD_MAX_CHARS) };
  return op.set(["ai_chat_messages", record.conversationId, record.id], stored)
    .set(["ai_chat_message_owner", record.id], { userId, conversationId: record.conversationId });
}

/** Removes a message and its index entry in one commit. */
export async function deleteChatRecord(kv: Deno.Kv, record: ChatRecord): Promise<void> {
  await kv.atomic().delete(["ai_chat_messages", record.conversationId, record.id])
    .delete(["ai_chat_message_owner", record.id]).commit();
}

/** A user's message by id (export), or throws AI_CHAT_MESSAGE_NOT_FOUND (also for another user's). */
export async function requireChatRecord(kv: Deno.Kv, userId: number, messageId: string): Promise<ChatRecord> {
  const owner =
    (await kv.get<{ userId: number; conversationId: string }>(["ai_chat_message_owner", messageId]))
      .value;
  if (!owner || owner.userId !== userId) throw new AppError("AI_CHAT_MESSAGE_NOT_FOUND");
  const record = (await kv.get<ChatRecord>(["ai_chat_messages", owner.conversationId, messageId])).value;
  if (!record) throw new AppError("AI_CHAT_MESSAGE_NOT_FOUND");
  return record;
}

/**
 * Deletes a conversation, then its messages in batches. The conversation goes first, so a crash
 * midway leaves only unreachable messages, never a listed conversation with half its history.
 */
export async function deleteConversation(kv: Deno.Kv, userId: number, id: string): Promise<void> {
  const entry = await kv.get<Conversation>(convKey(userId, id));
  if (!entry.value) throw new AppError("AI_CHAT_NOT_FOUND");
  if (!(await kv.atomic().check(entry).delete(convKey(userId, id)).commit()).ok) {
    throw new AppError("QUOTA_BUSY");
  }
  const records = await listChatRecords(kv, id);
  for (let i = 0; i < records.length; i += 50) {
    const op = kv.atomic();
    for (const r of records.slice(i, i + 50)) {
      op.delete(["ai_chat_messages", id, r.id]).delete(["ai_chat_message_owner", r.id]);
    }
    await op.commit();
  }
}
