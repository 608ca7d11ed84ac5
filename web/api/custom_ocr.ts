/** Custom OCR (part 4 §7): rules, upload and folder runs, progress, source choice, documents. */
import type { CustomRuleBody, CustomRuleView } from "../../common/schemas/custom_ocr.ts";
import { api, requestBlob, requestUpload } from "./client.ts";

export type { CustomRuleBody, CustomRuleView };

export interface FieldValue {
  value: string;
  source: string;
  /** The model gave it, no line of the file states it (模型推断，无原文): shown, never chosen by itself. */
  unverified?: boolean;
  /** Where in its file it was read (beyond the spec): page, line, box (a wrapped value: each line's too). */
  page?: number;
  line?: number;
  box?: [number, number, number, number];
  boxes?: [number, number, number, number][];
}

export interface RunProgress {
  status: "pending" | "processing" | "completed" | "failed";
  processedFiles: number;
  totalFiles: number;
  files: {
    fileName: string;
    status: string;
    error?: string;
    /** The file being read: pages read so far and its pages. */
    pagesDone?: number;
    pagesTotal?: number;
    extractedData: Record<string, string>;
  }[];
  mergedResult: Record<string, string | null>;
  fieldValues: Record<string, FieldValue[]>;
  fieldLabels: Record<string, string>;
  /** Fields whose value a person typed or picked: kept when the folder is processed again. */
  keptValues?: Record<string, FieldValue>;
  /** Per kept field, values read from new or changed files that disagree with it (冲突). */
  conflicts?: Record<string, FieldValue[]>;
  progress_message: string;
}

export interface FolderNode {
  id: string;
  name: string;
  isFolder: boolean;
  totalCount: number;
  path: string;
  size: number;
  mtime: string;
  isProcessed: boolean;
  isLeaf: boolean;
  /** With a rule asked: the files below that it would read (one AI use each). */
  matchedCount?: number;
}

export interface GeneratedFile {
  fileName: string;
  templateName: string;
  emptyVariables: string[];
}

/** GET /api/custom-ocr/rules */
export function listRules() {
  return api.get<{ rules: CustomRuleView[] }>("/api/custom-ocr/rules", { silent: true });
}
/** POST /api/custom-ocr/rules */
export function createRule(body: CustomRuleBody) {
  return api.post<{ rule: CustomRuleView }>("/api/custom-ocr/rules", body, { silent: true });
}
/** PUT /api/custom-ocr/rules/{id} */
export function updateRule(id: string, body: CustomRuleBody) {
  return api.put<{ rule: CustomRuleView }>(`/api/custom-ocr/rules/${encodeURIComponent(id)}`, body, {
    silent: true,
  });
}
/** DELETE /api/custom-ocr/rules/{id} */
export function deleteRule(id: string) {
  return api.delete(`/api/custom-ocr/rules/${encodeURIComponent(id)}`, { silent: true });
}
/** GET /api/custom-ocr/user/limits */
export function getLimits() {
  return api.get<{ limits: { ai_limit: number } }>("/api/custom-ocr/user/limits", { silent: true });
}
/** GET /api/custom-ocr/templates */
export function listOutputTemplates() {
  return api.get<{ templates: { id: string; template_name: string }[] }>("/api/custom-ocr/templates", {
    silent: true,
  });
}
/** POST /api/custom-ocr/process (multipart files, ruleId, processType) */
export function processUploads(ruleId: string, files: File[]) {
  const form = new FormData();
  form.append("ruleId", ruleId);
  form.append("processType", "upload");
  for (const f of files) form.append("files", f, f.name);
  return requestUpload<{ success: boolean; batchId?: string; message: string; totalFiles?: number }>(
    "/api/custom-ocr/process",
    form,
    { silent: true, timeoutMs: 5 * 60_000 },
  );
}
/** GET /api/custom-ocr/progress/{batchId} */
export function getProgress(batchId: string) {
  return api.get<RunProgress>(`/api/custom-ocr/progress/${encodeURIComponent(batchId)}`, { silent: true });
}
/** POST /api/custom-ocr/update-field/{batchId} */
export function updateField(batchId: string, fieldKey: string, value: string) {
  return api.post(`/api/custom-ocr/update-field/${encodeURIComponent(batchId)}`, { fieldKey, value }, {
    silent: true,
  });
}
/**
 * Sets a field to a value read from a file (value and file) or typed by hand (value only).
 * POST /api/folder-browser/update-field-source (upload and folder records alike)
 */
