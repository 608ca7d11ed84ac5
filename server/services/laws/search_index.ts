/**
 * A BM25 index over articles, built in memory at start. Two fields: the article text, and its context
 * (the law's short title and the headings above it), weighted separately. Postings are typed arrays so
 * the whole national corpus (65 000 articles) stays small and a query touches only its terms' lists.
 */
import { textTerms } from "./text_terms.ts";

export interface IndexDoc {
  text: string;
  context: string;
}

interface Postings {
  docs: Int32Array;
  tfs: Uint16Array;
}

interface FieldIndex {
  postings: Map<string, Postings>;
  lengths: Float32Array;
  avgLength: number;
}

const K1 = 1.2;
const B = 0.75;
const CONTEXT_WEIGHT = 0.6;

function buildField(texts: string[]): FieldIndex {
  const lists = new Map<string, number[]>();
  const lengths = new Float32Array(texts.length);
  let total = 0;
  const counts = new Map<string, number>();
  texts.forEach((text, doc) => {
    counts.clear();
    const terms = textTerms(text);
    for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
    lengths[doc] = terms.length;
    total += terms.length;
    for (const [t, tf] of counts) {
      let list = lists.get(t);
      if (!list) lists.set(t, list = []);
      list.push(doc, Math.min(tf, 65535));
    }
  });
  const postings = new Map<string, Postings>();
  for (const [t, list] of lists) {
    const n = list.length / 2;
    const docs = new Int32Array(n);
    const tfs = new Uint16Array(n);
    for (let i = 0; i < n; i++) {
      docs[i] = list[2 * i];
      tfs[i] = list[2 * i + 1];
    }
    postings.set(t, { docs, tfs });
  }
  return { postings, lengths, avgLength: texts.length ? total / texts.length : 1 };
}

export class SearchIndex {
  readonly size: number;
  #text: FieldIndex;
  #context: FieldIndex;

  constructor(docs: IndexDoc[]) {
    this.size = docs.length;
    this.#text = buildField(docs.map((d) => d.text));
    this.#context = buildField(docs.map((d) => d.context));
  }

  /** Number of articles whose text holds the term. */
  docFreq(term: string): number {
    return this.#text.postings.get(term)?.docs.length ?? 0;
  }

  /** True when the term occurs anywhere (text or context). */
  has(term: string): boolean {
    return this.#text.postings.has(term) || this.#context.postings.has(term);
  }

  idf(term: string): number {
    const df = this.docFreq(term);
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
  }

  /**
   * Adds weight * BM25 of every term into scores (one slot per doc). Terms are weighted by the caller
   * (synonyms and corrections count less than the user's own words).
   */
  score(terms: Map<string, number>, scores: Float32Array): void {
    for (const [term, weight] of terms) {
      const df = this.docFreq(term);
      const idf = Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
      this.#scoreField(this.#text, term, idf * weight, scores);
      this.#scoreField(this.#context, term, idf * weight * CONTEXT_WEIGHT, scores);
    }
  }

  #scoreField(field: FieldIndex, term: string, w: number, scores: Float32Array): void {
    const p = field.postings.get(term);
    if (!p) return;
    const { docs, tfs } = p;
    const avg = field.avgLength;
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i];
      const tf = tfs[i];
      scores[d] += w * (tf * (K1 + 1)) / (tf + K1 * (1 - B + B * field.lengths[d] / avg));
    }
  }
}
