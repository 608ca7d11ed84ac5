import assert from "node:assert/strict";
import { planField } from "./field_plan.ts";

Deno.test("planField maps labels and keys to party attributes and loan facts", () => {
  const p = (label: string, key: string) => {
    const f = planField({ label, key });
    return [f.party, f.attribute, f.fact, f.type];
  };
  assert.deepEqual(p("原告/申请人", "plaintiff_name"), ["creditor", "name", null, "name"]);
  assert.deepEqual(p("被告/被申请人", "defendant_name"), ["debtor", "name", null, "name"]);
  assert.deepEqual(p("被申请人电话", "x1"), ["debtor", "phone", null, "phone"]);
  assert.deepEqual(p("出借人身份证号", "a"), ["creditor", "id_no", null, "id"]);
  assert.deepEqual(p("甲方统一社会信用代码", "b"), ["creditor", "credit_code", null, "credit_code"]);
  assert.deepEqual(p("借款人住址", "c"), ["debtor", "address", null, "address"]);
  assert.deepEqual(p("贷款人法定代表人/负责人", "d"), ["creditor", "legal_rep", null, "name"]);
  assert.deepEqual(p("借款金额", "loan_amount"), [null, null, "loan_amount", "amount"]);
  assert.deepEqual(p("借款合同签订日期", "sign_date"), [null, null, "sign_date", "date"]);
  assert.deepEqual(p("判决/调解金额", "award_amount"), [null, null, "award_amount", "amount"]);
  assert.deepEqual(p("约定利率", "interest_rate"), [null, null, "interest_rate", "rate"]);
  assert.deepEqual(p("受理法院", "court"), [null, null, "court", "court"]);
  assert.deepEqual(p("案号", "case_no"), [null, null, "case_no", "case_no"]);
  assert.deepEqual(p("诉讼请求（第一项）", "claim"), [null, null, "claim", "claim"]);
  // a template with keys only in English still maps
  assert.deepEqual(p("字段1", "defendant_phone"), ["debtor", "phone", null, "phone"]);
  // an unknown field: generic label reading, type from the label
  assert.deepEqual(p("合同编号", "contract_no"), [null, null, null, "text"]);
  assert.deepEqual(p("保证金金额", "deposit"), [null, null, null, "amount"]);
});
