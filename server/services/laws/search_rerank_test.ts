import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFolder } from "./load_folder.ts";
import { currentVersionsFirst, rerankCandidates, scoreCut, searchLaws } from "./search.ts";
import { FEATURES, rerankFeatures } from "./rerank.ts";

const FIXTURES = new URL("../../../tests/fixtures/laws/", import.meta.url).pathname;
const library = async () => await buildLibraryFromFiles(await parseLawFolder(FIXTURES), "2026-01-01");

Deno.test("scoreCut() keeps at least `keep` scores, and not many more", () => {
  const scores = Float32Array.from({ length: 5000 }, (_, i) => (i * 7919 % 5000) / 100 + 0.01);
  const cut = scoreCut(scores, { top: 50, keep: 1000 });
  const kept = scores.filter((s) => s >= cut).length;
  assert.ok(kept >= 1000 && kept < 1010, `kept ${kept}`);
  assert.equal(scoreCut(scores.subarray(0, 10), { top: 50, keep: 1000 }), 0);
});

Deno.test("currentVersionsFirst() puts the article in force above the same article of an older version", async () => {
  const lib = await library();
  const group = [...lib.groups.keys()].find((g) => lib.groups.get(g)!.length === 2)!;
  const [current, older] = lib.groups.get(group)!;
  const doc = (v: typeof current) => v.docStart + v.byKey.get("122-0")!;
  const list = [{ doc: 5, score: 9 }, { doc: doc(older), score: 8 }, { doc: doc(current), score: 7 }];
  currentVersionsFirst(lib, list);
  assert.deepEqual(list.map((c) => c.doc), [5, doc(current), doc(older)]);
  assert.deepEqual(list.map((c) => c.score), [9, 8, 7]);
});

Deno.test("searchLaws() with the shipped re-ranker: 借钱不还 利息怎么算 finds 民间借贷规定第二十五条 in the first ten", async () => {
  const lib = await library();
  const top = searchLaws(lib, { q: "借钱不还 利息怎么算", pageSize: 10 }).results;
  assert.equal(top[0].title, "最高人民法院关于审理民间借贷案件适用法律若干问题的规定");
  assert.ok(top.some((r) => r.title.includes("民间借贷") && r.articleNumber === "第二十五条"));
  const pool = rerankCandidates(lib, { q: "借钱不还 利息怎么算" });
  assert.ok(pool && pool.docs.length > 10 && pool.features.every((x) => x.length === FEATURES.length));
  assert.equal(
    rerankCandidates(lib, { q: "借钱不还 利息怎么算", memory: null }),
    null,
    "no memory, no re-ranking",
  );
});

Deno.test("rerankFeatures(): the question's shape is the same for every candidate and tells keywords from a question", async () => {
  const lib = await library();
  const shape = (q: string) => {
    const pool = rerankCandidates(lib, { q })!;
    const names = FEATURES.filter((f) => f.startsWith("q_"));
    const rows = pool.features.map((x) => names.map((f) => x[FEATURES.indexOf(f)]));
    for (const r of rows) assert.deepEqual(r, rows[0], "a question feature differs between candidates");
    return Object.fromEntries(names.map((f, i) => [f, rows[0][i]]));
  };
  const keywords = shape("借钱不还 利息");
  const asked = shape("我借给朋友的钱他一直不还，利息应该怎么算？");
  assert.equal(keywords.q_spaced, 1);
  assert.equal(asked.q_spaced, 0);
  assert.equal(keywords.q_asks, 0);
  assert.equal(asked.q_asks, 1);
  assert.equal(asked.q_first_person, 1);
  assert.ok(asked.q_clauses > keywords.q_clauses && asked.q_length > keywords.q_length);
});

Deno.test("rerankFeatures(): neighbour articles, chapter and law aggregates come from the pool", async () => {
  const lib = await library();
  const group = [...lib.groups.keys()].find((g) => g.includes("民间借贷"))!;
  const v = lib.groups.get(group)!.at(0)!;
  const other = lib.groups.get([...lib.groups.keys()].find((g) => g !== group)!)!.at(0)!;
  const a = v.docStart + 5;
  // First pass: another law's article first, then articles 6, 5 (its neighbour before) and 8 of one law.
  const pool = [
    { doc: other.docStart, score: 10 },
    { doc: a + 1, score: 8 },
    { doc: a, score: 6 },
    { doc: a + 3, score: 4 },
  ];
  const x = rerankFeatures(lib, {
    pool,
    textScore: new Map(),
    textRank: new Map(),
    memory: new Map([[a, { sum: 0.5, max: 0.5, n: 1 }]]),
    memoryLaw: new Map(),
    neighbours: 1,
    asked: new Map(),
    askedReal: new Map(),
    own: new Set(["借款"]),
    expansions: new Map(),
    mentioned: new Set(),
    topical: new Set(),
    lawPrior: null,
    articlePrior: null,
    question: "借款",
  });
  const f = (k: number, name: (typeof FEATURES)[number]) => x[k][FEATURES.indexOf(name)];
  assert.equal(f(2, "next_score"), 0.8, "article a's next article scored 8 of the best 10");
  assert.equal(f(1, "prev_score"), 0.6);
  assert.equal(f(3, "prev_score"), 0, "the article before a + 3 is not in the pool");
  assert.equal(f(0, "law_rank"), 1);
  assert.equal(f(2, "law_rank"), 1 / 2);
  assert.equal(f(2, "law_count"), 3 / 20);
  assert.equal(f(1, "rank_in_law"), 1);
  assert.equal(f(3, "rank_in_law"), 1 / 3);
  assert.ok(Math.abs(f(2, "law_sum") - Math.log1p(1.8)) < 1e-12);
  assert.equal(f(2, "q_memory_best"), 0.5);
  assert.equal(f(0, "q_first_gap"), 0.8);
});
