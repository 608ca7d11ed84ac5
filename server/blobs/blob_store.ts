/**
 * Where files live. KV keeps only their keys and metadata (values are capped at 64 KiB).
 * Keys are slash-separated segments of [A-Za-z0-9._-]; callers never pass user file names as keys.
 */
export interface BlobStore {
  /** Stores bytes or a stream under key, replacing what was there; returns the size written. */
  put(key: string, data: Uint8Array | ReadableStream<Uint8Array>): Promise<number>;
  /** Opens a stored blob, or null when absent. */
  get(key: string): Promise<{ size: number; stream: ReadableStream<Uint8Array> } | null>;
  /** Reads a whole blob into memory, or null when absent. Only for small blobs. */
  read(key: string): Promise<Uint8Array | null>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Deletes every blob whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** Sizes of every blob under `prefix/`, for storage accounting. */
  list(prefix: string): AsyncIterable<{ key: string; size: number; modifiedAt: number }>;
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Throws unless key is a safe relative path (no "..", no absolute paths, no odd characters). */
export function assertBlobKey(key: string): void {
  const parts = key.split("/");
  if (parts.length === 0 || parts.some((p) => !SEGMENT.test(p) || p === "." || p === "..")) {
    throw new Error(`invalid blob key: ${JSON.stringify(key)}`);
  }
}
