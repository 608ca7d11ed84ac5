import type { AiSettingsBody, SensitiveWordBody } from "../../common/schemas/ai_settings.ts";
import { api } from "./client.ts";

/** The AI settings as the server shows them: the key masked ("sk-****abcd"), never whole. */
export interface AiSettings {
  model: string;
  api_key: string;
  base_url: string;
  temperature: number;
  max_tokens: number;
  system_prompt: string;
  enable_sensitive_filter: boolean;
  has_api_key: boolean;
}

export interface SensitiveWord {
  id: string;
  word: string;
  replacement: string;
}

/** AI settings (user id 1 only). GET /api/ai/settings */
export function getAiSettings() {
  return api.get<{ success: true; settings: AiSettings }>("/api/ai/settings", { silent: true });
}

/** Replace the AI settings; the masked key sent back unchanged keeps the stored key. PUT /api/ai/settings */
export function saveAiSettings(body: AiSettingsBody) {
  return api.put<{ success: true; settings: AiSettings }>("/api/ai/settings", body, { silent: true });
}

/** Ask the provider of the saved settings for a one-token answer. POST /api/ai/test-connection */
export function testAiConnection() {
  return api.post<{ success: true; message: string }>("/api/ai/test-connection", {}, { silent: true });
}

/** Sensitive words. GET /api/ai/sensitive-words */
export function listSensitiveWords() {
  return api.get<{ success: true; words: SensitiveWord[] }>("/api/ai/sensitive-words", { silent: true });
}

/** Add a word. POST /api/ai/sensitive-words */
export function createSensitiveWord(body: SensitiveWordBody) {
  return api.post<{ success: true; word: SensitiveWord }>("/api/ai/sensitive-words", body, { silent: true });
}

/** Change a word by id. PUT /api/ai/sensitive-words/{id} */
export function updateSensitiveWord(id: string, body: SensitiveWordBody) {
  return api.put<{ success: true; word: SensitiveWord }>(
    `/api/ai/sensitive-words/${encodeURIComponent(id)}`,
    body,
    {
      silent: true,
    },
  );
}

/** Delete a word. DELETE /api/ai/sensitive-words/{id} */
export function deleteSensitiveWord(id: string) {
  return api.delete<{ success: true }>(`/api/ai/sensitive-words/${encodeURIComponent(id)}`, { silent: true });
}
