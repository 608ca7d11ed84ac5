import assert from "node:assert/strict";
import PizZip from "pizzip";
import { AppError } from "../../errors.ts";
import {
  buildBrokenTemplate,
  buildDocx,
  buildMediationTemplate,
  plainParagraph,
} from "../../../scripts/make_fixtures.ts";
import { analyzeTemplate, inspectTemplate } from "./inspect_template.ts";

function variablesOf(body: string, extra: { headers?: string[]; footers?: string[] } = {}): string[] {
  return inspectTemplate(buildDocx({ body, ...extra })).variables;
}

function refusal(body: string): string {
  try {
    inspectTemplate(buildDocx({ body }));
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    assert.equal(err.code, "TEMPLATE_INVALID");
    assert.equal(err.status, 400);
    return err.message;
  }
  assert.fail("template was accepted");
}

const r = (text: string) =>
  `<w:r><w:rPr><w:sz w:val="32"/></w:rPr><w:t xml:space="preserve">${text}</w:t></w:r>`;

Deno.test("inspectTemplate() lists the mediation template's variables in document order", () => {
  assert.deepEqual(inspectTemplate(buildMediationTemplate()).variables, [
    "案号",
    "申请人",
    "申请人性别",
    "申请人出生日期",
    "申请人民族",
    "申请人身份证号",
    "申请人住所",
    "申请人电话",
    "有代理人",
    "代理人",
    "代理人律所",
    "被申请人",
    "被申请人性别",
    "被申请人出生日期",
    "被申请人身份证号",
    "被申请人住所",
    "被申请人电话",
    "补充说明",
    "案由",
    "受理日期",
    "调解员",
    "签订日期",
    "借款金额",
    "月利率",
    "截止日期",
    "利息",
    "开户行",
    "收款账号",
    "还款计划.期数",
    "还款计划.还款日期",
    "还款计划.还款金额",
    "还款计划.备注",
    "违约金",
    "调解日期",
    "书记员",
  ]);
});

Deno.test("inspectTemplate() reads the committed fixture files like the builders", async () => {
  const dir = new URL("../../../tests/fixtures/", import.meta.url);
  const committed = await Deno.readFile(new URL("mediation_template.docx", dir));
  assert.deepEqual(inspectTemplate(committed), inspectTemplate(buildMediationTemplate()));
  const simple = await Deno.readFile(new URL("simple_template.docx", dir));
  assert.deepEqual(inspectTemplate(simple).variables, ["案号", "申请人", "被申请人"]);
  const none = await Deno.readFile(new URL("no_variable_template.docx", dir));
  assert.deepEqual(inspectTemplate(none).variables, []);
});

Deno.test("inspectTemplate() reads a placeholder Word split across runs, proofing marks and bookmarks", () => {
  const body =
    `<w:p>${r("申请人：$")}<w:proofErr w:type="spellStart"/>${
      r("{申请")
    }<w:bookmarkStart w:id="0" w:name="_GoBack"/>` +
    `<w:bookmarkEnd w:id="0"/>${r("人")}<w:proofErr w:type="spellEnd"/>${r("}，住所：${申请人")}${r("住所")}${
      r("}")
    }</w:p>`;
  assert.deepEqual(variablesOf(body), ["申请人", "申请人住所"]);
});

Deno.test("inspectTemplate() finds placeholders in headers, footers, tables and text boxes", () => {
  const textBox =
    `<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wps:txbx><w:txbxContent>` +
    `${
      plainParagraph("${框内}")
    }</w:txbxContent></wps:txbx></w:drawing></mc:Choice><mc:Fallback><w:pict><v:textbox>` +
    `<w:txbxContent>${
      plainParagraph("${框内}")
    }</w:txbxContent></v:textbox></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>`;
  const table = `<w:tbl><w:tr><w:tc>${plainParagraph("${表格}")}</w:tc></w:tr></w:tbl>`;
  const body = plainParagraph("${正文}") + table + textBox;
  assert.deepEqual(
    variablesOf(body, { headers: [plainParagraph("${页眉}")], footers: [plainParagraph("${页脚}")] }),
    ["页眉", "正文", "表格", "框内", "页脚"],
  );
});

Deno.test("inspectTemplate() lists each variable once, without its formatter, at its first place", () => {
  const body = plainParagraph("${乙}${甲|大写}") + plainParagraph("${ 乙 }${甲|千分位}${丙|yyyy年M月d日}");
  assert.deepEqual(variablesOf(body), ["乙", "甲", "丙"]);
});

Deno.test("inspectTemplate() names loop fields 循环.字段 and keeps condition names", () => {
  const row = `<w:tr><w:tc>${plainParagraph("${#还款计划}${期数}")}</w:tc><w:tc>${
    plainParagraph("${金额|千分位}${/还款计划}")
  }</w:tc></w:tr>`;
  const body = plainParagraph("${案号}") + `<w:tbl>${row}</w:tbl>` + plainParagraph("${#有代理人}") +
    plainParagraph("代理人：${代理人}") + plainParagraph("${/}") +
    plainParagraph("${^有代理人}无${/有代理人}");
  const info = analyzeTemplate(buildDocx({ body }));
  assert.deepEqual(info.variables, ["案号", "还款计划.期数", "还款计划.金额", "有代理人", "代理人"]);
  assert.deepEqual([...info.rowLoops], [["还款计划", ["期数", "金额"]]]);
});

