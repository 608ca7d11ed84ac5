/**
 * Word generation: one .docx per spreadsheet row from a `${...}` template (docxtemplater + pizzip).
 *
 * `values` is one row keyed by Excel header: plain cells or SheetJS cell objects (see
 * format_value.ts). A table-row loop 还款计划 reads the columns `还款计划.期数`, `还款计划.金额`, …,
 * one line per table row (Alt+Enter in Excel); an array of objects under `还款计划` works as well.
 */

import Docxtemplater from "docxtemplater";
import PizZip from "pizzip";
import { AppError } from "../../errors.ts";
import { EMPTY_MARK, removeEmptyParagraphs } from "./empty_paragraphs.ts";
import { cellToText, formatCell, isCellTruthy } from "./format_value.ts";
import { analyzeTemplate, docxtemplaterSyntaxOptions, type TemplateInfo } from "./inspect_template.ts";
import type { ParagraphBlock } from "../../../common/paragraphs.ts";
import {
  encodeParagraphBlock,
  listParagraphVariables,
  PARAGRAPH_TAG_PREFIX,
  rewriteParagraphMarkers,
  splitMarkedParagraphs,
} from "./paragraph_markers.ts";
import { splitNameAndFormatter } from "./tag_syntax.ts";
import { slimTemplate } from "./slim_template.ts";

export type RowValues = Record<string, unknown>;
/** The block of each paragraph variable `#{名称}` (common/paragraphs.ts), by name. */
export type ParagraphBlocks = Record<string, ParagraphBlock>;

export interface DocxRenderer {
  /** The template's variables (Excel columns), as inspectTemplate lists them. */
  variables: string[];
  /** The template's paragraph variables `#{名称}`, in document order. */
  paragraphVariables: string[];
  /**
   * Renders one row (and the blocks of its paragraph variables; a variable without a block leaves
   * nothing); throws TEMPLATE_VALUE_INVALID when a formatter cannot read a value.
   */
  render(values: RowValues, paragraphs?: ParagraphBlocks): Uint8Array;
}

/**
 * Checks the template once (TEMPLATE_NOT_DOCX / TEMPLATE_INVALID) and returns a renderer for many
 * rows. docxtemplater cannot render a compiled template twice, so each row compiles again, from a
 * slimmed copy of the template (slim_template.ts: less markup, half the time per document).
 */
export function createDocxRenderer(templateBytes: Uint8Array): DocxRenderer {
  const info = analyzeTemplate(templateBytes);
  const paragraphVariables = listParagraphVariables(templateBytes);
  const prepared = slimTemplate(rewriteParagraphMarkers(templateBytes));
  return {
    variables: info.variables,
    paragraphVariables,
    render(values, paragraphs) {
      if (!paragraphs) return renderPrepared(prepared, info, values);
      const scope: RowValues = { ...values };
      for (const [name, block] of Object.entries(paragraphs)) {
        scope[PARAGRAPH_TAG_PREFIX + name] = encodeParagraphBlock(block);
      }
      return renderPrepared(prepared, info, scope);
    },
  };
}

/** Renders one row with a template (checks the template first; use createDocxRenderer for many rows). */
export function renderDocx(templateBytes: Uint8Array, values: RowValues): Uint8Array {
  return createDocxRenderer(templateBytes).render(values);
}

function renderPrepared(prepared: Uint8Array, info: TemplateInfo, values: RowValues): Uint8Array {
  const doc = new Docxtemplater(new PizZip(prepared), {
    ...docxtemplaterSyntaxOptions(),
    parser: parseTagForRender,
    nullGetter: (part) => (part.module ? "" : EMPTY_MARK),
    modules: [createEmptyParagraphModule()],
  });
  try {
    doc.render(buildScope(info, values));
  } catch (err) {
    throw findAppError(err) ?? new AppError("DOCX_RENDER_FAILED", { reason: String((err as Error).message) });
  }
  return doc.getZip().generate({
    type: "uint8array",
    compression: "DEFLATE",
    compressionOptions: { level: 6 },
  });
}

