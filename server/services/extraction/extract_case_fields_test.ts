import assert from "node:assert/strict";
import type { z } from "zod";
import type { ChatMessage, LlmClient } from "../llm/types.ts";
import { extractCaseFields } from "./extract_case_fields.ts";
import { docOf } from "./test_docs.ts";

// Invented people and numbers (IDs and codes pass their check digits).
const FIELDS = [
  { key: "plaintiff_name", label: "原告/申请人" },
  { key: "plaintiff_id_no", label: "原告身份证号" },
  { key: "plaintiff_phone", label: "原告电话" },
  { key: "plaintiff_credit_code", label: "原告统一社会信用代码" },
  { key: "defendant_name", label: "被告/被申请人" },
  { key: "defendant_id_no", label: "被告身份证号" },
  { key: "defendant_phone", label: "被告电话" },
  { key: "defendant_address", label: "被告住址" },
  { key: "loan_amount", label: "借款金额" },
  { key: "loan_date", label: "借款日期" },
  { key: "interest_rate", label: "约定利率" },
  { key: "due_date", label: "还款期限" },
  { key: "claim", label: "诉讼请求（第一项）" },
  { key: "court", label: "受理法院" },
  { key: "case_no", label: "案号" },
  { key: "sign_date", label: "借款合同签订日期" },
];

const COMPLAINT = docOf("起诉状.docx", [
  "民事起诉状",
  "原告：王小明，男，1949年12月31日出生，汉族，住北京市朝阳区建国路1号，公民身份号码：11010519491231002X，联系电话：138-0000-1111。",
  "委托诉讼代理人：李律师，某某律师事务所律师，联系电话：13900002222。",
  "被告：赵大力，男，住河北省石家庄市长安区中山路8号2单元301室，公民身份号码：130102198001011232，联系电话：13700003333。",
  "诉讼请求：",
  "1、判令被告赵大力归还原告借款本金人民币50,000元；",
  "2、判令被告支付逾期利息；",
  "事实与理由：",
  "2023年3月5日，被告向原告借款50000元，并出具借条一份，约定还款期限至2024年3月4日，月利率1%。逾期按LPR四倍计算利息。",
  "此致",
  "北京市朝阳区人民法院",
  "具状人：王小明",
  "2024年5月6日",
]);

// An ID card read by OCR: labels and values on one line, the address spread over two lines.
const ID_CARD = docOf("被告身份证.jpg", [
  "姓名 赵大利",
  "性别 男 民族 汉",
  "出生 1980年1月1日",
  "住址 河北省石家庄市长安区",
  "建设北大街99号",
  "公民身份号码 130102198001011232",
], { method: "ocr", confidence: 0.9 });

Deno.test("extractCaseFields: party blocks, facts, and the ID card beating the complaint", async () => {
  const r = await extractCaseFields([COMPLAINT, ID_CARD], FIELDS);
  const v = (k: string) => r.fields[k].value;
  assert.equal(v("plaintiff_name"), "王小明");
  assert.equal(v("plaintiff_id_no"), "11010519491231002X");
  assert.equal(v("plaintiff_phone"), "13800001111"); // not the lawyer's; digits only
  assert.equal(r.fields.plaintiff_credit_code.found, false); // a person has none
  // the ID card (rank 1) wins over the complaint's spelling, the complaint's is kept as a candidate
  assert.equal(v("defendant_name"), "赵大利");
  assert.equal(r.fields.defendant_name.sourceFile, "被告身份证.jpg");
  assert.equal(r.fields.defendant_name.conflict, true);
  assert.deepEqual(r.fields.defendant_name.candidates.map((c) => c.value), ["赵大利", "赵大力"]);
  assert.equal(v("defendant_address"), "河北省石家庄市长安区建设北大街99号");
  assert.equal(v("defendant_id_no"), "130102198001011232");
  assert.equal(r.fields.defendant_id_no.conflict, false);
  assert.equal(v("defendant_phone"), "13700003333");
  assert.equal(r.fields.loan_amount.candidates[0].normalized, "50000");
  assert.equal(r.fields.loan_date.candidates[0].normalized, "2023-03-05");
  assert.equal(r.fields.interest_rate.candidates[0].normalized, "年利率12%"); // not the LPR penalty
  assert.equal(r.fields.due_date.candidates[0].normalized, "2024-03-04");
  assert.equal(v("claim"), "判令被告赵大力归还原告借款本金人民币50,000元");
  assert.equal(v("court"), "北京市朝阳区人民法院");
  assert.equal(r.fields.case_no.found, false);
  // provenance: file, page, 1-based line, snippet, method, confidence from the OCR line
  const src = r.fields.defendant_name.source!;
  assert.deepEqual([src.fileName, src.page, src.line, src.snippet], ["被告身份证.jpg", 1, 1, "姓名 赵大利"]);
  assert.equal(r.fields.defendant_name.method, "rules");
  assert.ok(r.fields.defendant_name.candidates[0].confidence <= 0.9);
});

