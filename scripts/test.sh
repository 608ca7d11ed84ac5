#!/usr/bin/env bash
# Every test suite, from a fresh clone too (CI=true, no stdin, no TTY):
#   1. set-up (scripts/setup.sh, quietly): Deno, Debian packages, npm packages, the web build
#   2. unit + API tests: deno test --parallel over server/ common/ web/ scripts/ tests/api/
#   3. end-to-end tests: tests/e2e/ (a real server and headless Chromium), one file at a time
# Ends with one line "N passed, N failed" summed over the suites; exits non-zero when a test failed
# or a suite crashed. Extra arguments go to both deno test runs (e.g. --filter login).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"

if ! SETUP_QUIET=1 bash scripts/setup.sh </dev/null; then
  echo "set-up failed (scripts/setup.sh): no tests were run" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
export PATH="$ROOT/.tools/node_modules/.bin:$PATH"
export NO_COLOR="${NO_COLOR:-1}"

REPORT_DIR="$(mktemp -d "${TMPDIR:-/tmp}/test-reports.XXXXXX")"
trap 'rm -rf "$REPORT_DIR"' EXIT

# run_suite NAME TIME_LIMIT_SECONDS deno-test-args...
run_suite() {
  local name="$1" limit="$2"
  shift 2
  echo "=== $name tests ==="
  timeout --kill-after=15s "$limit" deno test -A --junit-path="$REPORT_DIR/$name.xml" "$@" </dev/null 2>&1 |
    tee "$REPORT_DIR/$name.log"
  local rc="${PIPESTATUS[0]}"
  echo "$rc" >"$REPORT_DIR/$name.rc"
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then echo "$name tests: stopped after ${limit}s" >&2; fi
}

run_suite unit 720 --parallel server/ common/ web/ scripts/ tests/api/ "$@"
run_suite e2e 1500 tests/e2e/ "$@"

deno run --allow-read="$REPORT_DIR" scripts/test_summary.ts "$REPORT_DIR" unit e2e
