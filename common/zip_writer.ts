/**
 * A minimal zip writer, shared by the browser (exports built in the page) and the server (the case
 * split's region workbooks, written in a permission-less worker). Sizes and CRC-32 sit in the local
 * headers (no data descriptors, no ZIP64), so every reader opens the result, SheetJS 0.18 included.
 * Entries are deflated with the platform's CompressionStream (native zlib in Deno and browsers, no
 * library) and stored where that is missing. Limits: under 4 GiB and 65 535 entries.
 *
 * An entry is compressed once and may be written into several archives (zipWriter().entry() with
 * another name): the case split puts each region's worksheet both in the region's own workbook and
 * in the 汇总 workbook without compressing it twice.
 */

import { cleanFileName } from "./file_names.ts";

export interface ZipEntry {
  /** Path inside the archive, "/"-separated; stored as UTF-8. */
  name: string;
  /** The entry's bytes as written (deflated or stored); become Blob parts without another copy. */
  data: Uint8Array<ArrayBuffer>[];
  /** CRC-32 and size of the uncompressed content. */
  crc: number;
  size: number;
  compressedSize: number;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
}

/** CRC tables for slicing by 8: eight bytes per step, about four times the speed of one table. */
const CRC_TABLES = (() => {
  const tables = new Uint32Array(256 * 8);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    for (let t = 1; t < 8; t++) {
      const prev = tables[(t - 1) * 256 + n];
      tables[t * 256 + n] = (tables[prev & 0xff] ^ (prev >>> 8)) >>> 0;
    }
  }
  return tables;
})();

/** CRC-32 (zip's), continued from `previous` so chunks can be fed one by one. */
export function crc32(bytes: Uint8Array, previous = 0): number {
  const t = CRC_TABLES;
  let c = ~previous >>> 0;
  let i = 0;
  const end8 = bytes.length - (bytes.length & 7);
  for (; i < end8; i += 8) {
    const lo = c ^ (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24));
    c = t[1792 + (lo & 0xff)] ^ t[1536 + ((lo >>> 8) & 0xff)] ^ t[1280 + ((lo >>> 16) & 0xff)] ^
      t[1024 + (lo >>> 24)] ^ t[768 + bytes[i + 4]] ^ t[512 + bytes[i + 5]] ^ t[256 + bytes[i + 6]] ^
      t[bytes[i + 7]];
  }
  for (; i < bytes.length; i++) c = t[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/** True when this platform can deflate (CompressionStream with "deflate-raw"). */
export function canDeflate(): boolean {
  try {
    new CompressionStream("deflate-raw");
    return true;
  } catch {
    return false;
  }
}

/** The bytes of `parts` concatenated (a string part as UTF-8). */
function joinParts(parts: Iterable<string | Uint8Array<ArrayBuffer>>): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const list = [...parts].map((p) => typeof p === "string" ? encoder.encode(p) : p);
  const out = new Uint8Array(list.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of list) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** A stored (uncompressed) entry, built at once: for the small fixed parts of a file. */
export function storedEntry(name: string, parts: Iterable<string | Uint8Array<ArrayBuffer>>): ZipEntry {
  const bytes = joinParts(parts);
  return {
    name,
    data: [bytes],
    crc: crc32(bytes),
    size: bytes.byteLength,
    compressedSize: bytes.byteLength,
    method: 0,
  };
}

/**
 * Compresses one piece of an entry on its own and ends on a byte boundary without closing the
 * deflate stream (zlib's Z_SYNC_FLUSH, e.g. node:zlib deflateRawSync with that finishFlush). Pieces
 * made this way, followed by an empty final block, form one valid deflate stream: a platform with a
 * synchronous zlib compresses an entry piece by piece, with no stream object and nothing kept
 * between pieces. (Each CompressionStream holds ~300 KB of native memory until it is collected,
 * which for hundreds of small entries adds up; its level cannot be chosen either.)
 */
export type DeflatePiece = (bytes: Uint8Array) => Uint8Array<ArrayBuffer>;

export interface ZipEntryOptions {
  /** false stores the entry uncompressed; by default it is deflated where the platform can. */
  deflate?: boolean;
  /** Deflate with this instead of CompressionStream (synchronously). */
  deflatePiece?: DeflatePiece;
}

/** The final, empty deflate block (fixed Huffman codes, end of block): closes a stream of pieces. */
const FINAL_BLOCK = new Uint8Array([0x03, 0x00]);
/** Text gathered before a piece is compressed: small pieces compress worse and cost a zlib set-up each. */
const PIECE_BYTES = 128 * 1024;

/** One entry from text or byte parts, deflated piece by piece with `deflatePiece` (see DeflatePiece). */
export function zipEntrySync(
  name: string,
  parts: Iterable<string | Uint8Array<ArrayBuffer>>,
  deflatePiece: DeflatePiece,
): ZipEntry {
  const encoder = new TextEncoder();
  const data: Uint8Array<ArrayBuffer>[] = [];
  let crc = 0;
  let size = 0;
  let compressedSize = 0;
  let pending: Uint8Array<ArrayBuffer>[] = [];
  let pendingBytes = 0;
  const compress = () => {
    const piece = pending.length === 1 ? pending[0] : joinParts(pending);
    pending = [];
    pendingBytes = 0;
    const out = deflatePiece(piece);
    data.push(out);
    compressedSize += out.byteLength;
  };
  for (const part of parts) {
    const bytes = typeof part === "string" ? encoder.encode(part) : part;
    if (bytes.byteLength === 0) continue;
    crc = crc32(bytes, crc);
    size += bytes.byteLength;
    pending.push(bytes);
    pendingBytes += bytes.byteLength;
    if (pendingBytes >= PIECE_BYTES) compress();
  }
  if (pendingBytes > 0) compress();
  data.push(FINAL_BLOCK.slice());
  compressedSize += FINAL_BLOCK.byteLength;
  return { name, data, crc, size, compressedSize, method: 8 };
}

/**
 * One entry from text or byte parts, read once and in order. With `deflate` (the default, when the
 * platform can), the parts are compressed as they are encoded: only the compressed bytes are kept.
 */
export async function zipEntry(
  name: string,
  parts: Iterable<string | Uint8Array<ArrayBuffer>>,
  options: ZipEntryOptions = {},
): Promise<ZipEntry> {
  if (!(options.deflate ?? true)) return storedEntry(name, parts);
  if (options.deflatePiece) return zipEntrySync(name, parts, options.deflatePiece);
  if (!canDeflate()) return storedEntry(name, parts);
  const encoder = new TextEncoder();
  const iterator = parts[Symbol.iterator]();
  let crc = 0;
  let size = 0;
  const source = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      // Empty pieces are skipped: an empty chunk would end nothing but cost a round trip.
      for (;;) {
        const step = iterator.next();
        if (step.done) return controller.close();
        const bytes = typeof step.value === "string" ? encoder.encode(step.value) : step.value;
        if (bytes.byteLength === 0) continue;
        crc = crc32(bytes, crc);
        size += bytes.byteLength;
        return controller.enqueue(bytes);
      }
    },
  });
  const data: Uint8Array<ArrayBuffer>[] = [];
  let compressedSize = 0;
  for await (const chunk of source.pipeThrough(new CompressionStream("deflate-raw"))) {
    data.push(chunk as Uint8Array<ArrayBuffer>);
    compressedSize += chunk.byteLength;
  }
  return { name, data, crc, size, compressedSize, method: 8 };
}

