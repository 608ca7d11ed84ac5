/**
 * Output-document templates of /ai-muban, one list per user.
 *
 * Keys:  ["ai_muban_templates", userId, id] -> AiMubanRecord   (ids sort by creation time)
 */
import { newId } from "./ids.ts";

export interface AiMubanRecord {
  id: string;
  userId: number;
  templateName: string;
  description: string;
  /** The uploaded file's own name (for display; downloads use the template name). */
  fileName: string;
  size: number;
  variables: string[];
  blobKey: string;
  createdAt: number;
  updatedAt: number;
}

const PREFIX = "ai_muban_templates";

export function newAiMubanId(now: number): string {
  return newId(now);
}

function key(userId: number, id: string): Deno.KvKey {
  return [PREFIX, userId, id];
}

export async function saveAiMuban(kv: Deno.Kv, record: AiMubanRecord): Promise<void> {
  await kv.set(key(record.userId, record.id), record);
}

/** One of the user's templates, or null (another user's id finds nothing). */
export async function getAiMuban(kv: Deno.Kv, userId: number, id: string): Promise<AiMubanRecord | null> {
  if (!/^[0-9a-f]{20}$/.test(id)) return null;
  return (await kv.get<AiMubanRecord>(key(userId, id))).value;
}

/** The user's templates, newest first. */
export async function listAiMuban(kv: Deno.Kv, userId: number): Promise<AiMubanRecord[]> {
  const out: AiMubanRecord[] = [];
  for await (const e of kv.list<AiMubanRecord>({ prefix: [PREFIX, userId] }, { reverse: true })) {
    out.push(e.value);
  }
  return out;
}

/** Changes name and description; null when the template is gone. */
export async function updateAiMuban(
  kv: Deno.Kv,
  input: { userId: number; id: string; templateName: string; description: string; now: number },
): Promise<AiMubanRecord | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<AiMubanRecord>(key(input.userId, input.id));
    if (!entry.value) return null;
    const next = {
      ...entry.value,
      templateName: input.templateName,
      description: input.description,
      updatedAt: input.now,
    };
    if ((await kv.atomic().check(entry).set(entry.key, next).commit()).ok) return next;
  }
  throw new Error("ai_muban: update kept conflicting");
}

export async function deleteAiMuban(
  kv: Deno.Kv,
  record: Pick<AiMubanRecord, "userId" | "id">,
): Promise<void> {
  await kv.delete(key(record.userId, record.id));
}
