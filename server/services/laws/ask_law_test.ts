import assert from "node:assert/strict";
import type { LawSearchHit } from "../../../common/schemas/law_search.ts";
import { AppError } from "../../errors.ts";
import type { LlmClient } from "../llm/types.ts";
import { fuseRankings, rewriteQuestion } from "./ask_law.ts";

function hit(lawId: string, articleNumber: string, match: "citation" | "text" = "text"): LawSearchHit {
  return {
    lawId,
    title: lawId,
    articleNumber,
    path: [],
    text: "",
    highlights: [],
    status: "现行有效",
    level: "法律",
    effectiveDate: null,
    score: 1,
    match,
    successor: null,
  };
}

Deno.test("fuseRankings() ranks what both rankings hold first and keeps citation hits in front", () => {
  const plain = [hit("a", "第一条", "citation"), hit("a", "第二条"), hit("b", "第一条"), hit("c", "第九条")];
  const rewritten = [hit("b", "第一条"), hit("d", "第三条"), hit("a", "第二条")];
  const fused = fuseRankings([plain, rewritten], 10).map((h) => `${h.lawId}${h.articleNumber}`);
  assert.deepEqual(fused, ["a第一条", "b第一条", "a第二条", "d第三条", "c第九条"]);
  assert.equal(fuseRankings([plain, rewritten], 2).length, 2);
});

function client(chat: () => Promise<string>): LlmClient {
  return {
    model: "test",
    chat,
    chatStream: () => {
      throw new Error("not used");
    },
    chatJson: () => {
      throw new Error("not used");
    },
  };
}

Deno.test("rewriteQuestion() falls back to null on a time-out or empty answer and stops on a bad key", async () => {
  assert.equal(
    await rewriteQuestion(client(() => Promise.resolve(" 借款\n逾期 利息 ")), "借钱不还"),
    "借款 逾期 利息",
  );
  assert.equal(await rewriteQuestion(client(() => Promise.resolve("  ")), "借钱不还"), null);
  assert.equal(
    await rewriteQuestion(client(() => Promise.reject(new AppError("AI_TIMEOUT"))), "借钱不还"),
    null,
  );
  await assert.rejects(
    rewriteQuestion(client(() => Promise.reject(new AppError("AI_AUTH_FAILED"))), "借钱不还"),
    (e: unknown) => e instanceof AppError && e.code === "AI_AUTH_FAILED",
  );
});