Deno.test("extractCaseFields: 甲方/乙方 blocks with next-line labels, tables and a contract term", async () => {
  const contract = docOf("借款合同.pdf", [
    "借款合同",
    "出借人（甲方）：某某小额贷款股份有限公司",
    "统一社会信用代码：91350100M000100Y43",
    "法定代表人：孙一",
    "借款人（乙方）：钱二",
    "身份证号码：11010519491231002X",
    "住址：北京市东城区东四大街5号",
    "联系电话：15800004444",
    "第一条 借款金额：人民币壹拾万元整（¥100,000.00）。",
    "第二条 借款期限：自2022年6月1日起至2023年5月31日止。",
    "第三条 借款利率：年利率9%，逾期罚息按借款利率上浮50%计收。",
    "签订日期：2022年05月28日",
  ], { method: "pdf_text" });
  const r = await extractCaseFields([contract], FIELDS);
  assert.equal(r.fields.plaintiff_name.value, "某某小额贷款股份有限公司");
  assert.equal(r.fields.plaintiff_credit_code.value, "91350100M000100Y43");
  assert.equal(r.fields.plaintiff_id_no.found, false);
  assert.equal(r.fields.defendant_name.value, "钱二");
  assert.equal(r.fields.defendant_id_no.value, "11010519491231002X");
  assert.equal(r.fields.defendant_phone.value, "15800004444");
  assert.equal(r.fields.defendant_address.value, "北京市东城区东四大街5号");
  assert.equal(r.fields.loan_amount.candidates[0].normalized, "100000");
  assert.deepEqual(r.fields.loan_amount.candidates[0].checks, ["大写小写一致"]);
  assert.equal(r.fields.loan_date.candidates[0].normalized, "2022-06-01");
  assert.equal(r.fields.due_date.candidates[0].normalized, "2023-05-31");
  assert.equal(r.fields.interest_rate.candidates[0].normalized, "年利率9%");
  assert.equal(r.fields.sign_date.candidates[0].normalized, "2022-05-28");
});

Deno.test("extractCaseFields: an inconsistent 大写/小写 amount is not taken; table rows are read", async () => {
  const iou = docOf("借条.docx", [
    "借条",
    "今借到王小明人民币伍万元整（¥40,000.00），借款人：赵大力",
    "2023年3月5日",
  ]);
  const table = docOf("当事人信息.docx", ["案号 | （2024）京0105民初123号", "法院 | 北京市朝阳区人民法院"]);
  const r = await extractCaseFields([iou, table], [...FIELDS, { key: "x_case", label: "案号" }]);
  assert.equal(r.fields.loan_amount.found, false);
  assert.equal(r.fields.case_no.value, "（2024）京0105民初123号");
  assert.equal(r.fields.x_case.candidates[0].normalized, "（2024）京0105民初123号");
});

/** A stub model client answering with a fixed JSON object. */
function stubLlm(answer: unknown): LlmClient & { calls: ChatMessage[][] } {
  const calls: ChatMessage[][] = [];
  return {
    model: "stub",
    calls,
    chat: () => Promise.resolve(""),
    async *chatStream() {},
    chatJson<T>(messages: ChatMessage[], schema: z.ZodType<T>): Promise<T> {
      calls.push(messages);
      return Promise.resolve(schema.parse(answer));
    },
  };
}

Deno.test("model path: cited values are verified against their lines; invented ones are unverified and never win", async () => {
  const llm = stubLlm({
    fields: [
      { key: "court", value: "北京市朝阳区人民法院", lines: ["f1 p1 l11"] },
      { key: "case_no", value: "（2024）京0105民初999号", lines: ["f1 p1 l2"] }, // not in that line: invented
      { key: "defendant_name", value: "赵小力", lines: ["f1 p1 l4"] }, // wrong, and rules have a verified value
      { key: "plaintiff_credit_code", value: "未知", lines: [] },
    ],
  });
  const r = await extractCaseFields([COMPLAINT], FIELDS, { llm });
  assert.equal(llm.calls.length, 1);
  assert.match(llm.calls[0][1].content, /\[f1 p1 l11\] 北京市朝阳区人民法院/);
  const court = r.fields.court.candidates.find((c) => c.method === "model")!;
  assert.equal(court.unverified, undefined);
  assert.equal(court.source.line, 11);
  const caseNo = r.fields.case_no;
  assert.equal(caseNo.candidates[0].unverified, true);
  assert.deepEqual(caseNo.candidates[0].checks, ["模型推断，无原文"]);
  // offered as a flagged candidate, never chosen (issue #25 finding 2)
  assert.equal(caseNo.candidates[0].value, "（2024）京0105民初999号");
  assert.equal(caseNo.value, null);
  assert.equal(caseNo.found, false);
  assert.equal(r.fields.defendant_name.value, "赵大力");
  assert.equal(r.fields.plaintiff_credit_code.found, false);
});

