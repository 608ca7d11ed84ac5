import assert from "node:assert/strict";
import {
  averageRerankers,
  boostReranker,
  FEATURES,
  fusedOrder,
  fusionShare,
  pairDelta,
  type Reranker,
  rerankerFromData,
  scoreFeatures,
  shippedReranker,
  type TrainingGroup,
  trainReranker,
} from "./rerank.ts";

const m = FEATURES.length;
const at = (name: (typeof FEATURES)[number]) => FEATURES.indexOf(name);

function vector(values: Partial<Record<(typeof FEATURES)[number], number>>): Float64Array {
  const x = new Float64Array(m);
  for (const [k, v] of Object.entries(values)) x[at(k as (typeof FEATURES)[number])] = v ?? 0;
  return x;
}

Deno.test("scoreFeatures() is the weighted sum of the standardized features", () => {
  const model: Reranker = {
    features: [...FEATURES],
    mean: new Array(m).fill(0).map((_, i) => i === at("mem_max") ? 0.5 : 0),
    std: new Array(m).fill(1).map((_, i) => i === at("mem_max") ? 0.25 : 1),
    weights: new Array(m).fill(0).map((_, i) => i === at("mem_max") ? 2 : i === at("topical") ? -1 : 0),
  };
  assert.equal(scoreFeatures(model, vector({ mem_max: 1, topical: 1 })), 2 * (1 - 0.5) / 0.25 - 1);
});

Deno.test("averageRerankers() scores the mean of its models' scores (linear parts and trees)", () => {
  const groups: TrainingGroup[] = Array.from({ length: 30 }, (_, q) => ({
    features: Array.from(
      { length: 8 },
      (_, i) =>
        vector({ mem_max: ((q * 7 + i * 3) % 11) / 10, own_text: ((q + i * 5) % 7) / 3, topical: i % 2 }),
    ),
    labels: Array.from({ length: 8 }, (_, i) => i === q % 8 ? 1 : 0),
  }));
  const models = [0, 1, 2].map((b) => {
    const part = groups.filter((_, q) => q % 3 !== b);
    return boostReranker(trainReranker(part, { l2: 1e-3 }), part, { trees: 3, minLeaf: 5 });
  });
  const avg = averageRerankers(models);
  assert.equal(avg.trees!.length, 3 * 3 + 1);
  for (const x of groups.flatMap((g) => g.features).slice(0, 40)) {
    const mean = models.reduce((s, mo) => s + scoreFeatures(mo, x), 0) / 3;
    assert.ok(Math.abs(scoreFeatures(avg, x) - mean) < 1e-9, `${scoreFeatures(avg, x)} vs ${mean}`);
  }
});

Deno.test("trainReranker() learns to put the candidates with the telling feature first", () => {
  // In each question the gold article is the one remembered questions lend (mem_max), not the best
  // first-pass score: the model must weigh mem_max above first_score.
  const groups: TrainingGroup[] = [];
  for (let q = 0; q < 30; q++) {
    const features: Float64Array[] = [];
    const labels: number[] = [];
    for (let c = 0; c < 8; c++) {
      const gold = c === (q % 5) + 2;
      features.push(vector({ first_score: 1 - c / 8, mem_max: gold ? 0.6 + (q % 3) / 10 : (c % 3) / 10 }));
      labels.push(gold ? 1 : 0);
    }
    groups.push({ features, labels });
  }
  const model = trainReranker(groups, { epochs: 200 });
  assert.ok(model.weights[at("mem_max")] > 0, `mem_max weight ${model.weights[at("mem_max")]}`);
  for (const g of groups) {
    const s = g.features.map((x) => scoreFeatures(model, x));
    assert.equal(s.indexOf(Math.max(...s)), g.labels.indexOf(1));
  }
});

Deno.test("rerankerFromData() refuses a model built for another feature list", () => {
  const model = {
    features: [...FEATURES],
    mean: new Array(m).fill(0),
    std: new Array(m).fill(1),
    weights: [],
  };
  assert.throws(() => rerankerFromData(model), /weights/);
  assert.throws(() => rerankerFromData({ ...model, features: ["x"] }), /rebuild/);
});

Deno.test("the shipped re-ranker loads and is trained (not all weights zero)", () => {
  const model = shippedReranker();
  assert.equal(model.weights.length, m);
  assert.ok(model.weights.some((w) => Math.abs(w) > 1e-3));
  assert.ok(model.std.every((s) => s > 0));
});

