import {
  CASE_SPLIT_EXTENSIONS,
  CASE_SPLIT_LINK_TTL_MS,
  WORKER_DEFAULT_TIMEOUT_MS,
} from "../../../common/constants.ts";
import type {
  CaseSplitBody,
  CaseSplitErrorRow,
  CaseSplitListQuery,
  CaseSplitTask,
} from "../../../common/schemas/case_split.ts";
import { userItemPrefix } from "../../blobs/blob_keys.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import {
  type CaseSplitRecord,
  createSplitTask,
  deleteSplitTask,
  getSplitTask,
  listSplitFiles,
  listSplitTasks,
  splitTaskKey,
} from "../../kv/case_split_tasks.ts";
import { newId } from "../../kv/ids.ts";
import { getTask, startTask } from "../../kv/tasks.ts";
import { readSheet } from "../xlsx/read_sheet.ts";
import { signDownloadToken } from "./download_links.ts";
import { ERROR_ROWS_FILE, splitOutputKey, splitSourceKey } from "./run_split.ts";
import { headerLabels, inspectXlsx } from "./split_sheet.ts";
import { cleanUploadName } from "../../../common/file_names.ts";

type Deps = Pick<AppDeps, "kv" | "blobs" | "clock" | "signingKey">;

/** The signed-in user as these functions need it. */
export interface SplitActor {
  id: number;
}

const CHINA_OFFSET_MS = 8 * 60 * 60_000;

/** The file's own name, without any folder a browser may have sent, at most 255 characters. */
function displayName(name: string): string {
  const base = cleanUploadName(name);
  return (base || "未命名.xlsx").slice(-255);
}

/**
 * Stores an uploaded sheet and creates its split task ("uploaded"). Only .xlsx and .xls are taken
 * (CASE_SPLIT_FILE_TYPE 只能上传Excel文件!); the sheet is read in a permission-less worker for its
 * header row and row count: an empty sheet, a missing header row or a damaged file answer
 * FILE_PARSE_FAILED with the reason. The caller has already capped the size (10 MB).
 */
export async function uploadSplitSource(deps: Deps, input: { actor: SplitActor; file: File }) {
  const name = displayName(input.file.name);
  const ext = name.slice(name.lastIndexOf(".")).toLowerCase();
  if (!CASE_SPLIT_EXTENSIONS.includes(ext)) throw new AppError("CASE_SPLIT_FILE_TYPE", {}, { field: "file" });
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  const timeoutMs = WORKER_DEFAULT_TIMEOUT_MS;
  // The worker takes its input's buffer: it reads a copy, the original is stored.
  const summary = isZip
    ? await inspectXlsx(bytes.slice(), { timeoutMs })
    : await readSheet(bytes.slice(), { timeoutMs }).then((s) => ({
      headers: headerLabels(s.headers),
      totalRows: s.totalRows,
    }));
  const now = deps.clock.now();
  const id = newId(now);
  const sourceKind = isZip ? "xlsx" : "xls";
  await deps.blobs.put(splitSourceKey({ id, userId: input.actor.id, sourceKind }), bytes);
  try {
    return await createSplitTask(deps.kv, {
      userId: input.actor.id,
      originalFilename: name,
      sourceKind,
      headers: summary.headers,
      totalRows: summary.totalRows,
      now,
    }, id);
  } catch (err) {
    await deps.blobs.deletePrefix(userItemPrefix(input.actor.id, "case_split", id)).catch(() => {});
    throw err;
  }
}

/** The actor's own task; someone else's answers like a missing one, so ids cannot be probed. */
export async function getOwnSplitTask(deps: Pick<Deps, "kv">, actor: SplitActor, id: string) {
  const task = /^[0-9a-f]{20}$/.test(id) ? await getSplitTask(deps.kv, id) : null;
  if (!task || task.userId !== actor.id) throw new AppError("CASE_SPLIT_TASK_NOT_FOUND");
  return task;
}

/**
 * Starts the background split of an uploaded sheet: the task moves to "processing" in the same
 * commit that creates its background task and enqueues "case_split.run" (server/kv/tasks.ts). Free:
 * no quota is spent (part 4 names no cost); the job records a usage record. A task already
 * processing answers CASE_SPLIT_BUSY; an address column that is not in the sheet's header row
 * answers CASE_SPLIT_COLUMN_MISSING. A completed or failed task may be split again.
 */
export async function startSplit(deps: Deps, input: { actor: SplitActor; body: CaseSplitBody }) {
  const { kv, clock } = deps;
  const task = await getOwnSplitTask(deps, input.actor, input.body.taskId);
  if (task.status === "processing") throw new AppError("CASE_SPLIT_BUSY");
  const addressIndex = task.headers.indexOf(input.body.addressColumn);
  if (addressIndex < 0) {
    throw new AppError("CASE_SPLIT_COLUMN_MISSING", { column: input.body.addressColumn }, {
      field: "addressColumn",
    });
  }
  const entry = await kv.get<CaseSplitRecord>(splitTaskKey(task.id));
  if (!entry.value || entry.value.status === "processing") throw new AppError("CASE_SPLIT_BUSY");
  const now = clock.now();
  try {
    const { task: job } = await startTask(kv, {
      type: "case_split.run",
      userId: task.userId,
      total: task.totalRows,
      now,
      blobPrefix: userItemPrefix(task.userId, "case_split", task.id),
      message: (taskId) => ({ type: "case_split.run", taskId, splitId: task.id }),
      extend: (op, job) => {
        const next: CaseSplitRecord = {
          ...entry.value!,
          status: "processing",
          splitLevel: input.body.splitLevel,
          addressColumn: input.body.addressColumn,
          successRows: 0,
          errorCount: 0,
          fileCount: 0,
          jobTaskId: job.id,
          error: null,
          updatedAt: now,
        };
        op.check(entry).set(splitTaskKey(task.id), next);
      },
    });
    return { taskId: task.id, jobTaskId: job.id };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The record changed under us: a second click started it, or it was deleted.
    const now = await getSplitTask(kv, task.id);
    if (!now) throw new AppError("CASE_SPLIT_TASK_NOT_FOUND");
    throw new AppError("CASE_SPLIT_BUSY");
  }
}

