import type { ChatMessageView, ConversationView } from "../../../common/schemas/ai_chat.ts";
import type { ChatRecord, Conversation } from "../../kv/ai_chats.ts";

/** A conversation as the screen sees it (no owner id). */
export function conversationView(c: Conversation): ConversationView {
  return {
    id: c.id,
    title: c.title,
    presetId: c.presetId,
    caseData: c.caseData,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** A message as the screen sees it. */
export function messageView(r: ChatRecord): ChatMessageView {
  const view: ChatMessageView = {
    id: r.id,
    role: r.role,
    content: r.content,
    status: r.status,
    citations: r.citations,
    createdAt: r.createdAt,
  };
  if (r.error) view.error = r.error;
  return view;
}
