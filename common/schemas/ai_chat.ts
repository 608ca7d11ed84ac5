import { z } from "zod";

/** AI chat for drafting (issue #15): the contract shared by /ai-chat and the server. */

export const AI_CHAT_TITLE_MAX = 100;
/** A question's length (characters). */
export const AI_CHAT_CONTENT_MAX = 8000;
/** A case value's length (characters). */
export const AI_CHAT_CASE_VALUE_MAX = 2000;
/** All case values together (characters). */
export const AI_CHAT_CASE_TOTAL_MAX = 8000;

const caseData = z.record(
  z.string().trim().min(1).max(50, "字段名称不能超过50个字符"),
  z.string().max(AI_CHAT_CASE_VALUE_MAX, `字段内容不能超过${AI_CHAT_CASE_VALUE_MAX}个字符`),
).refine((r) => Object.keys(r).length <= 100, "案件字段不能超过100个")
  // The conversation keeps the case in one KV value (under 64 KiB).
  .refine(
    (r) => Object.entries(r).reduce((n, [k, v]) => n + k.length + v.length, 0) <= AI_CHAT_CASE_TOTAL_MAX,
    `案件信息总长度不能超过${AI_CHAT_CASE_TOTAL_MAX}个字符`,
  );

/** POST /api/ai-chat/conversations */
export const conversationCreateBody = z.object({
  title: z.string().trim().max(AI_CHAT_TITLE_MAX, `标题不能超过${AI_CHAT_TITLE_MAX}个字符`).optional(),
  presetId: z.string().trim().max(100).nullable().optional(),
  caseData: caseData.optional(),
});
export type ConversationCreateBody = z.input<typeof conversationCreateBody>;

/** PATCH /api/ai-chat/conversations/{id}: rename, or change the case data. */
export const conversationPatchBody = z.object({
  title: z.string().trim().min(1, "请输入标题").max(
    AI_CHAT_TITLE_MAX,
    `标题不能超过${AI_CHAT_TITLE_MAX}个字符`,
  )
    .optional(),
  caseData: caseData.optional(),
});
export type ConversationPatchBody = z.input<typeof conversationPatchBody>;

/** POST /api/ai-chat/conversations/{id}/messages: a question, or `regenerate` the last answer. */
export const messageBody = z.object({
  content: z.string().trim().max(AI_CHAT_CONTENT_MAX, `内容不能超过${AI_CHAT_CONTENT_MAX}个字符`).optional()
    .default(""),
  regenerate: z.boolean().optional().default(false),
}).refine((b) => b.regenerate || b.content !== "", { message: "请输入内容", path: ["content"] });
export type MessageBody = z.input<typeof messageBody>;

/** POST /api/ai-chat/messages/{id}/export */
export const exportBody = z.object({
  format: z.enum(["docx", "pdf"], { error: "导出格式只能是docx或pdf" }).optional().default("docx"),
});

/** POST /api/ai-chat/messages/{id}/save-template */
export const saveTemplateBody = z.object({
  name: z.string({ error: "请输入模板名称" }).trim().min(1, "请输入模板名称").max(
    100,
    "模板名称不能超过100个字符",
  )
    .refine((v) => !/[\\/:*?"<>|]/.test(v), '模板名称不能包含 \\ / : * ? " < > | 等字符'),
});

export type CitationStatus = "valid" | "amended" | "repealed" | "nonexistent" | "unknown_law" | "unchecked";

/** Badge texts per status (issue #15 §4). */
export const CITATION_BADGES: Record<CitationStatus, string> = {
  valid: "✓ 现行",
  amended: "⚠ 已修改",
  repealed: "✗ 已废止",
  nonexistent: "✗ 不存在",
  unknown_law: "? 未收录",
  unchecked: "? 未核验",
};

export interface ChatCitation {
  /** The citation as written in the answer, e.g. 《中华人民共和国民法典》第六百七十五条. */
  raw: string;
  title: string;
  articleNumber: string;
  status: CitationStatus;
  note: string;
  /** The law version in the library (for the article's exact text), when the check found it. */
  lawId?: string | null;
}

/** GET /api/ai-chat/article: an article's exact text from the law library (「插入法条」). */
export const articleQuery = z.object({
  lawId: z.string({ error: "请指定法规" }).trim().min(1, "请指定法规").max(200),
  number: z.string({ error: "请指定条号" }).trim().min(1, "请指定条号").max(50),
});

export interface ArticleTextView {
  title: string;
  number: string;
  text: string;
}

export interface ConversationView {
  id: string;
  title: string;
  presetId: string | null;
  caseData: Record<string, string>;
  createdAt: number;
  updatedAt: number;
}

export interface ChatMessageView {
  id: string;
  role: "user" | "assistant";
  content: string;
  status: "done" | "failed" | "stopped";
  error?: string;
  citations: ChatCitation[];
  createdAt: number;
}

export interface PresetFieldView {
  key: string;
  label: string;
  hint?: string;
}

export interface PresetView {
  id: string;
  title: string;
  category: string;
  fields: PresetFieldView[];
  /** Titles of the blocks the model writes (the rest are filled from the case data). */
  modelBlocks: string[];
}

/** Server-sent events of one answer. */
export type ChatStreamEvent =
  | { event: "start"; data: { messageId: string; userMessageId: string | null } }
  | { event: "delta"; data: { text: string } }
  | { event: "done"; data: { messageId: string; citations: ChatCitation[]; aiLimit: number } }
  | { event: "error"; data: { code: string; error: string; messageId: string; aiLimit: number } };

const presetText = (max: number) => z.string().trim().min(1).max(max);

/** A preset's shape (presets.json, and POST /api/ai-chat/presets). */
export const presetSchema = z.object({
  id: z.string().regex(/^[a-z0-9_]{2,60}$/, "模板ID只能由2-60个小写字母、数字和下划线组成"),
  title: presetText(100),
  category: presetText(50),
  docTitle: presetText(100),
  docSubtitle: z.string().trim().max(100).optional(),
  fields: z.array(
    z.object({ key: presetText(50), label: presetText(50), hint: z.string().max(100).optional() }),
  ).max(
    100,
  ),
  blocks: z.array(
    z.discriminatedUnion("kind", [
      z.object({
        title: presetText(50),
        kind: z.literal("fixed"),
        lines: z.array(z.string().max(2000)).max(100),
      }),
      z.object({ title: presetText(50), kind: z.literal("model"), prompt: presetText(4000) }),
    ]),
  ).min(1, "请至少添加一个段落").max(50),
  prompt: presetText(4000),
}).refine((p) => new TextEncoder().encode(JSON.stringify(p)).length <= 60_000, "文书模板内容过大");
export type Preset = z.infer<typeof presetSchema>;
export type PresetBlock = Preset["blocks"][number];
