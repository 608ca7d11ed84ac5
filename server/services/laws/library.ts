/**
 * The in-memory law library: every stored version with its articles, the groups of versions of one
 * law (newest first), the names each law is known by, and the search index. Built at start from KV and
 * the blob store (load_library.ts) or straight from parsed files (tests, benchmarks); rebuilt after an
 * import or delete. Status changes only touch the records.
 */
import { normalizeLawName } from "../../../common/law_name_key.ts";
import { lawNameAliases } from "./law_names.ts";
import {
  anchorFieldSteps,
  type IndexDoc,
  type Pause,
  runSteps,
  runStepsPausing,
  SearchIndex,
} from "./search_index.ts";
import { anchorSteps } from "./anchors.ts";
import { wordTerms } from "./text_terms.ts";
import type { LawArticle, LawRecord, LawText } from "./types.ts";
import validityData from "./validity.json" with { type: "json" };

export interface LibraryEntry {
  record: LawRecord;
  text: LawText;
}

export interface LawVersion {
  record: LawRecord;
  text: LawText;
  articles: LawArticle[];
  byKey: Map<string, number>;
  group: string;
  /** The date this version starts to apply, and the start of the next newer version (exclusive). */
  validFrom: string | null;
  validTo: string | null;
  /** Index of its first article in the search index. */
  docStart: number;
}

export interface RepealInfo {
  basis: string;
  successor: string | null;
}

export function articleKey(num: number, sub = 0): string {
  return `${num}-${sub}`;
}

export function versionDate(r: Pick<LawRecord, "effectiveDate" | "publishDate">): string {
  return r.effectiveDate ?? r.publishDate ?? "";
}

/** Newest first: by date, then by import time. */
export function compareVersions(a: LawRecord, b: LawRecord): number {
  return versionDate(b).localeCompare(versionDate(a)) || b.importedAt - a.importedAt;
}

/** Acts repealed according to validity.json (normalized name -> basis and successor). */
export function repealsFromData(): Map<string, RepealInfo> {
  const out = new Map<string, RepealInfo>();
  for (const r of validityData.repealed) {
    out.set(normalizeLawName(r.name), { basis: r.basis, successor: r.successor });
  }
  return out;
}

/** Acts named in an article as repealed: 《中华人民共和国合同法》、… 同时废止 (the sentence that says so). */
export function repealsInText(articles: LawArticle[]): string[] {
  const out: string[] = [];
  for (const a of articles) {
    if (!a.paragraphs.some((p) => p.includes("废止"))) continue;
    for (const sentence of a.paragraphs.join("").split("。")) {
      if (!/(同时|予以|即行)废止/.test(sentence)) continue;
      for (const name of sentence.matchAll(/《([^》]+)》/g)) out.push(name[1]);
    }
  }
  return out;
}

function sortEntries(entries: LibraryEntry[]): LibraryEntry[] {
  return [...entries].sort((a, b) => compareVersions(a.record, b.record));
}

/** Articles between two pauses of LawLibrary.build (segmenting a text without stored words is slow). */
const ARTICLES_PER_STEP = 100;
/** Versions (or groups) between two pauses of LawLibrary.build's second part. */
const VERSIONS_PER_STEP = 20;

/** The search index's documents: every article of the sorted versions, in order. */
function* indexDocsOf(sorted: LibraryEntry[]): Generator<void, IndexDoc[]> {
  const docs: IndexDoc[] = [];
  for (const e of sorted) {
    const short = e.record.shortNames[0] ?? e.record.title;
    for (let ai = 0; ai < e.text.articles.length; ai++) {
      const a = e.text.articles[ai];
      const text = a.paragraphs.join("\n");
      docs.push({
        text,
        context: `${short} ${a.path.join(" ")}`,
        words: e.text.words?.[ai] ?? wordTerms(text),
      });
      if (docs.length % ARTICLES_PER_STEP === 0) yield;
    }
  }
  return docs;
}

/** The Han characters of the corpus, for typo correction. */
function* corpusChars(docs: IndexDoc[]): Generator<void, string[]> {
  const chars = new Set<string>();
  for (let i = 0; i < docs.length; i++) {
    for (const ch of docs[i].text) if (ch >= "\u3400" && ch <= "\u9fff") chars.add(ch);
    if (i % ARTICLES_PER_STEP === ARTICLES_PER_STEP - 1) yield;
  }
  return [...chars];
}

