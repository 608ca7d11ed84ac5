/**
 * Parses one law file: the Markdown layout of LawRefBook/Laws (title "# ", history lines up to
 * <!-- INFO END -->, headings "##…", articles "第X条 …") and plain text in the same shape (the text of a
 * flk.npc.gov.cn .docx comes here too). Quirks handled: zero-width spaces, ASCII brackets, a second
 * "# " line naming a part (民法典), a table of contents given as headings, documents without articles.
 */
import { parseNumeral } from "./numerals.ts";
import type { LawArticle, ParsedLawFile } from "./types.ts";

const ARTICLE_LINE =
  /^第([零〇一二两三四五六七八九十百千0-9]+)条(?:之([一二三四五六七八九十]+))?(?:[\s\u3000]+(.*)|$)/;
const HEADING_WORD = /^第[零〇一二两三四五六七八九十百千0-9]+(编|分编|章|节)/;
const DATE_CN = /(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/;

/** Removes zero-width characters and BOMs, turns CRLF into LF. */
export function cleanLawText(text: string): string {
  return text.replace(/[\u200b\u200c\u200d\u2060\ufeff]/g, "").replace(/\r\n?/g, "\n");
}

/** ASCII brackets of items to the full-width ones statutes use: (一) -> （一）. */
export function normalizeItemBrackets(line: string): string {
  return line.replace(/\(([一二三四五六七八九十]+)\)/g, "（$1）");
}

function isoDate(m: RegExpExecArray): string {
  return `${m[1]}-${m[2].padStart(2, "0")}-${m[3].padStart(2, "0")}`;
}

/** The date in a file name: 民事诉讼法(2023-09-01).md -> 2023-09-01. */
export function dateFromFileName(name: string): string | null {
  const m = /[(（](\d{4}-\d{2}-\d{2})[)）]/.exec(name);
  return m ? m[1] : null;
}

/** Top folder of a source path inside the library (司法解释/…md -> 司法解释). */
export function folderFromPath(path: string): string | null {
  const parts = path.split("/").filter((p) => p && p !== "." && p !== "library" && p !== "national");
  return parts.length > 1 ? parts[0] : null;
}

export function parseLawFile(text: string, sourceName: string, folder: string | null = null): ParsedLawFile {
  const lines = cleanLawText(text).split("\n").map((l) => l.trim());
  let title = "";
  let part: string | null = null;
  const history: string[] = [];
  const articles: LawArticle[] = [];
  const bodyLines: string[] = [];
  const headings: { level: number; text: string }[] = [];
  const hasInfoEnd = lines.some((l) => l.startsWith("<!-- INFO END"));
  let inHeader = true;
  let current: LawArticle | null = null;

  for (const raw of lines) {
    if (raw === "") continue;
    if (raw.startsWith("<!--")) {
      if (raw.startsWith("<!-- INFO END")) inHeader = false;
      continue;
    }
    const heading = /^(#+)\s*(.*)$/.exec(raw);
    if (heading && heading[1].length === 1) {
      const t = heading[2].replace(/\s+/g, "");
      if (!title) title = t;
      else if (inHeader && !part) part = t;
      continue;
    }
    if (!title && !heading) {
      // Plain text: the first non-empty line is the title.
      title = raw.replace(/\s+/g, "");
      continue;
    }
    if (inHeader) {
      // Without an INFO END marker (plain text), the header ends at the first heading or article.
      if (!hasInfoEnd && (heading || ARTICLE_LINE.test(raw) || HEADING_WORD.test(raw))) inHeader = false;
      else {
        history.push(raw);
        continue;
      }
    }
    if (heading || (HEADING_WORD.test(raw) && !ARTICLE_LINE.test(raw) && raw.length < 40)) {
      const level = heading ? heading[1].length : 2;
      const textOf = (heading ? heading[2] : raw).replace(/[\s\u3000]+/g, " ").trim();
      while (headings.length && headings[headings.length - 1].level >= level) headings.pop();
      headings.push({ level, text: textOf });
      current = null;
      bodyLines.push(textOf);
      continue;
    }
    const line = normalizeItemBrackets(raw);
    const art = ARTICLE_LINE.exec(line);
    if (art) {
      const num = parseNumeral(art[1]) ?? 0;
      const sub = art[2] ? parseNumeral(art[2]) ?? 0 : 0;
      current = {
        number: `第${art[1]}条${art[2] ? `之${art[2]}` : ""}`,
        num,
        sub,
        path: headings.map((h) => h.text),
        paragraphs: [(art[3] ?? "").trim()].filter((p) => p !== ""),
      };
      articles.push(current);
      continue;
    }
    if (current) current.paragraphs.push(line);
    else bodyLines.push(line);
  }

  const dated = history.map((h) => ({ h, m: DATE_CN.exec(h) })).filter((x) => x.m);
  const effective = [...dated].reverse().find((x) => /施行|生效/.test(x.h));
  const fileDate = dateFromFileName(sourceName);
  const published = [...dated].reverse().find((x) => /通过|修正|修订|公布|发布/.test(x.h));
  return {
    title,
    part,
    history,
    fileDate,
    publishDate: published?.m ? isoDate(published.m) : fileDate,
    effectiveDate: effective?.m ? isoDate(effective.m) : null,
    folder,
    sourceName,
    articles,
    body: articles.length === 0 ? bodyLines.join("\n") : "",
  };
}
