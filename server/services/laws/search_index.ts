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
export const CONTEXT_WEIGHT = 0.6;

/** Ints per chunk of a PairLog (4 MB). */
const CHUNK_BITS = 20;
const CHUNK_SIZE = 1 << CHUNK_BITS;

/**
 * An append-only log of int pairs in fixed chunks: growing never copies (a doubling buffer left its
 * earlier arrays as garbage, over 100 MB for the national corpus until a full GC), and a chunk read to
 * its end can be let go.
 */
class PairLog {
  #chunks: (Int32Array | null)[] = [];
  length = 0;
  #last = new Int32Array(0);
  /** A pair never straddles two chunks (the length is even, and so is CHUNK_SIZE). */
  push(a: number, b: number): void {
    const at = this.length & (CHUNK_SIZE - 1);
    if (at === 0) {
      this.#last = new Int32Array(CHUNK_SIZE);
      this.#chunks.push(this.#last);
    }
    this.#last[at] = a;
    this.#last[at + 1] = b;
    this.length += 2;
  }
  get(i: number): number {
    return this.#chunks[i >> CHUNK_BITS]![i & (CHUNK_SIZE - 1)];
  }
  /** Lets go of the chunks wholly before position i. */
  release(i: number): void {
    for (let c = (i >> CHUNK_BITS) - 1; c >= 0 && this.#chunks[c]; c--) this.#chunks[c] = null;
  }
}

/** Grows a per-term Int32 table to hold index `id`, keeping its contents. */
function grownTo(table: Int32Array<ArrayBuffer>, id: number): Int32Array<ArrayBuffer> {
  if (id < table.length) return table;
  const next = new Int32Array(Math.max(table.length * 2, id + 1));
  next.set(table);
  return next;
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
  // Per term: documents holding it, and its count in the current document (zero between documents).
  // Typed tables and a list of the document's distinct terms, not a Map per document: the national
  // corpus has six million (term, document) pairs, and the Map's entries were garbage V8 promoted to
  // the old generation while the build paused between steps (the first-start peak memory, issue #24).
  let df = new Int32Array(1 << 16);
  let tf = new Int32Array(1 << 16);
  let docTerms = new Int32Array(1 << 12);
  let docTermCount = 0;
  const pairs = new PairLog(); // (termId, tf) per doc, docs in order
  const docEnds = new Int32Array(count);
  const lengths = new Float32Array(count);
  let total = 0;
  let length = 0;
  const emit = (t: TermKey) => {
    let id = terms.get(t);
    if (id === undefined) {
      id = terms.size;
      terms.set(t, id);
      df = grownTo(df, id);
      tf = grownTo(tf, id);
    }
    if (tf[id]++ === 0) {
      docTerms = grownTo(docTerms, docTermCount);
      docTerms[docTermCount++] = id;
    }
    length++;
  };
  for (let doc = 0; doc < count; doc++) {
    docTermCount = 0;
    length = 0;
    termsOf(doc, emit);
    lengths[doc] = length;
    total += length;
    for (let k = 0; k < docTermCount; k++) {
      const id = docTerms[k];
      df[id]++;
      pairs.push(id, Math.min(tf[id], 65535));
      tf[id] = 0;
    }
    docEnds[doc] = pairs.length;
    if (doc % DOCS_PER_STEP === DOCS_PER_STEP - 1) yield;
  }
  const termCount = terms.size;
  const offsets = new Int32Array(termCount + 1);
  for (let i = 0; i < termCount; i++) offsets[i + 1] = offsets[i] + df[i];
  const fill = offsets.slice(0, termCount);
  const docs = new Int32Array(offsets[termCount]);
  const tfs = new Uint16Array(offsets[termCount]);
  let p = 0;
  for (let doc = 0; doc < count; doc++) {
    for (; p < docEnds[doc]; p += 2) {
      const id = pairs.get(p);
      const at = fill[id]++;
      docs[at] = doc;
      tfs[at] = pairs.get(p + 1);
    }
    if (doc % DOCS_PER_STEP === DOCS_PER_STEP - 1) {
      pairs.release(p);
      yield;
    }
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

/**
 * The anchor field (anchors.ts): per article, what the articles citing it say around the citation. Most
 * articles are never cited, so the average length is taken over the cited ones only (an average over all
 * would be near zero and every anchor text would count as very long).
 */
export function* anchorFieldSteps(texts: string[]): Generator<void, FieldIndex> {
  const field = yield* buildField(texts.length, (d, emit) => forEachBigramKey(texts[d], emit));
  let total = 0;
  let cited = 0;
  for (const l of field.lengths) {
    if (l > 0) {
      total += l;
      cited++;
    }
  }
  field.avgLength = cited ? total / cited : 1;
  return field;
}

export class SearchIndex {
  readonly size: number;
  #text: FieldIndex;
  #context: FieldIndex;
  #anchor: FieldIndex | null = null;
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

  /** Sets the anchor field (built by anchorFieldSteps over the same documents). */
  setAnchors(field: FieldIndex): void {
    this.#anchor = field;
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
   * listed (a second pass of feedback terms over the same scores). `anchorWeight`: the anchor field's
   * weight (0: not scored).
   */
  score(
    terms: Map<string, number>,
    scores: Float32Array,
    opts: { append?: boolean; anchorWeight?: number } = {},
  ): void {
    if (!opts.append) this.touchedCount = 0;
    const anchorWeight = opts.anchorWeight ?? 0;
    for (const [term, weight] of terms) {
      // A zero weight would list its docs as touched again and again (their score stays 0).
      if (!(weight > 0)) continue;
      const idf = this.idf(term);
      this.#scoreField(this.#text, term, idf * weight, scores);
      this.#scoreField(this.#context, term, idf * weight * CONTEXT_WEIGHT, scores);
      if (anchorWeight > 0 && this.#anchor) {
        this.#scoreField(this.#anchor, term, idf * weight * anchorWeight, scores);
      }
    }
  }

  /**
   * BM25 of the terms (weight x idf x saturated tf, as score()) in each field of the given docs only,
   * looked up by binary search in the postings (docs are in ascending order there): the per-field
   * evidence a re-ranker weighs for a few hundred candidates without scoring the whole corpus again.
   */
  fieldScores(
    terms: Map<string, number>,
    docs: number[],
  ): { text: Float64Array; context: Float64Array; anchor: Float64Array } {
    const text = new Float64Array(docs.length);
    const context = new Float64Array(docs.length);
    const anchor = new Float64Array(docs.length);
    for (const [term, weight] of terms) {
      if (!(weight > 0)) continue;
      const w = this.idf(term) * weight;
      this.#lookupField(this.#text, term, { w, docs, out: text });
      this.#lookupField(this.#context, term, { w, docs, out: context });
      if (this.#anchor) this.#lookupField(this.#anchor, term, { w, docs, out: anchor });
    }
    return { text, context, anchor };
  }

  /** Length (in bigrams) of the anchor text of a doc: 0 when nothing cites it. */
  anchorLength(doc: number): number {
    return this.#anchor ? this.#anchor.lengths[doc] : 0;
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
