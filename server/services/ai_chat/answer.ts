import type { ChatCitation, ChatStreamEvent } from "../../../common/schemas/ai_chat.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import {
  addChatRecord,
  type ChatRecord,
  type Conversation,
  listChatRecords,
  requireConversation,
  updateConversation,
} from "../../kv/ai_chats.ts";
import { newId } from "../../kv/ids.ts";
import { addAiUseSuccess, chargeAiUses, getAiUsesLeft, refundAiUse } from "../ai_metering/ai_metering.ts";
import { getLlmClient } from "../llm/llm_client.ts";
import type { LlmClient } from "../llm/types.ts";
import { checkAnswerCitations, type CitationDeps } from "./citations.ts";
import { buildChatMessages } from "./history.ts";
import { caseContext, draftPieces, findPreset, narrativeGap, type Preset } from "./presets.ts";

/**
 * One answer of AI chat (issue #15 §2), in two steps so every refusal is a plain JSON error:
 * `startAnswer()` checks and charges (conversation, model configured, one AI use deducted in the
 * commit that stores the question), then the returned generator streams the answer's events and
 * stores it. A provider failure before any model text refunds the use once (refund id = the answer's
 * id); after some text the partial answer is kept and the use stays spent. The caller's signal (the
 * client went away, or pressed stop) stops the provider call.
 *
 * The first answer of a preset conversation is the draft: code writes the fixed blocks from the case
 * data, the model only the narrative blocks; without a model those stay marked gaps and nothing is
 * charged. Every later question is a chat turn with the history (history.ts) and needs a model.
 */
export interface AnswerInput {
  user: { id: number; username: string };
  conversationId: string;
  content: string;
  regenerate: boolean;
  signal: AbortSignal;
}

export type AnswerDeps = Pick<AppDeps, "kv" | "config" | "clock" | "blobs"> & CitationDeps;

/** The number of characters of a question that name a new conversation. */
const TITLE_FROM_QUESTION = 30;

interface Plan {
  conv: Conversation;
  preset: Preset | null;
  draft: boolean;
  question: string;
  history: ChatRecord[];
  llm: LlmClient | null;
  answerId: string;
  answerAt: number;
  userRecordId: string | null;
  aiLimit: number;
}

/** Checks, charges and stores the question; the generator streams the answer. */
export async function startAnswer(
  deps: AnswerDeps,
  input: AnswerInput,
): Promise<AsyncGenerator<ChatStreamEvent>> {
  const { kv } = deps;
  const conv = await requireConversation(kv, input.user.id, input.conversationId);
  const records = await listChatRecords(kv, conv.id);
  let history = records;
  let question = input.content;
  let dropped: ChatRecord[] = [];
  if (input.regenerate) {
    const lastUser = records.findLastIndex((r) => r.role === "user");
    if (lastUser < 0) throw new AppError("AI_CHAT_NOTHING_TO_REGENERATE");
    question = records[lastUser].content;
    dropped = records.slice(lastUser + 1);
    history = records.slice(0, lastUser);
  }
  const preset = conv.presetId ? await findPreset(kv, conv.presetId) : null;
  const draft = preset !== null && !history.some((r) => r.role === "assistant" && r.status === "done");
  const llm = await getLlmClient(deps, { user: input.user.id });
  if (!llm && !draft) throw new AppError("AI_NOT_CONFIGURED");

  const lastAt = records.length ? Math.max(...records.map((r) => r.createdAt)) : 0;
  const userAt = Math.max(deps.clock.now(), lastAt + 1);
  const userRecord: ChatRecord | null = input.regenerate ? null : {
    id: newId(userAt),
    conversationId: conv.id,
    role: "user",
    content: question,
    status: "done",
    citations: [],
    createdAt: userAt,
  };
  const writes = (op: Deno.AtomicOperation) => {
    if (userRecord) addChatRecord(op, input.user.id, userRecord);
    for (const r of dropped) {
      op.delete(["ai_chat_messages", r.conversationId, r.id]).delete(["ai_chat_message_owner", r.id]);
    }
  };
  let aiLimit: number;
  if (llm) {
    aiLimit = await chargeAiUses(kv, { userId: input.user.id, amount: 1, extend: (op) => writes(op) });
  } else {
    const op = kv.atomic();
    writes(op);
    if (!(await op.commit()).ok) throw new AppError("QUOTA_BUSY");
    aiLimit = await getAiUsesLeft(kv, input.user.id);
  }
  const answerAt = userAt + 1;
  const answerId = newId(answerAt);
  let updated: Conversation;
  try {
    updated = await updateConversation(kv, input.user.id, conv.id, (c) => ({
      ...c,
      title: !c.titleRenamed && records.length === 0 && !preset
        ? question.slice(0, TITLE_FROM_QUESTION)
        : c.title,
      updatedAt: userAt,
    }));
  } catch (err) {
    // Deleted meanwhile: nothing will be answered, so the use goes back.
    if (llm) {
      await refundAiUse(kv, {
        refundId: answerId,
        userId: input.user.id,
        usage: {
          username: input.user.username,
          type: "ai_document",
          description: "AI文书生成失败：对话已删除",
        },
        at: deps.clock.now(),
      });
    }
    throw err;
  }
  return streamAnswer(deps, input, {
    conv: updated,
    preset,
    draft,
    question,
    history,
    llm,
    answerId,
    answerAt,
    userRecordId: userRecord?.id ?? null,
    aiLimit,
  });
}

