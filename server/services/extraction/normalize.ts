/**
 * Value normalisers for extracted fields: amounts (小写 and 大写), dates in every common form, interest
 * rates (annualised), plus text compaction for OCR/PDF text (spaces a PDF text layer puts between Chinese
 * characters and digits). Pure functions, no I/O.
 */

const CN_DIGIT: Record<string, number> = {
  零: 0,
  〇: 0,
  "○": 0,
  O: 0,
  壹: 1,
  一: 1,
  贰: 2,
  二: 2,
  两: 2,
  貳: 2,
  叁: 3,
  三: 3,
  參: 3,
  肆: 4,
  四: 4,
  伍: 5,
  五: 5,
  陆: 6,
  六: 6,
  陸: 6,
  柒: 7,
  七: 7,
  捌: 8,
  八: 8,
  玖: 9,
  九: 9,
};
const CN_UNIT: Record<string, number> = { 拾: 10, 十: 10, 佰: 100, 百: 100, 仟: 1000, 千: 1000 };
const CN_BIG: Record<string, number> = { 万: 1e4, 萬: 1e4, 亿: 1e8, 億: 1e8 };

/** Full width to half width for digits, letters and common punctuation; ideographic space to space. */
export function toHalfWidth(s: string): string {
  return s.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, " ");
}

const CJK = "\\u3400-\\u9fff\\uf900-\\ufaff";
const CJK_PUNCT = "，。：；、！？（）《》“”‘’【】〔〕￥¥";

/**
 * Removes the spaces a text layer or OCR puts between Chinese characters, digits and Chinese punctuation
 * ("1964 年 1 月" → "1964年1月", "（2025）浙 0110 民初 19998 号" → "（2025）浙0110民初19998号"); keeps a
 * space between two Latin words or two numbers, and keeps runs of 2+ spaces as a column gap (" | ").
 */
export function compactText(s: string): string {
  const gap = s.replace(/[ \t\u3000]{2,}/g, " | ");
  // "律 师 函": letter-spaced text loses all its single spaces; otherwise a space between two Chinese
  // characters separates two pieces (two OCR boxes, "姓名 张三") and is kept.
  const spaced = new RegExp(`(?<![${CJK}])[${CJK}]( [${CJK}]){2,}(?![${CJK}])`).test(gap);
  const near = spaced
    ? new RegExp(`(?<=[${CJK}${CJK_PUNCT}]) (?=[^|])|(?<=[^|]) (?=[${CJK}${CJK_PUNCT}])`, "g")
    : new RegExp(
      `(?<=[${CJK_PUNCT}]) (?=[^|])|(?<=[^|]) (?=[${CJK_PUNCT}])|(?<=[${CJK}]) (?=[^|${CJK}])|(?<=[^|${CJK}]) (?=[${CJK}])`,
      "g",
    );
  return gap.replace(near, "").replace(/(?<=\d) (?=[,.，]\d)|(?<=[,.]) (?=\d)/g, "");
}

/** Reads a 大写 amount (人民币壹万贰仟叁佰肆拾伍元陆角柒分整, also 一万二千元); null when it holds no numeral. */
export function parseChineseAmount(s: string): number | null {
  let total = 0, section = 0, num = 0, dec = 0, intDone = false, seen = false;
  for (const ch of s) {
    if (ch in CN_DIGIT) {
      num = CN_DIGIT[ch];
      seen = true;
    } else if (ch in CN_UNIT) {
      section += (num || 1) * CN_UNIT[ch];
      num = 0;
      seen = true;
    } else if (ch in CN_BIG) {
      section += num;
      total += section * CN_BIG[ch];
      section = 0;
      num = 0;
    } else if (ch === "元" || ch === "圆") {
      section += num;
      total += section;
      section = 0;
      num = 0;
      intDone = true;
    } else if (ch === "角") {
      dec += num * 0.1;
      num = 0;
    } else if (ch === "分") {
      dec += num * 0.01;
      num = 0;
    }
  }
  if (!seen) return null;
  if (!intDone) total += section + num;
  return Math.round((total + dec) * 100) / 100;
}

/** A 小写 amount: "12,345.67元", "￥12345.67", "1.5万元", "48,533.27". null when no number. */
export function parseDigitAmount(s: string): number | null {
  const m = toHalfWidth(s).replace(/\s/g, "").match(/(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(万|萬)?/);
  if (!m) return null;
  let x = Number(m[1].replace(/,/g, ""));
  if (m[2]) x *= 1e4;
  return Number.isFinite(x) ? Math.round(x * 100) / 100 : null;
}

/** Either form; digits win when both are present (use checkAmountPair to compare them). */
export function parseAmount(s: string): number | null {
  return parseDigitAmount(s) ?? parseChineseAmount(s);
}

/** Canonical amount text: "48533.27", "38000". */
export function formatAmount(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/0$/, "");
}

/** An amount as a clerk reads and exports it: two decimals, no separators ("100000.00"). */
export function formatMoney(x: number): string {
  return x.toFixed(2);
}

