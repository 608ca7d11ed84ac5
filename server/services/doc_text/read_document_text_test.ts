import assert from "node:assert/strict";
import { appErrorOf } from "../../../tests/helpers/app_error.ts";
import type { AppError } from "../../errors.ts";
import {
  characterErrorRate,
  degradeToPhoto,
  makeBombPng,
  makeDocx,
  makeImageDocx,
  makeImagePdf,
  makeManyPagePdf,
  makeMixedPdf,
  makeTextPdf,
  makeXlsx,
  makeZipBombDocx,
  PAGE_LINES,
  renderPage,
  SECOND_PAGE_LINES,
  withExifOrientation,
} from "../../../scripts/make_ocr_fixtures.ts";
import { createOcrEngine, createTesseractEngine } from "../ocr/ocr_pool.ts";
import { createPdfConverter } from "../pdf/libreoffice_pool.ts";
import { requireTool } from "../../../tests/helpers/require_tool.ts";
import { buildSearchablePdf, readDocumentText } from "./read_document_text.ts";
import { documentPlainText } from "./types.ts";

const TRUTH = PAGE_LINES.join("\n");
const tesseract = createTesseractEngine();

async function rejectsWith(code: string, fn: () => Promise<unknown>): Promise<AppError> {
  const err = await appErrorOf(fn());
  assert.equal(err.code, code, err.message);
  return err;
}

function includes(text: string, part: string): void {
  assert.ok(text.includes(part), `expected ${JSON.stringify(part)} in:\n${text}`);
}

function less(a: number, b: number, what = ""): void {
  assert.ok(a < b, `${what} expected ${a} < ${b}`);
}

Deno.test("a text PDF is read from its text layer: every line, in order, with boxes in points", async () => {
  const doc = await readDocumentText({}, { bytes: await makeTextPdf(), fileName: "起诉状.pdf" });
  assert.deepEqual(doc.kind, "pdf");
  assert.deepEqual(doc.pages.length, 1);
  const page = doc.pages[0];
  assert.deepEqual(page.method, "pdf_text");
  assert.deepEqual(page.lines.map((l) => l.text), PAGE_LINES);
  assert.deepEqual(page.width, 595);
  for (const line of page.lines) {
    assert.deepEqual(line.confidence, 1);
    assert.ok(
      line.box && line.box[0] >= 0 && line.box[2] <= 595 && line.box[1] < line.box[3],
      JSON.stringify(line),
    );
  }
  // Top to bottom.
  assert.ok(page.lines[1].box![1] > page.lines[0].box![1]);
  assert.deepEqual(doc.warnings, []);
});

Deno.test("an image-only PDF page is rendered and recognised (Tesseract engine): key facts come back", async () => {
  const scan = await renderPage(await makeTextPdf(), 1, 200);
  const doc = await readDocumentText({ ocr: tesseract }, {
    bytes: await makeImagePdf([{ png: scan }]),
    fileName: "扫描件.pdf",
  });
  const page = doc.pages[0];
  assert.deepEqual(page.method, "ocr");
  assert.deepEqual(page.engine, "tesseract");
  assert.ok(page.width! <= 1754 && page.height! <= 1754 && Math.max(page.width!, page.height!) === 1754);
  const text = documentPlainText(doc);
  for (const key of ["330106198503120017", "13857162234", "330102197911050035"]) includes(text, key);
  less(characterErrorRate(TRUTH, text), 0.1);
  for (const line of page.lines) {
    assert.ok(line.confidence >= 0 && line.confidence <= 1);
    assert.ok(line.box![2] <= page.width! + 1 && line.box![3] <= page.height! + 1);
  }
  // The fallback engine is named to the user.
  includes(doc.warnings.join(""), "Tesseract");
});

Deno.test("a .docx gives its paragraphs and table rows in document order", async () => {
  const doc = await readDocumentText({}, { bytes: makeDocx(), fileName: "起诉状.docx" });
  assert.deepEqual(doc.pages.length, 1);
  const texts = doc.pages[0].lines.map((l) => l.text);
  const half = Math.ceil(PAGE_LINES.length / 2);
  assert.deepEqual(texts, [
    ...PAGE_LINES.slice(0, half),
    "借款金额  ¥125,000.00",
    "借款日期  2022年12月8日",
    ...PAGE_LINES.slice(half),
  ]);
  assert.ok(
    doc.pages[0].lines.every((l) => l.method === "docx" && l.confidence === 1 && l.box === undefined),
  );
});

