import assert from "node:assert/strict";
import { errorMessage } from "../../common/errors.ts";
import { AppError } from "../errors.ts";
import type { DocumentText } from "../services/doc_text/types.ts";
import { testApp } from "../../tests/helpers/test_app.ts";
import { testAiTools } from "../../tests/helpers/ai_tools.ts";
import { readRunFiles, type RunFile } from "./read_run_files.ts";

function docOf(fileName: string, pages: number): DocumentText {
  const lines = (page: number) => [{ text: `第${page}页`, confidence: 1, method: "ocr" as const }];
  return {
    fileName,
    kind: "pdf",
    pages: Array.from(
      { length: pages },
      (_, i) => ({ page: i + 1, lines: lines(i + 1), method: "ocr" as const }),
    ),
    warnings: [],
  };
}

/** Resolves when `seen()` holds, or fails after a second (the loop did not report in time). */
async function until(what: string, seen: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !seen(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(seen(), `timed out waiting for ${what}`);
}

Deno.test("readRunFiles() stores each page's progress while the file is read, before reading the next page and before settling", async () => {
  using t = await testApp();
  await t.deps.blobs.put("run/a.pdf", new Uint8Array([1]));
  const events: string[] = [];
  const tools = testAiTools({
    async readDocumentText(_deps, input) {
      for (let page = 1; page <= 3; page++) {
        input.onPage?.({ pagesDone: page, pagesTotal: 3 });
        // The next page is read only once this one's progress is stored: a loop that reported pages
        // only at the end would leave this waiting.
        if (page < 3) await until(`page ${page}`, () => events.includes(`pages ${page}/3`));
        events.push(`read ${page}`);
      }
      return docOf(input.fileName, 3);
    },
  });
  await readRunFiles<RunFile>(t.deps, {
    files: [{ index: 0, fileName: "a.pdf", blobKey: "run/a.pdf" }],
    tools,
    steps: {
      area: "test",
      missing: "OCR_RUN_NOT_FOUND",
      markProcessing: (f) => Promise.resolve(events.push(`processing ${f.fileName}`)),
      // A slow store: the last page's write still has to land before the file settles.
      markPages: async (_f, p) => {
        await new Promise((r) => setTimeout(r, 5));
        events.push(`pages ${p.pagesDone}/${p.pagesTotal}`);
      },
      settleSuccess: (f, doc) =>
        Promise.resolve(events.push(`read ${f.fileName}: ${doc.pages.length} pages`)),
      settleFailure: (f, error) => Promise.resolve(events.push(`failed ${f.fileName}: ${error}`)),
    },
  });
  assert.deepEqual(events, [
    "processing a.pdf",
    "pages 1/3",
    "read 1",
    "pages 2/3",
    "read 2",
    "read 3",
    "pages 3/3",
    "read a.pdf: 3 pages",
  ]);
});

Deno.test("readRunFiles() settles a file failed with its reason: a missing upload, a refusal, anything else hidden", async () => {
  using t = await testApp();
  for (const name of ["refused.pdf", "broken.pdf", "fine.pdf"]) {
    await t.deps.blobs.put(`run/${name}`, new Uint8Array([1]));
  }
  const outcomes: string[] = [];
  const tools = testAiTools({
    readDocumentText(_deps, { fileName }) {
      if (fileName === "refused.pdf") {
        return Promise.reject(new AppError("FILE_PARSE_FAILED", { reason: "文件已损坏" }));
      }
      if (fileName === "broken.pdf") return Promise.reject(new Error("boom"));
      return Promise.resolve(docOf(fileName, 1));
    },
  });
  const files = ["gone.pdf", "refused.pdf", "broken.pdf", "fine.pdf"].map((fileName, index) => ({
    index,
    fileName,
    blobKey: `run/${fileName}`,
  }));
  const logged = console.error;
  console.error = () => {};
  try {
    await readRunFiles<RunFile>(t.deps, {
      files,
      tools,
      steps: {
        area: "test",
        missing: "OCR_RUN_NOT_FOUND",
        markProcessing: () => Promise.resolve(),
        markPages: () => Promise.resolve(),
        settleSuccess: (f) => Promise.resolve(outcomes.push(`${f.index} read`)),
        settleFailure: (f, error) => Promise.resolve(outcomes.push(`${f.index} ${error}`)),
      },
    });
  } finally {
    console.error = logged;
  }
  assert.deepEqual(outcomes, [
    `0 ${errorMessage("OCR_RUN_NOT_FOUND")}`,
    "1 文件解析失败：文件已损坏",
    "2 文件识别失败，文件可能已损坏",
    "3 read",
  ]);
});
