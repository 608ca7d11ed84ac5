import { assertBlobKey, type BlobStore } from "./blob_store.ts";

/** A BlobStore in a local folder (default `<DATA_DIR>/blobs`). Writes go to a temp file, then rename. */
export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertBlobKey(key);
    return `${this.root}/${key}`;
  }

  async put(key: string, data: Uint8Array | ReadableStream<Uint8Array>): Promise<number> {
    const path = this.pathOf(key);
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    const tmp = `${path}.${crypto.randomUUID()}.part`;
    try {
      if (data instanceof Uint8Array) {
        await Deno.writeFile(tmp, data);
      } else {
        const file = await Deno.open(tmp, { write: true, create: true, truncate: true });
        await data.pipeTo(file.writable);
      }
      await Deno.rename(tmp, path);
    } catch (err) {
      await Deno.remove(tmp).catch(() => {});
      throw err;
    }
    return (await Deno.stat(path)).size;
  }

  async get(key: string): Promise<{ size: number; stream: ReadableStream<Uint8Array> } | null> {
    try {
      const file = await Deno.open(this.pathOf(key), { read: true });
      const { size } = await file.stat();
      return { size, stream: file.readable };
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) return null;
      throw err;
    }
  }

  async read(key: string): Promise<Uint8Array | null> {
    try {
      return await Deno.readFile(this.pathOf(key));
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) return null;
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await Deno.stat(this.pathOf(key))).size;
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await Deno.remove(this.pathOf(key)).catch((err) => {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await Deno.remove(this.pathOf(prefix), { recursive: true }).catch((err) => {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    });
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number; modifiedAt: number }> {
    const base = this.pathOf(prefix);
    const stack = [base];
    while (stack.length) {
      const dir = stack.pop()!;
      let entries: Deno.DirEntry[];
      try {
        entries = await Array.fromAsync(Deno.readDir(dir));
      } catch (err) {
        if (err instanceof Deno.errors.NotFound) continue;
        throw err;
      }
      for (const entry of entries) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory) stack.push(path);
        else if (entry.isFile && !entry.name.endsWith(".part")) {
          const info = await Deno.stat(path);
          yield {
            key: path.slice(this.root.length + 1),
            size: info.size,
            modifiedAt: info.mtime?.getTime() ?? 0,
          };
        }
      }
    }
  }
}
