/**
 * The AI document folder as custom OCR's folder mode shows it (part 4 §3 "Folder tree node"): one
 * level at a time (a lazy tree), folders first, ids "dir_<path>" / "file_<path>", each folder with the
 * number of files below it (totalCount), and isProcessed once a run of that folder (or file) has
 * completed (not while it is still reading). Given the rule, each node also counts the files the rule
 * would read and charge (matchedCount: no expected.json, no unsupported type, a pattern matches).
 */
import { type AiFolderNode, listChildren } from "../../kv/ai_folder.ts";
import { listRecords } from "../../kv/custom_ocr_records.ts";
import { joinFolderPath, parseFolderPath } from "../ai_folder/folder_paths.ts";
import { resolveFolder } from "../ai_folder/folder_store.ts";
import type { CustomRuleRecord } from "../../kv/custom_ocr_rules.ts";
import { routeFile } from "./rules.ts";

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
  /** With a rule: the files below (or this file) that the rule would read, one AI use each. */
  matchedCount?: number;
}

async function countFiles(
  kv: Deno.Kv,
  input: { userId: number; folderId: string; counts: (name: string) => boolean },
): Promise<number> {
  let n = 0;
  for (const child of await listChildren(kv, input.userId, input.folderId)) {
    n += child.isFolder
      ? await countFiles(kv, { ...input, folderId: child.id })
      : Number(input.counts(child.name));
  }
  return n;
}

/** The children of the folder at `rawPath` ("" is the root). */
export async function listFolderLevel(
  kv: Deno.Kv,
  input: { userId: number; path: string; rule?: CustomRuleRecord },
): Promise<FolderBrowserNode[]> {
  const { userId, rule } = input;
  const folder = await resolveFolder(kv, userId, parseFolderPath(input.path));
  const processed = new Set(
    (await listRecords(kv, userId)).filter((r) => r.folderPath && r.status === "completed").map((r) =>
      r.folderPath
    ),
  );
  const matches = (name: string) => rule !== undefined && routeFile(rule, name).status === "matched";
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
      totalCount: node.isFolder ? await countFiles(kv, { userId, folderId: node.id, counts: () => true }) : 1,
      ...(rule
        ? {
          matchedCount: node.isFolder
            ? await countFiles(kv, { userId, folderId: node.id, counts: matches })
            : Number(matches(node.name)),
        }
        : {}),
      path,
      size: node.size,
      mtime: new Date(node.mtime).toISOString(),
      isProcessed: processed.has(path),
      isLeaf: !hasSubfolders,
    });
  }
  return out;
}