/** MS-DOS date and time (local), as zip headers keep them. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** Writes an archive entry by entry, so it can be sent on while later entries are still being made. */
export interface ZipWriter {
  /** The local header and data of `entry`, written under `name` (its own name by default). */
  entry(entry: ZipEntry, name?: string): Uint8Array<ArrayBuffer>[];
  /** The central directory and its end record: the archive's last bytes. */
  end(): Uint8Array<ArrayBuffer>[];
}

/** A new archive; entries are dated `date` (now by default). */
export function zipWriter(options: { date?: Date } = {}): ZipWriter {
  const encoder = new TextEncoder();
  const when = dosDateTime(options.date ?? new Date());
  const central: Uint8Array<ArrayBuffer>[] = [];
  let offset = 0;
  return {
    entry(entry, name = entry.name) {
      if (central.length === 0xffff) throw new Error("too many zip entries");
      // Each path segment cleaned (cleanFileName): no bidirectional or control characters in an entry.
      const nameBytes = encoder.encode(name.split("/").map(cleanFileName).join("/"));
      const local = new Uint8Array(30 + nameBytes.length);
      const lv = new DataView(local.buffer);
      lv.setUint32(0, 0x04034b50, true);
      lv.setUint16(4, 20, true); // version needed: 2.0
      lv.setUint16(6, 0x0800, true); // UTF-8 names
      lv.setUint16(8, entry.method, true);
      lv.setUint16(10, when.time, true);
      lv.setUint16(12, when.date, true);
      lv.setUint32(14, entry.crc, true);
      lv.setUint32(18, entry.compressedSize, true);
      lv.setUint32(22, entry.size, true);
      lv.setUint16(26, nameBytes.length, true);
      local.set(nameBytes, 30);

      const head = new Uint8Array(46 + nameBytes.length);
      const cv = new DataView(head.buffer);
      cv.setUint32(0, 0x02014b50, true);
      cv.setUint16(4, 20, true); // made by
      head.set(local.subarray(4, 30), 6); // version needed .. name length: as in the local header
      cv.setUint32(42, offset, true);
      head.set(nameBytes, 46);
      central.push(head);
      offset += local.length + entry.compressedSize;
      if (offset > 0xffffffff) throw new Error("zip over 4 GiB");
      return [local, ...entry.data];
    },
    end() {
      const centralSize = central.reduce((n, h) => n + h.length, 0);
      const end = new Uint8Array(22);
      const ev = new DataView(end.buffer);
      ev.setUint32(0, 0x06054b50, true);
      ev.setUint16(8, central.length, true);
      ev.setUint16(10, central.length, true);
      ev.setUint32(12, centralSize, true);
      ev.setUint32(16, offset, true);
      return [...central, end];
    },
  };
}

/** The archive of `entries` as a Blob. */
export function zipBlob(entries: ZipEntry[], options: { type?: string; date?: Date } = {}): Blob {
  const zip = zipWriter({ date: options.date });
  const parts: BlobPart[] = [];
  for (const entry of entries) parts.push(...zip.entry(entry));
  parts.push(...zip.end());
  return new Blob(parts, { type: options.type ?? "application/zip" });
}
