/**
 * A BM25 index over articles, built in memory at start. Two fields: the article text, and its context
 * (the law's short title and the headings above it), weighted separately. Each field keeps its
 * postings in two flat typed arrays (documents and term frequencies) with one offset per term, so the
 * national corpus (65 000 articles, ~6 million term occurrences) costs tens of megabytes, and a query
 * touches only its terms' slices.
 */
import { forEachBigramKey, HAN_LOW, HAN_SPAN, termKey } from "./text_terms.ts";

export interface IndexDoc {
  text: string;
  context: string;
  /** Words of the text found by the segmenter (stored at import so start-up does not segment again). */
  words?: string[];
}

type TermKey = number | string;

interface FieldIndex {
  terms: Map<TermKey, number>;
  offsets: Int32Array;
  docs: Int32Array;
  tfs: Uint16Array;
  lengths: Float32Array;
  avgLength: number;
}

const K1 = 1.2;
const B = 0.75;
const CONTEXT_WEIGHT = 0.6;

/** A growable Int32 buffer. */
class IntBuffer {
  data = new Int32Array(1 << 16);
  length = 0;
  push(a: number, b: number): void {
    if (this.length + 2 > this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = a;
    this.data[this.length++] = b;
  }
}

/**
 * Documents between two chances to pause in a stepwise build (LawLibrary.build): about a millisecond of
 * work, so the caller's pause (which yields once its time slice is used up) can keep slices short.
 */
const DOCS_PER_STEP = 100;

/** Gives the event loop a turn (a macrotask, so pending I/O and timers run). */
export type Pause = () => Promise<void>;

/** One field built in steps: yields every DOCS_PER_STEP documents, returns the field. */
function* buildField(
  count: number,
  termsOf: (doc: number, emit: (key: TermKey) => void) => void,
): Generator<void, FieldIndex> {
  const terms = new Map<TermKey, number>();
  const df: number[] = [];
  const pairs = new IntBuffer(); // (termId, tf) per doc, docs in order
  const docEnds = new Int32Array(count);
  const lengths = new Float32Array(count);
  const counts = new Map<number, number>();
  let total = 0;
  let length = 0;
  const emit = (t: TermKey) => {
    let id = terms.get(t);
    if (id === undefined) {
      id = df.length;
      terms.set(t, id);
      df.push(0);
    }
    counts.set(id, (counts.get(id) ?? 0) + 1);
    length++;
  };
  for (let doc = 0; doc < count; doc++) {
    counts.clear();
    length = 0;
    termsOf(doc, emit);
    lengths[doc] = length;
    total += length;
    for (const [id, tf] of counts) {
      df[id]++;
      pairs.push(id, Math.min(tf, 65535));
    }
    docEnds[doc] = pairs.length;
    if (doc % DOCS_PER_STEP === DOCS_PER_STEP - 1) yield;
  }
  const offsets = new Int32Array(df.length + 1);
  for (let i = 0; i < df.length; i++) offsets[i + 1] = offsets[i] + df[i];
  const fill = offsets.slice(0, df.length);
  const docs = new Int32Array(offsets[df.length]);
  const tfs = new Uint16Array(offsets[df.length]);
  let p = 0;
  for (let doc = 0; doc < count; doc++) {
    for (; p < docEnds[doc]; p += 2) {
      const id = pairs.data[p];
      const at = fill[id]++;
      docs[at] = doc;
      tfs[at] = pairs.data[p + 1];
    }
    if (doc % DOCS_PER_STEP === DOCS_PER_STEP - 1) yield;
  }
  return { terms, offsets, docs, tfs, lengths, avgLength: count ? total / count : 1 };
}

/** Runs a stepwise build to its end at once. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Runs a stepwise build, pausing at each step so the server keeps answering. */
export async function runStepsPausing<T>(steps: Generator<void, T>, pause: Pause): Promise<T> {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    await pause();
  }
}

/** The two fields of an index, built in steps (see SearchIndex.build). */
export interface IndexFields {
  text: FieldIndex;
  context: FieldIndex;
}

function* buildFields(docs: IndexDoc[]): Generator<void, IndexFields> {
  const text = yield* buildField(docs.length, (d, emit) => {
    forEachBigramKey(docs[d].text, emit);
    for (const w of docs[d].words ?? []) emit(w);
  });
  const context = yield* buildField(docs.length, (d, emit) => forEachBigramKey(docs[d].context, emit));
  return { text, context };
}

export class SearchIndex {
  readonly size: number;
  #text: FieldIndex;
  #context: FieldIndex;
  /** Docs touched by the last score() call, and how many. */
  readonly touched: Int32Array;
  touchedCount = 0;

  /** Built at once (tests, scripts); `fields` when built beforehand by SearchIndex.build. */
  constructor(docs: IndexDoc[], fields: IndexFields = runSteps(buildFields(docs))) {
    this.size = docs.length;
    this.#text = fields.text;
    this.#context = fields.context;
    this.touched = new Int32Array(docs.length);
  }

