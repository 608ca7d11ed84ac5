import assert from "node:assert/strict";
import PizZip from "pizzip";
import {
  buildDocx,
  buildMediationTemplate,
  mediationRow,
  plainParagraph,
} from "../../../scripts/make_fixtures.ts";
import { renderDocx } from "../docx/render_docx.ts";
import { AppError } from "../../errors.ts";
import { createPdfConverter, type PdfConverter } from "./libreoffice_pool.ts";
import {
  convertGroup,
  cutGroupPdf,
  fieldInstructions,
  groupBlocker,
  GroupCutError,
  type GroupState,
  mergeGroup,
  numberedStyles,
} from "./pdf_groups.ts";

import { pdfDifferences, viewPdf } from "../../../tests/helpers/pdf_compare.ts";

/** A one-listener converter for a test (LibreOffice is installed by scripts/setup.sh). */
async function withConverter(fn: (pdf: PdfConverter) => Promise<void>): Promise<void> {
  const workDir = await Deno.makeTempDir({ prefix: "pdf-groups-test-" });
  const pdf = createPdfConverter({ workDir, processes: 1 });
  try {
    assert.ok(pdf.available, "LibreOffice and python3-uno must be installed (scripts/setup.sh)");
    await pdf.ready();
    await fn(pdf);
  } finally {
    await pdf.close();
    await Deno.remove(workDir, { recursive: true }).catch(() => {});
  }
}

const template = buildMediationTemplate();
const rows = [1, 2, 3, 4, 5].map((n) => renderDocx(template, mediationRow(n)));

Deno.test("groupBlocker() accepts rows of the mediation template (one section, PAGE field, per-row headers)", () => {
  assert.equal(groupBlocker(rows), null);
});

Deno.test("groupBlocker() names what would change in a merge", () => {
  const field = (instr: string) =>
    `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${instr} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;
  const pages = buildDocx({ body: plainParagraph("正文"), footers: [field("PAGE") + field("NUMPAGES")] });
  assert.equal(groupBlocker([pages, pages]), "field NUMPAGES");
  const list = buildDocx({
    body:
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>一</w:t></w:r></w:p>`,
  });
  assert.equal(groupBlocker([list, list]), "numbered paragraphs");
  const table = buildDocx({ body: `<w:tbl><w:tr><w:tc><w:p/></w:tc></w:tr></w:tbl>` });
  assert.equal(groupBlocker([table, table]), "the body does not end with a paragraph");
  const note = buildDocx({ body: `<w:p><w:r><w:footnoteReference w:id="1"/></w:r></w:p>` });
  assert.equal(groupBlocker([note, note]), "notes or comments");
  const plain = buildDocx({ body: plainParagraph("正文") });
  const other = new PizZip(plain);
  other.file("word/styles.xml", "<w:styles/>");
  assert.equal(groupBlocker([plain, other.generate({ type: "uint8array" })]), "packages differ");
});

Deno.test("fieldInstructions() joins an instruction split over runs and reads simple fields", () => {
  const xml =
    `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>PAGE </w:instrText></w:r><w:r><w:instrText>\\* MERGEFORMAT</w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:fldSimple w:instr=" NUMPAGES "/>`;
  assert.deepEqual(fieldInstructions(xml), ["PAGE \\* MERGEFORMAT", "NUMPAGES"]);
});

Deno.test("mergeGroup() gives each row its own header and restarts page numbers", () => {
  const zip = new PizZip(mergeGroup(rows.slice(0, 3)));
  const xml = zip.file("word/document.xml")!.asText();
  const headerIds = [...xml.matchAll(/<w:headerReference\b[^>]*r:id="([^"]+)"/g)].map((m) => m[1]);
  assert.equal(new Set(headerIds).size, 3, "three rows, three headers (the case number differs)");
  const rels = zip.file("word/_rels/document.xml.rels")!.asText();
  const headerTexts = headerIds.map((id) => {
    const target = new RegExp(`Id="${id}"[^>]*Target="([^"]+)"|Target="([^"]+)"[^>]*Id="${id}"`).exec(rels)!;
    return zip.file(`word/${target[1] ?? target[2]}`)!.asText().replace(/<[^>]+>/g, "");
  });
  for (const [i, text] of headerTexts.entries()) assert.ok(text.includes(`0000${i + 1}号`), text);
  assert.equal(xml.match(/<w:pgNumType w:start="1"\/>/g)?.length, 3);
  assert.equal(xml.match(/w:name="PdfGroupEnd\d"/g)?.length, 3);
});

