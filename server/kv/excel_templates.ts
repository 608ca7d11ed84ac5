/**
 * Each member's own templates of the custom templates page (part 2 §2.2, §3): Word templates,
 * field-mapping templates and paragraph templates. Keys carry the owner, so another user's id
 * simply reads as absent (404). The Excel batch wizard reads them through this module.
 */
import { EXCEL_TEMPLATE_UPLOAD_TTL_MS } from "../../common/constants.ts";
import type {
  FieldMapping,
  MappingTemplateRecord,
  ParagraphTemplateFlag,
  ParagraphTemplateRecord,
  WordTemplateRecord,
} from "../../common/schemas/excel_templates.ts";
import { newId } from "./ids.ts";

// Keys:  ["excel_word_templates", userId, id] -> WordTemplate
//        ["excel_template_uploads", userId, uploadId] -> PendingWordUpload   (expires after a day)
//        ["excel_mapping_templates", userId, id] -> MappingTemplate
//        ["excel_paragraph_templates", userId, id] -> ParagraphTemplate
// Ids are time-sortable: listing with reverse is newest first.

export interface WordTemplate {
  id: string;
  userId: number;
  templateName: string;
  originalFilename: string;
  description: string;
  variables: string[];
  fileSize: number;
  /** users/<userId>/excel_templates/<id>/template.docx */
  blobKey: string;
  createdAt: number;
}

/** An uploaded .docx waiting for POST /api/excel-templates; its file is under tmp/. */
export interface PendingWordUpload {
  id: string;
  userId: number;
  originalFilename: string;
  variables: string[];
  fileSize: number;
  blobKey: string;
  uploadedAt: number;
}

export interface MappingTemplate {
  id: string;
  userId: number;
  templateName: string;
  description: string;
  mappings: FieldMapping[];
  createdAt: number;
  updatedAt: number;
}

export type ParagraphTemplate =
  & {
    id: string;
    userId: number;
    templateName: string;
    variable: string;
    template: string;
    description: string;
    createdAt: number;
    updatedAt: number;
  }
  & Record<ParagraphTemplateFlag | "is_preset", boolean>;

export type ParagraphTemplateInput = Omit<ParagraphTemplate, "id" | "userId" | "createdAt" | "updatedAt">;

/** The opaque file_path of a saved Word template (the wizard's templateFile). */
export const WORD_TEMPLATE_PATH_PREFIX = "excel-templates/";