async function* streamAnswer(
  deps: AnswerDeps,
  input: AnswerInput,
  plan: Plan,
): AsyncGenerator<ChatStreamEvent> {
  const { kv } = deps;
  const { llm, preset } = plan;
  yield { event: "start", data: { messageId: plan.answerId, userMessageId: plan.userRecordId } };
  let text = "";
  let modelChars = 0;
  try {
    if (plan.draft && preset) {
      for (const piece of draftPieces(preset, plan.conv.caseData, new Date(deps.clock.now()))) {
        if (piece.kind === "text") {
          text += piece.text;
          if (piece.text) yield { event: "delta", data: { text: piece.text } };
          continue;
        }
        if (!llm) {
          const gap = narrativeGap(piece.title);
          text += gap;
          yield { event: "delta", data: { text: gap } };
          continue;
        }
        const messages = [
          {
            role: "system" as const,
            content: `${preset.prompt}\n现在只写“${piece.title}”部分的正文，不要写标题，不要重复其他部分。`,
          },
          {
            role: "user" as const,
            content: `案件信息：\n${caseContext(preset, plan.conv.caseData) || "（无）"}\n\n${piece.prompt}` +
              (plan.question ? `\n\n用户的要求：${plan.question}` : ""),
          },
        ];
        for await (const delta of llm.chatStream(messages, { signal: input.signal })) {
          text += delta;
          modelChars += delta.length;
          yield { event: "delta", data: { text: delta } };
        }
      }
    } else if (llm) {
      const messages = buildChatMessages({
        presetPrompt: preset?.prompt ?? null,
        caseContext: caseContext(preset, plan.conv.caseData),
        history: plan.history,
        question: plan.question,
      });
      for await (const delta of llm.chatStream(messages, { signal: input.signal })) {
        text += delta;
        modelChars += delta.length;
        yield { event: "delta", data: { text: delta } };
      }
    }
    const citations = await checkAnswerCitations(deps, text);
    await storeAnswer(deps, input, plan, { content: text, status: "done", citations }, llm !== null);
    const aiLimit = llm ? await getAiUsesLeft(kv, input.user.id) : plan.aiLimit;
    yield { event: "done", data: { messageId: plan.answerId, citations, aiLimit } };
  } catch (err) {
    const appErr = err instanceof AppError ? err : new AppError("INTERNAL");
    if (!(err instanceof AppError)) console.error("ai chat answer failed:", err);
    const stopped = input.signal.aborted || appErr.code === "AI_CANCELLED";
    if (llm && modelChars === 0) {
      await refundAiUse(kv, {
        refundId: plan.answerId,
        userId: input.user.id,
        usage: {
          username: input.user.username,
          type: "ai_document",
          description: `AI文书生成失败：${appErr.message}`,
        },
        at: deps.clock.now(),
      });
    }
    await storeAnswer(deps, input, plan, {
      content: text,
      status: stopped ? "stopped" : "failed",
      error: appErr.message,
      citations: [],
    }, false);
    const aiLimit = await getAiUsesLeft(kv, input.user.id);
    yield {
      event: "error",
      data: { code: appErr.code, error: appErr.message, messageId: plan.answerId, aiLimit },
    };
  }
}

/** Stores the answer (and, for a charged success, its usage record) in one commit. */
async function storeAnswer(
  deps: AnswerDeps,
  input: AnswerInput,
  plan: Plan,
  answer: { content: string; status: ChatRecord["status"]; error?: string; citations: ChatCitation[] },
  charged: boolean,
): Promise<void> {
  const record: ChatRecord = {
    id: plan.answerId,
    conversationId: plan.conv.id,
    role: "assistant",
    createdAt: plan.answerAt,
    ...answer,
  };
  const op = kv(deps).atomic();
  addChatRecord(op, input.user.id, record);
  if (charged) {
    addAiUseSuccess(op, {
      userId: input.user.id,
      username: input.user.username,
      type: "ai_document",
      description: `AI文书生成：${plan.conv.title}`,
      at: deps.clock.now(),
    });
  }
  if (!(await op.commit()).ok) throw new AppError("QUOTA_BUSY");
}

function kv(deps: AnswerDeps): Deno.Kv {
  return deps.kv;
}
