import { readZipEntries, type ZipEntry } from "./zip_directory.ts";

/**
 * The same xlsx with its parts in the order a streaming reader needs: workbook relations, workbook,
 * shared strings and styles before the worksheets. Excel usually stores worksheets first, and
 * exceljs's WorkbookReader then spools each worksheet to a temporary file until the shared strings
 * arrive, which a worker without file access cannot do. Entries are copied byte for byte (local
 * header, data and any data descriptor); the central directory follows unchanged, and a streaming
 * reader stops at its first record. Throws ParseFailure on a malformed zip.
 */
export function reorderXlsxForStreaming(bytes: Uint8Array): Uint8Array {
  const { entries, directoryOffset } = readZipEntries(bytes);
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  const spans = new Map<ZipEntry, Uint8Array>();
  byOffset.forEach((entry, i) => {
    const end = byOffset[i + 1]?.localOffset ?? directoryOffset;
    spans.set(entry, bytes.subarray(entry.localOffset, end));
  });
  const ordered = [...entries].sort((a, b) => rankOf(a.name) - rankOf(b.name));
  const out = new Uint8Array(bytes.byteLength);
  let at = 0;
  for (const entry of ordered) {
    const span = spans.get(entry)!;
    out.set(span, at);
    at += span.byteLength;
  }
  out.set(bytes.subarray(directoryOffset), at);
  return out.subarray(0, at + bytes.byteLength - directoryOffset);
}

const FIRST = ["xl/_rels/workbook.xml.rels", "xl/workbook.xml", "xl/sharedStrings.xml", "xl/styles.xml"];

/** The parts a reader needs first, then worksheets by number (sheet1 is usually the first tab). */
function rankOf(name: string): number {
  const i = FIRST.indexOf(name);
  if (i >= 0) return i;
  const sheet = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name);
  return sheet ? FIRST.length + Number(sheet[1]) : Number.MAX_SAFE_INTEGER;
}
