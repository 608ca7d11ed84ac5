/**
 * Grounded answers (issue #14 §5): retrieve first, then have the configured model answer only from
 * the retrieved articles. The model first rewrites the question into legal terms (issue #24), the
 * rewritten question is searched too, and both rankings are fused (reciprocal rank fusion); the
 * decision that nothing relevant is in the library rests on the search alone, before any model call; every citation in the answer is checked against the library and flagged
 * when it was not among the retrieved articles. Nothing relevant retrieved: the answer says so and
 * no model is called (and no AI use charged). One AI use per answer, charged before the model is
 * called and refunded when the answer fails.
 */
import type { CheckedCitationView, LawSearchHit } from "../../../common/schemas/law_search.ts";
import type { AppDeps, CurrentUser } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { newId } from "../../kv/ids.ts";
import { chargeAiUses, recordAiUse, refundAiUse } from "../ai_metering/ai_metering.ts";
import type { ChatMessage, LlmClient } from "../llm/types.ts";
import { checkCitationsIn } from "./check_citations.ts";
import type { LawLibrary } from "./library.ts";
import { getLawImportStatus } from "./first_start_laws.ts";
import { peekLawLibrary } from "./library_store.ts";
import type { QuestionMemory } from "./question_memory.ts";
import { relevanceOf } from "./relevance.ts";
import { searchLaws } from "./search.ts";

export type AskEvent =
  | { event: "sources"; data: { articles: LawSearchHit[] } }
  | { event: "delta"; data: { text: string } }
  | { event: "citations"; data: { citations: CheckedCitationView[] } }
  | { event: "done"; data: { charged: boolean; unsupported: number } }
  | { event: "error"; data: { code: string; error: string } };

export const NOTHING_FOUND_ANSWER =
  "法规库中没有找到与这个问题相关的条文，无法依据法规库作答。请换一种说法，或用检索框查找具体法规。";

const MAX_SOURCES = 8;
/** A hit counts as relevant when its score is at least this share of the best one. */
const RELATIVE_FLOOR = 0.45;

/**
 * The articles an answer may use: citation hits, then text hits close to the best one, provided the
 * best one has enough to do with the question (relevance.ts; otherwise nothing, and no model call).
 * `memory`: the answered questions (the shipped ones unless an evaluation leaves the scored one out).
 */
export function retrieveForAnswer(
  lib: LawLibrary,
  question: string,
  opts: { memory?: QuestionMemory } = {},
): LawSearchHit[] {
  // Relevance is judged on the search without the remembered questions (they lend every question some
  // articles), with their vocabulary as one signal; the sources come from the full search.
  const plain = searchLaws(lib, { q: question, pageSize: MAX_SOURCES * 2, memory: null });
  const plainText = plain.results.filter((r) => r.match === "text");
  if (plainText.length === 0 || !relevanceOf(lib, question, plainText, opts.memory).relevant) {
    return plain.results.filter((r) => r.match === "citation").slice(0, MAX_SOURCES);
  }
  const { results } = searchLaws(lib, { q: question, pageSize: MAX_SOURCES * 2, memory: opts.memory });
  const cited = results.filter((r) => r.match === "citation");
  const text = results.filter((r) => r.match === "text");
  const top = text[0];
  const relevant = top ? text.filter((r) => r.score >= top.score * RELATIVE_FLOOR) : [];
  return [...cited, ...relevant].slice(0, MAX_SOURCES);
}

const REWRITE_TIMEOUT_MS = 20_000;
const REWRITE_MAX_CHARS = 120;
/** Errors of the rewrite step that end the answer (the answer call would meet them too); others fall back. */
const FATAL_REWRITE_ERRORS = new Set([
  "AI_AUTH_FAILED",
  "AI_PERMISSION_DENIED",
  "AI_MODEL_NOT_FOUND",
  "AI_BALANCE",
  "AI_CANCELLED",
]);