Deno.test("fusedOrder() blends the model's order with the first pass's by reciprocal rank", () => {
  const model = [0, 0, 0, 0, 0, 0, 0, 0, 0, 5]; // the model puts the first pass's last candidate first
  assert.deepEqual(fusedOrder(model, 1), [9, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual(fusedOrder(model, 0), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  // At 0.3 the first pass leads: the model's favourite climbs from tenth to fifth.
  assert.deepEqual(fusedOrder(model, 0.3), [0, 1, 2, 3, 9, 4, 5, 6, 7, 8]);
});

/** Questions whose gold is told by one feature (`by`), with `weight`. */
function taughtBy(by: "mem_max" | "own_text", weight: number): TrainingGroup[] {
  const other = by === "mem_max" ? "own_text" : "mem_max";
  return Array.from({ length: 20 }, (_, q) => {
    const features: Float64Array[] = [];
    const labels: number[] = [];
    for (let c = 0; c < 6; c++) {
      const gold = c === q % 6;
      // The gold is high on `by` and low on the other feature; a decoy is the reverse.
      const decoy = c === (q + 1) % 6;
      features.push(vector({ [by]: gold ? 1 : 0.2, [other]: decoy ? 1 : 0.2 }));
      labels.push(gold ? 1 : 0);
    }
    return { features, labels, weight };
  });
}

Deno.test("trainReranker() and boostReranker() weigh each question by its weight", () => {
  // The two halves contradict each other: the heavier one must decide.
  for (const heavy of ["mem_max", "own_text"] as const) {
    const light = heavy === "mem_max" ? "own_text" : "mem_max";
    const groups = [...taughtBy(heavy, 5), ...taughtBy(light, 1)];
    const linear = trainReranker(groups, { epochs: 200 });
    assert.ok(linear.weights[at(heavy)] > linear.weights[at(light)], `linear, ${heavy} heavy`);
    const boosted = boostReranker({ ...linear, weights: linear.weights.map(() => 0) }, groups, {
      trees: 5,
      depth: 1,
      minLeaf: 5,
      lambda: "mrr",
    });
    const score = (x: Float64Array) => scoreFeatures(boosted, x);
    assert.ok(score(vector({ [heavy]: 1 })) > score(vector({ [light]: 1 })), `trees, ${heavy} heavy`);
  }
});

Deno.test("boostReranker() with lambda=mrr spends its first split on the mistakes above the gold", () => {
  // The gold is sixth: five decoys above it share mem_max, six candidates below it share own_text. Plain
  // pairwise gradients count the six below more (one pair each); MRR deltas count the five above more,
  // since only they cost the question its reciprocal rank.
  const groups: TrainingGroup[] = Array.from({ length: 40 }, () => ({
    features: Array.from(
      { length: 12 },
      (_, c) => vector({ mem_max: c < 5 ? 1 : 0, own_text: c > 5 ? 1 : 0 }),
    ),
    labels: Array.from({ length: 12 }, (_, c) => c === 5 ? 1 : 0),
  }));
  // A base model scoring all alike: the ranks are the pool's order.
  const base: Reranker = {
    features: [...FEATURES],
    mean: new Array(m).fill(0),
    std: new Array(m).fill(1),
    weights: new Array(m).fill(0),
  };
  const opts = { trees: 1, depth: 1, minLeaf: 5, rate: 1, l2: 0.01 };
  assert.equal(FEATURES[boostReranker(base, groups, opts).trees![0].feature[0]], "own_text");
  assert.equal(
    FEATURES[boostReranker(base, groups, { ...opts, lambda: "mrr" }).trees![0].feature[0]],
    "mem_max",
  );
});

Deno.test("fusionShare() gives a question worded as one the model's share for questions, keywords the other", () => {
  const shares = { asks: 1, other: 0.5 };
  assert.equal(fusionShare(vector({ q_asks: 1 }), shares), 1);
  assert.equal(fusionShare(vector({ q_asks: 0 }), shares), 0.5);
  assert.equal(fusionShare(undefined, shares), 0.5);
  assert.equal(fusionShare(vector({ q_asks: 1 }), 0.3), 0.3);
});

Deno.test("pairDelta() is what swapping a gold with another candidate changes in each metric at the cut-off", () => {
  const golds = [2, 5]; // two golds, third and sixth
  // MRR: only the first gold counts. Lifting either gold to the top makes it 1; moving the first gold
  // down to 8 leaves the other (sixth) first; the second gold passing candidates below the first changes nothing.
  assert.equal(pairDelta("mrr", golds, 2, 0, 10), 1 - 1 / 3);
  assert.equal(pairDelta("mrr", golds, 5, 0, 10), 1 - 1 / 3);
  assert.equal(pairDelta("mrr", golds, 2, 8, 10), 1 / 3 - 1 / 6);
  assert.equal(pairDelta("mrr", golds, 5, 3, 10), 0);
  assert.equal(pairDelta("mrr", [12], 12, 20, 10), 0); // both beyond the cut-off
  assert.equal(pairDelta("mrr", [12], 12, 4, 10), 1 / 5);
  // Recall@k: only a swap across the cut-off changes it, by one gold of min(k, |golds|).
  assert.equal(pairDelta("recall", [3, 12], 12, 4, 10), 0.5);
  assert.equal(pairDelta("recall", [3, 12], 12, 15, 10), 0);
  assert.equal(pairDelta("recall", [3, 12], 3, 6, 10), 0);
  assert.equal(pairDelta("top", [3, 12], 12, 4, 10), 0.5 + (1 / 4 - 1 / 4));
  assert.equal(pairDelta("top", [12], 12, 0, 10), 1 + 1);
  // NDCG@k with binary gains, over the ideal DCG of the golds.
  const ideal = 1 + 1 / Math.log2(3);
  assert.equal(pairDelta("ndcg", golds, 5, 0, 10), (1 - 1 / Math.log2(7)) / ideal);
  assert.equal(pairDelta("ndcg", golds, 5, 11, 10), 1 / Math.log2(7) / ideal);
  assert.equal(pairDelta("ndcg", [11], 11, 30, 10), 0);
});

Deno.test("boostReranker() with a metric at cut-off 10 fixes the first ten before the candidates below", () => {
  // The gold is thirteenth: ten decoys above it in the first ten share mem_max, thirty others (two above
  // it, twenty-eight below) share own_text. Plain pairwise gradients count the thirty more; at cut-off
  // 10 only a swap with the first ten changes the metric, so the first split is on mem_max.
  const groups: TrainingGroup[] = Array.from({ length: 40 }, () => ({
    features: Array.from(
      { length: 41 },
      (_, c) => vector({ mem_max: c < 10 ? 1 : 0, own_text: c >= 10 && c !== 12 ? 1 : 0 }),
    ),
    labels: Array.from({ length: 41 }, (_, c) => c === 12 ? 1 : 0),
  }));
  const base: Reranker = {
    features: [...FEATURES],
    mean: new Array(m).fill(0),
    std: new Array(m).fill(1),
    weights: new Array(m).fill(0),
  };
  const opts = { trees: 1, depth: 1, minLeaf: 5, rate: 1, l2: 0.01 };
  assert.equal(FEATURES[boostReranker(base, groups, opts).trees![0].feature[0]], "own_text");
  for (const metric of ["mrr", "ndcg", "recall", "top"] as const) {
    const tree = boostReranker(base, groups, { ...opts, metric, cutoff: 10 }).trees![0];
    assert.equal(FEATURES[tree.feature[0]], "mem_max", metric);
    // The decoys of the first ten go down (the leaf of mem_max > threshold is the lower one).
    assert.ok(tree.value[tree.right[0]] < tree.value[tree.left[0]], metric);
  }
});

Deno.test("trainReranker() with a metric at cut-off 10 weighs the mistakes in the first ten most", () => {
  // As above: ten decoys in the first ten share mem_max, thirty others share own_text, the gold is
  // thirteenth. Plain pairwise loss learns own_text's thirty pairs hardest; at cut-off 10 mem_max
  // matters more, since only its decoys keep the gold out of the first ten.
  const groups: TrainingGroup[] = Array.from({ length: 40 }, () => ({
    features: Array.from(
      { length: 41 },
      (_, c) => vector({ mem_max: c < 10 ? 1 : 0, own_text: c >= 10 && c !== 12 ? 1 : 0 }),
    ),
    labels: Array.from({ length: 41 }, (_, c) => c === 12 ? 1 : 0),
  }));
  const plain = trainReranker(groups, { epochs: 100 });
  assert.ok(plain.weights[at("own_text")] < plain.weights[at("mem_max")]);
  for (const metric of ["mrr", "ndcg", "top"] as const) {
    const model = trainReranker(groups, { epochs: 100, metric });
    assert.ok(model.weights[at("mem_max")] < model.weights[at("own_text")], metric);
  }
});
