/**
 * The labels legal paperwork prints before its values, and reading a row as cells (issue #23): a label cell's
 * value is the next cell, or the rest of its own cell after the colon; a value ends where the next known label
 * begins (…10层04室 法定代表人：…, …2402经常居住地：…). Works the same on a Word table row, a text-layer or OCR
 * row whose pieces stand apart (" | " between cells, see lines.ts) and a "标签：值" line of free text.
 */

import { ROLE_WORD_SOURCE } from "./party_roles.ts";

/** What a label introduces. */
export type LabelConcept =
  | "name"
  | "id_no"
  | "credit_code"
  | "legal_rep"
  | "phone"
  | "address"
  | "other_address"
  | "sex"
  | "birth"
  | "ethnicity"
  | "title"
  | "loan_amount"
  | "loan_date"
  | "due_date"
  | "sign_date"
  | "term"
  | "interest_rate"
  | "repaid_amount"
  | "award_amount"
  | "case_no"
  | "court"
  | "claim_item"
  | "validity"
  | "issuer"
  | "account"
  | "postcode"
  | "misc";

/** Label words per concept; the longest match wins. A bracket after a label (住所地（户籍所在地）) belongs to it. */
const LABELS: [LabelConcept, string[]][] = [
  ["name", ["姓名", "名称", "企业名称", "户名", "客户名称"]],
  ["id_no", ["公民身份号码", "公民身份证件编号", "身份证号码", "身份证号", "身份号码", "证件号码"]],
  ["credit_code", ["统一社会信用代码"]],
  ["legal_rep", ["法定代表人", "主要负责人", "负责人", "法人代表", "执行事务合伙人"]],
  ["phone", ["联系电话", "联系方式", "手机号码", "电话号码", "电话", "手机"]],
  ["address", ["住所地", "住址", "住所", "户籍地址", "户籍所在地", "户籍地", "营业场所", "经营场所"]],
  [
    "other_address",
    [
      "经常居住地",
      "现住址",
      "现住",
      "送达地址",
      "通讯地址",
      "通信地址",
      "实际居住地",
      "邮寄地址",
      "联系地址",
      "其他住址",
      "注册地/登记地",
    ],
  ],
  ["sex", ["性别"]],
  ["birth", ["出生日期", "出生"]],
  ["ethnicity", ["民族"]],
  ["title", ["职务", "工作单位", "职业"]],
  ["loan_amount", [
    "借款金额",
    "借款本金",
    "贷款金额",
    "出借金额",
    "借款数额",
    "原借款金额",
    "贷款本金",
    "借款额度",
  ]],
  ["loan_date", [
    "放款日期",
    "借款日期",
    "出借日期",
    "原借款日期",
    "借款提供时间",
    "实际放款日",
    "发放日期",
    "贷款发放日",
  ]],
  ["due_date", ["到期日", "还款日期", "还款期限", "借款到期日", "贷款到期日", "到期日期", "最后还款日"]],
  ["sign_date", ["签署日期", "签订日期", "签约日期", "签订时间", "合同签订日期"]],
  ["term", ["借款期限", "贷款期限", "约定期限"]],
  ["interest_rate", ["年化利率", "年利率", "月利率", "日利率", "借款利率", "约定利率", "贷款利率", "利率"]],
  ["repaid_amount", ["已还款合计", "还款合计", "已还金额", "已还合计", "累计还款", "已还款金额", "已还本金"]],
  ["award_amount", ["和解金额", "调解金额"]],
  ["case_no", ["案号"]],
  ["court", ["管辖法院", "受理法院"]],
  ["validity", ["有效期限", "有效期", "营业期限"]],
  ["issuer", ["签发机关", "登记机关", "发证机关"]],
  ["account", ["收款账户", "账号", "卡号", "贷款账号"]],
  ["postcode", ["邮政编码", "邮编"]],
  ["misc", [
    "案由",
    "电子送达",
    "注册资本",
    "成立日期",
    "经营范围",
    "类型",
    "企业类型",
    "登记状态",
    "还款方式",
    "代理权限",
    "告知事项",
  ]],
];

const WORD_TO_CONCEPT = new Map<string, LabelConcept>(LABELS.flatMap(([c, ws]) => ws.map((w) => [w, c])));
const WORDS = [...WORD_TO_CONCEPT.keys()].sort((a, b) => b.length - a.length);
const WORD_SOURCE = WORDS.map((w) => w.replace(/[/]/g, "\\/")).join("|");

/** A label at the start of a cell: words joined by / (法定代表人/主要负责人), an optional bracket. */
const LABEL_AT_START = new RegExp(
  `^(?:\\d+[.、．])?((?:${WORD_SOURCE})(?:\\/(?:${WORD_SOURCE}))*)((?:（[^）]{0,14}）)?)(?:（(?:大写|小写)）)?[：:]?\\s*`,
);

