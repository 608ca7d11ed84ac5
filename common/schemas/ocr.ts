/**
 * OCR识别 (/ocr) and OCR信息提取 (/ocr-extract): upload rules (part 4 §5, §9), the shapes the browser
 * reads, and the extraction-template schema. Shared by server and browser: one place per rule.
 */
import { z } from "zod";
import { DOC_TEXT_KINDS, type DocTextKind, hasKind } from "../document_kinds.ts";

// part 4 §5 OCR upload, §9
/** The text service's kinds without the old .doc (part 4 §5 "OCR upload"). */
export const OCR_ALLOWED_EXTENSIONS: readonly DocTextKind[] = DOC_TEXT_KINDS.filter((kind) => kind !== "doc");
export const OCR_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const OCR_MAX_FILES = 50;
export const OCR_TEMPLATE_PAGE_SIZES = [10, 20, 30, 50];
export const OCR_FILE_TYPE_MESSAGE = "只支持PDF、Word、Excel和图片(PNG/JPG)文件";
export const OCR_FILE_SIZE_MESSAGE = "文件大小不能超过 10MB";
export const OCR_MAX_FILES_MESSAGE = "最多只能上传50个文件";
export const OCR_NO_FILES_MESSAGE = "请先选择要处理的文件";
/** Lines recognised with less confidence than this are shaded on the /ocr page. */
export const OCR_LOW_CONFIDENCE = 0.8;
/** Longer file names are refused (server policy: a run's record, 50 files, stays under KV's 64 KiB). */
export const OCR_MAX_FILE_NAME = 100;
export const OCR_FILE_NAME_MESSAGE = "文件名不能超过100个字符";

export function isOcrFileName(name: string): boolean {
  return hasKind(name, OCR_ALLOWED_EXTENSIONS);
}

/**
 * The browser's selection rules in one place: keeps allowed, small-enough files, drops duplicate
 * names and everything past OCR_MAX_FILES; returns the Chinese reason for each file left out.
 */
export function pickOcrFiles<T extends { name: string; size: number }>(
  current: readonly T[],
  added: readonly T[],
): { files: T[]; rejected: string[] } {
  const files = [...current];
  const rejected: string[] = [];
  for (const f of added) {
    if (files.some((x) => x.name === f.name)) continue;
    if (!isOcrFileName(f.name)) rejected.push(`${f.name}：${OCR_FILE_TYPE_MESSAGE}`);
    else if (f.size > OCR_MAX_FILE_BYTES) rejected.push(`${f.name}：${OCR_FILE_SIZE_MESSAGE}`);
    else if (f.name.length > OCR_MAX_FILE_NAME) {
      rejected.push(`${f.name.slice(0, 20)}…：${OCR_FILE_NAME_MESSAGE}`);
    } else if (files.length >= OCR_MAX_FILES) rejected.push(OCR_MAX_FILES_MESSAGE);
    else files.push(f);
  }
  return { files, rejected: [...new Set(rejected)] };
}

export type OcrFileStatus = "pending" | "processing" | "completed" | "failed";
export type OcrRunStatus = "processing" | "completed" | "failed";

/** One file of a run as the browser sees it. */
export interface OcrRunFileView {
  index: number;
  fileName: string;
  size: number;
  status: OcrFileStatus;
  error?: string;
  pageCount?: number;
  /** True when at least one page was recognised from an image (a searchable PDF can be made). */
  scanned?: boolean;
  /** While the file is being read: pages read so far of its pages. */
  pagesDone?: number;
  pagesTotal?: number;
}

export interface OcrRunView {
  id: string;
  status: OcrRunStatus;
  /** Why the whole run failed (it stopped before every file was read; their uses were refunded). */
  error?: string;
  total: number;
  done: number;
  failed: number;
  createdAt: string;
  files: OcrRunFileView[];
}

/** A key fact found in a file (the /ocr key-facts panel). */
export interface OcrKeyFact {
  /** 姓名, 身份证号, 电话, 金额, 日期, 案号, 法院 ... */
  label: string;
  value: string;
  /** Validator notes: 校验位正确, 大写小写一致 ... */
  checks: string[];
  /** True when every validator the kind has passed (ID check digit, 大写 = 小写). */
  valid?: boolean;
  page?: number;
  line?: number;
}

export interface OcrLineView {
  text: string;
  confidence: number;
  method: string;
}

export interface OcrFileResultView {
  fileName: string;
  pages: { page: number; method: string; engine?: string; sheetName?: string; lines: OcrLineView[] }[];
  warnings: string[];
  keyFacts: OcrKeyFact[];
}

// part 4 §5 OCR template
const fieldSchema = z.object({
  label: z.string().trim().max(50, "字段名称不能超过50个字符"),
  key: z.string().trim().max(50, "字段键名不能超过50个字符"),
  prompt: z.string().trim().max(100, "提示不能超过100个字符").optional(),
});

