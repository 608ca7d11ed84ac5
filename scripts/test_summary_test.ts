import assert from "node:assert/strict";
import { countJUnit, countLog } from "./test_summary.ts";

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
