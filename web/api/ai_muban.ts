/** Output-document templates (part 4 §7): the calls of /ai-muban. */
import type { AiMubanBody, AiMubanTemplate } from "../../common/schemas/ai_muban.ts";
import { api, requestBlob, requestUpload } from "./client.ts";

export type { AiMubanTemplate };

/** Template list. GET /api/ai-muban/templates */
export function listAiMubanTemplates() {
  return api.get<{ templates: AiMubanTemplate[] }>("/api/ai-muban/templates", { silent: true });
}

/** Upload. POST /api/ai-muban/templates (multipart: template_name, description, template) */
export function createAiMubanTemplate(body: AiMubanBody, file: File) {
  const form = new FormData();
  form.append("template_name", body.template_name);
  form.append("description", body.description ?? "");
  form.append("template", file, file.name);
  return requestUpload<{ message: string; template: AiMubanTemplate }>("/api/ai-muban/templates", form, {
    silent: true,
  });
}

/** Edit name and description. PUT /api/ai-muban/templates/{id} */
export function updateAiMubanTemplate(id: string, body: AiMubanBody) {
  return api.put<{ message: string }>(`/api/ai-muban/templates/${encodeURIComponent(id)}`, body, {
    silent: true,
  });
}

/** DELETE /api/ai-muban/templates/{id} */
export function deleteAiMubanTemplate(id: string) {
  return api.delete(`/api/ai-muban/templates/${encodeURIComponent(id)}`, { silent: true });
}

/** The file, saved as the template name plus .docx. GET /api/ai-muban/templates/{id}/download */
export function downloadAiMubanTemplate(id: string) {
  return requestBlob(`/api/ai-muban/templates/${encodeURIComponent(id)}/download`, { silent: true });
}
