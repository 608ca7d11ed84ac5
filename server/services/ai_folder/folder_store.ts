/**
 * The AI document folder of one user (part 4 §2, §7): look up, list, create, rename and delete
 * folders and files. Names live in KV (server/kv/ai_folder.ts), bytes in the blob store under ids;
 * the user's root is the user id the route takes from the token, so no request can reach another
 * user's tree. Every client path goes through parseFolderPath() first.
 */
import { AI_FOLDER_NAME_MAX } from "../../../common/constants.ts";
import type { AiFolderItem, AiFolderTreeNode } from "../../../common/schemas/ai_folder.ts";
import { aiFolderNodeId } from "../../../common/schemas/ai_folder.ts";
import { userItemPrefix } from "../../blobs/blob_keys.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import {
  type AiFolderNode,
  deleteNodes,
  detachNode,
  findChild,
  getNodeEntry,
  insertNode,
  listAllNodes,
  listChildren,
  newNodeId,
  renameNode,
  ROOT_ID,
} from "../../kv/ai_folder.ts";
import { joinFolderPath, parseFolderPath } from "./folder_paths.ts";

export type FolderDeps = Pick<AppDeps, "kv" | "blobs" | "clock">;

/** A folder found by path: the root (entry null) or a stored folder. */
export interface ResolvedFolder {
  id: string;
  segments: string[];
  entry: Deno.KvEntry<AiFolderNode> | null;
}

function notFound(): AppError {
  return new AppError("AI_FOLDER_NOT_FOUND");
}

/** The folder at `segments`; AI_FOLDER_NOT_FOUND when a segment is missing or is a file. */
export async function resolveFolder(
  kv: Deno.Kv,
  userId: number,
  segments: string[],
): Promise<ResolvedFolder> {
  let id = ROOT_ID;
  let entry: Deno.KvEntry<AiFolderNode> | null = null;
  for (const name of segments) {
    const child = await findChild(kv, { userId, parentId: id, name });
    if (!child || !child.isFolder) throw notFound();
    const e = await getNodeEntry(kv, userId, child.id);
    if (!e.value) throw notFound();
    entry = e as Deno.KvEntry<AiFolderNode>;
    id = child.id;
  }
  return { id, segments, entry };
}

/** The folder or file at `segments` (not the root), of the kind asked for. */
export async function resolveItem(
  kv: Deno.Kv,
  userId: number,
  item: { segments: string[]; isFolder: boolean },
): Promise<Deno.KvEntry<AiFolderNode>> {
  if (item.segments.length === 0) throw new AppError("AI_FOLDER_PATH_INVALID", {}, { field: "path" });
  const parent = await resolveFolder(kv, userId, item.segments.slice(0, -1));
  const node = await findChild(kv, { userId, parentId: parent.id, name: item.segments.at(-1)! });
  if (!node || node.isFolder !== item.isFolder) throw notFound();
  const entry = await getNodeEntry(kv, userId, node.id);
  if (!entry.value) throw notFound();
  return entry as Deno.KvEntry<AiFolderNode>;
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name.localeCompare(b.name, "zh-CN");
}

function toItem(node: AiFolderNode, parent: readonly string[]): AiFolderItem {
  return {
    name: node.name,
    path: joinFolderPath([...parent, node.name]),
    isFolder: node.isFolder,
    size: node.isFolder ? 0 : node.size,
    mtime: new Date(node.mtime).toISOString(),
  };
}

/** The contents of a folder: folders first, then files, each by name. */
export async function listFolderContents(
  kv: Deno.Kv,
  userId: number,
  rawPath: string,
): Promise<AiFolderItem[]> {
  const folder = await resolveFolder(kv, userId, parseFolderPath(rawPath));
  const nodes = await listChildren(kv, userId, folder.id);
  return nodes
    .sort((a, b) => Number(b.isFolder) - Number(a.isFolder) || byName(a, b))
    .map((n) => toItem(n, folder.segments));
}

/** Every folder of the user as a tree (files left out), each level by name. */
export async function buildFolderTree(kv: Deno.Kv, userId: number): Promise<AiFolderTreeNode[]> {
  const byParent = new Map<string, AiFolderNode[]>();
  for (const node of await listAllNodes(kv, userId)) {
    if (!node.isFolder) continue;
    const list = byParent.get(node.parentId) ?? [];
    list.push(node);
    byParent.set(node.parentId, list);
  }
  function level(parentId: string, parent: string[], seen: Set<string>): AiFolderTreeNode[] {
    return (byParent.get(parentId) ?? []).sort(byName).filter((n) => !seen.has(n.id)).map((n) => {
      const segments = [...parent, n.name];
      const path = joinFolderPath(segments);
      return {
        id: aiFolderNodeId(path),
        label: n.name,
        path,
        isFolder: true as const,
        children: level(n.id, segments, new Set([...seen, n.id])),
      };
    });
  }
  return level(ROOT_ID, [], new Set());
}

