/**
 * Law search quality on the shared law library with its scorer:
 *
 *   deno task eval-laws [LIBRARY_DIR] [--verbose] [--questions=FILE] [--citations=FILE]
 *
 * Builds the library from ../shared/data/laws/library (or LIBRARY_DIR), runs every question of
 * questions-dev.csv through searchLaws (top 10) and every draft sentence of citations-dev.csv through
 * checkCitations, writes the predictions to a temporary folder and prints score.mjs's summaries
 * (recall@1/5/10, MRR@10 by type; citation_acc). --questions= / --citations= (or the QUESTIONS / CITATIONS env
 * vars) pick other sets, e.g. our own tests/data/laws/questions-own.csv or citations-own.csv;
 * --citations-only skips the questions (e.g. over the national corpus, LIBRARY_DIR = an unpacked
 * server/services/laws/data/national.tar.xz).
 */
import { buildLibraryFromFiles } from "../server/services/laws/build_library.ts";
import { checkCitationsIn } from "../server/services/laws/check_citations.ts";
import { parseLawFolder } from "../server/services/laws/load_folder.ts";
import { searchLaws } from "../server/services/laws/search.ts";
import { parseCsv } from "./eval_regions.ts";

const DATA = new URL("../../shared/data/laws/", import.meta.url).pathname;
const args = Deno.args.filter((a) => !a.startsWith("--"));
const verbose = Deno.args.includes("--verbose");
const citationsOnly = Deno.args.includes("--citations-only");
const libDir = args[0] ?? `${DATA}library`;
const flag = (name: string) => Deno.args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const questions = flag("questions") ?? Deno.env.get("QUESTIONS") ?? `${DATA}questions-dev.csv`;
const citations = flag("citations") ?? Deno.env.get("CITATIONS") ?? `${DATA}citations-dev.csv`;

const csvCell = (s: string) => /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
const t0 = performance.now();
const lib = await buildLibraryFromFiles(await parseLawFolder(libDir), new Date().toISOString().slice(0, 10));
console.log(
  `library: ${lib.versions.length} versions, ${lib.index.size} articles, built in ${
    Math.round(performance.now() - t0)
  } ms`,
);

const out = await Deno.makeTempDir({ prefix: "eval-laws-" });
const qRows = citationsOnly
  ? []
  : parseCsv(await Deno.readTextFile(questions)).slice(1).filter((r) => r.length > 2);
const qLines = ["id,rank,title,article"];
const times: number[] = [];
for (const [id, question, answers] of qRows) {
  const s = performance.now();
  const res = searchLaws(lib, { q: question, pageSize: 10 });
  times.push(performance.now() - s);
  res.results.forEach((r, i) =>
    qLines.push([id, String(i + 1), csvCell(r.title), r.articleNumber].join(","))
  );
  if (verbose) {
    const gold = answers.split(";");
    const got = res.results.map((r) => `${r.title}|${r.articleNumber}`);
    const rank = got.findIndex((g) => gold.includes(g));
    if (rank !== 0) {
      console.log(
        `${id} ${question} → rank ${rank + 1 || "-"}; gold ${gold.join(";")}; top ${
          got.slice(0, 3).join(" ; ")
        }`,
      );
    }
  }
}
await Deno.writeTextFile(`${out}/questions.csv`, qLines.join("\n") + "\n");
times.sort((a, b) => a - b);
if (!citationsOnly) {
  console.log(
    `search latency over ${times.length} questions: p50 ${
      times[Math.floor(times.length * 0.5)].toFixed(1)
    } ms, p95 ${times[Math.floor(times.length * 0.95)].toFixed(1)} ms`,
  );
}

const LABELS: Record<string, string> = {
  valid: "valid",
  amended: "renumbered-or-amended",
  repealed: "repealed",
  nonexistent: "nonexistent",
  unknown_law: "repealed",
};
const cRows = parseCsv(await Deno.readTextFile(citations)).slice(1).filter((r) => r.length > 2);
const cLines = ["id,label,title,article"];
for (const [id, text, label] of cRows) {
  const checked = checkCitationsIn(lib, text);
  const c = checked[0];
  const pred = c ? LABELS[c.status] : "valid";
  cLines.push([id, pred, csvCell(c?.current?.title ?? ""), c?.current?.articleNumber ?? ""].join(","));
  if (verbose && pred !== label) console.log(`${id} ${label} → ${pred}: ${text} | ${c?.note}`);
}
await Deno.writeTextFile(`${out}/citations.csv`, cLines.join("\n") + "\n");

for (
  const argv of [...(citationsOnly ? [] : [[`${DATA}score.mjs`, questions, `${out}/questions.csv`]]), [
    `${DATA}score.mjs`,
    "--citations",
    citations,
    `${out}/citations.csv`,
  ]]
) {
  const res = await new Deno.Command("node", { args: argv, stdout: "piped", stderr: "piped" }).output();
  console.log(new TextDecoder().decode(res.stdout));
  const err = new TextDecoder().decode(res.stderr);
  if (err.trim()) console.error(err);
}
console.log(`predictions in ${out}`);
