/**
 * County/city case split (part 4 §7). The spec sends these calls to a separate server; here that
 * address is a build-time setting, VITE_CASE_SPLIT_SERVER (e.g. https://split.example.com). Unset, it
 * is this server and every path stays relative. The spec's user-id header is not sent: the server
 * takes identity from the token alone (server/middleware/access.ts).
 */
import type { CaseSplitLevel } from "../../common/constants.ts";
import type {
  CaseSplitErrorRow,
  CaseSplitListQuery,
  CaseSplitTask,
} from "../../common/schemas/case_split.ts";
import { api, type DownloadedFile, requestBlob, requestUpload } from "./client.ts";

declare global {
  interface ImportMeta {
    /** Vite's build-time variables (absent under Deno). */
    env?: Record<string, string | undefined>;
  }
}

export type { CaseSplitErrorRow, CaseSplitLevel, CaseSplitTask };

/** The case-split server's origin, "" for this server. */
export const CASE_SPLIT_ORIGIN = (import.meta.env?.VITE_CASE_SPLIT_SERVER ?? "").trim().replace(/\/+$/, "");

/** A path of the case-split server; a relative downloadUrl is prefixed with its origin (part 4 §7). */
export function caseSplitUrl(path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${CASE_SPLIT_ORIGIN}${path}`;
}

/** The task list with filters and paging. GET /api/excel-case-split/tasks */
export function listCaseSplitTasks(query: Partial<CaseSplitListQuery>, silent = false) {
  return api.get<{ tasks: CaseSplitTask[]; total: number }>(caseSplitUrl("/api/excel-case-split/tasks"), {
    query,
    silent,
  });
}

/** Uploads a sheet: its headers and row count. POST /api/excel-case-split/upload (multipart, field file) */
export function uploadCaseSplitFile(file: File) {
  const form = new FormData();
  form.append("file", file);
  return requestUpload<{ taskId: string; headers: string[]; totalRows: number }>(
    caseSplitUrl("/api/excel-case-split/upload"),
    form,
    { silent: true, timeoutMs: 120_000 },
  );
}

/** Starts the split. POST /api/excel-case-split/split */
export function startCaseSplit(body: { taskId: string; addressColumn: string; splitLevel: CaseSplitLevel }) {
  return api.post<{ taskId: string; jobTaskId: string }>(caseSplitUrl("/api/excel-case-split/split"), body, {
    silent: true,
  });
}

/** Deletes a task and its files. DELETE /api/excel-case-split/tasks/{id} */
export function deleteCaseSplitTask(id: string) {
  return api.delete(caseSplitUrl(`/api/excel-case-split/tasks/${id}`), { silent: true });
}

/** The 汇总 workbook. GET /api/excel-case-split/tasks/{id}/download-all */
export function downloadAllCaseSplit(id: string): Promise<DownloadedFile> {
  return requestBlob(caseSplitUrl(`/api/excel-case-split/tasks/${id}/download-all`), {
    silent: true,
    timeoutMs: 120_000,
  });
}

/** Rows not placed, one page. GET /api/excel-case-split/tasks/{id}/error-rows */
export function listCaseSplitErrorRows(id: string, page: number, pageSize: number) {
  return api.get<{ total_rows: number; error_count: number; total: number; error_rows: CaseSplitErrorRow[] }>(
    caseSplitUrl(`/api/excel-case-split/tasks/${id}/error-rows`),
    { query: { page, pageSize }, silent: true },
  );
}
