import { setupZodLocale } from "./common/zod_setup.ts";
import { createApp } from "./server/app.ts";
import { LocalBlobStore } from "./server/blobs/local_blob_store.ts";
import { ensureInitialData } from "./server/bootstrap.ts";
import { systemClock } from "./server/clock.ts";
import { ConfigError, loadConfig } from "./server/config.ts";
import type { AppDeps } from "./server/deps.ts";
import { registerCrons } from "./server/jobs/cron.ts";
import { resumeAiRuns } from "./server/jobs/ai_run_guard.ts";
import { startJobListener } from "./server/jobs/dispatch.ts";
import { jobHandlers } from "./server/jobs/handlers.ts";
import { createOutboxMailer, createSmtpMailer } from "./server/services/mail/mailer.ts";
import { resolveSigningKey } from "./server/services/auth/tokens.ts";
import { resumeMediationRuns } from "./server/jobs/mediation_generate_job.ts";
import { resumeExcelBatchRuns } from "./server/jobs/excel_batch_job.ts";
import { createPdfConverter } from "./server/services/pdf/libreoffice_pool.ts";
import { createDocxRenderPool } from "./server/services/docx/docx_render_pool.ts";
import { importLawsAtFirstStart } from "./server/services/laws/first_start_laws.ts";
import { describeImportReport } from "./common/schemas/law_search.ts";
import { getLawLibrary, holdLawLibraryBuilds } from "./server/services/laws/library_store.ts";
import { createOcrEngine, describeOcrSetup, ocrOptionsFromEnv } from "./server/services/ocr/ocr_pool.ts";

setupZodLocale();

let config;
try {
  config = loadConfig(Deno.env.toObject());
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    Deno.exit(1);
  }
  throw err;
}

await Deno.mkdir(config.dataDir, { recursive: true });
const kv = await Deno.openKv(config.kvPath || `${config.dataDir}/kv.sqlite3`);
const deps: AppDeps = {
  kv,
  blobs: new LocalBlobStore(`${config.dataDir}/blobs`),
  clock: systemClock,
  config,
  mailer: config.smtp ? await createSmtpMailer(config.smtp) : createOutboxMailer(`${config.dataDir}/outbox`),
  signingKey: await resolveSigningKey(kv, config.jwtSecret),
  // Word -> PDF: warm LibreOffice listeners start in the background (docs/decisions/002-pdf-converter.md).
  pdf: createPdfConverter({ workDir: `${config.dataDir}/tmp` }),
  // Word rendering: one worker per core for the server's life, shared by the generation jobs.
  docx: createDocxRenderPool(),
  // Page recognition: PaddleOCR processes started on first use, Tesseract when the models cannot load
  // (docs/decisions/010-ocr-engine.md; OCR_ENGINE, OCR_PROCESSES).
  ocr: createOcrEngine({ ...ocrOptionsFromEnv(Deno.env.toObject()), workDir: `${config.dataDir}/tmp/ocr` }),
};
// One line saying which engine reads pages (the models load on the first page: ~1.6 GB per process).
describeOcrSetup(ocrOptionsFromEnv(Deno.env.toObject())).then((line) => console.log(line));
deps.docx.warm().catch((err) => console.error("Word rendering workers did not start:", err));
if (deps.pdf?.available) console.log("PDF: LibreOffice found; warm converters are starting");
else {
  console.warn(
    "WARNING: LibreOffice (or python3-uno) is missing: generated documents get no PDF (Word output still works). " +
      "Install libreoffice-writer-nogui and python3-uno (scripts/setup.sh).",
  );
}