/** What LawLibrary.build prepares in steps before the rest is assembled at once. */
interface PreparedIndex {
  index: SearchIndex;
  chars: string[];
}

function* prepareIndex(sorted: LibraryEntry[]): Generator<void, PreparedIndex> {
  const docs = yield* indexDocsOf(sorted);
  const index = new SearchIndex(docs, yield* SearchIndex.fieldSteps(docs));
  const chars = yield* corpusChars(docs);
  return { index, chars };
}

export class LawLibrary {
  readonly versions: LawVersion[] = [];
  readonly byId = new Map<string, LawVersion>();
  /** Group key (normalized title) -> versions, newest first. */
  readonly groups = new Map<string, LawVersion[]>();
  /** Normalized name -> group keys. */
  readonly aliases = new Map<string, string[]>();
  /** Acts known to be repealed though not (or not only) in the library. */
  readonly repealed: Map<string, RepealInfo>;
  readonly index: SearchIndex;
  /** Doc index -> version index and article index. */
  readonly docVersion: Int32Array;
  readonly docArticle: Int32Array;
  /** Characters of the corpus, for typo correction. */
  readonly chars: string[];
  #aliasByFirst = new Map<string, string[]>();

  /**
   * Built at once (tests, scripts: seconds for the national corpus, all on this thread); the server
   * uses LawLibrary.build. `prepared`: the index built beforehand from the same entries.
   */
  constructor(entries: LibraryEntry[], prepared?: PreparedIndex) {
    this.repealed = repealsFromData();
    const sorted = sortEntries(entries);
    const docs = sorted.reduce((n, e) => n + e.text.articles.length, 0);
    this.docVersion = new Int32Array(docs);
    this.docArticle = new Int32Array(docs);
    const { index, chars } = prepared ?? runSteps(prepareIndex(sorted));
    this.index = index;
    this.chars = chars;
    this.#pending = sorted;
    this.citedBy = new Int32Array(docs);
    this.citerStart = new Int32Array(docs + 1);
    if (!prepared) {
      runSteps(this.#fill());
      runSteps(this.#anchors());
    }
  }

  /** Per doc: how many current articles of the library cite it (anchors.ts). */
  citedBy: Int32Array;
  /** The current articles citing doc d: citers[citerStart[d] .. citerStart[d + 1]) (anchors.ts). */
  citerStart: Int32Array;
  citers: Int32Array = new Int32Array(0);

  /** The anchor field of the index (anchors.ts), once versions and names are known. */
  *#anchors(): Generator<void, void> {
    const { texts, citedBy, citerStart, citers } = yield* anchorSteps(this);
    this.citedBy = citedBy;
    this.citerStart = citerStart;
    this.citers = citers;
    this.index.setAnchors(yield* anchorFieldSteps(texts));
  }

  /** Entries whose versions, groups and names are still to be filled in (LawLibrary.build). */
  #pending: LibraryEntry[] | null;

  /** Versions, groups, names and the doc tables from the sorted entries, in steps of VERSIONS_PER_STEP. */
  *#fill(): Generator<void, void> {
    const sorted = this.#pending ?? [];
    this.#pending = null;
    let docs = 0;
    for (const [i, e] of sorted.entries()) {
      const group = normalizeLawName(e.record.title);
      const byKey = new Map<string, number>();
      e.text.articles.forEach((a, i) => {
        const k = articleKey(a.num, a.sub);
        if (!byKey.has(k)) byKey.set(k, i);
      });
      const v: LawVersion = {
        record: e.record,
        text: e.text,
        articles: e.text.articles,
        byKey,
        group,
        validFrom: versionDate(e.record) || null,
        validTo: null,
        docStart: docs,
      };
      const vi = this.versions.length;
      v.articles.forEach((_, ai) => {
        this.docVersion[docs + ai] = vi;
        this.docArticle[docs + ai] = ai;
      });
      docs += v.articles.length;
      this.versions.push(v);
      this.byId.set(e.record.id, v);
      const list = this.groups.get(group) ?? [];
      if (list.length) v.validTo = list[list.length - 1].validFrom;
      list.push(v);
      this.groups.set(group, list);
      if (i % VERSIONS_PER_STEP === VERSIONS_PER_STEP - 1) yield;
    }
    let n = 0;
    for (const [group, list] of this.groups) {
      for (const name of lawNameAliases(list[0].record.title)) this.#addAlias(name, group);
      for (const v of list) for (const s of v.record.shortNames) this.#addAlias(normalizeLawName(s), group);
      for (const v of list) {
        if (v.record.status === "已废止") continue;
        for (const name of repealsInText(v.articles)) {
          const key = normalizeLawName(name);
          if (key !== group && !this.repealed.has(key)) {
            this.repealed.set(key, {
              basis: `${v.record.title}${this.#repealArticle(v)}`,
              successor: v.record.title,
            });
          }
        }
      }
      if (++n % VERSIONS_PER_STEP === 0) yield;
    }
    for (const key of this.repealed.keys()) if (!this.aliases.has(key)) this.#addAlias(key, "");
    for (const list of this.#aliasByFirst.values()) list.sort((a, b) => b.length - a.length);
  }

  /**
   * Built on this thread in steps of a few milliseconds with `pause` between them, so a server answers
   * other requests while the national corpus (seconds of work) is indexed.
   */
  static async build(entries: LibraryEntry[], pause: Pause): Promise<LawLibrary> {
    const prepared = await runStepsPausing(prepareIndex(sortEntries(entries)), pause);
    await pause();
    const lib = new LawLibrary(entries, prepared);
    await runStepsPausing(lib.#fill(), pause);
    await runStepsPausing(lib.#anchors(), pause);
    return lib;
  }

  #repealArticle(v: LawVersion): string {
    const a = v.articles.find((x) => /同时废止/.test(x.paragraphs.join("")));
    return a ? a.number : "";
  }

  #addAlias(name: string, group: string): void {
    if (name.length < 2) return;
    const list = this.aliases.get(name);
    if (list) {
      if (group && !list.includes(group)) list.push(group);
      return;
    }
    this.aliases.set(name, group ? [group] : []);
    const first = name[0];
    const byFirst = this.#aliasByFirst.get(first) ?? [];
    byFirst.push(name);
    this.#aliasByFirst.set(first, byFirst);
  }

  /** Known names starting with ch, longest first. */
  aliasesStartingWith(ch: string): string[] {
    return this.#aliasByFirst.get(ch) ?? [];
  }

  /** True when a normalized name is a law (in the library or known as repealed). */
  isKnownName(normalized: string): boolean {
    return this.aliases.has(normalized);
  }

  /** The groups a name means, current ones first; [] when unknown. */
  resolveGroups(name: string): string[] {
    const key = normalizeLawName(name);
    let groups = this.aliases.get(key);
    if (!groups) {
      const target = this.aliases.get(key.replace(/一$/, ""));
      groups = target ?? [];
    }
    return [...groups].sort((a, b) => this.#groupRank(a) - this.#groupRank(b));
  }

  #groupRank(group: string): number {
    const v = this.currentVersion(group);
    if (!v) return 9;
    return v.record.status === "现行有效"
      ? 0
      : v.record.status === "尚未生效"
      ? 1
      : v.record.status === "已被修改"
      ? 2
      : 3;
  }

  /** The version in force now: the newest 现行有效 one, else the newest. */
  currentVersion(group: string): LawVersion | null {
    const list = this.groups.get(group);
    if (!list || list.length === 0) return null;
    return list.find((v) => v.record.status === "现行有效") ?? list[0];
  }

  /** The version in force on a date (YYYY-MM-DD), or null when none had started. */
  versionOn(group: string, date: string): LawVersion | null {
    const list = this.groups.get(group) ?? [];
    return list.find((v) => (v.validFrom ?? "") <= date) ?? null;
  }

  article(v: LawVersion, num: number, sub = 0): LawArticle | null {
    const i = v.byKey.get(articleKey(num, sub));
    return i === undefined ? null : v.articles[i];
  }

  /** Highest article number of a version. */
  maxArticle(v: LawVersion): number {
    let max = 0;
    for (const a of v.articles) if (a.num > max) max = a.num;
    return max;
  }
}

/** Plain text of an article (paragraphs joined). */
export function articleText(a: LawArticle): string {
  return a.paragraphs.join("\n");
}
