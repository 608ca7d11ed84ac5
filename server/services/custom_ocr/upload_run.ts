/**
 * Custom OCR upload mode (POST /api/custom-ocr/process, part 4 §5 "Custom upload", §7): multipart
 * `ruleId` (and `processType`, `folderId`, sent before the files) then `files`. The part 4 §5 rules are
 * enforced here too: a rule (请先选择规则), the types pdf/doc/docx/xls/xlsx/jpg/jpeg/png (不支持的文件类型),
 * 10 MB a file (文件大小不能超过 10MB, counted while streaming), at least one file (请先选择文件). Files no
 * pattern matches are not stored and cost nothing; when none matches the answer is 没有找到符合规则的文件.
 * The routed files become one record (one case), charged one AI use each with the record and its job
 * in one commit; any refusal removes what was stored.
 */
import { userItemPrefix } from "../../blobs/blob_keys.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type FolderRecord, newRecordId, type RecordFile, recordKey } from "../../kv/custom_ocr_records.ts";
import { chargeAiUses } from "../ai_metering/ai_metering.ts";
import { enqueueAiJob, folderRunMessage } from "../ai_metering/ai_run_kinds.ts";
import type { FieldSpec } from "../../../common/field_spec.ts";
import { readMultipart } from "../uploads/multipart_stream.ts";
import { requireRunnableRule, routeFile } from "./rules.ts";
import { capStream } from "../uploads/capped_stream.ts";
import { DOC_TEXT_KINDS, hasKind } from "../../../common/document_kinds.ts";

export const CUSTOM_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
const MAX_FILES = 50;

function capped(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return capStream(body, {
    maxBytes: CUSTOM_UPLOAD_MAX_BYTES,
    tooLarge: () => new AppError("CUSTOM_OCR_FILE_TOO_LARGE", {}, { field: "files" }),
  });
}

async function fieldText(body: ReadableStream<Uint8Array>): Promise<string> {
  const text = await new Response(body).text();
  return text.slice(0, 200).trim();
}

/** Reads the upload, routes and stores the files, and starts the run; answers the record. */
export async function startUploadRun(
  deps: Pick<AppDeps, "kv" | "blobs" | "clock">,
  input: {
    userId: number;
    username: string;
    body: ReadableStream<Uint8Array> | null;
    contentType: string | undefined;
  },
): Promise<{ record: FolderRecord | null; skipped: string[] }> {
  const { kv, blobs, clock } = deps;
  const now = clock.now();
  const id = newRecordId(now);
  const prefix = userItemPrefix(input.userId, "custom_ocr", id);
  let ruleId = "";
  let rule: Awaited<ReturnType<typeof requireRunnableRule>> | null = null;
  const files: RecordFile[] = [];
  const fields = new Map<string, FieldSpec>();
  const skipped: string[] = [];
  let count = 0;
  try {
    for await (const part of readMultipart(input.body, input.contentType)) {
      if (part.filename === null) {
        const value = await fieldText(part.body);
        if (part.name === "ruleId") ruleId = value;
        continue;
      }
      if (part.name !== "files" && part.name !== "file") {
        await part.body.cancel();
        continue;
      }
      if (!ruleId) throw new AppError("VALIDATION_FAILED", {}, { message: "请先选择规则", field: "ruleId" });
      rule ??= await requireRunnableRule(deps, input.userId, ruleId);
      const fileName = (part.filename.split(/[\\/]/).pop() ?? "").trim();
      if (!hasKind(fileName, DOC_TEXT_KINDS)) {
        await part.body.cancel();
        throw new AppError("VALIDATION_FAILED", {}, {
          message: `不支持的文件类型：${fileName}`,
          field: "files",
        });
      }
      if (++count > MAX_FILES) {
        throw new AppError("VALIDATION_FAILED", {}, {
          message: `最多只能上传${MAX_FILES}个文件`,
          field: "files",
        });
      }
      const routed = routeFile(rule, fileName);
      if (routed.status !== "matched") {
        // Still read to its end: an oversize file is refused even when it would be skipped.
        for await (const _ of capped(part.body)) { /* drain */ }
        skipped.push(fileName);
        continue;
      }
      const blobKey = `${prefix}/in-${files.length}`;
      await blobs.put(blobKey, capped(part.body));
      for (const f of routed.fields) if (!fields.has(f.key)) fields.set(f.key, f);
      files.push({
        fileName,
        path: fileName,
        nodeId: "",
        blobKey,
        status: "pending",
        keys: routed.fields.map((f) => f.key),
      });
    }
    if (!ruleId) throw new AppError("VALIDATION_FAILED", {}, { message: "请先选择规则", field: "ruleId" });
    if (count === 0) throw new AppError("VALIDATION_FAILED", {}, { message: "请先选择文件", field: "files" });
    if (files.length === 0) return { record: null, skipped };
    const record: FolderRecord = {
      id,
      userId: input.userId,
      username: input.username,
      ruleId: rule!.id,
      ruleName: rule!.ruleName,
      folderPath: "",
      status: "processing",
      files,
      fields: [...fields.values()],
      charged: files.length,
      refunded: 0,
      mergedResult: {},
      fieldValues: {},
      errorMessage: null,
      extractionKey: null,
      createdAt: now,
      updatedAt: now,
    };
    await chargeAiUses(kv, {
      userId: input.userId,
      amount: files.length,
      extend: (op) =>
        enqueueAiJob(
          op.check({ key: recordKey(record.userId, record.id), versionstamp: null })
            .set(recordKey(record.userId, record.id), record),
          folderRunMessage(record),
        ),
    });
    return { record, skipped };
  } catch (err) {
    await blobs.deletePrefix(prefix).catch(() => {});
    throw err;
  }
}
