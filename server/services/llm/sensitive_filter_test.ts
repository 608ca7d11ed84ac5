import assert from "node:assert/strict";
import { createMaskSession } from "./pii_mask.ts";
import { chainRewriters, createWordFilter } from "./sensitive_filter.ts";

function streamAll(pieces: string[], rw: ReturnType<typeof createWordFilter>): string {
  const s = rw.stream();
  return pieces.map((p) => s.push(p)).join("") + s.flush();
}

Deno.test("createWordFilter() replaces leftmost-longest, case-insensitively", () => {
  const f = createWordFilter([
    { word: "赌博", replacement: "[A]" },
    { word: "赌博网站", replacement: "[B]" },
    { word: "VPN", replacement: "[C]" },
  ]);
  assert.equal(f.apply("开设赌博网站和赌博，用vpn"), "开设[B]和[A]，用[C]");
  assert.equal(f.apply("没有敏感词"), "没有敏感词");
});

Deno.test("the streamed filter catches words split at every possible point", () => {
  const f = createWordFilter([{ word: "赌博", replacement: "某" }, {
    word: "赌博网站",
    replacement: "某站",
  }]);
  const text = "甲赌博网站乙赌博丙赌";
  const expected = f.apply(text);
  assert.equal(expected, "甲某站乙某丙赌");
  for (let i = 1; i < text.length; i++) {
    for (let j = i; j < text.length; j++) {
      assert.equal(streamAll([text.slice(0, i), text.slice(i, j), text.slice(j)], f), expected, `${i},${j}`);
    }
  }
  // One character at a time.
  assert.equal(streamAll([...text], f), expected);
});

Deno.test("masking gives each number one placeholder and the restorer puts it back, split anywhere", () => {
  const m = createMaskSession();
  const masked = m.mask(
    "甲身份证11010119900307123X，乙身份证110101199003071234，甲再次110101199003071234；电话138-1234-5678，" +
      "座机0571-88886666，卡号6222021234567890123，金额50000元，案号（2024）浙0106民初1234号",
  );
  assert.equal(
    masked,
    "甲身份证〔身份证1〕，乙身份证〔身份证2〕，甲再次〔身份证2〕；电话〔手机号1〕，座机〔电话1〕，卡号〔银行卡1〕，" +
      "金额50000元，案号（2024）浙0106民初1234号",
  );
  const answer = "〔身份证2〕与【身份证1】，[手机号1]，〔银行卡1〕，〔身份证9〕";
  const expected = "110101199003071234与11010119900307123X，138-1234-5678，6222021234567890123，〔身份证9〕";
  assert.equal(m.restorer.apply(answer), expected);
  for (let i = 1; i < answer.length; i++) {
    const s = m.restorer.stream();
    assert.equal(s.push(answer.slice(0, i)) + s.push(answer.slice(i)) + s.flush(), expected, String(i));
  }
});

Deno.test("chained filter and restorer work on one stream", () => {
  const m = createMaskSession();
  m.mask("13812345678");
  const rw = chainRewriters(createWordFilter([{ word: "机密", replacement: "**" }]), m.restorer);
  const s = rw.stream();
  const out = ["机", "密号码〔手", "机号1", "〕"].map((p) => s.push(p)).join("") + s.flush();
  assert.equal(out, "**号码13812345678");
});
