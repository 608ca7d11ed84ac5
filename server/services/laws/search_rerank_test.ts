import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFolder } from "./load_folder.ts";
import { currentVersionsFirst, rerankCandidates, scoreCut, searchLaws } from "./search.ts";
import { FEATURES } from "./rerank.ts";

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
