import assert from "node:assert/strict";
import { POOL_DEPTH, scoreRanking } from "./eval_law_search.ts";

Deno.test("scoreRanking() counts golds in the first POOL_DEPTH as the pool figures", () => {
  const filler = Array.from({ length: POOL_DEPTH + 10 }, (_, i) => `x${i}`);
  const ranked = [...filler.slice(0, 20), "a", ...filler.slice(20, POOL_DEPTH), "b"];
  const s = scoreRanking(["a", "b", "c"], ranked);
  assert.equal(s.r10, 0);
  assert.equal(s.mrr, 0);
  assert.equal(s.pool, 1, "a gold at rank 21 is in the pool");
  assert.equal(s.poolRecall, 1 / 3, "b falls past the pool's depth, c is nowhere");
  assert.equal(scoreRanking(["z"], ranked).pool, 0);
});
