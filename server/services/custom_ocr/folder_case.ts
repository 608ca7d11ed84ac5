/**
 * Custom OCR folder mode (part 4 §2, §4, §9; issue #13 scope 4): one case folder of the user's AI
 * document folder, read with a rule. startFolderRun() routes the folder's files by the rule's patterns,
 * charges one AI use per routed file in the commit that creates the record and enqueues its job, so a
 * refusal (AI使用次数不足, no matching file) leaves nothing. Its job (server/jobs/custom_ocr_folder_job.ts)
 * reads each file's text, settles it once, then merges the case's fields keeping for each field only
 * the values read from files the rule asks that field of (routeExtraction, recordResult below).
 */
import { userItemPrefix } from "../../blobs/blob_keys.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type AiFolderNode, listChildren } from "../../kv/ai_folder.ts";
import {
  type FieldValue,
  type FolderRecord,
  listRecords,
  newRecordId,
  type RecordFile,
  recordKey,
} from "../../kv/custom_ocr_records.ts";
import { chargeAiUses } from "../ai_metering/ai_metering.ts";
import { enqueueAiJob, folderRunMessage } from "../ai_metering/ai_run_kinds.ts";
import { joinFolderPath, parseFolderPath } from "../ai_folder/folder_paths.ts";
import { resolveFolder, resolveItem } from "../ai_folder/folder_store.ts";
import { mergeField } from "../extraction/merge.ts";
import type { FieldSpec } from "../../../common/field_spec.ts";
import type { CaseExtraction } from "../extraction/types.ts";
import { keptFromPrevious } from "./kept_values.ts";
import { fieldValueOf } from "./field_value.ts";
import { requireRunnableRule, routeFile } from "./rules.ts";

/** Every file below a folder (depth first, by name), with its path. */
async function filesBelow(
  kv: Deno.Kv,
  userId: number,
  folder: { id: string; segments: string[] },
): Promise<{ node: AiFolderNode; path: string }[]> {
  const out: { node: AiFolderNode; path: string }[] = [];
  const children = (await listChildren(kv, userId, folder.id)).sort((a, b) =>
    a.name.localeCompare(b.name, "zh-CN")
  );
  for (const node of children) {
    const segments = [...folder.segments, node.name];
    if (node.isFolder) out.push(...await filesBelow(kv, userId, { id: node.id, segments }));
    else out.push({ node, path: joinFolderPath(segments) });
  }
  return out;
}

/**
 * Starts a run of a rule over one item of the AI folder (a folder is one case; a single file is a case
 * of one file). Throws CUSTOM_RULE_NOT_FOUND, AI_FOLDER_NOT_FOUND, CUSTOM_NO_MATCHING_FILES (没有找到
 * 符合规则的文件) or AI_QUOTA_INSUFFICIENT before anything is written.
 */
