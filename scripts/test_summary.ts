/**
 * Sums the test suites run by scripts/test.sh. For each suite NAME it reads NAME.xml (Deno's JUnit
 * report), NAME.log (the console output), NAME.rc (the exit code) and NAME.files (the test files the
 * suite was given, one a line) from the report folder. Prints one closing line "N passed, N failed" and
 * exits 1 when anything failed, crashed or was stopped.
 *
 * Counting: JUnit lists test steps as test cases named "parent > step"; only top-level tests count,
 * as in Deno's own summary. A suite stopped at its time limit (exit code 124 or 137) writes no JUnit
 * report and no closing line: its finished tests are counted from the result lines of its log, the stop
 * counts as one failure, and what did not finish is named. A suite that exited non-zero any other way
 * without a failed test in its report (type-check error, crash) also counts as one failure, so neither
 * ever reads as a pass.
 */
import { decodeXml } from "../common/xml.ts";

export interface SuiteCount {
  passed: number;
  failed: number;
  ignored: number;
}

/** What the result lines of a cut-off log say. */
export interface LogProgress {
  count: SuiteCount;
  /** Tests that had started (a step or a header was printed) without a result: "file => name". */
  running: string[];
  /** Files started one at a time whose announced tests did not all finish: "file (k of N tests finished)". */
  cutFiles: string[];
  /** Files with at least one result line (or an uncaught error while loading). */
  seen: Set<string>;
}

const STOPPED_CODES = new Set([124, 137]);

function zero(): SuiteCount {
  return { passed: 0, failed: 0, ignored: 0 };
}

function tally(count: SuiteCount, outcome: string): void {
  if (outcome === "ok") count.passed++;
  else if (outcome === "ignored") count.ignored++;
  else count.failed++;
}

/** Counts top-level test cases in a Deno JUnit report. */
export function countJUnit(xml: string): SuiteCount {
  const cases: { name: string; cls: string; failed: boolean; skipped: boolean }[] = [];
  const re = /<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g;
  for (const m of xml.matchAll(re)) {
    const attrs = m[1];
    const body = m[3] ?? "";
    const name = decodeXml(/\bname="([^"]*)"/.exec(attrs)?.[1] ?? "");
    const cls = decodeXml(/\bclassname="([^"]*)"/.exec(attrs)?.[1] ?? "");
    cases.push({ name, cls, failed: /<(failure|error)\b/.test(body), skipped: /<skipped\b/.test(body) });
  }
  const names = new Set(cases.map((c) => `${c.cls}\u0000${c.name}`));
  const isStep = (c: { name: string; cls: string }) => {
    for (let i = c.name.indexOf(" > "); i !== -1; i = c.name.indexOf(" > ", i + 1)) {
      if (names.has(`${c.cls}\u0000${c.name.slice(0, i)}`)) return true;
    }
    return false;
  };
  const count = zero();
  for (const c of cases) {
    if (isStep(c)) continue;
    tally(count, c.failed ? "FAILED" : c.skipped ? "ignored" : "ok");
  }
  return count;
}

