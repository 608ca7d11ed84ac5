/**
 * One test per document class of issue #23, each on a small generated document of that class (tests/data/
 * extraction_sets/: the generator writes the document from a case's values and says which keys it states; the
 * test reads it through the Word/sheet reader and the extractor and checks every stated key).
 */
import assert from "node:assert/strict";
import { makeCase } from "../../../tests/data/extraction_sets/gen_case.ts";
import * as gen from "../../../tests/data/extraction_sets/gen_docs.ts";
import type { Doc } from "../../../tests/data/extraction_sets/gen_docs.ts";
import { docTextOf } from "../../../tests/data/extraction_sets/gen_text.ts";
import { Pick, rng } from "../../../tests/data/extraction_sets/gen_values.ts";
import type { DocumentText } from "../doc_text/types.ts";
import { extractCaseFields } from "./extract_case_fields.ts";
import { readDocumentFacts } from "./rules_extractor.ts";
import { parseAmount, parseDate } from "./normalize.ts";
import type { FieldSpec } from "../../../common/field_spec.ts";

const FIELDS: FieldSpec[] = [
  ["plaintiff_name", "原告/申请人"],
  ["plaintiff_id_no", "原告身份证号"],
  ["plaintiff_credit_code", "原告统一社会信用代码"],
  ["plaintiff_legal_rep", "原告法定代表人/负责人"],
  ["plaintiff_phone", "原告电话"],
  ["plaintiff_address", "原告住址"],
  ["defendant_name", "被告/被申请人"],
  ["defendant_id_no", "被告身份证号"],
  ["defendant_phone", "被告电话"],
  ["defendant_address", "被告住址"],
  ["loan_amount", "借款金额"],
  ["loan_date", "借款日期"],
  ["interest_rate", "约定利率"],
  ["due_date", "还款期限"],
  ["repaid_amount", "已还金额"],
  ["claim", "诉讼请求（第一项）"],
  ["case_no", "案号"],
  ["court", "受理法院"],
  ["award_amount", "判决/调解金额"],
  ["sign_date", "借款合同签订日期"],
].map(([key, label]) => ({ key, label }));

function same(key: string, expected: string | number, got: string): boolean {
  if (typeof expected === "number") return parseAmount(got) === expected;
  if (/_date$/.test(key)) return parseDate(got) === expected;
  const norm = (s: string) =>
    s.normalize("NFKC").replace(/\s/g, "").replace(/[（(]/g, "(").replace(/[）)]/g, ")");
  return norm(got).toUpperCase() === norm(expected).toUpperCase();
}

/**
 * Extracts the document (with `context`, other files of its case that name the parties by role) and checks the
 * candidates read from this document: every key it states has its value, no key it does not state has one.
 */
async function checkDoc(doc: Doc, mustState: string[], context: Doc[] = []): Promise<void> {
  for (const key of mustState) assert.ok(key in doc.states, `the generator's ${doc.name} states ${key}`);
  const result = await extractCaseFields([doc, ...context].map((d) => docTextOf(d)), FIELDS);
  const wrong: string[] = [];
  for (const f of Object.values(result.fields)) {
    const expected = doc.states[f.key as gen.Key];
    const mine = f.candidates.find((c) => c.source.fileName === doc.name);
    if (expected === undefined) {
      if (mine) wrong.push(`${f.key}: not stated, got ${mine.value}`);
    } else if (!mine || !same(f.key, expected, mine.value)) {
      wrong.push(`${f.key}: expected ${expected}, got ${mine ? mine.value : "(not found)"}`);
    }
  }
  assert.deepEqual(wrong, []);
}

function caseOf(seed: number, creditor: "person" | "company" | "bank") {
  const p = new Pick(rng(seed));
  return { c: makeCase(seed, p, creditor), p };
}

Deno.test("要素式 起诉状 in a table: 当事人信息 rows, 诉讼请求和依据 (1.本金), 约定和主张, 管辖法院", async () => {
  const { c, p } = caseOf(1, "company");
  await checkDoc(gen.complaintElements(c, p, "民事起诉状（要素式）.docx"), [
    "plaintiff_legal_rep",
    "plaintiff_address",
    "defendant_address",
    "claim",
    "court",
    "loan_date",
    "due_date",
  ]);
});

Deno.test("起诉状 with other wordings: 原告（法人）, 第一被告, 第二被告（保证人）, 户籍地 / 现住", async () => {
  const { c, p } = caseOf(2, "company");
  await checkDoc(gen.complaintNarrative(c, p, "起诉状.docx"), [
    "defendant_name",
    "defendant_address",
    "claim",
  ]);
});

Deno.test("要素式 判决书 with a facts table (放款日期, 到期日) and 判决如下 一、", async () => {
  const { c, p } = caseOf(3, "person");
  const doc = gen.judgmentElements(c, p, "民事判决书.docx");
  await checkDoc(doc, ["loan_date", "due_date", "award_amount", "case_no", "court"]);
});

