/**
 * Template check on upload: lists the variables of a Word template (in document order, unique) or
 * refuses it with a Chinese message naming the faulty placeholder and the text around it.
 *
 * Variables are what the Excel header must contain: `${申请人}` gives 申请人, `${金额|大写}` gives 金额,
 * a condition `${#有代理人}…${/有代理人}` gives 有代理人, and a table-row loop (opening and closing
 * tags in the same table row) `${#还款计划}${期数}…${/还款计划}` gives 还款计划.期数: one column per
 * field, one line per table row inside the cell.
 */

import Docxtemplater from "docxtemplater";
import { AppError } from "../../errors.ts";
import { listTextParts, openDocxZip, type ParagraphText, readParagraphs, xmlOffsetOf } from "./docx_text.ts";
import { type ParsedTag, parseTag, TAG_END, TAG_START } from "./tag_syntax.ts";

/** What the renderer needs to know about a template. */
export interface TemplateInfo {
  /** Excel columns, in document order, unique. */
  variables: string[];
  /** Table-row loops: loop name -> the names used inside one row (fields and conditions). */
  rowLoops: Map<string, string[]>;
}

interface FoundTag extends ParsedTag {
  raw: string;
  /** Order key: part index, then XML offset. */
  part: number;
  offset: number;
  rowId: number | null;
  context: string;
}

interface Section {
  open: FoundTag;
  close: FoundTag;
  rowLoop: boolean;
}

