import assert from "node:assert/strict";
import { countJUnit, countLog, describeUnfinished, readTestLog } from "./test_summary.ts";

const REPORT = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="deno test" tests="6" failures="1" errors="0" time="0.012">
    <testsuite name="./a_test.ts" tests="6" disabled="1" errors="0" failures="1">
        <testcase name="passes" classname="./a_test.ts" time="0.000" line="1" col="6">
        </testcase>
        <testcase name="fails &lt;&amp;&gt;" classname="./a_test.ts" time="0.001" line="2" col="6">
            <failure message="Uncaught Error: boom">Error: boom</failure>
        </testcase>
        <testcase name="ignored" classname="./a_test.ts" time="0.000" line="3" col="6">
            <skipped/>
        </testcase>
        <testcase name="steps" classname="./a_test.ts" time="0.001" line="4" col="6">
        </testcase>
        <testcase name="steps &gt; s1" classname="./a_test.ts" time="0.000" line="4" col="43">
        </testcase>
        <testcase name="steps &gt; s2" classname="./a_test.ts" time="0.000" line="4" col="73">
            <failure message="x">x</failure>
        </testcase>
        <testcase name="a &gt; b has no parent" classname="./a_test.ts" time="0.000" line="9" col="6">
        </testcase>
    </testsuite>
</testsuites>`;

Deno.test("countJUnit() counts top-level tests and leaves steps out", () => {
  assert.deepEqual(countJUnit(REPORT), { passed: 3, failed: 1, ignored: 1 });
});

Deno.test("countJUnit() of an empty report is all zero", () => {
  assert.deepEqual(countJUnit(`<testsuites name="deno test" tests="0"></testsuites>`), {
    passed: 0,
    failed: 0,
    ignored: 0,
  });
});

Deno.test("countLog() reads Deno's closing line, colours and steps included", () => {
  const log =
    "running 3 tests\n\n\u001b[31mFAILED\u001b[0m | 2 passed (2 steps) | 1 failed | 4 ignored (11ms)\n\nerror: Test failed\n";
  assert.deepEqual(countLog(log), { passed: 2, failed: 1, ignored: 4 });
  assert.deepEqual(countLog("ok | 7 passed | 0 failed (1s)\n"), { passed: 7, failed: 0, ignored: 0 });
  assert.equal(countLog("error: Type checking failed.\n"), null);
});

// Logs as Deno 2.9 prints them when `timeout` stops the run (NO_COLOR=1).
const PARALLEL_CUT = `------- output -------
hello ... ok
./e_test.ts => e out ...----- output end -----
./e_test.ts => e out ... ok (1ms)
./e_test.ts => e steps slow ... s1 ... ok (0ms)
Uncaught error from ./d_test.ts FAILED
./a_test.ts => a one ... ok (661µs)
./b_test.ts => b fail ... FAILED (906µs)
./a_test.ts => a steps ... s1 ... ok (0ms)
./a_test.ts => a steps ... s2 ... ok (0ms)
./a_test.ts => a steps ... ok (2ms)
./a_test.ts => a ign ... ignored (0ms)
`;

const SERIAL_CUT = `running 4 tests from ./a_test.ts
a one ... ok (745µs)
a steps ...
  s1 ... ok (0ms)
  s2 ... ok (0ms)
a steps ... ok (2ms)
a ign ... ignored (0ms)
b fail ... FAILED (1ms)
running 2 tests from ./e_test.ts
e out ...
------- post-test output -------
hello ... ok
----- post-test output end -----
e out ... ok (8ms)
e steps slow ...
  s1 ... ok (0ms)
  s2 ...`;

Deno.test("readTestLog() counts the finished top-level tests of a parallel run and names the one still running", () => {
  const progress = readTestLog(PARALLEL_CUT);
  assert.deepEqual(progress.count, { passed: 3, failed: 2, ignored: 1 });
  assert.deepEqual(progress.running, ["./e_test.ts => e steps slow"]);
  assert.deepEqual(progress.cutFiles, []);
  assert.deepEqual([...progress.seen].sort(), ["./a_test.ts", "./b_test.ts", "./d_test.ts", "./e_test.ts"]);
});

Deno.test("readTestLog() counts a serial run's tests per file and names the file and test it was cut in", () => {
  const progress = readTestLog(SERIAL_CUT);
  assert.deepEqual(progress.count, { passed: 3, failed: 1, ignored: 1 });
  assert.deepEqual(progress.running, ["./e_test.ts => e steps slow"]);
  assert.deepEqual(progress.cutFiles, ["./e_test.ts (1 of 2 tests finished)"]);
  const plain = readTestLog("running 1 test from ./x_test.ts\nslow one ...");
  assert.deepEqual(plain.running, ["./x_test.ts => slow one"]);
  assert.deepEqual(plain.count, { passed: 0, failed: 0, ignored: 0 });
});

Deno.test("describeUnfinished() names the running tests, cut files and the files without any result", () => {
  const files = ["a_test.ts", "b_test.ts", "e_test.ts", "f_test.ts", "./g_test.ts"];
  assert.deepEqual(describeUnfinished(readTestLog(SERIAL_CUT), files), [
    "  still running: ./e_test.ts => e steps slow",
    "  cut short: ./e_test.ts (1 of 2 tests finished)",
    "  no test finished in 3 of 5 files: ./b_test.ts, ./f_test.ts, ./g_test.ts",
  ]);
  const many = Array.from({ length: 35 }, (_, i) => `./t${i}_test.ts`);
  const [line] = describeUnfinished(readTestLog(""), many);
  assert.match(
    line,
    /^ {2}no test finished in 35 of 35 files: \.\/t0_test\.ts, .*\.\/t29_test\.ts and 5 more$/,
  );
});
