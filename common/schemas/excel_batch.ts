/**
 * The Excel batch wizard (part 2 §2.1, §3, §5): the task payload of POST /api/excel-batch/create-task
 * and the answers of its calls. The page validates its steps with these schemas and the server
 * validates the whole payload with them again, so both show the same Chinese messages.
 */
import { z } from "zod";
import { PARAGRAPH_PREFIX_MAX } from "../paragraphs.ts";
import {
  fieldMappings,
  INDENT_EXCLUSIVE,
  LINE_BREAK_EXCLUSIVE,
  paragraphText,
  paragraphVariable,
} from "./excel_templates.ts";
import { EXCEL_BATCH_TASK_NAME_MAX } from "../constants.ts";

export const TASK_NAME_REQUIRED = "请输入任务名称";
export const TEMPLATE_FILE_REQUIRED = "请选择或上传Word模板";
export const SOURCE_FILE_REQUIRED = "请先上传Excel文件";
export const BATCH_SIZE_MIN = "处理数量至少为1";
export const PREFIX_TOO_LONG = `前缀内容不能超过${PARAGRAPH_PREFIX_MAX}个字符`;
export const PREFIX_UPPERCASE_N = "前缀内容中的N必须使用大写";
export const PREFIX_REQUIRED = "请输入前缀内容";
export const PARAGRAPH_DUPLICATE = "已存在相同的段落变量";
export const PARAGRAPH_REQUIRED = "请至少添加一个段落";

/**
 * The output file-name pattern of a task (as /mediation-form's): `{列名}` takes the row's Excel column,
 * `{任务名}` the task name and `{序号}` the row's position (1, 2, …); the default gives 任务名_1.docx….
 */
export const EXCEL_BATCH_DEFAULT_NAME_PATTERN = "{任务名}_{序号}";
export const EXCEL_BATCH_NAME_PATTERN_MAX = 100;
export const fileNamePattern = z.string().trim()
  .max(EXCEL_BATCH_NAME_PATTERN_MAX, `文件名规则不能超过${EXCEL_BATCH_NAME_PATTERN_MAX}个字符`);

/** PUT /api/excel-batch/settings: the member's saved file-name pattern. */
export const excelBatchSettingsBody = z.object({
  fileNamePattern: fileNamePattern.min(
    1,
    `文件名规则不能为空，且不超过${EXCEL_BATCH_NAME_PATTERN_MAX}个字符`,
  ),
});

/** `处理数量必须在1到N之间` (batch size against the file's rows). */
export function batchSizeRangeMessage(totalRows: number): string {
  return `处理数量必须在1到${totalRows}之间`;
}

/** The cost of a task (part 2 §1): the rows processed, or 1 when the output is merged. */
export function excelBatchCost(input: { batchSize: number; mergeOutput: boolean }): number {
  return input.mergeOutput ? 1 : input.batchSize;
}

/** 成功创建任务，已扣除 N 次使用次数 (part 2 §8). */
export function taskCreatedMessage(deducted: number): string {
  return `成功创建任务，已扣除 ${deducted} 次使用次数`;
}

export const taskName = z.string({ error: TASK_NAME_REQUIRED }).trim()
  .min(1, TASK_NAME_REQUIRED)
  .max(EXCEL_BATCH_TASK_NAME_MAX, `任务名称不能超过${EXCEL_BATCH_TASK_NAME_MAX}个字符`);

export const templateFile = z.string({ error: TEMPLATE_FILE_REQUIRED }).trim()
  .min(1, TEMPLATE_FILE_REQUIRED).max(200, TEMPLATE_FILE_REQUIRED);

/** Prefix text: at most 20 characters, N (uppercase) is the sequence number. */
export const prefixTemplate = z.string().max(PARAGRAPH_PREFIX_MAX, PREFIX_TOO_LONG)
  .refine((s) => !s.includes("n"), PREFIX_UPPERCASE_N);

const flag = z.boolean("开关值必须是布尔值").optional().default(false);

/** One paragraph item of step 3 (part 2 §3 paragraphMappings). */
export const paragraphMapping = z.object({
  variable: paragraphVariable,
  template: paragraphText,
  noIndent: flag,
  allIndent: flag,
  addLineBreak: flag,
  noLineBreak: flag,
  removeLastChar: flag,
  usePrefix: flag,
}).superRefine((v, ctx) => {
  if (v.noIndent && v.allIndent) {
    ctx.addIssue({ code: "custom", message: INDENT_EXCLUSIVE, path: ["allIndent"] });
  }
  if (v.noLineBreak && v.addLineBreak) {
    ctx.addIssue({ code: "custom", message: LINE_BREAK_EXCLUSIVE, path: ["addLineBreak"] });
  }
});
export type ParagraphMapping = z.infer<typeof paragraphMapping>;

