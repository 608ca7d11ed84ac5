/**
 * Makes a Word template cheaper to render without changing what it shows. Word saves a revision id
 * on every paragraph and run and cuts text into many runs with identical formatting; docxtemplater's
 * cost grows with the markup, and it compiles the template again for every row. Removing the
 * bookkeeping and merging neighbouring runs of identical formatting cut the markup of a realistic
 * template by about two thirds and the time per document by half (bench/docx_render_bench.ts).
 */

import { listTextParts, openDocxZip } from "./docx_text.ts";

/** Simple runs: optional properties and one text element, nothing else. */
const RUN =
  /<w:r>(<w:rPr>(?:(?!<\/w:rPr>)[\s\S])*<\/w:rPr>)?<w:t(?: xml:space="preserve")?>([^<]*)<\/w:t><\/w:r>/g;
const RUN_SEQUENCE =
  /(?:<w:r>(?:<w:rPr>(?:(?!<\/w:rPr>)[\s\S])*<\/w:rPr>)?<w:t(?: xml:space="preserve")?>[^<]*<\/w:t><\/w:r>){2,}/g;

/** The template with every text part slimmed (see slimPartXml). */
export function slimTemplate(templateBytes: Uint8Array): Uint8Array {
  const zip = openDocxZip(templateBytes);
  for (const part of listTextParts(zip)) zip.file(part.path, slimPartXml(part.xml));
  return zip.generate({ type: "uint8array", compression: "DEFLATE" });
}

/**
 * Removes revision ids (w:rsid*), proofing marks, rendered page-break hints and Word's `_GoBack`
 * bookmark, then merges adjacent runs whose properties are identical.
 */
export function slimPartXml(xml: string): string {
  const bare = xml
    .replace(/\s+w:rsid\w*="[^"]*"/g, "")
    .replace(/<w:proofErr\b[^>]*\/>/g, "")
    .replace(/<w:lastRenderedPageBreak\/>/g, "")
    .replace(/<w:bookmarkStart w:id="(\d+)" w:name="_GoBack"\/>([\s\S]*?)<w:bookmarkEnd w:id="\1"\/>/g, "$2");
  return bare.replace(RUN_SEQUENCE, mergeRuns);
}

function mergeRuns(sequence: string): string {
  let out = "";
  let properties: string | null = null;
  let text = "";
  const flush = () => {
    if (properties !== null) out += `<w:r>${properties}<w:t xml:space="preserve">${text}</w:t></w:r>`;
  };
  for (const match of sequence.matchAll(RUN)) {
    const runProperties = match[1] ?? "";
    if (runProperties === properties) {
      text += match[2];
      continue;
    }
    flush();
    properties = runProperties;
    text = match[2];
  }
  flush();
  return out;
}