const { generatedPassword } = await ensureInitialData(deps);
if (generatedPassword) {
  console.log("=".repeat(60));
  console.log(`超级管理员已创建：用户名 ${config.adminUsername}  密码 ${generatedPassword}`);
  console.log("(this password is shown once; set ADMIN_PASSWORD to choose it)");
  console.log("=".repeat(60));
}
if (config.captchaTestText) {
  console.warn(
    "WARNING: CAPTCHA_TEST_TEXT is set: every captcha's answer is that text. Never use it in production.",
  );
}
if (config.lawLibraryHoldFile) {
  const file = config.lawLibraryHoldFile;
  console.warn(`WARNING: LAW_LIBRARY_HOLD_FILE is set: the law library is not built until ${file} exists.`);
  holdLawLibraryBuilds(waitForFile(file));
}
if (!config.smtp) console.log(`Mail: no SMTP configured, messages are written to ${config.dataDir}/outbox/`);

// Background work: the one queue listener, and the crons that feed it.
startJobListener(deps, jobHandlers).catch((err) => console.error("[jobs] the queue listener stopped:", err));
registerCrons(deps);
resumeMediationRuns(deps)
  .then((n) => n > 0 && console.log(`[jobs] resuming ${n} generation batch(es) interrupted by the last stop`))
  .catch((err) => console.error("[jobs] could not resume generation batches:", err));
resumeExcelBatchRuns(deps)
  .then((n) => n > 0 && console.log(`[jobs] resuming ${n} Excel batch task(s) interrupted by the last stop`))
  .catch((err) => console.error("[jobs] could not resume Excel batch tasks:", err));
resumeAiRuns(deps)
  .then(({ resumed, failed }) =>
    (resumed || failed) &&
    console.log(`[jobs] AI runs cut off by the last stop: ${resumed} resumed, ${failed} failed and refunded`)
  )
  .catch((err) => console.error("[jobs] could not resume AI runs:", err));

// Law library (issues #14, #24): at the first start an empty library is filled in the background from
// LAWS_DIR or the built-in national corpus (the screen shows the progress); then the search index is
// built so the first search does not wait for it.
(async () => {
  if (config.firstStartLaws) {
    const started = performance.now();
    const report = await importLawsAtFirstStart(deps, config.firstStartLaws);
    if (report) {
      const from = config.firstStartLaws.kind === "dir"
        ? `LAWS_DIR=${config.firstStartLaws.dir}`
        : "the built-in corpus";
      console.log(
        `[laws] first start: ${describeImportReport(report)} (from ${from}, ${
          Math.round(performance.now() - started)
        } ms)`,
      );
    }
  }
  const started = performance.now();
  const lib = await getLawLibrary(deps);
  if (lib.versions.length > 0) {
    console.log(
      `[laws] library ready: ${lib.versions.length} law(s), ${lib.index.size} article(s) in ` +
        `${Math.round(performance.now() - started)} ms`,
    );
  }
})().catch((err) => console.error("[laws] could not load the law library:", err));

// WEB_DIST: another build folder (developers building in parallel); default web/dist.
const webDist = Deno.env.get("WEB_DIST") || new URL("./web/dist", import.meta.url).pathname;
const app = createApp(deps, { webDist });
const server = Deno.serve({
  port: config.port,
  onListen: ({ hostname, port }) => {
    const host = hostname === "0.0.0.0" ? "localhost" : hostname;
    console.log(`Listening on http://${host}:${port}/`);
  },
}, app.fetch);

/**
 * A stop (Ctrl+C, SIGTERM from a service manager or a test) ends the LibreOffice listeners too: they
 * are separate processes and would otherwise outlive the server. Unfinished batches resume at the
 * next start.
 */
let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping`);
  const deadline = new Promise((resolve) => setTimeout(resolve, 5_000));
  await Promise.race([
    Promise.allSettled([server.shutdown(), deps.pdf?.[Symbol.asyncDispose](), deps.ocr?.close()]),
    deadline,
  ]);
  Deno.exit(0);
}
for (const signal of ["SIGTERM", "SIGINT"] as const) Deno.addSignalListener(signal, () => void stop(signal));

/** Resolves once `path` exists (LAW_LIBRARY_HOLD_FILE: a test creates it to let the build start). */
async function waitForFile(path: string): Promise<void> {
  for (;;) {
    try {
      await Deno.stat(path);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