export function buildRewriteMessages(question: string): ChatMessage[] {
  return [
    {
      role: "system",
      content: "你是法律检索助手。把用户用日常语言提出的法律问题改写成法条中会出现的法律术语检索词" +
        "（例如“借钱不还”改写为“借款 逾期 偿还 利息”），只输出检索词，用空格分隔，不超过30个字，不要解释，不要编造法条序号。",
    },
    { role: "user", content: question },
  ];
}

/**
 * The question in legal terms, by the model; null when the model gives nothing usable or fails in a
 * way that should not stop the answer (time-out, bad answer): the plain search then stands alone.
 */
export async function rewriteQuestion(
  client: LlmClient,
  question: string,
  signal?: AbortSignal,
): Promise<string | null> {
  try {
    const text = await client.chat(buildRewriteMessages(question), {
      timeoutMs: REWRITE_TIMEOUT_MS,
      temperature: 0,
      maxTokens: 100,
      signal,
    });
    const terms = text.replace(/[\r\n]+/g, " ").trim().slice(0, REWRITE_MAX_CHARS);
    return terms || null;
  } catch (err) {
    if (err instanceof AppError && FATAL_REWRITE_ERRORS.has(err.code)) throw err;
    console.warn("[law ask] question rewrite skipped:", err instanceof Error ? err.message : err);
    return null;
  }
}

const RRF_K = 60;

/**
 * Reciprocal rank fusion (Cormack et al. 2009): each article scores the sum of 1 / (RRF_K + rank) over
 * the rankings it appears in; citation hits of the first ranking stay first.
 */
export function fuseRankings(rankings: LawSearchHit[][], limit: number): LawSearchHit[] {
  const key = (h: LawSearchHit) => `${h.lawId}|${h.articleNumber}`;
  const cited = (rankings[0] ?? []).filter((h) => h.match === "citation");
  const fused = new Map<string, { hit: LawSearchHit; score: number }>();
  for (const ranking of rankings) {
    ranking.filter((h) => h.match !== "citation").forEach((h, i) => {
      const k = key(h);
      const entry = fused.get(k) ?? { hit: h, score: 0 };
      entry.score += 1 / (RRF_K + i + 1);
      fused.set(k, entry);
    });
  }
  const citedKeys = new Set(cited.map(key));
  const rest = [...fused.values()].filter((e) => !citedKeys.has(key(e.hit))).sort((a, b) =>
    b.score - a.score
  );
  return [...cited, ...rest.map((e) => e.hit)].slice(0, limit);
}

/** The plain sources fused with the search for the model's rewriting of the question. */
export function fuseWithRewrite(lib: LawLibrary, sources: LawSearchHit[], rewritten: string): LawSearchHit[] {
  const { results } = searchLaws(lib, { q: rewritten, pageSize: MAX_SOURCES });
  return fuseRankings([sources, results], MAX_SOURCES);
}

export function buildAskMessages(question: string, sources: LawSearchHit[]): ChatMessage[] {
  const articles = sources.map((s, i) =>
    `[${i + 1}]《${s.title}》${s.articleNumber}（${s.status}${
      s.successor ? `，现行规定见《${s.successor}》` : ""
    }）：${s.text}`
  ).join("\n\n");
  return [
    {
      role: "system",
      content:
        "你是法律检索助手，面向调解员和律师。只能依据用户消息中“检索到的法条”作答，不得使用其他法条或凭记忆引用。" +
        "回答要简短（300字以内），先给结论，再说明理由；每个结论后用《法规全称》第X条的形式注明所依据的条文，条文序号照抄检索结果。" +
        "已废止或已被修改的条文只能作为历史参考并说明其状态。如果检索到的法条不足以回答，直接说明“法规库中没有找到足以回答该问题的条文”，不要编造。",
    },
    { role: "user", content: `问题：${question}\n\n检索到的法条：\n${articles}` },
  ];
}

