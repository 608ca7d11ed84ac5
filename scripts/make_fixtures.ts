/**
 * Word fixtures built from XML strings (no binary blobs to review). Tests import the builders;
 * `deno run -A scripts/make_fixtures.ts` writes the committed copies to tests/fixtures/ for API and
 * browser tests that upload a file.
 *
 * The 民事调解书 template imitates what Word saves: revision ids on every paragraph and run,
 * fonts on every run, placeholders split across runs with proofing marks, bookmarks, a header
 * with the case number, a page-number footer, a table-row loop and a condition.
 */

import PizZip from "pizzip";
import { escapeXml } from "../common/xml.ts";

const NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" ' +
  'xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" ' +
  'mc:Ignorable="w14"';

export interface DocxParts {
  /** Body XML (paragraphs and tables, without <w:body>). */
  body: string;
  /** Body XML of each header (word/header1.xml, …). */
  headers?: string[];
  footers?: string[];
}

const FIXTURE_DATE = new Date(Date.UTC(2026, 0, 1));

/** Builds a valid .docx from body, header and footer XML. */
export function buildDocx(parts: DocxParts): Uint8Array {
  const headers = parts.headers ?? [];
  const footers = parts.footers ?? [];
  const zip = new PizZip();
  // A fixed timestamp makes the same parts give the same bytes (a zip stores each entry's time).
  const file = (name: string, xml: string) => zip.file(name, xml, { date: FIXTURE_DATE });
  const overrides = [
    `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>`,
    ...headers.map((_, i) =>
      `<Override PartName="/word/header${
        i + 1
      }.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>`
    ),
    ...footers.map((_, i) =>
      `<Override PartName="/word/footer${
        i + 1
      }.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/>`
    ),
  ];
  file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${
      overrides.join("")
    }</Types>`,
  );
  file(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  const rels = [
    ...headers.map((_, i) =>
      `<Relationship Id="rIdH${
        i + 1
      }" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header${
        i + 1
      }.xml"/>`
    ),
    ...footers.map((_, i) =>
      `<Relationship Id="rIdF${
        i + 1
      }" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footer${
        i + 1
      }.xml"/>`
    ),
  ];
  file(
    "word/_rels/document.xml.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${
      rels.join("")
    }</Relationships>`,
  );
  const references = [
    ...headers.map((_, i) => `<w:headerReference w:type="default" r:id="rIdH${i + 1}"/>`).slice(0, 1),
    ...footers.map((_, i) => `<w:footerReference w:type="default" r:id="rIdF${i + 1}"/>`).slice(0, 1),
  ].join("");
  const sectPr =
    `<w:sectPr w:rsidR="00B24C71">${references}<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1800" w:bottom="1440" w:left="1800" w:header="851" w:footer="992" w:gutter="0"/><w:cols w:space="425"/><w:docGrid w:type="lines" w:linePitch="312"/></w:sectPr>`;
  file(
    "word/document.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${NS}><w:body>${parts.body}${sectPr}</w:body></w:document>`,
  );
  headers.forEach((xml, i) =>
    file(
      `word/header${i + 1}.xml`,
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:hdr ${NS}>${xml}</w:hdr>`,
    )
  );
  footers.forEach((xml, i) =>
    file(
      `word/footer${i + 1}.xml`,
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:ftr ${NS}>${xml}</w:ftr>`,
    )
  );
  return zip.generate({ type: "uint8array", compression: "DEFLATE" });
}

/** A plain paragraph with one run per string (XML-escaped): the hand-written style. */
export function plainParagraph(...runs: string[]): string {
  return `<w:p>${
    runs.map((text) => `<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`).join("")
  }</w:p>`;
}

/** A .docx of plain paragraphs, one per line: the case files browser tests upload. */
export function docxOfLines(...lines: string[]): Uint8Array {
  return buildDocx({ body: lines.map((l) => plainParagraph(l)).join("") });
}

let rsidCounter = 0x00a31000;
function rsid(): string {
  rsidCounter = (rsidCounter * 1103515245 + 12345) % 0x00ffffff;
  return rsidCounter.toString(16).toUpperCase().padStart(8, "0");
}

