/**
 * Where each feature keeps its files in the blob store. Every file a user owns lives under
 *
 *   users/<userId>/<area>/<itemId>/<file>
 *
 * where <itemId> is one thing the user sees and deletes as a whole (a template, a batch, a split
 * task). The storage manager sums sizes per user and per area by listing `users/<userId>/`, the
 * clean-up job removes a finished task's folder, and deleting an item deletes its folder. Files that
 * no user owns: `system/<area>/<itemId>/...` (system templates), `settings/...`, `tmp/...`.
 */
import { assertBlobKey } from "./blob_store.ts";

/** The areas of user-owned files, with the Chinese label the storage manager shows. */
export const STORAGE_AREAS = {
  templates: "我的模板",
  temp_templates: "临时模板",
  generated: "模板文书生成",
  excel_batch: "Excel批量生成",
  excel_templates: "自定义模板",
  pdf_links: "PDF转链接",
  case_split: "县市案件分类",
  ocr: "OCR识别",
  ocr_extract: "OCR信息提取",
  ai_folder: "AI文档文件夹",
  ai_muban: "输出文书模板",
  custom_ocr: "自定义OCR",
  uploads: "其他上传",
} as const;

export type StorageArea = keyof typeof STORAGE_AREAS;

export function isStorageArea(value: string): value is StorageArea {
  return Object.hasOwn(STORAGE_AREAS, value);
}

/** `users/<userId>/<area>/<itemId>`: the folder of one item; delete it with blobs.deletePrefix(). */
export function userItemPrefix(userId: number, area: StorageArea, itemId: string): string {
  const prefix = `users/${userId}/${area}/${itemId}`;
  assertBlobKey(prefix);
  return prefix;
}

/** The key of one file of an item. `file` must already be a safe segment (never a user's file name). */
export function userItemKey(userId: number, area: StorageArea, itemId: string, file: string): string {
  const key = `${userItemPrefix(userId, area, itemId)}/${file}`;
  assertBlobKey(key);
  return key;
}

/** `users/<userId>`: everything one user stores. */
export function userPrefix(userId: number): string {
  return `users/${userId}`;
}

/** `system/<area>/<itemId>`: files that belong to the office, not to a user (system templates). */
export function systemItemPrefix(area: "templates", itemId: string): string {
  const prefix = `system/${area}/${itemId}`;
  assertBlobKey(prefix);
  return prefix;
}
