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
import { bigramTerms } from "../server/services/laws/text_terms.ts";
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

/**
 * The index doc of every article of each law's version in force (现行有效, else its first version), by
 * score.mjs key (title|第N条): how a labelled gold is resolved everywhere in the scripts.
 */
export function currentDocsByKey(lib: LawLibrary): Map<string, number> {
  const byKey = new Map<string, number>();
  for (const versions of lib.groups.values()) {
    const v = versions.find((x) => x.record.status === "现行有效") ?? versions[0];
    v.articles.forEach((a, i) => byKey.set(scoreKey(v.record.title, a.number), v.docStart + i));
  }
  return byKey;
}

/** Stard questions with their gold articles' texts, for training the term table. */
export function trainingPairs(lib: LawLibrary, questions: Question[]): TrainingPair[] {
  const byKey = currentDocsByKey(lib);
  const out: TrainingPair[] = [];
  for (const q of questions) {
    const docs = q.gold.map((g) => byKey.get(g)).filter((d): d is number => d !== undefined);
    if (docs.length) out.push({ question: q.question, docs });
  }
  return out;
}

/** Memory entries of labelled questions (answers as title|第N条). */
export function memoryEntries(questions: Question[]): MemoryEntry[] {
  return questions.map((q) => ({
    question: q.question,
    answers: q.answers,
    ...(q.set ? { set: q.set } : {}),
  }));
}

const TESTS = new URL("../tests/data/laws/", import.meta.url).pathname;

