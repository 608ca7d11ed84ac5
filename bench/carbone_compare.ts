/**
 * Carbone (npm carbone 3) on the same template and rows as our pipeline, for bench/generation_bench.ts.
 *
 * Why Carbone "hung" before (40-120 s, factories started, nothing came back): not Deno. Carbone's
 * converter picks the first `python3` on PATH to run its lib/converter.py; on this machine that is
 * pyenv's (/root/.pyenv/shims/python3), which has no `uno` module (Debian's python3-uno is installed for
 * /usr/bin/python3 only). Every factory died at start-up and Carbone restarted it forever, without
 * failing the pending job. With DEBUG=carbone:* :
 *
 *   carbone:converter LibreOffice found: soffice at /usr/lib/libreoffice/program/soffice.bin, python at /root/.pyenv/shims/python3
 *   carbone:converter python stderr : Traceback (most recent call last):
 *     File ".../carbone/lib/converter.py", line 5, in <module>
 *       import uno, unohelper
 *   ModuleNotFoundError: No module named 'uno'
 *   carbone:converter process Python (PID 29105) of factory 0 died 1
 *   carbone:converter factory 0 is completely off
 *   carbone:converter ask to add a conversion factory        (and so on, forever)
 *
 * Carbone also looks for `soffice.bin` (not `soffice`) on PATH on Linux. So the runner gets a PATH
 * starting with LibreOffice's program folder and a folder holding a `python3` link to the Python that
 * imports uno (the one our converter found, detect_libreoffice.ts). With that, Carbone works under Deno
 * too; it runs under Node here because it is a Node library and a child process can be killed with its
 * LibreOffice processes when a time limit passes.
 *
 * The template conversion (${...} -> Carbone's {d.x}): every placeholder becomes {d.vN}, the value
 * already formatted by our formatCell (Carbone has no 人民币大写, and our date patterns are not dayjs's),
 * so Carbone does less work per row than we do; a condition ${#x}…${/x} becomes {d.cN:showBegin}…
 * {d.cN:showEnd} (hideBegin/hideEnd for ${^x}), truthiness decided by our isCellTruthy; the table-row
 * loop ${#还款计划}…${/还款计划} becomes Carbone's two-row form ({d.lN[i].vM} in the row and a copy with
 * [i+1]), items from the cell lines as our renderer splits them. Differences left: Carbone keeps the
 * empty paragraphs that held the condition tags or an empty value (we remove them).
 */

import PizZip from "pizzip";
import { analyzeTemplate } from "../server/services/docx/inspect_template.ts";
import { cellToText, formatCell, isCellTruthy } from "../server/services/docx/format_value.ts";
import { parseTag } from "../server/services/docx/tag_syntax.ts";
import { detectLibreOfficeInstall } from "../server/services/pdf/detect_libreoffice.ts";

type Row = Record<string, unknown>;

/** How to build Carbone's data object for one row. */
export interface CarbonePlan {
  /** key -> placeholder outside loops. */
  values: Map<string, { name: string; formatter?: string }>;
  /** key -> condition name. */
  conditions: Map<string, string>;
  /** key -> loop name and its fields (key -> field placeholder). */
  loops: Map<string, { name: string; fields: Map<string, { name: string; formatter?: string }> }>;
}

const PARTS = /^word\/(document|header\d*|footer\d*)\.xml$/;
/** `${`, tags between, name text and tags, `}` (placeholders split across runs included). */
const PLACEHOLDER = /\$((?:<[^>]+>)*)\{((?:<[^>]+>|[^<}])*)\}/g;

