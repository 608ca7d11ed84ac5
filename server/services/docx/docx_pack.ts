/**
 * Writes a rendered document's zip (the .docx) quickly. PizZip deflates in JavaScript and compresses
 * again every part docxtemplater touched (it sets every .xml part anew, changed or not): about 2.8 ms
 * of a ~4.5 ms document. Here each part of the template is compressed once, with its CRC, when the
 * renderer is made; a rendered document reuses those bytes for every part whose content did not
 * change and deflates only the changed ones with the runtime's native zlib (node:zlib, which works in
 * a permission-less worker): ~0.4 ms per document on the realistic template.
 *
 * The output is a plain zip (no zip64: a Word document is far below 4 GiB), entries in the template's
 * order, UTF-8 names, no folder entries.
 */

import { crc32, deflateRawSync } from "node:zlib";
import type PizZip from "pizzip";

/** One part ready to be written: its bytes as stored (deflated or not) and what the zip needs. */
interface PackedEntry {
  name: Uint8Array;
  /** 8 = deflate, 0 = stored. */
  method: number;
  crc: number;
  size: number;
  data: Uint8Array;
}

/** The template's parts, compressed once, with their bytes for the "unchanged" check. */
export interface PackedTemplate {
  order: string[];
  entries: Map<string, { bytes: Uint8Array; packed: PackedEntry; file: object }>;
}

const encoder = new TextEncoder();

function packBytes(name: string, bytes: Uint8Array): PackedEntry {
  const deflated = bytes.length > 64 ? deflateRawSync(bytes, { level: 6 }) : null;
  const useDeflate = deflated !== null && deflated.length < bytes.length;
  return {
    name: encoder.encode(name),
    method: useDeflate ? 8 : 0,
    crc: crc32(bytes) >>> 0,
    size: bytes.length,
    data: useDeflate ? new Uint8Array(deflated.buffer, deflated.byteOffset, deflated.length) : bytes,
  };
}

/** Compresses every file part of `zip` (the prepared template, before any rendering). */
export function packTemplate(zip: PizZip): PackedTemplate {
  const order: string[] = [];
  const entries: PackedTemplate["entries"] = new Map();
  for (const [name, file] of Object.entries(zip.files)) {
    if (file.dir) continue;
    const bytes = file.asUint8Array();
    order.push(name);
    entries.set(name, { bytes, packed: packBytes(name, bytes), file });
  }
  return { order, entries };
}

/**
 * The .docx bytes of a rendered zip: unchanged parts from `template`, the others deflated now.
 * Parts docxtemplater removed are left out; parts it added come after the template's.
 */
export function packRendered(template: PackedTemplate, zip: PizZip): Uint8Array {
  const names = template.order.filter((name) => zip.files[name] && !zip.files[name].dir);
  for (const name of Object.keys(zip.files)) {
    if (!zip.files[name].dir && !template.entries.has(name)) names.push(name);
  }
  const packed = names.map((name) => {
    const file = zip.files[name];
    const known = template.entries.get(name);
    if (known && known.file === file) return known.packed; // the part was not set again
    const bytes = file.asUint8Array(); // the rendered bytes as docxtemplater set them (no copy)
    return known && sameBytes(known.bytes, bytes) ? known.packed : packBytes(name, bytes);
  });
  return writeZip(packed, dosDateTime(new Date()));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** MS-DOS date and time of `date` (local time, 2-second resolution), as zip headers hold them. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function writeZip(entries: PackedEntry[], stamp: { time: number; date: number }): Uint8Array {
  let total = 22;
  for (const e of entries) total += 30 + e.name.length + e.data.length + 46 + e.name.length;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const offsets: number[] = [];
  let at = 0;
  const flags = (e: PackedEntry) => (e.name.some((b) => b > 0x7f) ? 0x0800 : 0);
  for (const e of entries) {
    offsets.push(at);
    view.setUint32(at, 0x04034b50, true);
    view.setUint16(at + 4, 20, true); // version needed: 2.0
    view.setUint16(at + 6, flags(e), true);
    view.setUint16(at + 8, e.method, true);
    view.setUint16(at + 10, stamp.time, true);
    view.setUint16(at + 12, stamp.date, true);
    view.setUint32(at + 14, e.crc, true);
    view.setUint32(at + 18, e.data.length, true);
    view.setUint32(at + 22, e.size, true);
    view.setUint16(at + 26, e.name.length, true);
    view.setUint16(at + 28, 0, true);
    out.set(e.name, at + 30);
    out.set(e.data, at + 30 + e.name.length);
    at += 30 + e.name.length + e.data.length;
  }
  const directoryStart = at;
  entries.forEach((e, i) => {
    view.setUint32(at, 0x02014b50, true);
    view.setUint16(at + 4, 20, true); // made by: 2.0, MS-DOS attributes
    view.setUint16(at + 6, 20, true);
    view.setUint16(at + 8, flags(e), true);
    view.setUint16(at + 10, e.method, true);
    view.setUint16(at + 12, stamp.time, true);
    view.setUint16(at + 14, stamp.date, true);
    view.setUint32(at + 16, e.crc, true);
    view.setUint32(at + 20, e.data.length, true);
    view.setUint32(at + 24, e.size, true);
    view.setUint16(at + 28, e.name.length, true);
    // extra, comment, disk, internal and external attributes: 0
    view.setUint32(at + 42, offsets[i], true);
    out.set(e.name, at + 46);
    at += 46 + e.name.length;
  });
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, entries.length, true);
  view.setUint16(at + 10, entries.length, true);
  view.setUint32(at + 12, at - directoryStart, true);
  view.setUint32(at + 16, directoryStart, true);
  return out;
}
