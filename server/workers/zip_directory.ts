import { ParseFailure } from "./worker_protocol.ts";

/**
 * Reads a zip's central directory without inflating anything, so a zip bomb can be refused by its
 * declared sizes before a parser touches it. Pure and permission-free: runs inside the worker.
 */

export interface ZipDirectorySummary {
  entries: number;
  /** Sum of the uncompressed sizes the central directory declares. */
  uncompressedBytes: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
/** More entries than any real workbook has; also bounds the loop below. */
const MAX_ENTRIES = 20_000;

const BROKEN = "文件已损坏或不是有效的Excel文件";

/** Locates the end-of-central-directory record (it may be followed by a comment of up to 64 KiB). */
function findEndOfDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - EOCD_MIN - 0xffff);
  for (let p = view.byteLength - EOCD_MIN; p >= lowest; p--) {
    if (view.getUint32(p, true) === EOCD_SIGNATURE) return p;
  }
  throw new ParseFailure(BROKEN);
}

/** One entry as the central directory lists it. */
export interface ZipEntry {
  name: string;
  /** Where its local header starts. */
  localOffset: number;
  uncompressedBytes: number;
  /** Size of its data as stored, and how: 0 stored, 8 deflated. */
  compressedBytes: number;
  method: number;
}

/** Entry count and declared uncompressed size of a zip. Throws ParseFailure on a malformed or ZIP64 file. */
export function readZipDirectory(bytes: Uint8Array): ZipDirectorySummary {
  const { entries } = readZipEntries(bytes);
  return {
    entries: entries.length,
    uncompressedBytes: entries.reduce((sum, e) => sum + e.uncompressedBytes, 0),
  };
}

/**
 * Every entry of a zip's central directory (names decoded as UTF-8) and where that directory starts.
 * Throws ParseFailure on a malformed or ZIP64 file.
 */
export function readZipEntries(bytes: Uint8Array): { entries: ZipEntry[]; directoryOffset: number } {
  if (bytes.byteLength < EOCD_MIN) throw new ParseFailure(BROKEN);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfDirectory(view);
  const entries = view.getUint16(eocd + 10, true);
  const dirSize = view.getUint32(eocd + 12, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || dirOffset === 0xffffffff || dirSize === 0xffffffff) {
    throw new ParseFailure("不支持ZIP64格式的Excel文件");
  }
  if (entries > MAX_ENTRIES) throw new ParseFailure("文件内包含的条目过多，已拒绝处理");
  if (dirOffset + dirSize > eocd) throw new ParseFailure(BROKEN);
  let p = dirOffset;
  const list: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < entries; i++) {
    if (p + 46 > eocd || view.getUint32(p, true) !== CENTRAL_SIGNATURE) throw new ParseFailure(BROKEN);
    const compressed = view.getUint32(p + 20, true);
    const uncompressed = view.getUint32(p + 24, true);
    const localOffset = view.getUint32(p + 42, true);
    if (compressed === 0xffffffff || uncompressed === 0xffffffff || localOffset === 0xffffffff) {
      throw new ParseFailure("不支持ZIP64格式的Excel文件");
    }
    if (localOffset >= dirOffset) throw new ParseFailure(BROKEN);
    const nameLength = view.getUint16(p + 28, true);
    if (p + 46 + nameLength > eocd) throw new ParseFailure(BROKEN);
    const name = decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength));
    const method = view.getUint16(p + 10, true);
    list.push({ name, localOffset, uncompressedBytes: uncompressed, compressedBytes: compressed, method });
    p += 46 + nameLength + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  return { entries: list, directoryOffset: dirOffset };
}
