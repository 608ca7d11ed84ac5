/** Chinese numerals as written in article numbers (第一千二百六十条, 第一百零三条, 第两条) <-> integers. */

const DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000, 万: 10000 };

/** Parses 一千二百六十 / 1260 / １２６０ / 十五; null when it is not a number. */
export function parseNumeral(text: string): number | null {
  const s = text.normalize("NFKC").trim();
  if (s === "") return null;
  if (/^\d+$/.test(s)) return Number(s);
  let total = 0;
  let section = 0;
  let digit = -1;
  for (const ch of s) {
    if (ch in DIGITS) {
      digit = DIGITS[ch];
    } else if (ch in UNITS) {
      const unit = UNITS[ch];
      if (unit === 10000) {
        section = (section + Math.max(digit, 0)) * unit;
        total += section;
        section = 0;
      } else {
        section += (digit === -1 ? 1 : digit) * unit;
      }
      digit = -1;
    } else {
      return null;
    }
  }
  if (digit > 0) section += digit;
  return total + section;
}

const CN = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/** 680 -> 六百八十, 103 -> 一百零三, 15 -> 十五, 1260 -> 一千二百六十 (the way statutes write them). */
export function formatNumeral(n: number): string {
  if (!Number.isInteger(n) || n < 0) return String(n);
  if (n === 0) return "零";
  if (n >= 10000) return String(n);
  const parts: string[] = [];
  const units = ["千", "百", "十", ""];
  const digits = String(n).padStart(4, "0").split("").map(Number);
  let zero = false;
  let started = false;
  digits.forEach((d, i) => {
    if (d === 0) {
      if (started) zero = true;
      return;
    }
    if (zero) parts.push("零");
    zero = false;
    started = true;
    parts.push(CN[d] + units[i]);
  });
  let out = parts.join("");
  if (n >= 10 && n < 20) out = out.replace(/^一十/, "十");
  return out;
}

/** The article label 第X条 (第X条之Y when sub > 0). */
export function formatArticleNumber(num: number, sub = 0): string {
  return `第${formatNumeral(num)}条${sub > 0 ? `之${formatNumeral(sub)}` : ""}`;
}

/** Reads 第680条 / 第六百八十条 / 680 / 六百八十条 / 第X条之一 into num and sub; null when unreadable. */
export function parseArticleNumber(text: string): { num: number; sub: number } | null {
  const m = /^第?\s*([0-9０-９零〇一二两三四五六七八九十百千]+)\s*条?(?:之([一二三四五六七八九十0-9]+))?$/
    .exec(text.normalize("NFKC").trim());
  if (!m) return null;
  const num = parseNumeral(m[1]);
  if (num === null || num <= 0) return null;
  const sub = m[2] ? parseNumeral(m[2]) ?? 0 : 0;
  return { num, sub };
}