const CONTEXT_CHARS = 10;
const NAME_STOP = /[\s，。；：、,.;:！？!?（）()“”"'《》<>$]/;

/** `{ variables }` of a template; throws TEMPLATE_NOT_DOCX or TEMPLATE_INVALID. */
export function inspectTemplate(bytes: Uint8Array): { variables: string[] } {
  return { variables: analyzeTemplate(bytes).variables };
}

/** The full analysis (variables and row loops); throws TEMPLATE_NOT_DOCX or TEMPLATE_INVALID. */
export function analyzeTemplate(bytes: Uint8Array): TemplateInfo {
  const zip = openDocxZip(bytes);
  const parts = listTextParts(zip);
  const tags: FoundTag[] = [];
  const sections: Section[] = [];
  parts.forEach((part, index) => {
    const partTags = readParagraphs(part.xml).flatMap((p) => findTags(p, index));
    partTags.sort((a, b) => a.offset - b.offset);
    sections.push(...matchSections(partTags));
    tags.push(...partTags);
  });
  tags.sort((a, b) => a.part - b.part || a.offset - b.offset);
  const info = listVariables(tags, sections);
  checkWithDocxtemplater(bytes);
  return info;
}

/** Every tag of one paragraph, or TEMPLATE_INVALID for an unclosed, empty, nested or bad one. */
function findTags(paragraph: ParagraphText, part: number): FoundTag[] {
  const { text } = paragraph;
  const found: FoundTag[] = [];
  for (let start = text.indexOf(TAG_START); start >= 0; start = text.indexOf(TAG_START, start)) {
    const close = text.indexOf(TAG_END, start + TAG_START.length);
    const nextOpen = text.indexOf(TAG_START, start + TAG_START.length);
    if (close < 0 || (nextOpen >= 0 && nextOpen < close)) {
      const outerClose = close < 0 ? -1 : text.indexOf(TAG_END, close + 1);
      const afterInner = close < 0 ? -1 : text.indexOf(TAG_START, close + 1);
      if (outerClose >= 0 && (afterInner < 0 || outerClose < afterInner)) {
        const raw = text.slice(start, outerClose + 1);
        fail(`占位符“${raw}”里嵌套了另一个占位符`, text, start, outerClose + 1);
      }
      const name = readNameForMessage(text, start);
      fail(`占位符“${name}”没有结束的“}”`, text, start, start + name.length);
    }
    const raw = text.slice(start, close + 1);
    const parsed = parseTag(text.slice(start + TAG_START.length, close));
    if ("error" in parsed) fail(`占位符“${raw}”${parsed.error}`, text, start, close + 1);
    found.push({
      ...parsed,
      raw,
      part,
      offset: xmlOffsetOf(paragraph, start),
      rowId: paragraph.rowId,
      context: contextOf(text, start, close + 1),
    });
    start = close + 1;
  }
  return found;
}

/** Pairs `${#x}`/`${^x}` with `${/x}` (or `${/}`) inside one XML part; a pair in one table row is a row loop. */
function matchSections(tags: FoundTag[]): Section[] {
  const stack: FoundTag[] = [];
  const sections: Section[] = [];
  for (const tag of tags) {
    if (tag.kind === "open" || tag.kind === "inverted") stack.push(tag);
    if (tag.kind !== "close") continue;
    const open = stack.pop();
    if (!open) invalid(`结束标记“${tag.raw}”前面没有对应的开始标记，位置：“${tag.context}”`);
    if (tag.name !== "" && tag.name !== open.name) {
      invalid(`结束标记“${tag.raw}”与开始标记“${open.raw}”不匹配，位置：“${tag.context}”`);
    }
    const rowLoop = open.kind === "open" && open.rowId !== null && open.rowId === tag.rowId;
    sections.push({ open, close: tag, rowLoop });
  }
  const unclosed = stack.pop();
  if (unclosed) {
    invalid(
      `开始标记“${unclosed.raw}”没有对应的结束标记“\${/${unclosed.name}}”，位置：“${unclosed.context}”`,
    );
  }
  return sections;
}

function listVariables(tags: FoundTag[], sections: Section[]): TemplateInfo {
  const loops = sections.filter((s) => s.rowLoop);
  const inside = (tag: FoundTag, loop: Section) =>
    tag.part === loop.open.part && tag.offset > loop.open.offset && tag.offset < loop.close.offset;
  for (const loop of loops) {
    const outer = loops.find((other) => other !== loop && inside(loop.open, other));
    if (outer) invalid(`表格行循环“${outer.open.raw}”里不能再嵌套表格行循环“${loop.open.raw}”`);
  }
  const loopOpens = new Set(loops.map((loop) => loop.open));
  const variables = new Set<string>();
  const rowLoops = new Map<string, string[]>();
  for (const loop of loops) if (!rowLoops.has(loop.open.name)) rowLoops.set(loop.open.name, []);
  for (const tag of tags) {
    if (tag.kind === "close" || loopOpens.has(tag)) continue;
    const loop = loops.find((candidate) => inside(tag, candidate));
    if (!loop) {
      variables.add(tag.name);
      continue;
    }
    variables.add(`${loop.open.name}.${tag.name}`);
    const fields = rowLoops.get(loop.open.name)!;
    if (!fields.includes(tag.name)) fields.push(tag.name);
  }
  // A loop without fields still needs a column: its line count gives the number of rows.
  for (const [name, fields] of rowLoops) if (fields.length === 0) variables.add(name);
  return { variables: [...variables], rowLoops };
}

/** Last line of defence: docxtemplater's own compile, for structures our scan does not model. */
function checkWithDocxtemplater(bytes: Uint8Array): void {
  try {
    new Docxtemplater(openDocxZip(bytes), docxtemplaterSyntaxOptions());
  } catch (err) {
    const first = (err as { properties?: { errors?: unknown[] } }).properties?.errors?.[0] ?? err;
    const props = (first as { properties?: { id?: string; xtag?: string } }).properties ?? {};
    const tag = props.xtag ? `“${TAG_START}#${props.xtag}${TAG_END}”` : "";
    if (props.id === "loop_position_invalid" || props.id === "unbalanced_loop_tags") {
      invalid(`循环或条件${tag}的开始和结束标记必须在同一层级（例如在同一个表格行内，或都在表格外）`);
    }
    invalid(`标记${tag.replace("#", "")}无法解析，请检查开始和结束标记是否配对`);
  }
}

/** The docxtemplater options that define our syntax; the renderer adds its parser and modules. */
export function docxtemplaterSyntaxOptions() {
  return {
    delimiters: { start: TAG_START, end: TAG_END },
    paragraphLoop: true,
    linebreaks: true,
    stripInvalidXMLChars: true,
    errorLogging: false,
    syntax: { allowUnopenedTag: true, changeDelimiterPrefix: null },
  };
}

function readNameForMessage(text: string, start: number): string {
  let end = start + TAG_START.length;
  while (end < text.length && end - start < TAG_START.length + 10 && !NAME_STOP.test(text[end])) end++;
  return text.slice(start, end);
}

function contextOf(text: string, start: number, end: number): string {
  const from = Math.max(0, start - CONTEXT_CHARS);
  const to = Math.min(text.length, end + CONTEXT_CHARS);
  const body = text.slice(from, to).replace(/[\n\t]/g, " ");
  return `${from > 0 ? "……" : ""}${body}${to < text.length ? "……" : ""}`;
}

function fail(message: string, text: string, start: number, end: number): never {
  invalid(`${message}，位置：“${contextOf(text, start, end)}”`);
}

function invalid(reason: string): never {
  throw new AppError("TEMPLATE_INVALID", { reason });
}
