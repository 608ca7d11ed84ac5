import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import * as XLSX from "xlsx";
import { storedEntry, zipEntry, zipWriter } from "../../common/zip_writer.ts";
import { ParseFailure } from "./worker_protocol.ts";
import { isDateFormatCode } from "../../common/excel_date_formats.ts";
import { readXlsxRows, type XlsxValue } from "./xlsx_row_reader.ts";

const LIMITS = { maxColumns: 200, maxUncompressedBytes: 50 * 1024 * 1024 };
const MAIN_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

async function readAll(bytes: Uint8Array, limits = LIMITS) {
  const rows: { n: number; cells: XlsxValue[] }[] = [];
  await readXlsxRows(bytes, limits, (cells, n) => rows.push({ n, cells }));
  return rows;
}

/** A workbook from hand-written parts (deflated unless `stored`), in the order given. */
async function handMade(parts: Record<string, string>, options: { stored?: boolean } = {}) {
  const zip = zipWriter();
  const out: Uint8Array[] = [];
  for (const [name, text] of Object.entries(parts)) {
    const entry = options.stored ? storedEntry(name, [text]) : await zipEntry(name, [text]);
    out.push(...zip.entry(entry));
  }
  out.push(...zip.end());
  return new Uint8Array(await new Blob(out as Uint8Array<ArrayBuffer>[]).arrayBuffer());
}

