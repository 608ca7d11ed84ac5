import assert from "node:assert/strict";
import { docxLines, docxRows, sheetLines } from "./doc_text_worker.ts";

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

Deno.test("docxLines: paragraphs, breaks, table rows, nested tables; field codes and deleted text left out", () => {
  const xml = `<w:document ${W}><w:body>
    <w:p><w:r><w:t>原告：</w:t></w:r><w:r><w:t xml:space="preserve">张晓明 &amp; 李</w:t></w:r></w:p>
    <w:p><w:r><w:instrText> PAGE </w:instrText><w:delText>删掉的</w:delText><w:t>第一行</w:t><w:br/><w:t>第二行</w:t></w:r></w:p>
    <w:tbl><w:tr><w:tc><w:p><w:r><w:t>借款金额</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>¥1,000</w:t></w:r></w:p>
      <w:tbl><w:tr><w:tc><w:p><w:r><w:t>内表</w:t></w:r></w:p></w:tc></w:tr></w:tbl></w:tc></w:tr>
      <w:tr><w:tc><w:p/></w:tc><w:tc><w:p/></w:tc></w:tr></w:tbl>
    <w:p/><w:p><w:r><w:t>结尾</w:t></w:r></w:p></w:body></w:document>`;
  assert.deepEqual(docxLines(xml), [
    "原告：张晓明 & 李",
    "第一行",
    "第二行",
    "借款金额  ¥1,000 内表",
    "结尾",
  ]);
});

Deno.test("sheetLines: title rows kept, then 表头：值 per row, empty cells and rows skipped, row cap", () => {
  const rows = [["还款记录"], [], ["日期", "金额", "备注："], ["2023-01-01", "100", ""], ["", "", ""], [
    "2023-02-01",
    "",
    "部分",
  ]];
  assert.deepEqual(sheetLines(rows, 10).lines, [
    "还款记录",
    "日期：2023-01-01，金额：100",
    "日期：2023-02-01，备注：部分",
  ]);
  const capped = sheetLines(rows, 1);
  assert.equal(capped.lines.length, 2);
  assert.equal(capped.truncated, 1);
});

Deno.test("docxRows: a table row keeps its cells with their grid columns, empty and merged cells included", () => {
  const cell = (text: string, span = 1) =>
    `<w:tc><w:tcPr>${span > 1 ? `<w:gridSpan w:val="${span}"/>` : ""}</w:tcPr><w:p>${
      text ? `<w:r><w:t>${text}</w:t></w:r>` : ""
    }</w:p></w:tc>`;
  const xml = `<w:document ${W}><w:body><w:p><w:r><w:t>客户对账单</w:t></w:r></w:p><w:tbl>
    <w:tr>${cell("交易日期")}${cell("摘要")}${cell("借方")}${cell("贷方")}</w:tr>
    <w:tr>${cell("合计", 2)}${cell("")}${cell("30,000.00")}</w:tr></w:tbl></w:body></w:document>`;
  assert.deepEqual(docxRows(xml), [
    { text: "客户对账单" },
    {
      text: "交易日期  摘要  借方  贷方",
      cells: [{ text: "交易日期", col: 0 }, { text: "摘要", col: 1 }, { text: "借方", col: 2 }, {
        text: "贷方",
        col: 3,
      }],
    },
    {
      text: "合计  30,000.00",
      cells: [{ text: "合计", col: 0 }, { text: "", col: 2 }, { text: "30,000.00", col: 3 }],
    },
  ]);
});
