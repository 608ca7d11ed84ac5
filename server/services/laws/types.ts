/** The law library's records (issue #14). Metadata lives in KV, article texts in the blob store. */

import type { LawLevel, LawStatus } from "../../../common/schemas/law_search.ts";
export { LAW_LEVELS, LAW_STATUSES } from "../../../common/schemas/law_search.ts";
export type { LawLevel, LawStatus };
// The stored shapes live with their KV module (kv/ imports no service).
import type { LawArticle } from "../../kv/laws.ts";
export type { LawArticle, LawRecord, LawText } from "../../kv/laws.ts";

/** A parsed source file (one version of one law, or one part of it, like 民法典 合同编). */
export interface ParsedLawFile {
  title: string;
  /** 民法典 only: the second "# " line (合同编). */
  part: string | null;
  /** History lines: "<date> <event>". */
  history: string[];
  /** The version date from the file name, YYYY-MM-DD, or null. */
  fileDate: string | null;
  /** Date of publication and entry into force read from the history lines. */
  publishDate: string | null;
  effectiveDate: string | null;
  /** Folder in the source (司法解释, 行政法规, …) when known. */
  folder: string | null;
  sourceName: string;
  articles: LawArticle[];
  /** Text of a document without 第X条 lines (amendment decisions, notices), for display. */
  body: string;
}