function workbookParts(sheetXml: string, extra: Record<string, string> = {}, workbookPr = "") {
  return {
    "_rels/.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `<workbook ${MAIN_NS} xmlns:r="${REL}">${workbookPr}<sheets>` +
      `<sheet name="案件" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels":
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` +
      `<Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    "xl/worksheets/sheet1.xml": `<worksheet ${MAIN_NS}><sheetData>${sheetXml}</sheetData></worksheet>`,
    ...extra,
  };
}

Deno.test("readXlsxRows() reads what Excel writes: shared strings after the sheet, dates by their format", async () => {
  const chunks: Uint8Array[] = [];
  const { Writable } = await import("node:stream");
  const stream = new Writable({
    write(chunk, _e, cb) {
      chunks.push(new Uint8Array(chunk));
      cb();
    },
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: true, useStyles: true });
  const sheet = wb.addWorksheet("案件");
  const day = new Date(Date.UTC(2024, 2, 5));
  sheet.addRow(["案号", "住所地", "立案日期", "标的额", "备注"]).commit();
  const row = sheet.addRow(["(2024)浙0106民初1号", "杭州市西湖区 <文三路> & 1号", day, 1234.5]);
  row.getCell(3).numFmt = "yyyy-mm-dd";
  row.commit();
  sheet.addRow([]).commit();
  sheet.addRow(["A3", "广州市天河区", null, 13800000000, true]).commit();
  sheet.commit();
  await wb.commit();
  const rows = await readAll(
    new Uint8Array(await new Blob(chunks as Uint8Array<ArrayBuffer>[]).arrayBuffer()),
  );
  assert.deepEqual(rows, [
    { n: 1, cells: ["案号", "住所地", "立案日期", "标的额", "备注"] },
    { n: 2, cells: ["(2024)浙0106民初1号", "杭州市西湖区 <文三路> & 1号", day, 1234.5] },
    { n: 4, cells: ["A3", "广州市天河区", null, 13800000000, true] },
  ]);
});

Deno.test("readXlsxRows() reads what SheetJS writes (text as formula strings, dates as numbers with a format)", async () => {
  const day = new Date(Date.UTC(2023, 11, 31));
  const ws = XLSX.utils.aoa_to_sheet([["案号", "日期", "金额"], ["B1", day, -2.25], ["B2", null, 0]], {
    cellDates: true,
  });
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, "s");
  const bytes = new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx", compression: true }));
  const rows = await readAll(bytes);
  assert.deepEqual(rows.map((r) => r.cells), [["案号", "日期", "金额"], ["B1", day, -2.25], ["B2", null, 0]]);
});

Deno.test("readXlsxRows() handles prefixes, missing references, rich text, entities and every cell type", async () => {
  const sst = `<x:sst xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="3">` +
    `<x:si><x:t>杭州市</x:t></x:si>` +
    `<x:si><x:r><x:rPr><x:b/></x:rPr><x:t xml:space="preserve">西湖区 </x:t></x:r><x:r><x:t>文三路</x:t></x:r>` +
    `<x:rPh sb="0" eb="1"><x:t>ハンチョウ</x:t></x:rPh></x:si>` +
    `<x:si><x:t/></x:si></x:sst>`;
  const styles = `<styleSheet ${MAIN_NS}><numFmts count="1">` +
    `<numFmt numFmtId="170" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/>` +
    `<numFmt numFmtId="171" formatCode="#,##0.00&quot;元&quot;"/></numFmts>` +
    `<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="170"/><xf numFmtId="171"/><xf numFmtId="31"/>` +
    `<xf numFmtId="14"/></cellXfs></styleSheet>`;
  const sheet = `<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c t="s"><x:v>1</x:v></x:c>` +
    `<x:c r="D1" t="inlineStr"><x:is><x:t>甲&amp;乙&#x4E2D;&#20013;</x:t></x:is></x:c></x:row>` +
    `<x:row><x:c s="1"><x:v>45356</x:v></x:c><x:c s="2"><x:v>1234.5</x:v></x:c><x:c s="3"><x:v>45357</x:v></x:c>` +
    `<x:c t="b"><x:v>0</x:v></x:c><x:c t="e"><x:v>#N/A</x:v></x:c><x:c t="str"><x:f>A1</x:f><x:v>公式</x:v></x:c>` +
    `<x:c t="d"><x:v>2024-03-05T00:00:00Z</x:v></x:c><x:c t="s"><x:v>2</x:v></x:c><x:c/></x:row>` +
    `<x:row r="5"/><x:row r="6"><x:c r="B6" t="inlineStr"><x:is><x:t>   </x:t></x:is></x:c></x:row>` +
    `<x:row r="7"><x:c r="A7" t="inlineStr"><x:is><x:t> </x:t></x:is></x:c><x:c r="C7"><x:v>7</x:v></x:c>` +
    `<x:c r="E7" t="inlineStr"><x:is><x:t> </x:t></x:is></x:c></x:row>`;
  const parts = workbookParts("", { "xl/sharedStrings.xml": sst, "xl/styles.xml": styles });
  parts["xl/worksheets/sheet1.xml"] =
    `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
    `<x:sheetData>${sheet}</x:sheetData></x:worksheet>`;
  const rows = await readAll(await handMade(parts));
  const day = (d: number) => new Date(Date.UTC(2024, 2, d));
  assert.deepEqual(rows, [
    { n: 1, cells: ["杭州市", "西湖区 文三路", null, "甲&乙中中"] },
    { n: 2, cells: [day(5), 1234.5, day(6), false, "#N/A", "公式", day(5)] },
    { n: 7, cells: [" ", null, 7] },
  ]);
});

Deno.test("readXlsxRows() takes the workbook's first tab, in the 1904 date system, from a stored zip", async () => {
  const parts = workbookParts(`<row r="1"><c r="A1" s="1"><v>0</v></c></row>`, {
    "xl/styles.xml":
      `<styleSheet ${MAIN_NS}><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>`,
    "xl/worksheets/sheet2.xml": `<worksheet ${MAIN_NS}><sheetData><row r="1"><c r="A1" t="inlineStr">` +
      `<is><t>第一个标签</t></is></c></row></sheetData></worksheet>`,
  }, '<workbookPr date1904="1"/>');
  parts["xl/workbook.xml"] = `<workbook ${MAIN_NS} xmlns:r="${REL}"><workbookPr date1904="1"/><sheets>` +
    `<sheet name="B" sheetId="2" r:id="rId9"/><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
    "</Relationships>",
    `<Relationship Id="rId9" Type="${REL}/worksheet" Target="/xl/worksheets/sheet2.xml"/></Relationships>`,
  );
  assert.deepEqual(await readAll(await handMade(parts, { stored: true })), [{ n: 1, cells: ["第一个标签"] }]);
  parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(
    '<sheet name="B" sheetId="2" r:id="rId9"/>',
    "",
  );
  assert.deepEqual(await readAll(await handMade(parts)), [{ n: 1, cells: [new Date(Date.UTC(1904, 0, 1))] }]);
});

