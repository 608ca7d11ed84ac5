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
 *
 * The storage manager deletes an item through the same registry (ITEM_HOOKS, findFeatureItem): each
 * feature finds one of a user's items by its folder id, so deleting it there removes its records
 * too. Features whose items never expire by age (personal and Excel templates; temporary templates
 * have a clean-up of their own in cleanup.ts) are only found, not listed.
 */
import type { StorageArea } from "../../blobs/blob_keys.ts";
import type { AppDeps } from "../../deps.ts";
import { getSplitTask, listSplitTasksIdleBefore } from "../../kv/case_split_tasks.ts";
import {
  getBatchByFolder,
  listBatchesIdleBefore as listExcelBatchesIdleBefore,
} from "../../kv/excel_batch.ts";
import { getWordTemplate as getExcelWordTemplate } from "../../kv/excel_templates.ts";
import {
  getBatch as getMediationBatch,
  listBatchesIdleBefore as listMediationBatchesIdleBefore,
} from "../../kv/mediation_batches.ts";
import { getPdfBatchEntry, listPdfBatchesIdleBefore } from "../../kv/pdf_links.ts";
import { getTemplate, type TemplateScope } from "../../kv/word_templates.ts";
import { getNodeEntry } from "../../kv/ai_folder.ts";
import { deleteNodeTree, fileBlobPrefix } from "../ai_folder/folder_store.ts";
import { getAiMuban } from "../../kv/ai_muban.ts";
import { getRecordEntry } from "../../kv/custom_ocr_records.ts";
import { deleteRecordWithFiles } from "../custom_ocr/rules.ts";
import { deleteAiMubanWithFile } from "../ai_muban/ai_muban_templates.ts";
import { userItemPrefix } from "../../blobs/blob_keys.ts";
import { deleteSplitTaskWithFiles } from "../case_split/manage_split_tasks.ts";
import { deleteExcelBatch } from "../excel_batch/delete_batch.ts";
import { deleteWordTemplateWithFile } from "../excel_templates/word_templates.ts";
import { deleteMediationBatch } from "../mediation/delete_batch.ts";
import { deletePdfBatchWithFiles } from "../pdf_links/delete_batch.ts";
import { deleteTemplateWithFile } from "../templates/word_templates.ts";
import type { JobType } from "../../kv/job_messages.ts";

export type CleanupDeps = Pick<AppDeps, "kv" | "blobs">;

/** One item of a feature: its folder (measured before removal, for the counts) and its deleter. */
export interface ExpiredItem {
  blobPrefix: string;
  /** Deletes the item's records and its folder, as the feature's own delete does. */
  remove(): Promise<unknown>;
}

/** A feature with records per item, found by the item's folder id. */
export interface ItemHook {
  /** The user's item stored in users/<userId>/<area>/<itemId>, or null when the feature has no record of it. */
  findItem(deps: CleanupDeps, userId: number, itemId: string): Promise<ExpiredItem | null>;
}

