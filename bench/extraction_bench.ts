/**
 * Rules-only field extraction speed (no OCR, no model): one invented 民间借贷 case of four documents
 * (complaint, ID card as OCR lines, contract, transfer sheet) through extractCaseFields, and key facts of
 * one document. The end-to-end figure on the labelled set (reading + OCR + extraction) comes from
 * `deno task eval-extraction`.
 */
import { extractCaseFields } from "../server/services/extraction/extract_case_fields.ts";
import { extractKeyFacts } from "../server/services/extraction/key_facts.ts";
import { docOf } from "../server/services/extraction/test_docs.ts";

const complaint = docOf("起诉状.docx", [
  "民事起诉状",
  "原告：王小明，男，1949年12月31日出生，汉族，住北京市朝阳区建国路1号，公民身份号码：11010519491231002X，联系电话：13800001111。",
  "被告：赵大力，男，住河北省石家庄市长安区中山路8号，公民身份号码：130102198001011232，联系电话：13700003333。",
  "诉讼请求：",
  "1、判令被告赵大力归还原告借款本金人民币50,000元；",
  "事实与理由：",
  "2023年3月5日，被告向原告借款50000元，并出具借条一份，约定还款期限至2024年3月4日，月利率1%。被告已归还5000元。",
  "此致",
  "北京市朝阳区人民法院",
  "2024年5月6日",
]);
const idCard = docOf("被告身份证.jpg", [
  "姓名 赵大力",
  "性别 男 民族 汉",
  "住址 河北省石家庄市长安区",
  "中山路8号",
  "公民身份号码 130102198001011232",
], { method: "ocr", confidence: 0.95 });
const contract = docOf("借款合同.pdf", [
  "借款合同",
  "出借人（甲方）：王小明",
  "身份证号码：11010519491231002X",
  "借款人（乙方）：赵大力",
  "第一条 借款金额：人民币伍万元整（¥50,000.00）。",
  "第二条 借款期限：自2023年3月5日起至2024年3月4日止。",
  "签订日期：2023年3月5日",
], { method: "pdf_text" });
const sheet = docOf("转账记录.xlsx", [
  "序号：1 | 交易时间：2023-03-05 10:00 | 付款人：王小明 | 收款人：赵大力 | 交易金额（元）：50,000.00 | 备注：借款",
  "收款人：已还合计 | 交易金额（元）：5,000.00",
], { method: "sheet" });
const fields = JSON.parse(
  await Deno.readTextFile(new URL("../../shared/data/extraction/templates.json", import.meta.url)).catch(() =>
    JSON.stringify([{
      fields: [{ key: "plaintiff_name", label: "原告" }, { key: "loan_amount", label: "借款金额" }],
    }])
  ),
)[0].fields;

Deno.bench("extractCaseFields, 4 documents, template fields, rules only", async () => {
  await extractCaseFields([complaint, idCard, contract, sheet], fields);
});

Deno.bench("extractKeyFacts, one complaint", () => {
  extractKeyFacts(complaint);
});
