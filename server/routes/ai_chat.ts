import { Hono } from "hono";
import {
  articleQuery,
  type ArticleTextView,
  type ChatStreamEvent,
  conversationCreateBody,
  conversationPatchBody,
  exportBody,
  messageBody,
  presetSchema,
  saveTemplateBody,
} from "../../common/schemas/ai_chat.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import {
  createConversation,
  deleteConversation,
  listChatRecords,
  listConversations,
  requireChatRecord,
  requireConversation,
  updateConversation,
} from "../kv/ai_chats.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { type AnswerDeps, startAnswer } from "../services/ai_chat/answer.ts";
import { exportFileName, renderDraftDocx } from "../services/ai_chat/export_docx.ts";
import {
  addPreset,
  findPreset,
  listAllPresets,
  presetConversationTitle,
  presetView,
  removePreset,
} from "../services/ai_chat/presets.ts";
import { saveAnswerAsTemplate } from "../services/ai_chat/save_template.ts";
import { readLlmSettings } from "../services/llm/llm_client.ts";
import { conversationView, messageView } from "../services/ai_chat/views.ts";
import { attachmentHeader } from "../services/templates/word_templates.ts";
import { getArticleView } from "../services/laws/law_views.ts";
import { getLawLibrary } from "../services/laws/library_store.ts";

const encoder = new TextEncoder();

function sseFrame(e: ChatStreamEvent): Uint8Array {
  return encoder.encode(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
}

/**
 * The answer as text/event-stream. A client that goes away (request aborted or body cancelled) aborts
 * the provider call; the generator still runs to its end, so the answer is stored and a failure
 * before any text is refunded.
 */
function eventStream(
  events: AsyncGenerator<ChatStreamEvent>,
  stop: AbortController,
): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      for await (const e of events) {
        if (!open) continue;
        try {
          controller.enqueue(sseFrame(e));
        } catch {
          open = false;
        }
      }
      if (open) controller.close();
    },
    cancel() {
      open = false;
      stop.abort();
    },
  });
}

