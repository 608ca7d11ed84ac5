/**
 * Which law answers a question (issue #24: the right law is among the first ten far more often than the
 * right article). A multinomial naive Bayes over the bigrams of the remembered questions
 * (question_memory.ts), each question counted once for every law (group) its gold articles belong to:
 * the whole history of a law's questions votes, not just the nearest few neighbours. Learned from the
 * memory it is given, so an evaluation fold that builds its memory without its own questions is scored
 * honestly.
 *
 * Not a first-pass factor: scaling each article by 1 + w x its law's posterior lost on real questions in
 * 5-fold nested CV (w = 1: R@10 0.606 -> 0.586, MRR@10 0.490 -> 0.474; w = 3 worse), since the law the
 * classifier favours is mostly the one the law prior and the neighbours already favour. Offered as a
 * per-candidate feature for the re-ranker (lawPosterior(...).get(group)), which can weigh it against
 * the others.
 */
import type { LawLibrary } from "./library.ts";
import { answerDoc, type QuestionMemory } from "./question_memory.ts";
import { stripStopPhrases } from "./stop_phrases.ts";
import { bigramTerms } from "./text_terms.ts";

interface LawModel {
  groups: string[];
  /** Per group: bigram -> count over its questions. */
  counts: Map<string, number>[];
  /** Per group: total bigram count. */
  totals: number[];
  /** Per group: log prior (share of questions). */
  logPrior: number[];
  vocabulary: number;
}

/** Additive smoothing of the bigram counts. */
const ALPHA = 0.5;

const modelCache = new WeakMap<QuestionMemory, WeakMap<LawLibrary, LawModel>>();

function lawModel(lib: LawLibrary, memory: QuestionMemory): LawModel {
  let byLib = modelCache.get(memory);
  if (!byLib) modelCache.set(memory, byLib = new WeakMap());
  const hit = byLib.get(lib);
  if (hit) return hit;
  const index = new Map<string, number>();
  const counts: Map<string, number>[] = [];
  const questions: number[] = [];
  for (const e of memory.entries) {
    const groups = new Set<string>();
    for (const a of e.answers) {
      const d = answerDoc(lib, a);
      if (d !== null) groups.add(lib.versions[lib.docVersion[d]].group);
    }
    for (const g of groups) {
      let i = index.get(g);
      if (i === undefined) {
        index.set(g, i = counts.length);
        counts.push(new Map());
        questions.push(0);
      }
      questions[i]++;
      for (const [t, n] of e.terms) counts[i].set(t, (counts[i].get(t) ?? 0) + n);
    }
  }
  const all = questions.reduce((s, n) => s + n, 0);
  const model: LawModel = {
    groups: [...index.keys()],
    counts,
    totals: counts.map((c) => [...c.values()].reduce((s, n) => s + n, 0)),
    logPrior: questions.map((n) => Math.log(n / Math.max(1, all))),
    vocabulary: memory.postings.size + 1,
  };
  byLib.set(lib, model);
  return model;
}

/**
 * The laws (groups) likely to answer the question: the naive-Bayes posterior over the laws the memory
 * knows, tempered (log-probabilities divided by the number of the question's known bigrams, so a long
 * question is not overconfident), as a share of the most likely law (0..1). Empty when the memory is
 * empty or none of the question's bigrams was ever asked.
 */
export function lawPosterior(lib: LawLibrary, memory: QuestionMemory, question: string): Map<string, number> {
  const model = lawModel(lib, memory);
  const out = new Map<string, number>();
  if (model.groups.length === 0) return out;
  const terms = [...new Set(bigramTerms(stripStopPhrases(question)))].filter((t) =>
    t.length === 2 && memory.postings.has(t)
  );
  if (terms.length === 0) return out;
  const logs = model.groups.map((_, i) => {
    const denom = Math.log(model.totals[i] + ALPHA * model.vocabulary);
    let s = 0;
    for (const t of terms) s += Math.log((model.counts[i].get(t) ?? 0) + ALPHA) - denom;
    return s / terms.length + model.logPrior[i] / terms.length;
  });
  const best = Math.max(...logs);
  logs.forEach((l, i) => out.set(model.groups[i], Math.exp((l - best) * terms.length ** 0.5)));
  return out;
}