export interface CleanupHook extends ItemHook {
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
    async findItem(deps, userId, itemId) {
      const batch = await getMediationBatch(deps.kv, userId, itemId);
      return batch && { blobPrefix: batch.blobPrefix, remove: () => deleteMediationBatch(deps, batch) };
    },
  },
  excel_batch: {
    taskTypes: ["excel_batch.generate"],
    async *listExpired(deps, cutoff) {
      for await (const batch of listExcelBatchesIdleBefore(deps.kv, cutoff)) {
        yield { blobPrefix: batch.blobPrefix, remove: () => deleteExcelBatch(deps, batch) };
      }
    },
    async findItem(deps, userId, itemId) {
      const batch = await getBatchByFolder(deps.kv, userId, itemId);
      return batch && { blobPrefix: batch.blobPrefix, remove: () => deleteExcelBatch(deps, batch) };
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
    async findItem(deps, userId, itemId) {
      const task = /^[0-9a-f]{20}$/.test(itemId) ? await getSplitTask(deps.kv, itemId) : null;
      if (!task || task.userId !== userId) return null;
      return {
        blobPrefix: userItemPrefix(userId, "case_split", task.id),
        remove: () => deleteSplitTaskWithFiles(deps, task),
      };
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
    async findItem(deps, userId, itemId) {
      const batch = (await getPdfBatchEntry(deps.kv, userId, itemId)).value;
      if (!batch) return null;
      return {
        blobPrefix: userItemPrefix(userId, "pdf_links", batch.batchNo),
        remove: () => deletePdfBatchWithFiles(deps, batch),
      };
    },
  },
} satisfies Partial<Record<StorageArea, CleanupHook>>;

/** A Word template of the template managers (personal) or of /mediation-form (temporary). */
function wordTemplateHook(scope: Exclude<TemplateScope, "system">, area: StorageArea): ItemHook {
  return {
    async findItem(deps, userId, itemId) {
      const template = await getTemplate(deps.kv, { scope, ownerId: userId, id: itemId });
      if (!template) return null;
      return {
        blobPrefix: userItemPrefix(userId, area, template.id),
        remove: () => deleteTemplateWithFile(deps, template),
      };
    },
  };
}

/** Every feature with records per item, by storage area: the clean-up's and the templates. */
export const ITEM_HOOKS: Partial<Record<StorageArea, ItemHook>> = {
  ...CLEANUP_HOOKS,
  templates: wordTemplateHook("personal", "templates"),
  temp_templates: wordTemplateHook("temp", "temp_templates"),
  // A custom OCR record (never expires by age): its record goes with its folder.
  custom_ocr: {
    async findItem(deps, userId, itemId) {
      const record = (await getRecordEntry(deps.kv, userId, itemId)).value;
      if (!record) return null;
      return {
        blobPrefix: userItemPrefix(userId, "custom_ocr", record.id),
        remove: () => deleteRecordWithFiles(deps, record),
      };
    },
  },
  // An output-document template of /ai-muban (never expires).
  ai_muban: {
    async findItem(deps, userId, itemId) {
      const record = await getAiMuban(deps.kv, userId, itemId);
      if (!record) return null;
      return {
        blobPrefix: userItemPrefix(userId, "ai_muban", record.id),
        remove: () => deleteAiMubanWithFile(deps, record),
      };
    },
  },
  // One file of the AI document folder (never expires): its record leaves its folder with it.
  ai_folder: {
    async findItem(deps, userId, itemId) {
      const entry = await getNodeEntry(deps.kv, userId, itemId);
      if (!entry.value || entry.value.isFolder) return null;
      const found = entry as Deno.KvEntry<typeof entry.value>;
      return { blobPrefix: fileBlobPrefix(userId, itemId), remove: () => deleteNodeTree(deps, found) };
    },
  },
  excel_templates: {
    async findItem(deps, userId, itemId) {
      const template = await getExcelWordTemplate(deps.kv, userId, itemId);
      if (!template) return null;
      return {
        blobPrefix: userItemPrefix(userId, "excel_templates", template.id),
        remove: () => deleteWordTemplateWithFile(deps, { userId, id: template.id }),
      };
    },
  },
};

/**
 * The feature item stored in users/<userId>/<area>/<itemId>, with the feature's deleter; null when
 * the area keeps no records (uploads) or its feature has none for this folder.
 */
export async function findFeatureItem(
  deps: CleanupDeps,
  item: { userId: number; area: StorageArea; itemId: string },
): Promise<ExpiredItem | null> {
  const hook = ITEM_HOOKS[item.area];
  return hook ? await hook.findItem(deps, item.userId, item.itemId) : null;
}

export type CleanupArea = keyof typeof CLEANUP_HOOKS;

/** The areas of CLEANUP_HOOKS, in order. */
export const CLEANUP_AREAS = Object.keys(CLEANUP_HOOKS) as CleanupArea[];

/** True when a task's folder belongs to a feature's item (the item's hook removes it). */
export function isItemTaskType(type: JobType): boolean {
  return CLEANUP_AREAS.some((area) => (CLEANUP_HOOKS[area].taskTypes as readonly JobType[]).includes(type));
}
