import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "../server/services/laws/build_library.ts";
import { parseLawFile } from "../server/services/laws/parse_markdown.ts";
import { FEATURES } from "../server/services/laws/rerank.ts";
import { extraPools, extraTraining, parseRecipe, type Pool } from "./build_law_reranker.ts";
import { chosenSets, nearCopy, type Question, TRAINING_SETS } from "./law_eval_data.ts";
// @ts-types="./score_types.d.ts"
import { key as scoreKey } from "../../shared/data/laws/score.mjs";

const TITLE = "最高人民法院关于审理民间借贷案件适用法律若干问题的规定";
const RULES = `# ${TITLE}

<!-- INFO END -->

第一条 借款人应当按照约定的期限返还借款。

第二条 借款人未按照约定的期限返还借款的，应当按照约定或者国家有关规定支付逾期利息。

第三条 离婚时，夫妻的共同财产由双方协议处理。

第四条 离婚时，夫妻共同债务应当共同偿还。

第五条 出租人应当按照约定将租赁物交付承租人。
`;

const NUMBERS = ["第一条", "第二条", "第三条", "第四条", "第五条"];

function question(set: string | undefined, i: number, text: string, n: number): Question {
  return {
    id: String(i),
    set,
    question: text,
    answers: [`${TITLE}|${NUMBERS[n]}`],
    gold: [scoreKey(TITLE, NUMBERS[n])],
  };
}

/** Registers training-only sets for one test (TRAINING_SETS is the one list every script reads). */
function withSets(sets: typeof TRAINING_SETS, fn: () => void | Promise<void>) {
  return async () => {
    Object.assign(TRAINING_SETS, sets);
    try {
      await fn();
    } finally {
      for (const n of Object.keys(sets)) delete TRAINING_SETS[n];
    }
  };
}

const EXTRA = {
  "test-real": {
    path: "/dev/null",
    kind: "real" as const,
    weight: 1,
    scored: false,
    memory: true,
    table: false,
  },
  "test-written": {
    path: "/dev/null",
    kind: "written" as const,
    weight: 5,
    scored: false,
    memory: false,
    table: true,
  },
  "test-remembered": {
    path: "/dev/null",
    kind: "real" as const,
    weight: 0,
    scored: false,
    memory: true,
    table: false,
  },
};

Deno.test(
  "chosenSets(): every training-only set of weight > 0 by default, --sets chooses them and their weights, scored sets refused",
  withSets(EXTRA, () => {
    const all = chosenSets([]);
    const mine = (l: string[]) => l.filter((n) => n.startsWith("test-"));
    assert.deepEqual(
      all.extra,
      Object.keys(TRAINING_SETS).filter((n) => !TRAINING_SETS[n].scored && TRAINING_SETS[n].weight > 0),
    );
    assert.deepEqual(mine(all.extra), ["test-real", "test-written"], "a weight-0 set trains nothing");
    assert.deepEqual(mine(all.memory), ["test-real", "test-remembered"]);
    assert.deepEqual(mine(all.table), ["test-written"]);
    assert.deepEqual([all.weights["test-real"], all.weights["test-written"]], [1, 5]);
    const some = chosenSets(["--sets=test-written:2", "--memory-sets=", "--table-sets=test-real"]);
    assert.deepEqual(some, {
      extra: ["test-written"],
      weights: { "test-written": 2 },
      memory: [],
      table: ["test-real"],
    });
    assert.throws(() => chosenSets(["--sets=dev"]), /scored/);
    assert.throws(() => chosenSets(["--memory-sets=own"]), /scored/);
    assert.throws(() => chosenSets(["--sets=nosuch"]), /no set/);
  }),
);

Deno.test(
  "parseRecipe() and extraTraining(): a set's weight by name or kind; weight 0 leaves it out",
  withSets(EXTRA, () => {
    const pool = (set: string): Pool => ({ set, keys: [], gold: [], features: [], labels: [] });
    const pools = [pool("test-real"), pool("test-written")];
    assert.deepEqual(extraTraining(pools).map((p) => p.weight), [1, 5]);
    const { weights } = parseRecipe("real=0.5", { "test-written": 3 });
    assert.deepEqual(extraTraining(pools, weights).map((p) => p.weight), [0.5, 3]);
    assert.deepEqual(extraTraining(pools, parseRecipe("test-real=0").weights).map((p) => p.set), [
      "test-written",
    ]);
  }),
);

Deno.test("extraPools(): a remembered training-only question is searched without itself in the memory", async () => {
  const lib = await buildLibraryFromFiles([parseLawFile(RULES, "民间借贷规定.md", "司法解释")], "2026-01-01");
  const real = [
    question(undefined, 0, "朋友借钱到期不还怎么办", 0),
    question(undefined, 1, "借款逾期了利息怎么算", 1),
  ];
  const remembered = [
    question("r", 0, "房东不交房子给我住怎么办", 4),
    question("r", 1, "离婚时房子存款怎么分", 2),
    question("r", 2, "离婚后老公欠的债我要还吗", 3),
  ];
  const extra = [...remembered, question("w", 0, "房东不交房子怎么办", 4)];
  const got = extraPools(lib, real, { folds: 3, extra, learnt: { memory: remembered, table: remembered } });
  const memMax = FEATURES.indexOf("mem_max");
  const goldMemory = (p: Pool) =>
    Math.max(0, ...p.features.flatMap((x, i) => p.labels[i] ? [x[memMax]] : []));
  for (const pools of [...got.nested, got.shipped]) {
    assert.equal(pools.length, extra.length);
    assert.deepEqual(pools.map((p) => p.set), ["r", "r", "r", "w"]);
    // Each remembered question's gold answers no other question: no neighbour lends it anything.
    for (const p of pools.slice(0, 3)) assert.ok(goldMemory(p) < 0.5, `${goldMemory(p)}`);
    // A set that is not remembered meets the remembered questions (the first one answers its gold).
    assert.ok(goldMemory(pools[3]) > 0, "the remembered question lends its gold");
  }
});

Deno.test("nearCopy(): the same question in other words is left out, more so with the same answer", () => {
  const q = (text: string, n: number) => question("x", 0, text, n);
  const held = q("家里请的保姆干活时摔伤了，雇主要赔吗", 0);
  assert.ok(
    nearCopy(q("家里请的保姆干活时摔伤了，雇主要担责吗", 1), held),
    "a near copy whatever its answer",
  );
  // Overlapping in a third of their bigrams: a copy only when it has the held-out question's answer.
  const other = q("保姆干活时摔伤了，医药费谁出", 0);
  const differentAnswer = q("保姆干活时摔伤了，医药费谁出", 1);
  assert.ok(nearCopy(other, held));
  assert.ok(!nearCopy(differentAnswer, held));
  assert.ok(!nearCopy(q("公司不发工资怎么办", 0), held));
});