Deno.test("借据 as a printed table: 大写 and 小写 amounts, 日利率万分之X, 借款人电话 cell", async () => {
  let seed = 4;
  let made = caseOf(seed, "person");
  while (!made.c.rate.day) made = caseOf(++seed, "person");
  await checkDoc(gen.iouTable(made.c, made.p, "借据.docx", "docx"), [
    "loan_amount",
    "interest_rate",
    "defendant_phone",
  ]);
});

Deno.test("收条: 今收到X出借的借款 names the lender, not 'X出借'", async () => {
  const { c, p } = caseOf(5, "person");
  await checkDoc(gen.receipt(c, p, "收条.docx"), ["plaintiff_name", "loan_amount", "loan_date"]);
});

Deno.test("借款合同 with a 合同要素表: 年化利率（单利）, 借款期限, 签署日期", async () => {
  const { c, p } = caseOf(6, "bank");
  await checkDoc(gen.contractElements(c, p, "借款合同.docx", "docx"), [
    "interest_rate",
    "sign_date",
    "due_date",
  ]);
});

Deno.test("和解协议 table: 甲方（债权人） / 乙方（债务人）, 乙方联系电话 cell, 和解金额", async () => {
  const { c, p } = caseOf(7, "person");
  await checkDoc(gen.settlementTable(c, p, "和解协议.docx"), [
    "defendant_phone",
    "award_amount",
    "plaintiff_phone",
  ]);
});

Deno.test("授权委托书 table: the 委托人 is a party, the 受托人's phone is nobody's", async () => {
  const { c, p } = caseOf(8, "company");
  // the 委托人's side comes from the other files of the case (here the complaint naming the same company)
  await checkDoc(gen.powerOfAttorney(c, p, "授权委托书.docx"), ["plaintiff_name", "plaintiff_legal_rep"], [
    gen.complaintNarrative(c, p, "起诉状.docx"),
  ]);
});

Deno.test("送达地址确认书 with four columns: the addressee's name, ID and phone, not the 送达地址", async () => {
  const { c, p } = caseOf(9, "person");
  await checkDoc(gen.serviceAddress(c, p, "被告送达地址确认书.docx", "docx", "defendant"), [
    "defendant_name",
    "defendant_id_no",
    "defendant_phone",
    "case_no",
  ]);
});

Deno.test("催收通知书: the loan contract's signing date in a sentence, the principal, the due date", async () => {
  const { c, p } = caseOf(10, "company");
  await checkDoc(gen.collectionNotice(c, p, "催收通知书.docx"), ["sign_date", "loan_amount", "due_date"]);
});

Deno.test("客户对账单: the 放款 row and the 合计 row under the repayment column", async () => {
  let seed = 11;
  let made = caseOf(seed, "bank");
  while (!made.c.repaid) made = caseOf(++seed, "bank");
  await checkDoc(gen.statement(made.c, made.p, "客户对账单.docx"), [
    "loan_amount",
    "loan_date",
    "repaid_amount",
  ]);
});

Deno.test("还款明细 xlsx: title rows, header on row 5, totals on a second sheet", async () => {
  let seed = 12;
  let made = caseOf(seed, "person");
  while (!made.c.repaid) made = caseOf(++seed, "person");
  await checkDoc(gen.repaymentSheet(made.c, made.p, "还款明细.xlsx"), ["repaid_amount", "loan_amount"]);
});

Deno.test("身份证复印件, front and back on one page: 有效期限 dates are not birth dates", async () => {
  const { c, p } = caseOf(13, "person");
  await checkDoc(gen.idCardCopy(c.debtor, p, "被告身份证复印件.docx", "docx", "defendant"), [
    "defendant_name",
    "defendant_id_no",
    "defendant_address",
  ]);
});

Deno.test("户口簿 常住人口登记卡: 住址, not the 本市（县）其他住址", async () => {
  const { c, p } = caseOf(14, "person");
  await checkDoc(gen.householdCard(c.debtor, p, "被告户口簿.docx", "defendant"), [
    "defendant_address",
    "defendant_id_no",
  ]);
});

Deno.test("营业执照 in landscape with a QR block", async () => {
  const { c, p } = caseOf(15, "company");
  await checkDoc(gen.businessLicence(c.creditor, p, "原告营业执照.docx", "docx"), [
    "plaintiff_name",
    "plaintiff_credit_code",
    "plaintiff_legal_rep",
    "plaintiff_address",
  ]);
});

Deno.test("企业信用信息公示报告: labels in the middle of table rows", async () => {
  const { c, p } = caseOf(16, "company");
  await checkDoc(gen.creditReport(c.creditor, p, "企业信用信息公示报告.docx"), [
    "plaintiff_name",
    "plaintiff_legal_rep",
  ], [
    gen.complaintNarrative(c, p, "起诉状.docx"),
  ]);
});

Deno.test("民事调解书: 案号, court header, the agreed amount of item 一", async () => {
  const { c, p } = caseOf(17, "company");
  await checkDoc(gen.mediationRuling(c, p, "民事调解书.docx"), ["case_no", "court", "award_amount"]);
});

