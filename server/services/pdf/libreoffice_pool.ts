/**
 * Word -> PDF through a pool of warm LibreOffice listeners (docs/decisions/002-pdf-converter.md).
 *
 * Each listener is one `soffice.bin --headless --accept=pipe,...` with its own profile, driven by a
 * persistent Python UNO helper (uno_convert.py) that takes one JSON request per line. One listener
 * per core; a conversion that outlives `timeoutMs` has its listener killed and replaced, and is
 * retried once; a listener is recycled after `restartAfter` conversions or when its memory passes
 * `maxRssBytes` (a warm listener grows to 0.5-0.6 GB after ~330 conversions).
 */

import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { AppError } from "../../errors.ts";
import { detectLibreOfficeInstall, type LibreOfficeInstall } from "./detect_libreoffice.ts";

export interface PdfConverterOptions {
  /** Folder for profiles and temporary files; a `pdf-<id>` folder inside is removed on close. */
  workDir: string;
  /** Listeners running in parallel; default: the number of cores. */
  processes?: number;
  /** One conversion's time limit before its listener is killed; default 60 s. */
  timeoutMs?: number;
  /**
   * Conversions before a listener is replaced; default 1000. Memory is the real limit (maxRssBytes):
   * on rendered 3-4 page documents a listener levels off near 300 MB (145 MB after 1, 264 after 50,
   * 302 after 150, 306 after 350), and each replacement costs 2-5 s of a core, so recycling every 150
   * cost a 1 000-row batch six restarts for nothing.
   */
  restartAfter?: number;
  /** Resident memory (bytes) past which a listener is replaced; default 600 MB. */
  maxRssBytes?: number;
  /** Time a new listener has to answer; default 60 s. */
  startTimeoutMs?: number;
  /** Where LibreOffice is; default: detected. `null` means absent (PDF_CONVERTER_MISSING). */
  install?: LibreOfficeInstall | null;
  /** Kill the listeners and exit on SIGINT/SIGTERM. Default false: leave signals to main.ts. */
  handleSignals?: boolean;
}

export interface ListenerStats {
  slot: number;
  pid: number;
  conversions: number;
  rssBytes: number;
}

export interface PdfConverterStats {
  /** Appears in every profile folder name (`lo-profile-<id>-<slot>`) and pipe name. */
  id: string;
  available: boolean;
  processes: number;
  conversions: number;
  failures: number;
  timeouts: number;
  retries: number;
  restarts: number;
  /** Jobs written to a listener while it was still converting the one before (PIPELINE_DEPTH). */
  writtenAhead: number;
  queued: number;
  listeners: ListenerStats[];
  /**
   * Milliseconds summed over conversions: `busyMs` the listeners spent on jobs (from a job's start, or
   * the previous job's end, to its reply), of which LibreOffice loading, exporting and closing documents
   * took `loadMs`, `exportMs`, `closeMs` (the rest is the UNO and pipe round trip).
   */
  timing: { busyMs: number; loadMs: number; exportMs: number; closeMs: number };
}

/** How a document is exported. */
export interface ExportOptions {
  /**
   * Bookmarks become named destinations and pages LibreOffice inserts only to start a section on a
   * right-hand page are left out (a merged group, server/services/pdf/pdf_groups.ts).
   */
  marks?: boolean;
}

export interface PdfConverter extends AsyncDisposable {
  readonly available: boolean;
  /** Converts .docx bytes to PDF bytes. */
  convert(docx: Uint8Array, options?: ExportOptions): Promise<Uint8Array>;
  /** Converts a file on disk; `outPath` is written (or left absent on failure). */
  convertFile(inPath: string, outPath: string, options?: ExportOptions): Promise<void>;
  /** Resolves when every listener has started (or failed to start). */
  ready(): Promise<void>;
  /** Stops every listener, waits for the processes and removes the temporary folder. */
  close(): Promise<void>;
  stats(): PdfConverterStats;
}

type Reply = { ready: boolean; error?: string } | { id: number; ok: boolean; error?: string; ms?: number[] };
type Outcome = { kind: "ok" } | { kind: "error"; error: string } | { kind: "timeout" } | {
  kind: "crashed";
};

interface Listener {
  slot: number;
  soffice: Deno.ChildProcess;
  helper: Deno.ChildProcess;
  writer: WritableStreamDefaultWriter<Uint8Array>;
  conversions: number;
  onReply: ((reply: Reply) => void) | null;
  /** Resolves as soon as either process is gone. */
  gone: Promise<void>;
  /** Resolves when both processes and their pipes are finished. */
  finished: Promise<void>;
  stderrTail: string;
  /** Pids still running (a reaped pid may be reused, so it is never signalled). */
  running: Set<number>;
}

