import type {
  MappingTemplateBody,
  MappingTemplateRecord,
  ParagraphTemplateBody,
  ParagraphTemplateRecord,
  WordTemplateBody,
  WordTemplateRecord,
} from "../../common/schemas/excel_templates.ts";
import { api, requestBlob, requestUpload } from "./client.ts";
import type { TemplateUploadResult } from "./templates.ts";

export type { MappingTemplateRecord, ParagraphTemplateRecord, WordTemplateRecord };

/** The member's Word templates. GET /api/excel-templates */
export function listWordTemplates() {
  return api.get<{ success: true; templates: WordTemplateRecord[] }>("/api/excel-templates", {
    silent: true,
  });
}

/** Uploads a .docx to be saved next. POST /api/excel-templates/upload */
export function uploadWordTemplate(file: File) {
  const form = new FormData();
  form.append("file", file);
  return requestUpload<TemplateUploadResult>("/api/excel-templates/upload", form, { silent: true });
}

/**
 * Uploads a .docx inside the Excel batch wizard: kept at once among the member's Word templates.
 * POST /api/excel-templates/upload with keep=1
 */
export function uploadAndKeepWordTemplate(file: File) {
  const form = new FormData();
  form.append("file", file);
  form.append("keep", "1");
  return requestUpload<TemplateUploadResult & { template: WordTemplateRecord }>(
    "/api/excel-templates/upload",
    form,
    { silent: true },
  );
}

/** Saves the uploaded file as a named template. POST /api/excel-templates */
export function saveWordTemplate(body: WordTemplateBody) {
  return api.post<{ success: true; template: WordTemplateRecord }>("/api/excel-templates", body, {
    silent: true,
  });
}

/** The template's .docx. GET /api/excel-templates/download/:id */
export function downloadWordTemplate(id: string) {
  return requestBlob(`/api/excel-templates/download/${encodeURIComponent(id)}`, { silent: true });
}

/** DELETE /api/excel-templates/:id */
export function deleteWordTemplate(id: string) {
  return api.delete<{ success: true }>(`/api/excel-templates/${encodeURIComponent(id)}`, { silent: true });
}

/** GET /api/excel-templates/mapping-templates */
export function listMappingTemplates() {
  return api.get<{ success: true; templates: MappingTemplateRecord[] }>(
    "/api/excel-templates/mapping-templates",
    { silent: true },
  );
}

/** POST /api/excel-templates/mapping-templates, or PUT …/:id with an id. */
export function saveMappingTemplate(body: MappingTemplateBody, id?: string) {
  return id
    ? api.put<{ success: true; template: MappingTemplateRecord }>(
      `/api/excel-templates/mapping-templates/${encodeURIComponent(id)}`,
      body,
      { silent: true },
    )
    : api.post<{ success: true; template: MappingTemplateRecord }>(
      "/api/excel-templates/mapping-templates",
      body,
      { silent: true },
    );
}

/** DELETE /api/excel-templates/mapping-templates/:id */
export function deleteMappingTemplate(id: string) {
  return api.delete<{ success: true }>(`/api/excel-templates/mapping-templates/${encodeURIComponent(id)}`, {
    silent: true,
  });
}

/** GET /api/excel-templates/paragraph-templates */
export function listParagraphTemplates() {
  return api.get<{ success: true; templates: ParagraphTemplateRecord[] }>(
    "/api/excel-templates/paragraph-templates",
    { silent: true },
  );
}

/** POST /api/excel-templates/paragraph-templates, or PUT …/:id with an id. */
export function saveParagraphTemplate(body: ParagraphTemplateBody, id?: string) {
  return id
    ? api.put<{ success: true; template: ParagraphTemplateRecord }>(
      `/api/excel-templates/paragraph-templates/${encodeURIComponent(id)}`,
      body,
      { silent: true },
    )
    : api.post<{ success: true; template: ParagraphTemplateRecord }>(
      "/api/excel-templates/paragraph-templates",
      body,
      { silent: true },
    );
}

/** DELETE /api/excel-templates/paragraph-templates/:id */
export function deleteParagraphTemplate(id: string) {
  return api.delete<{ success: true }>(
    `/api/excel-templates/paragraph-templates/${encodeURIComponent(id)}`,
    { silent: true },
  );
}