const RUN_PROPS =
  `<w:rPr><w:rFonts w:ascii="仿宋_GB2312" w:eastAsia="仿宋_GB2312" w:hAnsi="仿宋_GB2312" w:cs="仿宋_GB2312" w:hint="eastAsia"/><w:sz w:val="32"/><w:szCs w:val="32"/><w:lang w:val="en-US" w:eastAsia="zh-CN"/></w:rPr>`;

function wordRun(text: string): string {
  return `<w:r w:rsidRPr="${rsid()}">${RUN_PROPS}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
}

/**
 * A paragraph as Word saves it: revision ids, paragraph and run properties, text cut into runs of
 * ~12 characters, and every placeholder split inside (`${` | `申请` | `人}`) with proofing marks.
 */
export function wordParagraph(
  text: string,
  options: { align?: "center" | "right"; indent?: boolean } = {},
): string {
  const jc = options.align ? `<w:jc w:val="${options.align}"/>` : "";
  const ind = options.indent === false ? "" : `<w:ind w:firstLineChars="200" w:firstLine="640"/>`;
  const pPr =
    `<w:pPr><w:spacing w:line="560" w:lineRule="exact"/>${ind}${jc}<w:rPr><w:rFonts w:ascii="仿宋_GB2312" w:eastAsia="仿宋_GB2312"/><w:sz w:val="32"/></w:rPr></w:pPr>`;
  const runs: string[] = [];
  for (const piece of text.split(/(\$\{[^}]*\})/)) {
    if (piece === "") continue;
    if (piece.startsWith("${")) {
      const inner = piece.slice(2, -1);
      const cut = Math.max(1, Math.ceil(inner.length / 2));
      runs.push(
        `<w:proofErr w:type="spellStart"/>`,
        wordRun("${"),
        wordRun(inner.slice(0, cut)),
        `<w:bookmarkStart w:id="${runs.length}" w:name="_Hlk${runs.length}"/><w:bookmarkEnd w:id="${runs.length}"/>`,
        wordRun(inner.slice(cut) + "}"),
        `<w:proofErr w:type="spellEnd"/>`,
      );
    } else {
      for (let i = 0; i < piece.length; i += 12) runs.push(wordRun(piece.slice(i, i + 12)));
    }
  }
  return `<w:p w:rsidR="${rsid()}" w:rsidRDefault="${rsid()}" w:rsidP="${rsid()}">${pPr}${
    runs.join("")
  }</w:p>`;
}

function wordCell(text: string, width: number): string {
  return `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/><w:vAlign w:val="center"/></w:tcPr>${
    wordParagraph(text, { align: "center", indent: false })
  }</w:tc>`;
}

/** A bordered table: header row, then rows of cell texts. */
export function wordTable(header: string[], rows: string[][]): string {
  const width = Math.floor(8306 / header.length);
  const border = (side: string) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="auto"/>`;
  const tblPr = `<w:tblPr><w:tblW w:w="8306" w:type="dxa"/><w:jc w:val="center"/><w:tblBorders>${
    ["top", "left", "bottom", "right", "insideH", "insideV"].map(border).join("")
  }</w:tblBorders><w:tblLook w:val="04A0"/></w:tblPr>`;
  const grid = `<w:tblGrid>${header.map(() => `<w:gridCol w:w="${width}"/>`).join("")}</w:tblGrid>`;
  const tr = (cells: string[]) =>
    `<w:tr w:rsidR="${rsid()}" w:rsidTr="${rsid()}"><w:trPr><w:jc w:val="center"/></w:trPr>${
      cells.map((c) => wordCell(c, width)).join("")
    }</w:tr>`;
  return `<w:tbl>${tblPr}${grid}${[header, ...rows].map(tr).join("")}</w:tbl>`;
}