Deno.test({
  name: "convertGroup(): each row's PDF reads and looks as when it is converted alone",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withConverter(async (pdf) => {
      const alone = await Promise.all(rows.map((docx) => pdf.convert(docx)));
      const state: GroupState = { mergeable: true, merged: 0 };
      const grouped = await convertGroup(pdf, { docs: rows, state });
      assert.equal(state.merged, 1, state.reason);
      for (const [i, result] of grouped.entries()) {
        assert.ok("pdf" in result);
        const [expected, actual] = await Promise.all([viewPdf(alone[i]), viewPdf(result.pdf)]);
        assert.ok(expected.words.length >= 3, "a 3-4 page document");
        assert.deepEqual(pdfDifferences(actual, expected), [], `row ${i + 1}`);
      }
    }),
});

Deno.test({
  name: "convertGroup() converts one by one when the template cannot be merged, and stops trying",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withConverter(async (pdf) => {
      const table = buildDocx({
        body: `<w:tbl><w:tr><w:tc><w:p><w:r><w:t>表格</w:t></w:r></w:p></w:tc></w:tr></w:tbl>`,
      });
      const state: GroupState = { mergeable: true, merged: 0 };
      const results = await convertGroup(pdf, { docs: [table, table], state });
      assert.equal(results.filter((r) => "pdf" in r).length, 2);
      assert.deepEqual(state, {
        mergeable: false,
        merged: 0,
        reason: "the body does not end with a paragraph",
      });
    }),
});

Deno.test("cutGroupPdf() refuses a PDF without the group's marks", async () => {
  const { PDFDocument } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.addPage();
  const bytes = await doc.save();
  await assert.rejects(() => cutGroupPdf(bytes, 2), GroupCutError);
});

Deno.test("convertGroup(): a merged conversion that fails is done again one by one, and a bad row fails alone", async () => {
  const calls: string[] = [];
  const converter = {
    convert(docx: Uint8Array, options?: { marks?: boolean }) {
      calls.push(options?.marks ? "merged" : "one");
      if (options?.marks || docx === rows[1]) {
        return Promise.reject(new AppError("PDF_CONVERSION_FAILED", { reason: "文档无法打开或已损坏" }));
      }
      return Promise.resolve(new TextEncoder().encode("%PDF-1.7"));
    },
  } as unknown as PdfConverter;
  const state: GroupState = { mergeable: true, merged: 0 };
  const results = await convertGroup(converter, { docs: rows.slice(0, 3), state });
  assert.deepEqual(calls, ["merged", "one", "one", "one"]);
  assert.deepEqual(results.map((r) => "pdf" in r), [true, false, true]);
  assert.ok("error" in results[1] && results[1].error.code === "PDF_CONVERSION_FAILED");
  assert.equal(
    state.mergeable,
    true,
    "a failed conversion is not the template's fault: the next group is merged",
  );
});

Deno.test("numberedStyles(): styles that number, by themselves, by inheritance or as the default; unused ones do not block", () => {
  const style = (id: string, inner: string, extra = "") =>
    `<w:style w:type="paragraph"${extra} w:styleId="${id}"><w:name w:val="${id}"/>${inner}</w:style>`;
  const styles = `<w:styles>${
    style("Normal", "", ' w:default="1"') +
    style("ListNumber", '<w:pPr><w:numPr><w:numId w:val="3"/></w:numPr></w:pPr>') +
    style("MyList", '<w:basedOn w:val="ListNumber"/>') +
    style("Plain", '<w:pPr><w:numPr><w:numId w:val="0"/></w:numPr></w:pPr>')
  }</w:styles>`;
  assert.deepEqual([...numberedStyles(styles)].sort(), ["ListNumber", "MyList"]);
  assert.deepEqual(
    [...numberedStyles(
      styles.replace(
        'w:styleId="Normal"><w:name w:val="Normal"/>',
        'w:styleId="Normal"><w:name w:val="Normal"/><w:basedOn w:val="ListNumber"/>',
      ),
    )].sort(),
    ["", "ListNumber", "MyList", "Normal"],
  );
  const withStyles = (body: string) => {
    const zip = new PizZip(buildDocx({ body }));
    zip.file("word/styles.xml", styles);
    return zip.generate({ type: "uint8array" });
  };
  const unused = withStyles(plainParagraph("正文"));
  assert.equal(groupBlocker([unused, unused]), null, "a numbered style nobody uses changes nothing");
  const used = withStyles(`<w:p><w:pPr><w:pStyle w:val="MyList"/></w:pPr><w:r><w:t>一</w:t></w:r></w:p>`);
  assert.equal(groupBlocker([used, used]), "numbered paragraph styles");
});
