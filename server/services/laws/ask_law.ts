/**
 * Grounded answers (issue #14 §5): retrieve first, then have the configured model answer only from
 * the retrieved articles; every citation in the answer is checked against the library and flagged
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
import { getLawLibrary } from "./library_store.ts";
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
 */
export function retrieveForAnswer(lib: LawLibrary, question: string): LawSearchHit[] {
  const { results } = searchLaws(lib, { q: question, pageSize: MAX_SOURCES * 2 });
  const cited = results.filter((r) => r.match === "citation");
  const text = results.filter((r) => r.match === "text");
  const top = text[0];
  const relevant = top && relevanceOf(lib, question, top).relevant
    ? text.filter((r) => r.score >= top.score * RELATIVE_FLOOR)
    : [];
  return [...cited, ...relevant].slice(0, MAX_SOURCES);
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
 * Everything that can refuse happens before the stream opens (library empty, no model, no AI use
 * left: AppErrors the route answers as JSON); the returned generator is the answer itself.
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
  const lib = await getLawLibrary(deps);
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
  yield { event: "sources", data: { articles: input.sources } };
  let text = "";
  try {
    for await (
      const piece of input.client.chatStream(buildAskMessages(input.question, input.sources), {
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
  const citations = checkAnswerCitations(lib, text, input.sources);
  yield { event: "citations", data: { citations } };
  yield { event: "done", data: { charged: true, unsupported: citations.filter((c) => !c.retrieved).length } };
}
