/**
 * The storage manager (/storage-manager): what users store, item by item, and deleting an item.
 * A member sees and deletes only their own files; administrators (isAdmin) see everyone's, the data
 * folder's total, and may delete another user's item (the route audits that).
 */
import { type AccessSubject, isAdmin } from "../../../common/permissions.ts";
import {
  LEGACY_TASK_AREA,
  LEGACY_TASK_AREA_LABEL,
  type StorageItem,
  type StorageItemBody,
  type StorageItemsQuery,
  type StorageSummary,
  type StorageUsage,
  type UserStorage,
} from "../../../common/schemas/storage.ts";
import { assertBlobKey } from "../../blobs/blob_store.ts";
import { isStorageArea, STORAGE_AREAS } from "../../blobs/blob_keys.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { findFeatureItem } from "./cleanup_hooks.ts";
import { getLastCleanupRun } from "./cleanup.ts";
import { getSettings } from "../../kv/settings.ts";
import { getTask } from "../../kv/tasks.ts";
import type { UserRecord } from "../../kv/users.ts";
import { LEGACY_TASK_PREFIX, measureFolder, type ScannedUser, scanStorage } from "./scan_storage.ts";
import { describeStorageItem } from "./describe_item.ts";

type StorageDeps = Pick<AppDeps, "kv" | "blobs" | "config">;
export type StorageViewer = Pick<AccessSubject, "id" | "role">;

/** Every area the screen knows, in the order of server/blobs/blob_keys.ts, then the legacy one. */
export function storageAreas(): { area: string; label: string }[] {
  return [
    ...Object.entries(STORAGE_AREAS).map(([area, label]) => ({ area, label })),
    { area: LEGACY_TASK_AREA, label: LEGACY_TASK_AREA_LABEL },
  ];
}

/** The Chinese label of an area; an area not (yet) registered in blob_keys.ts shows its own name. */
export function areaLabel(area: string): string {
  if (area === LEGACY_TASK_AREA) return LEGACY_TASK_AREA_LABEL;
  return (STORAGE_AREAS as Record<string, string>)[area] ?? area;
}

/** Usernames of some users, 10 reads at a time; a deleted user maps to null. */
async function usernamesOf(kv: Deno.Kv, ids: number[]): Promise<Map<number, string | null>> {
  const unique = [...new Set(ids)];
  const names = new Map<number, string | null>();
  for (let i = 0; i < unique.length; i += 10) {
    const batch = unique.slice(i, i + 10);
    const entries = await kv.getMany<UserRecord[]>(batch.map((id) => ["users", id]));
    entries.forEach((e, j) => names.set(batch[j], e.value?.username ?? null));
  }
  return names;
}

function userView(user: ScannedUser | undefined, userId: number, username: string | null): UserStorage {
  return {
    userId,
    username,
    bytes: user?.bytes ?? 0,
    files: user?.files ?? 0,
    areas: user?.areas ?? {},
  };
}

/**
 * The summary: the viewer's own usage per area; for administrators also every user's totals and the
 * data folder's; and the automatic clean-up's settings and last run.
 */
export async function getStorageSummary(deps: StorageDeps, viewer: StorageViewer): Promise<StorageSummary> {
  const admin = isAdmin(viewer);
  const scan = await scanStorage(deps, admin ? "all" : { userId: viewer.id });
  const ids = admin ? [...scan.users.keys(), viewer.id] : [viewer.id];
  const names = await usernamesOf(deps.kv, ids);

  let dataDir: StorageSummary["dataDir"] = null;
  if (admin) {
    const root = deps.config.dataDir.replace(/\/+$/, "");
    const blobRoot = `${root}/blobs`;
    const rest = await measureFolder(root, [`${blobRoot}/users`, `${blobRoot}/tasks`]);
    // The skipped folders are the ones scanStorage() listed; count them once, from that listing.
    const listed: StorageUsage = rest.skipped.length > 0 ? scan.listed : { bytes: 0, files: 0 };
    const userBytes = [...scan.users.values()].reduce((sum, u) => sum + u.bytes, 0);
    const bytes = rest.bytes + listed.bytes;
    dataDir = {
      bytes,
      files: rest.files + listed.files,
      userBytes,
      otherBytes: Math.max(0, bytes - userBytes),
    };
  }

  const settings = await getSettings(deps.kv);
  const lastRun = await getLastCleanupRun(deps.kv);
  return {
    areas: storageAreas(),
    mine: userView(scan.users.get(viewer.id), viewer.id, names.get(viewer.id) ?? null),
    users: admin
      ? [...scan.users.values()]
        .map((u) => userView(u, u.userId, names.get(u.userId) ?? null))
        .sort((a, b) => b.bytes - a.bytes || a.userId - b.userId)
      : null,
    dataDir,
    cleanup: {
      lastRun: lastRun
        ? {
          at: lastRun.at,
          skipped: lastRun.skipped,
          tasksRemoved: lastRun.tasksRemoved,
          itemsRemoved: { ...lastRun.itemsRemoved, temp_templates: lastRun.tempTemplatesRemoved ?? 0 },
          blobsRemoved: lastRun.blobsRemoved,
          bytesFreed: lastRun.bytesFreed,
        }
        : null,
      auto_cleanup: settings.auto_cleanup,
      cleanup_days: settings.cleanup_days,
    },
  };
}

