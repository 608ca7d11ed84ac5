/**
 * Spreadsheet cell -> text for a Word document, the way a lawyer expects to read it.
 *
 * A cell may arrive as a plain value (string, number, boolean, Date) or as a SheetJS cell object
 * `{ t, v, w, z }` (read without `cellDates`, so dates are serial numbers with a date format `z`).
 * Without a formatter: strings stay verbatim (leading zeros kept, `\r\n` -> `\n`), date cells become
 * `2024年3月5日`, numbers keep their displayed text `w` (or the shortest form without float noise),
 * booleans become 是/否. Formatters (`${金额|大写}`) are listed in README.md beside this file.
 */

import { AppError } from "../../errors.ts";
import { EXCEL_DATE_FORMAT_IDS, isDateFormatCode } from "../../../common/excel_date_formats.ts";

/** A SheetJS cell: t type (s n b d e z), v raw value, w formatted text, z number format. */
export interface SheetCell {
  t?: string;
  v?: unknown;
  w?: string;
  z?: string | number;
}

/** A calendar date (and optional time of day) without a time zone. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The fixed formatter names; any pattern made of y M d H m s tokens is a date formatter too. */
export const NAMED_FORMATTERS = ["大写", "千分位"] as const;

const DATE_PATTERN = /^(?=.*[yMd])(?:yyyy|yy|MM|M|dd|d|HH|H|mm|ss|[年月日时分秒\-\/. :])+$/;
const DIGITS = "零壹贰叁肆伍陆柒捌玖";
const DIGIT_UNITS = ["", "拾", "佰", "仟"];
const GROUP_UNITS = ["", "万", "亿", "万"];
/** Excel's day 0 of the 1900 date system, as used by every serial after 1900-02-28. */
const EXCEL_EPOCH_UTC = Date.UTC(1899, 11, 30);

/** Whether `name` is a formatter a template may use (`大写`, `千分位` or a date pattern). */
export function isKnownFormatter(name: string): boolean {
  return (NAMED_FORMATTERS as readonly string[]).includes(name) || DATE_PATTERN.test(name);
}

/**
 * The text of one cell for Word, optionally through a formatter. An empty cell gives "" whatever the
 * formatter. Throws TEMPLATE_VALUE_INVALID when a formatter cannot read the value (text in `${金额|大写}`):
 * a wrong amount in a legal document is worse than a refused row.
 */
export function formatCell(cell: unknown, options: { name?: string; formatter?: string } = {}): string {
  const { formatter, name = "" } = options;
  if (isEmptyCell(cell)) return "";
  if (!formatter) return cellToText(cell);
  const fail = () =>
    new AppError("TEMPLATE_VALUE_INVALID", { name, value: shorten(cellToText(cell)), formatter });
  if (formatter === "大写" || formatter === "千分位") {
    const amount = cellToDecimal(cell);
    if (amount === null) throw fail();
    const result = formatter === "大写" ? decimalToRmbUppercase(amount) : decimalToThousands(amount);
    if (result === null) throw fail();
    return result;
  }
  if (DATE_PATTERN.test(formatter)) {
    const date = cellToDate(cell);
    if (!date) throw fail();
    return formatDatePattern(date, formatter);
  }
  throw new AppError("TEMPLATE_INVALID", { reason: `未知的格式“${formatter}”` });
}

/** Whether a cell holds nothing (null, undefined, "", an empty SheetJS stub). */
export function isEmptyCell(cell: unknown): boolean {
  if (cell === null || cell === undefined || cell === "") return true;
  if (isSheetCell(cell)) return cell.t === "z" || (isEmptyCell(cell.v) && !cell.w);
  return false;
}

/**
 * Truthiness of a condition cell (`${#有代理人}`): empty, 否, 无, 不, 没有, false, no, n, 0 and FALSE
 * are false; anything else is true.
 */
export function isCellTruthy(cell: unknown): boolean {
  if (isEmptyCell(cell)) return false;
  const raw = isSheetCell(cell) ? cell.v ?? cell.w : cell;
  if (typeof raw === "boolean") return raw;
  if (typeof raw === "number") return raw !== 0;
  if (Array.isArray(raw)) return raw.length > 0;
  const text = String(raw).trim().toLowerCase();
  return !["", "否", "无", "不", "没有", "false", "no", "n", "0"].includes(text);
}

/** The default text of a cell (no formatter). */
export function cellToText(cell: unknown): string {
  if (isEmptyCell(cell)) return "";
  if (typeof cell === "string") return normalizeNewlines(cell);
  if (typeof cell === "number") return numberToPlainText(cell);
  if (typeof cell === "boolean") return cell ? "是" : "否";
  if (cell instanceof Date) return dateToDefaultText(dateObjectToCalendar(cell));
  if (isSheetCell(cell)) return sheetCellToText(cell);
  return normalizeNewlines(String(cell));
}

