/**
 * Storage accounting from the blob-key convention alone (server/blobs/blob_keys.ts), never from the
 * features' own KV records: every user-owned file is `users/<userId>/<area>/<itemId>/<file>`, and
 * task folders written before the convention are `tasks/<taskId>/...`, owned by the task's user.
 *
 * One listing pass per scan: `users/<id>` (one user) or `users` (everyone), plus one pass over
 * `tasks`. Sizes come from the listing; no file is opened.
 */
import { LEGACY_TASK_AREA, type StorageUsage } from "../../../common/schemas/storage.ts";
import type { BlobStore } from "../../blobs/blob_store.ts";
import { userPrefix } from "../../blobs/blob_keys.ts";
import type { TaskRecord } from "../../kv/tasks.ts";

/** Legacy task folders live here (services/storage/cleanup.ts removes them by task). */
export const LEGACY_TASK_PREFIX = "tasks";
const USERS_PREFIX = "users";
/** Where a file sitting directly in `users/<id>/` (against the convention) is counted. */
const LOOSE_FILE_AREA = "uploads";

export interface ScannedItem extends StorageUsage {
  userId: number;
  area: string;
  itemId: string;
  modifiedAt: number;
}

export interface ScannedUser extends StorageUsage {
  userId: number;
  areas: Record<string, StorageUsage>;
}

export interface StorageScan {
  users: Map<number, ScannedUser>;
  /** Keyed `<userId>/<area>/<itemId>`. */
  items: Map<string, ScannedItem>;
  /** Everything the scan listed under `users/` and `tasks/`, owned or not. */
  listed: StorageUsage;
}

/** Whose files: one user, or everyone. */
export type ScanScope = { userId: number } | "all";

function emptyScan(): StorageScan {
  return { users: new Map(), items: new Map(), listed: { bytes: 0, files: 0 } };
}

/** Adds one file to its user, area and item. `itemId` null: counted in the totals only. */
function addFile(
  scan: StorageScan,
  file: { userId: number; area: string; itemId: string | null; size: number; modifiedAt: number },
): void {
  let user = scan.users.get(file.userId);
  if (!user) {
    user = { userId: file.userId, bytes: 0, files: 0, areas: {} };
    scan.users.set(file.userId, user);
  }
  user.bytes += file.size;
  user.files++;
  const area = user.areas[file.area] ??= { bytes: 0, files: 0 };
  area.bytes += file.size;
  area.files++;
  if (file.itemId === null) return;
  const key = `${file.userId}/${file.area}/${file.itemId}`;
  let item = scan.items.get(key);
  if (!item) {
    item = { userId: file.userId, area: file.area, itemId: file.itemId, bytes: 0, files: 0, modifiedAt: 0 };
    scan.items.set(key, item);
  }
  item.bytes += file.size;
  item.files++;
  item.modifiedAt = Math.max(item.modifiedAt, file.modifiedAt);
}

/** Splits `users/<id>/<area>/<itemId>/...`; null when the second segment is not a user id. */
function parseUserKey(key: string): { userId: number; area: string; itemId: string | null } | null {
  const parts = key.split("/");
  if (parts[0] !== USERS_PREFIX || !/^[1-9]\d{0,9}$/.test(parts[1] ?? "")) return null;
  const userId = Number(parts[1]);
  if (parts.length <= 3) return { userId, area: LOOSE_FILE_AREA, itemId: null };
  return { userId, area: parts[2], itemId: parts[3] };
}

/** The owners of some tasks, read 10 at a time (KV's getMany limit). */
async function taskOwners(kv: Deno.Kv, taskIds: string[]): Promise<Map<string, number>> {
  const owners = new Map<string, number>();
  for (let i = 0; i < taskIds.length; i += 10) {
    const entries = await kv.getMany<TaskRecord[]>(taskIds.slice(i, i + 10).map((id) => ["tasks", id]));
    for (const e of entries) if (e.value) owners.set(e.value.id, e.value.userId);
  }
  return owners;
}

/**
 * Sums what users store, per user, per area and per item, for one user or for everyone.
 * Legacy `tasks/<taskId>/` folders count for the task's user (area LEGACY_TASK_AREA); one whose task
 * record is gone belongs to nobody and shows only in `listed`.
 */
export async function scanStorage(
  deps: { kv: Deno.Kv; blobs: BlobStore },
  scope: ScanScope,
): Promise<StorageScan> {
  const scan = emptyScan();
  const prefix = scope === "all" ? USERS_PREFIX : userPrefix(scope.userId);
  for await (const blob of deps.blobs.list(prefix)) {
    scan.listed.bytes += blob.size;
    scan.listed.files++;
    const parsed = parseUserKey(blob.key);
    if (parsed) addFile(scan, { ...parsed, size: blob.size, modifiedAt: blob.modifiedAt });
  }

  const legacy = new Map<string, { size: number; modifiedAt: number }[]>();
  for await (const blob of deps.blobs.list(LEGACY_TASK_PREFIX)) {
    scan.listed.bytes += blob.size;
    scan.listed.files++;
    const taskId = blob.key.split("/")[1];
    if (!taskId || blob.key.split("/").length < 3) continue;
    const files = legacy.get(taskId) ?? [];
    files.push({ size: blob.size, modifiedAt: blob.modifiedAt });
    legacy.set(taskId, files);
  }
  if (legacy.size > 0) {
    const owners = await taskOwners(deps.kv, [...legacy.keys()]);
    for (const [taskId, files] of legacy) {
      const userId = owners.get(taskId);
      if (userId === undefined || (scope !== "all" && scope.userId !== userId)) continue;
      for (const f of files) addFile(scan, { userId, area: LEGACY_TASK_AREA, itemId: taskId, ...f });
    }
  }
  return scan;
}

/**
 * Bytes and files under a folder of the local disk (lstat: links are not followed), skipping the
 * sub-folders in `skip`, and which of those it met. Used for the data folder's total, so the blob
 * folders already listed by scanStorage() are not walked twice.
 */
export async function measureFolder(
  root: string,
  skip: readonly string[] = [],
): Promise<StorageUsage & { skipped: string[] }> {
  const result = { bytes: 0, files: 0, skipped: [] as string[] };
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop()!;
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(dir));
    } catch (err) {
      if (err instanceof Deno.errors.NotFound || err instanceof Deno.errors.PermissionDenied) continue;
      throw err;
    }
    for (const entry of entries) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) {
        if (skip.includes(path)) result.skipped.push(path);
        else stack.push(path);
      } else if (entry.isFile) {
        try {
          result.bytes += (await Deno.lstat(path)).size;
          result.files++;
        } catch (err) {
          if (!(err instanceof Deno.errors.NotFound)) throw err;
        }
      }
    }
  }
  return result;
}
