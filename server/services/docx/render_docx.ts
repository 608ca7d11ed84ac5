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
import { type PackedTemplate, packRendered, packTemplate } from "./docx_pack.ts";

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
 * rows, working on a slimmed copy of the template (slim_template.ts: less markup).
 *
 * Compiling is ~85 % of a document's cost (12 of 14 ms on the realistic template), so the renderer
 * compiles once and renders the compiled template again for each row (reusableCompile below), and
 * writes the zip with docx_pack.ts (parts compressed once, changed parts deflated natively): ~4 ms
 * per document instead of ~14. A row that throws drops the compiled template (its state is not
 * trusted after an error); the next row compiles afresh.
 */
export function createDocxRenderer(templateBytes: Uint8Array): DocxRenderer {
  const info = analyzeTemplate(templateBytes);
  const paragraphVariables = listParagraphVariables(templateBytes);
  const prepared = slimTemplate(rewriteParagraphMarkers(templateBytes));
  let packed: PackedTemplate | null = null;
  let spare: Docxtemplater | null = null;
  function renderScope(scope: RowValues): Uint8Array {
    let doc = spare;
    spare = null;
    if (doc) resetForRender(doc);
    else {
      const zip = new PizZip(prepared);
      packed ??= packTemplate(zip);
      doc = compile(zip);
    }
    try {
      doc.render(buildScope(info, scope));
    } catch (err) {
      throw findAppError(err) ??
        new AppError("DOCX_RENDER_FAILED", { reason: String((err as Error).message) });
    }
    const bytes = packRendered(packed!, doc.getZip());
    if (canRenderAgain(doc)) spare = doc;
    return bytes;
  }
  return {
    variables: info.variables,
    paragraphVariables,
    render(values, paragraphs) {
      if (!paragraphs) return renderScope(values);
      const scope: RowValues = { ...values };
      for (const [name, block] of Object.entries(paragraphs)) {
        scope[PARAGRAPH_TAG_PREFIX + name] = encodeParagraphBlock(block);
      }
      return renderScope(scope);
    },
  };
}

/** Renders one row with a template (checks the template first; use createDocxRenderer for many rows). */
export function renderDocx(templateBytes: Uint8Array, values: RowValues): Uint8Array {
  return createDocxRenderer(templateBytes).render(values);
}

function compile(zip: PizZip): Docxtemplater {
  return new Docxtemplater(zip, {
    ...docxtemplaterSyntaxOptions(),
    parser: parseTagForRender,
    nullGetter: (part) => (part.module ? "" : EMPTY_MARK),
    modules: [createEmptyParagraphModule()],
  });
}

/**
 * What docxtemplater 3.71 keeps from one render() to the next (js/docxtemplater.js): `rendered`
 * (render() refuses a second call), `mapper` and `scopeManagers` (built from the first call's data),
 * and each compiled part's `allErrors`. The compiled parts (`compiled[path].postparsed`) are not
 * changed by rendering, and our parser keeps no per-row state, so clearing these four renders the
 * same template again with new data. render_docx_test.ts checks that the output equals a fresh
 * instance's, row after row; canRenderAgain() falls back to compiling per row if a future version
 * lays its state out differently.
 */
interface ReusableState {
  rendered: boolean;
  mapper?: unknown;
  scopeManagers: Record<string, unknown>;
  errors: unknown[];
  compiled: Record<string, { allErrors?: unknown[]; postparsed?: unknown }>;
}

function canRenderAgain(doc: Docxtemplater): boolean {
  const state = doc as unknown as Partial<ReusableState>;
  return state.rendered === true && typeof state.scopeManagers === "object" && Array.isArray(state.errors) &&
    state.errors.length === 0 && typeof state.compiled === "object" && state.compiled !== null &&
    Object.values(state.compiled).every((part) => Array.isArray(part.postparsed));
}

function resetForRender(doc: Docxtemplater): void {
  const state = doc as unknown as ReusableState;
  state.rendered = false;
  state.mapper = undefined;
  state.scopeManagers = {};
  for (const part of Object.values(state.compiled)) part.allErrors = [];
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