async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Beyond the spec (issue #13 scope 4): a folder run again with the same rule reads only files that are
 * new or changed since its last completed run (same content hash, same fields asked): the others take
 * their text from that run (copied, so deleting the old record changes nothing) and are not charged.
 */
async function reusePrevious(
  deps: Pick<AppDeps, "kv" | "blobs">,
  input: { previous: FolderRecord[]; prefix: string; files: RecordFile[] },
): Promise<void> {
  const previous = input.previous.find((r) => r.status === "completed");
  for (const [index, file] of input.files.entries()) {
    const bytes = await deps.blobs.read(file.blobKey);
    if (!bytes) continue;
    file.hash = await sha256(bytes);
    const before = previous?.files.find((f) =>
      f.hash === file.hash && f.status === "completed" && f.docKey &&
      f.keys.join("\u0000") === file.keys.join("\u0000")
    );
    const text = before?.docKey ? await deps.blobs.read(before.docKey) : null;
    if (!text) continue;
    file.docKey = `${input.prefix}/doc-${index}.json`;
    await deps.blobs.put(file.docKey, text);
    file.status = "completed";
    file.reused = true;
  }
}

export async function startFolderRun(
  deps: Pick<AppDeps, "kv" | "clock" | "blobs">,
  input: { userId: number; username: string; ruleId: string; path: string; isFolder: boolean },
): Promise<FolderRecord> {
  const { kv, clock } = deps;
  const rule = await requireRunnableRule(deps, input.userId, input.ruleId);
  const segments = parseFolderPath(input.path);
  const found = input.isFolder
    ? await filesBelow(kv, input.userId, await resolveFolder(kv, input.userId, segments))
    : [{
      node: (await resolveItem(kv, input.userId, { segments, isFolder: false })).value,
      path: joinFolderPath(segments),
    }];
  const files: RecordFile[] = [];
  const fields = new Map<string, FieldSpec>();
  let ranSince = performance.now();
  for (const { node, path } of found) {
    // A big folder takes a while to route: let other requests in between (patterns are linear-time).
    if (performance.now() - ranSince > 20) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      ranSince = performance.now();
    }
    const routed = routeFile(rule, node.name);
    if (routed.status !== "matched" || !node.blobKey) continue;
    for (const f of routed.fields) if (!fields.has(f.key)) fields.set(f.key, f);
    files.push({
      fileName: node.name,
      path,
      nodeId: node.id,
      blobKey: node.blobKey,
      status: "pending",
      keys: routed.fields.map((f) => f.key),
    });
  }
  if (files.length === 0) throw new AppError("CUSTOM_NO_MATCHING_FILES");
  const now = clock.now();
  const id = newRecordId(now);
  const prefix = userItemPrefix(input.userId, "custom_ocr", id);
  const folderPath = joinFolderPath(segments);
  // The case's earlier records, newest first: their texts are reused, the newest one's kept values carried.
  const earlier = (await listRecords(kv, input.userId)).filter((r) =>
    r.ruleId === rule.id && r.folderPath === folderPath && r.files.some((f) => f.nodeId)
  );
  await reusePrevious(deps, { previous: earlier, prefix, files });
  const charged = files.filter((f) => !f.reused).length;
  const record: FolderRecord = {
    id,
    userId: input.userId,
    username: input.username,
    ruleId: rule.id,
    ruleName: rule.ruleName,
    folderPath,
    status: "processing",
    files,
    fields: [...fields.values()],
    charged,
    refunded: 0,
    mergedResult: {},
    fieldValues: {},
    kept: keptFromPrevious(earlier[0], [...fields.values()]),
    errorMessage: null,
    extractionKey: null,
    createdAt: now,
    updatedAt: now,
  };
  const write = (op: Deno.AtomicOperation) =>
    enqueueAiJob(
      op.check({ key: recordKey(record.userId, record.id), versionstamp: null })
        .set(recordKey(record.userId, record.id), record),
      folderRunMessage(record),
    );
  try {
    if (charged > 0) await chargeAiUses(kv, { userId: input.userId, amount: charged, extend: write });
    else if (!(await write(kv.atomic()).commit()).ok) throw new AppError("QUOTA_BUSY");
  } catch (err) {
    await deps.blobs.deletePrefix(prefix).catch(() => {});
    throw err;
  }
  return record;
}

/**
 * Keeps, for each field, only the values read from files the rule asks that field of (a model's
 * values cite their file too), and merges them again.
 */
export function routeExtraction(extraction: CaseExtraction, record: Pick<FolderRecord, "files" | "fields">) {
  const allowed = new Map<string, Set<string>>();
  for (const f of record.files) {
    for (const key of f.keys) (allowed.get(key) ?? allowed.set(key, new Set()).get(key)!).add(f.fileName);
  }
  const fields: CaseExtraction["fields"] = {};
  for (const spec of record.fields) {
    const candidates = (extraction.fields[spec.key]?.candidates ?? [])
      .filter((c) => allowed.get(spec.key)?.has(c.source.fileName));
    fields[spec.key] = mergeField(spec, candidates);
  }
  return { fields };
}

/**
 * The record's shapes of part 4 §3: merged_result and field_values (each value with its file, and where
 * in it, beyond the spec). A
 * value the model gave without a file line stating it is only a candidate, flagged `unverified`.
 */
export function recordResult(extraction: CaseExtraction) {
  const mergedResult: Record<string, string | null> = {};
  const fieldValues: Record<string, FieldValue[]> = {};
  for (const [key, field] of Object.entries(extraction.fields)) {
    mergedResult[key] = field.found ? field.value : null;
    const seen = new Set<string>();
    fieldValues[key] = field.candidates.filter((c) => {
      const id = `${c.value}\u0000${c.source.fileName}`;
      return !seen.has(id) && seen.add(id);
    }).map(fieldValueOf);
  }
  return { mergedResult, fieldValues };
}