const FACTS = [
  "申请人与被申请人之间因借款合同纠纷，经协商未果，申请人于${受理日期|yyyy年M月d日}向本委员会申请调解。本委员会受理后，依法指派调解员${调解员}主持调解。",
  "申请人称：${签订日期|yyyy年M月d日}，申请人与被申请人签订《借款合同》一份，约定被申请人向申请人借款人民币${借款金额|大写}（¥${借款金额|千分位}），借款期限为十二个月，月利率为${月利率}，被申请人应按月支付利息，到期一次性归还本金。合同签订后，申请人依约通过银行转账方式向被申请人交付了全部借款。借款期限届满后，被申请人仅归还部分利息，经申请人多次催要，被申请人至今未归还借款本金及剩余利息，已构成违约。",
  "被申请人称：对借款事实及借款金额无异议，因经营困难暂时无力一次性归还，请求申请人给予分期还款的宽限，并表示愿意承担相应的违约责任。",
  "经审查查明：申请人与被申请人签订的《借款合同》系双方当事人的真实意思表示，内容不违反法律、行政法规的强制性规定，合法有效，双方均应依约履行。被申请人未按约定期限归还借款本金及利息，应当承担继续履行及赔偿损失等违约责任。",
  "本委员会在查明事实、分清是非的基础上，依照《中华人民共和国民法典》第六百六十七条、第六百七十五条、第六百七十六条及《中华人民共和国人民调解法》的有关规定，在双方当事人自愿、平等的基础上进行调解，双方当事人自愿达成如下协议：",
];

const CLAUSES = [
  "一、被申请人${被申请人}确认尚欠申请人${申请人}借款本金人民币${借款金额|大写}（¥${借款金额|千分位}）及截至${截止日期|yyyy年M月d日}的利息人民币${利息|千分位}元。",
  "二、上述款项由被申请人按照下列还款计划分期支付至申请人指定的银行账户（开户行：${开户行}，账号：${收款账号}）：",
  "三、被申请人如未按上述还款计划按期足额支付任何一期款项，申请人有权就全部未付款项一次性申请强制执行，被申请人并应另行支付违约金人民币${违约金|千分位}元。",
  "四、申请人放弃其他调解请求。本案调解费用由被申请人负担，于第一期还款时一并支付。",
  "五、双方当事人就本案借款合同纠纷再无其他争议。",
];

const CLOSING = [
  "上述协议，符合有关法律规定，本委员会予以确认。本调解书经双方当事人签收后，即具有法律约束力，双方当事人应当按照约定履行各自的义务。一方当事人拒绝履行或者未全部履行的，对方当事人可以依法向人民法院申请司法确认或者强制执行。",
  "本调解书一式三份，双方当事人各执一份，本委员会存档一份，每份具有同等法律效力。",
];

