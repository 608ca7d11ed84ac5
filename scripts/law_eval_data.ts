/**
 * Data for the law search evaluation scripts (eval_law_search.ts, eval_law_refusal.ts,
 * build_law_term_table.ts): the national corpus unpacked once into tests/cache/national (or NATIONAL_DIR),
 * labelled questions with score.mjs's keys, training pairs for the learned tables.
 */
import { buildLibraryFromFiles } from "../server/services/laws/build_library.ts";
import type { LawLibrary } from "../server/services/laws/library.ts";
import { parseLawFolder } from "../server/services/laws/load_folder.ts";
import type { MemoryEntry } from "../server/services/laws/question_memory.ts";
import { parseCsv } from "./eval_regions.ts";
// @ts-types="./score_types.d.ts"
import { key as scoreKey } from "../../shared/data/laws/score.mjs";

export interface TrainingPair {
  question: string;
  /** Index docs of the gold articles. */
  docs: number[];
}

const DATA = new URL("../../shared/data/laws/", import.meta.url).pathname;
const CACHE = new URL("../tests/cache/", import.meta.url).pathname;

export interface Question {
  id: string;
  question: string;
  /** score.mjs keys of the gold articles. */
  gold: string[];
  /** The gold articles as written (title|第N条). */
  answers: string[];
  /** Which labelled set the question comes from, when several are mixed. */
  set?: string;
  /** The question's type column (fact, colloquial, typo, …) when the set has one. */
  kind?: string;
}

export function readQuestions(path: string): Question[] {
  return parseCsv(Deno.readTextFileSync(path)).slice(1).filter((r) => r.length > 2).map((r) => ({
    id: r[0],
    question: r[1],
    kind: r[4] || undefined,
    answers: r[2].split(/[;；]/).filter(Boolean),
    gold: r[2].split(/[;；]/).filter(Boolean).map((a) => {
      const i = a.lastIndexOf("|");
      return scoreKey(a.slice(0, i), a.slice(i + 1));
    }),
  }));
}

/** The national part unpacked once (tests/cache/national), or NATIONAL_DIR. */
export async function nationalDir(): Promise<string> {
  const env = Deno.env.get("NATIONAL_DIR");
  if (env) return env;
  const dir = `${CACHE}national`;
  try {
    await Deno.stat(`${dir}/民法典`);
    return dir;
  } catch {
    await Deno.mkdir(CACHE, { recursive: true });
    const res = await new Deno.Command("tar", { args: ["-xJf", `${DATA}national.tar.xz`, "-C", CACHE] })
      .output();
    if (!res.success) throw new Error("could not unpack national.tar.xz");
    return dir;
  }
}

export async function loadCorpus(corpus: string): Promise<LawLibrary> {
  const dir = corpus === "library" ? `${DATA}library` : await nationalDir();
  return await buildLibraryFromFiles(await parseLawFolder(dir), "2026-11-28");
}

/** Stard questions with their gold articles' texts, for training the term table. */
export function trainingPairs(lib: LawLibrary, questions: Question[]): TrainingPair[] {
  const byKey = new Map<string, number>();
  for (const versions of lib.groups.values()) {
    const v = versions.find((x) => x.record.status === "现行有效") ?? versions[0];
    v.articles.forEach((a, i) => byKey.set(scoreKey(v.record.title, a.number), v.docStart + i));
  }
  const out: TrainingPair[] = [];
  for (const q of questions) {
    const docs = q.gold.map((g) => byKey.get(g)).filter((d): d is number => d !== undefined);
    if (docs.length) out.push({ question: q.question, docs });
  }
  return out;
}

/** Memory entries of labelled questions (answers as title|第N条). */
export function memoryEntries(questions: Question[]): MemoryEntry[] {
  return questions.map((q) => ({ question: q.question, answers: q.answers }));
}

const TESTS = new URL("../tests/data/laws/", import.meta.url).pathname;

/** How much a written question counts in the re-ranker's training against a real one (ADR 019, session 31). */
export const WRITTEN_WEIGHT = 5;

/**
 * A labelled set the learned parts of law search train on beside stard-dev (the real questions the term
 * table and the question memory always learn from).
 */
