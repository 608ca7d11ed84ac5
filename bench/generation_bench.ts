/**
 * Template-based generation end to end, ours against Carbone (issue 4 "Speed"). A script, not a
 * Deno.bench suite (the body is bench/generation_run.ts, whose header says what it prints):
 *
 *   deno run -A bench/generation_bench.ts --rows 1000 [--sample 20] [--skip-carbone] [--carbone-timeout s] [--api-timeout s]
 *
 * Under `deno task bench` (deno bench bench/) it only lists itself as ignored, so the suite does not
 * start a 1000-row run.
 */

if (import.meta.main) {
  await import("./generation_run.ts");
} else {
  Deno.bench({
    name: "generation: run as a script (deno run -A bench/generation_bench.ts --rows N)",
    ignore: true,
    fn() {},
  });
}