Deno.test("extractCaseFields: party name on the next line, and party tables (原告 | 张三)", async () => {
  const nextLine = docOf("起诉状.docx", [
    "原告：",
    "周五",
    "住址：江苏省南京市玄武区中山路100号",
    "被告：",
    "吴六",
    "诉讼请求：",
  ]);
  const table = docOf("借款合同.docx", [
    "出借人 | 周五 | 身份证号 | 11010519491231002X",
    "借款人 | 吴六 | 电话 | 13600005555",
  ]);
  const r = await extractCaseFields([nextLine, table], FIELDS);
  assert.equal(r.fields.plaintiff_name.value, "周五");
  assert.equal(r.fields.defendant_name.value, "吴六");
  assert.equal(r.fields.plaintiff_id_no.value, "11010519491231002X");
  assert.equal(r.fields.defendant_phone.value, "13600005555");
  assert.equal(r.fields.plaintiff_name.conflict, false);
});

Deno.test("extractCaseFields: another contract template (贷款人, 大写/小写 with labels, term in months)", async () => {
  const contract = docOf("个人借款合同.docx", [
    "个人借款合同",
    "贷款人：某某银行股份有限公司某某支行",
    "借款人：郑七",
    "第一条 借款金额：人民币（大写）伍拾万元整（小写：500,000元）。",
    "第二条 借款期限：12个月，自2023年1月1日起至2023年12月31日止。",
    "第三条 利率：年息4.35%，按月结息；逾期利率为借款利率加收50%。",
  ]);
  const r = await extractCaseFields([contract], FIELDS);
  assert.equal(r.fields.plaintiff_name.value, "某某银行股份有限公司某某支行");
  assert.equal(r.fields.defendant_name.value, "郑七");
  assert.equal(r.fields.loan_amount.candidates[0].normalized, "500000");
  assert.deepEqual(r.fields.loan_amount.candidates[0].checks, ["大写小写一致"]);
  assert.equal(r.fields.loan_date.candidates[0].normalized, "2023-01-01");
  assert.equal(r.fields.due_date.candidates[0].normalized, "2023-12-31");
  assert.equal(r.fields.interest_rate.candidates[0].normalized, "年利率4.35%");
});

Deno.test("extractCaseFields: a licence photographed sideways (labels and values in separate column runs)", async () => {
  const licence = docOf("营业执照.jpg", [
    "住所 营业期限 成立日期 注册资本 法定代表人 类型 名称",
    "2015年01月01日至长期 2015年01月01日 5000万元人民币 孙一 其他股份有限公司（非上市） 某某小额贷款股份有限公司 统一社会信用代码91350100M000100Y43",
    "福建省福州市鼓楼区五一路10号8楼 （副本） 营业执照",
    "2015年1月1日 登记机关",
  ], { method: "ocr", confidence: 0.95 });
  const complaint = docOf("起诉状.docx", [
    "原告：某某小額贷款股份有限公司，统一社会信用代码：91350100M000100Y43。",
    "法定代表人：孙二。",
  ]);
  const fields = [
    ...FIELDS,
    { key: "plaintiff_legal_rep", label: "原告法定代表人/负责人" },
    { key: "plaintiff_address", label: "原告住址" },
  ];
  const r = await extractCaseFields([licence, complaint], fields);
  assert.equal(r.fields.plaintiff_name.value, "某某小额贷款股份有限公司");
  assert.equal(r.fields.plaintiff_name.sourceFile, "营业执照.jpg");
  assert.equal(r.fields.plaintiff_legal_rep.value, "孙一");
  assert.equal(r.fields.plaintiff_address.value, "福建省福州市鼓楼区五一路10号8楼");
  assert.equal(r.fields.loan_date.found, false); // a licence's dates are not the loan's
});

Deno.test("extractCaseFields: a mediation agreement's award, with the 一 of 一、 lost by OCR", async () => {
  const agreement = docOf("调解协议.pdf", [
    "人民调解协议书",
    "编号：某调字〔2024〕第12号",
    "申请人：周五，男，住江苏省南京市玄武区中山路100号。",
    "被申请人：吴六，男，住江苏省南京市秦淮区中华路1号。",
    "被申请人吴六于2023年10月12日向申请人借款38,000元，到期后未能按约还款。",
    "经调解，双方自愿达成如下协议：",
    "、被申请人吴六确认尚欠申请人周五借款本息共计43,200元；",
    "二、上述款项分12期支付。",
    "某某区人民调解委员会",
  ], { method: "ocr" });
  const r = await extractCaseFields([agreement], [...FIELDS, {
    key: "award_amount",
    label: "判决/调解金额",
  }]);
  assert.equal(r.fields.award_amount.candidates[0].normalized, "43200");
  assert.equal(r.fields.loan_amount.candidates[0].normalized, "38000");
  assert.equal(r.fields.loan_date.candidates[0].normalized, "2023-10-12");
  assert.equal(r.fields.case_no.found, false); // a committee's 编号 is not a case number
  assert.equal(r.fields.court.found, false); // nor is the committee a court
});