export const aiChatRoutes = new Hono<AppEnv>()
  .get("/ai-chat/presets", async (c) => {
    // aiConfigured lets the screen say 管理员尚未配置AI模型 before the first question.
    const aiConfigured = (await readLlmSettings(c.var.deps)) !== null;
    return c.json({
      success: true,
      presets: (await listAllPresets(c.var.deps.kv)).map(presetView),
      aiConfigured,
    });
  })
  .post("/ai-chat/presets", validate("json", presetSchema), async (c) => {
    const preset = await addPreset(c.var.deps.kv, c.req.valid("json"));
    return c.json({ success: true, preset: presetView(preset) }, 201);
  })
  .delete("/ai-chat/presets/:id", async (c) => {
    await removePreset(c.var.deps.kv, c.req.param("id"));
    return c.json({ success: true });
  })
  .get("/ai-chat/article", validate("query", articleQuery), async (c) => {
    const { lawId, number } = c.req.valid("query");
    const view = getArticleView(await getLawLibrary(c.var.deps), lawId, number);
    const article: ArticleTextView = {
      title: view.law.title,
      number: view.article.number,
      text: view.article.paragraphs.join("\n"),
    };
    return c.json({ success: true, article });
  })
  .get("/ai-chat/conversations", async (c) => {
    const user = currentUser(c);
    const q = (c.req.query("q") ?? "").trim();
    const all = await listConversations(c.var.deps.kv, user.id);
    const list = q ? all.filter((x) => x.title.includes(q)) : all;
    return c.json({ success: true, conversations: list.map(conversationView) });
  })
  .post("/ai-chat/conversations", validate("json", conversationCreateBody), async (c) => {
    const { deps } = c.var;
    const user = currentUser(c);
    const input = c.req.valid("json");
    const preset = input.presetId ? await findPreset(deps.kv, input.presetId) : null;
    const conv = await createConversation(deps.kv, {
      userId: user.id,
      title: input.title || (preset ? presetConversationTitle(preset, input.caseData ?? {}) : "新对话"),
      presetId: preset?.id ?? null,
      caseData: input.caseData ?? {},
    }, deps.clock.now());
    return c.json({ success: true, conversation: conversationView(conv) }, 201);
  })
  .patch("/ai-chat/conversations/:id", validate("json", conversationPatchBody), async (c) => {
    const { deps } = c.var;
    const user = currentUser(c);
    const input = c.req.valid("json");
    const conv = await updateConversation(deps.kv, user.id, c.req.param("id"), (x) => ({
      ...x,
      title: input.title ?? x.title,
      titleRenamed: x.titleRenamed || input.title !== undefined,
      caseData: input.caseData ?? x.caseData,
      updatedAt: deps.clock.now(),
    }));
    return c.json({ success: true, conversation: conversationView(conv) });
  })
  .delete("/ai-chat/conversations/:id", async (c) => {
    const user = currentUser(c);
    await deleteConversation(c.var.deps.kv, user.id, c.req.param("id"));
    return c.json({ success: true });
  })
  .get("/ai-chat/conversations/:id/messages", async (c) => {
    const { kv } = c.var.deps;
    const user = currentUser(c);
    const conv = await requireConversation(kv, user.id, c.req.param("id"));
    const messages = await listChatRecords(kv, conv.id);
    return c.json({
      success: true,
      conversation: conversationView(conv),
      messages: messages.map(messageView),
    });
  })
  .post("/ai-chat/conversations/:id/messages", validate("json", messageBody), async (c) => {
    const user = currentUser(c);
    const input = c.req.valid("json");
    const stop = new AbortController();
    c.req.raw.signal.addEventListener("abort", () => stop.abort(), { once: true });
    const events = await startAnswer(c.var.deps as AnswerDeps, {
      user: { id: user.id, username: user.username },
      conversationId: c.req.param("id"),
      content: input.content,
      regenerate: input.regenerate,
      signal: stop.signal,
    });
    return new Response(eventStream(events, stop), {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        "x-accel-buffering": "no",
      },
    });
  })
  .post("/ai-chat/messages/:id/export", validate("json", exportBody), async (c) => {
    const { deps } = c.var;
    const user = currentUser(c);
    const { format } = c.req.valid("json");
    const record = await requireChatRecord(deps.kv, user.id, c.req.param("id"));
    if (record.role !== "assistant" || !record.content.trim()) throw new AppError("AI_CHAT_EXPORT_EMPTY");
    const docx = renderDraftDocx(record.content, record.citations);
    if (format === "pdf") {
      if (!deps.pdf?.available) throw new AppError("PDF_CONVERTER_MISSING");
      const pdf = await deps.pdf.convert(docx);
      return new Response(pdf as Uint8Array<ArrayBuffer>, {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": attachmentHeader(exportFileName(record.content, "AI文书", "pdf")),
        },
      });
    }
    return new Response(docx as Uint8Array<ArrayBuffer>, {
      headers: {
        "content-type": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "content-disposition": attachmentHeader(exportFileName(record.content, "AI文书", "docx")),
      },
    });
  })
  .post("/ai-chat/messages/:id/save-template", validate("json", saveTemplateBody), async (c) => {
    const { deps } = c.var;
    const user = currentUser(c);
    const record = await requireChatRecord(deps.kv, user.id, c.req.param("id"));
    if (record.role !== "assistant" || !record.content.trim()) throw new AppError("AI_CHAT_EXPORT_EMPTY");
    const conv = await requireConversation(deps.kv, user.id, record.conversationId);
    const template = await saveAnswerAsTemplate(deps, {
      userId: user.id,
      record,
      conv,
      preset: conv.presetId ? await findPreset(deps.kv, conv.presetId) : null,
      name: c.req.valid("json").name,
    });
    return c.json({
      success: true,
      template: { id: template.id, fileName: template.fileName, variables: template.variables },
    }, 201);
  });