Deno.test("inspectTemplate() accepts a lone $ or braces in ordinary text", () => {
  assert.deepEqual(variablesOf(plainParagraph("费用$100，{备注} 见附件}。")), []);
});

Deno.test("inspectTemplate() refuses an unclosed placeholder, quoting it and its surroundings", () => {
  const message = refusal(plainParagraph("申请人：${申请人 住所：北京市朝阳区", "（以下简称甲方）"));
  assert.equal(
    message,
    "模板格式错误：占位符“${申请人”没有结束的“}”，位置：“申请人：${申请人 住所：北京市朝阳区……”",
  );
  assert.equal(
    refusal(plainParagraph("第一条约定事项如下所述：甲方${甲方名称")),
    "模板格式错误：占位符“${甲方名称”没有结束的“}”，位置：“……定事项如下所述：甲方${甲方名称”",
  );
});

Deno.test("inspectTemplate() refuses a placeholder closed only in the next paragraph", () => {
  assert.match(refusal(plainParagraph("${申请") + plainParagraph("人}")), /占位符“\$\{申请”没有结束的“}”/);
});

Deno.test("inspectTemplate() refuses an empty placeholder", () => {
  assert.equal(
    refusal(plainParagraph("申请人：${}，")),
    "模板格式错误：占位符“${}”缺少变量名，位置：“申请人：${}，”",
  );
  assert.equal(refusal(plainParagraph("${ }")), "模板格式错误：占位符“${ }”缺少变量名，位置：“${ }”");
  assert.equal(
    refusal(plainParagraph("${|大写}")),
    "模板格式错误：占位符“${|大写}”缺少变量名，位置：“${|大写}”",
  );
});

Deno.test("inspectTemplate() refuses a nested placeholder", () => {
  assert.equal(
    refusal(plainParagraph("金额：${金额${币种}}元")),
    "模板格式错误：占位符“${金额${币种}}”里嵌套了另一个占位符，位置：“金额：${金额${币种}}元”",
  );
});

Deno.test("inspectTemplate() refuses unknown formatters and reserved names", () => {
  assert.equal(
    refusal(plainParagraph("${金额|大小}")),
    "模板格式错误：占位符“${金额|大小}”使用了未知的格式“大小”（可用：大写、千分位、yyyy年M月d日 等日期格式），位置：“${金额|大小}”",
  );
  assert.match(refusal(plainParagraph("${金额|}")), /占位符“\$\{金额\|}”的“\|”后面缺少格式名/);
  assert.match(refusal(plainParagraph("${金额|大写|千分位}")), /只能使用一个格式/);
  assert.match(refusal(plainParagraph("${@原始XML}")), /的变量名不能以“@”开头/);
  assert.match(refusal(plainParagraph("${#列表|大写}${/列表}")), /开始或结束标记不能使用格式/);
});

Deno.test("inspectTemplate() refuses unbalanced sections", () => {
  assert.equal(
    refusal(plainParagraph("${#有代理人}代理人：${代理人}")),
    "模板格式错误：开始标记“${#有代理人}”没有对应的结束标记“${/有代理人}”，位置：“${#有代理人}代理人：${代理人}”",
  );
  assert.match(
    refusal(plainParagraph("正文${/有代理人}")),
    /结束标记“\$\{\/有代理人}”前面没有对应的开始标记/,
  );
  assert.match(refusal(plainParagraph("${#甲}${/乙}")), /结束标记“\$\{\/乙}”与开始标记“\$\{#甲}”不匹配/);
});

Deno.test("inspectTemplate() refuses a section opened in a table and closed outside it", () => {
  const body = `<w:tbl><w:tr><w:tc>${plainParagraph("${#列表}${名称}")}</w:tc></w:tr></w:tbl>` +
    plainParagraph("${/列表}");
  assert.equal(
    refusal(body),
    "模板格式错误：循环或条件“${#列表}”的开始和结束标记必须在同一层级（例如在同一个表格行内，或都在表格外）",
  );
});

Deno.test("inspectTemplate() refuses files that are not Word documents", () => {
  const notZip = new TextEncoder().encode("这不是Word文件");
  const zip = new PizZip();
  zip.file("[Content_Types].xml", "<Types/>");
  zip.file("readme.txt", "x");
  const noBody = zip.generate({ type: "uint8array" });
  for (const bytes of [notZip, noBody, new Uint8Array()]) {
    assert.throws(
      () => inspectTemplate(bytes),
      (err) =>
        err instanceof AppError && err.code === "TEMPLATE_NOT_DOCX" &&
        err.message === "只能上传Word文档(.docx)!",
    );
  }
});

Deno.test("inspectTemplate() refuses the broken fixture", () => {
  assert.throws(() => inspectTemplate(buildBrokenTemplate()), /占位符“\$\{申请人”没有结束的“}”/);
});