/** The task list of part 4 §2: filters, paging, and for completed tasks their files with signed links. */
export async function listSplitTaskViews(
  deps: Deps,
  input: { actor: SplitActor; query: CaseSplitListQuery },
) {
  const { query } = input;
  const { tasks, total } = await listSplitTasks(deps.kv, input.actor.id, {
    filename: query.filename,
    splitLevel: query.splitLevel,
    from: query.startDate ? Date.parse(`${query.startDate}T00:00:00Z`) - CHINA_OFFSET_MS : undefined,
    to: query.endDate ? Date.parse(`${query.endDate}T00:00:00Z`) - CHINA_OFFSET_MS + 86_400_000 : undefined,
    page: query.page,
    pageSize: query.pageSize,
  });
  const views = await Promise.all(tasks.map((t) => toTaskView(deps, t)));
  return { tasks: views, total };
}

async function toTaskView(deps: Deps, task: CaseSplitRecord): Promise<CaseSplitTask> {
  const view: CaseSplitTask = {
    id: task.id,
    status: task.status,
    split_level: task.splitLevel,
    original_filename: task.originalFilename,
    created_at: task.createdAt,
    total_rows: task.totalRows,
    success_rows: task.successRows,
    error_count: task.errorCount,
    address_column: task.addressColumn,
    headers: task.headers,
    output_files: [],
  };
  if (task.error) view.error = task.error;
  if (task.status === "processing" && task.jobTaskId) {
    const job = await getTask(deps.kv, task.jobTaskId);
    if (job) view.progress = { done: job.done, total: job.total };
  }
  if (task.status === "completed") {
    const token = await signDownloadToken(deps.signingKey, {
      taskId: task.id,
      userId: task.userId,
      expiresAt: deps.clock.now() + CASE_SPLIT_LINK_TTL_MS,
    });
    const files = await listSplitFiles(deps.kv, task);
    view.output_files = files.map((f, i) => ({
      region: f.region,
      count: f.count,
      downloadUrl: `/api/excel-case-split/download/${token}?file=${i}`,
    }));
  }
  return view;
}

/** Deletes the actor's task with all its files (DELETE /api/excel-case-split/tasks/:id). */
export async function removeSplitTask(deps: Deps, input: { actor: SplitActor; id: string }) {
  const task = await getOwnSplitTask(deps, input.actor, input.id);
  await deleteSplitTaskWithFiles(deps, task);
}

/**
 * Deletes a split task's records (task, index, file list) and then its folder (source, outputs,
 * unplaced rows); also the nightly clean-up's deleter. A split still running finds its record gone
 * and discards its output.
 */
export async function deleteSplitTaskWithFiles(
  deps: Pick<Deps, "kv" | "blobs">,
  task: Pick<CaseSplitRecord, "id" | "userId">,
): Promise<void> {
  await deleteSplitTask(deps.kv, task);
  await deps.blobs.deletePrefix(userItemPrefix(task.userId, "case_split", task.id));
}

/** A stored output, streamed: the region file at `index`, or the summary (`"summary"`). */
export async function openSplitOutput(
  deps: Pick<Deps, "kv" | "blobs">,
  task: CaseSplitRecord,
  which: number | "summary",
) {
  if (task.status !== "completed") throw new AppError("CASE_SPLIT_NOT_READY");
  const base = task.originalFilename.replace(/\.(xlsx|xls)$/i, "");
  let file: string;
  let fileName: string;
  if (which === "summary") {
    file = "summary.xlsx";
    fileName = `${base}-汇总.xlsx`;
  } else {
    const files = await listSplitFiles(deps.kv, task);
    const entry = files[which];
    if (!entry) throw new AppError("CASE_SPLIT_FILE_MISSING");
    file = entry.file;
    fileName = `${base}-${entry.region}.xlsx`;
  }
  const blob = await deps.blobs.get(splitOutputKey(task, file));
  if (!blob) throw new AppError("CASE_SPLIT_FILE_MISSING");
  return { ...blob, fileName };
}

/** One page of the rows that were not placed (the 未分配地区 dialog). */
export async function readErrorRows(
  deps: Pick<Deps, "blobs">,
  task: CaseSplitRecord,
  page: { page: number; pageSize: number },
): Promise<{ rows: CaseSplitErrorRow[]; total: number }> {
  if (task.status !== "completed") throw new AppError("CASE_SPLIT_NOT_READY");
  if (task.errorCount === 0) return { rows: [], total: 0 };
  const bytes = await deps.blobs.read(splitOutputKey(task, ERROR_ROWS_FILE));
  if (!bytes) throw new AppError("CASE_SPLIT_FILE_MISSING");
  const all = JSON.parse(new TextDecoder().decode(bytes)) as CaseSplitErrorRow[];
  const start = (page.page - 1) * page.pageSize;
  return { rows: all.slice(start, start + page.pageSize), total: all.length };
}