/** The template id inside a file_path, or null when it is not one of ours. */
export function wordTemplateIdOf(filePath: string): string | null {
  const match = /^excel-templates\/([0-9a-f]{20})$/.exec(filePath.trim());
  return match ? match[1] : null;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function toWordTemplateRecord(t: WordTemplate): WordTemplateRecord {
  return {
    id: t.id,
    template_name: t.templateName,
    original_filename: t.originalFilename,
    file_path: WORD_TEMPLATE_PATH_PREFIX + t.id,
    description: t.description,
    variables: t.variables,
    file_size: t.fileSize,
    created_at: iso(t.createdAt),
  };
}

export function toMappingTemplateRecord(t: MappingTemplate): MappingTemplateRecord {
  return {
    id: t.id,
    template_name: t.templateName,
    description: t.description,
    mappings: t.mappings.map((m) => ({ excel_field: m.excelField, template_field: m.templateField })),
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
  };
}

export function toParagraphTemplateRecord(t: ParagraphTemplate): ParagraphTemplateRecord {
  return {
    id: t.id,
    template_name: t.templateName,
    variable: t.variable,
    template: t.template,
    description: t.description,
    no_indent: t.no_indent,
    all_indent: t.all_indent,
    add_line_break: t.add_line_break,
    no_line_break: t.no_line_break,
    remove_last_char: t.remove_last_char,
    use_prefix: t.use_prefix,
    is_preset: t.is_preset,
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
  };
}

async function listOf<T>(kv: Deno.Kv, prefix: Deno.KvKey): Promise<T[]> {
  const out: T[] = [];
  for await (const e of kv.list<T>({ prefix }, { reverse: true })) out.push(e.value);
  return out;
}

// ---- Word templates ---------------------------------------------------------------------------

/** Remembers an uploaded .docx for a day, for the POST that names and saves it. */
export async function savePendingWordUpload(kv: Deno.Kv, pending: PendingWordUpload): Promise<void> {
  await kv.set(["excel_template_uploads", pending.userId, pending.id], pending, {
    expireIn: EXCEL_TEMPLATE_UPLOAD_TTL_MS,
  });
}

export async function getPendingWordUpload(
  kv: Deno.Kv,
  userId: number,
  uploadId: string,
): Promise<Deno.KvEntryMaybe<PendingWordUpload>> {
  return await kv.get<PendingWordUpload>(["excel_template_uploads", userId, uploadId]);
}

/**
 * Saves a Word template and uses up its pending upload in one commit (a pending upload saves at most
 * one template). False when the upload was used or expired meanwhile.
 */
export async function createWordTemplate(
  kv: Deno.Kv,
  input: { template: WordTemplate; pending: Deno.KvEntryMaybe<PendingWordUpload> },
): Promise<boolean> {
  const { template, pending } = input;
  const res = await kv.atomic()
    .check(pending)
    .check({ key: ["excel_word_templates", template.userId, template.id], versionstamp: null })
    .delete(pending.key)
    .set(["excel_word_templates", template.userId, template.id], template)
    .commit();
  return res.ok;
}

export async function listWordTemplates(kv: Deno.Kv, userId: number): Promise<WordTemplate[]> {
  return await listOf<WordTemplate>(kv, ["excel_word_templates", userId]);
}

/** A member's Word template, or null (also for another member's id). */
export async function getWordTemplate(kv: Deno.Kv, userId: number, id: string): Promise<WordTemplate | null> {
  return (await kv.get<WordTemplate>(["excel_word_templates", userId, id])).value;
}

/** Deletes the record; returns it (its blob folder is the caller's), or null when absent. */
export async function deleteWordTemplate(
  kv: Deno.Kv,
  userId: number,
  id: string,
): Promise<WordTemplate | null> {
  const entry = await kv.get<WordTemplate>(["excel_word_templates", userId, id]);
  if (!entry.value) return null;
  const res = await kv.atomic().check(entry).delete(entry.key).commit();
  return res.ok ? entry.value : null;
}

// ---- mapping templates ------------------------------------------------------------------------

export async function createMappingTemplate(
  kv: Deno.Kv,
  input: { userId: number; templateName: string; description: string; mappings: FieldMapping[]; now: number },
): Promise<MappingTemplate> {
  const template: MappingTemplate = {
    id: newId(input.now),
    userId: input.userId,
    templateName: input.templateName,
    description: input.description,
    mappings: input.mappings,
    createdAt: input.now,
    updatedAt: input.now,
  };
  await kv.set(["excel_mapping_templates", input.userId, template.id], template);
  return template;
}

export async function listMappingTemplates(kv: Deno.Kv, userId: number): Promise<MappingTemplate[]> {
  return await listOf<MappingTemplate>(kv, ["excel_mapping_templates", userId]);
}

export async function getMappingTemplate(
  kv: Deno.Kv,
  userId: number,
  id: string,
): Promise<MappingTemplate | null> {
  return (await kv.get<MappingTemplate>(["excel_mapping_templates", userId, id])).value;
}

/** Replaces name, description and rows; null when the template is not the member's. */
export async function updateMappingTemplate(
  kv: Deno.Kv,
  input: {
    userId: number;
    id: string;
    patch: Pick<MappingTemplate, "templateName" | "description" | "mappings">;
    now: number;
  },
): Promise<MappingTemplate | null> {
  const entry = await kv.get<MappingTemplate>(["excel_mapping_templates", input.userId, input.id]);
  if (!entry.value) return null;
  const next = { ...entry.value, ...input.patch, updatedAt: input.now };
  const res = await kv.atomic().check(entry).set(entry.key, next).commit();
  return res.ok ? next : null;
}

export async function deleteMappingTemplate(kv: Deno.Kv, userId: number, id: string): Promise<boolean> {
  const entry = await kv.get(["excel_mapping_templates", userId, id]);
  if (entry.versionstamp === null) return false;
  return (await kv.atomic().check(entry).delete(entry.key).commit()).ok;
}

// ---- paragraph templates ----------------------------------------------------------------------

export async function createParagraphTemplate(
  kv: Deno.Kv,
  input: { userId: number; body: ParagraphTemplateInput; now: number },
): Promise<ParagraphTemplate> {
  const template: ParagraphTemplate = {
    ...input.body,
    id: newId(input.now),
    userId: input.userId,
    createdAt: input.now,
    updatedAt: input.now,
  };
  await kv.set(["excel_paragraph_templates", input.userId, template.id], template);
  return template;
}

export async function listParagraphTemplates(kv: Deno.Kv, userId: number): Promise<ParagraphTemplate[]> {
  return await listOf<ParagraphTemplate>(kv, ["excel_paragraph_templates", userId]);
}

export async function getParagraphTemplate(
  kv: Deno.Kv,
  userId: number,
  id: string,
): Promise<ParagraphTemplate | null> {
  return (await kv.get<ParagraphTemplate>(["excel_paragraph_templates", userId, id])).value;
}

export async function updateParagraphTemplate(
  kv: Deno.Kv,
  input: { userId: number; id: string; body: ParagraphTemplateInput; now: number },
): Promise<ParagraphTemplate | null> {
  const entry = await kv.get<ParagraphTemplate>(["excel_paragraph_templates", input.userId, input.id]);
  if (!entry.value) return null;
  const next = { ...entry.value, ...input.body, updatedAt: input.now };
  const res = await kv.atomic().check(entry).set(entry.key, next).commit();
  return res.ok ? next : null;
}

export async function deleteParagraphTemplate(kv: Deno.Kv, userId: number, id: string): Promise<boolean> {
  const entry = await kv.get(["excel_paragraph_templates", userId, id]);
  if (entry.versionstamp === null) return false;
  return (await kv.atomic().check(entry).delete(entry.key).commit()).ok;
}
