/**
 * Issue #17 finding 5: CSV cells that start like a formula are written as text (common/csv.ts), and the
 * .xlsx exports keep writing such values as text cells, never as formulas.
 */
import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { toCsv } from "../../common/csv.ts";
import { writeXlsx } from "../../common/xlsx_writer.ts";
import { buildExcelTemplate } from "../../server/routes/mediation.ts";
import { addressesCsv } from "../../web/pages/excel_batch/wizard_logic.ts";

const FORMULA = '=1+1+HYPERLINK("http://evil.example/","点击")';

function firstCell(bytes: Uint8Array, ref: string): XLSX.CellObject {
  const book = XLSX.read(bytes, { type: "array", cellFormula: true });
  return book.Sheets[book.SheetNames[0]][ref];
}

Deno.test("the wizard's CSV of download addresses neutralises a formula-like name; SheetJS reads it as text", () => {
  const csv = addressesCsv([{
    file_name: FORMULA,
    row_index: 1,
    download_url: "http://h/a",
    created_at: "",
  }]);
  const book = XLSX.read(csv.replace(/^\uFEFF/, ""), { type: "string", cellFormula: true });
  const cell = book.Sheets[book.SheetNames[0]]["A2"];
  assert.equal(cell.f, undefined);
  assert.equal(cell.t, "s");
  assert.equal(cell.v, `'${FORMULA}`);
  // without the prefix SheetJS (like Excel) takes the same text as a formula: the check above can fail
  const raw = XLSX.read(`"${FORMULA.replaceAll('"', '""')}"`, { type: "string", cellFormula: true });
  assert.equal(raw.Sheets[raw.SheetNames[0]]["A1"].f, FORMULA.slice(1));
  assert.match(toCsv([[FORMULA]]), /^\uFEFF"'=/);
});

Deno.test(".xlsx exports (common/xlsx_writer.ts) write a formula-like value as a text cell, unchanged", async () => {
  const blob = await writeXlsx({ header: ["任务名称"], rows: [[FORMULA], ["@SUM(A1)"], ["-1"]] });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  for (const [ref, value] of [["A2", FORMULA], ["A3", "@SUM(A1)"], ["A4", "-1"]]) {
    const cell = firstCell(bytes, ref);
    assert.equal(cell.t, "s", ref);
    assert.equal(cell.f, undefined, ref);
    assert.equal(cell.v, value, ref);
  }
});

Deno.test("the mediation Excel template (SheetJS) writes a formula-like variable name as a text cell", () => {
  const cell = firstCell(buildExcelTemplate([FORMULA, "案号"]), "A1");
  assert.equal(cell.t, "s");
  assert.equal(cell.f, undefined);
  assert.equal(cell.v, FORMULA);
});
