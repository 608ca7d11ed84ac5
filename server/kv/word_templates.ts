import { newId } from "./ids.ts";

// Keys:  ["system_templates", id] -> WordTemplate                 (office-wide, /template-manager)
//        ["personal_templates", userId, id] -> WordTemplate       (private, /my-templates)
//        ["temp_templates", userId, id] -> WordTemplate           (temporary uploads of /mediation-form)
//
// Ids are time-sortable, so a reverse list is newest first. The file itself is in the blob store at
// `blobKey` (system/templates/<id>/template.docx or users/<userId>/<area>/<id>/template.docx); the
// user's file name is kept here only, never in a key.

export type TemplateScope = "system" | "personal" | "temp";

export interface WordTemplate {
  id: string;
  scope: TemplateScope;
  /** The owner of a personal or temporary template; null for system templates. */
  ownerId: number | null;
  fileName: string;
  variables: string[];
  size: number;
  blobKey: string;
  uploadedBy: number;
  createdAt: number;
}

function templateKey(scope: TemplateScope, ownerId: number | null, id: string): Deno.KvKey {
  if (scope === "system") return ["system_templates", id];
  return [scope === "personal" ? "personal_templates" : "temp_templates", ownerId ?? 0, id];
}

function listPrefix(scope: TemplateScope, ownerId: number | null): Deno.KvKey {
  if (scope === "system") return ["system_templates"];
  return [scope === "personal" ? "personal_templates" : "temp_templates", ownerId ?? 0];
}

/** A new template id (time-sortable). */
export function newTemplateId(now: number): string {
  return newId(now);
}

/** Stores a template record (the blob is written first by the caller). */
export async function saveTemplate(kv: Deno.Kv, template: WordTemplate): Promise<void> {
  const res = await kv.atomic()
    .check({ key: templateKey(template.scope, template.ownerId, template.id), versionstamp: null })
    .set(templateKey(template.scope, template.ownerId, template.id), template)
    .commit();
  if (!res.ok) throw new Error("template id collision");
}

/**
 * A template of one scope; personal and temporary ones are looked up under their owner only, so
 * another user's id finds nothing (the caller answers 404, never 403: ids do not leak).
 */
export async function getTemplate(
  kv: Deno.Kv,
  input: { scope: TemplateScope; ownerId: number | null; id: string },
): Promise<WordTemplate | null> {
  if (!/^[0-9a-f]{20}$/.test(input.id)) return null;
  return (await kv.get<WordTemplate>(templateKey(input.scope, input.ownerId, input.id))).value;
}

/** Templates of one scope (and owner), newest first. */
export async function listTemplates(
  kv: Deno.Kv,
  input: { scope: TemplateScope; ownerId: number | null; limit?: number },
): Promise<WordTemplate[]> {
  const out: WordTemplate[] = [];
  const iter = kv.list<WordTemplate>({ prefix: listPrefix(input.scope, input.ownerId) }, {
    reverse: true,
    limit: input.limit ?? 1000,
  });
  for await (const e of iter) out.push(e.value);
  return out;
}

/** Temporary templates of every user created before `cutoff` (for the nightly clean-up). */
export async function* listTempTemplatesCreatedBefore(
  kv: Deno.Kv,
  cutoff: number,
): AsyncGenerator<WordTemplate> {
  for await (const e of kv.list<WordTemplate>({ prefix: ["temp_templates"] })) {
    if (e.value.createdAt < cutoff) yield e.value;
  }
}

/** Removes a template record; the caller deletes its blob folder. */
export async function deleteTemplate(kv: Deno.Kv, template: WordTemplate): Promise<void> {
  await kv.delete(templateKey(template.scope, template.ownerId, template.id));
}
