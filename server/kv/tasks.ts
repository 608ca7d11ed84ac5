import type { QuotaKind, TaskStatus } from "../../common/constants.ts";
import { type ErrorCode, errorMessage } from "../../common/errors.ts";
import { AppError } from "../errors.ts";
import type { JobMessage, JobType } from "./job_messages.ts";
import { newId } from "./ids.ts";
import { applyRefund, planRefund, spendQuota } from "./quotas.ts";

// Keys:  ["tasks", id] -> TaskRecord                  (id = newId(createdAt): time-sortable)
//        ["tasks_by_user", userId, id] -> id
//        ["tasks_undelivered", id] -> JobMessage      (written by KV when a message is never delivered)
//
// A task is created together with its queue message (and, for metered work, the quota deduction)
// in one commit. Finished tasks ("done", "failed") never change again, which makes handlers that run
// twice harmless: they read the task and return when it is finished.

export interface TaskError {
  code: ErrorCode;
  message: string;
}

export interface TaskRecord {
  id: string;
  type: JobType;
  userId: number;
  status: TaskStatus;
  done: number;
  total: number;
  error?: TaskError;
  /** Uses spent when the task started; failTask() gives them back once. */
  quota?: { kind: QuotaKind; amount: number };
  /** What a finished task produced (small: blob keys, counts), for its progress call. */
  result?: Record<string, unknown>;
  /** The task's folder in the blob store (server/blobs/blob_keys.ts); the clean-up job removes it. */
  blobPrefix?: string;
  createdAt: number;
  updatedAt: number;
}

export function isTaskFinished(task: Pick<TaskRecord, "status">): boolean {
  return task.status === "done" || task.status === "failed";
}

export async function getTask(kv: Deno.Kv, id: string): Promise<TaskRecord | null> {
  return (await kv.get<TaskRecord>(["tasks", id])).value;
}

/** A user's tasks, newest first. */
export async function listTasksByUser(kv: Deno.Kv, userId: number, limit = 50): Promise<TaskRecord[]> {
  const ids: string[] = [];
  for await (const e of kv.list<string>({ prefix: ["tasks_by_user", userId] }, { reverse: true, limit })) {
    ids.push(e.value);
  }
  const tasks: TaskRecord[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    const entries = await kv.getMany<TaskRecord[]>(ids.slice(i, i + 10).map((id) => ["tasks", id]));
    for (const e of entries) if (e.value) tasks.push(e.value);
  }
  return tasks;
}

export interface StartTaskInput {
  type: JobType;
  userId: number;
  total: number;
  now: number;
  /** The queue message, given the new task's id. */
  message: (taskId: string) => JobMessage;
  /** Spend these uses in the same commit; QUOTA_INSUFFICIENT leaves nothing written. */
  quota?: { kind: QuotaKind; amount: number };
  /** Where the task keeps its files (userItemPrefix(...) of server/blobs/blob_keys.ts). */
  blobPrefix?: string;
  /** The caller's own writes for the same commit (a batch record, say). */
  extend?: (op: Deno.AtomicOperation, task: TaskRecord) => void;
}

/**
 * Creates a pending task and enqueues its message in one atomic commit, optionally deducting quota in
 * that commit too. Returns the task and the uses left (null when no quota was spent).
 */
export async function startTask(
  kv: Deno.Kv,
  input: StartTaskInput,
): Promise<{ task: TaskRecord; left: number | null }> {
  const task: TaskRecord = {
    id: newId(input.now),
    type: input.type,
    userId: input.userId,
    status: "pending",
    done: 0,
    total: input.total,
    createdAt: input.now,
    updatedAt: input.now,
  };
  if (input.quota) task.quota = { ...input.quota };
  if (input.blobPrefix) task.blobPrefix = input.blobPrefix;
  const message = input.message(task.id);
  const addTask = (op: Deno.AtomicOperation) => {
    op.check({ key: ["tasks", task.id], versionstamp: null })
      .set(["tasks", task.id], task)
      .set(["tasks_by_user", task.userId, task.id], task.id)
      .enqueue(message, { keysIfUndelivered: [["tasks_undelivered", task.id]] });
    input.extend?.(op, task);
  };
  if (input.quota) {
    const left = await spendQuota(kv, { userId: input.userId, ...input.quota, extend: addTask });
    return { task, left };
  }
  const op = kv.atomic();
  addTask(op);
  if (!(await op.commit()).ok) throw new Error("task commit rejected");
  return { task, left: null };
}