function sheetCellToText(cell: SheetCell): string {
  if (cell.t === "d" || (cell.t === "n" && isDateFormat(cell.z))) {
    const date = cellToDate(cell);
    if (date) return dateToDefaultText(date);
  }
  if (cell.t === "s" && typeof cell.v === "string") return normalizeNewlines(cell.v);
  if (cell.t === "b") return cell.v ? "是" : "否";
  if (typeof cell.w === "string" && cell.w !== "") {
    // SheetJS "General" writes 12+ digit integers as 1.23457E+11; nobody wants that in a document.
    const isGeneral = cell.z === undefined || cell.z === "General" || cell.z === 0;
    if (typeof cell.v === "number" && isGeneral && /E[+-]\d+$/i.test(cell.w)) {
      return numberToPlainText(cell.v);
    }
    return normalizeNewlines(cell.w);
  }
  return cellToText(cell.v);
}

/** `\r\n` and lone `\r` (old .xls cells) become `\n`, which the renderer turns into a Word line break. */
function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/**
 * A number as people write it: float noise removed (19.990000000000002 -> 19.99, 0.1+0.2 -> 0.3),
 * never in exponent form.
 */
export function numberToPlainText(value: number): string {
  if (!Number.isFinite(value)) return "";
  const rounded = Number(value.toPrecision(15));
  if (Object.is(rounded, -0)) return "0";
  const text = String(rounded);
  if (!/e/i.test(text)) return text;
  return rounded.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 });
}

/**
 * Whether a SheetJS number format shows a date or time: a built-in date id, or a format code with
 * y m d h s outside quotes, brackets and escapes.
 */
export function isDateFormat(format: string | number | undefined): boolean {
  if (format === undefined) return false;
  if (typeof format === "number") return EXCEL_DATE_FORMAT_IDS.has(format);
  return isDateFormatCode(format);
}

// ---- decimals (amounts) ----

/** An exact non-negative decimal: integer digits and exactly two fraction digits (cents). */
interface Cents {
  negative: boolean;
  /** Integer part, digits only, no leading zeros ("0" for zero). */
  integer: string;
  /** Two digits. */
  fraction: string;
}

/**
 * A cell as an amount rounded half-up to cents, or null when it is not a number. Reads numbers,
 * SheetJS number cells (raw v, not the displayed text) and text such as "¥12,345.67元".
 */
export function cellToDecimal(cell: unknown): Cents | null {
  let raw: unknown = cell;
  if (isSheetCell(cell)) raw = typeof cell.v === "number" ? cell.v : cell.w ?? cell.v;
  let text: string;
  if (typeof raw === "number") {
    if (!Number.isFinite(raw)) return null;
    text = numberToPlainText(raw);
  } else if (typeof raw === "string") {
    text = raw.replace(/[\s,，¥￥]/g, "").replace(/^(人民币|RMB)/i, "").replace(/元$/, "");
  } else {
    return null;
  }
  const match = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === "" && !match[3])) return null;
  const fraction = (match[3] ?? "").padEnd(3, "0");
  let cents = BigInt((match[2] || "0") + fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1n;
  const digits = cents.toString().padStart(3, "0");
  return {
    negative: match[1] === "-" && cents !== 0n,
    integer: digits.slice(0, -2).replace(/^0+(?=\d)/, ""),
    fraction: digits.slice(-2),
  };
}

/**
 * 人民币大写 following the 支付结算办法 rules: 元 then 整 when there are no 角/分; no 整 after 角
 * (the rules make it optional); 零 for a run of zeros inside the number, across 万/亿 groups
 * (100010 -> 壹拾万零壹拾元整); 元位 0 before 角 writes no 零 (the rules allow both); 0 角 before 分
 * writes 零 (壹元零壹分); amounts under one yuan omit 零元 (伍角); negative amounts get 负.
 * Returns null above 9999万亿 (16 digits), where no legal amount lives.
 */
export function decimalToRmbUppercase(amount: Cents): string | null {
  const { integer, fraction } = amount;
  if (integer.length > 16) return null;
  const jiao = Number(fraction[0]);
  const fen = Number(fraction[1]);
  const prefix = amount.negative ? "负" : "";
  if (integer === "0" && jiao === 0 && fen === 0) return "零元整";
  let out = integer === "0" ? "" : integerToUppercase(integer) + "元";
  if (jiao === 0 && fen === 0) return prefix + out + "整";
  if (jiao > 0) out += DIGITS[jiao] + "角";
  else if (out !== "") out += "零";
  if (fen > 0) out += DIGITS[fen] + "分";
  return prefix + out;
}

