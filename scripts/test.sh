#!/usr/bin/env bash
# Every test suite, from a fresh clone too (CI=true, no stdin, no TTY):
#   1. set-up (scripts/setup.sh, quietly): Deno, Debian packages, npm packages, the web build
#   2. unit + API tests: deno test --parallel over server/ common/ web/ scripts/ tests/api/ tests/helpers/
#   3. end-to-end tests: tests/e2e/ (a real server and headless Chromium), one file at a time
# Ends with one line "N passed, N failed" summed over the suites; exits non-zero when a test failed,
# a suite crashed or hit its time limit. A suite stopped at its limit still counts the tests that
# finished and names what did not (scripts/test_summary.ts). Extra arguments go to both deno test runs
# (e.g. --filter login).
#
# Time limits fit the whole run into a 90-minute CI budget on a loaded 2-core machine (an idle one
# needs far less): set-up up to ~8 min, unit 27 min, browser 55 min. Override with TEST_UNIT_LIMIT /
# TEST_E2E_LIMIT (seconds).
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

UNIT_LIMIT="${TEST_UNIT_LIMIT:-1620}"
E2E_LIMIT="${TEST_E2E_LIMIT:-3300}"

# list_test_files FOLDER... : the files deno test picks in those folders (its default name pattern),
# written beside the report so that a stopped suite can name the files it did not reach
list_test_files() {
  find "$@" \( -name node_modules -o -path web/dist \) -prune -o -type f \
    \( -name '*_test.*' -o -name '*.test.*' -o -name 'test.*' \) \
    \( -name '*.ts' -o -name '*.tsx' -o -name '*.mts' -o -name '*.js' -o -name '*.mjs' -o -name '*.jsx' \) \
    -print | sed 's|//*|/|g; s|^|./|' | sort
}

# run_suite NAME TIME_LIMIT_SECONDS FOLDERS -- deno-test-args...
run_suite() {
  local name="$1" limit="$2"
  shift 2
  local folders=()
  while [ "$1" != "--" ]; do folders+=("$1"); shift; done
  shift
  echo "=== $name tests ==="
  list_test_files "${folders[@]}" >"$REPORT_DIR/$name.files"
  timeout --kill-after=15s "$limit" deno test -A --junit-path="$REPORT_DIR/$name.xml" "$@" "${folders[@]}" </dev/null 2>&1 |
    tee "$REPORT_DIR/$name.log"
  local rc="${PIPESTATUS[0]}"
  echo "$rc" >"$REPORT_DIR/$name.rc"
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then echo "$name tests: stopped after ${limit}s" >&2; fi
}

run_suite unit "$UNIT_LIMIT" server/ common/ web/ scripts/ tests/api/ tests/helpers/ -- --parallel "$@"
run_suite e2e "$E2E_LIMIT" tests/e2e/ -- "$@"

deno run --allow-read="$REPORT_DIR" scripts/test_summary.ts "$REPORT_DIR" unit e2e
