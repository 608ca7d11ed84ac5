import assert from "node:assert/strict";
import { appErrorOf } from "../../../tests/helpers/app_error.ts";
import { makeTextPdf, renderPage } from "../../../scripts/make_ocr_fixtures.ts";
import { prepareImage } from "../doc_text/prepare_image.ts";
import { createOcrEngine, describeOcrSetup } from "./ocr_pool.ts";

const page = (await prepareImage(await renderPage(await makeTextPdf(), 1, 150))).pgm;

Deno.test("the pool: a page past its time limit kills its recogniser, the next page gets a new one", async () => {
  const ocr = createOcrEngine({ processes: 1, log: () => {} });
  try {
    assert.equal(await ocr.ready(), "paddle");
    const err = await appErrorOf(ocr.recognize(page, { timeoutMs: 5 }));
    assert.equal(err.code, "DOC_TEXT_TIMEOUT");
    assert.equal(ocr.stats().timeouts, 1);
    assert.equal(ocr.stats().processes, 0);
    const result = await ocr.recognize(page);
    assert.equal(result.engine, "paddle");
    assert.ok(result.lines.some((l) => l.text.includes("330106198503120017")));
    const stats = ocr.stats();
    assert.equal(stats.processes, 1);
    assert.equal(stats.pages, 1);
    // Memory per recogniser, as reported after the page (OCR-NOTES: ~1.6 GB; the cap is 2.5 GB).
    assert.ok(stats.peakRssBytes > 100e6 && stats.peakRssBytes < 2.5 * 1024 ** 3, String(stats.peakRssBytes));
  } finally {
    await ocr.close();
  }
});

Deno.test("when the PaddleOCR models cannot load, pages go to Tesseract and the server says so once", async () => {
  const said: string[] = [];
  const ocr = createOcrEngine({ modelsDir: "/nonexistent-models", log: (l) => said.push(l) });
  try {
    assert.equal(await ocr.ready(), "tesseract");
    assert.equal(said.length, 1);
    assert.match(said[0], /WARNING.*PaddleOCR.*Tesseract/);
    const result = await ocr.recognize(page);
    assert.equal(result.engine, "tesseract");
    assert.ok(result.lines.some((l) => l.text.includes("13857162234")));
    await ocr.recognize(page);
    assert.equal(said.length, 1);
  } finally {
    await ocr.close();
  }
});

Deno.test("describeOcrSetup names the engine at start without loading it", async () => {
  assert.match(await describeOcrSetup(), /^OCR: PaddleOCR PP-OCRv4 models found/);
  assert.match(await describeOcrSetup({ engine: "tesseract" }), /^OCR: Tesseract chi_sim/);
});
