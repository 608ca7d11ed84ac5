/**
 * From parsed files to law versions: parts of one law with the same title and date (民法典's 8 files)
 * become one version with the part in each article's path; a file whose articles equal a version
 * already there (a duplicate crawl, ASCII brackets included) is skipped; level, short names and the
 * repeals named in the text are filled in. resolveStatuses() then sets each version's status from the
 * versions of the same law, validity.json and the texts, leaving administrator corrections alone.
 */
import { normalizeLawName } from "../../../common/law_name_key.ts";
import { lawNameAliases } from "./law_names.ts";
import { wordTerms } from "./text_terms.ts";
import { compareVersions, repealsFromData, repealsInText } from "./library.ts";
import type { LawLevel, LawRecord, LawText, ParsedLawFile } from "./types.ts";
import validityData from "./validity.json" with { type: "json" };

export interface AssembledLaw {
  record: LawRecord;
  text: LawText;
}

const FOLDER_LEVELS: Record<string, LawLevel> = {
  司法解释: "司法解释",
  行政法规: "行政法规",
  部门规章: "部门规章",
  地方性法规: "地方性法规",
  DLC: "地方性法规",
  宪法: "法律",
  宪法相关法: "法律",
  民法典: "法律",
  民法商法: "法律",
  行政法: "法律",
  经济法: "法律",
  社会法: "法律",
  刑法: "法律",
  诉讼与非诉讼程序法: "法律",
  案例: "其他",
  其他: "其他",
};

/** The folder of a source path that names a level (司法解释, 行政法规, …), else its first folder. */
export function folderHint(parts: string[]): string | null {
  const folders = parts.slice(0, -1);
  return folders.find((p) => p in FOLDER_LEVELS) ??
    folders.find((p) => p !== "library" && p !== "national") ?? null;
}

/** Level from the source folder, else from the title. */
export function levelOf(title: string, folder: string | null): LawLevel {
  if (folder && FOLDER_LEVELS[folder]) return FOLDER_LEVELS[folder];
  if (/^最高人民法院|^最高人民检察院|^人民法院/.test(title)) return "司法解释";
  if (/^中华人民共和国.*(法|法典)$|^全国人民代表大会/.test(title)) return "法律";
  if (/条例$|暂行规定$|实施细则$/.test(title) && !/省|市|自治区/.test(title)) return "行政法规";
  if (/省|市|自治区/.test(title)) return "地方性法规";
  if (/办法$|规定$/.test(title)) return "部门规章";
  return "其他";
}

function issuerOf(title: string, level: LawLevel): string {
  if (/^最高人民法院/.test(title) || /^人民法院/.test(title)) return "最高人民法院";
  if (/^最高人民检察院/.test(title)) return "最高人民检察院";
  if (level === "法律") return "全国人民代表大会及其常务委员会";
  if (level === "行政法规") return "国务院";
  return "";
}

/** Why a file without a title, or with neither articles nor text, is skipped at import. */
export const EMPTY_LAW_FILE = "没有找到标题或条文";

/** True for a parsed file that holds no law (no title, or neither articles nor text). */
export function isEmptyLawFile(p: ParsedLawFile): boolean {
  return !p.title || (p.articles.length === 0 && p.body.trim() === "");
}