Deno.test("a .docx holding only a scanned picture: the picture is recognised, and a searchable PDF can be made", async () => {
  const scan = await renderPage(await makeTextPdf(), 1, 150);
  const bytes = makeImageDocx(scan);
  const doc = await readDocumentText({ ocr: tesseract }, { bytes, fileName: "扫描件.docx" });
  assert.deepEqual(doc.pages.map((p) => p.method), ["ocr"]);
  includes(documentPlainText(doc), "330106198503120017");
  const pdf = await buildSearchablePdf({ ocr: tesseract }, { bytes, fileName: "扫描件.docx", doc });
  includes(await pdftotext(pdf), "330106198503120017");
});

Deno.test("an .xlsx gives one page per worksheet and 表头：值 lines per row, number formats kept", async () => {
  const doc = await readDocumentText({}, { bytes: makeXlsx(), fileName: "转账记录.xlsx" });
  assert.deepEqual(doc.pages.map((p) => p.sheetName), ["转账记录", "联系人"]);
  assert.deepEqual(doc.pages[0].lines.map((l) => l.text), [
    "银行转账记录",
    "交易时间：2022-12-08 10:15，付款人：张晓明，收款人：李建国，交易金额（元）：125,000.00，备注：借款",
    "交易时间：2023-03-01 09:00，付款人：李建国，收款人：张晓明，交易金额（元）：5,000.00，备注：还款",
  ]);
  assert.deepEqual(doc.pages[1].lines.map((l) => l.text), ["姓名：张晓明，电话：13857162234"]);
  assert.ok(doc.pages.every((p) => p.method === "sheet"));
  // The old binary .xls reads the same.
  const xls = await readDocumentText({}, { bytes: makeXlsx("biff8"), fileName: "转账记录.xls" });
  assert.deepEqual(
    xls.pages.map((p) => p.lines.map((l) => l.text)),
    doc.pages.map((p) => p.lines.map((l) => l.text)),
  );
});

Deno.test("hostile files are refused fast with a Chinese message", async (t) => {
  await t.step("a decompression-bomb PNG (60 000 × 60 000) is refused from its header", async () => {
    const started = performance.now();
    const err = await rejectsWith(
      "DOC_TEXT_IMAGE_TOO_LARGE",
      () => readDocumentText({ ocr: tesseract }, { bytes: makeBombPng(), fileName: "bomb.png" }),
    );
    includes(err.message, "60000×60000");
    less(performance.now() - started, 5_000);
  });
  await t.step("a PDF of 5 000 pages is refused by its page count", async () => {
    const bytes = await makeManyPagePdf(5000);
    const started = performance.now();
    const err = await rejectsWith(
      "DOC_TEXT_TOO_MANY_PAGES",
      () => readDocumentText({ ocr: tesseract }, { bytes, fileName: "many.pdf" }),
    );
    includes(err.message, "5000页");
    less(performance.now() - started, 5_000);
  });
  await t.step("a zip bomb .docx is refused from its central directory", async () => {
    const err = await rejectsWith(
      "DOC_TEXT_UNREADABLE",
      () => readDocumentText({}, { bytes: makeZipBombDocx(), fileName: "bomb.docx" }),
    );
    includes(err.message, "压缩炸弹");
  });
  await t.step("a file that is not what its name says", async () => {
    const junk = new TextEncoder().encode("not a pdf at all");
    await rejectsWith("DOC_TEXT_UNREADABLE", () => readDocumentText({}, { bytes: junk, fileName: "x.pdf" }));
    await rejectsWith("FILE_PARSE_FAILED", () => readDocumentText({}, { bytes: junk, fileName: "x.docx" }));
    await rejectsWith("FILE_PARSE_FAILED", () => readDocumentText({}, { bytes: junk, fileName: "x.jpg" }));
    await rejectsWith(
      "DOC_TEXT_TYPE_UNSUPPORTED",
      () => readDocumentText({}, { bytes: junk, fileName: "x.exe" }),
    );
  });
  await t.step("the time limit per file", async () => {
    const scan = await renderPage(await makeTextPdf(), 1, 100);
    await rejectsWith(
      "DOC_TEXT_TIMEOUT",
      () => readDocumentText({ ocr: tesseract }, { bytes: scan, fileName: "scan.png", timeoutMs: 1 }),
    );
  });
});

