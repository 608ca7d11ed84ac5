/**
 * Sums the test suites run by scripts/test.sh. For each suite NAME it reads NAME.xml (Deno's JUnit
 * report), NAME.log (the console output) and NAME.rc (the exit code) from the report folder.
 * Prints one closing line "N passed, N failed" and exits 1 when anything failed or crashed.
 *
 * Counting: JUnit lists test steps as test cases named "parent > step"; only top-level tests count,
 * as in Deno's own summary. A suite that exited non-zero without any failed test in its report
 * (type-check error, crash, time limit) counts as one failure, so a crash never reads as a pass.
 */

interface SuiteCount {
  passed: number;
  failed: number;
  ignored: number;
}

const [dir, ...suites] = Deno.args;

function decode(text: string): string {
  return text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll(
    "&apos;",
    "'",
  )
    .replaceAll("&amp;", "&");
}

/** Counts top-level test cases in a Deno JUnit report. */
export function countJUnit(xml: string): SuiteCount {
  const cases: { name: string; cls: string; failed: boolean; skipped: boolean }[] = [];
  const re = /<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g;
  for (const m of xml.matchAll(re)) {
    const attrs = m[1];
    const body = m[3] ?? "";
    const name = decode(/\bname="([^"]*)"/.exec(attrs)?.[1] ?? "");
    const cls = decode(/\bclassname="([^"]*)"/.exec(attrs)?.[1] ?? "");
    cases.push({ name, cls, failed: /<(failure|error)\b/.test(body), skipped: /<skipped\b/.test(body) });
  }
  const names = new Set(cases.map((c) => `${c.cls}\u0000${c.name}`));
  const isStep = (c: { name: string; cls: string }) => {
    for (let i = c.name.indexOf(" > "); i !== -1; i = c.name.indexOf(" > ", i + 1)) {
      if (names.has(`${c.cls}\u0000${c.name.slice(0, i)}`)) return true;
    }
    return false;
  };
  const count: SuiteCount = { passed: 0, failed: 0, ignored: 0 };
  for (const c of cases) {
    if (isStep(c)) continue;
    if (c.failed) count.failed++;
    else if (c.skipped) count.ignored++;
    else count.passed++;
  }
  return count;
}

/** Reads Deno's own closing line ("ok | 5 passed (2 steps) | 1 failed | 1 ignored (3s)"). */
export function countLog(log: string): SuiteCount | null {
  // deno-lint-ignore no-control-regex
  const plain = log.replace(/\u001b\[[0-9;]*m/g, "");
  const lines = plain.split("\n").filter((l) => /^(ok|FAILED) \| /.test(l.trim()));
  if (lines.length === 0) return null;
  const last = lines[lines.length - 1];
  const num = (label: string) => Number(new RegExp(`(\\d+) ${label}`).exec(last)?.[1] ?? 0);
  return { passed: num("passed"), failed: num("failed"), ignored: num("ignored") };
}

async function readOr(path: string, fallback: string | null): Promise<string | null> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return fallback;
  }
}

if (import.meta.main) {
  const total: SuiteCount = { passed: 0, failed: 0, ignored: 0 };
  const crashed: string[] = [];
  for (const suite of suites) {
    const xml = await readOr(`${dir}/${suite}.xml`, null);
    const log = await readOr(`${dir}/${suite}.log`, "") ?? "";
    const rc = Number((await readOr(`${dir}/${suite}.rc`, "1"))?.trim() ?? "1");
    const count = (xml ? countJUnit(xml) : null) ?? countLog(log) ?? { passed: 0, failed: 0, ignored: 0 };
    if (rc !== 0 && count.failed === 0) {
      crashed.push(`${suite} (exit code ${rc})`);
      count.failed = 1;
    }
    // worded unlike the closing line, so that line stays the only "N passed, N failed"
    console.log(`${suite} suite: passed ${count.passed}, failed ${count.failed}, ignored ${count.ignored}`);
    total.passed += count.passed;
    total.failed += count.failed;
    total.ignored += count.ignored;
  }
  if (crashed.length) console.log(`crashed or stopped (counted as one failure each): ${crashed.join(", ")}`);
  console.log(`${total.passed} passed, ${total.failed} failed`);
  Deno.exit(total.failed > 0 ? 1 : 0);
}
