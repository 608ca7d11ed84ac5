/**
 * Output documents of custom OCR (part 4 §2, §7; issue #13 scope 6): the /ai-muban templates filled
 * with a completed record's merged values through the existing Word rendering (the render pool's
 * permission-less workers; formatters such as ${借款金额|大写} work). A template variable is looked up
 * by the field's key and by its label. A variable the case has no value for stays empty and is listed;
 * a value the model gave that no file states is no value here until a person picks it (the merge never
 * chooses it, extraction/merge.ts).
 *
 * Each document gets a download name unique among the user's files; the name is looked up in the
 * user's own index, so it can never reach another user's file.
 *
 * Keys:  ["custom_ocr_files", userId, fileName] -> GeneratedFile
 */
import { zipEntry, zipWriter } from "../../../common/zip_writer.ts";
import { userItemPrefix } from "../../blobs/blob_keys.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type FolderRecord, getRecordEntry } from "../../kv/custom_ocr_records.ts";
import { readAiMubanBytes, requireAiMuban } from "../ai_muban/ai_muban_templates.ts";

export interface GeneratedFile {
  fileName: string;
  templateName: string;
  recordId: string;
  blobKey: string;
  /** Template variables the case had no value for (left empty in the document). */
  emptyVariables: string[];
  createdAt: number;
}

function fileKey(userId: number, fileName: string): Deno.KvKey {
  return ["custom_ocr_files", userId, fileName];
}

/**
 * The values a template can use: each field by key and by label ("" when not found). An amount goes
 * in as its number ("12000.00", read from "人民币壹万贰仟元整（¥12,000.00）") so formatters such as
 * |大写 and |千分位 can read it; everything else as printed.
 */
export function templateValues(
  record: Pick<FolderRecord, "fields" | "mergedResult" | "fieldValues">,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of record.fields) {
    const printed = record.mergedResult[f.key] ?? "";
    const normalized = (record.fieldValues[f.key] ?? []).find((v) => v.value === printed)?.normalized;
    const value = normalized && /^-?\d+(\.\d+)?$/.test(normalized) ? normalized : printed;
    values[f.key] = value;
    if (!(f.label in values) || value) values[f.label] = value;
  }
  return values;
}

function safeName(text: string): string {
  // deno-lint-ignore no-control-regex
  return text.replace(/[<>:"/\\|?*\u0000-\u001f]/g, "_").trim().slice(0, 80) || "文书";
}

/**
 * Fills each chosen template with a completed record's values. Throws CUSTOM_RECORD_NOT_FOUND,
 * CUSTOM_RECORD_NOT_COMPLETED, AI_MUBAN_NOT_FOUND, VALIDATION_FAILED 请先选择模板, or the template's
 * own refusal (TEMPLATE_INVALID / TEMPLATE_VALUE_INVALID).
 */
export async function generateDocuments(
  deps: Pick<AppDeps, "kv" | "blobs" | "clock" | "docx">,
  input: { userId: number; recordId: string; templateIds: string[] },
): Promise<GeneratedFile[]> {
  if (input.templateIds.length === 0) {
    throw new AppError("VALIDATION_FAILED", {}, { message: "请先选择模板", field: "templateIds" });
  }
  const record = (await getRecordEntry(deps.kv, input.userId, input.recordId)).value;
  if (!record) throw new AppError("CUSTOM_RECORD_NOT_FOUND");
  if (record.status !== "completed") throw new AppError("CUSTOM_RECORD_NOT_COMPLETED");
  const values = templateValues(record);
  const caseName = safeName(record.folderPath.split("/").pop() || record.ruleName);
  const out: GeneratedFile[] = [];
  for (const templateId of [...new Set(input.templateIds)]) {
    const template = await requireAiMuban(deps, input.userId, templateId);
    const bytes = await readAiMubanBytes(deps, template);
    const [result] = await deps.docx.renderRows(bytes, [values]);
    if ("error" in result) throw result.error;
    const fileName = `${caseName}-${safeName(template.templateName)}-${record.id.slice(-6)}.docx`;
    const blobKey = `${userItemPrefix(input.userId, "custom_ocr", record.id)}/out-${template.id}.docx`;
    await deps.blobs.put(blobKey, result.docx);
    const file: GeneratedFile = {
      fileName,
      templateName: template.templateName,
      recordId: record.id,
      blobKey,
      emptyVariables: template.variables.filter((v) => !values[v.split("|")[0].trim()]),
      createdAt: deps.clock.now(),
    };
    await deps.kv.set(fileKey(input.userId, fileName), file);
    out.push(file);
  }
  return out;
}

/**
 * Several cases' documents as one zip, a folder per case (the case folder's name, or 上传文件 and the
 * record's short id for an upload). Every name is looked up in the user's own index first, so one bad
 * name refuses the whole archive (CUSTOM_FILE_NOT_FOUND).
 */
export async function zipGeneratedFiles(
  deps: Pick<AppDeps, "kv" | "blobs">,
  input: { userId: number; fileNames: string[] },
): Promise<Uint8Array> {
  const found = [];
  for (const fileName of [...new Set(input.fileNames)]) {
    found.push(await readGeneratedFile(deps, { userId: input.userId, fileName }));
  }
  const writer = zipWriter();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const folders = new Map<string, string>();
  for (const { file, bytes } of found) {
    let folder = folders.get(file.recordId);
    if (!folder) {
      const record = (await getRecordEntry(deps.kv, input.userId, file.recordId)).value;
      const name = record?.folderPath.split("/").pop() || `上传文件-${file.recordId.slice(-6)}`;
      folder = [...folders.values()].includes(safeName(name))
        ? `${safeName(name)}-${file.recordId.slice(-6)}`
        : safeName(name);
      folders.set(file.recordId, folder);
    }
    parts.push(
      ...writer.entry(await zipEntry(`${folder}/${file.fileName}`, [bytes as Uint8Array<ArrayBuffer>])),
    );
  }
  parts.push(...writer.end());
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

/** A generated document of the user by its download name; CUSTOM_FILE_NOT_FOUND otherwise. */
export async function readGeneratedFile(
  deps: Pick<AppDeps, "kv" | "blobs">,
  input: { userId: number; fileName: string },
): Promise<{ file: GeneratedFile; bytes: Uint8Array }> {
  const file = (await deps.kv.get<GeneratedFile>(fileKey(input.userId, input.fileName))).value;
  const bytes = file ? await deps.blobs.read(file.blobKey) : null;
  if (!file || !bytes) throw new AppError("CUSTOM_FILE_NOT_FOUND");
  return { file, bytes };
}