/** Our template in Carbone's syntax, and the plan that builds Carbone's data from our rows. */
export function toCarboneTemplate(template: Uint8Array): { bytes: Uint8Array; plan: CarbonePlan } {
  const info = analyzeTemplate(template);
  const plan: CarbonePlan = { values: new Map(), conditions: new Map(), loops: new Map() };
  const valueKeys = new Map<string, string>();
  const conditionKeys = new Map<string, string>();
  const loopKeys = new Map<string, string>();
  const zip = new PizZip(template);
  for (const path of Object.keys(zip.files).filter((p) => PARTS.test(p))) {
    const stack: { name: string; key: string; kind: "loop" | "show" | "hide" }[] = [];
    const xml = zip.file(path)!.asText().replace(PLACEHOLDER, (_m, _tags, inner: string) => {
      const tag = parseTag(inner.replace(/<[^>]+>/g, ""));
      if ("error" in tag) throw new Error(`template: ${tag.error}`);
      const loop = stack.findLast((s) => s.kind === "loop");
      if (tag.kind === "close") {
        const open = stack.pop();
        if (!open) throw new Error("template: close without open");
        return open.kind === "loop" ? "" : `{d.${open.key}:${open.kind}End}`;
      }
      if (tag.kind === "open" && info.rowLoops.has(tag.name)) {
        if (!loopKeys.has(tag.name)) {
          loopKeys.set(tag.name, `l${loopKeys.size}`);
          plan.loops.set(loopKeys.get(tag.name)!, { name: tag.name, fields: new Map() });
        }
        stack.push({ name: tag.name, key: loopKeys.get(tag.name)!, kind: "loop" });
        return "";
      }
      if (tag.kind === "open" || tag.kind === "inverted") {
        if (loop) throw new Error("template: a condition inside a loop row is not converted");
        if (!conditionKeys.has(tag.name)) {
          conditionKeys.set(tag.name, `c${conditionKeys.size}`);
          plan.conditions.set(conditionKeys.get(tag.name)!, tag.name);
        }
        const kind = tag.kind === "open" ? "show" : "hide";
        const key = conditionKeys.get(tag.name)!;
        stack.push({ name: tag.name, key, kind });
        return `{d.${key}:${kind}Begin}`;
      }
      const id = `${tag.name}|${tag.formatter ?? ""}`;
      if (loop) {
        const fields = plan.loops.get(loop.key)!.fields;
        const key = [...fields].find(([, f]) => `${f.name}|${f.formatter ?? ""}` === id)?.[0] ??
          `f${fields.size}`;
        fields.set(key, { name: tag.name, formatter: tag.formatter });
        return `{d.${loop.key}[i].${key}}`;
      }
      if (!valueKeys.has(id)) {
        valueKeys.set(id, `v${valueKeys.size}`);
        plan.values.set(valueKeys.get(id)!, { name: tag.name, formatter: tag.formatter });
      }
      return `{d.${valueKeys.get(id)}}`;
    });
    zip.file(path, repeatLoopRows(xml));
  }
  return { bytes: zip.generate({ type: "uint8array", compression: "DEFLATE" }), plan };
}

/** Each table row holding `[i]` markers gets a copy with `[i+1]` after it (Carbone's repetition). */
function repeatLoopRows(xml: string): string {
  let out = xml;
  let from = 0;
  while (true) {
    const marker = out.indexOf("[i].", from);
    if (marker < 0) return out;
    const start = out.lastIndexOf("<w:tr ", marker) >= out.lastIndexOf("<w:tr>", marker)
      ? out.lastIndexOf("<w:tr ", marker)
      : out.lastIndexOf("<w:tr>", marker);
    const end = out.indexOf("</w:tr>", marker) + "</w:tr>".length;
    if (start < 0 || end < "</w:tr>".length) throw new Error("template: loop outside a table row");
    const row = out.slice(start, end);
    out = out.slice(0, end) + row.replaceAll("[i].", "[i+1].") + out.slice(end);
    from = end + row.length;
  }
}

/** Carbone's data object for one of our rows (values formatted as our renderer formats them). */
export function toCarboneData(row: Row, plan: CarbonePlan): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, { name, formatter }] of plan.values) {
    data[key] = formatCell(row[name], { name, formatter });
  }
  for (const [key, name] of plan.conditions) data[key] = isCellTruthy(row[name]);
  for (const [key, loop] of plan.loops) {
    const columns = [...loop.fields].map(([field, { name, formatter }]) => {
      const lines = cellToText(row[`${loop.name}.${name}`]).split("\n");
      while (lines.length && lines[lines.length - 1].trim() === "") lines.pop();
      return { field, formatter, name, lines };
    });
    const count = Math.max(0, ...columns.map((c) => c.lines.length));
    data[key] = Array.from({ length: count }, (_, i) => {
      const item: Record<string, string> = {};
      for (const c of columns) {
        item[c.field] = formatCell(c.lines[i] ?? "", { name: c.name, formatter: c.formatter });
      }
      return item;
    });
  }
  return data;
}

