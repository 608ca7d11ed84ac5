import assert from "node:assert/strict";
import PizZip from "pizzip";
import { AppError } from "../../errors.ts";
import {
  buildDocx,
  buildMediationTemplate,
  mediationRow,
  plainParagraph,
} from "../../../scripts/make_fixtures.ts";
import { createDocxRenderer, renderDocx } from "./render_docx.ts";

function partOf(docx: Uint8Array, path = "word/document.xml"): string {
  return new PizZip(docx).file(path)!.asText();
}

/** Visible text, one line per paragraph. */
function textOf(xml: string): string[] {
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>|<w:p\/>/g)].map((p) =>
    [...p[0].matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:br\/>/g)].map((t) => t[1] ?? "\n").join("")
  );
}

function render(body: string, values: Record<string, unknown>): string {
  return partOf(renderDocx(buildDocx({ body }), values));
}

const mediation = buildMediationTemplate();

Deno.test("renderDocx() fills the mediation template: values, formats, header, loop and condition", () => {
  const row = mediationRow(1);
  const docx = renderDocx(mediation, row);
  const xml = partOf(docx);
  const text = textOf(xml).join("\n");
  assert.ok(!text.includes("${") && !xml.includes("${"), "no placeholder left");
  assert.ok(!text.includes("undefined"));
  assert.match(text, /申请人：张芳，男，1982年2月19日出生，汉族，公民身份号码：11010519850001002X，/);
  assert.match(text, /借款人民币伍万壹仟贰佰叁拾肆元伍角（¥51,234.50）/);
  assert.match(text, /申请人于2024年1月10日向本委员会申请调解/);
  assert.match(text, /2023年3月5日，申请人与被申请人签订/);
  assert.match(text, /委托代理人：李明，北京市某某律师事务所律师。/);
  assert.match(text, /账号：0200000000000000001）/);
  assert.match(text, /第4期\n?2024年10月30日\n?12,808.63\n?含利息/);
  assert.equal((text.match(/第\d期/g) ?? []).length, 4);
  assert.equal(partOf(docx, "word/header1.xml").match(/（2024）京0105民调00001号/)?.length, 1);
  assert.match(
    xml,
    /中山路1号<\/w:t><\/w:r><w:r>(<w:rPr>[\s\S]*?<\/w:rPr>)?<w:br\/>/,
    "line break in a cell value",
  );
});

Deno.test("renderDocx() drops the condition paragraphs and the empty-only paragraph", () => {
  const row = { ...mediationRow(3), 有代理人: "否", 补充说明: "" };
  const lines = textOf(partOf(renderDocx(mediation, row)));
  assert.ok(!lines.some((line) => line.includes("委托代理人")));
  const applicant = lines.findIndex((line) => line.startsWith("申请人："));
  assert.ok(lines[applicant + 1].startsWith("被申请人："), "condition left no blank paragraph");
  assert.ok(lines[applicant + 2].startsWith("案由："), "empty 补充说明 left no blank paragraph");
});

Deno.test("renderDocx() replaces a placeholder Word split across runs", () => {
  const run = (t: string) => `<w:r><w:rPr><w:b/></w:rPr><w:t>${t}</w:t></w:r>`;
  const body =
    `<w:p>${run("申请人：$")}<w:proofErr w:type="spellStart"/>${
      run("{申")
    }<w:bookmarkStart w:id="1" w:name="x"/>` +
    `<w:bookmarkEnd w:id="1"/>${run("请人")}<w:proofErr w:type="spellEnd"/>${run("}。")}</w:p>`;
  const xml = render(body, { 申请人: "张三" });
  assert.deepEqual(textOf(xml), ["申请人：张三。"]);
  assert.ok(!xml.includes("$") && !xml.includes("{"));
});

Deno.test("renderDocx() keeps numbers and text as displayed", () => {
  const body = plainParagraph("${案号}|${身份证号}|${价格}|${编号}|${金额|千分位}|${日期}|${比例}");
  const xml = render(body, {
    案号: "（2024）京0105民初00123号",
    身份证号: "01010519900307123X",
    价格: 19.990000000000002,
    编号: { t: "s", v: "007", w: "007" },
    金额: "1234567.8",
    日期: { t: "n", v: 45356, z: "yyyy/m/d", w: "2024/3/5" },
    比例: { t: "n", v: 0.125, w: "12.50%", z: "0.00%" },
  });
  assert.deepEqual(textOf(xml), [
    "（2024）京0105民初00123号|01010519900307123X|19.99|007|1,234,567.80|2024年3月5日|12.50%",
  ]);
});

Deno.test("renderDocx() escapes XML characters and strips characters Word cannot hold", () => {
  const xml = render(plainParagraph("${名称}"), { 名称: "A&B <公司> \u0007" });
  assert.match(xml, /A&amp;B &lt;公司&gt; </);
  assert.ok(!xml.includes("\u0007"));
});

Deno.test("renderDocx() leaves missing values empty and removes paragraphs holding only them", () => {
  const body = plainParagraph("第一段") + plainParagraph("${备注}") + plainParagraph(" ${备注} ${附言} ") +
    plainParagraph("") + plainParagraph("代理人：${代理人}") + plainParagraph("末段");
  assert.deepEqual(textOf(render(body, {})), ["第一段", "", "代理人：", "末段"]);
  assert.deepEqual(textOf(render(body, { 备注: "有备注" })), [
    "第一段",
    "有备注",
    " 有备注  ",
    "",
    "代理人：",
    "末段",
  ]);
});