async function sha256(text: string): Promise<string> {
  const buf = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Text used to spot duplicates: article numbers and texts, brackets and spaces normalized. */
function contentKey(text: LawText): string {
  const parts = text.articles.length
    ? text.articles.map((a) => `${a.number}${a.paragraphs.join("")}`)
    : [text.body];
  return parts.join("\n").normalize("NFKC").replace(/\s+/g, "");
}

export interface AssembleResult {
  laws: AssembledLaw[];
  /** Source files skipped as duplicates of a version already there, with that version's title. */
  duplicates: { source: string; of: string }[];
}

/**
 * Turns parsed files into versions. `existingHashes` are the sha256 of versions already stored, so a
 * re-import of the same text is a duplicate too.
 */
export async function assembleLaws(
  files: ParsedLawFile[],
  options: { now: number; newId: () => string; existingHashes?: Map<string, string> },
): Promise<AssembleResult> {
  const groups = new Map<string, ParsedLawFile[]>();
  for (const [i, f] of files.entries()) {
    if (!f.title) continue;
    // Only parts (民法典's 合同编 …) join; one file in two folders (广告法) is a duplicate, not two halves.
    const key = `${normalizeLawName(f.title)}|${f.fileDate ?? ""}|${f.part ? "parts" : i}`;
    const list = groups.get(key) ?? [];
    list.push(f);
    groups.set(key, list);
  }
  const seen = new Map(options.existingHashes ?? []);
  const laws: AssembledLaw[] = [];
  const duplicates: { source: string; of: string }[] = [];
  for (const parts of groups.values()) {
    parts.sort((a, b) => (a.articles[0]?.num ?? 0) - (b.articles[0]?.num ?? 0));
    const first = parts[0];
    const articles = parts.flatMap((p) =>
      p.articles.map((a) => ({ ...a, path: p.part ? [p.part, ...a.path] : a.path }))
    );
    const text: LawText = {
      articles,
      body: parts.map((p) => p.body).filter(Boolean).join("\n"),
      history: first.history,
    };
    text.words = articles.map((a) => wordTerms(a.paragraphs.join("\n")));
    const hash = await sha256(contentKey(text));
    const sources = parts.map((p) => p.sourceName);
    const dupOf = seen.get(hash);
    if (dupOf) {
      for (const s of sources) duplicates.push({ source: s, of: dupOf });
      continue;
    }
    seen.set(hash, first.title);
    const level = levelOf(first.title, first.folder);
    const shortNames = lawNameAliases(first.title).slice(1, 4);
    laws.push({
      record: {
        id: options.newId(),
        title: first.title,
        shortNames: [
          first.title.replace(/^中华人民共和国/, ""),
          ...shortNames.filter((s) => s !== first.title.replace(/^中华人民共和国/, "")),
        ].slice(0, 4),
        level,
        issuer: issuerOf(first.title, level),
        publishDate: first.fileDate ?? first.publishDate,
        effectiveDate: first.effectiveDate ?? first.fileDate ?? first.publishDate,
        status: "现行有效",
        statusBasis: "",
        statusManual: false,
        successor: null,
        folder: first.folder,
        sources,
        sha256: hash,
        articleCount: articles.length,
        importedAt: options.now,
        repeals: repealsInText(articles),
      },
      text,
    });
  }
  return { laws, duplicates };
}

/**
 * Status of every version that an administrator has not corrected: the newest version of a title is
 * 现行有效 (尚未生效 before its effective date) unless validity.json or a current text repeals it;
 * older versions are 已被修改; validity.json can mark a text known to be out of date.
 */
export function resolveStatuses(records: LawRecord[], today: string): LawRecord[] {
  const repealed = repealsFromData();
  for (const r of records) {
    for (const name of r.repeals ?? []) {
      const key = normalizeLawName(name);
      // A text repealing its own name means its earlier version (道路交通事故处理程序规定 2017 -> 2008).
      if (key === normalizeLawName(r.title)) continue;
      if (!repealed.has(key)) repealed.set(key, { basis: `${r.title}明文废止`, successor: r.title });
    }
  }
  const amended = new Map(validityData.amended.map((a) => [normalizeLawName(a.name), a]));
  const groups = new Map<string, LawRecord[]>();
  for (const r of records) {
    const key = normalizeLawName(r.title);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const out: LawRecord[] = [];
  for (const [key, list] of groups) {
    list.sort(compareVersions);
    const rep = repealed.get(key);
    list.forEach((r, i) => {
      if (r.statusManual) return out.push(r);
      let next: Pick<LawRecord, "status" | "statusBasis" | "successor">;
      const am = amended.get(key);
      if (rep) next = { status: "已废止", statusBasis: rep.basis, successor: rep.successor };
      else if (i > 0) {
        next = {
          status: "已被修改",
          statusBasis: `库内有更新版本（${list[0].publishDate ?? list[0].effectiveDate ?? "日期不详"}）`,
          successor: list[0].title,
        };
      } else if (am && (!am.date || r.publishDate === am.date || r.effectiveDate === am.date)) {
        next = { status: "已被修改", statusBasis: am.basis, successor: null };
      } else if (r.effectiveDate && r.effectiveDate > today) {
        next = { status: "尚未生效", statusBasis: `${r.effectiveDate}起施行`, successor: null };
      } else next = { status: "现行有效", statusBasis: "库内最新版本，未见废止或修改记录", successor: null };
      out.push({ ...r, ...next });
    });
  }
  return out;
}
