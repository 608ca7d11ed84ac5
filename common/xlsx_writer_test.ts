import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { columnLetter, excelSerial, sheetNamer, writeXlsx, XLSX_MIME } from "./xlsx_writer.ts";

async function readBack(blob: Blob) {
  const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: "array", cellStyles: true });
  const sheet = book.Sheets[book.SheetNames[0]];
  return { book, sheet, rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null }) };
}

Deno.test("columnLetter() counts A..Z, AA.. like Excel", () => {
  assert.deepEqual([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter), [
    "A",
    "B",
    "Z",
    "AA",
    "AB",
    "AZ",
    "BA",
    "ZZ",
    "AAA",
  ]);
});

Deno.test("writeXlsx() writes header, text, numbers and fixed column widths that SheetJS reads back", async () => {
  const blob = await writeXlsx({
    sheetName: "使用记录",
    columns: [{ header: "用户名", width: 15 }, { header: "次数", width: 8 }, { header: "描述", width: 50 }],
    rows: [
      ["张三", 3, "生成文书 <调解书> & 送达"],
      ["李四", 0, " 前后有空格 "],
      ["王五", null, "控制\u0002字符"],
    ],
  });
  assert.equal(blob.type, XLSX_MIME);
  const { book, sheet, rows } = await readBack(blob);
  assert.deepEqual(book.SheetNames, ["使用记录"]);
  assert.deepEqual(rows, [
    ["用户名", "次数", "描述"],
    ["张三", 3, "生成文书 <调解书> & 送达"],
    ["李四", 0, " 前后有空格 "],
    ["王五", null, "控制字符"],
  ]);
  assert.deepEqual(sheet["!cols"]?.map((c) => c.width), [15, 8, 50]);
});

Deno.test("writeXlsx() handles 10 000 rows across chunk boundaries, in order", async () => {
  const rows = Array.from({ length: 10_000 }, (_, i) => [`用户${i}`, i]);
  const blob = await writeXlsx({
    columns: [{ header: "用户", width: 10 }, { header: "序号", width: 8 }],
    rows,
  });
  const { book, rows: back } = await readBack(blob);
  assert.deepEqual(book.SheetNames, ["Sheet1"]);
  assert.equal(back.length, 10_001);
  assert.deepEqual(back[1], ["用户0", 0]);
  assert.deepEqual(back[500], ["用户499", 499]);
  assert.deepEqual(back[501], ["用户500", 500]);
  assert.deepEqual(back[10_000], ["用户9999", 9999]);
});

Deno.test("writeXlsx({ deflate: false }) stores the parts: the same sheet, a bigger file", async () => {
  const sheet = {
    columns: [{ header: "描述", width: 40 }],
    rows: Array.from({ length: 500 }, (_, i) => [`第${i}份文书`]),
  };
  const stored = await writeXlsx(sheet, { deflate: false });
  const deflated = await writeXlsx(sheet);
  assert.ok(stored.size > deflated.size * 3, `${stored.size} vs ${deflated.size}`);
  assert.deepEqual((await readBack(stored)).rows, (await readBack(deflated)).rows);
  assert.equal((await readBack(stored)).rows.length, 501);
});

Deno.test("writeXlsx() keeps dates as dates (with their time when they have one), booleans and a plain header", async () => {
  const day = new Date(Date.UTC(2024, 2, 5));
  const moment = new Date(Date.UTC(2024, 2, 5, 13, 30));
  const blob = await writeXlsx({
    sheetName: "案件",
    header: ["案号", "立案日期", "开庭", "已结"],
    rows: [["A1", day, moment, true], ["A2", new Date(Number.NaN), null, false, "多出的列"]],
  });
  const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: "array", cellDates: true });
  const sheet = book.Sheets["案件"];
  assert.deepEqual(XLSX.utils.sheet_to_json(sheet, { header: 1, defval: null }), [
    ["案号", "立案日期", "开庭", "已结"],
    ["A1", day, moment, true],
    ["A2", null, null, false],
  ]);
  assert.equal(sheet.B2.t, "d");
  assert.equal(sheet.C2.t, "d");
  assert.equal(excelSerial(day), 45356);
});

Deno.test("writeXlsx() writes several sheets with valid, unique names", async () => {
  const blob = await writeXlsx([
    { sheetName: "汇总", header: ["地区", "数量"], rows: [["杭州市", 2]] },
    { sheetName: "a/b", header: ["x"], rows: [["1"]] },
    { sheetName: "A/B", header: ["y"], rows: [["2"]] },
  ]);
  const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: "array" });
  assert.deepEqual(book.SheetNames, ["汇总", "a_b", "A_B(2)"]);
  assert.deepEqual(XLSX.utils.sheet_to_json(book.Sheets["A_B(2)"], { header: 1 }), [["y"], ["2"]]);
});

Deno.test("sheetNamer() cuts names to 31 characters and keeps them unique regardless of case", () => {
  const name = sheetNamer();
  const long = "新疆维吾尔自治区".repeat(5);
  assert.equal(name(long), long.slice(0, 31));
  assert.equal(name(long), long.slice(0, 28) + "(2)");
  assert.equal(name(" "), "Sheet");
  assert.equal(name("sheet"), "sheet(2)");
});
