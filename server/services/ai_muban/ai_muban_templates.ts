/**
 * Output-document templates (/ai-muban): store after the same upload check the generation screen's
 * templates get (inspectTemplateUpload in a permission-less worker: a real .docx, 10 MB, placeholders
 * well formed, split runs joined), list, rename/describe, read and delete. Each user has their own.
 */
import { type AiMubanTemplate } from "../../../common/schemas/ai_muban.ts";
import { userItemKey, userItemPrefix } from "../../blobs/blob_keys.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import {
  type AiMubanRecord,
  deleteAiMuban,
  getAiMuban,
  newAiMubanId,
  saveAiMuban,
  updateAiMuban,
} from "../../kv/ai_muban.ts";
import { inspectTemplateUpload } from "../templates/inspect_upload.ts";

type MubanDeps = Pick<AppDeps, "kv" | "blobs" | "clock">;

export function toAiMubanTemplate(r: AiMubanRecord): AiMubanTemplate {
  return {
    id: r.id,
    template_name: r.templateName,
    description: r.description,
    created_at: new Date(r.createdAt).toISOString(),
    updated_at: new Date(r.updatedAt).toISOString(),
    fileName: r.fileName,
    size: r.size,
    variables: r.variables,
  };
}

/** The upload check with this screen's wording (part 4 §5: 只能上传Word文档(.docx), 文件大小不能超过 10MB). */
async function inspect(file: File, bytes: Uint8Array): Promise<string[]> {
  try {
    return await inspectTemplateUpload(file.name, bytes);
  } catch (err) {
    if (err instanceof AppError && err.code === "TEMPLATE_NOT_DOCX") {
      throw new AppError("AI_MUBAN_NOT_DOCX", {}, { field: "template" });
    }
    if (err instanceof AppError && err.code === "FILE_TOO_LARGE") {
      throw new AppError("AI_MUBAN_FILE_TOO_LARGE", {}, { field: "template" });
    }
    throw err;
  }
}

/** Checks and stores an uploaded template; answers it with its variables. */
export async function createAiMuban(
  deps: MubanDeps,
  input: { userId: number; templateName: string; description: string; file: File },
): Promise<AiMubanRecord> {
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const variables = await inspect(input.file, bytes);
  const now = deps.clock.now();
  const id = newAiMubanId(now);
  const record: AiMubanRecord = {
    id,
    userId: input.userId,
    templateName: input.templateName,
    description: input.description,
    fileName: (input.file.name.split(/[\\/]/).pop() ?? "").slice(0, 200) || "template.docx",
    size: bytes.byteLength,
    variables,
    blobKey: userItemKey(input.userId, "ai_muban", id, "template.docx"),
    createdAt: now,
    updatedAt: now,
  };
  await deps.blobs.put(record.blobKey, bytes);
  await saveAiMuban(deps.kv, record);
  return record;
}

/** One of the user's templates; AI_MUBAN_NOT_FOUND otherwise. */
export async function requireAiMuban(
  deps: Pick<AppDeps, "kv">,
  userId: number,
  id: string,
): Promise<AiMubanRecord> {
  const record = await getAiMuban(deps.kv, userId, id);
  if (!record) throw new AppError("AI_MUBAN_NOT_FOUND");
  return record;
}

export async function editAiMuban(
  deps: MubanDeps,
  input: { userId: number; id: string; templateName: string; description: string },
): Promise<AiMubanRecord> {
  const updated = await updateAiMuban(deps.kv, { ...input, now: deps.clock.now() });
  if (!updated) throw new AppError("AI_MUBAN_NOT_FOUND");
  return updated;
}

/** The template's bytes (for download and, later, for filling); TEMPLATE_FILE_MISSING when gone. */
export async function readAiMubanBytes(
  deps: Pick<AppDeps, "blobs">,
  record: AiMubanRecord,
): Promise<Uint8Array> {
  const bytes = await deps.blobs.read(record.blobKey);
  if (!bytes) throw new AppError("TEMPLATE_FILE_MISSING");
  return bytes;
}

/** Deletes a template: its record first (it leaves the list at once), then its folder. */
export async function deleteAiMubanWithFile(deps: Pick<AppDeps, "kv" | "blobs">, record: AiMubanRecord) {
  await deleteAiMuban(deps.kv, record);
  await deps.blobs.deletePrefix(userItemPrefix(record.userId, "ai_muban", record.id));
}
