import type { OcrTemplate, OcrTemplateField } from "../../common/schemas/ocr.ts";
import { newId } from "./ids.ts";

// Keys:  ["ocr_templates", userId, id] -> OcrTemplateRecord   (each user's own; id = newId(createdAt))
//
// Templates are per user: every read and write names the owner, so another user's id reads as absent.

export interface OcrTemplateRecord {
  id: string;
  userId: number;
  name: string;
  description: string;
  fields: OcrTemplateField[];
  createdAt: number;
  updatedAt: number;
}

export interface OcrTemplateInput {
  name: string;
  description: string;
  fields: OcrTemplateField[];
}

/** A user may keep this many extraction templates (a value must stay under KV's 64 KiB; the list stays light). */
export const OCR_TEMPLATES_PER_USER = 500;

function key(userId: number, id: string): Deno.KvKey {
  return ["ocr_templates", userId, id];
}

function clean(fields: OcrTemplateField[]): OcrTemplateField[] {
  return fields.map((f) => ({ label: f.label, key: f.key, ...(f.prompt ? { prompt: f.prompt } : {}) }));
}

export async function createOcrTemplate(
  kv: Deno.Kv,
  input: OcrTemplateInput & { userId: number; now: number },
): Promise<OcrTemplateRecord> {
  const record: OcrTemplateRecord = {
    id: newId(input.now),
    userId: input.userId,
    name: input.name,
    description: input.description,
    fields: clean(input.fields),
    createdAt: input.now,
    updatedAt: input.now,
  };
  const res = await kv.atomic().check({ key: key(record.userId, record.id), versionstamp: null })
    .set(key(record.userId, record.id), record).commit();
  if (!res.ok) throw new Error("ocr template id collision");
  return record;
}

export async function getOcrTemplate(
  kv: Deno.Kv,
  userId: number,
  id: string,
): Promise<OcrTemplateRecord | null> {
  return (await kv.get<OcrTemplateRecord>(key(userId, id))).value;
}

/** A user's templates, newest first. */
export async function listOcrTemplates(kv: Deno.Kv, userId: number): Promise<OcrTemplateRecord[]> {
  const out: OcrTemplateRecord[] = [];
  const iter = kv.list<OcrTemplateRecord>({ prefix: ["ocr_templates", userId] }, {
    reverse: true,
    limit: OCR_TEMPLATES_PER_USER,
  });
  for await (const e of iter) out.push(e.value);
  return out;
}

export async function countOcrTemplates(kv: Deno.Kv, userId: number): Promise<number> {
  let n = 0;
  for await (const _ of kv.list({ prefix: ["ocr_templates", userId] })) n++;
  return n;
}

/** Replaces name, description and fields; null when the template is not the user's. */
export async function updateOcrTemplate(
  kv: Deno.Kv,
  input: OcrTemplateInput & { userId: number; id: string; now: number },
): Promise<OcrTemplateRecord | null> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await kv.get<OcrTemplateRecord>(key(input.userId, input.id));
    if (!entry.value) return null;
    const next: OcrTemplateRecord = {
      ...entry.value,
      name: input.name,
      description: input.description,
      fields: clean(input.fields),
      updatedAt: input.now,
    };
    if ((await kv.atomic().check(entry).set(key(input.userId, input.id), next).commit()).ok) return next;
  }
  throw new Error("ocr template is too contended");
}

/** Deletes a user's template; false when it is not theirs. */
export async function deleteOcrTemplate(kv: Deno.Kv, userId: number, id: string): Promise<boolean> {
  const entry = await kv.get(key(userId, id));
  if (!entry.value) return false;
  await kv.atomic().check(entry).delete(key(userId, id)).commit();
  return true;
}

/** The template as the browser reads it (part 4 §3). */
export function toOcrTemplate(record: OcrTemplateRecord): OcrTemplate {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    fields: record.fields,
    created_at: new Date(record.createdAt).toISOString(),
    updated_at: new Date(record.updatedAt).toISOString(),
  };
}