  /** The fields built in steps, for a caller that pauses between them (LawLibrary.build). */
  static fieldSteps(docs: IndexDoc[]): Generator<void, IndexFields> {
    return buildFields(docs);
  }

  /** Number of articles whose text holds the term. */
  docFreq(term: string): number {
    const id = this.#text.terms.get(termKey(term));
    return id === undefined ? 0 : this.#text.offsets[id + 1] - this.#text.offsets[id];
  }

  /** True when the term occurs anywhere (text or context). */
  has(term: string): boolean {
    const key = termKey(term);
    return this.#text.terms.has(key) || this.#context.terms.has(key);
  }

  #neighbours: Map<number, Int32Array> | null = null;

  /**
   * Characters that follow `ch` in the texts, each with the number of articles holding the pair
   * (built on first use from the bigram keys).
   */
  followers(ch: string): Int32Array {
    if (!this.#neighbours) {
      const lists = new Map<number, number[]>();
      const { terms, offsets } = this.#text;
      for (const [key, id] of terms) {
        if (typeof key !== "number") continue;
        const first = Math.floor(key / HAN_SPAN);
        const list = lists.get(first) ?? [];
        list.push(key % HAN_SPAN + HAN_LOW, offsets[id + 1] - offsets[id]);
        lists.set(first, list);
      }
      this.#neighbours = new Map([...lists].map(([k, v]) => [k, Int32Array.from(v)]));
    }
    return this.#neighbours.get(ch.charCodeAt(0) - HAN_LOW) ?? new Int32Array(0);
  }

  idf(term: string): number {
    const df = this.docFreq(term);
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
  }

  /**
   * Adds weight * BM25 of every term into scores (one slot per doc, all zero before) and lists the
   * docs it touched in `touched[0..touchedCount)`. Terms are weighted by the caller (synonyms and
   * corrections count less than the user's own words). With `append`, the docs of an earlier call stay
   * listed (a second pass of feedback terms over the same scores).
   */
  score(terms: Map<string, number>, scores: Float32Array, opts: { append?: boolean } = {}): void {
    if (!opts.append) this.touchedCount = 0;
    for (const [term, weight] of terms) {
      // A zero weight would list its docs as touched again and again (their score stays 0).
      if (!(weight > 0)) continue;
      const idf = this.idf(term);
      this.#scoreField(this.#text, term, idf * weight, scores);
      this.#scoreField(this.#context, term, idf * weight * CONTEXT_WEIGHT, scores);
    }
  }

  /**
   * BM25 of the terms (weight x idf x saturated tf, as score()) in each field of the given docs only,
   * looked up by binary search in the postings (docs are in ascending order there): the per-field
   * evidence a re-ranker weighs for a few hundred candidates without scoring the whole corpus again.
   */
  fieldScores(terms: Map<string, number>, docs: number[]): { text: Float64Array; context: Float64Array } {
    const text = new Float64Array(docs.length);
    const context = new Float64Array(docs.length);
    for (const [term, weight] of terms) {
      if (!(weight > 0)) continue;
      const w = this.idf(term) * weight;
      this.#lookupField(this.#text, term, { w, docs, out: text });
      this.#lookupField(this.#context, term, { w, docs, out: context });
    }
    return { text, context };
  }

  #lookupField(field: FieldIndex, term: string, ctx: { w: number; docs: number[]; out: Float64Array }): void {
    const id = field.terms.get(termKey(term));
    if (id === undefined) return;
    const { docs, tfs, lengths } = field;
    const norm = K1 / field.avgLength;
    const start = field.offsets[id];
    const end = field.offsets[id + 1];
    ctx.docs.forEach((d, k) => {
      let lo = start;
      let hi = end;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (docs[mid] < d) lo = mid + 1;
        else hi = mid;
      }
      if (lo >= end || docs[lo] !== d) return;
      const tf = tfs[lo];
      ctx.out[k] += ctx.w * (tf * (K1 + 1)) / (tf + K1 * (1 - B) + norm * B * lengths[d]);
    });
  }

  #scoreField(field: FieldIndex, term: string, w: number, scores: Float32Array): void {
    const id = field.terms.get(termKey(term));
    if (id === undefined) return;
    const { docs, tfs, lengths } = field;
    const norm = K1 / field.avgLength;
    const touched = this.touched;
    for (let i = field.offsets[id], end = field.offsets[id + 1]; i < end; i++) {
      const d = docs[i];
      const tf = tfs[i];
      if (scores[d] === 0) touched[this.touchedCount++] = d;
      scores[d] += w * (tf * (K1 + 1)) / (tf + K1 * (1 - B) + norm * B * lengths[d]);
    }
  }
}