/** The root scope: the row itself, plus the item list of each table-row loop. */
function buildScope(info: TemplateInfo, values: RowValues): RowValues {
  const scope: RowValues = { ...values };
  for (const [loop, fields] of info.rowLoops) {
    if (Array.isArray(values[loop])) continue;
    const columns = (fields.length ? fields.map((f) => `${loop}.${f}`) : [loop]).map((key) =>
      splitLines(values[key])
    );
    const count = Math.max(0, ...columns.map((lines) => lines.length));
    scope[loop] = Array.from({ length: count }, (_, i) => {
      const item: RowValues = {};
      fields.forEach((field, j) => (item[field] = columns[j][i] ?? ""));
      return item;
    });
  }
  return scope;
}

function splitLines(cell: unknown): string[] {
  const lines = cellToText(cell).split("\n");
  while (lines.length && lines[lines.length - 1].trim() === "") lines.pop();
  return lines;
}

type Scope = Record<string, unknown>;

/**
 * docxtemplater parser: a section tag gives the loop items or a truthiness; a value tag gives the
 * formatted text, or EMPTY_MARK when empty (so the empty-paragraph pass can find it). A name absent
 * from the current scope gives undefined, which makes docxtemplater look in the enclosing scope.
 */
function parseTagForRender(tag: string, context?: { tag?: { module?: string } }) {
  if (context?.tag?.module === "loop") {
    const name = tag.trim();
    return {
      get(scope: unknown) {
        if (!hasKey(scope, name)) return undefined;
        const value = scope[name];
        return Array.isArray(value) ? value : isCellTruthy(value);
      },
    };
  }
  const { name, formatter } = splitNameAndFormatter(tag);
  if (name.startsWith(PARAGRAPH_TAG_PREFIX)) {
    // A paragraph variable's block, already encoded with its marks (paragraph_markers.ts).
    return { get: (scope: unknown) => (hasKey(scope, name) ? scope[name] : EMPTY_MARK) };
  }
  return {
    get(scope: unknown) {
      if (!hasKey(scope, name)) return undefined;
      const text = formatCell(scope[name], { name, formatter });
      if (text === "") return EMPTY_MARK;
      return MARKS.test(text) ? text.replace(ALL_MARKS, "") : text;
    },
  };
}

function hasKey(scope: unknown, name: string): scope is Scope {
  return typeof scope === "object" && scope !== null && Object.hasOwn(scope, name);
}

const utf8 = new TextDecoder();
/** EMPTY_MARK, PARAGRAPH_BREAK or CLEAR_INDENT. */
const MARKS = /[\uE000-\uE002]/;
const ALL_MARKS = /[\uE000-\uE002]/g;

/**
 * A docxtemplater module (one per instance, docxtemplater refuses sharing) running
 * splitMarkedParagraphs (paragraph variables) and removeEmptyParagraphs.
 */
function createEmptyParagraphModule(): Docxtemplater.DXT.Module {
  return {
    name: "EmptyParagraphModule",
    postrender(parts: string[]) {
      // Parts are strings or, from some modules, UTF-8 bytes.
      const mixed = parts as (string | Uint8Array)[];
      if (!mixed.some((part) => typeof part === "string" && MARKS.test(part))) return parts;
      const xml = mixed.map((part) => (typeof part === "string" ? part : utf8.decode(part))).join("");
      // Split back into tags and text: docxtemplater's later clean-up works tag by tag.
      return removeEmptyParagraphs(splitMarkedParagraphs(xml)).match(/<[^>]*>|[^<]+/g) ?? [];
    },
  };
}

function findAppError(err: unknown, depth = 0): AppError | null {
  if (err instanceof AppError) return err;
  if (depth > 4 || typeof err !== "object" || err === null) return null;
  const props = (err as { properties?: { rootError?: unknown; errors?: unknown[] } }).properties;
  for (const inner of [props?.rootError, ...(props?.errors ?? [])]) {
    const found = findAppError(inner, depth + 1);
    if (found) return found;
  }
  return null;
}
