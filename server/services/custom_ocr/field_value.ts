/**
 * A candidate of the extraction as a custom OCR record keeps it: value, file, canonical form, and where in
 * the file it was read (page, line, boxes) so the review table can show the page crop (issue #27 item 4).
 * The snippet is not kept: records hold every value of every field in one KV entry, and the page's
 * image shows the text.
 */
import type { FieldValue } from "../../kv/custom_ocr_records.ts";
import type { FieldCandidate } from "../extraction/types.ts";

type Box = [number, number, number, number];

function rounded(b: Box): Box {
  return b.map((n) => Math.round(n * 10) / 10) as Box;
}

export function fieldValueOf(c: FieldCandidate): FieldValue {
  const s = c.source;
  return {
    value: c.value,
    source: s.fileName,
    normalized: c.normalized,
    ...(c.unverified ? { unverified: true } : {}),
    ...(s.box ? { page: s.page, line: s.line, box: rounded(s.box) } : {}),
    ...(s.box && s.boxes && s.boxes.length > 1 ? { boxes: s.boxes.map(rounded) } : {}),
  };
}
