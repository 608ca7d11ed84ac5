/**
 * The AI document folder as custom OCR's folder mode shows it (part 4 §3 "Folder tree node"): one
 * level at a time (a lazy tree), folders first, ids "dir_<path>" / "file_<path>", each folder with the
 * number of files below it (totalCount: what a run would read at most), and isProcessed when a record
 * of that folder (or file) exists.
 */
import { type AiFolderNode, listChildren } from "../../kv/ai_folder.ts";
import { listRecords } from "../../kv/custom_ocr_records.ts";
import { joinFolderPath, parseFolderPath } from "../ai_folder/folder_paths.ts";
import { resolveFolder } from "../ai_folder/folder_store.ts";

export interface FolderBrowserNode {
  id: string;
  name: string;
  label: string;
  isFolder: boolean;
  isFile: boolean;
  totalCount: number;
  path: string;
  size: number;
  mtime: string;
  isProcessed: boolean;
  isLeaf: boolean;
}

async function countFiles(kv: Deno.Kv, userId: number, folderId: string): Promise<number> {
  let n = 0;
  for (const child of await listChildren(kv, userId, folderId)) {
    n += child.isFolder ? await countFiles(kv, userId, child.id) : 1;
  }
  return n;
}

/** The children of the folder at `rawPath` ("" is the root). */
export async function listFolderLevel(
  kv: Deno.Kv,
  userId: number,
  rawPath: string,
): Promise<FolderBrowserNode[]> {
  const folder = await resolveFolder(kv, userId, parseFolderPath(rawPath));
  const processed = new Set(
    (await listRecords(kv, userId)).filter((r) => r.folderPath).map((r) => r.folderPath),
  );
  const children = (await listChildren(kv, userId, folder.id))
    .sort((a, b) => Number(b.isFolder) - Number(a.isFolder) || a.name.localeCompare(b.name, "zh-CN"));
  const out: FolderBrowserNode[] = [];
  for (const node of children as AiFolderNode[]) {
    const path = joinFolderPath([...folder.segments, node.name]);
    const hasSubfolders = node.isFolder && (await listChildren(kv, userId, node.id)).some((c) => c.isFolder);
    out.push({
      id: `${node.isFolder ? "dir" : "file"}_${path}`,
      name: node.name,
      label: node.name,
      isFolder: node.isFolder,
      isFile: !node.isFolder,
      totalCount: node.isFolder ? await countFiles(kv, userId, node.id) : 1,
      path,
      size: node.size,
      mtime: new Date(node.mtime).toISOString(),
      isProcessed: processed.has(path),
      isLeaf: !hasSubfolders,
    });
  }
  return out;
}