/** Every set law search is scored with: by cross-validation (stard, dev, own) or never trained on. */
export const SCORED_SETS: Record<string, string> = {
  stard: `${DATA}stard-dev.csv`,
  dev: `${DATA}questions-dev.csv`,
  own: `${TESTS}questions-own.csv`,
  written2: `${TESTS}questions-written2.csv`,
  // Written for session 32 from the statutes (fact patterns, colloquial questions); never trained on.
  written3: `${TESTS}questions-written3.csv`,
  // Written for session 32: typos, homophones, mistyped law names, everyday questions; never trained on.
  typo: `${TESTS}questions-typo.csv`,
  // Written for session 33: everyday verbs and nouns (借了, 拖着, 朋友, 快递); never trained on.
  verbs: `${TESTS}questions-everyday-verbs.csv`,
};

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
  // Session 34: written for training without reading stard-dev or the scored sets. Remembered by the
  // question memory (the first pass); weight 0 in the re-ranker's training: at 0.5-1 (public) and 2-5
  // (own2) they cost STARD's nested CV 0.005-0.01 (ADR 019, session 34).
  // Real-like questions as the public asks them, golds in the national corpus: civil life.
  "public-civil": {
    path: `${TESTS}questions-public-civil.csv`,
    kind: "real",
    weight: 0,
    scored: false,
    memory: true,
    table: false,
  },
  // The same for work, consumers, tenancy, companies, administration, criminal questions, procedure.
  "public-work": {
    path: `${TESTS}questions-public-work.csv`,
    kind: "real",
    weight: 0,
    scored: false,
    memory: true,
    table: false,
  },
  // Written questions like questions-dev over the shared 107-law library.
  own2: {
    path: `${TESTS}questions-own2.csv`,
    kind: "written",
    weight: 0,
    scored: false,
    memory: true,
    table: false,
  },
  // Session 35: public questions over the areas real questions ask about (chosen by stard-dev's gold laws,
  // its questions unread; tests/data/laws/README.md). Remembered: they lend as neighbours; the priors count
  // only stard-dev (TUNING.priorSetWeight). Weight 0 in the re-ranker, as above.
  "public-contracts": {
    path: `${TESTS}questions-public-contracts.csv`,
    kind: "real",
    weight: 0,
    scored: false,
    memory: true,
    table: false,
  },
  "public-property": {
    path: `${TESTS}questions-public-property.csv`,
    kind: "real",
    weight: 0,
    scored: false,
    memory: true,
    table: false,
  },
  "public-business": {
    path: `${TESTS}questions-public-business.csv`,
    kind: "real",
    weight: 0,
    scored: false,
    memory: true,
    table: false,
  },
  "public-admin": {
    path: `${TESTS}questions-public-admin.csv`,
    kind: "real",
    weight: 0,
    scored: false,
    memory: true,
    table: false,
  },
  "public-torts": {
    path: `${TESTS}questions-public-torts.csv`,
    kind: "real",
    weight: 0,
    scored: false,
    memory: true,
    table: false,
  },
  "public-company": {
    path: `${TESTS}questions-public-company.csv`,
    kind: "real",
    weight: 0,
    scored: false,
    memory: true,
    table: false,
  },
  "public-family": {
    path: `${TESTS}questions-public-family.csv`,
    kind: "real",
    weight: 0,
    scored: false,
    memory: true,
    table: false,
  },
  "public-labour": {
    path: `${TESTS}questions-public-labour.csv`,
    kind: "real",
    weight: 0,
    scored: false,
    memory: true,
    table: false,
  },
  // Session 36: public questions labelled with the general rule beside the specific one (as a lawyer cites).
  // Remembered, and in the re-ranker's training at 0.3 (their pools with a memory that lacks their own fold):
  // STARD's nested CV on the pools, R@10 / MRR@10, by weight: 0 0.658 / 0.556, 0.1 0.662 / 0.562,
  // 0.2 0.665 / 0.565, 0.3 0.673 / 0.565, 0.5 0.671 / 0.560 (ADR 019, session 36).
  "public-gcontracts": {
    path: `${TESTS}questions-public-gcontracts.csv`,
    kind: "real",
    weight: 0.3,
    scored: false,
    memory: true,
    table: false,
  },
  "public-gtorts": {
    path: `${TESTS}questions-public-gtorts.csv`,
    kind: "real",
    weight: 0.3,
    scored: false,
    memory: true,
    table: false,
  },
  "public-gproperty": {
    path: `${TESTS}questions-public-gproperty.csv`,
    kind: "real",
    weight: 0.3,
    scored: false,
    memory: true,
    table: false,
  },
  "public-gmixed": {
    path: `${TESTS}questions-public-gmixed.csv`,
    kind: "real",
    weight: 0.3,
    scored: false,
    memory: true,
    table: false,
  },
  "public-gdeals": {
    path: `${TESTS}questions-public-gdeals.csv`,
    kind: "real",
    weight: 0.3,
    scored: false,
    memory: true,
    table: false,
  },
  "public-ginjury": {
    path: `${TESTS}questions-public-ginjury.csv`,
    kind: "real",
    weight: 0.3,
    scored: false,
    memory: true,
    table: false,
  },
  "public-ghome": {
    path: `${TESTS}questions-public-ghome.csv`,
    kind: "real",
    weight: 0.3,
    scored: false,
    memory: true,
    table: false,
  },
  "public-gwork": {
    path: `${TESTS}questions-public-gwork.csv`,
    kind: "real",
    weight: 0.3,
    scored: false,
    memory: true,
    table: false,
  },
  // Session 37: labelled the same way, in the areas the remembered questions still hardly covered: the
  // less common typical contracts (two sets), criminal law, administrative and sector law, security for
  // debts with civil procedure and trade marks / copyright.
  "public-gtypa": {
    path: `${TESTS}questions-public-gtypa.csv`,
    kind: "real",
    weight: 0.3,
    scored: false,
    memory: true,
    table: false,
  },
  "public-gtypb": {
    path: `${TESTS}questions-public-gtypb.csv`,
    kind: "real",
    weight: 0.3,
    scored: false,
    memory: true,
    table: false,
  },
  "public-gcrime": {
    path: `${TESTS}questions-public-gcrime.csv`,
    kind: "real",
    weight: 0.3,
    scored: false,
    memory: true,
    table: false,
  },
  "public-gadmin": {
    path: `${TESTS}questions-public-gadmin.csv`,
    kind: "real",
    weight: 0.3,
    scored: false,
    memory: true,
    table: false,
  },
  "public-gsecure": {
    path: `${TESTS}questions-public-gsecure.csv`,
    kind: "real",
    weight: 0.3,
    scored: false,
    memory: true,
    table: false,
  },
  // Session 38: short everyday questions as typed into a search box (借钱不还怎么办, 老板拖欠工资), the plain
  // forms the other sets avoided; near copies of the never-trained questions-everyday-short.csv removed.
  "public-shorta": {
    path: `${TESTS}questions-public-shorta.csv`,
    kind: "real",
    weight: 0.3,
    scored: false,
    memory: true,
    table: false,
  },
  "public-shortb": {
    path: `${TESTS}questions-public-shortb.csv`,
    kind: "real",
    weight: 0.3,
    scored: false,
    memory: true,
    table: false,
  },
  // Session 35: public questions about laws no remembered set covers, not remembered (the first pass fell on
  // the library with them). In the re-ranker's training at 0.2, so that it does not trust the memory's
  // neighbours for questions about other laws: the never-trained questions-public-courts/-social.csv rose
  // (R@10 0.415 -> 0.473, 0.529 -> 0.614) with STARD's nested CV unchanged (0.642/0.550 -> 0.640/0.550).
  "public-criminal": {
    path: `${TESTS}questions-public-criminal.csv`,
    kind: "real",
    weight: 0.2,
    scored: false,
    memory: false,
    table: false,
  },
  "public-economy": {
    path: `${TESTS}questions-public-economy.csv`,
    kind: "real",
    weight: 0.2,
    scored: false,
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
 * The training-only sets of a run: every one in TRAINING_SETS with a weight above 0, or `--sets=a,b:0.5` (name or name:weight;
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
  // By default the sets the re-ranker trains on: the others would only cost their pools' collection.
  const extra = setsFlag === undefined
    ? names.filter((n) => !TRAINING_SETS[n].scored && TRAINING_SETS[n].weight > 0)
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

/**
 * A training-only question this close to a scored one is left out of training: the Jaccard overlap of
 * their bigrams at least `alone`, or at least `withGold` when they share a gold article (the same
 * question in other words, with its answer: training on it would score that question in-sample).
 */
export const NEAR_COPY = { alone: 0.5, withGold: 0.3 };

function bigramSet(text: string): Set<string> {
  return new Set(bigramTerms(text));
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const t of a) if (b.has(t)) both++;
  return both / Math.max(1, a.size + b.size - both);
}

/** Whether training-only question q is a near copy of scored question s (NEAR_COPY). */
export function nearCopy(
  q: Question,
  s: Question,
  qb = bigramSet(q.question),
  sb = bigramSet(s.question),
): boolean {
  const j = jaccard(qb, sb);
  return j >= NEAR_COPY.alone || (j >= NEAR_COPY.withGold && q.gold.some((g) => s.gold.includes(g)));
}

let scored: { q: Question; bigrams: Set<string> }[] | null = null;

/** Every question of SCORED_SETS with its bigrams (read once). */
export function scoredQuestions(): { q: Question; bigrams: Set<string> }[] {
  return scored ??= Object.entries(SCORED_SETS).flatMap(([set, path]) =>
    readQuestions(path).map((q) => ({ q: { ...q, set }, bigrams: bigramSet(q.question) }))
  );
}

/**
 * The questions of the named TRAINING_SETS, each tagged with its set; without the near copies of a
 * scored question (NEAR_COPY) unless `all`.
 */
export function readSets(names: string[], all = false): Question[] {
  const qs = names.flatMap((set) => readQuestions(TRAINING_SETS[set].path).map((q) => ({ ...q, set })));
  if (all) return qs;
  const held = scoredQuestions();
  return qs.filter((q) => {
    const b = bigramSet(q.question);
    return !held.some((s) => nearCopy(q, s.q, b, s.bigrams));
  });
}

/** A file-name part naming sets by their sizes ("public-civil120+own2150"), "" for none. */
export function setsKey(qs: Question[]): string {
  const counts = new Map<string, number>();
  for (const q of qs) counts.set(q.set ?? "", (counts.get(q.set ?? "") ?? 0) + 1);
  const key = [...counts].map(([n, c]) => `${n}${c}`).join("+");
  if (key.length <= 80) return key;
  // Many sets would pass the file system's 255-byte name limit: their count, questions and a hash of the list.
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return `${counts.size}sets${qs.length}-${hash.toString(16)}`;
}
