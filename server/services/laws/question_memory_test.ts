import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import {
  answerDoc,
  articleFrequencies,
  askedScores,
  buildQuestionMemory,
  interpretedLaw,
  lawFrequencies,
  libraryLawPrior,
  memoryCoverage,
  similarQuestions,
} from "./question_memory.ts";
import { searchLaws } from "./search.ts";

const CODE = `# 中华人民共和国民法典

# 总则编

<!-- INFO END -->

第五十四条 自然人从事工商业经营，经依法登记，为个体工商户。个体工商户可以起字号。

第五十六条 个体工商户的债务，个人经营的，以个人财产承担；家庭经营的，以家庭财产承担；无法区分的，以家庭财产承担。

第一百八十八条 向人民法院请求保护民事权利的诉讼时效期间为三年。
`;

const MEMORY = [
  { question: "老板开的小店欠了货款跑路了，钱找谁要？", answers: ["中华人民共和国民法典|第五十六条"] },
  { question: "欠条过了几年还能要回来吗", answers: ["中华人民共和国民法典|第一百八十八条"] },
];

async function library() {
  return await buildLibraryFromFiles([parseLawFile(CODE, "民法典总则编.md", "民法典")], "2026-01-01");
}

Deno.test("similarQuestions() ranks the closest remembered question first, with similarity in 0..1", () => {
  const memory = buildQuestionMemory(MEMORY);
  const near = similarQuestions(memory, "小店老板欠了货款跑路了怎么办", 5);
  assert.equal(near[0][0], 0);
  assert.ok(near[0][1] > 0.3 && near[0][1] <= 1, `similarity ${near[0][1]}`);
  assert.equal(similarQuestions(memory, "红烧肉怎么做", 5).length, 0);
  assert.deepEqual(similarQuestions(buildQuestionMemory([]), "欠条", 5), []);
});

Deno.test("buildQuestionMemory(): a training-only set's questions lend their answers but are not the asked vocabulary", () => {
  const memory = buildQuestionMemory([
    ...MEMORY,
    { question: "周末加班工资怎么算", answers: ["中华人民共和国民法典|第五十四条"], set: "public-work" },
  ]);
  assert.equal(similarQuestions(memory, "周末加班工资", 5)[0][0], 2, "remembered and found");
  assert.ok(memory.vocabulary.has("欠条") && memory.vocabulary.has("货款"));
  assert.ok(!memory.vocabulary.has("加班") && memory.postings.has("加班"));
});

Deno.test("answerDoc() finds a remembered answer in the library and null for a law it lacks", async () => {
  const lib = await library();
  const d = answerDoc(lib, "中华人民共和国民法典|第五十六条");
  assert.notEqual(d, null);
  assert.equal(lib.versions[lib.docVersion[d!]].articles[lib.docArticle[d!]].number, "第五十六条");
  assert.equal(answerDoc(lib, "中华人民共和国刑法|第一条"), null);
  assert.equal(lawFrequencies(lib, buildQuestionMemory(MEMORY)).get(lib.versions[0].group), 1);
});

Deno.test("lawFrequencies() and articleFrequencies(): a training-only set counts at setWeight", async () => {
  const lib = await library();
  const withSet = buildQuestionMemory([
    ...MEMORY,
    { question: "个体户怎么登记", answers: ["中华人民共和国民法典|第五十四条"], set: "public-civil" },
    { question: "个体户能起字号吗", answers: ["中华人民共和国民法典|第五十四条"], set: "public-civil" },
  ]);
  const doc54 = answerDoc(lib, "中华人民共和国民法典|第五十四条")!;
  const doc56 = answerDoc(lib, "中华人民共和国民法典|第五十六条")!;
  assert.equal(articleFrequencies(lib, withSet).get(doc54), 2, "counted as real questions by default");
  assert.equal(articleFrequencies(lib, withSet, 0).get(doc54), undefined, "left out at 0");
  assert.equal(articleFrequencies(lib, withSet, 0.5).get(doc54), 1);
  assert.equal(articleFrequencies(lib, withSet, 0).get(doc56), 1, "real questions always count");
  const group = lib.versions[0].group;
  assert.equal(lawFrequencies(lib, withSet, 0).get(group), 1);
  assert.equal(libraryLawPrior(lib, withSet, { trust: false, inherit: false, setWeight: 0 }).get(group), 1);
});

Deno.test("searchLaws() brings a remembered question's article for a question worded like it", async () => {
  const lib = await library();
  const q = "小店老板欠了货款跑路了";
  const keys = (memory: ReturnType<typeof buildQuestionMemory> | null) =>
    searchLaws(lib, { q, memory, termTable: null }).results.map((r) => r.articleNumber);
  assert.ok(!keys(null).includes("第五十六条"), "the words alone do not reach it");
  assert.equal(keys(buildQuestionMemory(MEMORY))[0], "第五十六条");
});

