import type {
  ArticleTextView,
  ChatCitation,
  ChatMessageView,
  ConversationCreateBody,
  ConversationPatchBody,
  ConversationView,
  PresetView,
} from "../../common/schemas/ai_chat.ts";
import { getToken, setToken } from "../auth/session.ts";
import { api, ApiError, fileNameOf, request } from "./client.ts";

/** Drafting presets. GET /api/ai-chat/presets */
export function listPresets() {
  return api.get<{ success: true; presets: PresetView[]; aiConfigured: boolean }>("/api/ai-chat/presets");
}

/** The user's conversations, newest first; `q` searches titles. GET /api/ai-chat/conversations */
export function listConversations(q?: string) {
  return api.get<{ success: true; conversations: ConversationView[] }>("/api/ai-chat/conversations", {
    query: { q: q || undefined },
  });
}

/** A new conversation (free chat, or a preset with case data). POST /api/ai-chat/conversations */
export function createConversation(body: ConversationCreateBody) {
  return api.post<{ success: true; conversation: ConversationView }>("/api/ai-chat/conversations", body);
}

/** Rename, or change the case data. PATCH /api/ai-chat/conversations/{id} */
export function patchConversation(id: string, body: ConversationPatchBody) {
  return request<{ success: true; conversation: ConversationView }>(
    "PATCH",
    `/api/ai-chat/conversations/${encodeURIComponent(id)}`,
    { body },
  );
}

/** Deletes a conversation with its messages. DELETE /api/ai-chat/conversations/{id} */
export function deleteConversation(id: string) {
  return api.delete<{ success: true }>(`/api/ai-chat/conversations/${encodeURIComponent(id)}`);
}

/** A conversation's messages, oldest first. GET /api/ai-chat/conversations/{id}/messages */
export function listMessages(id: string) {
  return api.get<{ success: true; conversation: ConversationView; messages: ChatMessageView[] }>(
    `/api/ai-chat/conversations/${encodeURIComponent(id)}/messages`,
  );
}

export interface StreamHandlers {
  onStart?: (data: { messageId: string; userMessageId: string | null }) => void;
  onDelta: (text: string) => void;
  onDone: (data: { messageId: string; citations: ChatCitation[]; aiLimit: number }) => void;
  onError: (data: { code: string; error: string; messageId?: string; aiLimit?: number }) => void;
}

function authHeaders(): Headers {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return headers;
}

async function failure(response: Response): Promise<ApiError> {
  let data: { code?: string; error?: string } | null = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  return new ApiError({
    status: response.status,
    code: data?.code ?? "HTTP_ERROR",
    message: data?.error ?? "请求失败",
    serverMessage: data?.error ?? null,
  });
}

/**
 * Sends a question and reads the streamed answer. POST /api/ai-chat/conversations/{id}/messages
 * (text/event-stream). client.ts reads whole JSON bodies, so the stream is read here; a refusal before
 * the stream opens (quota, no model) throws ApiError with the server's text. `signal` stops the answer.
 */
export async function streamMessage(
  id: string,
  body: { content?: string; regenerate?: boolean },
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<void> {
  const headers = authHeaders();
  headers.set("Content-Type", "application/json");
  headers.set("Accept", "text/event-stream");
  const response = await fetch(`/api/ai-chat/conversations/${encodeURIComponent(id)}/messages`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
    signal,
  });
  const newToken = response.headers.get("new-token");
  if (newToken) setToken(newToken);
  if (!response.ok || !response.body) throw await failure(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const raw = /^data: (.+)$/m.exec(block)?.[1];
      if (!event || !raw) continue;
      const data = JSON.parse(raw);
      if (event === "start") handlers.onStart?.(data);
      else if (event === "delta") handlers.onDelta(data.text);
      else if (event === "done") handlers.onDone(data);
      else if (event === "error") handlers.onError(data);
    }
  }
}

/** An answer as Word or PDF. POST /api/ai-chat/messages/{id}/export */
export async function exportMessage(
  id: string,
  format: "docx" | "pdf",
): Promise<{ blob: Blob; fileName: string }> {
  const headers = authHeaders();
  headers.set("Content-Type", "application/json");
  const response = await fetch(`/api/ai-chat/messages/${encodeURIComponent(id)}/export`, {
    method: "POST",
    headers,
    body: JSON.stringify({ format }),
    signal: AbortSignal.timeout(120_000),
  });
  if (!response.ok) throw await failure(response);
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get("content-disposition")) ?? `AI文书.${format}`,
  };
}

/** Saves an answer as a personal Word template. POST /api/ai-chat/messages/{id}/save-template */
export function saveAsTemplate(id: string, name: string) {
  return api.post<{ success: true; template: { id: string; fileName: string; variables: string[] } }>(
    `/api/ai-chat/messages/${encodeURIComponent(id)}/save-template`,
    { name },
  );
}

/** The user's OCR信息提取 batches, to fill a preset's case form. GET /api/ocr/batches (ocr_extract) */
export function listExtractionBatches() {
  return api.get<
    {
      success: true;
      batches: {
        batchId: string;
        templateName: string;
        /** 原告诉被告, from the result's parties ("" when none was found). */
        caseName: string;
        status: string;
        totalFiles: number;
        createdAt: string;
      }[];
    }
  >(
    "/api/ocr/batches",
    { silent: true },
  );
}

/** A batch's values for a preset's fields, matched by meaning. GET /api/ocr/batch/{batchId}/case-data */
export function extractionCaseData(batchId: string, presetId: string) {
  return api.get<{ success: true; caseName: string; caseData: Record<string, string> }>(
    `/api/ocr/batch/${encodeURIComponent(batchId)}/case-data`,
    { query: { presetId } },
  );
}

/** An article's exact text from the law library. GET /api/ai-chat/article */
export function getArticleText(lawId: string, number: string) {
  return api.get<{ success: true; article: ArticleTextView }>("/api/ai-chat/article", {
    query: { lawId, number },
    silent: true,
  });
}