/** Members may look at and delete only their own files. */
function assertMayManage(viewer: StorageViewer, userId: number): void {
  if (userId !== viewer.id && !isAdmin(viewer)) throw new AppError("STORAGE_OTHERS_FORBIDDEN");
}

/**
 * Items (folders), newest first, one page. Without `userId` a member gets their own and an
 * administrator everyone's. Throws STORAGE_OTHERS_FORBIDDEN when a member asks for another user's.
 */
export async function listStorageItems(
  deps: StorageDeps,
  viewer: StorageViewer,
  query: StorageItemsQuery,
): Promise<{ items: StorageItem[]; total: number }> {
  const userId = query.userId;
  if (userId !== undefined) assertMayManage(viewer, userId);
  const scope = userId !== undefined ? { userId } : isAdmin(viewer) ? "all" as const : { userId: viewer.id };
  const scan = await scanStorage(deps, scope);
  const all = [...scan.items.values()]
    .filter((item) => query.area === undefined || item.area === query.area)
    .sort((a, b) => b.modifiedAt - a.modifiedAt || a.itemId.localeCompare(b.itemId));
  const { page, pageSize } = query;
  const slice = all.slice((page - 1) * pageSize, page * pageSize);
  const names = await usernamesOf(deps.kv, slice.map((i) => i.userId));
  const descriptions = await Promise.all(slice.map((i) => describeStorageItem(deps.kv, i).catch(() => null)));
  return {
    total: all.length,
    items: slice.map((i, k) => ({
      ...i,
      username: names.get(i.userId) ?? null,
      areaLabel: areaLabel(i.area),
      description: descriptions[k],
    })),
  };
}

/** The folder of an item, or null when it names nothing deletable (a legacy folder of another user). */
async function itemPrefix(kv: Deno.Kv, item: { userId: number; area: string; itemId: string }) {
  if (item.area === LEGACY_TASK_AREA) {
    const task = await getTask(kv, item.itemId);
    if (!task || task.userId !== item.userId) return null;
    return `${LEGACY_TASK_PREFIX}/${item.itemId}`;
  }
  return `users/${item.userId}/${item.area}/${item.itemId}`;
}

/** Size of an item's folder from one listing; a loose file (`users/<id>/<area>/<file>`) counts too. */
async function measureItem(deps: StorageDeps, prefix: string): Promise<StorageUsage> {
  const usage = { bytes: 0, files: 0 };
  try {
    for await (const blob of deps.blobs.list(prefix)) {
      usage.bytes += blob.size;
      usage.files++;
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotADirectory)) throw err;
    const size = await deps.blobs.size(prefix);
    if (size !== null) return { bytes: size, files: 1 };
  }
  return usage;
}

/**
 * Deletes one item. When its feature keeps records of it (a batch, a split, a template:
 * cleanup_hooks.ts findFeatureItem), the feature's own delete removes the records and the
 * folder, so the item leaves the feature's list too (its refusals apply: BATCH_RUNNING); otherwise
 * the folder alone goes (blobs.deletePrefix). Usage records stay. A member may delete only their
 * own; deleting another user's needs isAdmin. Throws STORAGE_OTHERS_FORBIDDEN or
 * STORAGE_ITEM_NOT_FOUND (neither records nor files there). Returns what was removed.
 */
export async function deleteStorageItem(
  deps: StorageDeps,
  viewer: StorageViewer,
  body: StorageItemBody,
): Promise<StorageUsage & { prefix: string }> {
  assertMayManage(viewer, body.userId);
  const prefix = await itemPrefix(deps.kv, body);
  if (prefix === null) throw new AppError("STORAGE_ITEM_NOT_FOUND");
  assertBlobKey(prefix);
  const item = isStorageArea(body.area) ? await findFeatureItem(deps, { ...body, area: body.area }) : null;
  const usage = await measureItem(deps, item?.blobPrefix ?? prefix);
  if (item) {
    await item.remove();
    return { ...usage, prefix };
  }
  if (usage.files === 0) throw new AppError("STORAGE_ITEM_NOT_FOUND");
  await deps.blobs.deletePrefix(prefix);
  return { ...usage, prefix };
}