/** One Carbone run's outcome. */
export interface CarboneResult {
  ok: number;
  failed: number;
  seconds: number;
  /** Peak RSS of the Node runner(s) plus their LibreOffice and Python children, sampled. */
  peakRssBytes: number;
  errors: string[];
  samples: { docx?: string; pdf?: string };
  /** Set when the run did not finish (time limit, crash); the figures are then partial. */
  failure?: string;
}

export interface CarboneRunOptions {
  template: Uint8Array;
  rows: Row[];
  mode: "word" | "pdf";
  /** Node processes ("word") or LibreOffice factories in one process ("pdf"). */
  parallel: number;
  workDir: string;
  /** Whole-run limit: past it the runners are told to stop, then killed with their children. */
  timeLimitMs: number;
  conversionTimeoutMs?: number;
}

/**
 * Runs Carbone under Node: `parallel` runners on slices of the rows ("word"), or one runner with
 * `parallel` factories ("pdf"). Timed from the moment every runner has warmed up.
 */
export async function runCarbone(options: CarboneRunOptions): Promise<CarboneResult> {
  const { mode, workDir } = options;
  const lo = detectLibreOfficeInstall();
  if (mode === "pdf" && "missing" in lo) {
    return fail(`LibreOffice unavailable: ${lo.missing}`);
  }
  const dir = await Deno.makeTempDir({ dir: workDir, prefix: `carbone-${mode}-` });
  const env = await carboneEnv(dir, "missing" in lo ? null : lo);
  const { bytes, plan } = toCarboneTemplate(options.template);
  const templatePath = `${dir}/template.docx`;
  await Deno.writeFile(templatePath, bytes);
  const data = options.rows.map((row) => toCarboneData(row, plan));
  const slices = mode === "pdf" ? [data] : splitEvenly(data, options.parallel);
  const runnerScript = new URL("./carbone_runner.mjs", import.meta.url).pathname;
  const children = await Promise.all(slices.map(async (rows, i) => {
    // Unique to this runner: in its LibreOffice profile path and pipe name, for killTree.
    const token = `cb${crypto.randomUUID().slice(0, 8)}${i}`;
    const tempDir = `${dir}/${token}`;
    await Deno.mkdir(tempDir, { recursive: true });
    const jobPath = `${tempDir}/job.json`;
    await Deno.writeTextFile(
      jobPath,
      JSON.stringify({
        template: templatePath,
        rows,
        mode,
        factories: options.parallel,
        tempDir,
        pipeName: token,
        sampleDir: dir,
        conversionTimeoutMs: options.conversionTimeoutMs ?? 30_000,
      }),
    );
    const child = new Deno.Command("node", {
      args: [runnerScript, jobPath],
      env,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const runner = { pid: child.pid, exited: false, token };
    child.status.then(() => (runner.exited = true));
    return { child, runner, lines: readLines(child.stdout), stderr: collectText(child.stderr) };
  }));

  let peakRssBytes = 0;
  const sampler = setInterval(() => {
    const rss = children.reduce((sum, c) => sum + treeRssBytes(c.child.pid), 0);
    peakRssBytes = Math.max(peakRssBytes, rss);
  }, 200);
  const deadline = Date.now() + options.timeLimitMs;
  const encoder = new TextEncoder();
  const writers = children.map((c) => c.child.stdin.getWriter());
  try {
    const ready = await withDeadline(
      Promise.all(children.map((c) => nextEvent(c.lines))),
      deadline,
    );
    const notReady = ready.find((e) => e?.event !== "ready");
    if (notReady !== undefined) {
      return fail(describeFailure(notReady, await children[ready.indexOf(notReady)].stderr));
    }
    await Promise.all(writers.map((w) => w.write(encoder.encode("go\n"))));
    const start = performance.now();
    const done = await withDeadline(Promise.all(children.map((c) => nextEvent(c.lines))), deadline);
    const seconds = (performance.now() - start) / 1000;
    const bad = done.find((e) => e?.event !== "done");
    if (bad !== undefined) return fail(describeFailure(bad, await children[done.indexOf(bad)].stderr));
    const events = done as DoneEvent[];
    return {
      ok: events.reduce((s, e) => s + e.ok, 0),
      failed: events.reduce((s, e) => s + e.failed, 0),
      seconds,
      peakRssBytes,
      errors: events.flatMap((e) => e.errors),
      samples: events[0].samples,
    };
  } catch (err) {
    // Time limit: ask the runners to stop their factories, then kill what is left.
    await Promise.all(writers.map((w) => w.write(encoder.encode("stop\n")).catch(() => {})));
    await Promise.race([
      Promise.all(children.map((c) => c.child.status)),
      new Promise((r) => setTimeout(r, 10_000)),
    ]);
    return fail(err instanceof Error ? err.message : String(err));
  } finally {
    clearInterval(sampler);
    for (const w of writers) await w.close().catch(() => {});
    for (const c of children) killTree(c.runner);
    await Promise.all(children.map((c) => c.child.status));
  }

  function fail(failure: string): CarboneResult {
    return { ok: 0, failed: 0, seconds: 0, peakRssBytes, errors: [], samples: {}, failure };
  }
}

interface DoneEvent {
  event: "done";
  ok: number;
  failed: number;
  seconds: number;
  errors: string[];
  samples: { docx?: string; pdf?: string };
}
type RunnerEvent = DoneEvent | { event: "ready" } | { event: "error"; message: string } | null;

/** PATH for Carbone: LibreOffice's program folder (soffice.bin) and a python3 that imports uno. */
async function carboneEnv(
  dir: string,
  lo: { program: string; python: string } | null,
): Promise<Record<string, string>> {
  const path = [Deno.env.get("PATH") ?? ""];
  if (lo) {
    const bin = `${dir}/bin`;
    await Deno.mkdir(bin);
    const python = lo.python.includes("/") ? lo.python : (await which(lo.python)) ?? lo.python;
    await Deno.symlink(python, `${bin}/python3`);
    path.unshift(lo.program.slice(0, lo.program.lastIndexOf("/")), bin);
  }
  return { PATH: path.join(":") };
}

async function which(name: string): Promise<string | null> {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    try {
      if ((await Deno.stat(`${dir}/${name}`)).isFile) return `${dir}/${name}`;
    } catch {
      // not here
    }
  }
  return null;
}

function splitEvenly<T>(items: T[], parts: number): T[][] {
  const n = Math.max(1, Math.min(parts, items.length));
  return Array.from(
    { length: n },
    (_, i) => items.slice(Math.floor((i * items.length) / n), Math.floor(((i + 1) * items.length) / n)),
  );
}

async function* readLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const bytes of stream) {
    buffer += decoder.decode(bytes, { stream: true });
    let nl;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      yield buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
    }
  }
  if (buffer) yield buffer;
}

