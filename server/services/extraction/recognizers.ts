/**
 * Validated recognisers for the identifiers legal paperwork carries: 公民身份号码 (GB 11643), 统一社会信用代码
 * (GB 32100), phone numbers, bank cards (Luhn), court case numbers and court names. Each finder returns the
 * value as printed, its canonical form and what the validator said.
 */
import { formatDate, toHalfWidth } from "./normalize.ts";

export interface IdCardCheck {
  valid: boolean;
  birthDate: string | null;
  sex: "男" | "女" | null;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = "10X98765432";

/** GB 11643 check of an 18-character 公民身份号码: check digit, birth date, sex. */
export function checkIdCard(id: string): IdCardCheck {
  const s = id.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(s)) return { valid: false, birthDate: null, sex: null };
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(s[i]) * ID_WEIGHTS[i];
  const birthDate = formatDate(Number(s.slice(6, 10)), Number(s.slice(10, 12)), Number(s.slice(12, 14)));
  const sex = Number(s[16]) % 2 === 1 ? "男" : "女";
  return { valid: ID_CHECK[sum % 11] === s[17] && birthDate !== null, birthDate, sex };
}

const CREDIT_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** GB 32100 check of an 18-character 统一社会信用代码. */
export function checkCreditCode(code: string): boolean {
  const s = code.toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(s[i]) * CREDIT_WEIGHTS[i];
  const check = (31 - (sum % 31)) % 31;
  return CREDIT_CHARS[check] === s[17];
}

/** Luhn check of a bank card number (13-19 digits). */
export function checkLuhn(digits: string): boolean {
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface Found {
  /** As printed. */
  text: string;
  /** Canonical. */
  normalized: string;
  index: number;
  valid: boolean;
  checks: string[];
}

/** 18-character ID numbers (OCR spaces inside tolerated). */
export function findIdNumbers(s: string): Found[] {
  const out: Found[] = [];
  const t = toHalfWidth(s);
  for (
    const m of t.matchAll(
      /(?<![0-9A-Za-z])(\d{6}\s?(?:19|20)\d{2}\s?\d{2}\s?\d{2}\s?\d{3}[\dXx])(?![0-9A-Za-z])/g,
    )
  ) {
    const norm = m[1].replace(/\s/g, "").toUpperCase();
    const c = checkIdCard(norm);
    out.push({
      text: m[1],
      normalized: norm,
      index: m.index!,
      valid: c.valid,
      checks: c.valid ? [`校验位正确`, `出生日期${c.birthDate}`, `性别${c.sex}`] : ["校验位错误"],
    });
  }
  return out;
}

/** 18-character 统一社会信用代码 that pass GB 32100. */
export function findCreditCodes(s: string): Found[] {
  const out: Found[] = [];
  const t = toHalfWidth(s).toUpperCase();
  for (
    const m of t.matchAll(/(?<![0-9A-Z])([0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10})(?![0-9A-Z])/g)
  ) {
    if (/^\d{17}[\dX]$/.test(m[1]) && checkIdCard(m[1]).valid) continue; // an ID number, not a company
    const valid = checkCreditCode(m[1]);
    out.push({
      text: m[1],
      normalized: m[1],
      index: m.index!,
      valid,
      checks: [valid ? "校验位正确" : "校验位错误"],
    });
  }
  return out;
}

/**
 * Phone numbers: mobiles (1[3-9] + 9 digits, dashes or spaces allowed: 191-8429-5755) and landlines with
 * an area code (0592-37404502, (021)12345678). Digits that are part of a longer number are not phones.
 */
export function findPhones(s: string): Found[] {
  const out: Found[] = [];
  const t = toHalfWidth(s);
  const re =
    /(?<![\d\-])(?:\+?86[\s-]?)?(1[3-9]\d[\s-]?\d{4}[\s-]?\d{4}|\(?0\d{2,3}\)?[\s-]?\d{7,8})(?![\d])/g;
  for (const m of t.matchAll(re)) {
    const norm = m[1].replace(/\D/g, "");
    const mobile = norm.startsWith("1");
    if (!mobile && (norm.length < 10 || norm.length > 12)) continue;
    out.push({ text: m[1], normalized: norm, index: m.index! + m[0].indexOf(m[1]), valid: true, checks: [] });
  }
  return out;
}

/** Bank card numbers (16-19 digits, spaces allowed) with the Luhn result. */
export function findBankCards(s: string): Found[] {
  const out: Found[] = [];
  for (const m of toHalfWidth(s).matchAll(/(?<!\d)(\d{4}(?:\s?\d{4}){3}(?:\s?\d{1,3})?)(?!\d)/g)) {
    const norm = m[1].replace(/\s/g, "");
    if (norm.length < 16 || norm.length > 19) continue;
    const valid = checkLuhn(norm);
    out.push({
      text: m[1],
      normalized: norm,
      index: m.index!,
      valid,
      checks: [valid ? "Luhn校验通过" : "Luhn校验未通过"],
    });
  }
  return out;
}

const PROVINCES = "京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼兵";
const CASE_TYPES =
  "民初|民终|民再|民申|民特|民督|民催|民破|刑初|刑终|行初|行终|执保|执恢|执异|执复|执|财保|破|商初|商终|知民初|民诉前调|诉前调|民辖";

/**
 * Court case numbers: （2024）浙0106民初1234号, with OCR-tolerant brackets ( ( [ 〔 【 ) and spaces. A contract
 * number, a mediation committee's 编号 (…调字…) or a letter's 律函字 number does not match: a court code
 * (province + digits) and a case type are required.
 */
export function findCaseNumbers(s: string): Found[] {
  const out: Found[] = [];
  const t = toHalfWidth(s);
  const re = new RegExp(
    `[(\\[〔【（]\\s*((?:19|20)\\d{2})\\s*[)\\]〕】）]\\s*(最高法|[${PROVINCES}]\\s*\\d{2,6})\\s*(${CASE_TYPES})\\s*(\\d{1,6})\\s*号?`,
    "g",
  );
  for (const m of t.matchAll(re)) {
    const court = m[2].replace(/\s/g, "");
    out.push({
      text: m[0],
      normalized: `（${m[1]}）${court}${m[3]}${m[4]}号`,
      index: m.index!,
      valid: true,
      checks: [],
    });
  }
  return out;
}

/** A court's name: a place, then (optionally) 中级/高级, then 人民法院; 调解委员会 and "…住所地人民法院" are not. */
export function findCourts(s: string): Found[] {
  const out: Found[] = [];
  const t = s.replace(/\s/g, "");
  for (const m of t.matchAll(/([\u4e00-\u9fff]{2,24}?人民法院)/g)) {
    let name = m[1];
    // drop a leading verb or preposition phrase ("特向", "上诉于", "此致")
    name = name.replace(
      /^.*?(此致|上诉于|提交|向|于|至|在|由|诉至|受理)(?=[\u4e00-\u9fff]{2,}人民法院$)/,
      "",
    );
    if (/住所地|所在地|有管辖权|贵院|本院|原告|被告|甲方|乙方|当地|各级/.test(name)) continue;
    if (!/(省|市|区|县|州|旗|盟|自治|最高|铁路|海事|互联网|金融|知识产权|开发区|新区)/.test(name)) continue;
    out.push({ text: name, normalized: name, index: m.index! + m[1].indexOf(name), valid: true, checks: [] });
  }
  return out;
}
