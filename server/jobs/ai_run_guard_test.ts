import assert from "node:assert/strict";
import { errorMessage } from "../../common/errors.ts";
import { LocalBlobStore } from "../blobs/local_blob_store.ts";
import { manualClock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import type { AppDeps } from "../deps.ts";
import { getOcrRun, type OcrRun } from "../kv/ocr_runs.ts";
import { getQuotas, setQuota } from "../kv/quotas.ts";
import { listUsageRecords } from "../kv/usage.ts";
import type { DocumentText } from "../services/doc_text/types.ts";
import { createDocxRenderPool } from "../services/docx/docx_render_pool.ts";
import type { AiTools } from "./ai_tools.ts";
import { startOcrRun } from "../services/ocr_runs/start_run.ts";
import { AI_JOB_MAX_ATTEMPTS, resumeAiRuns } from "./ai_run_guard.ts";
import { dispatchJob, startJobListener } from "./dispatch.ts";
import { jobHandlers } from "./handlers.ts";
import { makeOcrRunHandler } from "./ocr_run_job.ts";

const USER = { id: 7, username: "clerk" };

async function waitFor<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.fail(`timed out waiting for ${what}`);
}

Deno.test("resumeAiRuns(): at start a cut-off run resumes; one cut off too often, or never delivered, fails with its unsettled files refunded once", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ai-run-guard-" });
  const path = `${dir}/kv.sqlite3`;
  const blobs = new LocalBlobStore(`${dir}/blobs`);
  const clock = manualClock();
  const config = loadConfig({ DATA_DIR: dir });
  const docx = createDocxRenderPool({ size: 1 });
  const depsOf = (kv: Deno.Kv): AppDeps => ({
    kv,
    blobs,
    clock,
    config,
    mailer: { send: () => Promise.resolve() },
    signingKey: new Uint8Array(32),
    docx,
  });
  // Reading "HANG" never ends while the process is "alive": the stop happens in the middle of that file.
  let stopping = true;
  let reachedHang = () => {};
  const engines: AiTools = {
    readDocumentText(_deps, { bytes, fileName }): Promise<DocumentText> {
      const text = new TextDecoder().decode(bytes);
      if (stopping && text === "HANG") {
        reachedHang();
        return new Promise(() => {});
      }
      const lines = [{ text, confidence: 1, method: "docx" as const }];
      return Promise.resolve({
        fileName,
        kind: "docx",
        pages: [{ page: 1, lines, method: "docx" }],
        warnings: [],
      });
    },
    extractKeyFacts: (doc) => ({ fileName: doc.fileName, kind: "", facts: [] }),
    llm: () => Promise.resolve(null),
  };
  const handlers = { ...jobHandlers, "ocr.run": makeOcrRunHandler(engines) };
  const message = (run: OcrRun) => ({ type: "ocr.run" as const, runId: run.id, userId: run.userId });

  const first = await Deno.openKv(path);
  await setQuota(first, { userId: USER.id, kind: "ai", value: 10 });
  async function start(): Promise<OcrRun> {
    const body = new FormData();
    body.append("files", new File(["已读"], "a.docx"));
    body.append("files", new File(["HANG"], "b.docx"));
    const req = new Request("http://localhost/", { method: "POST", body });
    const { run } = await startOcrRun(depsOf(first), {
      user: USER,
      body: req.body,
      contentType: req.headers.get("content-type") ?? undefined,
    });
    return run;
  }
  const resumed = await start();
  const exhausted = await start();
  const undelivered = await start();
  assert.equal((await getQuotas(first, USER.id)).aiLimit, 4);

  // KV gave up delivering this one: it writes the message under the enqueue's keysIfUndelivered.
  await first.set(["ocr_runs_undelivered", undelivered.id], message(undelivered));
  first.close();

  // A "process" (its own KV connection, one at a time) takes the message, reads a.docx, and dies
  // inside b.docx: its handler never returns and its connection is gone.
  async function deliverAndDie(run: OcrRun): Promise<void> {
    const kv = await Deno.openKv(path);
    const reached = new Promise<void>((resolve) => reachedHang = resolve);
    dispatchJob(depsOf(kv), handlers, message(run)).catch(() => {});
    await reached;
    kv.close();
  }
  await deliverAndDie(resumed);
  for (let i = 0; i < AI_JOB_MAX_ATTEMPTS; i++) await deliverAndDie(exhausted);

  // The restart.
  stopping = false;
  const kv = await Deno.openKv(path);
  try {
    const deps = depsOf(kv);
    assert.deepEqual(await resumeAiRuns(deps), { resumed: 1, failed: 2 });
    const interrupted = errorMessage("AI_RUN_INTERRUPTED");
    assert.equal(interrupted, "服务器重启，处理已中断。未处理文件的AI使用次数已退还");
    const ex = (await getOcrRun(kv, exhausted.id))!;
    assert.deepEqual([ex.status, ex.error, ex.files.map((f) => f.status)], [
      "failed",
      interrupted,
      ["completed", "failed"],
    ]);
    const un = (await getOcrRun(kv, undelivered.id))!;
    assert.deepEqual([un.status, un.error, un.files.map((f) => f.status)], [
      "failed",
      interrupted,
      ["failed", "failed"],
    ]);
    assert.equal((await getQuotas(kv, USER.id)).aiLimit, 7, "b.docx of one run and both files of the other");
    assert.equal((await kv.get(["ocr_runs_undelivered", undelivered.id])).versionstamp, null);

    // Again (a second start before anything ran): nothing more fails or is refunded.
    assert.deepEqual(await resumeAiRuns(deps), { resumed: 1, failed: 0 });
    assert.equal((await getQuotas(kv, USER.id)).aiLimit, 7);

    // The queue runs: the cut-off run finishes where it stopped; the late messages change nothing.
    const listener = startJobListener(deps, handlers);
    const done = await waitFor(
      "the resumed run",
      () => getOcrRun(kv, resumed.id),
      (r) => r?.status === "completed",
    );
    assert.deepEqual(done?.files.map((f) => f.status), ["completed", "completed"]);
    await waitFor("the queue to drain", async () => {
      const markers = await Array.fromAsync(kv.list({ prefix: ["ai_jobs_running"] }));
      return markers.length;
    }, (n) => n === 0);
    assert.deepEqual(await resumeAiRuns(deps), { resumed: 0, failed: 0 });
    assert.equal((await getQuotas(kv, USER.id)).aiLimit, 7);
    assert.deepEqual((await getOcrRun(kv, exhausted.id))?.status, "failed");
    const { records } = await listUsageRecords(kv, { userId: USER.id, pageSize: 20 });
    assert.deepEqual(records.map((r) => `${r.type}:${r.status}`).sort(), [
      "aiocr:failed",
      "aiocr:failed",
      "aiocr:failed",
      "aiocr:success",
      "aiocr:success",
      "aiocr:success",
    ]);
    kv.close();
    await listener;
  } finally {
    try {
      kv.close();
    } catch { /* closed above */ }
    docx.close();
    await Deno.remove(dir, { recursive: true });
  }
});