const ROW_START = new RegExp(
  `^(?:(?:第[一二三四五六])?(?:${ROLE_WORD_SOURCE})[一二三四五六\\d]?(?:（[^）]{0,12}）)?)?(?:${WORD_SOURCE})?(?:（[^）]{0,14}）)?(?:[：:]|\\s|$)`,
);
/** A date's label glued to its date by OCR (借款日期2023年3月18日): a row of its own. */
const DATE_LABEL_ROW = new RegExp(
  `^(?:${
    LABELS.filter(([c]) => c === "loan_date" || c === "due_date" || c === "sign_date").flatMap(([, ws]) => ws)
      .join("|")
  })(?=\\d{4}\\s*[年.\\-/])`,
);
/** A role's own phone or ID glued to its digits by OCR (借款人电话18723209913): a row of its own. */
const ROLE_NUMBER_ROW = new RegExp(
  `^(?:${ROLE_WORD_SOURCE})(?:联系电话|电话|手机|身份证号码|身份证号|公民身份号码)(?=\\d)`,
);

/** A certificate's label, glued to its value by OCR (姓名高俊桂, 住址四川省…): a row of its own. */
const CARD_ROW =
  /^(姓名|性别|民族|出生|住址|公民身份号码|签发机关|有效期限|统一社会信用代码|法定代表人|营业场所|注册资本|成立日期|营业期限|经营范围|登记机关)/;

/**
 * Whether a line starts with a label (a role word and/or a known label, then a colon, a space or nothing):
 * such a line is a row of its own, never the continuation of the line above.
 */
export function startsWithLabel(text: string): boolean {
  if (CARD_ROW.test(text) || ROLE_NUMBER_ROW.test(text) || DATE_LABEL_ROW.test(text)) return true;
  const m = text.match(ROW_START);
  return !!m && m[0].replace(/[：:\s]/g, "").length >= 2;
}

/** A known label followed by its colon somewhere inside a value: where the value ends. */
const NEXT_LABEL = new RegExp(
  `(?:${WORD_SOURCE})(?:\\/(?:${WORD_SOURCE}))*(?:（[^）]{0,14}）)?[：:]|\\s(?:${WORD_SOURCE})(?:（[^）]{0,14}）)?(?=\\s)`,
);

export interface LabelledValue {
  concept: LabelConcept;
  /** The label as printed (住所地（户籍所在地）). */
  label: string;
  value: string;
  /** Offset of the value in the row's text. */
  at: number;
}

/** The concept of a label (exact label text, bracket allowed), or null. */
export function conceptOfLabel(text: string): LabelConcept | null {
  const m = text.match(LABEL_AT_START);
  if (!m || m[0].replace(/[：:\s]+$/, "").length !== text.replace(/[：:\s]+$/, "").length) return null;
  return WORD_TO_CONCEPT.get(m[1].split("/")[0]) ?? null;
}

/** Cuts a value where the next known label (with its colon) begins. */
export function cutAtNextLabel(value: string): string {
  const i = value.slice(1).search(NEXT_LABEL);
  return (i >= 0 ? value.slice(0, i + 1) : value).replace(/[，,；;。\s]+$/, "");
}

/** The cells of a row: " | " separates them (lines.ts turns a column gap into it). */
export function cellsOf(text: string): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  let at = 0;
  for (const part of text.split(" | ")) {
    out.push({ text: part, at });
    at += part.length + 3;
  }
  return out;
}

/**
 * The labelled values of a row: each cell that starts with a known label gives the rest of the cell (after
 * the label and its colon) or, when the cell holds the label alone, the next cell if that is not a label
 * itself. Values end where the next known label begins.
 */
export function readLabelledCells(text: string): LabelledValue[] {
  const out: LabelledValue[] = [];
  const cells = cellsOf(text);
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i].text;
    const m = cell.match(LABEL_AT_START);
    if (!m) continue;
    const concept = WORD_TO_CONCEPT.get(m[1].split("/")[0]);
    if (!concept) continue;
    const label = m[1] + m[2];
    const rest = cell.slice(m[0].length);
    if (rest) {
      // "标签：值" inside one cell; a label glued to a word (利率上浮) is not a label: a colon or a gap is needed
      if (!/[：:\s]$/.test(m[0]) && !/^[\d（(￥¥]/.test(rest)) continue;
      out.push({ concept, label, value: cutAtNextLabel(rest), at: cells[i].at + m[0].length });
      continue;
    }
    const next = cells[i + 1];
    if (!next || !next.text || conceptOfLabel(next.text)) continue;
    out.push({ concept, label, value: cutAtNextLabel(next.text), at: next.at });
    i++;
  }
  return out;
}
