/**
 * The Excel batch wizard's calls before the job (part 2 §2.1, §5, §7): the sheet upload, the
 * template's variables, and create-task, which checks the whole payload against the uploaded sheet
 * and the template, then deducts the cost (the batch size, or 1 with merge output) in the same commit
 * as the task, its record and the queue message.
 */

import {
  batchSizeRangeMessage,
  type CreateTaskInput,
  excelBatchCost,
} from "../../../common/schemas/excel_batch.ts";
import { userItemKey, userItemPrefix } from "../../blobs/blob_keys.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { getPendingWordUpload, wordTemplateIdOf } from "../../kv/excel_templates.ts";
import {
  addBatchToCommit,
  type ExcelBatch,
  type ExcelBatchUpload,
  getUpload,
  saveUpload,
} from "../../kv/excel_batch.ts";
import { newId } from "../../kv/ids.ts";
import { startTask } from "../../kv/tasks.ts";
import { checkParagraphTemplate } from "../docx/paragraph_fill.ts";
import { listParagraphVariables } from "../docx/paragraph_markers.ts";
import { readWordTemplate } from "../excel_templates/word_templates.ts";
import { type BatchRows, readGenerationSheet } from "../mediation/start_batch.ts";
import { paragraphNameOf, type TaskSpec } from "./task_values.ts";

type Deps = Pick<AppDeps, "kv" | "blobs" | "clock">;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * POST /api/excel-batch/upload: reads the sheet in the permission-less worker (type, 10 MB, data rows:
 * the messages of part 2 §5) and keeps its rows for a day under tmp/ for create-task.
 */
export async function acceptExcelUpload(
  deps: Deps,
  input: { userId: number; file: File },
): Promise<ExcelBatchUpload> {
  const sheet = await readGenerationSheet(input.file);
  const headers = [...new Set(sheet.headers.map((h) => h.trim()).filter((h) => h !== ""))];
  const now = deps.clock.now();
  const id = newId(now);
  const upload: ExcelBatchUpload = {
    id,
    userId: input.userId,
    fileName: input.file.name.split(/[\\/]/).pop()!.slice(0, 200),
    headers,
    totalRows: sheet.rows.length,
    rowsKey: `tmp/excel_batch_uploads/${id}/rows.json`,
    uploadedAt: now,
  };
  await deps.blobs.put(upload.rowsKey, encoder.encode(JSON.stringify(sheet)));
  await saveUpload(deps.kv, upload);
  return upload;
}

/** A template the wizard may use, with what it needs of it. */
export interface WizardTemplate {
  fileName: string;
  variables: string[];
  /** Names inside `#{...}`, in document order. */
  paragraphVariables: string[];
  bytes: Uint8Array;
}

/**
 * The template `templateFile` names: one of the member's saved Word templates (`excel-templates/<id>`,
 * the file_path of GET /api/excel-templates) or their fresh upload (the filePath of POST
 * /api/excel-templates/upload, kept a day). Both were checked by the upload worker.
 */
export async function resolveWizardTemplate(
  deps: Pick<AppDeps, "kv" | "blobs">,
  input: { userId: number; templateFile: string },
): Promise<WizardTemplate> {
  const ref = input.templateFile.trim();
  let found: Omit<WizardTemplate, "paragraphVariables">;
  if (wordTemplateIdOf(ref)) {
    const { template, bytes } = await readWordTemplate(deps, { userId: input.userId, idOrPath: ref });
    found = { fileName: template.originalFilename, variables: template.variables, bytes };
  } else {
    const missing = new AppError("EXCEL_TEMPLATE_UPLOAD_NOT_FOUND", {}, { field: "templateFile" });
    if (!/^[0-9a-f]{20}$/.test(ref)) throw missing;
    const pending = (await getPendingWordUpload(deps.kv, input.userId, ref)).value;
    const bytes = pending ? await deps.blobs.read(pending.blobKey) : null;
    if (!pending || !bytes) throw missing;
    found = { fileName: pending.originalFilename, variables: pending.variables, bytes };
  }
  return { ...found, paragraphVariables: listParagraphVariables(found.bytes) };
}

