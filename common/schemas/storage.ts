import { z } from "zod";

/** Storage-manager item table page sizes (chosen here; the spec does not show this screen). */
export const STORAGE_PAGE_SIZES = [10, 20, 50, 100];
export const STORAGE_PAGE_SIZE_DEFAULT = 10;

/**
 * The pseudo-area of task folders written before the key convention (`tasks/<taskId>/...`); they
 * belong to the task's user. Its label is shown beside the areas of server/blobs/blob_keys.ts.
 */
export const LEGACY_TASK_AREA = "tasks";
export const LEGACY_TASK_AREA_LABEL = "历史任务文件";

/** A blob-key segment as server/blobs/blob_store.ts allows it: no "/", "." or "..". */
const SEGMENT = /^[A-Za-z0-9._-]+$/;
const segment = (message: string) =>
  z.string({ error: message }).min(1, message).max(200, message)
    .refine((v) => SEGMENT.test(v) && v !== "." && v !== "..", message);

const userId = z.coerce.number({ error: "用户ID无效" }).int("用户ID无效").min(1, "用户ID无效")
  .max(2 ** 31, "用户ID无效");

/** GET /api/storage/items: whose items (members: only their own), which area, which page. */
export const storageItemsQuery = z.object({
  userId: userId.optional(),
  area: segment("存储分类无效").optional(),
  page: z.coerce.number().int("页码必须是整数").min(1, "页码至少为1").max(100_000).optional().default(1),
  pageSize: z.coerce.number().int("每页条数必须是整数").min(1, "每页条数至少为1")
    .max(100, "每页最多100条").optional().default(STORAGE_PAGE_SIZE_DEFAULT),
});
export type StorageItemsQuery = z.output<typeof storageItemsQuery>;

/** DELETE /api/storage/items: one item's folder `users/<userId>/<area>/<itemId>`. */
export const storageItemBody = z.object({
  userId,
  area: segment("存储分类无效"),
  itemId: segment("文件夹ID无效"),
});
export type StorageItemBody = z.output<typeof storageItemBody>;

/** Bytes and file count. */
export interface StorageUsage {
  bytes: number;
  files: number;
}

/** One user's stored files: in total and per area (areas with nothing stored are left out). */
export interface UserStorage extends StorageUsage {
  userId: number;
  /** null when the user record no longer exists. */
  username: string | null;
  areas: Record<string, StorageUsage>;
}

/** One item (a folder the user sees and deletes as a whole). */
export interface StorageItem extends StorageUsage {
  userId: number;
  username: string | null;
  area: string;
  areaLabel: string;
  itemId: string;
  /** What the folder holds (a batch, a file, a task), from its feature's record; null when unknown. */
  description: string | null;
  /** Newest file's modification time (ms). */
  modifiedAt: number;
}

/** What the last automatic clean-up did (server/services/storage/cleanup.ts CleanupRun). */
export interface CleanupRunView {
  at: number;
  skipped: boolean;
  tasksRemoved: number;
  /** Feature items removed (batches, split tasks) by storage area (areas' labels: StorageSummary.areas). */
  itemsRemoved: Record<string, number>;
  blobsRemoved: number;
  bytesFreed: number;
}

/** GET /api/storage/summary answer. */
export interface StorageSummary {
  areas: { area: string; label: string }[];
  /** The signed-in user's own files. */
  mine: UserStorage;
  /** Administrators: every user who stores files, largest first; null for members. */
  users: UserStorage[] | null;
  /** Administrators: the whole data folder (KV database, every file, mail outbox); null for members. */
  dataDir: { bytes: number; files: number; userBytes: number; otherBytes: number } | null;
  cleanup: { lastRun: CleanupRunView | null; auto_cleanup: boolean; cleanup_days: number };
}
