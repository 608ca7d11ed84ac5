/**
 * A whole batch as one zip, built as a stream (client-zip): files are read from the blob store one
 * after the other while the archive goes out, so memory does not grow with the batch. Names are the
 * display names kept in KV (safe and unique per batch), never blob keys.
 */

import { downloadZip } from "client-zip";
import type { BlobStore } from "../../blobs/blob_store.ts";
import type { MediationRow } from "../../kv/mediation_batches.ts";

export type ZipContent = "word" | "pdf" | "both";

interface ZipEntry {
  name: string;
  key: string;
}

/**
 * The entries of a batch zip, in row order: `name.docx`, `name.pdf`, or Word/ and PDF/ folders. Only
 * rows that succeeded: a failed row (its PDF timed out, say) may have a stored Word file, but it is
 * reported as failed and refunded, so the zip matches the result list.
 */
export function batchZipEntries(rows: MediationRow[], content: ZipContent): ZipEntry[] {
  const entries: ZipEntry[] = [];
  for (const kind of content === "both" ? (["word", "pdf"] as const) : [content]) {
    const folder = content === "both" ? (kind === "word" ? "Word/" : "PDF/") : "";
    for (const row of rows) {
      if (row.status !== "done") continue;
      const key = kind === "word" ? row.wordKey : row.pdfKey;
      if (key) entries.push({ name: `${folder}${row.fileName}.${kind === "word" ? "docx" : "pdf"}`, key });
    }
  }
  return entries;
}

/** A streaming zip of the entries; a blob that vanished is left out. */
export function streamBatchZip(
  blobs: BlobStore,
  entries: ZipEntry[],
  lastModified: Date,
): ReadableStream<Uint8Array> {
  async function* files() {
    for (const entry of entries) {
      const blob = await blobs.get(entry.key);
      if (!blob) continue;
      yield { name: entry.name, input: blob.stream, size: blob.size, lastModified };
    }
  }
  return downloadZip(files()).body!;
}
