/**
 * What to look for for a FieldSpec: its value type and, for the fields legal paperwork has, the concept
 * (which party, which attribute, or which fact of the loan). Read from the label AND the key, through one
 * synonyms table kept as data, so templates that word their labels differently still map.
 */
import { type PartySide, SIDE_LABEL } from "./party_roles.ts";
import type { FieldSpec } from "../../../common/field_spec.ts";

export type { PartySide } from "./party_roles.ts";

export type FieldType =
  | "id"
  | "credit_code"
  | "phone"
  | "amount"
  | "date"
  | "rate"
  | "case_no"
  | "court"
  | "address"
  | "name"
  | "claim"
  | "text";

export type PartyAttribute = "name" | "id_no" | "credit_code" | "legal_rep" | "phone" | "address";
export type FactConcept =
  | "loan_amount"
  | "loan_date"
  | "interest_rate"
  | "due_date"
  | "repaid_amount"
  | "claim"
  | "case_no"
  | "court"
  | "award_amount"
  | "sign_date";

export interface FieldPlan {
  key: string;
  label: string;
  type: FieldType;
  party: PartySide | null;
  attribute: PartyAttribute | null;
  fact: FactConcept | null;
  /** Label words to look for in generic label-value reading (the label split on / 、 and its synonyms). */
  labelWords: string[];
  /** The field's hint for the model (custom OCR's field_prompt). */
  prompt?: string;
}

/**
 * Role words per side (labels vary per template: 原告/申请人/出借人/贷款人/甲方 all mean the creditor), from the
 * one role vocabulary (party_roles.ts); keys in English.
 */
export const SIDE_WORDS: Record<PartySide, { label: RegExp; key: RegExp }> = {
  // debtor first in matching: 被申请人 contains 申请人
  debtor: { label: SIDE_LABEL.debtor, key: /defendant|debtor|borrower|respondent/i },
  creditor: { label: SIDE_LABEL.creditor, key: /plaintiff|creditor|lender|applicant|claimant/i },
};

export const ATTRIBUTE_WORDS: [PartyAttribute, RegExp, RegExp][] = [
  ["credit_code", /信用代码|社会信用/, /credit_code|uscc/i],
  ["id_no", /身份证|身份号码|证件号/, /id_no|id_card|idno|identity/i],
  ["legal_rep", /法定代表人|负责人|法人代表/, /legal_rep|representative/i],
  ["phone", /电话|手机|联系方式/, /phone|tel|mobile/i],
  ["address", /住址|地址|住所|户籍/, /address|addr/i],
  ["name", /名称|姓名|名字|^(原告|被告|申请人|被申请人|出借人|借款人|甲方|乙方)/, /name$/i],
];

export const FACT_WORDS: [FactConcept, RegExp, RegExp][] = [
  ["case_no", /案号/, /case_no|case_number/i],
  ["court", /法院/, /court/i],
  ["claim", /诉讼请求|请求事项/, /claim/i],
  ["award_amount", /判决.*金额|调解.*金额|判决金额|调解金额/, /award/i],
  ["repaid_amount", /已还|已归还|已偿还|还款金额/, /repaid/i],
  ["interest_rate", /利率|利息率|年息|月息/, /interest_rate|rate/i],
  ["sign_date", /签订日期|签署日期|签约日期|合同日期/, /sign_date/i],
  ["due_date", /还款期限|到期日|还款日期|借款期限届满/, /due_date|maturity/i],
  ["loan_date", /借款日期|放款日期|出借日期/, /loan_date/i],
  ["loan_amount", /借款金额|借款本金|出借金额|贷款金额/, /loan_amount|principal/i],
];

function typeOf(plan: Omit<FieldPlan, "type" | "labelWords">, spec: FieldSpec): FieldType {
  switch (plan.attribute) {
    case "id_no":
      return "id";
    case "credit_code":
      return "credit_code";
    case "phone":
      return "phone";
    case "address":
      return "address";
    case "name":
    case "legal_rep":
      return "name";
  }
  switch (plan.fact) {
    case "loan_amount":
    case "repaid_amount":
    case "award_amount":
      return "amount";
    case "loan_date":
    case "due_date":
    case "sign_date":
      return "date";
    case "interest_rate":
      return "rate";
    case "claim":
      return "claim";
    case "case_no":
      return "case_no";
    case "court":
      return "court";
  }
  const t = `${spec.label} ${spec.key}`;
  if (/金额|数额|本金|价款|amount|money|sum/i.test(t)) return "amount";
  if (/日期|时间|date|day/i.test(t)) return "date";
  if (/利率|rate/i.test(t)) return "rate";
  if (/电话|手机|phone|tel|mobile/i.test(t)) return "phone";
  if (/身份证|id_no/i.test(t)) return "id";
  if (/信用代码|credit/i.test(t)) return "credit_code";
  if (/地址|住址|住所|address/i.test(t)) return "address";
  if (/案号/.test(t)) return "case_no";
  if (/法院|court/i.test(t)) return "court";
  return "text";
}

/** Plans what to look for for one field. */
export function planField(spec: FieldSpec): FieldPlan {
  const label = spec.label ?? "";
  const key = spec.key ?? "";
  let party: PartySide | null = null;
  for (const side of ["debtor", "creditor"] as PartySide[]) {
    if (SIDE_WORDS[side].label.test(label) || SIDE_WORDS[side].key.test(key)) {
      party = side;
      break;
    }
  }
  let attribute: PartyAttribute | null = null;
  let fact: FactConcept | null = null;
  for (const [concept, l, k] of FACT_WORDS) {
    if (k.test(key) || l.test(label)) {
      fact = concept;
      break;
    }
  }
  if (party) {
    for (const [attr, l, k] of ATTRIBUTE_WORDS) {
      if (k.test(key) || l.test(label)) {
        attribute = attr;
        break;
      }
    }
    if (!attribute && !fact) attribute = "name";
    if (attribute) fact = null;
    else party = null;
  }
  const base = { key, label, party, attribute, fact };
  const labelWords = label.split(/[\/、,，（）()\s]+/).map((w) => w.trim()).filter((w) => w.length >= 2);
  return { ...base, type: typeOf(base, spec), labelWords, ...(spec.prompt ? { prompt: spec.prompt } : {}) };
}