/** Checks the answer's citations and marks those outside the retrieved set. */
export function checkAnswerCitations(
  lib: LawLibrary,
  answer: string,
  sources: LawSearchHit[],
): CheckedCitationView[] {
  const retrieved = new Set(sources.map((s) => `${s.title}|${s.articleNumber}`));
  return checkCitationsIn(lib, answer).map((c) => ({
    ...c,
    retrieved: retrieved.has(`${c.title}|${c.articleNumber}`) ||
      (c.current?.articleNumber ? retrieved.has(`${c.current.title}|${c.current.articleNumber}`) : false),
  }));
}

export interface AskDeps extends Pick<AppDeps, "kv" | "blobs" | "clock" | "config"> {}

/**
 * Everything that can refuse happens before the stream opens (library still loading after a start or
 * empty, no model, no AI use left: AppErrors the route answers as JSON); the returned generator is the
 * answer itself.
 */
export async function startLawAnswer(
  deps: AskDeps,
  input: {
    user: Pick<CurrentUser, "id" | "username">;
    question: string;
    client: LlmClient | null;
    signal?: AbortSignal;
  },
): Promise<AsyncGenerator<AskEvent>> {
  const lib = peekLawLibrary(deps);
  if (!lib || lib.versions.length === 0 && getLawImportStatus(deps.kv)) {
    throw new AppError("LAW_LIBRARY_LOADING");
  }
  if (lib.versions.length === 0) throw new AppError("LAW_LIBRARY_EMPTY");
  const sources = retrieveForAnswer(lib, input.question);
  if (sources.length === 0) return nothingFound();
  const client = input.client;
  if (!client) throw new AppError("AI_NOT_CONFIGURED");
  await chargeAiUses(deps.kv, { userId: input.user.id, amount: 1 });
  return answer(deps, lib, { ...input, client, sources });
}

async function* nothingFound(): AsyncGenerator<AskEvent> {
  yield { event: "sources", data: { articles: [] } };
  yield { event: "delta", data: { text: NOTHING_FOUND_ANSWER } };
  yield { event: "citations", data: { citations: [] } };
  yield { event: "done", data: { charged: false, unsupported: 0 } };
}

async function* answer(
  deps: AskDeps,
  lib: LawLibrary,
  input: {
    user: Pick<CurrentUser, "id" | "username">;
    question: string;
    client: LlmClient;
    sources: LawSearchHit[];
    signal?: AbortSignal;
  },
): AsyncGenerator<AskEvent> {
  const answerId = newId(deps.clock.now());
  const description = `AI法律检索：${input.question.slice(0, 50)}`;
  let text = "";
  let sources = input.sources;
  try {
    const rewritten = await rewriteQuestion(input.client, input.question, input.signal);
    if (rewritten) sources = fuseWithRewrite(lib, sources, rewritten);
    yield { event: "sources", data: { articles: sources } };
    for await (
      const piece of input.client.chatStream(buildAskMessages(input.question, sources), {
        signal: input.signal,
      })
    ) {
      text += piece;
      yield { event: "delta", data: { text: piece } };
    }
    if (text.trim() === "") throw new AppError("AI_BAD_RESPONSE");
  } catch (err) {
    await refundAiUse(deps.kv, {
      refundId: `law_ask:${answerId}`,
      userId: input.user.id,
      usage: { username: input.user.username, type: "ai_law_search", description },
      at: deps.clock.now(),
    });
    const appErr = err instanceof AppError ? err : new AppError("AI_UNAVAILABLE");
    if (!(err instanceof AppError)) console.error("[law ask] model call failed:", err);
    yield { event: "error", data: { code: appErr.code, error: appErr.message } };
    return;
  }
  await recordAiUse(deps.kv, {
    userId: input.user.id,
    username: input.user.username,
    type: "ai_law_search",
    description,
    at: deps.clock.now(),
  });
  const citations = checkAnswerCitations(lib, text, sources);
  yield { event: "citations", data: { citations } };
  yield { event: "done", data: { charged: true, unsupported: citations.filter((c) => !c.retrieved).length } };
}