function integerToUppercase(integer: string): string {
  let out = "";
  let zeroPending = false;
  let groupHasDigit = false;
  const length = integer.length;
  const topGroupNonZero = length > 12 && /[1-9]/.test(integer.slice(0, length - 12));
  for (let i = 0; i < length; i++) {
    const position = length - 1 - i;
    const digit = Number(integer[i]);
    if (digit === 0) {
      if (out !== "") zeroPending = true;
    } else {
      if (zeroPending) out += "零";
      out += DIGITS[digit] + DIGIT_UNITS[position % 4];
      zeroPending = false;
      groupHasDigit = true;
    }
    if (position % 4 === 0) {
      const group = position / 4;
      // 1 0000 0000 0000 is 壹万亿: the 亿 group keeps its unit when the 万亿 group above it is used.
      if (groupHasDigit || (group === 2 && topGroupNonZero)) out += GROUP_UNITS[group];
      groupHasDigit = false;
    }
  }
  return out;
}

/** 1234567.8 -> "1,234,567.80": an amount always shows two decimals. */
export function decimalToThousands(amount: Cents): string {
  const grouped = amount.integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${amount.negative ? "-" : ""}${grouped}.${amount.fraction}`;
}

// ---- dates ----

/**
 * A cell as a calendar date: a Date (its local fields, as SheetJS builds them), an Excel serial
 * number (1900 system), a SheetJS date cell, or text such as 2024-03-05, 2024/3/5, 2024.3.5,
 * 2024年3月5日, 20240305 (optionally followed by a time HH:mm[:ss]). Null when none of these.
 */
export function cellToDate(cell: unknown): CalendarDate | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : dateObjectToCalendar(cell);
  if (typeof cell === "number") return serialToCalendar(cell);
  if (typeof cell === "string") return parseDateText(cell);
  if (isSheetCell(cell)) {
    if (cell.v instanceof Date || typeof cell.v === "number") return cellToDate(cell.v);
    return parseDateText(String(cell.w ?? cell.v ?? ""));
  }
  return null;
}

/** Excel serial -> calendar date; serials before 1900-03-01 (the fake 1900-02-29) are refused. */
export function serialToCalendar(serial: number): CalendarDate | null {
  if (!Number.isFinite(serial) || serial < 61 || serial >= 2958466) return null;
  const ms = Math.round(serial * 86_400_000 / 1000) * 1000 + EXCEL_EPOCH_UTC;
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

function dateObjectToCalendar(d: Date): CalendarDate {
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
  };
}

function parseDateText(text: string): CalendarDate | null {
  const match =
    /^\s*(\d{4})(?:[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?|(\d{2})(\d{2}))(?:[\sT]+(\d{1,2})[:：](\d{2})(?:[:：](\d{2}))?)?\s*$/
      .exec(text);
  if (!match) return null;
  const date: CalendarDate = {
    year: Number(match[1]),
    month: Number(match[2] ?? match[4]),
    day: Number(match[3] ?? match[5]),
    hour: Number(match[6] ?? 0),
    minute: Number(match[7] ?? 0),
    second: Number(match[8] ?? 0),
  };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  const valid = check.getUTCFullYear() === date.year && check.getUTCMonth() === date.month - 1 &&
    check.getUTCDate() === date.day && date.hour < 24 && date.minute < 60 && date.second < 60;
  return valid ? date : null;
}

function dateToDefaultText(date: CalendarDate): string {
  const day = `${date.year}年${date.month}月${date.day}日`;
  if (date.hour === 0 && date.minute === 0 && date.second === 0) return day;
  return `${day} ${pad2(date.hour)}:${pad2(date.minute)}`;
}

/** Formats with tokens yyyy yy MM M dd d HH H mm ss; every other character is copied. */
export function formatDatePattern(date: CalendarDate, pattern: string): string {
  return pattern.replace(/yyyy|yy|MM|M|dd|d|HH|H|mm|ss/g, (token) => {
    switch (token) {
      case "yyyy":
        return String(date.year);
      case "yy":
        return pad2(date.year % 100);
      case "MM":
        return pad2(date.month);
      case "M":
        return String(date.month);
      case "dd":
        return pad2(date.day);
      case "d":
        return String(date.day);
      case "HH":
        return pad2(date.hour);
      case "H":
        return String(date.hour);
      case "mm":
        return pad2(date.minute);
      default:
        return pad2(date.second);
    }
  });
}

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}

function shorten(text: string): string {
  return text.length > 20 ? text.slice(0, 20) + "……" : text;
}

function isSheetCell(value: unknown): value is SheetCell {
  return typeof value === "object" && value !== null && !(value instanceof Date) && !Array.isArray(value) &&
    ("v" in value || "w" in value || "t" in value);
}
