import assert from "node:assert/strict";
import { makeTextPdf, PAGE_LINES, renderPage } from "../../../scripts/make_ocr_fixtures.ts";
import { parseBboxLayout } from "./poppler.ts";
import { writeSearchablePdf } from "./searchable_pdf.ts";
import type { LineBox } from "./types.ts";
import { requireTool } from "../../../tests/helpers/require_tool.ts";

async function pdftotext(pdf: Uint8Array, args: string[]): Promise<{ text: string; stderr: string }> {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeFile(`${dir}/a.pdf`, pdf);
    const out = await new Deno.Command(requireTool("pdftotext"), { args: [...args, `${dir}/a.pdf`, "-"] })
      .output();
    return { text: new TextDecoder().decode(out.stdout), stderr: new TextDecoder().decode(out.stderr) };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("writeSearchablePdf: the image with every line as invisible text, in its box, Latin and CJK", async () => {
  const png = await renderPage(await makeTextPdf(), 1, 100); // 827 × 1169 px
  const lines = PAGE_LINES.map((text, i) => ({
    text,
    box: [80, 100 + i * 40, 700, 125 + i * 40] as LineBox,
  }));
  const pdf = await writeSearchablePdf([{ image: png, width: 827, height: 1169, lines }, {
    image: png,
    width: 827,
    height: 1169,
    lines: [{ text: "第二页 ¥125,000.00", box: [100, 500, 400, 530] }],
  }]);
  const plain = await pdftotext(pdf, []);
  assert.equal(plain.stderr, "", "poppler reads the fonts without complaint");
  for (const line of PAGE_LINES) assert.ok(plain.text.includes(line), line);
  assert.ok(plain.text.includes("第二页 ¥125,000.00"));
  // Positions: page 2's words sit in the box given (pixels at 150 dpi-equivalent → points × 72/150).
  const pages = parseBboxLayout((await pdftotext(pdf, ["-bbox-layout"])).text);
  assert.equal(pages.length, 2);
  const [x0, y0, x1, y1] = pages[1].lines[0].box;
  const f = 72 / 150;
  assert.ok(Math.abs(x0 - 100 * f) < 3 && Math.abs(x1 - 400 * f) < 6, `${x0} ${x1}`);
  assert.ok(y0 >= 500 * f - 4 && y1 <= 530 * f + 4, `${y0} ${y1}`);
});
