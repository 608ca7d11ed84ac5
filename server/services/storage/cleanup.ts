import { TEMP_TEMPLATE_MAX_AGE_MS, TMP_BLOB_MAX_AGE_MS } from "../../../common/constants.ts";
import { userItemPrefix } from "../../blobs/blob_keys.ts";
import type { AppDeps } from "../../deps.ts";
import { getSettings } from "../../kv/settings.ts";
import { deleteTask, isTaskFinished, listTasksCreatedBefore } from "../../kv/tasks.ts";
import { listSplitTasksIdleBefore } from "../../kv/case_split_tasks.ts";
import { listTempTemplatesCreatedBefore } from "../../kv/word_templates.ts";
import { deleteSplitTaskWithFiles } from "../case_split/manage_split_tasks.ts";
import { deleteTemplateWithFile } from "../templates/word_templates.ts";
import { CLEANUP_AREAS, CLEANUP_HOOKS, type CleanupArea, isItemTaskType } from "./cleanup_hooks.ts";

/**
 * The clean-up itself (settings.auto_cleanup, cleanup_days): what jobs/cleanup_job.ts runs nightly and
 * the storage manager reports. A service, so that the storage manager needs no job module.
 */

// Keys:  ["meta", "cleanup_last_run"] -> CleanupRun
//
// Idempotent: runCleanup deletes only what is old enough, so a second run finds less to do.

export interface CleanupRun {
  at: number;
  /** True when settings.auto_cleanup was off and nothing was removed. */
  skipped: boolean;
  tasksRemoved: number;
  /** Temporary templates (/mediation-form uploads) removed with their files. */
  tempTemplatesRemoved: number;
  /** Items of the features of cleanup_hooks.ts (batches, split tasks) removed, by storage area. */
  itemsRemoved: Record<CleanupArea, number>;
  blobsRemoved: number;
  bytesFreed: number;
}

type CleanupDeps = Pick<AppDeps, "kv" | "blobs">;

/** Adds the files under `prefix` to the run's counts (call before deleting them). */
async function countFolder(deps: CleanupDeps, run: CleanupRun, prefix: string): Promise<void> {
  for await (const blob of deps.blobs.list(prefix)) {
    run.blobsRemoved++;
    run.bytesFreed += blob.size;
  }
}

/**
 * When settings.auto_cleanup is on, removes what is older than settings.cleanup_days:
 * - each feature's finished items (cleanup_hooks.ts: generation batches, Excel batch
 *   wizard tasks, case splits, PDF-to-link batches) with their records and folders, through the
 *   feature's own delete function;
 * - finished tasks' records, and the folder (blobPrefix, `tasks/<taskId>/` for older tasks) of those
 *   whose folder is not a feature item's (an item's folder outlives its first task: retries);
 * - temporary templates older than a day (their KV record and users/<id>/temp_templates/<id>/; a
 *   batch keeps its own copy of the template), case-split sheets uploaded more than a day ago and
 *   never split (record and folder), and blobs under `tmp/` older than a day.
 * Usage and quota records are never touched. Records the run (or that it was skipped) in
 * ["meta", "cleanup_last_run"].
 */
export async function runCleanup(deps: CleanupDeps, now: number): Promise<CleanupRun> {
  const { kv, blobs } = deps;
  const settings = await getSettings(kv);
  const run: CleanupRun = {
    at: now,
    skipped: !settings.auto_cleanup,
    tasksRemoved: 0,
    tempTemplatesRemoved: 0,
    itemsRemoved: Object.fromEntries(CLEANUP_AREAS.map((area) => [area, 0])) as Record<CleanupArea, number>,
    blobsRemoved: 0,
    bytesFreed: 0,
  };
  if (settings.auto_cleanup) {
    const cutoff = now - Math.max(1, settings.cleanup_days) * 86_400_000;
    for (const area of CLEANUP_AREAS) {
      for await (const item of CLEANUP_HOOKS[area].listExpired(deps, cutoff)) {
        await countFolder(deps, run, item.blobPrefix);
        await item.remove();
        run.itemsRemoved[area]++;
      }
    }
    for await (const task of listTasksCreatedBefore(kv, cutoff)) {
      if (!isTaskFinished(task) || task.updatedAt >= cutoff) continue;
      if (!isItemTaskType(task.type)) {
        const prefix = task.blobPrefix ?? `tasks/${task.id}`;
        await countFolder(deps, run, prefix);
        await blobs.deletePrefix(prefix);
      }
      await deleteTask(kv, task);
      run.tasksRemoved++;
    }
    for await (const template of listTempTemplatesCreatedBefore(kv, now - TEMP_TEMPLATE_MAX_AGE_MS)) {
      const prefix = userItemPrefix(template.ownerId ?? 0, "temp_templates", template.id);
      await countFolder(deps, run, prefix);
      await deleteTemplateWithFile(deps, template);
      run.tempTemplatesRemoved++;
    }
    // A sheet uploaded to the case splitter and never split is an upload like the others: a day.
    for await (const task of listSplitTasksIdleBefore(kv, now - TMP_BLOB_MAX_AGE_MS)) {
      if (task.status !== "uploaded") continue;
      await countFolder(deps, run, userItemPrefix(task.userId, "case_split", task.id));
      await deleteSplitTaskWithFiles(deps, task);
      run.itemsRemoved.case_split++;
    }
    for await (const blob of blobs.list("tmp")) {
      if (now - blob.modifiedAt <= TMP_BLOB_MAX_AGE_MS) continue;
      await blobs.delete(blob.key);
      run.blobsRemoved++;
      run.bytesFreed += blob.size;
    }
  }
  await kv.set(["meta", "cleanup_last_run"], run);
  return run;
}

/** The last recorded cleanup run, or null before the first. */
export async function getLastCleanupRun(kv: Deno.Kv): Promise<CleanupRun | null> {
  return (await kv.get<CleanupRun>(["meta", "cleanup_last_run"])).value;
}
