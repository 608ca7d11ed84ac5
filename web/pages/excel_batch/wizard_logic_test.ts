import assert from "node:assert/strict";
import {
  addressesCsv,
  groupsOf,
  mappingsFromTemplate,
  nextPercent,
  paragraphItemFromTemplate,
  suggestMappings,
  toParagraphMappings,
} from "./wizard_logic.ts";

const strip = <T extends { key: string }>(rows: T[]) => rows.map(({ key: _k, ...rest }) => rest);

Deno.test("suggestMappings() pairs variables with same-name headers, or gives one empty row", () => {
  assert.deepEqual(strip(suggestMappings(["案号", "姓名"], ["姓名", "地址", "案号"])), [
    { excelField: "姓名", templateField: "姓名" },
    { excelField: "案号", templateField: "案号" },
  ]);
  assert.deepEqual(strip(suggestMappings(["a"], ["b"])), [{ excelField: "", templateField: "" }]);
});

Deno.test("mappingsFromTemplate() keeps the rows that fit the sheet and template and counts the rest", () => {
  const { rows, dropped } = mappingsFromTemplate({
    mappings: [
      { excel_field: "案号", template_field: "标题" },
      { excel_field: "无此列", template_field: "标题" },
      { excel_field: "案号", template_field: "无此变量" },
    ],
  }, { headers: ["案号"], variables: ["标题"] });
  assert.deepEqual(strip(rows), [{ excelField: "案号", templateField: "标题" }]);
  assert.equal(dropped, 2);
});

Deno.test("paragraphItemFromTemplate() carries the variable, text and the six settings", () => {
  const item = paragraphItemFromTemplate({
    id: "x",
    template_name: "t",
    variable: "#{甲}",
    template: "${乙}；",
    description: "",
    no_indent: true,
    all_indent: false,
    add_line_break: false,
    no_line_break: true,
    remove_last_char: true,
    use_prefix: false,
    is_preset: false,
    created_at: "",
    updated_at: "",
  });
  assert.deepEqual(toParagraphMappings([item]), [{
    variable: "#{甲}",
    template: "${乙}；",
    noIndent: true,
    allIndent: false,
    addLineBreak: false,
    noLineBreak: true,
    removeLastChar: true,
    usePrefix: false,
  }]);
});

Deno.test("groupsOf() splits into groups of 3 for the batch download", () => {
  assert.deepEqual(groupsOf([1, 2, 3, 4, 5, 6, 7], 3), [[1, 2, 3], [4, 5, 6], [7]]);
  assert.deepEqual(groupsOf([], 3), []);
});

Deno.test("addressesCsv() quotes cells with commas or quotes, marks the merged file, starts with a BOM", () => {
  const csv = addressesCsv([
    { file_name: "甲,乙.docx", row_index: 1, download_url: "http://h/api/x?u=1&e=2", created_at: "" },
    { file_name: '合"并.docx', row_index: 0, download_url: "http://h/y", created_at: "" },
  ]);
  assert.equal(
    csv,
    '\uFEFF文件名,行号,下载地址,生成时间\r\n"甲,乙.docx",1,http://h/api/x?u=1&e=2,\r\n"合""并.docx",合并,http://h/y,\r\n',
  );
});

Deno.test("addressesCsv() writes the generation time as the screen shows it (local YYYY-MM-DD HH:mm:ss), not ISO UTC", () => {
  const at = "2026-01-05T03:04:05.000Z";
  const csv = addressesCsv([{
    file_name: "a.docx",
    row_index: 1,
    download_url: "http://h/a",
    created_at: at,
  }]);
  const time = csv.trim().split("\r\n")[1].split(",")[3];
  assert.match(time, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  const local = new Date(at);
  const pad = (n: number) => String(n).padStart(2, "0");
  assert.equal(
    time,
    `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ` +
      `${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`,
  );
});

Deno.test("nextPercent() never goes back and stays within 0..100", () => {
  assert.equal(nextPercent(40, 30), 40);
  assert.equal(nextPercent(40, 55.7), 55);
  assert.equal(nextPercent(0, 130), 100);
});

Deno.test("addressesCsv() writes a task or file name that starts like a formula as text (issue #17)", () => {
  const csv = addressesCsv([
    {
      file_name: '=1+1+HYPERLINK("http://evil","x").docx',
      row_index: 1,
      download_url: "http://h/a",
      created_at: "",
    },
    { file_name: "@cmd.docx", row_index: 2, download_url: "http://h/b", created_at: "" },
    { file_name: "+1.docx", row_index: 3, download_url: "http://h/c", created_at: "" },
    { file_name: "-1.docx", row_index: 4, download_url: "http://h/d", created_at: "" },
  ]);
  const cells = csv.trim().split("\r\n").slice(1).map((line) => line.split(",")[0]);
  assert.deepEqual(cells, [`"'=1+1+HYPERLINK(""http://evil""`, "'@cmd.docx", "'+1.docx", "'-1.docx"]);
});
