import { Hono } from "hono";
import type { OcrFileResultView } from "../../common/schemas/ocr.ts";
import type { AppDeps, AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { deleteOcrRun, getOcrRunOf, listOcrRuns, type OcrRun, toOcrRunView } from "../kv/ocr_runs.ts";
import { currentUser } from "../middleware/access.ts";
import { buildSearchablePdf } from "../services/doc_text/read_document_text.ts";
import { resultPlainText, type StoredOcrResult, toFileResultView } from "../services/ocr_runs/result_view.ts";
import { buildSimpleDocx, DOCX_MIME } from "../services/ocr_runs/simple_docx.ts";
import { startOcrRun } from "../services/ocr_runs/start_run.ts";
import { attachmentHeader } from "../services/templates/word_templates.ts";

async function ownRun(deps: AppDeps, userId: number, id: string): Promise<OcrRun> {
  const run = await getOcrRunOf(deps.kv, userId, id);
  if (!run) throw new AppError("OCR_RUN_NOT_FOUND");
  return run;
}

async function storedResult(
  deps: AppDeps,
  run: OcrRun,
  indexParam: string,
): Promise<{ stored: StoredOcrResult; file: OcrRun["files"][number] }> {
  const file = /^\d{1,3}$/.test(indexParam) ? run.files[Number(indexParam)] : undefined;
  if (!file) throw new AppError("OCR_RUN_NOT_FOUND");
  if (file.status !== "completed" || !file.resultKey) throw new AppError("OCR_RESULT_NOT_READY");
  const bytes = await deps.blobs.read(file.resultKey);
  if (!bytes) throw new AppError("OCR_RUN_NOT_FOUND");
  return { stored: JSON.parse(new TextDecoder().decode(bytes)) as StoredOcrResult, file };
}

function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

export const ocrRoutes = new Hono<AppEnv>()
  .post("/ocr/runs", async (c) => {
    const user = currentUser(c);
    const { run, left } = await startOcrRun(c.var.deps, {
      user,
      body: c.req.raw.body,
      contentType: c.req.header("content-type"),
    });
    return c.json({ success: true, run: toOcrRunView(run), limits: { aiLimit: left } }, 202);
  })
  .get("/ocr/runs", async (c) => {
    const runs = await listOcrRuns(c.var.deps.kv, currentUser(c).id);
    return c.json({ success: true, runs: runs.map(toOcrRunView) });
  })
  .get("/ocr/runs/:id", async (c) => {
    const run = await ownRun(c.var.deps, currentUser(c).id, c.req.param("id"));
    return c.json({ success: true, run: toOcrRunView(run) });
  })
  .delete("/ocr/runs/:id", async (c) => {
    const { deps } = c.var;
    const run = await ownRun(deps, currentUser(c).id, c.req.param("id"));
    await deleteOcrRun(deps.kv, run);
    await deps.blobs.deletePrefix(run.blobPrefix);
    return c.json({ success: true, message: "删除成功" });
  })
  .get("/ocr/runs/:id/files/:index", async (c) => {
    const run = await ownRun(c.var.deps, currentUser(c).id, c.req.param("id"));
    const { stored } = await storedResult(c.var.deps, run, c.req.param("index"));
    const result: OcrFileResultView = toFileResultView(stored.doc, stored.keyFacts);
    return c.json({ success: true, result });
  })
  .get("/ocr/runs/:id/files/:index/download/:format", async (c) => {
    const { deps } = c.var;
    const run = await ownRun(deps, currentUser(c).id, c.req.param("id"));
    const { stored, file } = await storedResult(deps, run, c.req.param("index"));
    const format = c.req.param("format");
    const base = baseName(file.fileName);
    const headers = { "cache-control": "private, no-store" };
    if (format === "txt") {
      const text = resultPlainText(toFileResultView(stored.doc, []));
      return c.body(text, 200, {
        ...headers,
        "content-type": "text/plain; charset=utf-8",
        "content-disposition": attachmentHeader(`${base}.txt`),
      });
    }
    if (format === "docx") {
      const blob = buildSimpleDocx(stored.doc.pages.map((p) => p.lines.map((l) => l.text)));
      return c.body(blob.stream(), 200, {
        ...headers,
        "content-type": DOCX_MIME,
        "content-disposition": attachmentHeader(`${base}.docx`),
      });
    }
    if (format === "pdf") {
      if (!file.scanned) throw new AppError("OCR_NOT_SCANNED");
      const bytes = await deps.blobs.read(file.blobKey);
      if (!bytes) throw new AppError("OCR_RUN_NOT_FOUND");
      const pdf = await buildSearchablePdf(deps, { bytes, fileName: file.fileName, doc: stored.doc });
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        ...headers,
        "content-type": "application/pdf",
        "content-disposition": attachmentHeader(`${base}-可搜索.pdf`),
      });
    }
    throw new AppError("NOT_FOUND");
  });
