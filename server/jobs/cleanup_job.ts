import { SUPER_ADMIN_ID } from "../../common/permissions.ts";
import type { AppDeps } from "../deps.ts";
import { completeTask, getTask, isTaskFinished, startTask, updateTaskProgress } from "../kv/tasks.ts";
import { runCleanup } from "../services/storage/cleanup.ts";
import type { CleanupMessage } from "../kv/job_messages.ts";

// Idempotent: runCleanup deletes only what is old enough, so a second run finds less to do; the
// handler returns at once when its task is already finished.

/** Starts a cleanup task (owned by the super administrator) and enqueues its message. */
export async function enqueueCleanup(deps: Pick<AppDeps, "kv" | "clock">): Promise<string> {
  const { task } = await startTask(deps.kv, {
    type: "maintenance.cleanup",
    userId: SUPER_ADMIN_ID,
    total: 1,
    now: deps.clock.now(),
    message: (taskId) => ({ type: "maintenance.cleanup", taskId }),
  });
  return task.id;
}

/** Queue handler of "maintenance.cleanup". */
export async function handleCleanup(deps: AppDeps, msg: CleanupMessage): Promise<void> {
  const task = await getTask(deps.kv, msg.taskId);
  if (!task || isTaskFinished(task)) return;
  await updateTaskProgress(deps.kv, task.id, { done: 0, now: deps.clock.now() });
  const run = await runCleanup(deps, deps.clock.now());
  await completeTask(deps.kv, task.id, { now: deps.clock.now(), result: { ...run } });
}
