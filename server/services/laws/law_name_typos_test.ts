import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import { findLawMentions } from "./search.ts";

function law(title: string, text: string) {
  return parseLawFile(`# ${title}\n\n<!-- INFO END -->\n\n第一条 ${text}\n`, `${title}.md`, "示例");
}

async function library() {
  return await buildLibraryFromFiles([
    law("中华人民共和国劳动合同法", "用人单位应当向劳动者支付经济补偿。"),
    law("中华人民共和国产品质量法", "生产者应当对其生产的产品质量负责。"),
    law("中华人民共和国公司法", "公司是企业法人。"),
  ], "2026-01-01");
}

Deno.test("findLawMentions() takes a law name with one same-sounding wrong character for the law", async () => {
  const lib = await library();
  const m = findLawMentions(lib, "劳动和同法 经济补偿怎么算");
  assert.deepEqual([...m.groups].length, 1);
  assert.match([...m.groups][0], /劳动合同法/);
  assert.ok(!m.rest.includes("和同"), "the mistyped name is taken out of the text searched");
});

Deno.test("findLawMentions() leaves words that merely look like a law name", async () => {
  const lib = await library();
  // 发 is bound into 发生 by the dictionary: not a typo of 法.
  assert.equal(findLawMentions(lib, "产品质量发生问题找谁").groups.size, 0);
  // A three-character name needs the tone too: 发 (fā) is not 法 (fǎ).
  assert.equal(findLawMentions(lib, "公司发奖金").groups.size, 0);
  // Not the same sound: 劳动合同书 is no law.
  assert.equal(findLawMentions(lib, "劳动合同书丢了").groups.size, 0);
});
