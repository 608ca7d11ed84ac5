/**
 * Renders rows on a few permission-less workers (server/workers/docx_render_worker.ts), one per
 * core. The server makes one pool at start (main.ts, AppDeps.docx) and every job shares it: the
 * workers stay up, so a batch pays no start cost, and each worker keeps the compiled renderers of
 * the last few templates (a template compiles once per worker, not once per batch).
 *
 * Requests (chunks of rows) wait in one first-in first-out queue and each worker takes one at a
 * time, so at most `size` chunks render at once whatever the number of jobs; a caller that sends its
 * rows a round at a time (as the generation jobs do) shares the workers with the other jobs between
 * rounds. Results come back in row order. A worker that crashes or outlives `timeoutMs` on a chunk is
 * terminated and replaced; that chunk's rows fail with DOCX_RENDER_FAILED.
 */

import { AppError } from "../../errors.ts";
import { type ErrorCode, isErrorCode } from "../../../common/errors.ts";
import type { RenderReply, RenderRequest, WorkerError } from "../../workers/docx_render_worker.ts";
import type { ParagraphBlocks, RowValues } from "./render_docx.ts";

/** One row's outcome: the .docx bytes, or the error that refused this row. */
export type RowResult = { docx: Uint8Array } | { error: AppError };

export interface RenderRowsOptions {
  /** Rows per worker request (default 8). */
  chunkSize?: number;
  /** Time limit of one request; default: the pool's (a merged document of many rows needs more). */
  timeoutMs?: number;
  paragraphs?: (ParagraphBlocks | undefined)[];
}

export interface DocxRenderPoolOptions {
  /** Workers; default: the number of cores. */
  size?: number;
  /** A chunk's time limit before its worker is replaced; default 60 s. */
  timeoutMs?: number;
  /** The worker's module; default server/workers/docx_render_worker.ts (tests load it slowly). */
  workerUrl?: URL;
}

export interface DocxRenderPoolStats {
  size: number;
  /** Workers running now (they start on first use, or with warm()). */
  workers: number;
  busy: number;
  queued: number;
  /** Workers started since the pool was made (more than `size` means some were replaced). */
  started: number;
  /** Workers replaced after a crash or a time-out. */
  replaced: number;
  requests: number;
}

export interface DocxRenderPool extends Disposable {
  /**
   * Renders every row; throws when the template is refused, otherwise one result per row.
   * `paragraphs[i]` holds row i's paragraph-variable blocks (`#{名称}`, render_docx.ts), if any.
   */
  renderRows(template: Uint8Array, rows: RowValues[], options?: RenderRowsOptions): Promise<RowResult[]>;
  /** Starts every worker and resolves when each has loaded its code (main.ts calls it at start). */
  warm(): Promise<void>;
  stats(): DocxRenderPoolStats;
  /** Terminates the workers; requests still waiting or running fail with DOCX_RENDER_FAILED. */
  close(): void;
}

const WORKER_URL = new URL("../../workers/docx_render_worker.ts", import.meta.url);

type Reply = Extract<RenderReply, { results: unknown }>;

/**
 * How long a new worker may take to load its code before its first chunk's own limit starts. On a
 * loaded 2-core machine loading took tens of seconds, which used to count against the chunk.
 */
const START_LIMIT_MS = 300_000;

interface Job {
  request: RenderRequest;
  timeoutMs: number;
  resolve: (reply: Reply) => void;
  reject: (err: AppError) => void;
}

