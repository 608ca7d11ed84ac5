import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { columnLetter, escapeXml, writeXlsx, XLSX_MIME } from "./xlsx_writer.ts";

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

Deno.test("escapeXml() escapes markup and drops characters XML cannot hold", () => {
  assert.equal(escapeXml(`a<b>&"c"\u0001\u0008d\te`), "a&lt;b&gt;&amp;&quot;c&quot;d\te");
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
