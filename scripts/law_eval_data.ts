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
