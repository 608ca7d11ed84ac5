/**
 * The extraction wizard measured through its API (issue #11 "Numbers"): every case folder of
 * ../shared/data/extraction/ is sent to POST /api/ocr/process-batch with the set's template, rules only (no
 * model configured), and the merged results are scored by the set's own scorer.
 *
 *   deno run -A bench/ocr_extract_eval.ts [DATA_DIR] [--files N] [--doc-cache DIR]
 *
 * Without --files: one batch per case, prints seconds per case and the scorer's summary
 * (predictions in /tmp/ocr_extract_predictions.json). With --files N: one batch of N files taken across
 * the cases, prints the time from the end of the upload to the complete event. With --doc-cache DIR, a file
 * whose DocumentText is in DIR/<case>/<file>.json (the layout of `deno task eval-extraction --cache`) is not
 * read again, and files read are added there: for quick re-scoring (the per-case times then leave out reading).
 */
import type { OcrBatchEvent, OcrBatchResult } from "../common/schemas/ocr.ts";
import { dispatchJob } from "../server/jobs/dispatch.ts";
import { jobHandlers } from "../server/jobs/handlers.ts";
import { AI_TOOLS } from "../server/jobs/ai_tools.ts";
import { makeOcrExtractHandler } from "../server/jobs/ocr_extract_job.ts";
import type { DocumentText } from "../server/services/doc_text/types.ts";
import { getLlmClient } from "../server/services/llm/llm_client.ts";
import { createOcrEngine, ocrOptionsFromEnv } from "../server/services/ocr/ocr_pool.ts";
import { testApp } from "../tests/helpers/test_app.ts";

const args = [...Deno.args];
const filesFlag = args.indexOf("--files");
const batchSize = filesFlag >= 0 ? Number(args.splice(filesFlag, 2)[1]) : 0;
const cacheFlag = args.indexOf("--doc-cache");
const docCache = cacheFlag >= 0 ? args.splice(cacheFlag, 2)[1] : "";
let currentCase = "";
let cachedFiles = 0;
const dataDir = args[0] ?? new URL("../../shared/data/extraction", import.meta.url).pathname;

using t = await testApp();
// The recogniser as main.ts makes it (PaddleOCR processes, Tesseract when the models cannot load).
t.deps.ocr = createOcrEngine({ ...ocrOptionsFromEnv(Deno.env.toObject()), workDir: `${t.dataDir}/ocr` });
const user = await t.userWith(["ocr_extract"], { quotas: { ai: 99_999 } });
const template = JSON.parse(await Deno.readTextFile(`${dataDir}/templates.json`))[0];
const created = await (await t.request("POST", "/api/ocr/templates", { as: user, json: template })).json();
const templateId: string = created.template.id;

const cases = [...Deno.readDirSync(`${dataDir}/cases`)].filter((e) => e.isDirectory).map((e) => e.name)
  .sort();

/** The wizard's job with a reader that first looks in the text cache. */
const cachedHandler = makeOcrExtractHandler({
  ...AI_TOOLS,
  async readDocumentText(deps, input) {
    const path = `${docCache}/${currentCase}/${input.fileName}.json`;
    try {
      const doc = JSON.parse(await Deno.readTextFile(path)) as DocumentText;
      cachedFiles++;
      return doc;
    } catch {
      const doc = await AI_TOOLS.readDocumentText(deps, input);
      await Deno.mkdir(`${docCache}/${currentCase}`, { recursive: true });
      await Deno.writeTextFile(path, JSON.stringify({ ...doc, pageImages: undefined }));
      return doc;
    }
  },
  llm: (deps) => getLlmClient(deps),
});

async function filesOf(name: string): Promise<File[]> {
  const dir = `${dataDir}/cases/${name}`;
  const out: File[] = [];
  for (const e of [...Deno.readDirSync(dir)].sort((a, b) => a.name.localeCompare(b.name))) {
    if (!e.isFile || e.name === "expected.json") continue;
    out.push(new File([await Deno.readFile(`${dir}/${e.name}`)], e.name));
  }
  return out;
}

/** Runs one batch; returns the result and the ms from the end of the upload to the complete event. */
async function runBatch(files: File[]): Promise<{ result: OcrBatchResult; ms: number }> {
  const form = new FormData();
  form.append("templateId", templateId);
  for (const f of files) form.append("files", f);
  const res = await t.request("POST", "/api/ocr/process-batch", { as: user, form });
  if (res.status !== 200) throw new Error(await res.text());
  const uploaded = performance.now();
  const batchId = res.headers.get("x-batch-id")!;
  const text = res.text();
  const msg = { type: "ocr_extract.run" as const, batchId, userId: user.user.id };
  if (docCache) await cachedHandler(t.deps, msg);
  else await dispatchJob(t.deps, jobHandlers, msg);
  const events: OcrBatchEvent[] = (await text).split("\n\n").filter((b) => b.startsWith("data: "))
    .map((b) => JSON.parse(b.slice(6)));
  const complete = events.find((e) => e.type === "complete");
  if (!complete || complete.type !== "complete") throw new Error("no complete event");
  return { result: complete.result, ms: performance.now() - uploaded };
}

if (batchSize > 0) {
  const pool: File[] = [];
  for (const c of cases) {
    for (const f of await filesOf(c)) pool.push(new File([f], `${c.slice(0, 3)}_${f.name}`));
    if (pool.length >= batchSize) break;
  }
  const { ms, result } = await runBatch(pool.slice(0, batchSize));
  const failed = result.fileResults.filter((f) => f.status === "failed").length;
  console.log(`files=${batchSize} upload_to_complete_s=${(ms / 1000).toFixed(1)} failed=${failed}`);
} else {
  const predictions: Record<string, unknown> = {};
  let total = 0;
  const out = "/tmp/ocr_extract_predictions.json";
  for (const c of cases) {
    currentCase = c;
    const before = cachedFiles;
    const { result, ms } = await runBatch(await filesOf(c));
    total += ms;
    predictions[c] = result.mergedResult;
    await Deno.writeTextFile(out, JSON.stringify(predictions));
    console.log(
      `${c}: ${(ms / 1000).toFixed(1)} s${
        docCache ? ` (${cachedFiles - before} files from the text cache)` : ""
      }`,
    );
  }
  console.log(
    `cases=${cases.length} total_s=${(total / 1000).toFixed(1)} per_case_s=${
      (total / 1000 / cases.length).toFixed(1)
    }`,
  );
  const score = new Deno.Command("node", {
    args: [`${dataDir}/score.mjs`, `${dataDir}/cases`, out, "--quiet"],
  });
  const { stdout } = await score.output();
  console.log(new TextDecoder().decode(stdout).trim().split("\n").slice(-3).join("\n"));
}

await t.deps.ocr.close();
