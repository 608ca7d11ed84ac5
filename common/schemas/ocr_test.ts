import assert from "node:assert/strict";
import { ocrTemplateBody, pickOcrFiles } from "./ocr.ts";

const f = (name: string, size = 10) => ({ name, size });

Deno.test("pickOcrFiles() keeps allowed types under 10 MB, ignores duplicate names, stops at 50", () => {
  const first = pickOcrFiles([], [
    f("a.PDF"),
    f("b.doc"),
    f("c.png", 10 * 1024 * 1024 + 1),
    f("d.jpeg"),
    f("a.PDF"),
  ]);
  assert.deepEqual(first.files.map((x) => x.name), ["a.PDF", "d.jpeg"]);
  assert.deepEqual(first.rejected, [
    "b.doc：只支持PDF、Word、Excel和图片(PNG/JPG)文件",
    "c.png：文件大小不能超过 10MB",
  ]);
  const again = pickOcrFiles(first.files, [f("a.PDF", 99), f("e.xls")]);
  assert.deepEqual(again.files.map((x) => x.name), ["a.PDF", "d.jpeg", "e.xls"]);
  assert.equal(again.files[0].size, 10, "the duplicate name is ignored, not replaced");
  const many = pickOcrFiles([], Array.from({ length: 52 }, (_, i) => f(`${i}.jpg`)));
  assert.equal(many.files.length, 50);
  assert.deepEqual(many.rejected, ["最多只能上传50个文件"]);
});

Deno.test("ocrTemplateBody: names 2-50 after trimming, description up to 200, keys may be Chinese, fields must be a list", () => {
  const ok = { name: "ab", description: "x".repeat(200), fields: [{ label: "借款人", key: "借款人_1" }] };
  assert.equal(ocrTemplateBody.safeParse(ok).success, true);
  assert.equal(
    ocrTemplateBody.safeParse({ ...ok, name: "x".repeat(51) }).error?.issues[0].message,
    "模板名称长度为2-50个字符",
  );
  assert.equal(
    ocrTemplateBody.safeParse({ ...ok, name: "  a  " }).error?.issues[0].message,
    "模板名称长度为2-50个字符",
  );
  assert.equal(ocrTemplateBody.safeParse({ ...ok, fields: "not json" }).success, false);
});