Deno.test("extractCaseFields: rows the recogniser merged into one tall box give no party details, only case numbers", async () => {
  const doc: import("../doc_text/types.ts").DocumentText = {
    fileName: "授权委托书.pdf",
    kind: "pdf",
    pages: [{
      page: 1,
      width: 1241,
      height: 1754,
      method: "ocr",
      lines: [
        { text: "授权委托书", box: [500, 100, 700, 130], confidence: 1, method: "ocr" },
        {
          // reversed rows: the lawyer's phone comes before the lawyer's label
          text:
            "委托人：某某小额贷款股份有限公司 联系电话：13900002222。受托人：李律师，某律师事务所律师 案号（2024）京0105民初123号",
          box: [100, 150, 1100, 900],
          confidence: 0.99,
          method: "ocr",
        },
      ],
    }],
    warnings: [],
  };
  const complaint = docOf("起诉状.docx", ["原告：某某小额贷款股份有限公司"]);
  const r = await extractCaseFields([doc, complaint], FIELDS);
  assert.equal(r.fields.plaintiff_name.value, "某某小额贷款股份有限公司");
  assert.equal(r.fields.plaintiff_phone.found, false);
  assert.equal(r.fields.case_no.value, "（2024）京0105民初123号");
});

Deno.test("extractCaseFields: a label wrapped inside a scanned line (联系电 / 话：…) still reads", async () => {
  const scan = docOf("调解申请书.pdf", [
    "人民调解申请书",
    "申请人：周五，女，住江苏省南京市玄武区中山路100号，公民身份号码：11010519491231002X，联系电",
    "话：13500007777。",
    "被申请人：吴六，男，住江苏省南京市秦淮区中华路1号。",
  ], { method: "ocr" });
  const r = await extractCaseFields([scan], FIELDS);
  assert.equal(r.fields.plaintiff_phone.value, "13500007777");
  assert.equal(r.fields.plaintiff_phone.source?.line, 3);
});

Deno.test("extractCaseFields: a line far below is not joined to the one above (营业场所 … / 登记机关)", async () => {
  const line = (text: string, box: [number, number, number, number]) => ({
    text,
    box,
    confidence: 0.98,
    method: "ocr" as const,
  });
  const licence: import("../doc_text/types.ts").DocumentText = {
    fileName: "营业执照.jpg",
    kind: "jpg",
    pages: [{
      page: 1,
      width: 1000,
      height: 1500,
      method: "ocr",
      lines: [
        line("名称  某某商业银行股份有限公司某某支行", [110, 400, 800, 440]),
        line("负责人 孙一", [110, 460, 400, 500]),
        line("营业场所  福建省福州市鼓楼区五一路10号2层06室", [110, 820, 830, 880]),
        line("登记机关", [700, 1290, 800, 1330]),
      ],
    }],
    warnings: [],
  };
  const r = await extractCaseFields([
    licence,
    docOf("起诉状.docx", ["原告：某某商业银行股份有限公司某某支行"]),
  ], [
    ...FIELDS,
    { key: "plaintiff_address", label: "原告住址" },
  ]);
  assert.equal(r.fields.plaintiff_address.value, "福建省福州市鼓楼区五一路10号2层06室");
});

Deno.test("extractCaseFields: a court named after a county no division table knows (OCR misread) is not chosen", async () => {
  const misread = docOf("起诉状.pdf", ["此致", "宁波市勤州区人民法院"], { method: "ocr" });
  const r1 = await extractCaseFields([misread], FIELDS);
  assert.equal(r1.fields.court.found, false);
  assert.equal(r1.fields.court.candidates[0].value, "宁波市勤州区人民法院");
  const right = docOf("起诉状.pdf", ["此致", "宁波市鄞州区人民法院"], { method: "ocr" });
  assert.equal((await extractCaseFields([right], FIELDS)).fields.court.value, "宁波市鄞州区人民法院");
  const city = docOf("判决书.pdf", ["宁波市中级人民法院", "民事判决书"], { method: "ocr" });
  assert.equal((await extractCaseFields([city], FIELDS)).fields.court.value, "宁波市中级人民法院");
});