Deno.test({
  name: "a .doc goes through the LibreOffice pool and comes back as Word lines",
  fn: async () => {
    requireTool("libreoffice");
    const workDir = await Deno.makeTempDir({ prefix: "doc-text-test-" });
    const pdf = createPdfConverter({ workDir, processes: 1 });
    try {
      await pdf.ready();
      const bytes = await Deno.readFile(new URL("../../../tests/fixtures/ocr/text.doc", import.meta.url));
      const doc = await readDocumentText({ pdf }, { bytes, fileName: "旧版起诉状.doc" });
      assert.deepEqual(doc.kind, "doc");
      const text = documentPlainText(doc);
      for (const line of PAGE_LINES) includes(text.replace(/\s/g, ""), line.replace(/\s/g, ""));
      includes(text, "借款金额");
      assert.ok(doc.pages.every((p) => p.method === "docx"));
    } finally {
      await pdf.close();
      await Deno.remove(workDir, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test("PaddleOCR (the default engine): mixed PDF, a sideways phone photo, EXIF, a searchable PDF", async (t) => {
  const ocr = createOcrEngine({ processes: 1 });
  try {
    assert.deepEqual(
      await ocr.ready(),
      "paddle",
      "the PaddleOCR models must be installed by scripts/setup.sh",
    );
    const textPdf = await makeTextPdf();
    const scan = await renderPage(textPdf, 1, 200);

    await t.step("a mixed PDF: page 1 recognised, page 2 from its text layer", async () => {
      const doc = await readDocumentText({ ocr }, { bytes: await makeMixedPdf(scan), fileName: "混合.pdf" });
      assert.deepEqual(doc.pages.map((p) => p.method), ["ocr", "pdf_text"]);
      assert.deepEqual(doc.pages[0].engine, "paddle");
      const page1 = doc.pages[0].lines.map((l) => l.text).join("\n");
      less(characterErrorRate(TRUTH, page1), 0.02);
      includes(page1, "壹拾贰万伍仟元整");
      assert.deepEqual(doc.pages[1].lines.map((l) => l.text), SECOND_PAGE_LINES);
      assert.deepEqual(doc.warnings, []);
    });

    const photo = degradeToPhoto(await renderPage(textPdf, 1, 150), { turn: 90, tiltDegrees: 1.5 });
    await t.step("a phone photo taken sideways and tilted is turned upright and read", async () => {
      const doc = await readDocumentText({ ocr }, {
        bytes: photo,
        fileName: "借条照片.jpg",
        keepPageImages: true,
      });
      const page = doc.pages[0];
      assert.deepEqual(page.engine, "paddle");
      assert.deepEqual(page.turned, 270);
      // Upright: the page is taller than wide again, and the lines come top to bottom.
      assert.ok(page.height! > page.width!);
      assert.deepEqual(page.lines[0].text, "民事起诉状");
      less(characterErrorRate(TRUTH, documentPlainText(doc)), 0.05);
      assert.deepEqual(doc.pageImages?.length, 1);
      assert.deepEqual(doc.pageImages![0].width, page.width);

      // The searchable PDF: the page image with the recognised text selectable.
      const pdf = await buildSearchablePdf({ ocr }, { bytes: photo, fileName: "借条照片.jpg", doc });
      const back = await pdftotext(pdf);
      for (const key of ["330106198503120017", "13857162234", "民事起诉状"]) includes(back, key);
      less(characterErrorRate(documentPlainText(doc), back), 0.02);
    });

    await t.step("EXIF orientation is applied before anything else", async () => {
      // The pixels lie on their side (turned 90° clockwise) and EXIF 8 says: turn back 90° counter-clockwise.
      const sideways = degradeToPhoto(await renderPage(textPdf, 1, 150), {
        turn: 90,
        tiltDegrees: 0,
        noise: 4,
      });
      const doc = await readDocumentText({ ocr }, {
        bytes: withExifOrientation(sideways, 8),
        fileName: "exif.jpg",
      });
      assert.deepEqual(doc.pages[0].turned, undefined);
      assert.deepEqual(doc.pages[0].lines[0].text, "民事起诉状");
    });
  } finally {
    await ocr.close();
  }
});

async function pdftotext(pdf: Uint8Array): Promise<string> {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeFile(`${dir}/a.pdf`, pdf);
    const out = await new Deno.Command(requireTool("pdftotext"), {
      args: [`${dir}/a.pdf`, "-"],
      stdout: "piped",
      stderr: "null",
    })
      .output();
    return new TextDecoder().decode(out.stdout);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
