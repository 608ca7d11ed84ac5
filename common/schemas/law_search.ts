import { z } from "zod";
import { calendarDay } from "./day.ts";

/** AI law search (issue #14): requests and answers shared by the screen and the server. */

export const LAW_LEVELS = ["法律", "行政法规", "司法解释", "部门规章", "地方性法规", "其他"] as const;
export type LawLevel = typeof LAW_LEVELS[number];

export const LAW_STATUSES = ["现行有效", "已被修改", "已废止", "尚未生效"] as const;
export type LawStatus = typeof LAW_STATUSES[number];

export const CITATION_STATUSES = ["valid", "amended", "repealed", "nonexistent", "unknown_law"] as const;
export type CitationStatus = typeof CITATION_STATUSES[number];

export const LAW_SEARCH_MAX_QUERY = 200;
export const LAW_CHECK_MAX_TEXT = 20_000;
export const LAW_ASK_MAX_QUESTION = 500;

const isoDate = calendarDay("日期格式应为 YYYY-MM-DD");
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.enum(values, message).optional());

/** GET /api/law-search/search */
export const lawSearchQuery = z.object({
  q: z.string({ error: "请输入检索内容" }).trim().min(1, "请输入检索内容")
    .max(LAW_SEARCH_MAX_QUERY, `检索内容不能超过${LAW_SEARCH_MAX_QUERY}个字`),
  status: optionalEnum(LAW_STATUSES, "效力状态不正确"),
  level: optionalEnum(LAW_LEVELS, "效力级别不正确"),
  lawId: z.string().trim().max(40).optional().transform((v) => v || undefined),
  asOf: z.preprocess((v) => (v === "" ? undefined : v), isoDate.optional()),
  page: z.coerce.number().int("页码必须是整数").min(1, "页码至少为1").max(1000).optional().default(1),
  pageSize: z.coerce.number().int("每页条数必须是整数").min(1).max(100, "每页最多100条").optional().default(
    20,
  ),
});
export type LawSearchQuery = z.input<typeof lawSearchQuery>;

/** GET /api/law-search/laws */
export const lawListQuery = z.object({
  q: z.string().trim().max(100, "标题关键字不能超过100个字").optional().default(""),
  status: optionalEnum(LAW_STATUSES, "效力状态不正确"),
  level: optionalEnum(LAW_LEVELS, "效力级别不正确"),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
});
export type LawListQuery = z.input<typeof lawListQuery>;

/** POST /api/law-search/check-citations */
export const checkCitationsBody = z.object({
  text: z.string({ error: "请输入要核对的文本" }).trim().min(1, "请输入要核对的文本")
    .max(LAW_CHECK_MAX_TEXT, `文本不能超过${LAW_CHECK_MAX_TEXT}个字`),
});

/** POST /api/law-search/ask */
export const askLawBody = z.object({
  question: z.string({ error: "请输入问题" }).trim().min(2, "请输入问题（至少2个字）")
    .max(LAW_ASK_MAX_QUESTION, `问题不能超过${LAW_ASK_MAX_QUESTION}个字`),
});

/** PATCH /api/law-search/laws/{id} (administrators): corrections to validity data. */
export const lawPatchBody = z.object({
  status: z.enum(LAW_STATUSES, "效力状态不正确").optional(),
  statusBasis: z.string().trim().max(300, "依据不能超过300个字").optional(),
  publishDate: isoDate.nullable().optional(),
  effectiveDate: isoDate.nullable().optional(),
  level: z.enum(LAW_LEVELS, "效力级别不正确").optional(),
  successor: z.string().trim().max(200).nullable().optional(),
  automatic: z.boolean().optional(),
});
export type LawPatchBody = z.infer<typeof lawPatchBody>;

export interface LawSearchHit {
  lawId: string;
  title: string;
  articleNumber: string;
  path: string[];
  text: string;
  highlights: string[];
  status: LawStatus;
  level: LawLevel;
  effectiveDate: string | null;
  score: number;
  match: "citation" | "text";
  successor: string | null;
}

export interface LawSearchResponse {
  success: true;
  total: number;
  results: LawSearchHit[];
  terms: string[];
  corrections: string[];
  /** Laws the query cites or names that the library does not hold (合同法第五十二条 -> 合同法). */
  missingLaws: string[];
  /** Articles the query cites that no version of a law the library holds has (民法典第1300条). */
  missingArticles: { title: string; articleNumber: string }[];
}

export interface LawSummary {
  id: string;
  title: string;
  shortNames: string[];
  level: LawLevel;
  issuer: string;
  publishDate: string | null;
  effectiveDate: string | null;
  status: LawStatus;
  statusBasis: string;
  /** Set when an administrator corrected status or dates: automatic resolution leaves them alone. */
  statusManual: boolean;
  /** The successor named for a repealed act (民法典), when known. */
  successor: string | null;
  articleCount: number;
  sources: string[];
}

export interface LawArticleView {
  number: string;
  path: string[];
  paragraphs: string[];
}

export interface CheckedCitationView {
  raw: string;
  title: string;
  articleNumber: string;
  status: CitationStatus;
  current: { title: string; articleNumber: string | null } | null;
  note: string;
  lawId: string | null;
  /** Ask answers only: whether the cited article was among the retrieved ones. */
  retrieved?: boolean;
}

/** Result of an import (administrator upload, LAWS_DIR, the built-in corpus). */
export interface ImportReport {
  /** Files read: uploaded files, and the files inside a .zip, an archive or a folder. */
  files: number;
  /** One row per new law version, with the number of files it was made of (民法典: 8). */
  imported: { id: string; title: string; articleCount: number; status: LawStatus; files: number }[];
  duplicates: { source: string; of: string }[];
  skipped: { name: string; reason: string }[];
}

/**
 * Shown while the server builds the law library after a start (seconds for the national corpus) or the
 * first-start import fills it: GET /api/law-search/search answers `loading: true` with this message at
 * once (overview: `loading` or `importing`), POST /ask the error LAW_LIBRARY_LOADING.
 */
export const LAW_LIBRARY_LOADING_TEXT = "法规库正在加载，请稍候再试";

/** The first-start import while it runs (GET /api/law-search/overview `importing`). */
export interface LawImportStatus {
  phase: "reading" | "importing" | "indexing";
  /** Files done of all files (reading: parsed; importing: assembled and stored; indexing: all). */
  done: number;
  total: number;
}

/**
 * One line for an import result whose counts add up to the files read: laws made of several files
 * (民法典's 8 parts) are named, so 107 laws + 3 duplicates of 117 files is explained.
 */
export function describeImportReport(r: ImportReport): string {
  const merged = r.imported.filter((l) => l.files > 1);
  const mergedText = merged.length === 0
    ? ""
    : merged.length === 1
    ? `（其中《${merged[0].title}》由 ${merged[0].files} 个文件合成）`
    : `（其中 ${merged.length} 部由多个文件合成：${
      merged.slice(0, 3).map((l) => `《${l.title}》${l.files} 个`).join("、")
    }${merged.length > 3 ? " 等" : ""}）`;
  return `共 ${r.files} 个文件：导入 ${r.imported.length} 部法规${mergedText}，重复跳过 ${r.duplicates.length} 个文件，` +
    `无法识别 ${r.skipped.length} 个文件`;
}

/** Full citation used when copying an article: 《中华人民共和国民法典》第六百八十条：… */
export function formatFullCitation(title: string, number: string, paragraphs: string[]): string {
  return `《${title}》${number}：${paragraphs.join("\n")}`;
}
