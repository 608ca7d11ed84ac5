/**
 * Word templates of the two managers (part 2 §2.5, §2.6, §7): system templates (/api/templates) and
 * personal templates (/api/my-templates), plus the temporary upload of the generation page.
 */
import type { ManagerTemplate, TemplateUploadResult } from "../../common/schemas/templates.ts";
import { api, type DownloadedFile, requestBlob } from "./client.ts";

export type { ManagerTemplate, TemplateUploadResult };

export type TemplateLibraryKind = "system" | "personal";

/** The calls of one manager, so both pages (and the generation page's picker) share one widget. */
export interface TemplateLibraryApi {
  list(): Promise<{ templates: ManagerTemplate[] }>;
  upload(file: File): Promise<TemplateUploadResult>;
  download(id: string): Promise<DownloadedFile>;
  remove(id: string): Promise<unknown>;
}

function uploadForm(field: string, file: File): FormData {
  const form = new FormData();
  form.append(field, file, file.name);
  return form;
}

/** System templates. GET /api/templates/list, POST /api/templates/upload, GET /api/templates/download/{id}, DELETE /api/templates/{id} */
export const systemTemplatesApi: TemplateLibraryApi = {
  list: () => api.get<{ templates: ManagerTemplate[] }>("/api/templates/list", { silent: true }),
  upload: (file) =>
    api.post<TemplateUploadResult>("/api/templates/upload", uploadForm("file", file), { silent: true }),
  download: (id) => requestBlob(`/api/templates/download/${encodeURIComponent(id)}`, { silent: true }),
  remove: (id) => api.delete(`/api/templates/${encodeURIComponent(id)}`, { silent: true }),
};

/** Personal templates. GET /api/my-templates/list, POST /api/my-templates/upload, GET /api/my-templates/download/{id}, DELETE /api/my-templates/{id} */
export const personalTemplatesApi: TemplateLibraryApi = {
  list: () => api.get<{ templates: ManagerTemplate[] }>("/api/my-templates/list", { silent: true }),
  upload: (file) =>
    api.post<TemplateUploadResult>("/api/my-templates/upload", uploadForm("template", file), {
      silent: true,
    }),
  download: (id) => requestBlob(`/api/my-templates/download/${encodeURIComponent(id)}`, { silent: true }),
  remove: (id) => api.delete(`/api/my-templates/${encodeURIComponent(id)}`, { silent: true }),
};

/** Temporary template of the generation page. POST /api/upload-template */
export function uploadTemporaryTemplate(file: File) {
  return api.post<TemplateUploadResult>("/api/upload-template", uploadForm("template", file), {
    silent: true,
  });
}
