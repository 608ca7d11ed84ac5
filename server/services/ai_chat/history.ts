import type { ChatRecord } from "../../kv/ai_chats.ts";
import type { ChatMessage } from "../llm/types.ts";

/**
 * What a follow-up question sends to the model (issue #15 §1). The rule:
 * 1. Always kept, first, as one system text: the chat instruction, the preset's prompt and the case
 *    context (the settings' system prompt is put before them by the model client).
 * 2. Always kept: the new question.
 * 3. Then earlier messages, newest first, while the total stays within HISTORY_BUDGET_CHARS; a
 *    message that no longer fits ends the walk (no holes in the middle of the history). Failed or
 *    stopped answers and empty messages are left out.
 * Characters stand in for tokens (a Chinese character is about one token on the providers we meet);
 * 12 000 leaves room for the answer within an 8 k-32 k context.
 */
export const HISTORY_BUDGET_CHARS = 12_000;

export const CHAT_INSTRUCTION =
  "你是一名严谨的中国法律文书助理。回答使用简体中文。引用法律时写明《法律全称》第几条，" +
  "不确定的条文不要引用；不要编造案件事实，缺少的信息用〔待补充：……〕标出。";

export function buildChatMessages(input: {
  presetPrompt: string | null;
  caseContext: string;
  history: ChatRecord[];
  question: string;
  budgetChars?: number;
}): ChatMessage[] {
  const budget = input.budgetChars ?? HISTORY_BUDGET_CHARS;
  const system = [CHAT_INSTRUCTION];
  if (input.presetPrompt) system.push(input.presetPrompt);
  if (input.caseContext) system.push(`案件信息：\n${input.caseContext}`);
  const systemText = system.join("\n\n");
  let used = systemText.length + input.question.length;
  const kept: ChatMessage[] = [];
  for (let i = input.history.length - 1; i >= 0; i--) {
    const r = input.history[i];
    if (r.status !== "done" || !r.content.trim()) continue;
    if (used + r.content.length > budget) break;
    used += r.content.length;
    kept.unshift({ role: r.role, content: r.content });
  }
  // A history that starts with an answer has lost its question: drop the orphan.
  while (kept.length > 0 && kept[0].role === "assistant") kept.shift();
  return [{ role: "system", content: systemText }, ...kept, { role: "user", content: input.question }];
}
