import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import { buildQuestionMemory } from "./question_memory.ts";
import { searchLaws, TUNING } from "./search.ts";

const CODE = `# 中华人民共和国民法典

<!-- INFO END -->

第八十五条 营利法人的权力机构作出决议的会议召集程序违反法律的，营利法人的出资人可以请求人民法院撤销该决议。
`;

const COMPANY = `# 中华人民共和国公司法

<!-- INFO END -->

第二十六条 股东会的会议召集程序违反法律的，股东可以自决议作出之日起六十日内，请求人民法院撤销股东会决议。
`;

/** Real questions answered by 民法典 and by four laws the test library lacks. */
const MEMORY = [
  { question: "公司开会没通知我，决议能撤销吗", answers: ["中华人民共和国民法典|第八十五条"] },
  { question: "偷了东西怎么判", answers: ["中华人民共和国刑法|第二百六十四条"] },
  { question: "加班费怎么算", answers: ["中华人民共和国劳动法|第四十四条"] },
  { question: "酒驾怎么处罚", answers: ["中华人民共和国道路交通安全法|第九十一条"] },
  { question: "网购七天能退吗", answers: ["中华人民共和国消费者权益保护法|第二十五条"] },
];

Deno.test("searchLaws(): on a library holding few of the memory's laws, the law prior does not outweigh the words", async () => {
  const lib = await buildLibraryFromFiles([
    parseLawFile(CODE, "民法典.md", "民法典"),
    parseLawFile(COMPANY, "公司法.md", "民法商法"),
  ], "2026-01-01");
  const memory = buildQuestionMemory(MEMORY);
  const first = () =>
    searchLaws(lib, { q: "会议召集程序违反法律 请求撤销决议 股东", memory, termTable: null, reranker: null })
      .results[0].title;
  assert.equal(first(), "中华人民共和国公司法", "the article with the question's words comes first");
  const saved = TUNING.priorTrust;
  try {
    TUNING.priorTrust = 0;
    assert.equal(
      first(),
      "中华人民共和国民法典",
      "the untrusted prior (the old behaviour) lifted 民法典 above it",
    );
  } finally {
    TUNING.priorTrust = saved;
  }
});

Deno.test("searchLaws(): remembered questions lend as far as the library holds the laws they were answered by", async () => {
  const lib = await buildLibraryFromFiles([
    parseLawFile(CODE, "民法典.md", "民法典"),
    parseLawFile(COMPANY, "公司法.md", "民法商法"),
  ], "2026-01-01");
  const memory = buildQuestionMemory([
    ...MEMORY,
    { question: "公司开会没有通知我，作出的决议可以撤销吗", answers: ["中华人民共和国民法典|第八十五条"] },
  ]);
  const first = () =>
    searchLaws(lib, { q: "公司开会没通知我决议能撤销吗", memory, termTable: null, reranker: null }).results[0]
      .title;
  assert.equal(
    first(),
    "中华人民共和国公司法",
    "one law in five of the memory's is here: its articles lend a fifth",
  );
  const saved = TUNING.memoryTrust;
  try {
    TUNING.memoryTrust = 0;
    assert.equal(
      first(),
      "中华人民共和国民法典",
      "lent in full (the old behaviour), the remembered article came first",
    );
  } finally {
    TUNING.memoryTrust = saved;
  }
});