/** Whether a 大写 amount and a 小写 amount agree (to the fen). */
export function amountsAgree(a: number, b: number): boolean {
  return Math.abs(a - b) < 0.005;
}

function chineseSmallInt(t: string): number {
  if (/^\d+$/.test(t)) return Number(t);
  if (t === "十") return 10;
  if (t.length === 2 && t[0] === "十") return 10 + CN_DIGIT[t[1]];
  if (t.length === 2 && t[1] === "十") return CN_DIGIT[t[0]] * 10;
  if (t.length === 3 && t[1] === "十") return CN_DIGIT[t[0]] * 10 + CN_DIGIT[t[2]];
  if (t.length === 1 && t in CN_DIGIT) return CN_DIGIT[t];
  return NaN;
}

/** A valid calendar date as YYYY-MM-DD, or null. */
export function formatDate(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** Matches a date anywhere in a text (the source form is kept by the caller from `match[0]`). */
export const DATE_PATTERN = new RegExp(
  [
    "(?<!\\d)(\\d{4})\\s*年\\s*(\\d{1,2})\\s*月\\s*(\\d{1,2})\\s*日",
    "(?<!\\d)(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})(?!\\d)",
    "([〇零○O一二三四五六七八九]{4})年([一二三四五六七八九十]{1,3})月([一二三四五六七八九十]{1,3})日",
  ].join("|"),
  "g",
);

/** Finds every date in a text: its printed form, position and YYYY-MM-DD. */
export function findDates(s: string): { text: string; index: number; iso: string }[] {
  const out: { text: string; index: number; iso: string }[] = [];
  for (const m of s.matchAll(DATE_PATTERN)) {
    let y: number, mo: number, d: number;
    if (m[1]) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    else if (m[4]) [y, mo, d] = [Number(m[4]), Number(m[5]), Number(m[6])];
    else {
      y = Number([...m[7]].map((c) => CN_DIGIT[c]).join(""));
      mo = chineseSmallInt(m[8]);
      d = chineseSmallInt(m[9]);
    }
    const iso = formatDate(y, mo, d);
    if (iso) out.push({ text: m[0], index: m.index!, iso });
  }
  return out;
}

/** A date in any common form (2024年3月5日, 2024-03-05, 2024.3.5, 2024/3/5, 二〇二四年三月五日, 20240305). */
export function parseDate(s: string): string | null {
  const t = toHalfWidth(s);
  const found = findDates(t);
  if (found.length) return found[0].iso;
  const m = t.match(/(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)/);
  return m ? formatDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** A rate and its period as printed. */
export interface ParsedRate {
  /** Annual percent (月 ×12, 日 ×360). */
  annualPercent: number;
  period: "year" | "month" | "day";
}

const RATE_NUM = "(\\d+(?:\\.\\d+)?|[零〇一二两三四五六七八九十]+)";

function rateNumber(t: string): number {
  return /^\d/.test(t) ? Number(t) : chineseSmallInt(t);
}

/**
 * Reads an interest rate: 年利率12%, 月利率1%, 日利率万分之五, 月息一分 (1 % a month), 月息8厘, 年化 15.4%,
 * 百分之十二, 千分之三. null when the text states no rate.
 */
export function parseRate(s: string): ParsedRate | null {
  const t = toHalfWidth(s).replace(/\s/g, "").replace(/％/g, "%");
  let period: ParsedRate["period"] = "year";
  if (/日利率|日息|日利|每日|按日|日万分之|天/.test(t)) period = "day";
  else if (/月利率|月息|月利|每月|按月|月化/.test(t)) period = "month";
  let m: RegExpMatchArray | null;
  let pct: number | null = null;
  if ((m = t.match(new RegExp("万分之" + RATE_NUM)))) pct = rateNumber(m[1]) / 100;
  else if ((m = t.match(new RegExp("千分之" + RATE_NUM)))) pct = rateNumber(m[1]) / 10;
  else if ((m = t.match(new RegExp("百分之" + RATE_NUM)))) pct = rateNumber(m[1]);
  else if ((m = t.match(/(\d+(?:\.\d+)?)%/))) pct = Number(m[1]);
  else if ((m = t.match(/(\d+(?:\.\d+)?)‰/))) pct = Number(m[1]) / 10;
  else if ((m = t.match(new RegExp("月息" + RATE_NUM + "分")))) {
    pct = rateNumber(m[1]);
    period = "month";
  } else if ((m = t.match(new RegExp("月息" + RATE_NUM + "厘")))) {
    pct = rateNumber(m[1]) / 10;
    period = "month";
  }
  if (pct === null || !Number.isFinite(pct)) return null;
  const factor = period === "day" ? 360 : period === "month" ? 12 : 1;
  return { annualPercent: Math.round(pct * factor * 10000) / 10000, period };
}

/** Canonical rate text: 年利率10.8%. */
export function formatAnnualRate(annualPercent: number): string {
  return `年利率${Number(annualPercent.toFixed(4))}%`;
}