export function chooseFieldValue(
  recordId: string,
  fieldName: string,
  selected: { value: string; source?: string },
) {
  return api.post("/api/folder-browser/update-field-source", {
    recordId,
    fieldName,
    selectedSource: selected,
  }, {
    silent: true,
  });
}
/** Drops a typed or picked value: the files decide again. POST /api/folder-browser/update-field-source */
export function clearFieldChoice(recordId: string, fieldName: string) {
  return api.post("/api/folder-browser/update-field-source", { recordId, fieldName, clear: true }, {
    silent: true,
  });
}
/** POST /api/custom-ocr/generate/{batchId} */
export function generateDocuments(batchId: string, templateIds: string[]) {
  return api.post<{ message: string; files: GeneratedFile[] }>(
    `/api/custom-ocr/generate/${encodeURIComponent(batchId)}`,
    { templateIds },
    { silent: true },
  );
}
/** GET /api/custom-ocr/download/{fileName} */
export function downloadGenerated(fileName: string) {
  return requestBlob(`/api/custom-ocr/download/${encodeURIComponent(fileName)}`, { silent: true });
}
/** Several cases' documents as one zip, a folder per case. POST /api/custom-ocr/download-zip (not in the spec) */
export function downloadGeneratedZip(fileNames: string[]) {
  return requestBlob("/api/custom-ocr/download-zip", {
    json: { fileNames },
    silent: true,
    timeoutMs: 5 * 60_000,
  });
}
/** GET /api/folder-browser/tree?path= (one level of folders; with ruleId, what that rule would read) */
export function folderTree(path = "", ruleId?: string) {
  return api.get<{ tree: FolderNode[] }>("/api/folder-browser/tree", {
    query: { path, ruleId },
    silent: true,
  });
}
/** POST /api/folder-browser/process (one item per call, as the screen submits them) */
export function processFolder(ruleId: string, item: { path: string; isFolder: boolean }) {
  return api.post<{ batchId: string; totalFiles: number }>("/api/folder-browser/process", {
    ruleId,
    items: [item],
  }, {
    silent: true,
  });
}

/** One earlier run of a case folder. */
export interface RunSummary {
  id: string;
  status: RunProgress["status"];
  created_at: string;
  files: number;
  /** Files read in that run (the others' texts came from the run before). */
  files_read: number;
  ai_uses_charged: number;
  ai_uses_refunded: number;
}

/** The kinds of AI run AI处理记录 lists (GET /api/folder-browser/records?kind=). */
export type AiRunKind = "custom_ocr" | "ocr" | "ocr_extract";

export interface FolderRecordView {
  id: string;
  kind: AiRunKind;
  user_id: number;
  username: string;
  folder_path: string;
  rule_id: string;
  rule_name: string;
  status: RunProgress["status"];
  created_at: string;
  updated_at: string;
  error_message: string | null;
  merged_result: Record<string, string | null>;
  field_values: Record<string, FieldValue[]>;
  field_labels: Record<string, string>;
  kept_values?: Record<string, FieldValue>;
  /** OCR信息提取: the case by its parties (李四诉张三). */
  case_name?: string;
  /** A case folder processed again: its earlier runs, newest first (AI处理记录). */
  history?: RunSummary[];
  conflicts?: Record<string, FieldValue[]>;
  files: { fileName: string; path: string; status: string; error: string | null }[];
  ai_uses_charged: number;
  ai_uses_refunded: number;
}

/**
 * GET /api/folder-browser/records (administrators: scope=all for everyone's). `kind` "all" adds the OCR识别
 * runs and OCR信息提取 batches to the custom OCR records (AI处理记录); without it, custom OCR only.
 */
export function listRecords(scope: "mine" | "all" = "mine", kind?: AiRunKind | "all") {
  return api.get<{ records: FolderRecordView[] }>("/api/folder-browser/records", {
    query: { scope: scope === "all" ? "all" : undefined, kind },
    silent: true,
  });
}
/** DELETE /api/folder-browser/records/{id} */
export function deleteRecord(id: string) {
  return api.delete(`/api/folder-browser/records/${encodeURIComponent(id)}`, { silent: true });
}

/** A page of a run's file as an image, to mark where a value was read (not in the spec). */
export function getRecordPageImage(batchId: string, fileName: string, page: number) {
  return api.get<{ success: true; image: string; width: number; height: number; boxScale: number }>(
    `/api/custom-ocr/page-image/${encodeURIComponent(batchId)}`,
    { query: { fileName, page }, silent: true },
  );
}