Deno.test("readXlsxRows() reads 30 000 rows across many inflated chunks, in order and complete", async () => {
  const rows = Array.from(
    { length: 30_000 },
    (_, i) =>
      `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c><c r="B${
        i + 1
      }" t="inlineStr"><is><t>第${i}行&lt;x&gt;</t></is></c></row>`,
  );
  const seen: number[] = [];
  await readXlsxRows(await handMade(workbookParts(rows.join(""))), LIMITS, (cells, n) => {
    assert.deepEqual(cells, [n - 1, `第${n - 1}行<x>`]);
    seen.push(n);
  });
  assert.equal(seen.length, 30_000);
  assert.ok(seen.every((n, i) => n === i + 1));
});

Deno.test("readXlsxRows() refuses too many columns, an over-large or damaged part, in Chinese", async () => {
  const wide = workbookParts(`<row r="1"><c r="C1"><v>1</v></c></row>`);
  await assert.rejects(
    async () =>
      readAll(await handMade(wide), { maxColumns: 2, maxUncompressedBytes: LIMITS.maxUncompressedBytes }),
    (err: Error) => err instanceof ParseFailure && err.message === "表格列数超过上限2列",
  );
  // A blank cell past the limit is ignored.
  const blankWide = workbookParts(
    `<row r="1"><c r="A1"><v>1</v></c><c r="C1" t="inlineStr"><is><t> </t></is></c></row>`,
  );
  assert.deepEqual(
    await readAll(await handMade(blankWide), {
      maxColumns: 2,
      maxUncompressedBytes: LIMITS.maxUncompressedBytes,
    }),
    [{ n: 1, cells: [1] }],
  );
  const big = workbookParts(
    `<row r="1"><c r="A1" t="inlineStr"><is><t>${"很长".repeat(5000)}</t></is></c></row>`,
  );
  await assert.rejects(
    async () => readAll(await handMade(big), { maxColumns: 200, maxUncompressedBytes: 1024 * 1024 * 0.01 }),
    (err: Error) => err instanceof ParseFailure && err.message === "文件解压后超过0MB，已拒绝处理",
  );
  const good = await handMade(workbookParts(`<row r="1"><c r="A1"><v>1</v></c></row>`.repeat(200)));
  const damaged = good.slice();
  const sheetAt = new TextDecoder("latin1").decode(damaged).indexOf("xl/worksheets/sheet1.xml");
  damaged.fill(0xff, sheetAt + 30, sheetAt + 60);
  await assert.rejects(
    () => readAll(damaged),
    (err: Error) => err instanceof ParseFailure && err.message === "文件已损坏或不是有效的Excel文件",
  );
});

Deno.test("isDateFormatCode() tells date formats from number formats", () => {
  for (
    const code of ["yyyy-mm-dd", 'yyyy"年"m"月"d"日"', "[$-F800]dddd, mmmm dd, yyyy", "h:mm:ss", "[h]:mm"]
  ) {
    assert.equal(isDateFormatCode(code), true, code);
  }
  for (const code of ["General", "0.00", '#,##0"元"', "0.00_);[Red](0.00)", "@", "0.00E+00", '"Day"0']) {
    assert.equal(isDateFormatCode(code), false, code);
  }
});

Deno.test("readXlsxRows() reads attributes in single quotes or with spaces around =", async () => {
  const parts = workbookParts(
    `<row r='1'><c r='B1' t='inlineStr'><is><t>乙</t></is></c><c r = "C1" s = "1"><v>45356</v></c></row>`,
    {
      "xl/styles.xml":
        `<styleSheet ${MAIN_NS}><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>`,
    },
  );
  assert.deepEqual(await readAll(await handMade(parts)), [{
    n: 1,
    cells: [null, "乙", new Date(Date.UTC(2024, 2, 5))],
  }]);
});

Deno.test("readXlsxRows() refuses rows that never close, quickly, instead of dropping them", async () => {
  const open = `<row r="1"><c r="A1"><v>1</v></c>`.repeat(50_000);
  const started = performance.now();
  await assert.rejects(
    async () => readAll(await handMade(workbookParts(`<row r="1"><c r="A1"><v>1</v></c></row>${open}`))),
    (err: Error) => err instanceof ParseFailure && err.message === "文件已损坏或不是有效的Excel文件",
  );
  assert.ok(performance.now() - started < 5_000, "linear time");
  const lastUnclosed = workbookParts(
    `<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2"><v>2</v></c>`,
  );
  await assert.rejects(
    async () => readAll(await handMade(lastUnclosed)),
    (err: Error) => err instanceof ParseFailure && err.message === "文件已损坏或不是有效的Excel文件",
  );
});
