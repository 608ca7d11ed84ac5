/**
 * What the nightly clean-up removes besides task records: every feature that keeps records of its
 * own for an item (a batch, a split task) says which of its items expired and deletes one the way
 * its own delete button does (the same function), records and folder together, so its list shows
 * no ghost and the storage manager counts nothing twice.
 *
 * The items are found by the feature, not through old task records: a generation batch or a split
 * may run several tasks over one folder (retries, a second split), and an item may have no task at
 * all (an uploaded sheet never split, a PDF batch). Add a feature here, keyed by its storage area
 * (server/blobs/blob_keys.ts), when it keeps per-item records.
 */
import type { StorageArea } from "../blobs/blob_keys.ts";
import type { AppDeps } from "../deps.ts";
import { listSplitTasksIdleBefore } from "../kv/case_split_tasks.ts";
import { listBatchesIdleBefore as listExcelBatchesIdleBefore } from "../kv/excel_batch.ts";
import { listBatchesIdleBefore as listMediationBatchesIdleBefore } from "../kv/mediation_batches.ts";
import { listPdfBatchesIdleBefore } from "../kv/pdf_links.ts";
import { userItemPrefix } from "../blobs/blob_keys.ts";
import { deleteSplitTaskWithFiles } from "../services/case_split/manage_split_tasks.ts";
import { deleteExcelBatch } from "../services/excel_batch/delete_batch.ts";
import { deleteMediationBatch } from "../services/mediation/delete_batch.ts";
import { deletePdfBatchWithFiles } from "../services/pdf_links/delete_batch.ts";
import type { JobType } from "./messages.ts";

export type CleanupDeps = Pick<AppDeps, "kv" | "blobs">;

/** One expired item: its folder (measured before removal, for the run's counts) and its deleter. */
export interface ExpiredItem {
  blobPrefix: string;
  /** Deletes the item's records and its folder. */
  remove(): Promise<unknown>;
}

export interface CleanupHook {
  /** Task types that work in this feature's item folders: the clean-up deletes their old task records but never their folder. */
  taskTypes: readonly JobType[];
  /** Items finished and unchanged since before `cutoff` (ms). */
  listExpired(deps: CleanupDeps, cutoff: number): AsyncIterable<ExpiredItem>;
}

/** The features with records of their own, by storage area. */
export const CLEANUP_HOOKS = {
  generated: {
    taskTypes: ["mediation.generate"],
    async *listExpired(deps, cutoff) {
      for await (const batch of listMediationBatchesIdleBefore(deps.kv, cutoff)) {
        yield { blobPrefix: batch.blobPrefix, remove: () => deleteMediationBatch(deps, batch) };
      }
    },
  },
  excel_batch: {
    taskTypes: ["excel_batch.generate"],
    async *listExpired(deps, cutoff) {
      for await (const batch of listExcelBatchesIdleBefore(deps.kv, cutoff)) {
        yield { blobPrefix: batch.blobPrefix, remove: () => deleteExcelBatch(deps, batch) };
      }
    },
  },
  case_split: {
    taskTypes: ["case_split.run"],
    async *listExpired(deps, cutoff) {
      for await (const task of listSplitTasksIdleBefore(deps.kv, cutoff)) {
        yield {
          blobPrefix: userItemPrefix(task.userId, "case_split", task.id),
          remove: () => deleteSplitTaskWithFiles(deps, task),
        };
      }
    },
  },
  pdf_links: {
    taskTypes: [],
    async *listExpired(deps, cutoff) {
      for await (const batch of listPdfBatchesIdleBefore(deps.kv, cutoff)) {
        yield {
          blobPrefix: userItemPrefix(batch.userId, "pdf_links", batch.batchNo),
          remove: () => deletePdfBatchWithFiles(deps, batch),
        };
      }
    },
  },
} satisfies Partial<Record<StorageArea, CleanupHook>>;

export type CleanupArea = keyof typeof CLEANUP_HOOKS;

/** The areas of CLEANUP_HOOKS, in order. */
export const CLEANUP_AREAS = Object.keys(CLEANUP_HOOKS) as CleanupArea[];

/** True when a task's folder belongs to a feature's item (the item's hook removes it). */
export function isItemTaskType(type: JobType): boolean {
  return CLEANUP_AREAS.some((area) => (CLEANUP_HOOKS[area].taskTypes as readonly JobType[]).includes(type));
}
