/**
 * Uploads into the AI document folder (part 4 §4, §7): files into the current folder, or a folder
 * batch whose files carry relative paths ("案卷/证据/借条.jpg"; missing folders are created, existing
 * ones reused). A batch holds at most 50 MB of file content: past that the whole request is refused
 * and the files it had stored are removed again, so a refused batch leaves nothing behind. Inside an
 * accepted batch each file stands alone: a file that cannot be stored (a bad name, a file where a
 * folder should be) is reported in `failed` and the others are kept. A name already used in its
 * folder keeps both ("借条 (2).jpg") unless `replace` asks to replace an existing file.
 */
import {
  AI_FOLDER_BATCH_MAX_BYTES,
  AI_FOLDER_FILE_MAX_BYTES,
  AI_FOLDER_NAME_MAX,
} from "../../../common/constants.ts";
import type { AiFolderUploadResult } from "../../../common/schemas/ai_folder.ts";
import { AppError } from "../../errors.ts";
import {
  type AiFolderNode,
  findChild,
  getNodeEntry,
  insertNode,
  newNodeId,
  replaceNode,
} from "../../kv/ai_folder.ts";
import { deleteNodeTree, fileBlobPrefix, type FolderDeps, type ResolvedFolder } from "./folder_store.ts";
import { joinFolderPath } from "./folder_paths.ts";
import { capStream } from "../uploads/capped_stream.ts";

/** "借条.jpg" -> "借条 (2).jpg"; a name without extension gets the suffix at its end. */
export function numberedName(name: string, n: number): string {
  if (n <= 1) return name;
  const dot = name.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  return `${stem} (${n})${ext}`;
}

/** One upload request: the target folder, the batch's byte count, and what it stored so far. */
function fileTooLarge(): AppError {
  return new AppError("FILE_TOO_LARGE", { limit: "50MB" });
}

export class FolderUpload {
  private used = 0;
  private readonly folders = new Map<string, ResolvedFolder>();
  private readonly stored: AiFolderNode[] = [];
  readonly result: AiFolderUploadResult = { success: true, message: "", uploaded: [], failed: [] };

  constructor(
    private readonly deps: FolderDeps,
    private readonly userId: number,
    private readonly base: ResolvedFolder,
    private readonly options: { replace: boolean },
  ) {
    this.folders.set("", base);
  }

  /** Adds bytes to the batch count; throws AI_FOLDER_BATCH_TOO_LARGE past 50 MB (then FILE_TOO_LARGE for a file). */
  private count(bytes: number, fileBytes = 0): void {
    this.used += bytes;
    if (this.used > AI_FOLDER_BATCH_MAX_BYTES) throw new AppError("AI_FOLDER_BATCH_TOO_LARGE");
    if (fileBytes > AI_FOLDER_FILE_MAX_BYTES) throw fileTooLarge();
  }

  /** One file's bytes: counted into the batch, and refused past 50 MB on their own. */
  private capped(data: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    return capStream(data, {
      maxBytes: AI_FOLDER_FILE_MAX_BYTES,
      tooLarge: fileTooLarge,
      onChunk: (bytes) => this.count(bytes),
    });
  }

  /** The folder at `dirs` below the base, created where missing. */
  private async folderAt(dirs: readonly string[]): Promise<ResolvedFolder> {
    const path = joinFolderPath(dirs);
    const known = this.folders.get(path);
    if (known) return known;
    const parent = await this.folderAt(dirs.slice(0, -1));
    const name = dirs.at(-1)!;
    for (let attempt = 0; attempt < 5; attempt++) {
      const existing = await findChild(this.deps.kv, { userId: this.userId, parentId: parent.id, name });
      if (existing && !existing.isFolder) throw new AppError("AI_FOLDER_NAME_TAKEN", { name });
      if (existing) {
        const entry = await getNodeEntry(this.deps.kv, this.userId, existing.id);
        if (!entry.value) continue;
        const folder = {
          id: existing.id,
          segments: [...parent.segments, name],
          entry: entry as Deno.KvEntry<AiFolderNode>,
        };
        this.folders.set(path, folder);
        return folder;
      }
      const now = this.deps.clock.now();
      const node: AiFolderNode = {
        id: newNodeId(now),
        userId: this.userId,
        parentId: parent.id,
        name,
        isFolder: true,
        size: 0,
        mtime: now,
        blobKey: null,
      };
      if (await insertNode(this.deps.kv, node, parent.entry)) this.stored.push(node);
      else if (!(await this.stillThere(parent))) throw new AppError("AI_FOLDER_NOT_FOUND");
    }
    throw new AppError("AI_FOLDER_CONCURRENT_CHANGE");
  }

