import type {
  CheckedCitationView,
  ImportReport,
  LawArticleView,
  LawImportStatus,
  LawLevel,
  LawPatchBody,
  LawSearchHit,
  LawStatus,
  LawSummary,
} from "../../common/schemas/law_search.ts";
import { api, request, requestStream, requestUpload } from "./client.ts";

export type { ImportReport, LawImportStatus };

export interface LawSearchParams {
  q: string;
  status?: LawStatus;
  level?: LawLevel;
  lawId?: string;
  asOf?: string;
  page?: number;
  pageSize?: number;
}

export interface LawListParams {
  q?: string;
  status?: LawStatus;
  level?: LawLevel;
  page?: number;
  pageSize?: number;
}

export interface LawOverview {
  laws: number;
  articles: number;
  isAdmin: boolean;
  aiConfigured: boolean;
  /** The first-start import while it runs, else null. */
  importing: LawImportStatus | null;
  /** The server is still building the library after a start (seconds); counts are 0 until then. */
  loading: boolean;
}

export interface LawSearchResult {
  total: number;
  results: LawSearchHit[];
  terms: string[];
  corrections: string[];
  /** Laws the query cites or names that the library does not hold. */
  missingLaws: string[];
  /** Articles the query cites that no version of a law the library holds has (民法典第1300条). */
  missingArticles: { title: string; articleNumber: string }[];
  /** The library is still being built after a start: nothing was searched; `message` says so. */
  loading?: boolean;
  message?: string;
}

export interface ArticleDetail {
  law: LawSummary;
  article: LawArticleView;
  before: LawArticleView[];
  after: LawArticleView[];
  versions: { law: LawSummary; article: LawArticleView | null }[];
}

/** Library size, whether the user manages it, whether a model is configured. GET /api/law-search/overview */
export function getLawOverview() {
  return api.get<LawOverview>("/api/law-search/overview");
}

/** Article search. GET /api/law-search/search */
export function searchLaws(query: LawSearchParams) {
  return api.get<LawSearchResult>("/api/law-search/search", { query: { ...query } });
}

/** The user's recent searches. GET /api/law-search/recent */
export function listRecentSearches() {
  return api.get<{ searches: { q: string; at: number }[] }>("/api/law-search/recent", { silent: true });
}

/** One article with neighbours and versions. GET /api/law-search/laws/{id}/articles/{number} */
export function getArticle(lawId: string, number: string) {
  return api.get<ArticleDetail>(`/api/law-search/laws/${lawId}/articles/${encodeURIComponent(number)}`);
}

/** Citation check. POST /api/law-search/check-citations */
export function checkCitations(text: string) {
  return api.post<{ citations: CheckedCitationView[] }>("/api/law-search/check-citations", { text });
}

/** Library list (management). GET /api/law-search/laws */
export function listLaws(query: LawListParams) {
  return api.get<{ total: number; laws: LawSummary[] }>("/api/law-search/laws", { query: { ...query } });
}

/** Import law files (administrators). POST /api/law-search/laws/import */
export function importLaws(files: File[], onProgress?: (p: number) => void) {
  const form = new FormData();
  for (const f of files) form.append("files", f, f.name);
  return requestUpload<ImportReport>("/api/law-search/laws/import", form, { onProgress, timeoutMs: 600_000 });
}

/** Correct a law's validity data (administrators). PATCH /api/law-search/laws/{id} */
export function updateLaw(id: string, body: LawPatchBody) {
  return request<{ law: LawSummary }>("PATCH", `/api/law-search/laws/${id}`, { body });
}

/** Delete a law version (administrators). DELETE /api/law-search/laws/{id} */
export function deleteLaw(id: string) {
  return api.delete(`/api/law-search/laws/${id}`);
}

export type AskEvent =
  | { event: "sources"; data: { articles: LawSearchHit[] } }
  | { event: "delta"; data: { text: string } }
  | { event: "citations"; data: { citations: CheckedCitationView[] } }
  | { event: "done"; data: { charged: boolean; unsupported: number } }
  | { event: "error"; data: { code: string; error: string } };

/**
 * Grounded answer, streamed. POST /api/law-search/ask (text/event-stream). A refusal before the stream
 * (no model, no AI use left) throws ApiError with the server's Chinese message.
 */
export function askLaw(
  question: string,
  onEvent: (e: AskEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  return requestStream("/api/law-search/ask", {
    body: { question },
    signal,
    silent: true,
    onEvent: ({ event, data }) => onEvent({ event, data: JSON.parse(data) } as AskEvent),
  });
}
