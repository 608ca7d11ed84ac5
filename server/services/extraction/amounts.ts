/**
 * Amounts as printed: 小写 (12,345.67元, ￥12345.67, 1.5万元) and 大写 (人民币壹万贰仟叁佰肆拾伍元陆角柒分), a
 * 大写 followed by its 小写 (or the other way round) read once and cross-checked.
 */
import type { DocumentText } from "../doc_text/types.ts";
import { CONFIDENCE, type Hit, makeHit } from "./hits.ts";
import type { LogicalLine } from "./lines.ts";
import {
  amountsAgree,
  formatAmount,
  formatMoney,
  parseChineseAmount,
  parseDigitAmount,
} from "./normalize.ts";

const NUM = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?`;
const AMOUNT_RE = new RegExp(
  String
    .raw`(?:人民币|RMB)?\s*[（(]?\s*(?:[￥¥]|RMB)\s*(${NUM})(万元|元)?|(?:人民币)?\s*(?<![\d.,])(${NUM})\s*(万元|元)|(?:人民币)?([零壹贰叁肆伍陆柒捌玖拾佰仟万亿]{2,}[元圆](?:[零壹贰叁肆伍陆柒捌玖]角)?(?:[零壹贰叁肆伍陆柒捌玖]分)?整?)`,
  "g",
);

export interface AmountHit {
  text: string;
  index: number;
  value: number;
  checks: string[];
}

/** Amounts in a text; a 大写 amount followed by its 小写 in brackets counts once, with the check. */
export function findAmounts(text: string): AmountHit[] {
  const raw: AmountHit[] = [];
  for (const m of text.matchAll(AMOUNT_RE)) {
    const digits = m[1] ?? m[3];
    const unit = m[1] ? m[2] : m[4];
    if (digits) {
      let v = parseDigitAmount(digits);
      if (v === null) continue;
      if (unit === "万元") v = Math.round(v * 1e4 * 100) / 100;
      raw.push({
        text: m[0].trim(),
        index: m.index! + (m[0].length - m[0].trimStart().length),
        value: v,
        checks: [],
      });
    } else if (m[5]) {
      const v = parseChineseAmount(m[5]);
      if (v !== null) raw.push({ text: m[0], index: m.index!, value: v, checks: ["大写"] });
    }
  }
  // digits right after 大写 (or 大写 right after digits): one amount, cross-checked
  const out: AmountHit[] = [];
  for (let i = 0; i < raw.length; i++) {
    const a = raw[i], b = raw[i + 1];
    if (
      b &&
      /^[\s（(|]*(?:小写|大写)?(?:金额)?[）)]?[：:]?[\s|]*$/.test(
        text.slice(a.index + a.text.length, b.index),
      ) &&
      (a.checks.includes("大写") !== b.checks.includes("大写"))
    ) {
      const agree = amountsAgree(a.value, b.value);
      const digits = a.checks.includes("大写") ? b : a;
      out.push({
        text: text.slice(a.index, b.index + b.text.length),
        index: a.index,
        value: digits.value,
        checks: [agree ? "大写小写一致" : "大写小写不一致"],
      });
      i++;
    } else out.push(a);
  }
  return out;
}

/** A hit for an amount (null for one whose 大写 and 小写 disagree: precision first). */
export function amountHit(
  doc: DocumentText,
  line: LogicalLine,
  offset: number,
  a: AmountHit,
  rule: number,
): Hit | null {
  if (a.checks.includes("大写小写不一致")) return null;
  return {
    ...makeHit(
      doc,
      line,
      offset + a.index,
      { value: formatMoney(a.value), normalized: formatAmount(a.value) },
      rule * (a.checks.includes("大写小写一致") ? 1 : CONFIDENCE.unchecked),
    ),
    checks: a.checks,
  };
}
