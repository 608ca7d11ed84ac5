/**
 * Calibration of 问答's "nothing relevant in the library" refusal (issue #24 item 3):
 *
 *   deno run -A scripts/eval_law_refusal.ts [--corpus=national|library|both] [--verbose]
 *
 * For each corpus, the share of questions refused by retrieveForAnswer (no sources, so no model call):
 * real questions (stard-dev; on the shared library only those whose gold articles it holds), our written
 * questions (shared dev and tests/data/laws/questions-own.csv; never trained on: questions-written2.csv and
 * questions-typo.csv) should pass; questions about what the
 * library lacks (tests/data/laws/questions-none.csv, on the shared library only: the national corpus holds
 * those laws) and questions no law answers (tests/data/laws/questions-offtopic.csv) should be refused.
 * tests/data/laws/questions-everyday.csv holds both kinds, spoken style, labelled `answer` or `refuse`;
 * tests/data/laws/questions-everyday-short.csv (national corpus only) short questions as typed into a search box.
 */
import { retrieveForAnswer } from "../server/services/laws/ask_law.ts";
import type { LawLibrary } from "../server/services/laws/library.ts";
import {
  answerDoc,
  buildQuestionMemory,
  type MemoryEntry,
  type QuestionMemory,
} from "../server/services/laws/question_memory.ts";
import memoryData from "../server/services/laws/law_question_memory.json" with { type: "json" };
import {
  MIN_ASKED,
  MIN_COVERAGE,
  MIN_COVERAGE_ALONE,
  MIN_KNOWN,
  MIN_KNOWN_JARGON,
  MIN_REMEMBERED,
  MIN_SCORE_IN_MAX_IDF,
  MIN_SCORE_SHARE,
  MIN_SHARE_ALONE,
  MIN_SPOKEN,
  relevanceOf,
} from "../server/services/laws/relevance.ts";
import { searchLaws } from "../server/services/laws/search.ts";
import { loadCorpus, readQuestions } from "./law_eval_data.ts";
import { parseCsv } from "./eval_regions.ts";

const DATA = new URL("../../shared/data/laws/", import.meta.url).pathname;
const OWN = new URL("../tests/data/laws/", import.meta.url).pathname;
const flag = (name: string) => Deno.args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const verbose = Deno.args.includes("--verbose");

function plain(path: string): string[] {
  return parseCsv(Deno.readTextFileSync(path)).slice(1).map((r) => r[1]).filter(Boolean);
}

/** Questions of tests/data/laws/questions-everyday.csv expected to be answered or refused. */
function everyday(expect: "answer" | "refuse"): string[] {
  return parseCsv(Deno.readTextFileSync(`${OWN}questions-everyday.csv`)).slice(1)
    .filter((r) => r[2] === expect).map((r) => r[1]);
}

interface Signals {
  share: number;
  coverage: number;
  asked: number;
  known: number;
  spoken: number;
  everydayLegal: boolean;
  foreign: boolean;
  strongAbs: boolean;
  cited: boolean;
  remembered: number;
}

const remembered = (memoryData as { entries: MemoryEntry[] }).entries;

/**
 * The shipped memory without the question scored, for real questions the memory was built from (the
 * asked share would otherwise count the question's own words); undefined: the shipped memory.
 */
function memoryWithout(question: string, leaveOut: boolean): QuestionMemory | undefined {
  return leaveOut ? buildQuestionMemory(remembered.filter((e) => e.question !== question)) : undefined;
}

const sets: { name: string; answer: boolean; signals: Signals[] }[] = [];
const grid = Deno.args.includes("--grid");

function report(
  lib: LawLibrary,
  name: string,
  questions: string[],
  opts: { answer: boolean; leaveOut?: boolean },
): void {
  const shouldAnswer = opts.answer;
  let refused = 0;
  const signals: Signals[] = [];
  const maxIdf = Math.log(1 + (lib.index.size + 0.5) / 0.5);
  for (const q of questions) {
    const memory = memoryWithout(q, opts.leaveOut ?? false);
    const none = retrieveForAnswer(lib, q, { memory }).length === 0;
    if (none) refused++;
    const res = searchLaws(lib, { q, pageSize: 16, memory: null });
    const text = res.results.filter((r) => r.match === "text");
    const r = relevanceOf(lib, q, text, memory);
    signals.push({
      share: r.share,
      coverage: r.coverage,
      asked: r.asked,
      known: r.known,
      spoken: r.spoken,
      everydayLegal: r.everydayLegal,
      foreign: r.foreign,
      strongAbs: r.score >= MIN_SCORE_IN_MAX_IDF * maxIdf,
      cited: res.results.some((x) => x.match === "citation"),
      remembered: r.remembered,
    });
    if (verbose && none === shouldAnswer) {
      console.log(
        `  ${none ? "refused" : "answered"}: ${q} | ${text[0]?.title ?? "-"} ${
          text[0]?.articleNumber ?? ""
        } ` +
          `score ${r.score.toFixed(1)} share ${r.share.toFixed(3)} coverage ${r.coverage.toFixed(2)} ` +
          `asked ${r.asked.toFixed(2)} known ${r.known.toFixed(2)} spoken ${r.spoken.toFixed(2)} ` +
          `remembered ${r.remembered.toFixed(2)}${r.foreign ? " foreign" : ""}`,
      );
    }
  }
  sets.push({ name, answer: shouldAnswer, signals });
  const rate = questions.length ? refused / questions.length : 0;
  console.log(
    `${name.padEnd(44)} n=${String(questions.length).padStart(4)}  refused ${refused} (${
      (rate * 100).toFixed(1)
    } %)${shouldAnswer ? "  [should answer]" : "  [should refuse]"}`,
  );
}

