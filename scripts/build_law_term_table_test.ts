import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "../server/services/laws/build_library.ts";
import { parseLawFile } from "../server/services/laws/parse_markdown.ts";
import { buildTermTable, type TrainingPair } from "./build_law_term_table.ts";

const RULES = `# 最高人民法院关于审理民间借贷案件适用法律若干问题的规定

<!-- INFO END -->

第一条 借款人应当按照约定的期限返还借款。

第二条 借款人未按照约定的期限返还借款的，应当按照约定或者国家有关规定支付逾期利息。

第三条 离婚时，夫妻的共同财产由双方协议处理。

第四条 离婚时，夫妻共同债务应当共同偿还。
`;

Deno.test("buildTermTable() learns which article words answer a question word (IBM model 1)", async () => {
  const lib = await buildLibraryFromFiles([parseLawFile(RULES, "民间借贷规定.md", "司法解释")], "2026-01-01");
  const pairs: TrainingPair[] = [
    { question: "朋友欠钱一直不给怎么办", docs: [0] },
    { question: "借款欠钱到期了还拖着", docs: [1] },
    { question: "同事欠钱说下个月再给", docs: [0, 1] },
    { question: "老公要分手，房子归谁", docs: [2] },
    { question: "要分手了欠的账谁来给", docs: [3] },
  ];
  const table = buildTermTable(lib, pairs);
  const debt = new Map(table.translations.get("欠钱"));
  assert.ok((debt.get("借款") ?? 0) > 0.05, `欠钱 -> ${JSON.stringify(table.translations.get("欠钱"))}`);
  assert.ok(!debt.has("离婚"));
  assert.ok(
    (new Map(table.translations.get("分手")).get("离婚") ?? 0) > 0.05,
    `分手 -> ${JSON.stringify(table.translations.get("分手"))}`,
  );
  // 欠钱 never occurs in the answers, 借款 is not asked with: no weight above the average for 欠钱.
  assert.ok((table.weights.get("欠钱") ?? 1) < 1, `欠钱 weight ${table.weights.get("欠钱")}`);
});
