import assert from "node:assert/strict";
import { assembleLaws, levelOf, resolveStatuses } from "./assemble.ts";
import { parseLawFile } from "./parse_markdown.ts";
import type { LawRecord } from "./types.ts";

function md(title: string, articles: string[], history = "2020年1月1日 施行") {
  return `# ${title}\n\n${history}\n<!-- INFO END -->\n${
    articles.map((a, i) => `第${i + 1}条 ${a}`).join("\n")
  }\n`;
}

async function assemble(files: [string, string][]) {
  let n = 0;
  const parsed = files.map(([name, text]) => parseLawFile(text, name));
  const { laws, duplicates } = await assembleLaws(parsed, { now: 1, newId: () => `id${++n}` });
  return { laws, duplicates, records: laws.map((l) => l.record) };
}

Deno.test("status resolution: the newest version is current, older ones 已被修改 and point to it", async () => {
  const { records } = await assemble([
    ["测试法(2018-01-01).md", md("中华人民共和国测试法", ["旧甲。", "旧乙。"], "2018年1月1日 施行")],
    [
      "测试法(2023-01-01).md",
      md("中华人民共和国测试法", ["新甲。", "新乙。", "新丙。"], "2023年1月1日 施行"),
    ],
  ]);
  const resolved = resolveStatuses(records, "2026-01-01");
  const byDate = Object.fromEntries(resolved.map((r) => [r.effectiveDate, r]));
  assert.equal(byDate["2023-01-01"].status, "现行有效");
  assert.equal(byDate["2018-01-01"].status, "已被修改");
  assert.equal(byDate["2018-01-01"].successor, "中华人民共和国测试法");
});

Deno.test("status resolution: repealed by data or by a current text, 尚未生效 before the effective date, corrections kept", async () => {
  const { records } = await assemble([
    ["合同法.md", md("中华人民共和国合同法", ["合同。"])],
    ["新法.md", md("中华人民共和国新法", ["本法自2021年1月1日起施行。《中华人民共和国旧法》同时废止。"])],
    ["旧法.md", md("中华人民共和国旧法", ["旧的。"])],
    ["未来法.md", md("中华人民共和国未来法", ["将来。"], "2030年1月1日 施行")],
  ]);
  const fixed: LawRecord = {
    ...records.find((r) => r.title.includes("未来法"))!,
    status: "已废止",
    statusManual: true,
  };
  const resolved = resolveStatuses([...records.filter((r) => r.id !== fixed.id), fixed], "2026-01-01");
  const by = (t: string) => resolved.find((r) => r.title.includes(t))!;
  assert.equal(by("合同法").status, "已废止");
  assert.equal(by("合同法").successor, "中华人民共和国民法典");
  assert.equal(by("旧法").status, "已废止");
  assert.equal(by("旧法").successor, "中华人民共和国新法");
  assert.equal(by("新法").status, "现行有效");
  assert.equal(by("未来法").status, "已废止", "an administrator's correction is kept");
  const unfixed = resolveStatuses(records, "2026-01-01").find((r) => r.title.includes("未来法"))!;
  assert.equal(unfixed.status, "尚未生效");
});

Deno.test("assembly: parts of one law merge, duplicate crawls (ASCII brackets) are skipped, levels from folder or title", async () => {
  const partA = "# 中华人民共和国民法典\n# 总则编\n<!-- INFO END -->\n## 第一章 基本规定\n第一条 甲。\n";
  const partB = "# 中华人民共和国民法典\n# 附则\n<!-- INFO END -->\n第二条 乙。\n";
  const dup1 = md("最高人民法院关于某事的解释", ["有下列情形之一的：\n（一）甲；"]);
  const dup2 = md("最高人民法院关于某事的解释", ["有下列情形之一的：\n(一)甲；"]);
  const { laws, duplicates } = await assemble([
    ["总则.md", partA],
    ["附则.md", partB],
    ["某事解释(2020-01-01).md", dup1],
    ["某事解释(2020-01-02).md", dup2],
  ]);
  const code = laws.find((l) => l.record.title === "中华人民共和国民法典")!;
  assert.equal(code.record.articleCount, 2);
  assert.deepEqual(code.text.articles[0].path, ["总则编", "第一章 基本规定"]);
  assert.deepEqual(code.text.articles[1].path, ["附则"]);
  assert.equal(duplicates.length, 1);
  assert.equal(levelOf("最高人民法院关于某事的解释", null), "司法解释");
  assert.equal(levelOf("工伤保险条例", "行政法规"), "行政法规");
  assert.equal(levelOf("中华人民共和国民法典", null), "法律");
});

Deno.test("status resolution: a text that repeals its own name means its earlier version", async () => {
  const { records } = await assemble([
    [
      "规定(2018-01-01).md",
      md("某某程序规定", ["本规定自2018年1月1日起施行。2008年发布的《某某程序规定》同时废止。"]),
    ],
  ]);
  assert.equal(resolveStatuses(records, "2026-01-01")[0].status, "现行有效");
});

Deno.test("assembleLaws(): one file filed in two folders is a duplicate, not one law with every article twice", async () => {
  const text = md("中华人民共和国广告法", ["广告。", "发布。"], "2021年4月29日 修正");
  const parsed = [
    parseLawFile(text, "广告法(2021-04-29).md", "经济法"),
    parseLawFile(text, "广告法(2021-04-29).md", "行政法"),
  ];
  let n = 0;
  const { laws, duplicates } = await assembleLaws(parsed, { now: 1, newId: () => `id${++n}` });
  assert.deepEqual(laws.map((l) => [l.record.title, l.record.articleCount, l.record.sources.length]), [
    ["中华人民共和国广告法", 2, 1],
  ]);
  assert.deepEqual(duplicates, [{ source: "广告法(2021-04-29).md", of: "中华人民共和国广告法" }]);
});