async function collectText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const bytes of stream) text = (text + decoder.decode(bytes, { stream: true })).slice(-4000);
  return text;
}

/** The next protocol event (lines that are not JSON are skipped), or null at the end of output. */
async function nextEvent(lines: AsyncGenerator<string>): Promise<RunnerEvent> {
  while (true) {
    const { value, done } = await lines.next();
    if (done) return null;
    try {
      return JSON.parse(value) as RunnerEvent;
    } catch {
      // not a protocol line
    }
  }
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("time limit reached")), Math.max(0, deadline - Date.now()));
    }),
  ]).finally(() => clearTimeout(timer));
}

function describeFailure(event: RunnerEvent, stderr: string): string {
  if (event === null) return `the runner ended without a result: ${stderr.trim().slice(-600)}`;
  if (event.event === "error") return event.message.slice(0, 600);
  return `unexpected runner event ${JSON.stringify(event)}`;
}

/** pid -> child pids, for every process (Linux /proc). */
function processChildren(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry.name)]);
    } catch {
      // gone
    }
  }
  return children;
}

/** A process and its descendants. */
function processTree(pid: number, children = processChildren()): number[] {
  return [pid, ...(children.get(pid) ?? []).flatMap((child) => processTree(child, children))];
}

function treeRssBytes(pid: number): number {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      const status = Deno.readTextFileSync(`/proc/${p}/status`);
      total += Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

/**
 * Kills a runner (unless it has exited) and its descendants by pid, then any process whose command
 * line holds the runner's own token (a LibreOffice or Python orphaned when its runner died first: the
 * -env:UserInstallation folder and the pipe name carry it).
 */
function killTree(runner: { pid: number; exited: boolean; token: string }) {
  const pids = runner.exited ? [] : processTree(runner.pid);
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      if (Deno.readTextFileSync(`/proc/${entry.name}/cmdline`).includes(runner.token)) {
        pids.push(Number(entry.name));
      }
    } catch {
      // gone
    }
  }
  for (const p of pids) {
    try {
      Deno.kill(p, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
