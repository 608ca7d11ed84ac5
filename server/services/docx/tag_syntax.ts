/**
 * The placeholder language of Word templates (see README.md beside this file):
 * `${名称}`, `${名称|格式}`, sections `${#名称}…${/名称}` (or `${/}`), inverted `${^名称}…${/名称}`.
 */

import { isKnownFormatter } from "./format_value.ts";

export const TAG_START = "${";
export const TAG_END = "}";

export type TagKind = "value" | "open" | "inverted" | "close";

export interface ParsedTag {
  kind: TagKind;
  /** Trimmed variable name ("" only for the short close `${/}`). */
  name: string;
  formatter?: string;
}

/** Prefixes docxtemplater would read as raw XML (@), explicit loop expansion (-) or delimiter change (=). */
const RESERVED_PREFIXES = ["@", "-", "=", "#", "^", "/"];
const SPACES = /^[\s\u3000]+|[\s\u3000]+$/g;

/** Splits `金额|大写` into name and formatter, both trimmed (formatter undefined when absent). */
export function splitNameAndFormatter(text: string): { name: string; formatter?: string } {
  const bar = text.indexOf("|");
  if (bar < 0) return { name: text.replace(SPACES, "") };
  return { name: text.slice(0, bar).replace(SPACES, ""), formatter: text.slice(bar + 1).replace(SPACES, "") };
}

/**
 * Parses the text between `${` and `}`. Returns the tag, or a Chinese reason (without the leading
 * 占位符“…”, which the caller adds) when the tag is malformed.
 */
export function parseTag(inner: string): ParsedTag | { error: string } {
  const text = inner.replace(SPACES, "");
  if (text === "") return { error: "缺少变量名" };
  const prefix = text[0];
  const kind: TagKind = prefix === "#"
    ? "open"
    : prefix === "^"
    ? "inverted"
    : prefix === "/"
    ? "close"
    : "value";
  const body = kind === "value" ? text : text.slice(1);
  const { name, formatter } = splitNameAndFormatter(body);
  if (formatter !== undefined && kind !== "value") return { error: "的开始或结束标记不能使用格式" };
  if (name === "" && kind !== "close") return { error: "缺少变量名" };
  if (name !== "" && RESERVED_PREFIXES.includes(name[0])) return { error: `的变量名不能以“${name[0]}”开头` };
  if (/[{}$|]/.test(name)) return { error: "的变量名不能包含“{”“}”“$”“|”" };
  if (formatter === undefined) return { kind, name };
  if (formatter === "") return { error: "的“|”后面缺少格式名" };
  if (formatter.includes("|")) return { error: "只能使用一个格式" };
  if (!isKnownFormatter(formatter)) {
    return { error: `使用了未知的格式“${formatter}”（可用：大写、千分位、yyyy年M月d日 等日期格式）` };
  }
  return { kind, name, formatter };
}
