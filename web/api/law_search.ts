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
import { getToken } from "../auth/session.ts";
import { api, ApiError, NETWORK_TEXT, request, requestUpload } from "./client.ts";

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
}

export interface LawSearchResult {
  total: number;
  results: LawSearchHit[];
  terms: string[];
  corrections: string[];
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
export async function askLaw(
  question: string,
  onEvent: (e: AskEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const headers = new Headers({ Accept: "text/event-stream", "Content-Type": "application/json" });
  const token = getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch("/api/law-search/ask", {
      method: "POST",
      body: JSON.stringify({ question }),
      headers,
      signal,
    });
  } catch {
    throw new ApiError({ status: 0, code: "NETWORK", message: NETWORK_TEXT });
  }
  if (!res.ok || !res.body) {
    const data = await res.json().catch(() => null) as { code?: string; error?: string } | null;
    throw new ApiError({
      status: res.status,
      code: data?.code ?? `HTTP_${res.status}`,
      message: data?.error ?? "请求失败",
      serverMessage: data?.error ?? null,
    });
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1];
      const data = block.split("\n").filter((l) => l.startsWith("data:")).map((l) =>
        l.replace(/^data: ?/, "")
      )
        .join("\n");
      if (event && data) onEvent({ event, data: JSON.parse(data) } as AskEvent);
    }
  }
}