/** Refusal rates per set for a grid of thresholds (the signals as computed above; relevance.ts's rule). */
function printGrid(): void {
  console.log(
    `grid: minShare/minCoverage/minAsked -> refused % per set (${sets.map((s) => s.name).join(" | ")})`,
  );
  for (const minShare of [0.06, MIN_SCORE_SHARE, 0.12]) {
    for (const minCoverage of [0.1, MIN_COVERAGE, 0.3]) {
      for (const minAsked of [0.2, MIN_ASKED, 0.4]) {
        const rates = sets.map((set) => {
          const refused = set.signals.filter((x) => {
            const strong = x.strongAbs || x.share >= minShare;
            const legal = x.asked > 0 || x.known >= MIN_KNOWN_JARGON;
            const relevant = !x.foreign && x.coverage >= minCoverage &&
              (strong && legal || x.share >= MIN_SHARE_ALONE && x.coverage >= MIN_COVERAGE_ALONE ||
                x.asked >= minAsked &&
                  (x.known >= MIN_KNOWN || x.everydayLegal && x.spoken >= MIN_SPOKEN) ||
                x.remembered >= MIN_REMEMBERED);
            return !x.cited && !relevant;
          }).length;
          return `${(100 * refused / set.signals.length).toFixed(0)}`.padStart(4);
        });
        console.log(
          `  ${minShare.toFixed(3)}/${minCoverage.toFixed(1)}/${minAsked.toFixed(1)}: ${rates.join(" ")}`,
        );
      }
    }
  }
}

const which = flag("corpus") ?? "both";
for (const corpus of which === "both" ? ["national", "library"] : [which]) {
  const lib = await loadCorpus(corpus);
  console.log(`${corpus}: ${lib.versions.length} versions, ${lib.index.size} articles`);
  const stard = readQuestions(`${DATA}stard-dev.csv`).filter((q) =>
    corpus === "national" || q.answers.every((a) => answerDoc(lib, a) !== null)
  ).map((q) => q.question);
  // The memory was built from these questions: each is judged with a memory that lacks it.
  report(lib, `${corpus} stard-dev (real questions)`, stard, { answer: true, leaveOut: true });
  report(lib, `${corpus} questions-dev + own`, [
    ...plain(`${DATA}questions-dev.csv`),
    ...plain(`${OWN}questions-own.csv`),
  ], { answer: true });
  // Never trained on: typos, homophones, mistyped law names, everyday phrasing (all answerable).
  report(lib, `${corpus} questions-written2 + typo`, [
    ...plain(`${OWN}questions-written2.csv`),
    ...plain(`${OWN}questions-typo.csv`),
  ], { answer: true });
  report(lib, `${corpus} issue #24's questions`, [
    "朋友借了我5万元一直不还，我该怎么办？",
    "借钱不还 利息怎么算",
    "借钱不还怎么办",
  ], { answer: true });
  report(lib, `${corpus} everyday questions (in library)`, everyday("answer"), { answer: true });
  // Short everyday questions as typed into a search box (golds in the national corpus; never trained on).
  if (corpus === "national") {
    report(lib, `${corpus} questions-everyday-short`, plain(`${OWN}questions-everyday-short.csv`), {
      answer: true,
    });
  }
  report(lib, `${corpus} everyday questions (out of library)`, everyday("refuse"), { answer: false });
  if (corpus === "library") {
    report(lib, `${corpus} questions-none (laws it lacks)`, plain(`${OWN}questions-none.csv`), {
      answer: false,
    });
  }
  report(lib, `${corpus} questions-offtopic (no law answers)`, plain(`${OWN}questions-offtopic.csv`), {
    answer: false,
  });
  if (grid) printGrid();
  sets.length = 0;
}
