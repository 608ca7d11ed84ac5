/**
 * Word templates of the two managers (system, personal) and the temporary uploads of the
 * generation page: store after the upload check, resolve a reference the browser sends, read bytes.
 */

import { systemItemPrefix, userItemKey } from "../../blobs/blob_keys.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import {
  deleteTemplate,
  getTemplate,
  newTemplateId,
  saveTemplate,
  type TemplateScope,
  type WordTemplate,
} from "../../kv/word_templates.ts";
import { inspectTemplateUpload } from "./inspect_upload.ts";
import type { ManagerTemplate } from "../../../common/schemas/templates.ts";
import { cleanFileName, cleanUploadName } from "../../../common/file_names.ts";

/** The opaque reference of a template the browser may send back (`file_path`, `filePath`). */
export function templatePath(template: Pick<WordTemplate, "scope" | "id">): string {
  return `${template.scope}/${template.id}`;
}

export function toManagerTemplate(t: WordTemplate): ManagerTemplate {
  const at = new Date(t.createdAt).toISOString();
  return {
    id: t.id,
    fileName: t.fileName,
    original_filename: t.fileName,
    uploadTime: at,
    created_at: at,
    file_path: templatePath(t),
    variables: t.variables,
    description: "",
    size: t.size,
  };
}

function blobKeyFor(scope: TemplateScope, ownerId: number, id: string): string {
  if (scope === "system") return `${systemItemPrefix("templates", id)}/template.docx`;
  return userItemKey(ownerId, scope === "personal" ? "templates" : "temp_templates", id, "template.docx");
}

/** The display name kept in KV: the upload's base name, trimmed to a sane length. */
function displayName(name: string): string {
  const base = cleanUploadName(name) || "template.docx";
  return base.length > 200 ? base.slice(0, 190) + ".docx" : base;
}

/**
 * Checks and stores an uploaded template (inspectTemplateUpload's refusals apply) and returns its
 * record. A template without variables is stored too; `noVariables` lets the caller warn.
 */
export async function storeTemplate(
  deps: Pick<AppDeps, "kv" | "blobs" | "clock">,
  input: { scope: TemplateScope; userId: number; file: File },
): Promise<{ template: WordTemplate; noVariables: boolean }> {
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const variables = await inspectTemplateUpload(input.file.name, bytes);
  const now = deps.clock.now();
  const id = newTemplateId(now);
  const template: WordTemplate = {
    id,
    scope: input.scope,
    ownerId: input.scope === "system" ? null : input.userId,
    fileName: displayName(input.file.name),
    variables,
    size: bytes.byteLength,
    blobKey: blobKeyFor(input.scope, input.userId, id),
    uploadedBy: input.userId,
    createdAt: now,
  };
  await deps.blobs.put(template.blobKey, bytes);
  await saveTemplate(deps.kv, template);
  return { template, noVariables: variables.length === 0 };
}

/**
 * Deletes a template: its record first (it leaves the lists at once), then its folder. Used by the
 * managers' delete buttons, the storage manager and the clean-up of temporary uploads.
 */
export async function deleteTemplateWithFile(
  deps: Pick<AppDeps, "kv" | "blobs">,
  template: WordTemplate,
): Promise<void> {
  await deleteTemplate(deps.kv, template);
  await deps.blobs.deletePrefix(template.blobKey.slice(0, template.blobKey.lastIndexOf("/")));
}

/** A reference to a template as the generation calls send it (part 2 §7). */
export interface TemplateRef {
  type?: string | null;
  id?: string | null;
  path?: string | null;
}

/**
 * The template a generation call refers to, visible to `userId`: a system template, one of the
 * user's personal templates, or one of the user's temporary uploads (by `path` "temp/<id>" or id).
 * Throws TEMPLATE_REQUIRED when nothing is given, TEMPLATE_NOT_FOUND when it is not the user's.
 */
export async function resolveTemplate(
  deps: Pick<AppDeps, "kv">,
  userId: number,
  ref: TemplateRef,
): Promise<WordTemplate> {
  const type = ref.type?.trim() || (ref.path ? "temp" : "");
  let id = ref.id?.trim() ?? "";
  const path = ref.path?.trim() ?? "";
  if (!id && path) {
    const match = /^(system|personal|temp)\/([0-9a-f]{20})$/.exec(path);
    if (!match || match[1] !== type) throw new AppError("TEMPLATE_NOT_FOUND");
    id = match[2];
  }
  if (!type || !id) throw new AppError("TEMPLATE_REQUIRED");
  if (type !== "system" && type !== "personal" && type !== "temp") throw new AppError("TEMPLATE_REQUIRED");
  const template = await getTemplate(deps.kv, {
    scope: type,
    ownerId: type === "system" ? null : userId,
    id,
  });
  if (!template) throw new AppError("TEMPLATE_NOT_FOUND");
  return template;
}

/** The bytes of a template; TEMPLATE_FILE_MISSING (404) when its blob is gone. */
export async function readTemplateBytes(
  deps: Pick<AppDeps, "blobs">,
  template: WordTemplate,
): Promise<Uint8Array> {
  const bytes = await deps.blobs.read(template.blobKey);
  if (!bytes) throw new AppError("TEMPLATE_FILE_MISSING");
  return bytes;
}

/** A Content-Disposition value carrying a UTF-8 file name (RFC 6266), with an ASCII fallback. */
export function attachmentHeader(fileName: string): string {
  return contentDisposition("attachment", fileName);
}

/**
 * A Content-Disposition value (RFC 6266) for `kind` with the file name cleaned (cleanFileName: no
 * bidirectional or control characters), in UTF-8 and as an ASCII fallback.
 */
export function contentDisposition(kind: "attachment" | "inline", rawName: string): string {
  const fileName = cleanFileName(rawName);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