interface Slot {
  index: number;
  gen: number;
  /** ready: takes jobs; draining: worn out, finishes what it holds, then restarts. */
  state: "starting" | "ready" | "draining" | "failed";
  listener: Listener | null;
  startup: Promise<void>;
  /** Jobs written to the helper, in the order it answers them; the first is the one converting. */
  inFlight: Job[];
  /** Time limit of the first job in flight. */
  timer: ReturnType<typeof setTimeout> | undefined;
}

interface Job {
  id: number;
  inPath: string;
  outPath: string;
  marks: boolean;
  attempts: number;
  lastError: AppError | null;
  /** When it was written to the helper (performance.now()). */
  sentAt: number;
  resolve: () => void;
  reject: (err: AppError) => void;
}

/**
 * Jobs written ahead to one listener: the next document waits in the helper's pipe while the current
 * one converts, so a listener never idles while the server handles the previous result.
 */
const PIPELINE_DEPTH = 2;

const HELPER_PATH = new URL("./uno_convert.py", import.meta.url).pathname;
const RESTART_EXIT_CODE = 81; // soffice.bin asks to be started again after creating a profile
const encoder = new TextEncoder();

/** Starts the pool (listeners warm up in the background; see `ready()`). Close it when done. */
export function createPdfConverter(options: PdfConverterOptions): PdfConverter {
  const install = options.install === undefined ? detectOrNull() : options.install;
  const id = crypto.randomUUID().slice(0, 8);
  const size = Math.max(1, options.processes ?? navigator.hardwareConcurrency ?? 2);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const restartAfter = options.restartAfter ?? 1000;
  const maxRssBytes = options.maxRssBytes ?? 600 * 1024 * 1024;
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const baseDir = `${options.workDir}/pdf-${id}`;
  const counters = { conversions: 0, failures: 0, timeouts: 0, retries: 0, restarts: 0, writtenAhead: 0 };
  /** Where conversion time went (milliseconds, summed over conversions; see PdfConverterStats.timing). */
  const timing = { busyMs: 0, loadMs: 0, exportMs: 0, closeMs: 0 };
  const queue: Job[] = [];
  const slots: Slot[] = [];
  /** Every listener whose processes may be running, ready or starting. */
  const live = new Set<Listener>();
  let closed = false;
  let fileCounter = 0;
  /** When each slot last finished a job: a pipelined job's busy time starts there, not when it was sent. */
  const lastFinish = new Map<Slot, number>();

  if (!install) {
    return {
      available: false,
      convert: () => Promise.reject(new AppError("PDF_CONVERTER_MISSING")),
      convertFile: () => Promise.reject(new AppError("PDF_CONVERTER_MISSING")),
      ready: () => Promise.resolve(),
      close: () => Promise.resolve(),
      stats: () => ({ id, available: false, processes: 0, ...counters, queued: 0, listeners: [], timing }),
      [Symbol.asyncDispose]: () => Promise.resolve(),
    };
  }
  const lo = install;
  Deno.mkdirSync(`${baseDir}/tmp`, { recursive: true });

  async function startListener(slot: number, gen: number): Promise<Listener> {
    const profile = `${baseDir}/lo-profile-${id}-${slot}`;
    await Deno.remove(`${profile}/.lock`).catch(() => {});
    const profileUrl = new URL(`file://${profile}`).href;
    const pipeName = `lo-${id}-${slot}-${gen}`;
    for (let attempt = 0; attempt < 3; attempt++) {
      // soffice keeps its temporary folder (lu<pid>….tmp) in TMPDIR and leaves it when killed: give it
      // one of its own, removed with the sockets it leaves in /tmp once it has exited.
      const tmpDir = `${baseDir}/lo-tmp-${slot}-${gen}-${attempt}`;
      await Deno.mkdir(tmpDir, { recursive: true });
      const soffice = new Deno.Command(lo.program, {
        args: [
          "--headless",
          "--invisible",
          "--nologo",
          "--norestore",
          "--nodefault",
          "--nolockcheck",
          `--accept=pipe,name=${pipeName};urp;`,
          `-env:UserInstallation=${profileUrl}`,
        ],
        env: { TMPDIR: tmpDir },
        stdin: "null",
        stdout: "null",
        stderr: "null",
      }).spawn();
      const helper = new Deno.Command(lo.python, {
        args: [HELPER_PATH, pipeName, String(soffice.pid), String(startTimeoutMs / 1000)],
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const listener = wireListener(slot, soffice, helper, [
        tmpDir,
        pipeSocketPath(pipeName),
        pipeSocketPath(singleInstancePipeName(profileUrl)),
      ]);
      const first = await Promise.race([
        new Promise<Reply>((resolve) => (listener.onReply = resolve)),
        soffice.status.then((s) => ({ ready: false, error: `soffice exited with ${s.code}`, code: s.code })),
        listener.gone.then(() => ({ ready: false, error: "helper exited" })),
      ]);
      listener.onReply = null;
      if ("ready" in first && first.ready) return listener;
      await stopListener(listener);
      const restart = "code" in first && first.code === RESTART_EXIT_CODE;
      if (!restart) {
        throw new Error(`${"error" in first ? first.error : "start failed"} ${listener.stderrTail}`);
      }
    }
    throw new Error("soffice kept asking to restart");
  }

  function wireListener(
    slot: number,
    soffice: Deno.ChildProcess,
    helper: Deno.ChildProcess,
    leftovers: string[],
  ): Listener {
    const listener: Listener = {
      slot,
      soffice,
      helper,
      writer: helper.stdin.getWriter(),
      conversions: 0,
      onReply: null,
      gone: Promise.race([soffice.status, helper.status]).then(() => {}),
      finished: Promise.resolve(),
      stderrTail: "",
      running: new Set([soffice.pid, helper.pid]),
    };
    soffice.status.then(() => listener.running.delete(soffice.pid));
    helper.status.then(() => listener.running.delete(helper.pid));
    live.add(listener);
    const readReplies = (async () => {
      let buffer = "";
      for await (const chunk of helper.stdout.pipeThrough(new TextDecoderStream())) {
        buffer += chunk;
        let newline;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line.trim()) listener.onReply?.(JSON.parse(line) as Reply);
        }
      }
    })().catch(() => {});
    const readStderr = (async () => {
      for await (const chunk of helper.stderr.pipeThrough(new TextDecoderStream())) {
        listener.stderrTail = (listener.stderrTail + chunk).slice(-2000);
      }
    })().catch(() => {});
    listener.finished = Promise.all([soffice.status, helper.status, readReplies, readStderr]).then(
      async () => {
        live.delete(listener);
        for (const path of leftovers) await Deno.remove(path, { recursive: true }).catch(() => {});
      },
    );
    return listener;
  }

  /** Closes the helper's stdin (it then kills soffice) and kills what is left of both. */
  async function stopListener(listener: Listener): Promise<void> {
    await listener.writer.close().catch(() => {});
    killListener(listener);
    await listener.finished;
  }

  function restartSlot(slot: Slot): Promise<void> {
    const old = slot.listener;
    slot.listener = null;
    slot.state = "starting";
    slot.startup = (async () => {
      if (old) {
        await stopListener(old);
        counters.restarts++;
      }
      if (closed) return;
      try {
        const listener = await startListener(slot.index, ++slot.gen);
        if (closed) return await stopListener(listener);
        slot.listener = listener;
        listener.onReply = (reply) => "id" in reply && onJobReply(slot, listener, reply);
        listener.gone.then(() => slot.listener === listener && abandonSlot(slot, { kind: "crashed" }));
        slot.state = "ready";
      } catch (err) {
        if (closed) return; // killed while starting by close()
        console.error(`PDF converter: LibreOffice listener ${slot.index} did not start:`, err);
        slot.state = "failed";
        if (slots.every((s) => s.state === "failed")) {
          for (const job of queue.splice(0)) {
            job.reject(new AppError("PDF_CONVERSION_FAILED", { reason: "LibreOffice 无法启动" }));
          }
        }
      }
      pump();
    })();
    return slot.startup;
  }

  /** Writes queued jobs to every ready listener, up to PIPELINE_DEPTH each. */
  function pump(): void {
    for (const slot of slots) {
      while (queue.length > 0 && slot.state === "ready" && slot.inFlight.length < PIPELINE_DEPTH) {
        send(slot, queue.shift()!);
      }
    }
  }

  function send(slot: Slot, job: Job): void {
    const listener = slot.listener!;
    job.id = fileCounter++;
    job.sentAt = performance.now();
    slot.inFlight.push(job);
    if (slot.inFlight.length === 1) armTimer(slot);
    else counters.writtenAhead++;
    const line = JSON.stringify({ id: job.id, in: job.inPath, out: job.outPath, marks: job.marks }) + "\n";
    listener.writer.write(encoder.encode(line)).catch(() => {
      if (slot.listener === listener) abandonSlot(slot, { kind: "crashed" });
    });
  }

  /** The first job in flight gets `timeoutMs` from now (from when the one before it finished). */
  function armTimer(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.timer = slot.inFlight.length > 0
      ? setTimeout(() => abandonSlot(slot, { kind: "timeout" }), timeoutMs)
      : undefined;
  }

  async function onJobReply(
    slot: Slot,
    listener: Listener,
    reply: { id: number; ok: boolean; error?: string; ms?: number[] },
  ): Promise<void> {
    const job = slot.inFlight[0];
    if (!job || job.id !== reply.id) return;
    slot.inFlight.shift();
    armTimer(slot);
    timing.busyMs += performance.now() - Math.max(job.sentAt, lastFinish.get(slot) ?? 0);
    lastFinish.set(slot, performance.now());
    if (reply.ok && (await fileSize(job.outPath)) > 0) {
      const [load = 0, exported = 0, close = 0] = reply.ms ?? [];
      timing.loadMs += load;
      timing.exportMs += exported;
      timing.closeMs += close;
      counters.conversions++;
      listener.conversions++;
      job.resolve();
      const worn = listener.conversions >= restartAfter || readTreeRss(listener.soffice.pid) > maxRssBytes;
      if (worn && slot.state === "ready") slot.state = "draining";
    } else {
      job.lastError = new AppError("PDF_CONVERSION_FAILED", { reason: "文档无法打开或已损坏" });
      retryOrFail(job);
    }
    if (slot.state === "draining" && slot.inFlight.length === 0 && slot.listener === listener) {
      restartSlot(slot);
    }
    pump();
  }

  /**
   * The listener hung or died: the job it was converting is retried once (or fails), the jobs queued
   * behind it go back to the front of the queue as they were, and the listener is replaced.
   */
  function abandonSlot(slot: Slot, outcome: Outcome): void {
    const [current, ...waiting] = slot.inFlight.splice(0);
    armTimer(slot);
    queue.unshift(...waiting);
    if (current) {
      if (outcome.kind === "timeout") {
        counters.timeouts++;
        current.lastError = new AppError("PDF_CONVERSION_TIMEOUT");
      } else {
        current.lastError = new AppError("PDF_CONVERSION_FAILED", { reason: "LibreOffice 进程意外退出" });
      }
      retryOrFail(current);
    }
    if (!closed && slot.state !== "starting") restartSlot(slot);
    pump();
  }

  function retryOrFail(job: Job): void {
    if (job.attempts < 1 && !closed) {
      job.attempts++;
      counters.retries++;
      queue.unshift(job);
    } else {
      counters.failures++;
      job.reject(job.lastError!);
    }
  }

  function convertFile(inPath: string, outPath: string, options: ExportOptions = {}): Promise<void> {
    if (closed) return Promise.reject(new AppError("PDF_CONVERSION_FAILED", { reason: "转换服务已关闭" }));
    const marks = options.marks ?? false;
    return new Promise<void>((resolve, reject) => {
      queue.push({
        id: -1,
        inPath,
        outPath,
        marks,
        attempts: 0,
        lastError: null,
        sentAt: 0,
        resolve,
        reject,
      });
      for (const slot of slots) if (slot.state === "failed") restartSlot(slot);
      pump();
    });
  }

  async function convert(docx: Uint8Array, options?: ExportOptions): Promise<Uint8Array> {
    const name = `${baseDir}/tmp/${crypto.randomUUID()}`;
    await Deno.writeFile(`${name}.docx`, docx);
    try {
      await convertFile(`${name}.docx`, `${name}.pdf`, options);
      return await Deno.readFile(`${name}.pdf`);
    } finally {
      await Deno.remove(`${name}.docx`).catch(() => {});
      await Deno.remove(`${name}.pdf`).catch(() => {});
    }
  }

  /** Kills every listener process, ready or still starting. */
  function killAllSync(): void {
    for (const listener of live) killListener(listener);
  }
  const onSignal = (code: number) => () => {
    killAllSync();
    Deno.exit(code);
  };
  const onSigint = onSignal(130);
  const onSigterm = onSignal(143);
  globalThis.addEventListener("unload", killAllSync);
  if (options.handleSignals) {
    Deno.addSignalListener("SIGINT", onSigint);
    Deno.addSignalListener("SIGTERM", onSigterm);
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    const pending = [...queue.splice(0), ...slots.flatMap((slot) => slot.inFlight.splice(0))];
    for (const slot of slots) clearTimeout(slot.timer);
    for (const job of pending) {
      job.reject(new AppError("PDF_CONVERSION_FAILED", { reason: "转换服务已关闭" }));
    }
    // Listeners still starting are killed rather than waited for (a stop right after start).
    const ready = new Set(slots.map((s) => s.listener));
    for (const listener of live) if (!ready.has(listener)) killListener(listener);
    await Promise.all(slots.map((s) => s.startup.catch(() => {})));
    await Promise.all(slots.map((s) => (s.listener ? stopListener(s.listener) : undefined)));
    globalThis.removeEventListener("unload", killAllSync);
    if (options.handleSignals) {
      Deno.removeSignalListener("SIGINT", onSigint);
      Deno.removeSignalListener("SIGTERM", onSigterm);
    }
    await Deno.remove(baseDir, { recursive: true }).catch(() => {});
  }

  for (let index = 0; index < size; index++) {
    const slot: Slot = {
      index,
      gen: 0,
      state: "starting",
      listener: null,
      startup: Promise.resolve(),
      inFlight: [],
      timer: undefined,
    };
    slots.push(slot);
    restartSlot(slot);
  }

  return {
    available: true,
    convert,
    convertFile,
    ready: async () => {
      await Promise.all(slots.map((s) => s.startup));
    },
    close,
    stats: () => ({
      id,
      available: true,
      processes: size,
      ...counters,
      queued: queue.length,
      timing: { ...timing },
      listeners: slots.flatMap((s) =>
        s.listener
          ? [{
            slot: s.index,
            pid: s.listener.soffice.pid,
            conversions: s.listener.conversions,
            rssBytes: readTreeRss(s.listener.soffice.pid),
          }]
          : []
      ),
    }),
    [Symbol.asyncDispose]: close,
  };
}

