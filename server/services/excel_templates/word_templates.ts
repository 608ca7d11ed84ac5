import { TEMPLATE_NAME_MAX } from "../../../common/constants.ts";
import type { WordTemplateBody } from "../../../common/schemas/excel_templates.ts";
import { userItemKey, userItemPrefix } from "../../blobs/blob_keys.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import {
  createWordTemplate,
  deleteWordTemplate,
  getPendingWordUpload,
  getWordTemplate,
  type PendingWordUpload,
  savePendingWordUpload,
  type WordTemplate,
  wordTemplateIdOf,
} from "../../kv/excel_templates.ts";
import { newId } from "../../kv/ids.ts";
import { inspectTemplateUpload } from "../templates/inspect_upload.ts";

type Deps = Pick<AppDeps, "kv" | "blobs" | "clock">;

const UPLOAD_ID = /^[0-9a-f]{20}$/;

function uploadBlobKey(uploadId: string): string {
  return `tmp/excel_template_uploads/${uploadId}/template.docx`;
}

/**
 * POST /api/excel-templates/upload: checks a .docx (in the template managers' permission-less worker:
 * name and content, size, placeholders) and keeps it under tmp/ for a day, until POST
 * /api/excel-templates names and saves it. The answer's filePath is the upload's opaque id.
 */
export async function acceptWordUpload(
  deps: Deps,
  input: { userId: number; file: File },
): Promise<PendingWordUpload> {
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const variables = await inspectTemplateUpload(input.file.name, bytes);
  const now = deps.clock.now();
  const id = newId(now);
  const pending: PendingWordUpload = {
    id,
    userId: input.userId,
    originalFilename: input.file.name.split(/[\\/]/).pop()!.slice(0, 200),
    variables,
    fileSize: bytes.length,
    blobKey: uploadBlobKey(id),
    uploadedAt: now,
  };
  await deps.blobs.put(pending.blobKey, bytes);
  await savePendingWordUpload(deps.kv, pending);
  return pending;
}

/** The description of a Word template kept from the Excel batch wizard's upload. */
export const WIZARD_UPLOAD_DESCRIPTION = "在Excel批量生成中上传";

/**
 * A Word template uploaded inside the Excel batch wizard, kept at once among the member's Word
 * templates (/excel-templates), named after its file (without .docx), so a later run finds it.
 */
export async function keepWizardUpload(
  deps: Deps,
  input: { userId: number; pending: PendingWordUpload },
): Promise<WordTemplate> {
  const name = input.pending.originalFilename.replace(/\.docx$/i, "").trim() || "Word模板";
  return await saveWordTemplate(deps, {
    userId: input.userId,
    body: {
      templateName: name.slice(0, TEMPLATE_NAME_MAX),
      description: WIZARD_UPLOAD_DESCRIPTION,
      filePath: input.pending.id,
    },
  });
}

/**
 * POST /api/excel-templates: saves the member's pending upload `filePath` as a named template, its
 * file moved to users/<id>/excel_templates/<templateId>/template.docx. An unknown, expired, used or
 * other member's upload is EXCEL_TEMPLATE_UPLOAD_NOT_FOUND.
 */
export async function saveWordTemplate(
  deps: Deps,
  input: { userId: number; body: Required<WordTemplateBody> },
): Promise<WordTemplate> {
  const { kv, blobs, clock } = deps;
  const uploadId = input.body.filePath.trim();
  const missing = new AppError("EXCEL_TEMPLATE_UPLOAD_NOT_FOUND", {}, { field: "filePath" });
  if (!UPLOAD_ID.test(uploadId)) throw missing;
  const pending = await getPendingWordUpload(kv, input.userId, uploadId);
  if (!pending.value) throw missing;
  const bytes = await blobs.read(pending.value.blobKey);
  if (!bytes) throw missing;
  const now = clock.now();
  const id = newId(now);
  const template: WordTemplate = {
    id,
    userId: input.userId,
    templateName: input.body.templateName,
    originalFilename: pending.value.originalFilename,
    description: input.body.description,
    variables: pending.value.variables,
    fileSize: bytes.length,
    blobKey: userItemKey(input.userId, "excel_templates", id, "template.docx"),
    createdAt: now,
  };
  await blobs.put(template.blobKey, bytes);
  if (!(await createWordTemplate(kv, { template, pending }))) {
    await blobs.deletePrefix(userItemPrefix(input.userId, "excel_templates", id));
    throw missing;
  }
  await blobs.delete(pending.value.blobKey);
  return template;
}

/**
 * The bytes of a member's saved Word template, by id or by its file_path (`excel-templates/<id>`),
 * for downloads and for the Excel batch wizard's templateFile. EXCEL_TEMPLATE_NOT_FOUND when it is
 * not the member's or its file is gone.
 */
export async function readWordTemplate(
  deps: Pick<AppDeps, "kv" | "blobs">,
  input: { userId: number; idOrPath: string },
): Promise<{ template: WordTemplate; bytes: Uint8Array }> {
  const id = wordTemplateIdOf(input.idOrPath) ?? input.idOrPath;
  const template = /^[0-9a-f]{20}$/.test(id) ? await getWordTemplate(deps.kv, input.userId, id) : null;
  const bytes = template ? await deps.blobs.read(template.blobKey) : null;
  if (!template || !bytes) throw new AppError("EXCEL_TEMPLATE_NOT_FOUND");
  return { template, bytes };
}

/**
 * Deletes a member's saved Word template: its record, then its folder (DELETE
 * /api/excel-templates/:id and the storage manager). Returns false when it was not the member's.
 */
export async function deleteWordTemplateWithFile(
  deps: Pick<AppDeps, "kv" | "blobs">,
  input: { userId: number; id: string },
): Promise<boolean> {
  const removed = await deleteWordTemplate(deps.kv, input.userId, input.id);
  if (!removed) return false;
  await deps.blobs.deletePrefix(userItemPrefix(input.userId, "excel_templates", removed.id));
  return true;
}