const FIELD_KEY = /^[A-Za-z_\u4e00-\u9fa5][A-Za-z0-9_\u4e00-\u9fa5]*$/;

/** Fields may arrive as a JSON string (part 4 §3). */
const fieldsSchema = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z.array(fieldSchema).min(1, "请至少添加一个提取字段").max(50, "提取字段不能超过50个"),
).superRefine((fields, ctx) => {
  if (fields.some((f) => !f.label || !f.key)) {
    ctx.addIssue({ code: "custom", message: "请完整填写所有字段信息" });
    return;
  }
  const bad = fields.find((f) => !FIELD_KEY.test(f.key));
  if (bad) {
    ctx.addIssue({
      code: "custom",
      message: `字段键名“${bad.key}”只能包含字母、数字、下划线和汉字，且不能以数字开头`,
    });
  }
  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.key)) {
      ctx.addIssue({ code: "custom", message: `字段键名“${f.key}”重复` });
      return;
    }
    seen.add(f.key);
  }
});

export const ocrTemplateBody = z.object({
  name: z.string({ error: "请输入模板名称" }).trim().min(2, "模板名称长度为2-50个字符").max(
    50,
    "模板名称长度为2-50个字符",
  ),
  description: z.string().max(200, "描述不能超过200个字符").optional().default(""),
  fields: fieldsSchema,
});
export type OcrTemplateBody = z.input<typeof ocrTemplateBody>;

export interface OcrTemplateField {
  label: string;
  key: string;
  prompt?: string;
}

export interface OcrTemplate {
  id: string;
  name: string;
  description: string;
  fields: OcrTemplateField[];
  created_at: string;
  updated_at: string;
}

// OCR信息提取 (/ocr-extract): the batch result of part 4 §3, with the provenance of issue #11

/** Where a value was read (file, 1-based page and line, the line's box, the snippet). */
export interface OcrValueSource {
  fileName: string;
  page: number;
  line: number;
  /** The line's box; for a value over several lines, the union of their boxes. */
  box?: [number, number, number, number];
  /** Each line's box, when the value runs over several lines of the page. */
  boxes?: [number, number, number, number][];
  snippet: string;
}

/**
 * The check a model value carries when no line of its file states it: such a value is offered as a
 * candidate, flagged in every view, and never chosen until a person picks it (issue #25 finding 2).
 */
export const UNVERIFIED_CHECK = "模型推断，无原文";

/** One candidate value for a field (the value picker lists them). */
export interface OcrFieldValue {
  value: string;
  source: OcrValueSource;
  method: "rules" | "model";
  confidence: number;
  checks?: string[];
  unverified?: boolean;
}

/** One field of the merged result: part 4 §3's value, found, sourceFile, plus provenance. */
export interface OcrMergedField {
  label: string;
  value: string | null;
  found: boolean;
  sourceFile: string | null;
  source: OcrValueSource | null;
  method: "rules" | "model" | "manual" | null;
  confidence: number;
  conflict: boolean;
  checks: string[];
  /** The user typed this value (PUT .../result), or picked another candidate. */
  manual?: boolean;
}

export interface OcrFileResult {
  recordId: string;
  fileName: string;
  status: "processing" | "completed" | "failed";
  /** Key → the value this file gave (its best candidate). */
  data: Record<string, string>;
  error?: string;
}

export interface OcrBatchResult {
  batchId: string;
  templateId: string;
  templateName: string;
  /** Field keys in the template's order. */
  fieldOrder: string[];
  mergedResult: Record<string, OcrMergedField>;
  /** Key → every candidate value with its source. */
  fieldValues: Record<string, OcrFieldValue[]>;
  fileResults: OcrFileResult[];
  createdAt: string;
  updatedAt: string;
}

/** The event lines of POST /api/ocr/process-batch (part 4 §7), each sent as `data: <json>`. */
export type OcrBatchEvent =
  | {
    type: "progress";
    current: number;
    total: number;
    fileName?: string;
    /** Pages read of the file being read (an event per page, without fileName). */
    pagesDone?: number;
    pagesTotal?: number;
  }
  | { type: "error"; fileName: string; error: string }
  | { type: "complete"; result: OcrBatchResult };

/** PUT /api/ocr/batch/{batchId}/result: the edited merged result (values only are taken). */
export const saveBatchResultBody = z.object({
  mergedResult: z.record(
    z.string().max(100),
    z.object({
      value: z.union([z.string().max(2000, "字段值不能超过2000个字符"), z.null()]),
      source: z.unknown().optional(),
    }).loose(),
  ),
});
export type SaveBatchResultBody = z.infer<typeof saveBatchResultBody>;