Deno.test("renderDocx() keeps the one paragraph a table cell needs", () => {
  const body = `<w:tbl><w:tr><w:tc><w:tcPr/>${plainParagraph("${备注}")}</w:tc><w:tc>${plainParagraph("甲")}${
    plainParagraph("${备注}")
  }</w:tc></w:tr></w:tbl>${plainParagraph("后")}`;
  const xml = render(body, {});
  const cells = [...xml.matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g)].map((m) => m[1]);
  assert.equal(cells.length, 2);
  assert.equal(cells[0].match(/<w:p[ >]/g)?.length, 1, "the lone paragraph stays");
  assert.deepEqual(textOf(cells[1]), ["甲"]);
});

Deno.test("renderDocx() turns line breaks inside a value into <w:br/>", () => {
  const xml = render(plainParagraph("住所：${住所}"), { 住所: "北京市朝阳区\r\n建国路1号" });
  assert.deepEqual(textOf(xml), ["住所：北京市朝阳区\n建国路1号"]);
  assert.match(xml, /<w:br\/>/);
});

Deno.test("renderDocx() repeats a table row per line of the loop columns, or per item of an array", () => {
  const row = `<w:tr><w:tc>${plainParagraph("${#计划}${期数}")}</w:tc><w:tc>${
    plainParagraph("${金额|千分位}${/计划}")
  }</w:tc></w:tr>`;
  const body = `<w:tbl>${row}</w:tbl>` + plainParagraph("完");
  const fromColumns = render(body, { "计划.期数": "1\n2\n3\n", "计划.金额": "100\n200" });
  assert.deepEqual(textOf(fromColumns), ["1", "100.00", "2", "200.00", "3", "", "完"]);
  const fromArray = render(body, { 计划: [{ 期数: "甲", 金额: 5 }] });
  assert.deepEqual(textOf(fromArray), ["甲", "5.00", "完"]);
  assert.equal(render(body, {}).match(/<w:tr>/g), null, "no rows for no lines");
});

Deno.test("renderDocx() shows a condition's body for 是 and its inverse for 否", () => {
  const body = plainParagraph("${#有代理人}") + plainParagraph("代理人：${代理人}") +
    plainParagraph("${/有代理人}") +
    plainParagraph("${^有代理人}本人到庭${/}");
  assert.deepEqual(textOf(render(body, { 有代理人: "是", 代理人: "李明" })), ["代理人：李明", ""]);
  assert.deepEqual(textOf(render(body, { 有代理人: "否", 代理人: "李明" })), ["本人到庭"]);
});

Deno.test("renderDocx() refuses a value its formatter cannot read", () => {
  assert.throws(
    () => render(plainParagraph("${金额|大写}"), { 金额: "五千" }),
    (err) =>
      err instanceof AppError && err.code === "TEMPLATE_VALUE_INVALID" &&
      err.message === "“金额”的值“五千”无法按“大写”格式转换",
  );
});

Deno.test("createDocxRenderer() renders many rows from one template", () => {
  const renderer = createDocxRenderer(mediation);
  assert.equal(renderer.variables.length, 35);
  const first = textOf(partOf(renderer.render(mediationRow(1)))).join("");
  const second = textOf(partOf(renderer.render(mediationRow(2)))).join("");
  assert.match(first, /民调00001号/);
  assert.match(second, /民调00002号/);
  assert.ok(!second.includes("民调00001号"));
});

Deno.test("createDocxRenderer() renders its compiled template again: each row equals a fresh render", () => {
  const renderer = createDocxRenderer(mediation);
  const rows = [
    mediationRow(1),
    { ...mediationRow(2), 有代理人: "否", 补充说明: "" },
    { ...mediationRow(3), 借款金额: "五万" }, // refused: the next row compiles afresh
    { ...mediationRow(4), "还款计划.期数": "第1期", "还款计划.日期": "2024年1月1日", "还款计划.金额": "100" },
    mediationRow(5),
  ];
  for (const [i, row] of rows.entries()) {
    if (i === 2) {
      assert.throws(
        () => renderer.render(row),
        (err) => err instanceof AppError && err.code === "TEMPLATE_VALUE_INVALID",
      );
      continue;
    }
    const reused = new PizZip(renderer.render(row), { checkCRC32: true });
    const fresh = new PizZip(renderDocx(mediation, row));
    const names = (zip: PizZip) => Object.keys(zip.files).filter((n) => !zip.files[n].dir).sort();
    assert.deepEqual(names(reused), names(fresh), `row ${i + 1}: the same parts`);
    for (const name of names(fresh)) {
      assert.equal(reused.file(name)!.asText(), fresh.file(name)!.asText(), `row ${i + 1}: ${name}`);
    }
  }
});

Deno.test("createDocxRenderer() keeps each row's paragraph blocks to that row", () => {
  const renderer = createDocxRenderer(
    buildDocx({ body: plainParagraph("${甲}") + plainParagraph("#{段落}") }),
  );
  const first = renderer.render({ 甲: "一" }, {
    段落: { paragraphs: ["第一段", "第二段"], clearIndent: false },
  });
  const second = renderer.render({ 甲: "二" });
  assert.deepEqual(textOf(partOf(first)), ["一", "第一段", "第二段"]);
  assert.deepEqual(textOf(partOf(second)), ["二"]);
});
