/**
 * Anchor text, the web-search signal applied to law: an article cited by other articles of the library
 * (依照民法典第五百七十七条的规定, 依照本法第二十六条规定) is described by the sentence that cites it, in the words
 * of the situation it applies to. Each current version's articles are read for citations; a citation of
 * another law resolves to that law's current version, 本法/本条例/本解释… with an explicit number to the
 * citing version itself. The citing sentence, without the citations in it, becomes anchor text of every
 * article it cites (a sentence listing many articles says little about each, and is left out).
 */
import { extractCitations } from "./citations.ts";
import { articleKey, type LawLibrary, type LawVersion } from "./library.ts";
import { parseNumeral } from "./numerals.ts";

/** A sentence citing more articles than this is a list, not a description. */
const MAX_TARGETS_PER_SENTENCE = 4;
/** Articles read between two pauses of the build. */
const ARTICLES_PER_STEP = 200;

/** 本法第二十六条, 本条例第十条之一: the citing act itself, with an explicit number. */
const SELF =
  /本(?:法|条例|解释|规定|办法|细则|规则|决定)\s*第([0-9０-９零〇一二两三四五六七八九十百千]+)条(?:之([一二三四五六七八九十]+))?/g;
/** Sentence (or clause-group) boundaries. */
const SENTENCE_END = /[。；;\n]/;

export interface Anchors {
  /** Per index doc: the anchor text (empty when nothing cites it). */
  texts: string[];
  /** Per index doc: how many articles cite it. */
  citedBy: Int32Array;
  /** The articles citing each doc: citers[citerStart[d] .. citerStart[d + 1]). */
  citerStart: Int32Array;
  citers: Int32Array;
}

interface Span {
  start: number;
  end: number;
  doc: number;
}

/** The sentence around [start, end) of text. */
function sentenceAround(text: string, start: number, end: number): [number, number] {
  let s = start;
  while (s > 0 && !SENTENCE_END.test(text[s - 1])) s--;
  let e = end;
  while (e < text.length && !SENTENCE_END.test(text[e])) e++;
  return [s, e];
}

/** The citations of one article resolved to index docs (self-citations of the same article left out). */
export function resolvedCitations(lib: LawLibrary, v: LawVersion, ai: number, text: string): Span[] {
  const out: Span[] = [];
  const own = v.docStart + ai;
  const selfEnds = new Set<number>();
  for (const m of text.matchAll(SELF)) {
    const num = parseNumeral(m[1]);
    if (num === null || num <= 0) continue;
    const sub = m[2] ? parseNumeral(m[2]) ?? 0 : 0;
    const end = m.index! + m[0].length;
    selfEnds.add(end);
    const i = v.byKey.get(articleKey(num, sub));
    if (i !== undefined && v.docStart + i !== own) out.push({ start: m.index!, end, doc: v.docStart + i });
  }
  for (const c of extractCitations(lib, text)) {
    // 本法第X条 after another law's citation: extractCitations reads it as that law; SELF has it.
    if (selfEnds.has(c.end) || [...selfEnds].some((e) => e > c.start && e <= c.end)) continue;
    const group = lib.resolveGroups(c.name).find((g) => g !== "");
    const target = group ? lib.currentVersion(group) : null;
    if (!target) continue;
    const i = target.byKey.get(articleKey(c.num, c.sub));
    if (i === undefined || target.docStart + i === own) continue;
    out.push({ start: c.start, end: c.end, doc: target.docStart + i });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The anchor texts of every article of the library, read in steps. */
export function* anchorSteps(lib: LawLibrary): Generator<void, Anchors> {
  const parts: string[][] = Array.from({ length: lib.index.size }, () => []);
  const citedBy = new Int32Array(lib.index.size);
  const edges: number[] = []; // (citing doc, cited doc) pairs
  let read = 0;
  for (const v of lib.versions) {
    if (lib.currentVersion(v.group) !== v) continue;
    for (let ai = 0; ai < v.articles.length; ai++) {
      if (++read % ARTICLES_PER_STEP === 0) yield;
      const text = v.articles[ai].paragraphs.join("\n");
      if (!text.includes("条")) continue;
      const spans = resolvedCitations(lib, v, ai, text);
      if (spans.length === 0) continue;
      // Group the citations by sentence.
      const bySentence = new Map<number, { end: number; spans: Span[] }>();
      for (const sp of spans) {
        const [s, e] = sentenceAround(text, sp.start, sp.end);
        const entry = bySentence.get(s) ?? { end: e, spans: [] };
        entry.spans.push(sp);
        bySentence.set(s, entry);
      }
      const seen = new Set<number>();
      for (const [s, { end, spans: group }] of bySentence) {
        const targets = new Set(group.map((sp) => sp.doc));
        if (targets.size > MAX_TARGETS_PER_SENTENCE) continue;
        let words = "";
        let at = s;
        for (const sp of group) {
          if (sp.start > at) words += text.slice(at, sp.start) + " ";
          at = Math.max(at, sp.end);
        }
        words += text.slice(at, end);
        for (const d of targets) {
          parts[d].push(words);
          if (!seen.has(d)) {
            seen.add(d);
            citedBy[d]++;
            edges.push(v.docStart + ai, d);
          }
        }
      }
    }
  }
  const citerStart = new Int32Array(lib.index.size + 1);
  for (let d = 0; d < lib.index.size; d++) citerStart[d + 1] = citerStart[d] + citedBy[d];
  const fill = citerStart.slice(0, lib.index.size);
  const citers = new Int32Array(edges.length / 2);
  for (let e = 0; e < edges.length; e += 2) citers[fill[edges[e + 1]]++] = edges[e];
  return { texts: parts.map((p) => p.join(" ")), citedBy, citerStart, citers };
}