/**
 * Changes an unfinished task with `change`, retrying on concurrent writes. Returns the stored task;
 * a finished (or missing) task is returned unchanged.
 */
async function updateUnfinished(
  kv: Deno.Kv,
  id: string,
  change: (task: TaskRecord) => TaskRecord,
  addToCommit?: (op: Deno.AtomicOperation, task: TaskRecord) => Promise<void>,
): Promise<TaskRecord | null> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const entry = await kv.get<TaskRecord>(["tasks", id]);
    if (!entry.value || isTaskFinished(entry.value)) return entry.value;
    const next = change(entry.value);
    const op = kv.atomic().check(entry).set(["tasks", id], next);
    await addToCommit?.(op, entry.value);
    if ((await op.commit()).ok) return next;
  }
  throw new AppError("QUOTA_BUSY");
}

/** Marks the task running with `done` of `total` items processed. Ignored once the task is finished. */
export function updateTaskProgress(
  kv: Deno.Kv,
  id: string,
  progress: { done: number; total?: number; now: number },
): Promise<TaskRecord | null> {
  return updateUnfinished(kv, id, (t) => ({
    ...t,
    status: "running",
    done: progress.done,
    total: progress.total ?? t.total,
    updatedAt: progress.now,
  }));
}

/** Marks the task done (all items processed) with an optional small result. Ignored when already finished. */
export function completeTask(
  kv: Deno.Kv,
  id: string,
  options: { now: number; result?: Record<string, unknown> },
): Promise<TaskRecord | null> {
  return updateUnfinished(kv, id, (t) => {
    const next: TaskRecord = { ...t, status: "done", done: t.total, updatedAt: options.now };
    if (options.result) next.result = options.result;
    return next;
  });
}

/**
 * Marks the task failed with a code and its Chinese message, and in the same commit gives back the
 * task's quota, once (the refund id is the task id). Ignored when the task is already finished.
 */
export function failTask(
  kv: Deno.Kv,
  id: string,
  options: { code: ErrorCode; params?: Record<string, unknown>; message?: string; now: number },
): Promise<TaskRecord | null> {
  const error: TaskError = {
    code: options.code,
    message: options.message ?? errorMessage(options.code, options.params),
  };
  return updateUnfinished(
    kv,
    id,
    (t) => ({ ...t, status: "failed", error, updatedAt: options.now }),
    async (op, t) => {
      if (!t.quota) return;
      const plan = await planRefund(kv, { refundId: t.id, userId: t.userId, ...t.quota, at: options.now });
      if (plan) applyRefund(op, plan);
    },
  );
}

/** Removes a task and its user index (its blobs are the caller's business). */
export async function deleteTask(kv: Deno.Kv, task: Pick<TaskRecord, "id" | "userId">): Promise<void> {
  const res = await kv.atomic()
    .delete(["tasks", task.id])
    .delete(["tasks_by_user", task.userId, task.id])
    .delete(["tasks_undelivered", task.id])
    .commit();
  if (!res.ok) throw new Error("task delete rejected");
}

/** Tasks created before `before` (ms), oldest first: the candidates of the nightly cleanup. */
export async function* listTasksCreatedBefore(kv: Deno.Kv, before: number): AsyncIterable<TaskRecord> {
  const end = ["tasks", before.toString(16).padStart(12, "0")];
  for await (const e of kv.list<TaskRecord>({ prefix: ["tasks"], end })) yield e.value;
}
