import assert from "node:assert/strict";
import { readRoleLabel, roleOfLabel, sideOfLabel } from "./party_roles.ts";

Deno.test("roleOfLabel: one vocabulary for every wording of the two sides", () => {
  const role = (text: string) => readRoleLabel(text)?.role ?? null;
  assert.equal(role("原告（法人）：某某公司"), "creditor");
  assert.equal(role("第一被告：张三"), "debtor");
  assert.equal(role("第二被告（保证人）：李四"), "other");
  assert.equal(role("被告二：王五"), "other");
  assert.equal(role("甲方（债权人）：某某公司"), "creditor");
  assert.equal(role("乙方（债务人）：赵六"), "debtor");
  assert.equal(role("丙方（保证人）：孙七"), "other");
  assert.equal(role("被申请人：周八"), "debtor"); // not 申请人
  assert.equal(role("债权人：某银行"), "creditor");
  assert.equal(role("出借人 张三"), "creditor");
  assert.equal(role("贷款人：某银行支行"), "creditor");
  assert.equal(role("受送达人：吴九"), "unknown");
  assert.equal(role("委托诉讼代理人：郑十"), "other");
  assert.equal(role("借款事宜"), null);
  assert.equal(roleOfLabel("借款人"), "debtor");
});

Deno.test("sideOfLabel maps a field label or a column header to a side", () => {
  assert.equal(sideOfLabel("被申请人电话"), "debtor");
  assert.equal(sideOfLabel("申请人住址"), "creditor");
  assert.equal(sideOfLabel("出借人姓名"), "creditor");
  assert.equal(sideOfLabel("借款人身份证号"), "debtor");
  assert.equal(sideOfLabel("案号"), null);
});
