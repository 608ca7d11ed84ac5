import type { StorageItem, StorageItemBody, StorageSummary } from "../../common/schemas/storage.ts";
import { api } from "./client.ts";

/** Own usage per area; administrators also every user's and the data folder's; the clean-up. GET /api/storage/summary */
export function getStorageSummary() {
  return api.get<{ success: true } & StorageSummary>("/api/storage/summary", { silent: true });
}

/** Items (folders), newest first. GET /api/storage/items */
export function listStorageItems(query: { userId?: number; area?: string; page: number; pageSize: number }) {
  return api.get<{ success: true; items: StorageItem[]; total: number }>("/api/storage/items", {
    query,
    silent: true,
  });
}

/** Delete one item's folder. DELETE /api/storage/items */
export function deleteStorageItem(body: StorageItemBody) {
  return api.delete<{ success: true; bytes: number; files: number }>("/api/storage/items", {
    body,
    silent: true,
  });
}
