import type {
  ArticleTextView,
  ChatCitation,
  ChatMessageView,
  ConversationCreateBody,
  ConversationPatchBody,
  ConversationView,
  PresetView,
} from "../../common/schemas/ai_chat.ts";
import { api, request, requestBlob, requestStream } from "./client.ts";

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

/**
 * Sends a question and reads the streamed answer. POST /api/ai-chat/conversations/{id}/messages
 * (text/event-stream). A refusal before the stream opens (quota, no model) throws ApiError with the
 * server's text; the page shows it. `signal` stops the answer.
 */
export function streamMessage(
  id: string,
  body: { content?: string; regenerate?: boolean },
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<void> {
  return requestStream(`/api/ai-chat/conversations/${encodeURIComponent(id)}/messages`, {
    body,
    signal,
    silent: true,
    onEvent: ({ event, data }) => {
      const parsed = JSON.parse(data);
      if (event === "start") handlers.onStart?.(parsed);
      else if (event === "delta") handlers.onDelta(parsed.text);
      else if (event === "done") handlers.onDone(parsed);
      else if (event === "error") handlers.onError(parsed);
    },
  });
}

/** An answer as Word or PDF. POST /api/ai-chat/messages/{id}/export */
export async function exportMessage(
  id: string,
  format: "docx" | "pdf",
): Promise<{ blob: Blob; fileName: string }> {
  const file = await requestBlob(`/api/ai-chat/messages/${encodeURIComponent(id)}/export`, {
    json: { format },
    timeoutMs: 120_000,
    silent: true,
  });
  return { blob: file.blob, fileName: file.fileName ?? `AI文书.${format}` };
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
