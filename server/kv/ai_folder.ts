/**
 * The AI document folder's tree (part 4 §3), one per user, as nodes with parent ids: a rename is
 * one record and one index entry, whatever the folder holds; file bytes live in the blob store under
 * a key made of ids only (users/<userId>/ai_folder/<nodeId>/file), never of a user's names.
 *
 * Keys:  ["ai_folder_nodes", userId, nodeId] -> AiFolderNode
 *        ["ai_folder_names", userId, parentId, name] -> nodeId   (unique name within a folder)
 * The root is not stored: its id is ROOT_ID.
 */
import { newId } from "./ids.ts";

export const ROOT_ID = "root";

export interface AiFolderNode {
  id: string;
  userId: number;
  parentId: string;
  name: string;
  isFolder: boolean;
  /** Bytes of a file; 0 for a folder. */
  size: number;
  /** Last change (ms): upload of a file, creation or rename. */
  mtime: number;
  /** The file's blob; null for a folder. */
  blobKey: string | null;
}

const NODES = "ai_folder_nodes";
const NAMES = "ai_folder_names";

export function newNodeId(now: number): string {
  return newId(now);
}

export function nodeKey(userId: number, id: string): Deno.KvKey {
  return [NODES, userId, id];
}

function nameKey(userId: number, parentId: string, name: string): Deno.KvKey {
  return [NAMES, userId, parentId, name];
}

export async function getNodeEntry(
  kv: Deno.Kv,
  userId: number,
  id: string,
): Promise<Deno.KvEntryMaybe<AiFolderNode>> {
  return await kv.get<AiFolderNode>(nodeKey(userId, id));
}

/** The child called `name` of a folder, or null. */
export async function findChild(
  kv: Deno.Kv,
  where: { userId: number; parentId: string; name: string },
): Promise<AiFolderNode | null> {
  const id = await kv.get<string>(nameKey(where.userId, where.parentId, where.name));
  if (!id.value) return null;
  return (await getNodeEntry(kv, where.userId, id.value)).value;
}

/** The children of a folder, in name order of the index. */
export async function listChildren(kv: Deno.Kv, userId: number, parentId: string): Promise<AiFolderNode[]> {
  const ids: string[] = [];
  for await (const e of kv.list<string>({ prefix: [NAMES, userId, parentId] })) ids.push(e.value);
  const nodes: AiFolderNode[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    const entries = await kv.getMany<AiFolderNode[]>(ids.slice(i, i + 10).map((id) => nodeKey(userId, id)));
    for (const e of entries) if (e.value) nodes.push(e.value);
  }
  return nodes;
}

/** Every node of a user (for the folder tree). */
export async function listAllNodes(kv: Deno.Kv, userId: number): Promise<AiFolderNode[]> {
  const nodes: AiFolderNode[] = [];
  for await (const e of kv.list<AiFolderNode>({ prefix: [NODES, userId] })) nodes.push(e.value);
  return nodes;
}

/**
 * Adds a node under its parent. False when the name is taken in that folder or the parent changed
 * or went away since `parent` was read (pass null for the root).
 */
export async function insertNode(
  kv: Deno.Kv,
  node: AiFolderNode,
  parent: Deno.KvEntryMaybe<AiFolderNode> | null,
): Promise<boolean> {
  const op = kv.atomic()
    .check({ key: nameKey(node.userId, node.parentId, node.name), versionstamp: null })
    .check({ key: nodeKey(node.userId, node.id), versionstamp: null });
  if (parent) op.check(parent);
  const res = await op
    .set(nodeKey(node.userId, node.id), node)
    .set(nameKey(node.userId, node.parentId, node.name), node.id)
    .commit();
  return res.ok;
}

/** Puts `node` in the place of `old` (same folder, same name): a replacing upload. False on a race. */
export async function replaceNode(
  kv: Deno.Kv,
  old: Deno.KvEntry<AiFolderNode>,
  node: AiFolderNode,
): Promise<boolean> {
  const res = await kv.atomic()
    .check(old)
    .delete(nodeKey(old.value.userId, old.value.id))
    .set(nodeKey(node.userId, node.id), node)
    .set(nameKey(node.userId, node.parentId, node.name), node.id)
    .commit();
  return res.ok;
}

/** Renames a node in its folder. False when the new name is taken or the node changed meanwhile. */
export async function renameNode(
  kv: Deno.Kv,
  entry: Deno.KvEntry<AiFolderNode>,
  input: { name: string; now: number },
): Promise<boolean> {
  const node = entry.value;
  const renamed: AiFolderNode = { ...node, name: input.name, mtime: input.now };
  const res = await kv.atomic()
    .check(entry)
    .check({ key: nameKey(node.userId, node.parentId, input.name), versionstamp: null })
    .delete(nameKey(node.userId, node.parentId, node.name))
    .set(nameKey(node.userId, node.parentId, input.name), node.id)
    .set(nodeKey(node.userId, node.id), renamed)
    .commit();
  return res.ok;
}

/**
 * Takes a node out of its folder (its index entry and its record, one commit): from then on no one
 * can see it or add to it (insertNode checks the parent). False when it changed meanwhile.
 */
export async function detachNode(kv: Deno.Kv, entry: Deno.KvEntry<AiFolderNode>): Promise<boolean> {
  const node = entry.value;
  const res = await kv.atomic()
    .check(entry)
    .delete(nameKey(node.userId, node.parentId, node.name))
    .delete(nodeKey(node.userId, node.id))
    .commit();
  return res.ok;
}

/** Deletes the records and index entries of nodes already unreachable (below a detached folder). */
export async function deleteNodes(kv: Deno.Kv, nodes: readonly AiFolderNode[]): Promise<void> {
  for (let i = 0; i < nodes.length; i += 200) {
    const op = kv.atomic();
    for (const n of nodes.slice(i, i + 200)) {
      op.delete(nameKey(n.userId, n.parentId, n.name)).delete(nodeKey(n.userId, n.id));
    }
    const res = await op.commit();
    if (!res.ok) throw new Error("ai_folder: delete of detached nodes failed");
  }
}