function detectOrNull(): LibreOfficeInstall | null {
  const found = detectLibreOfficeInstall();
  if ("missing" in found) {
    console.warn(`PDF output is unavailable: ${found.missing}`);
    return null;
  }
  return found;
}

async function fileSize(path: string): Promise<number> {
  try {
    return (await Deno.stat(path)).size;
  } catch {
    return 0;
  }
}

/** The pid and all its descendants (from /proc), children first so nothing gets re-parented. */
function processTree(pid: number): number[] {
  const result: number[] = [];
  const visit = (p: number) => {
    let children: number[] = [];
    try {
      for (const task of Deno.readDirSync(`/proc/${p}/task`)) {
        const text = Deno.readTextFileSync(`/proc/${p}/task/${task.name}/children`);
        children = children.concat(text.split(" ").filter(Boolean).map(Number));
      }
    } catch {
      // the process is gone
    }
    children.forEach(visit);
    result.push(p);
  };
  visit(pid);
  return result;
}

function killListener(listener: Listener): void {
  for (const pid of [...listener.running]) killTree(pid);
}

function killTree(pid: number): void {
  for (const p of processTree(pid)) {
    try {
      Deno.kill(p, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/** Resident memory of a process and its descendants, from /proc/<pid>/status VmRSS. */
export function readTreeRss(pid: number): number {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      const match = Deno.readTextFileSync(`/proc/${p}/status`).match(/^VmRSS:\s+(\d+) kB/m);
      if (match) total += Number(match[1]) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

/** The socket LibreOffice creates for a named pipe: always in /tmp, and left there when killed. */
function pipeSocketPath(pipeName: string): string {
  return `/tmp/OSL_PIPE_${Deno.uid() ?? 0}_${pipeName}`;
}

/**
 * The pipe soffice opens to find another soffice on the same profile: `SingleOfficeIPC_` and the MD5 of
 * the profile's URL in UTF-16, each byte in hexadecimal without padding (desktop/source/app/
 * officeipcthread.cxx, CreateMD5FromString).
 */
export function singleInstancePipeName(profileUrl: string): string {
  const digest = createHash("md5").update(Buffer.from(profileUrl, "utf16le")).digest();
  return `SingleOfficeIPC_${[...digest].map((byte) => byte.toString(16)).join("")}`;
}