export interface TrainingSet {
  path: string;
  /** "real": asked as the public asks (like stard-dev); "written": written from the statutes (like questions-dev). */
  kind: "real" | "written";
  /** What one of its questions counts in the re-ranker's training against a stard-dev question. */
  weight: number;
  /**
   * Scored by cross-validation (split into folds among the scored sets, each fold's re-ranker trained
   * without it); otherwise a training-only set, in the training of every fold. A training-only set must
   * be disjoint from stard-dev and the scored sets (written without reading them).
   */
  scored: boolean;
  /** Also remembered by the question memory (only training-only sets). */
  memory: boolean;
  /** Also learned by the term table (only training-only sets). */
  table: boolean;
}

/** Every labelled set trained on beside stard-dev, in a fixed order (the scored sets' folds depend on it). */
export const TRAINING_SETS: Record<string, TrainingSet> = {
  dev: {
    path: `${DATA}questions-dev.csv`,
    kind: "written",
    weight: WRITTEN_WEIGHT,
    scored: true,
    memory: false,
    table: false,
  },
  own: {
    path: `${TESTS}questions-own.csv`,
    kind: "written",
    weight: WRITTEN_WEIGHT,
    scored: true,
    memory: false,
    table: false,
  },
};

/** The training-only sets a run uses, their weights and which of them are remembered. */
export interface SetChoice {
  /** Training-only sets the re-ranker trains on, in TRAINING_SETS order. */
  extra: string[];
  /** Weight of each chosen set (TRAINING_SETS' unless overridden). */
  weights: Record<string, number>;
  /** Sets the question memory remembers beside stard-dev. */
  memory: string[];
  /** Sets the term table learns from beside stard-dev. */
  table: string[];
}

/**
 * The training-only sets of a run: every one in TRAINING_SETS, or `--sets=a,b:0.5` (name or name:weight;
 * `--sets=` none); remembered: those marked `memory`, or `--memory-sets=a,b` (`--memory-sets=` none);
 * learned by the term table: those marked `table`, or `--table-sets=a,b`.
 */
export function chosenSets(args: string[] = Deno.args): SetChoice {
  const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const names = Object.keys(TRAINING_SETS);
  const check = (n: string, opt: string) => {
    if (!TRAINING_SETS[n]) throw new Error(`${opt}: no set ${n} (${names.join(", ")})`);
    if (TRAINING_SETS[n].scored) {
      throw new Error(`${opt}: ${n} is scored by cross-validation, not training-only`);
    }
    return n;
  };
  const weights: Record<string, number> = {};
  const setsFlag = flag("sets");
  const extra = setsFlag === undefined
    ? names.filter((n) => !TRAINING_SETS[n].scored)
    : setsFlag.split(",").filter(Boolean).map((s) => {
      const [n, w] = s.split(":");
      if (w !== undefined) weights[n] = Number(w);
      return check(n, "--sets");
    });
  for (const n of extra) weights[n] ??= TRAINING_SETS[n].weight;
  const learners = (key: "memory" | "table") => {
    const given = flag(`${key}-sets`);
    return given === undefined
      ? names.filter((n) => !TRAINING_SETS[n].scored && TRAINING_SETS[n][key])
      : given.split(",").filter(Boolean).map((n) => check(n, `--${key}-sets`));
  };
  const order = (l: string[]) => names.filter((n) => l.includes(n));
  return { extra: order(extra), weights, memory: order(learners("memory")), table: order(learners("table")) };
}

/** The questions of the named TRAINING_SETS, each tagged with its set. */
export function readSets(names: string[]): Question[] {
  return names.flatMap((set) => readQuestions(TRAINING_SETS[set].path).map((q) => ({ ...q, set })));
}

/** A file-name part naming sets by their sizes ("public-civil120+own2150"), "" for none. */
export function setsKey(qs: Question[]): string {
  const counts = new Map<string, number>();
  for (const q of qs) counts.set(q.set ?? "", (counts.get(q.set ?? "") ?? 0) + 1);
  return [...counts].map(([n, c]) => `${n}${c}`).join("+");
}