/** The realistic 民事调解书 template of the bench and tests (about 30 variables, 3-4 pages once filled). */
export function buildMediationTemplate(): Uint8Array {
  const p = (text: string, options?: { align?: "center" | "right"; indent?: boolean }) =>
    wordParagraph(text, options);
  const body = [
    p("人民调解委员会", { align: "center", indent: false }),
    p("民 事 调 解 书", { align: "center", indent: false }),
    p("${案号}", { align: "right", indent: false }),
    p("申请人：${申请人}，${申请人性别}，${申请人出生日期|yyyy年M月d日}出生，${申请人民族}，公民身份号码：${申请人身份证号}，住所：${申请人住所}，联系电话：${申请人电话}。"),
    p("${#有代理人}"),
    p("委托代理人：${代理人}，${代理人律所}律师。"),
    p("${/有代理人}"),
    p("被申请人：${被申请人}，${被申请人性别}，${被申请人出生日期|yyyy年M月d日}出生，公民身份号码：${被申请人身份证号}，住所：${被申请人住所}，联系电话：${被申请人电话}。"),
    p("${补充说明}"),
    p("案由：${案由}。"),
    ...FACTS.map((text) => p(text)),
    ...FACTS.slice(1, 4).map((text) => p(text.replace(/\$\{[^}]*\}/g, "上述"))),
    ...CLAUSES.slice(0, 2).map((text) => p(text)),
    wordTable(["期数", "还款日期", "还款金额（元）", "备注"], [[
      "${#还款计划}${期数}",
      "${还款日期|yyyy年M月d日}",
      "${还款金额|千分位}",
      "${备注}${/还款计划}",
    ]]),
    ...CLAUSES.slice(2).map((text) => p(text)),
    ...CLOSING.map((text) => p(text)),
    p("调解员：${调解员}", { align: "right", indent: false }),
    p("${调解日期|yyyy年M月d日}", { align: "right", indent: false }),
    p("书记员：${书记员}", { align: "right", indent: false }),
  ].join("");
  const header = wordParagraph("${案号}", { align: "right", indent: false });
  const footer =
    `<w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;
  return buildDocx({ body, headers: [header], footers: [footer] });
}

/** One realistic row for the mediation template (row number n varies names, ids and amounts). */
export function mediationRow(n: number): Record<string, unknown> {
  const amount = 50000 + n * 1234.5;
  const installments = 3 + (n % 4);
  const lines = (f: (i: number) => string) => Array.from({ length: installments }, (_, i) => f(i)).join("\n");
  return {
    案号: `（2024）京0105民调${String(n).padStart(5, "0")}号`,
    申请人: `张${"伟芳娜敏静丽强磊军洋"[n % 10]}`,
    申请人性别: n % 2 ? "男" : "女",
    申请人出生日期: 30000 + n,
    申请人民族: "汉族",
    申请人身份证号: `1101051985${String(n % 10000).padStart(4, "0")}002X`,
    申请人住所: `北京市朝阳区建国路${n}号院${(n % 20) + 1}号楼${(n % 6) + 1}单元${100 + (n % 30)}室`,
    申请人电话: `138${String(n).padStart(8, "0")}`,
    有代理人: n % 3 === 0 ? "否" : "是",
    代理人: "李明",
    代理人律所: "北京市某某律师事务所",
    被申请人: `王${"一二三四五六七八九十"[n % 10]}`,
    被申请人性别: n % 2 ? "女" : "男",
    被申请人出生日期: { t: "n", v: 31000 + n, z: "yyyy/m/d" },
    被申请人身份证号: `3201021988${String(n % 10000).padStart(4, "0")}1234`,
    被申请人住所: `江苏省南京市鼓楼区中山路${n}号\n（现住北京市海淀区）`,
    被申请人电话: `139${String(n).padStart(8, "0")}`,
    补充说明: n % 2 ? "" : "被申请人系申请人的同事。",
    案由: "民间借贷纠纷",
    受理日期: 45300 + (n % 30),
    调解员: "赵调解",
    签订日期: "2023-03-05",
    借款金额: amount,
    月利率: "1%",
    截止日期: "2024/6/30",
    利息: amount * 0.12,
    开户行: "中国工商银行北京建国路支行",
    收款账号: `0200${String(n).padStart(15, "0")}`,
    违约金: amount * 0.1,
    调解日期: 45478,
    书记员: "钱书记",
    "还款计划.期数": lines((i) => `第${i + 1}期`),
    "还款计划.还款日期": lines((i) => `2024-${String(i + 7).padStart(2, "0")}-30`),
    "还款计划.还款金额": lines(() => (amount / installments).toFixed(2)),
    "还款计划.备注": lines((i) => (i === installments - 1 ? "含利息" : "")),
  };
}

/** A short template with three placeholders, for API tests that only need a valid upload. */
export function buildSimpleTemplate(): Uint8Array {
  return buildDocx({
    body: plainParagraph("案号：", "${案号}") + plainParagraph("申请人：${申请人}，被申请人：${被申请人}。"),
  });
}

/** A template with an unclosed placeholder (refused on upload). */
export function buildBrokenTemplate(): Uint8Array {
  return buildDocx({ body: plainParagraph("申请人：${申请人 住所：北京市朝阳区", "（以下简称甲方）") });
}

/** A template without any placeholder (the upload warns: no variables). */
export function buildNoVariableTemplate(): Uint8Array {
  return buildDocx({ body: plainParagraph("本模板没有任何变量。") });
}

if (import.meta.main) {
  const dir = new URL("../tests/fixtures/", import.meta.url);
  await Deno.mkdir(dir, { recursive: true });
  const files: [string, Uint8Array][] = [
    ["mediation_template.docx", buildMediationTemplate()],
    ["simple_template.docx", buildSimpleTemplate()],
    ["broken_template.docx", buildBrokenTemplate()],
    ["no_variable_template.docx", buildNoVariableTemplate()],
  ];
  for (const [name, bytes] of files) {
    await Deno.writeFile(new URL(name, dir), bytes);
    console.log(`tests/fixtures/${name} (${bytes.length} bytes)`);
  }
}
