import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import { functionGlue, queryTerms, searchLaws, TUNING } from "./search.ts";

const LAW = `# 工伤保险条例

<!-- INFO END -->

第十四条 因工作原因遭遇事故的，应当认定为工伤。

第十六条 职工有下列情形之一的，不得认定为工伤：（一）故意犯罪的；（二）醉酒或者吸毒的；（三）自残或者自杀的。

第二十条 遗嘱人的遗嘱由见证人签名。

第二十一条 继承人伪造遗嘱，情节严重的，丧失继承权。
`;

async function library() {
  return await buildLibraryFromFiles([parseLawFile(LAW, "工伤保险条例.md", "行政法规")], "2026-01-01");
}

function withTuning(values: Partial<typeof TUNING>, run: () => void): void {
  const saved = { ...TUNING };
  try {
    Object.assign(TUNING, values);
    run();
  } finally {
    Object.assign(TUNING, saved);
  }
}

Deno.test("functionGlue(): bigrams joining a grammatical word, and the word across a lone one", async () => {
  const lib = await library();
  const { glue, skips } = functionGlue(lib, "哥哥伪造了爸爸的遗嘱 他还能继承吗");
  assert.ok(glue.has("的遗") && glue.has("能继") && glue.has("了爸"), [...glue].join(","));
  assert.ok(!glue.has("遗嘱") && !glue.has("继承") && !glue.has("伪造"));
  assert.deepEqual([...skips], [], "造爸 and 爸遗 are not in the library");
  assert.deepEqual([...functionGlue(lib, "工人喝醉了酒受伤").skips], ["醉酒"]);
});

Deno.test("searchLaws(): 喝醉了酒 finds the article about 醉酒 through the skip bigram", async () => {
  const lib = await library();
  const first = (q: string) =>
    searchLaws(lib, { q, memory: null, termTable: null, reranker: null }).results[0]?.articleNumber;
  const q = "喝醉了酒摔伤 算工伤吗";
  withTuning({ skipWeight: 0.7 }, () => assert.equal(first(q), "第十六条"));
  withTuning(
    { skipWeight: 0 },
    () => assert.equal(first(q), "第十四条", "without it the shorter article wins"),
  );
});

Deno.test("queryTerms(): glue bigrams (的遗, 能继) weigh glueWeight, the question's words 1", async () => {
  const lib = await library();
  const q = "哥哥伪造了爸爸的遗嘱 他还能继承吗";
  withTuning({ glueWeight: 0.3 }, () => {
    const { terms } = queryTerms(lib, q, null);
    assert.equal(terms.get("的遗"), 0.3);
    assert.equal(terms.get("能继"), 0.3);
    assert.equal(terms.get("遗嘱"), 1);
    assert.equal(terms.get("伪造"), 1);
  });
});
