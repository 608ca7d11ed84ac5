/**
 * A minimal zip writer for files built in memory (exports made in the browser). Sizes and CRC-32 sit
 * in the local headers (no data descriptors, no ZIP64), so every reader opens the result, SheetJS
 * included. Entries are deflated with the platform's CompressionStream (native zlib, no library)
 * and stored where that is missing. Limits: under 4 GiB and 65 535 entries.
 */

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

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (zip's), continued from `previous` so chunks can be fed one by one. */
export function crc32(bytes: Uint8Array, previous = 0): number {
  let c = ~previous >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
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

/**
 * One entry from text or byte parts, read once and in order. With `deflate` (the default, when the
 * platform can), the parts are compressed as they are encoded: only the compressed bytes are kept.
 */
export async function zipEntry(
  name: string,
  parts: Iterable<string | Uint8Array<ArrayBuffer>>,
  options: { deflate?: boolean } = {},
): Promise<ZipEntry> {
  const encoder = new TextEncoder();
  const iterator = parts[Symbol.iterator]();
  let crc = 0;
  let size = 0;
  const next = (): Uint8Array<ArrayBuffer> | null => {
    const step = iterator.next();
    if (step.done) return null;
    const bytes = typeof step.value === "string" ? encoder.encode(step.value) : step.value;
    crc = crc32(bytes, crc);
    size += bytes.byteLength;
    return bytes;
  };
  if (!(options.deflate ?? true) || !canDeflate()) {
    const data: Uint8Array<ArrayBuffer>[] = [];
    for (let bytes = next(); bytes; bytes = next()) data.push(bytes);
    return { name, data, crc, size, compressedSize: size, method: 0 };
  }
  const source = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      const bytes = next();
      if (bytes) controller.enqueue(bytes);
      else controller.close();
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

/** The archive of `entries` as a Blob. */
export function zipBlob(entries: ZipEntry[], options: { type?: string; date?: Date } = {}): Blob {
  const encoder = new TextEncoder();
  const when = dosDateTime(options.date ?? new Date());
  const parts: BlobPart[] = [];
  const central: Uint8Array<ArrayBuffer>[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const local = new Uint8Array(30 + name.length);
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
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    parts.push(local, ...entry.data);

    const head = new Uint8Array(46 + name.length);
    const cv = new DataView(head.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true); // made by
    head.set(local.subarray(4, 30), 6); // version needed .. name length: as in the local header
    cv.setUint32(42, offset, true);
    head.set(name, 46);
    central.push(head);
    offset += local.length + entry.compressedSize;
  }
  const centralSize = central.reduce((n, h) => n + h.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  parts.push(...central, end);
  return new Blob(parts, { type: options.type ?? "application/zip" });
}