/** The indices of items whose variable an earlier item already uses (已存在相同的段落变量). */
export function duplicateParagraphIndices(items: readonly { variable: string }[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  items.forEach((item, i) => {
    const name = item.variable.trim();
    if (name && seen.has(name)) out.push(i);
    seen.add(name);
  });
  return out;
}

const rowCount = z.number({ error: BATCH_SIZE_MIN }).int(BATCH_SIZE_MIN);

/** POST /api/excel-batch/create-task: the task payload of part 2 §3 with every rule of §5. */
export const createTaskBody = z.object({
  taskName,
  sourceFile: z.string({ error: SOURCE_FILE_REQUIRED }).trim().min(1, SOURCE_FILE_REQUIRED).max(200),
  templateFile,
  batchSize: rowCount.min(1, BATCH_SIZE_MIN),
  totalRows: rowCount.min(1, BATCH_SIZE_MIN),
  fieldMappings,
  paragraphEnabled: flag,
  mergeOutput: flag,
  prefixEnabled: flag,
  prefixTemplate: prefixTemplate.optional().default(""),
  paragraphMappings: z.array(paragraphMapping).max(50, "段落最多50个").optional().default([]),
  /** Empty: the default pattern. */
  fileNamePattern: fileNamePattern.optional().default(""),
}).superRefine((v, ctx) => {
  if (v.batchSize > v.totalRows) {
    ctx.addIssue({ code: "custom", message: batchSizeRangeMessage(v.totalRows), path: ["batchSize"] });
  }
  if (!v.paragraphEnabled) return;
  if (v.paragraphMappings.length === 0) {
    ctx.addIssue({ code: "custom", message: PARAGRAPH_REQUIRED, path: ["paragraphMappings"] });
  }
  for (const i of duplicateParagraphIndices(v.paragraphMappings)) {
    ctx.addIssue({
      code: "custom",
      message: PARAGRAPH_DUPLICATE,
      path: ["paragraphMappings", i, "variable"],
    });
  }
  if (v.prefixEnabled && v.prefixTemplate.trim() === "") {
    ctx.addIssue({ code: "custom", message: PREFIX_REQUIRED, path: ["prefixTemplate"] });
  }
});
export type CreateTaskBody = z.input<typeof createTaskBody>;
export type CreateTaskInput = z.output<typeof createTaskBody>;

/** POST /api/excel-batch/parse-template. */
export const parseTemplateBody = z.object({ templateFile });

/** POST /api/excel-batch/upload answer (part 2 §3 "Uploaded Excel result"). */
export interface ExcelUploadResult {
  success: true;
  filePath: string;
  headers: string[];
  totalRows: number;
  fileName: string;
}

/** POST /api/excel-batch/parse-template answer: `${...}` variables and `#{...}` paragraph variables. */
export interface ParseTemplateResult {
  success: true;
  variables: string[];
  /** As written in the template: `#{名称}`. */
  paragraphVariables: string[];
  fileName: string;
}

export interface CreateTaskResult {
  success: true;
  taskId: string;
  deductedAmount: number;
  limits: { mediationLimit: number };
  message: string;
}

export type ExcelBatchStatus = "processing" | "completed" | "failed";

/** A generated file (part 2 §3); row_index is the data row (1 = first row under the header), 0 for a merged file. */
export interface GeneratedFileRecord {
  id: string;
  file_name: string;
  row_index: number;
  created_at: string;
  /** The direct address (download-direct, signed, no token needed) on the product's own host. */
  download_url: string;
}

/** GET /api/excel-batch/task/:id/progress answer. */
export interface TaskProgressResult {
  success: true;
  task: {
    id: string;
    task_name: string;
    status: ExcelBatchStatus;
    total_rows: number;
    /** Rows finished so far (done or failed). */
    processed_rows: number;
    success_count: number;
    failed_count: number;
    /** 0-100, only increasing. */
    progress: number;
    merge_output: boolean;
    error: string | null;
    created_at: string;
  };
  generatedFiles: GeneratedFileRecord[];
  failedRows: { row_index: number; error: string }[];
}
