/** AI document folder (part 4 §7): the calls of /ai-folder. */
import type { AiFolderItem, AiFolderTreeNode, AiFolderUploadResult } from "../../common/schemas/ai_folder.ts";
import { api, requestBlob, requestUpload } from "./client.ts";

export type { AiFolderItem, AiFolderTreeNode, AiFolderUploadResult };

/** A batch of 50 MB takes a while on a slow line. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** Folder tree. GET /api/aifolder/tree */
export function getAiFolderTree() {
  return api.get<{ tree: AiFolderTreeNode[] }>("/api/aifolder/tree", { silent: true });
}

/** Contents of a folder. GET /api/aifolder/contents?path= */
export function getAiFolderContents(path: string) {
  return api.get<{ contents: AiFolderItem[] }>("/api/aifolder/contents", { query: { path }, silent: true });
}

/** Delete one item. POST /api/aifolder/delete */
export function deleteAiFolderItem(item: { path: string; isFolder: boolean }) {
  return api.post<{ message: string }>("/api/aifolder/delete", item, { silent: true });
}

/** Delete several items. POST /api/aifolder/batch-delete */
export function batchDeleteAiFolderItems(items: { path: string; isFolder: boolean }[]) {
  return api.post<{ message: string }>("/api/aifolder/batch-delete", { items }, { silent: true });
}

/** Rename. POST /api/aifolder/rename */
export function renameAiFolderItem(body: { oldPath: string; newName: string; isFolder: boolean }) {
  return api.post<{ message: string }>("/api/aifolder/rename", body, { silent: true });
}

/** New folder in `path` ("" is the root). POST /api/aifolder/create-folder */
export function createAiFolder(body: { path: string; name: string }) {
  return api.post<{ message: string }>("/api/aifolder/create-folder", body, { silent: true });
}

/** Files into the folder at `path`. POST /api/aifolder/upload?path= (multipart, field files) */
export function uploadAiFolderFiles(path: string, files: readonly File[]) {
  const form = new FormData();
  for (const file of files) form.append("files", file, file.name);
  return requestUpload<AiFolderUploadResult>(`/api/aifolder/upload?path=${encodeURIComponent(path)}`, form, {
    silent: true,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

/**
 * One batch of a folder upload. POST /api/aifolder/upload-folder, sent as multipart with each file's
 * relative path before it (the server also takes the spec's JSON byte arrays; multipart does not
 * inflate 50 MB into JSON).
 */
export function uploadAiFolderBatch(
  path: string,
  files: readonly { file: File; relativePath: string }[],
  options: { replace?: boolean } = {},
) {
  const form = new FormData();
  form.append("path", path);
  // A file of the same name is kept beside the old one ("借条 (2).jpg") unless `replace` is asked for.
  if (options.replace) form.append("replace", "true");
  for (const { file, relativePath } of files) {
    form.append("relativePaths", relativePath);
    form.append("files", file, file.name);
  }
  return requestUpload<AiFolderUploadResult>("/api/aifolder/upload-folder", form, {
    silent: true,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

/** A file's bytes (preview or download; not in the spec). GET /api/aifolder/file?path= */
export function downloadAiFolderFile(path: string) {
  return requestBlob("/api/aifolder/file", { query: { path }, silent: true, timeoutMs: 2 * 60_000 });
}