/** The checks that need the sheet and the template (the payload's own rules are in its schema). */
function checkAgainstSources(
  body: CreateTaskInput,
  upload: ExcelBatchUpload,
  template: WizardTemplate,
): void {
  if (body.batchSize > upload.totalRows) {
    throw new AppError("VALIDATION_FAILED", {}, {
      field: "batchSize",
      message: batchSizeRangeMessage(upload.totalRows),
    });
  }
  for (const m of body.fieldMappings) {
    if (!upload.headers.includes(m.excelField)) {
      throw new AppError("EXCEL_BATCH_FIELD_UNKNOWN", { name: m.excelField }, { field: "fieldMappings" });
    }
    if (!template.variables.includes(m.templateField)) {
      throw new AppError("EXCEL_BATCH_VARIABLE_UNKNOWN", { name: m.templateField }, {
        field: "fieldMappings",
      });
    }
  }
  if (!body.paragraphEnabled) return;
  for (const p of body.paragraphMappings) {
    if (!template.paragraphVariables.includes(paragraphNameOf(p.variable))) {
      throw new AppError("EXCEL_BATCH_PARAGRAPH_UNKNOWN", { name: p.variable }, {
        field: "paragraphMappings",
      });
    }
    checkParagraphTemplate(p.template);
  }
}

/**
 * POST /api/excel-batch/create-task. Copies the template, the rows to process and the settings into
 * the task's folder, then charges and starts the task in one commit: EXCEL_BATCH_QUOTA_INSUFFICIENT
 * leaves nothing behind.
 */
export async function createExcelBatchTask(
  deps: Deps,
  input: { userId: number; body: CreateTaskInput },
): Promise<{ taskId: string; cost: number; left: number }> {
  const { body, userId } = input;
  const upload = await getUpload(deps.kv, userId, body.sourceFile);
  const rowsBytes = upload ? await deps.blobs.read(upload.rowsKey) : null;
  if (!upload || !rowsBytes) throw new AppError("EXCEL_BATCH_UPLOAD_NOT_FOUND", {}, { field: "sourceFile" });
  const template = await resolveWizardTemplate(deps, { userId, templateFile: body.templateFile });
  checkAgainstSources(body, upload, template);

  const sheet: BatchRows = JSON.parse(decoder.decode(rowsBytes));
  const rows: BatchRows = {
    headers: sheet.headers,
    rows: sheet.rows.slice(0, body.batchSize),
    rowNumbers: sheet.rowNumbers.slice(0, body.batchSize),
  };
  const spec: TaskSpec = {
    fieldMappings: body.fieldMappings,
    paragraphEnabled: body.paragraphEnabled,
    mergeOutput: body.mergeOutput,
    prefixEnabled: body.prefixEnabled,
    prefixTemplate: body.prefixTemplate,
    paragraphMappings: body.paragraphEnabled ? body.paragraphMappings : [],
    fileNamePattern: body.fileNamePattern,
  };
  const now = deps.clock.now();
  // The folder is named before the task exists (its files must be there when the job starts), at
  // the task's `now`: kv/excel_batch.ts getBatchByFolder finds the task from its folder by that.
  const folderId = newId(now);
  const blobPrefix = userItemPrefix(userId, "excel_batch", folderId);
  const key = (file: string) => userItemKey(userId, "excel_batch", folderId, file);
  const cost = excelBatchCost(body);
  try {
    await deps.blobs.put(key("template.docx"), template.bytes);
    await deps.blobs.put(key("rows.json"), encoder.encode(JSON.stringify(rows)));
    await deps.blobs.put(key("spec.json"), encoder.encode(JSON.stringify(spec)));
    const { task, left } = await startTask(deps.kv, {
      type: "excel_batch.generate",
      userId,
      total: body.batchSize,
      now,
      quota: { kind: "mediation", amount: cost },
      blobPrefix,
      message: (taskId) => ({ type: "excel_batch.generate", taskId, userId }),
      extend: (op, task) => {
        const batch: ExcelBatch = {
          id: task.id,
          userId,
          taskName: body.taskName,
          sourceFileName: upload.fileName,
          templateName: template.fileName,
          specKey: key("spec.json"),
          rowsKey: key("rows.json"),
          templateKey: key("template.docx"),
          blobPrefix,
          total: body.batchSize,
          mergeOutput: body.mergeOutput,
          cost,
          createdAt: now,
        };
        addBatchToCommit(op, batch);
      },
    });
    return { taskId: task.id, cost, left: left ?? 0 };
  } catch (err) {
    await deps.blobs.deletePrefix(blobPrefix).catch(() => {});
    if (err instanceof AppError && err.code === "QUOTA_INSUFFICIENT") {
      throw new AppError("EXCEL_BATCH_QUOTA_INSUFFICIENT", { need: err.params.need, left: err.params.left });
    }
    throw err;
  }
}