interface Slot {
  worker: Worker | null;
  /** The worker has loaded its code (its first message). */
  ready: boolean;
  job: Job | null;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Makes the pool; workers start on first use (or warm()). Close it when done. */
export function createDocxRenderPool(options: DocxRenderPoolOptions = {}): DocxRenderPool {
  const size = Math.max(1, options.size ?? navigator.hardwareConcurrency ?? 2);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const workerUrl = options.workerUrl ?? WORKER_URL;
  const slots: Slot[] = Array.from(
    { length: size },
    () => ({ worker: null, ready: false, job: null, timer: undefined }),
  );
  const queue: Job[] = [];
  const counters = { started: 0, replaced: 0, requests: 0 };
  let nextId = 0;
  let closed = false;

  function startWorker(slot: Slot): Worker {
    const worker = new Worker(workerUrl, { type: "module", deno: { permissions: "none" } } as WorkerOptions);
    counters.started++;
    worker.onmessage = (event: MessageEvent<RenderReply>) => {
      if ("ready" in event.data) {
        slot.ready = true;
        if (slot.job) startTimer(slot, slot.job.timeoutMs);
        return;
      }
      const job = slot.job;
      if (!job || event.data.id !== job.request.id) return;
      finish(slot);
      if ("error" in event.data) job.reject(toAppError(event.data.error));
      else job.resolve(event.data);
      pump();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      replace(slot, new AppError("DOCX_RENDER_FAILED", { reason: event.message || "渲染进程意外退出" }));
    };
    slot.worker = worker;
    slot.ready = false;
    return worker;
  }

  function startTimer(slot: Slot, limitMs: number): void {
    clearTimeout(slot.timer);
    slot.timer = setTimeout(
      () => replace(slot, new AppError("DOCX_RENDER_FAILED", { reason: "生成超时" })),
      limitMs,
    );
  }

  function finish(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.job = null;
  }

  /** Terminates a slot's worker (crashed or stuck) and fails its chunk; the next job starts a new one. */
  function replace(slot: Slot, error: AppError): void {
    const job = slot.job;
    finish(slot);
    slot.worker?.terminate();
    slot.worker = null;
    counters.replaced++;
    job?.reject(error);
    pump();
  }

  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.job) continue;
      const job = queue.shift()!;
      slot.job = job;
      const worker = slot.worker ?? startWorker(slot);
      startTimer(slot, slot.ready ? job.timeoutMs : START_LIMIT_MS);
      worker.postMessage(job.request);
    }
  }

  function submit(request: RenderRequest, limitMs = timeoutMs): Promise<Reply> {
    if (closed) return Promise.reject(new AppError("DOCX_RENDER_FAILED", { reason: "渲染服务已关闭" }));
    counters.requests++;
    return new Promise<Reply>((resolve, reject) => {
      queue.push({ request, timeoutMs: limitMs, resolve, reject });
      pump();
    });
  }

  async function renderRows(template: Uint8Array, rows: RowValues[], options: RenderRowsOptions = {}) {
    const { chunkSize = 8, paragraphs, timeoutMs: limitMs } = options;
    const results: RowResult[] = new Array(rows.length);
    const chunks: Promise<void>[] = [];
    for (let start = 0; start < rows.length; start += chunkSize) {
      const end = Math.min(rows.length, start + chunkSize);
      const request: RenderRequest = { id: nextId++, template, rows: rows.slice(start, end) };
      if (paragraphs) request.paragraphs = paragraphs.slice(start, end).map((p) => p ?? null);
      chunks.push(
        submit(request, limitMs).then((reply) => {
          reply.results.forEach((result, i) => {
            results[start + i] = "docx" in result ? result : { error: toAppError(result.error) };
          });
        }),
      );
    }
    // A refused template rejects every chunk: the first rejection is the answer; the others are
    // awaited so that none is left unhandled.
    const settled = await Promise.allSettled(chunks);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
    if (failed) throw failed.reason;
    return results;
  }

  async function warm(): Promise<void> {
    await Promise.all(slots.map(() => submit({ id: nextId++, ping: true })));
  }

  function close(): void {
    if (closed) return;
    closed = true;
    const error = new AppError("DOCX_RENDER_FAILED", { reason: "渲染服务已关闭" });
    for (const slot of slots) {
      const job = slot.job;
      finish(slot);
      slot.worker?.terminate();
      slot.worker = null;
      job?.reject(error);
    }
    for (const job of queue.splice(0)) job.reject(error);
  }

  return {
    renderRows,
    warm,
    stats: () => ({
      size,
      workers: slots.filter((s) => s.worker).length,
      busy: slots.filter((s) => s.job).length,
      queued: queue.length,
      ...counters,
    }),
    close,
    [Symbol.dispose]: close,
  };
}

function toAppError(error: WorkerError): AppError {
  const code: ErrorCode = isErrorCode(error.code) ? error.code : "DOCX_RENDER_FAILED";
  return new AppError(code, error.params);
}
