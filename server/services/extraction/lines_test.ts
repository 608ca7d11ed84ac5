import assert from "node:assert/strict";
import type { DocumentText, LineBox, TextLine } from "../doc_text/types.ts";
import { buildLogicalLines, sourceOf } from "./lines.ts";
import { readDocumentFacts } from "./rules_extractor.ts";

function ocrLine(text: string, box: LineBox): TextLine {
  return { text, box, confidence: 0.95, method: "ocr" };
}

/** A scanned 起诉状 whose plaintiff's address runs onto the next line of the scan. */
const WRAPPED_SCAN: DocumentText = {
  fileName: "起诉状.jpg",
  kind: "jpg",
  warnings: [],
  pages: [{
    page: 1,
    width: 1000,
    height: 1400,
    method: "ocr",
    lines: [
      ocrLine("民事起诉状", [400, 50, 600, 90]),
      ocrLine("原告：李四，男，1980年1月1日出生，汉族，住浙江省杭州市西湖区文三", [100, 120, 900, 150]),
      ocrLine("路478号华星时代广场A座1201室。", [100, 160, 520, 190]),
      ocrLine("被告：张三，男，1985年3月2日出生，住杭州市上城区解放路8号。", [100, 200, 880, 230]),
      ocrLine("诉讼请求：", [100, 240, 260, 270]),
    ],
  }],
};

const bare = (s: string) => s.replace(/\s/g, "");

Deno.test("sourceOf() of a value a scan wrapped onto the next line carries both lines: snippet, union box, each box", () => {
  const plaintiff = readDocumentFacts(WRAPPED_SCAN).parties.find((p) => p.attrs.name?.value === "李四");
  const address = plaintiff?.attrs.address;
  assert.equal(address?.value, "浙江省杭州市西湖区文三路478号华星时代广场A座1201室");
  assert.equal(address.source.line, 2);
  assert.ok(address.source.snippet.includes(address.value), address.source.snippet);
  assert.deepEqual(address.source.box, [100, 120, 900, 190]);
  assert.deepEqual(address.source.boxes, [[100, 120, 900, 150], [100, 160, 520, 190]]);
  // The name on the same line stays one line.
  assert.deepEqual(plaintiff!.attrs.name!.source.box, [100, 120, 900, 150]);
  assert.equal(plaintiff!.attrs.name!.source.boxes, undefined);
});

Deno.test("sourceOf() without the value, or with one that ends on its line, keeps one line", () => {
  const lines = buildLogicalLines(WRAPPED_SCAN);
  const joined = lines.find((l) => l.parts.length === 2)!;
  const at = joined.text.indexOf("浙江省");
  const alone = sourceOf(joined, { fileName: "起诉状.jpg", at });
  assert.equal(alone.snippet, WRAPPED_SCAN.pages[0].lines[1].text);
  assert.deepEqual(alone.box, [100, 120, 900, 150]);
  const short = sourceOf(joined, { fileName: "起诉状.jpg", at, value: "浙江省杭州市" });
  assert.equal(short.boxes, undefined);
  // A value not printed as read (a date read as ISO) keeps the line of its printed start.
  const date = sourceOf(joined, {
    fileName: "起诉状.jpg",
    at: joined.text.indexOf("1980"),
    value: "1980-01-01",
  });
  assert.deepEqual(date.box, [100, 120, 900, 150]);
  // The value's tail on the next line, found from the wrapped line's start.
  const tail = sourceOf(joined, {
    fileName: "起诉状.jpg",
    at: joined.text.indexOf("华星"),
    value: "华星时代广场",
  });
  assert.equal(tail.line, 3);
  assert.deepEqual(tail.box, [100, 160, 520, 190]);
});

Deno.test("sourceOf() follows a text-layer table cell wrapped onto a short line of its own", async () => {
  const dir = new URL("../../../tests/fixtures/extraction_text_pdf/", import.meta.url);
  const read = async (file: string) =>
    JSON.parse(await Deno.readTextFile(new URL(file, dir))) as DocumentText;
  const report = readDocumentFacts(await read("credit_report_wrapped_name.json"));
  const name = report.parties[0].attrs.name!;
  assert.equal(name.value, "招商银行股份有限公司武汉洪山支行");
  assert.ok(bare(name.source.snippet).includes(name.value), name.source.snippet);
  assert.deepEqual(name.source.boxes, [[72.6, 131.2, 507.6, 144.9], [402.6, 146.3, 465.6, 160]]);
  assert.deepEqual(name.source.box, [72.6, 131.2, 507.6, 160]);
  const licence = readDocumentFacts(await read("licence_wrapped_address.json"));
  const address = licence.parties[0].attrs.address!;
  assert.ok(bare(address.source.snippet).includes(address.value), address.source.snippet);
  assert.equal(address.source.boxes?.length, 2);
});