  private async stillThere(folder: ResolvedFolder): Promise<boolean> {
    if (!folder.entry) return true;
    const now = await getNodeEntry(this.deps.kv, this.userId, folder.id);
    return now.versionstamp === folder.entry.versionstamp;
  }

  /**
   * Stores one file at `relative` (folders below the base, then the file name). A refusal of this
   * file alone is recorded in `failed`; a batch over 50 MB throws (call rollback()).
   */
  async addFile(relative: readonly string[], data: Uint8Array | ReadableStream<Uint8Array>): Promise<void> {
    const path = joinFolderPath([...this.base.segments, ...relative]);
    const now = this.deps.clock.now();
    const id = newNodeId(now);
    const prefix = fileBlobPrefix(this.userId, id);
    let stored = false;
    try {
      if (data instanceof Uint8Array) this.count(data.byteLength, data.byteLength);
      const folder = await this.folderAt(relative.slice(0, -1));
      const blobKey = `${prefix}/file`;
      const size = await this.deps.blobs.put(blobKey, data instanceof Uint8Array ? data : this.capped(data));
      stored = true;
      const node = await this.place(folder, {
        id,
        userId: this.userId,
        parentId: folder.id,
        name: relative.at(-1)!,
        isFolder: false,
        size,
        mtime: now,
        blobKey,
      });
      this.stored.push(node);
      this.result.uploaded.push({
        name: node.name,
        path: joinFolderPath([...folder.segments, node.name]),
        size,
      });
    } catch (err) {
      if (stored || !(data instanceof Uint8Array)) await this.deps.blobs.deletePrefix(prefix);
      // Over the batch cap refuses the whole request; any other refusal is this file's alone.
      if (!(err instanceof AppError) || err.code === "AI_FOLDER_BATCH_TOO_LARGE") throw err;
      this.result.failed.push({ path, error: err.message });
    }
  }

  /** Records a file refused before its bytes were read (e.g. a bad relative path). */
  refuse(path: string, err: unknown): void {
    if (!(err instanceof AppError)) throw err;
    this.result.failed.push({ path, error: err.message });
  }

  /** Gives the file its name in the folder: free, replacing (when asked), or numbered. */
  private async place(folder: ResolvedFolder, node: AiFolderNode): Promise<AiFolderNode> {
    let races = 0;
    for (let n = 1; n <= 1000; n++) {
      if (races > 20) throw new AppError("AI_FOLDER_CONCURRENT_CHANGE");
      const name = numberedName(node.name, n);
      if (name.length > AI_FOLDER_NAME_MAX) {
        throw new AppError("AI_FOLDER_NAME_TOO_LONG", { max: AI_FOLDER_NAME_MAX });
      }
      const candidate = { ...node, name };
      const existing = await findChild(this.deps.kv, { userId: this.userId, parentId: folder.id, name });
      if (existing && this.options.replace && n === 1 && !existing.isFolder) {
        const old = await getNodeEntry(this.deps.kv, this.userId, existing.id);
        if (old.value && (await replaceNode(this.deps.kv, old as Deno.KvEntry<AiFolderNode>, candidate))) {
          await this.deps.blobs.deletePrefix(fileBlobPrefix(this.userId, existing.id));
          return candidate;
        }
        n--; // raced: look again
        races++;
        continue;
      }
      if (existing) continue;
      if (await insertNode(this.deps.kv, candidate, folder.entry)) return candidate;
      if (!(await this.stillThere(folder))) throw new AppError("AI_FOLDER_NOT_FOUND");
      n--; // the name was taken meanwhile: look again
      races++;
    }
    throw new AppError("AI_FOLDER_NAME_TAKEN", { name: node.name });
  }

  /** Removes everything this request stored (a refused batch leaves nothing behind). */
  async rollback(): Promise<void> {
    for (const node of this.stored.reverse()) {
      const entry = await getNodeEntry(this.deps.kv, this.userId, node.id);
      if (entry.value) await deleteNodeTree(this.deps, entry as Deno.KvEntry<AiFolderNode>).catch(() => {});
    }
  }

  /** The answer: 上传成功 with what was stored, or which files failed and why. */
  finish(successText: string): AiFolderUploadResult {
    const { uploaded, failed } = this.result;
    this.result.message = failed.length === 0
      ? successText
      : `已上传 ${uploaded.length} 个文件，${failed.length} 个文件失败`;
    return this.result;
  }
}