/** Creates a folder in the folder at `path`; AI_FOLDER_NAME_TAKEN when the name is used there. */
export async function createFolder(
  deps: FolderDeps,
  userId: number,
  input: { path: string; name: string },
): Promise<AiFolderItem> {
  const parent = await resolveFolder(deps.kv, userId, parseFolderPath(input.path));
  const name = input.name.normalize("NFC");
  const node: AiFolderNode = {
    id: newNodeId(deps.clock.now()),
    userId,
    parentId: parent.id,
    name,
    isFolder: true,
    size: 0,
    mtime: deps.clock.now(),
    blobKey: null,
  };
  if (!(await insertNode(deps.kv, node, parent.entry))) {
    if (await findChild(deps.kv, { userId, parentId: parent.id, name })) {
      throw new AppError("AI_FOLDER_NAME_TAKEN", { name }, { field: "name" });
    }
    throw new AppError("AI_FOLDER_CONCURRENT_CHANGE");
  }
  return toItem(node, parent.segments);
}

/** Renames a folder or file in place (part 4 §5: the new name must differ and be free). */
export async function renameItem(
  deps: FolderDeps,
  userId: number,
  input: { oldPath: string; newName: string; isFolder: boolean },
): Promise<AiFolderItem> {
  const segments = parseFolderPath(input.oldPath, "oldPath");
  const entry = await resolveItem(deps.kv, userId, { segments, isFolder: input.isFolder });
  const name = input.newName.normalize("NFC");
  if (name === entry.value.name) throw new AppError("AI_FOLDER_NAME_UNCHANGED", {}, { field: "newName" });
  if (name.length > AI_FOLDER_NAME_MAX) {
    throw new AppError("AI_FOLDER_NAME_TOO_LONG", { max: AI_FOLDER_NAME_MAX });
  }
  const now = deps.clock.now();
  if (!(await renameNode(deps.kv, entry, { name, now }))) {
    if (await findChild(deps.kv, { userId, parentId: entry.value.parentId, name })) {
      throw new AppError("AI_FOLDER_NAME_TAKEN", { name }, { field: "newName" });
    }
    throw new AppError("AI_FOLDER_CONCURRENT_CHANGE");
  }
  return toItem({ ...entry.value, name, mtime: now }, segments.slice(0, -1));
}

/** The blob folder of one stored file (users/<userId>/ai_folder/<nodeId>). */
export function fileBlobPrefix(userId: number, nodeId: string): string {
  return userItemPrefix(userId, "ai_folder", nodeId);
}

/**
 * Deletes a node and everything below it: first it leaves its folder (one commit, so lists and
 * uploads stop seeing it at once), then the records below, then the files' blobs.
 */
export async function deleteNodeTree(deps: Pick<AppDeps, "kv" | "blobs">, entry: Deno.KvEntry<AiFolderNode>) {
  if (!(await detachNode(deps.kv, entry))) throw new AppError("AI_FOLDER_CONCURRENT_CHANGE");
  const below: AiFolderNode[] = [];
  const queue = entry.value.isFolder ? [entry.value.id] : [];
  while (queue.length > 0) {
    for (const child of await listChildren(deps.kv, entry.value.userId, queue.shift()!)) {
      below.push(child);
      if (child.isFolder) queue.push(child.id);
    }
  }
  await deleteNodes(deps.kv, below);
  for (const node of [entry.value, ...below]) {
    if (!node.isFolder) await deps.blobs.deletePrefix(fileBlobPrefix(node.userId, node.id));
  }
}

/** Deletes one folder (with its contents) or file. */
export async function deleteItem(
  deps: FolderDeps,
  userId: number,
  input: { path: string; isFolder: boolean },
): Promise<void> {
  const entry = await resolveItem(deps.kv, userId, {
    segments: parseFolderPath(input.path),
    isFolder: input.isFolder,
  });
  await deleteNodeTree(deps, entry);
}

/**
 * Deletes several items. Every path is checked and found before anything is deleted, so a bad item
 * deletes nothing; an item inside a folder also being deleted is covered by that folder.
 */
export async function deleteItems(
  deps: FolderDeps,
  userId: number,
  items: readonly { path: string; isFolder: boolean }[],
): Promise<number> {
  const parsed = items.map((item, i) => ({
    ...item,
    segments: parseFolderPath(item.path, `items.${i}.path`),
  }));
  const folders = parsed.filter((i) => i.isFolder).map((i) => joinFolderPath(i.segments));
  const covered = (path: string) => folders.some((f) => path.startsWith(f + "/"));
  const unique = new Map<string, typeof parsed[number]>();
  for (const item of parsed) {
    const path = joinFolderPath(item.segments);
    if (!covered(path)) unique.set(`${item.isFolder}:${path}`, item);
  }
  const entries = [];
  for (const item of unique.values()) entries.push(await resolveItem(deps.kv, userId, item));
  for (const entry of entries) await deleteNodeTree(deps, entry);
  return entries.length;
}
