import assert from "node:assert/strict";
import { parseTesseractTsv } from "./tesseract.ts";

const HEAD = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext";

Deno.test("parseTesseractTsv: words grouped by line, CJK joined without spaces, confidences scaled to 0..1", () => {
  const tsv = [
    HEAD,
    "1\t1\t0\t0\t0\t0\t0\t0\t1000\t1400\t-1\t",
    "5\t1\t1\t1\t1\t1\t100\t100\t40\t20\t96\t联系",
    "5\t1\t1\t1\t1\t2\t142\t100\t40\t20\t90\t电话：",
    "5\t1\t1\t1\t1\t3\t190\t101\t120\t20\t84\t13857162234",
    "5\t1\t1\t1\t2\t1\t100\t140\t40\t20\t70\tDK",
    "5\t1\t1\t1\t2\t2\t150\t140\t40\t20\t80\t2023",
  ].join("\n");
  const lines = parseTesseractTsv(tsv);
  assert.deepEqual(lines.map((l) => l.text), ["联系电话：13857162234", "DK 2023"]);
  assert.deepEqual(lines[0].box, [100, 100, 310, 121]);
  assert.ok(lines.every((l) => l.confidence > 0 && l.confidence <= 1));
});