const INTERPRETATION = `# 最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）

<!-- INFO END -->

第五条 当事人请求返还按照习俗给付的彩礼的，如果查明属于以下情形，人民法院应当予以支持。
`;

const COMPANY = `# 中华人民共和国公司法

<!-- INFO END -->

第一条 为了规范公司的组织和行为，制定本法。
`;

/** Two questions answered by 民法典, two by 刑法 (a law the test library lacks). */
const MIXED_MEMORY = [
  ...MEMORY,
  { question: "偷了东西怎么判", answers: ["中华人民共和国刑法|第二百六十四条"] },
  { question: "打架把人打伤了要坐牢吗", answers: ["中华人民共和国刑法|第二百三十四条"] },
];

async function threeLaws() {
  return await buildLibraryFromFiles([
    parseLawFile(CODE, "民法典总则编.md", "民法典"),
    parseLawFile(INTERPRETATION, "婚姻家庭编解释一.md", "司法解释"),
    parseLawFile(COMPANY, "公司法.md", "民法商法"),
  ], "2026-01-01");
}

Deno.test("memoryCoverage() is the share of the memory's laws the library holds", async () => {
  const lib = await threeLaws();
  assert.equal(memoryCoverage(lib, buildQuestionMemory(MEMORY)), 1);
  assert.equal(memoryCoverage(lib, buildQuestionMemory(MIXED_MEMORY)), 0.5);
  assert.equal(memoryCoverage(lib, buildQuestionMemory([])), 0);
});

Deno.test("libraryLawPrior() scales the law prior by the memory's coverage and gives an interpretation its law's share", async () => {
  const lib = await threeLaws();
  const group = (title: string) => lib.resolveGroups(title)[0];
  const code = group("中华人民共和国民法典");
  const interpretation = group("最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）");
  const company = group("中华人民共和国公司法");
  assert.equal(
    interpretedLaw(lib, "最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）"),
    code,
  );
  assert.equal(interpretedLaw(lib, "中华人民共和国公司法"), null);
  // The raw prior: 民法典 alone, at full weight.
  const memory = buildQuestionMemory(MIXED_MEMORY);
  assert.equal(lawFrequencies(lib, memory).get(code), 1);
  assert.equal(lawFrequencies(lib, memory).get(interpretation), undefined);
  const prior = libraryLawPrior(lib, memory);
  assert.equal(prior.get(code), 0.5, "half the memory's laws are here: half the weight");
  assert.equal(prior.get(interpretation), 0.5, "the interpretation holds its law's share");
  assert.equal(prior.get(company), undefined);
  // A memory answered only by laws this library holds keeps the full prior (the national corpus).
  assert.equal(libraryLawPrior(lib, buildQuestionMemory(MEMORY)).get(code), 1);
  assert.equal(libraryLawPrior(lib, memory, { trust: false, inherit: false }).get(interpretation), undefined);
});

Deno.test("askedScores(): an article gathers the words of every question it answered, real ones apart", async () => {
  const lib = await library();
  // 第五十六条 answered two questions in other words; one neighbour alone shares each half of the new one.
  const memory = buildQuestionMemory([
    ...MEMORY,
    {
      question: "个体户倒闭了欠的钱要家里人还吗",
      answers: ["中华人民共和国民法典|第五十六条"],
      set: "public-civil",
    },
  ]);
  const debts = answerDoc(lib, "中华人民共和国民法典|第五十六条")!;
  const limit = answerDoc(lib, "中华人民共和国民法典|第一百八十八条")!;
  const all = askedScores(lib, memory, "小店老板跑路了，欠的钱要家里人还吗");
  assert.ok(
    (all.get(debts) ?? 0) > (all.get(limit) ?? 0),
    "both halves of the question meet the article's texts",
  );
  assert.ok((all.get(debts) ?? 0) > 0 && (all.get(debts) ?? 0) < 2);
  for (const one of [MEMORY[0], { question: "个体户倒闭了欠的钱要家里人还吗", answers: MEMORY[0].answers }]) {
    const single = askedScores(
      lib,
      buildQuestionMemory([one, MEMORY[1]]),
      "小店老板跑路了，欠的钱要家里人还吗",
    );
    assert.ok((single.get(debts) ?? 0) < (all.get(debts) ?? 0), "one question's words alone match less");
  }
  const real = askedScores(lib, memory, "个体户倒闭了欠的钱要家里人还吗", true);
  const withSets = askedScores(lib, memory, "个体户倒闭了欠的钱要家里人还吗");
  assert.ok(
    (withSets.get(debts) ?? 0) > (real.get(debts) ?? 0),
    "the training set's question counts only without realOnly",
  );
  assert.equal(askedScores(lib, memory, "红烧肉怎么做").size, 0);
  assert.equal(askedScores(lib, buildQuestionMemory([]), "欠条").size, 0);
});
