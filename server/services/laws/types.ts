/** The law library's records (issue #14). Metadata lives in KV, article texts in the blob store. */

import type { LawLevel, LawStatus } from "../../../common/schemas/law_search.ts";
export { LAW_LEVELS, LAW_STATUSES } from "../../../common/schemas/law_search.ts";
export type { LawLevel, LawStatus };

/** One article: 第X条 plus its paragraphs up to the next article or heading. */
export interface LawArticle {
  /** 第六百八十条, 第十条之一 */
  number: string;
  num: number;
  /** 1 for 第X条之一; 0 otherwise. */
  sub: number;
  /** Headings above it: 编 / 分编 / 章 / 节 (or 一、管辖 in interpretations). */
  path: string[];
  /** The first paragraph without the 第X条 label, then the rest; items （一）… are paragraphs too. */
  paragraphs: string[];
}

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

/** One version of a law, as stored (KV ["laws", id]). */
export interface LawRecord {
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
  folder: string | null;
  sources: string[];
  /** sha256 of the article texts, to spot duplicate crawls and changed texts. */
  sha256: string;
  articleCount: number;
  importedAt: number;
  /** Acts this one's text names as repealed (…同时废止). */
  repeals: string[];
}

/** What the blob store keeps per law version (laws/<id>.json). */
export interface LawText {
  articles: LawArticle[];
  body: string;
  history: string[];
  /** Words of each article found by Intl.Segmenter at import (start-up reuses them); absent in old blobs. */
  words?: string[][];
}