function stripColours(log: string): string {
  // deno-lint-ignore no-control-regex
  return log.replace(/\u001b\[[0-9;]*m/g, "");
}

/** Reads Deno's own closing line ("ok | 5 passed (2 steps) | 1 failed | 1 ignored (3s)"). */
export function countLog(log: string): SuiteCount | null {
  const lines = stripColours(log).split("\n").filter((l) => /^(ok|FAILED) \| /.test(l.trim()));
  if (lines.length === 0) return null;
  const last = lines[lines.length - 1];
  const num = (label: string) => Number(new RegExp(`(\\d+) ${label}`).exec(last)?.[1] ?? 0);
  return { passed: num("passed"), failed: num("failed"), ignored: num("ignored") };
}

const PARALLEL_RESULT = /^(\.\/\S+|file:\/\/\S+) => (.+) \.\.\. (ok|FAILED|ignored)(?: \(.*\))?$/;
const SERIAL_RESULT = /^(\S.*) \.\.\. (ok|FAILED|ignored)(?: \(.*\))?$/;
const SERIAL_HEADER = /^(\S.*) \.\.\.$/;
// What tests print is framed: "------- output -------", "------- post-test output -------", ...
const OUTPUT_START = /^-{7} [a-z -]*output -{7}$/;
const OUTPUT_END = /-{5} [a-z -]*output end -{5}$/;

/**
 * Reads a log line by line, as far as it goes: each finished top-level test, the tests still running
 * and, for a run of one file at a time ("running N tests from FILE"), a file cut short. Test steps
 * (indented in a serial run, "test ... step" in a parallel one) are not counted; a step whose test has
 * no result yet names that test as running. Output that tests print (between Deno's output markers)
 * is passed over.
 */
export function readTestLog(log: string): LogProgress {
  const count = zero();
  const seen = new Set<string>();
  const running: string[] = [];
  const announced = new Map<string, number>();
  const finished = new Map<string, number>();
  const parallel = new Map<string, Map<string, string>>();
  let file = "";
  let open: string | null = null;
  let inOutput = false;
  for (const raw of stripColours(log).split("\n")) {
    const line = raw.trimEnd();
    if (OUTPUT_START.test(line)) inOutput = true;
    const outputEnd = OUTPUT_END.test(line);
    if (outputEnd) inOutput = false;
    if (inOutput || outputEnd) continue;
    let m = /^running (\d+) tests? from (.+)$/.exec(line);
    if (m) {
      if (open) running.push(`${file} => ${open}`);
      file = m[2];
      open = null;
      announced.set(file, Number(m[1]));
      finished.set(file, 0);
      seen.add(file);
      continue;
    }
    m = /^Uncaught error from (\S+) FAILED$/.exec(line);
    if (m) {
      count.failed++;
      seen.add(m[1]);
      continue;
    }
    m = PARALLEL_RESULT.exec(line);
    if (m) {
      if (!parallel.has(m[1])) parallel.set(m[1], new Map());
      parallel.get(m[1])!.set(m[2], m[3]);
      seen.add(m[1]);
      continue;
    }
    if (!file) continue;
    m = SERIAL_RESULT.exec(line);
    if (m) {
      tally(count, m[2]);
      finished.set(file, (finished.get(file) ?? 0) + 1);
      open = null;
      continue;
    }
    m = SERIAL_HEADER.exec(line);
    if (m) open = m[1];
  }
  if (open) running.push(`${file} => ${open}`);

  for (const [path, results] of parallel) {
    const stillRunning = new Set<string>();
    for (const [name, outcome] of results) {
      const parts = name.split(" ... ");
      const prefixes = parts.slice(1).map((_, i) => parts.slice(0, i + 1).join(" ... "));
      if (prefixes.some((p) => results.has(p))) continue;
      if (parts.length > 1) stillRunning.add(parts[0]);
      else tally(count, outcome);
    }
    for (const name of stillRunning) running.push(`${path} => ${name}`);
  }

  const cutFiles: string[] = [];
  for (const [path, total] of announced) {
    const done = finished.get(path) ?? 0;
    if (done < total) cutFiles.push(`${path} (${done} of ${total} tests finished)`);
  }
  return { count, running, cutFiles, seen };
}

/** Lines naming what a stopped suite left unfinished; `files` are the test files it was given. */
export function describeUnfinished(progress: LogProgress, files: string[]): string[] {
  const lines: string[] = [];
  for (const test of progress.running) lines.push(`  still running: ${test}`);
  for (const file of progress.cutFiles) lines.push(`  cut short: ${file}`);
  const untouched = files.map((f) => (f.startsWith("./") ? f : `./${f}`)).filter((f) =>
    !progress.seen.has(f)
  );
  if (untouched.length) {
    const shown = untouched.slice(0, 30).join(", ");
    const more = untouched.length > 30 ? ` and ${untouched.length - 30} more` : "";
    lines.push(`  no test finished in ${untouched.length} of ${files.length} files: ${shown}${more}`);
  }
  return lines;
}

async function readOr(path: string, fallback: string | null): Promise<string | null> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return fallback;
  }
}

if (import.meta.main) {
  const [dir, ...suites] = Deno.args;
  const total = zero();
  const crashed: string[] = [];
  for (const suite of suites) {
    const xml = await readOr(`${dir}/${suite}.xml`, null);
    const log = await readOr(`${dir}/${suite}.log`, "") ?? "";
    const rc = Number((await readOr(`${dir}/${suite}.rc`, "1"))?.trim() ?? "1");
    const files = (await readOr(`${dir}/${suite}.files`, "") ?? "").split("\n").filter(Boolean);
    const stopped = STOPPED_CODES.has(rc) && xml === null;
    const progress = readTestLog(log);
    const count = (xml ? countJUnit(xml) : null) ?? countLog(log) ?? progress.count;
    const unfinished = stopped ? describeUnfinished(progress, files) : [];
    if (stopped) {
      crashed.push(`${suite} (stopped at its time limit, exit code ${rc})`);
      count.failed++;
    } else if (rc !== 0 && count.failed === 0) {
      crashed.push(`${suite} (exit code ${rc})`);
      count.failed = 1;
    }
    // worded unlike the closing line, so that line stays the only "N passed, N failed"
    console.log(`${suite} suite: passed ${count.passed}, failed ${count.failed}, ignored ${count.ignored}`);
    if (stopped) {
      console.log(`${suite} suite was stopped at its time limit; not finished:`);
      for (const line of unfinished.length ? unfinished : ["  (the log names nothing)"]) console.log(line);
    }
    total.passed += count.passed;
    total.failed += count.failed;
    total.ignored += count.ignored;
  }
  if (crashed.length) console.log(`crashed or stopped (counted as one failure each): ${crashed.join(", ")}`);
  console.log(`${total.passed} passed, ${total.failed} failed`);
  Deno.exit(total.failed > 0 ? 1 : 0);
}
