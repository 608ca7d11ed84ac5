import assert from "node:assert/strict";
import { parseLawFile } from "./parse_markdown.ts";

const LIB = new URL("../../../../shared/data/laws/", import.meta.url);

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split("\n").filter((l) => l.trim() !== "")) {
    const cells: string[] = [];
    let cur = "";
    let quoted = false;
    for (const ch of line) {
      if (ch === '"') quoted = !quoted;
      else if (ch === "," && !quoted) {
        cells.push(cur);
        cur = "";
      } else cur += ch;
    }
    cells.push(cur);
    rows.push(cells);
  }
  return rows;
}

Deno.test({
  name: "every library file parses to the article count of library-index.csv",
  fn: async () => {
    const index = new URL("library-index.csv", LIB);
    const text = await Deno.readTextFile(index).catch(() => {
      throw new Error(
        `the shared law library is missing: ${index.pathname} (clone ../shared beside the project)`,
      );
    });
    const rows = parseCsv(text);
    const header = rows.shift()!;
    const pathCol = header.indexOf("path");
    const countCol = header.indexOf("articles");
    const titleCol = header.indexOf("title");
    assert.equal(rows.length, 117);
    let total = 0;
    for (const row of rows) {
      const text = await Deno.readTextFile(new URL(row[pathCol], LIB));
      const parsed = parseLawFile(text, row[pathCol].split("/").pop()!);
      assert.equal(parsed.articles.length, Number(row[countCol]), row[pathCol]);
      assert.equal(parsed.title, row[titleCol], row[pathCol]);
      total += parsed.articles.length;
    }
    assert.equal(total, 7977);
  },
});

Deno.test("parser: zero-width spaces, ASCII item brackets, headings as path, history dates", () => {
  const md = [
    "# 中华人民共和国测试法",
    "",
    "2020年5月28日 第十三届全国人民代表大会第三次会议通过",
    "\u200b",
    "2021年1月1日 施行",
    "<!-- INFO END -->",
    "## 第一编 总 则",
    "### 第一章 一般规定",
    "第一条 为了测试，制定本法。",
    "\u200b",
    "第二条 有下列情形之一的：",
    "(一)甲；",
    "（二）乙。",
    "### 第二章 其他",
    "第三条之一 插入的条文。",
  ].join("\n");
  const p = parseLawFile(md, "测试法(2021-01-01).md");
  assert.equal(p.title, "中华人民共和国测试法");
  assert.equal(p.articles.length, 3);
  assert.deepEqual(p.articles[1].paragraphs, ["有下列情形之一的：", "（一）甲；", "（二）乙。"]);
  assert.deepEqual(p.articles[0].path, ["第一编 总 则", "第一章 一般规定"]);
  assert.deepEqual(p.articles[2].path, ["第一编 总 则", "第二章 其他"]);
  assert.equal(p.articles[2].number, "第三条之一");
  assert.equal(p.articles[2].sub, 1);
  assert.equal(p.effectiveDate, "2021-01-01");
  assert.equal(p.publishDate, "2020-05-28");
  assert.equal(p.fileDate, "2021-01-01");
});

Deno.test("parser: plain text without Markdown marks", () => {
  const p = parseLawFile(
    "某某条例\n2010年1月1日 公布\n第一章 总则\n第一条　为了规范。\n第二条　本条例适用于。\n",
    "x.txt",
  );
  assert.equal(p.title, "某某条例");
  assert.equal(p.articles.length, 2);
  assert.deepEqual(p.articles[0].path, ["第一章 总则"]);
});