Deno.test("受理案件通知书: 案号 and court only (the clerk's landline is nobody's phone)", async () => {
  const { c, p } = caseOf(18, "person");
  await checkDoc(gen.acceptanceNotice(c, p, "受理案件通知书.docx"), ["case_no", "court"]);
});

Deno.test("诉前调解申请书 (申请人 / 被申请人, 请求事项) and 诉前调解协议书 (民诉前调 number)", async () => {
  const { c, p } = caseOf(19, "person");
  await checkDoc(gen.mediationApplication(c, p, "诉前调解申请书.docx"), [
    "plaintiff_name",
    "defendant_name",
    "claim",
  ]);
  await checkDoc(gen.mediationAgreement(c, p, "诉前调解协议书.docx", "(2024)浙0106民诉前调1234号"), [
    "case_no",
    "award_amount",
  ]);
});

Deno.test("案号 with half-width and full-width brackets read as one", async () => {
  for (const half of [true, false]) {
    const { c, p } = caseOf(20, "person");
    c.halfBrackets = half;
    await checkDoc(gen.acceptanceNotice(c, p, "受理案件通知书.docx"), ["case_no"]);
  }
});

const PHOTOS = new URL("../../../tests/fixtures/extraction_photos/", import.meta.url);

async function photo(file: string, fileName: string): Promise<DocumentText> {
  const doc = JSON.parse(await Deno.readTextFile(new URL(file, PHOTOS))) as DocumentText;
  return { ...doc, fileName };
}

Deno.test("photos (tilt, shadow, low contrast) with camera file names: kind from content, cells from OCR rows", async () => {
  // the recogniser's real output for generated photos (tests/fixtures/extraction_photos/README.md)
  const iou = await photo("wechat_iou_photo.json", "微信图片_20240924168470.jpg");
  const licence = await photo("img_licence_photo.json", "IMG_20241219_145404.jpg");
  assert.equal(readDocumentFacts(iou).kind, "借条");
  const holder = readDocumentFacts(licence);
  assert.equal(holder.kind, "营业执照");
  assert.deepEqual(
    Object.fromEntries(Object.entries(holder.parties[0].attrs).map(([k, h]) => [k, h!.value])),
    {
      name: "兴业银行股份有限公司武汉洪山支行",
      credit_code: "91420111D336F1E4E0",
      legal_rep: "高阳敏",
      address: "湖北省武汉市洪山区珞喻路172号",
    },
  );
  const result = await extractCaseFields([iou], FIELDS);
  const v = (key: string) => result.fields[key].value;
  assert.equal(v("plaintiff_name"), "明芳明");
  assert.equal(v("plaintiff_id_no"), "32010619900904849X");
  assert.equal(v("defendant_name"), "夏雅");
  assert.equal(v("defendant_id_no"), "35020319711002716X");
  assert.equal(v("defendant_phone"), "18723209913"); // 借款人电话18723209913: a role+attribute cell
  assert.equal(v("loan_date"), "2021-06-29"); // 借款日期, not the signature row's date
  assert.equal(v("due_date"), "2022-06-28");
  assert.equal(v("sign_date"), "2021-06-28");
  assert.equal(v("interest_rate"), "年利率10.8%"); // 日利率万分之三
  // the 大写 amount wrapped onto the next line (…柒拾叁元 / 肆角贰分) disagrees with its 小写: no value
  assert.equal(v("loan_amount"), null);
});

Deno.test("an ID-card photo: name, number and 住址, not the 有效期限 dates", async () => {
  const card = await photo("id_card_photo.json", "被告身份证.jpg");
  const result = await extractCaseFields([card], FIELDS);
  const v = (key: string) => result.fields[key].value;
  assert.equal(v("defendant_name"), "高俊桂");
  assert.equal(v("defendant_id_no"), "510107197210019845");
  assert.equal(v("defendant_address"), "四川省成都市武侯区武侯祠大街768号");
  for (const key of ["loan_date", "due_date", "sign_date"]) assert.equal(v(key), null);
});

Deno.test("text-layer tables: a cell wrapped onto the next line is read whole (boxes say it), its tail is no name", async () => {
  const dir = new URL("../../../tests/fixtures/extraction_text_pdf/", import.meta.url);
  const read = async (file: string) =>
    JSON.parse(await Deno.readTextFile(new URL(file, dir))) as DocumentText;
  const report = readDocumentFacts(await read("credit_report_wrapped_name.json"));
  assert.equal(report.parties[0].attrs.name?.value, "招商银行股份有限公司武汉洪山支行"); // not 武汉洪山支行
  assert.equal(report.parties[0].attrs.credit_code?.value, "914201115384FDJK2N");
  const licence = readDocumentFacts(await read("licence_wrapped_address.json"));
  assert.equal(licence.parties[0].attrs.address?.value, "广东省深圳市南山区南海大道101号19幢2单元104室");
});
