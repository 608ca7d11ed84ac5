/**
 * Where the first gold of a written question ranks on a library, and why it is not first (issue #24):
 *
 *   deno run -A scripts/classify_written_misses.ts [--corpus=library|national] [--set=dev,own,written2,…]
 *       [--rerank=0] [--verbose]
 *
 * For every question whose first gold is not first (shipped table, memory and re-ranker unless --rerank=0;
 * in-sample for the sets the re-ranker trains on), the first hit is sorted by what it is against the first
 * gold: an older version of a gold, an adjacent article (±3) of the gold's law, the same chapter, elsewhere
 * in the same law, a companion law (an interpretation or rule whose title names the gold's law or the
 * other way round), or an unrelated law; and the first gold's rank by bucket (2-3, 4-10, 11-100, missing).
 * Counts per set and per question type.
 */
import { searchLaws } from "../server/services/laws/search.ts";
import { loadCorpus, readQuestions } from "./law_eval_data.ts";
// @ts-types="./score_types.d.ts"
import { key as scoreKey } from "../../shared/data/laws/score.mjs";

const flag = (name: string) => Deno.args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const verbose = Deno.args.includes("--verbose");
const DATA = new URL("../../shared/data/laws/", import.meta.url).pathname;
const OWN = new URL("../tests/data/laws/", import.meta.url).pathname;
const SETS: Record<string, string> = {
  dev: `${DATA}questions-dev.csv`,
  own: `${OWN}questions-own.csv`,
  written2: `${OWN}questions-written2.csv`,
  written3: `${OWN}questions-written3.csv`,
  typo: `${OWN}questions-typo.csv`,
};
const lib = await loadCorpus(flag("corpus") ?? "library");
const noRerank = flag("rerank") === "0";
/** score key -> (law title key, article number, chapter path) of the version in force. */
const info = new Map<string, { law: string; num: number; path: string }>();
for (const versions of lib.groups.values()) {
  const v = versions.find((x) => x.record.status === "现行有效") ?? versions[0];
  const law = scoreKey(v.record.title, "第一条").split("#")[0];
  for (const a of v.articles) {
    info.set(scoreKey(v.record.title, a.number), { law, num: a.num, path: a.path.join("/") });
  }
}
const bare = (law: string) => law.replace(/^中华人民共和国/, "").replace(/[（(].*$/, "");

function why(top: string, gold: string, topStatus: string, goldKeys: string[]): string {
  if (topStatus !== "现行有效" && goldKeys.includes(top)) return "older version of a gold";
  const t = info.get(top);
  const g = info.get(gold);
  if (!t || !g) return "unknown";
  if (t.law === g.law) {
    if (Math.abs(t.num - g.num) <= 3) return "same law, adjacent (±3)";
    if (t.path && t.path === g.path) return "same law, same chapter";
    return "same law, elsewhere";
  }
  if (t.law.includes(bare(g.law)) || g.law.includes(bare(t.law))) return "companion law";
  return "other law";
}

const rows = new Map<string, Map<string, number>>();
const bump = (group: string, k: string) => {
  const m = rows.get(group) ?? new Map<string, number>();
  m.set(k, (m.get(k) ?? 0) + 1);
  rows.set(group, m);
};
for (const name of (flag("set") ?? "dev,own,written2,written3,typo").split(",")) {
  for (const q of readQuestions(SETS[name])) {
    const res = searchLaws(lib, { q: q.question, pageSize: 100, reranker: noRerank ? null : undefined });
    const ranked = res.results.map((r) => scoreKey(r.title, r.articleNumber));
    const rank = ranked.findIndex((k) => q.gold.includes(k));
    const bucket = rank === 0 ? "1" : rank < 0 ? "missing" : rank < 3 ? "2-3" : rank < 10 ? "4-10" : "11-100";
    for (const g of [`${name}`, `${name}/${q.kind ?? "-"}`]) bump(g, `rank ${bucket}`);
    if (rank === 0) continue;
    const gold = rank > 0 ? ranked[rank] : q.gold[0];
    const c = why(ranked[0], gold, res.results[0]?.status ?? "", q.gold);
    for (const g of [`${name}`, `${name}/${q.kind ?? "-"}`, "all"]) bump(g, c);
    if (verbose) {
      console.log(
        `${name} ${q.kind} ${q.id} rank ${rank + 1} ${c}: ${q.question} | top ${ranked[0]} | gold ${gold}`,
      );
    }
  }
}
for (const [g, m] of [...rows].sort()) {
  console.log(`${g.padEnd(22)} ${[...m].sort().map(([k, n]) => `${k}: ${n}`).join(", ")}`);
}
