import { CASE_SPLIT_LEVEL_LABELS } from "../../common/constants.ts";
import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import {
  type CaseSplitRecord,
  completeSplitTask,
  failSplitTask,
  splitTaskKey,
} from "../kv/case_split_tasks.ts";
import { completeTask, getTask, isTaskFinished, updateTaskProgress } from "../kv/tasks.ts";
import { recordUsage } from "../kv/usage.ts";
import { getUser } from "../kv/users.ts";
import { runSplit, splitOutputPrefix } from "../services/case_split/run_split.ts";
import type { CaseSplitMessage } from "../kv/job_messages.ts";

// Idempotent: a finished background task returns at once; a split record that is gone (deleted by
// its owner) or belongs to a newer split is left alone; a rerun removes the previous outputs before
// writing. The split record and the background task end in the same state: the record is written
// first (completed / failed), then the task; on a redelivery after a crash between the two, a
// completed record only completes the task.

/** Queue handler of "case_split.run". */
export async function handleCaseSplit(deps: AppDeps, msg: CaseSplitMessage): Promise<void> {
  const { kv, clock } = deps;
  const job = await getTask(kv, msg.taskId);
  if (!job || isTaskFinished(job)) return;
  const record = (await kv.get<CaseSplitRecord>(splitTaskKey(msg.splitId))).value;
  if (!record || record.jobTaskId !== job.id || record.status !== "processing") {
    await completeTask(kv, job.id, { now: clock.now(), result: { splitId: msg.splitId, skipped: true } });
    return;
  }
  await updateTaskProgress(kv, job.id, { done: 0, total: record.totalRows, now: clock.now() });
  const addressIndex = record.addressColumn === null ? -1 : record.headers.indexOf(record.addressColumn);

  let reporting = Promise.resolve();
  let busy = false;
  const onProgress = (done: number, total: number) => {
    if (busy) return; // a write is in flight: skip this figure, the next one follows soon
    busy = true;
    reporting = updateTaskProgress(kv, job.id, { done, total, now: clock.now() })
      .then(() => {}, () => {})
      .finally(() => (busy = false));
  };

  let outcome;
  try {
    if (addressIndex < 0) {
      throw new AppError("CASE_SPLIT_COLUMN_MISSING", { column: record.addressColumn ?? "" });
    }
    outcome = await runSplit(deps.blobs, { ...record, addressIndex }, { onProgress });
  } catch (err) {
    await reporting;
    const message = err instanceof AppError ? err.message : "服务器内部错误";
    await failSplitTask(kv, record.id, { error: `分类失败：${message}`, now: clock.now() });
    await recordSplitUsage(deps, record, "failed");
    throw err; // dispatch marks the background task failed
  }
  await reporting;

  const entry = await kv.get<CaseSplitRecord>(splitTaskKey(record.id));
  const stillOurs = entry.value?.jobTaskId === job.id && entry.value.status === "processing";
  const stored = stillOurs &&
    await completeSplitTask(kv, entry as Deno.KvEntry<CaseSplitRecord>, {
      totalRows: outcome.totalRows,
      successRows: outcome.successRows,
      errorCount: outcome.errorRows.length,
      files: outcome.files.map(({ region, code, count, file }) => ({ region, code, count, file })),
      now: clock.now(),
    });
  if (!stored) {
    // Deleted (or restarted) while running: this run's files belong to nobody.
    if (!entry.value) await deps.blobs.deletePrefix(splitOutputPrefix(record)).catch(() => {});
  } else {
    await recordSplitUsage(deps, record, "success");
  }
  await completeTask(kv, job.id, {
    now: clock.now(),
    result: {
      splitId: record.id,
      totalRows: outcome.totalRows,
      successRows: outcome.successRows,
      errorCount: outcome.errorRows.length,
      files: outcome.files.length,
    },
  });
}

/** The usage record of one split (free: it spends no quota, part 4 names no cost). */
async function recordSplitUsage(deps: AppDeps, record: CaseSplitRecord, status: "success" | "failed") {
  const user = await getUser(deps.kv, record.userId);
  const level = record.splitLevel ? CASE_SPLIT_LEVEL_LABELS[record.splitLevel] : "";
  await recordUsage(deps.kv, {
    userId: record.userId,
    username: user?.username ?? "",
    type: "case_split",
    description: `县市案件分类（${level}）：${record.originalFilename}，共 ${record.totalRows} 行`,
    status,
    count: 1,
    at: deps.clock.now(),
  }).catch((err) => console.error("[case_split] usage record failed:", err));
}
