/**
 * Template-based generation end to end, ours against Carbone (issue 4 "Speed"). A script, not a
 * Deno.bench suite (the body is bench/generation_run.ts, whose header says what it prints):
 *
 *   deno run -A bench/generation_bench.ts --rows 1000 [--sample 20] [--skip-carbone] [--carbone-timeout s] [--api-timeout s]
 *
 * Under `deno task bench` (deno bench bench/) it registers nothing, so the suite does not
 * start a 1000-row run.
 */

if (import.meta.main) await import("./generation_run.ts");
