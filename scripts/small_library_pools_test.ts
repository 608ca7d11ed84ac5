import assert from "node:assert/strict";
import { parseLawFile } from "../server/services/laws/parse_markdown.ts";
import type { Question } from "./law_eval_data.ts";
import { SUB_DROP, SUB_SIZES, subLibraryPlan } from "./small_library_pools.ts";
// @ts-types="./score_types.d.ts"
import { key as scoreKey } from "../../shared/data/laws/score.mjs";

const law = (title: string, part: string | null, numbers: string[]) =>
  parseLawFile(
    `# ${title}\n\n${part ? `# ${part}\n\n` : ""}<!-- INFO END -->\n\n` +
      numbers.map((n) => `${n} 本条的内容。\n`).join("\n"),
    `${part ?? title}.md`,
    part ? "民法典" : "法律",
  );

const FILES = [
  law("中华人民共和国民法典", "合同编", ["第四百六十四条", "第四百六十五条"]),
  law("中华人民共和国民法典", "侵权责任编", ["第一千一百六十四条"]),
  law("最高人民法院关于审理民间借贷案件适用法律若干问题的规定", null, ["第一条", "第二条"]),
  ...Array.from({ length: 20 }, (_, i) => law(`某某条例${i}`, null, ["第一条"])),
];

function question(i: number, answers: [string, string][]): Question {
  return {
    id: `q${i}`,
    question: "问题",
    answers: answers.map(([t, n]) => `${t}|${n}`),
    gold: answers.map(([t, n]) => scoreKey(t, n)),
  };
}

Deno.test("subLibraryPlan(): small libraries of the gold laws, the parts that hold them, a few other laws; deterministic", () => {
  const qs = Array.from({ length: 40 }, (_, i) =>
    question(i, [
      ["中华人民共和国民法典", "第四百六十五条"],
      ["最高人民法院关于审理民间借贷案件适用法律若干问题的规定", "第二条"],
    ]));
  const plan = subLibraryPlan(FILES, qs);
  assert.deepEqual(plan.map((b) => b.qs.length).slice(0, SUB_SIZES.length), SUB_SIZES);
  assert.deepEqual(
    plan.flatMap((b) => b.qs).sort((a, b) => a - b),
    qs.map((_, i) => i),
    "every question once",
  );
  for (const [b, batch] of plan.entries()) {
    const parts = batch.files.map((f) => f.part ?? f.title);
    assert.ok(parts.includes("最高人民法院关于审理民间借贷案件适用法律若干问题的规定"), `batch ${b}`);
    if (b % SUB_DROP !== SUB_DROP - 1) {
      assert.ok(parts.includes("合同编"), `batch ${b}: ${parts}`);
      assert.ok(!parts.includes("侵权责任编"), `batch ${b}: a part without a gold article stays out`);
    }
  }
  // Every SUB_DROP-th library lacks one gold law of a question answered by two laws (unless drawn again
  // as another law, whole).
  const dropped = plan.filter((_, b) => b % SUB_DROP === SUB_DROP - 1);
  assert.ok(dropped.length > 2 && dropped.some((x) => x.files.every((f) => f.part === null)));
  assert.ok(plan.some((b) => b.files.some((f) => f.title.startsWith("某某条例"))), "other laws too");
  assert.deepEqual(subLibraryPlan(FILES, qs), plan);
});
