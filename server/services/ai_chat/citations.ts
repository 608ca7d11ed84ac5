import type { ChatCitation } from "../../../common/schemas/ai_chat.ts";
import { checkCitations, type CheckedCitation } from "../laws/check_citations.ts";
import type { LawDeps } from "../laws/library_store.ts";

/**
 * Citation badges for answers (issue #15 §4). The check itself belongs to law search (issue #14,
 * services/laws/check_citations.ts, the service behind POST /api/law-search/check-citations): by
 * default every answer is checked against the stored law library. `deps.checkCitations` replaces it
 * (a test's own library); if the check itself fails, the citations are listed as "unchecked"
 * (? 未核验), never as valid.
 */
export type CitationChecker = (text: string) => CheckedCitation[] | Promise<CheckedCitation[]>;

/** The optional dependency AI chat reads from AppDeps. */
export interface CitationDeps {
  checkCitations?: CitationChecker;
}

const CITATION =
  /《([^《》\n]{2,60})》\s*(第[零〇一二三四五六七八九十百千0-9]+条(?:之[一二三四五六七八九十]+)?)/g;

/** The citations written in a text, unchecked (the fallback without a law library). */
export function findCitations(text: string): ChatCitation[] {
  const seen = new Set<string>();
  const out: ChatCitation[] = [];
  for (const m of text.matchAll(CITATION)) {
    const raw = m[0];
    if (seen.has(raw)) continue;
    seen.add(raw);
    out.push({ raw, title: m[1], articleNumber: m[2], status: "unchecked", note: "法条核验暂不可用" });
  }
  return out;
}

/** Checks the citations of an answer with the law library (or `deps.checkCitations`). */
export async function checkAnswerCitations(
  deps: LawDeps & CitationDeps,
  text: string,
): Promise<ChatCitation[]> {
  let checked: CheckedCitation[];
  try {
    checked = deps.checkCitations ? await deps.checkCitations(text) : await checkCitations(deps, text);
  } catch (err) {
    console.error("citation check failed:", err);
    return findCitations(text);
  }
  const seen = new Set<string>();
  const out: ChatCitation[] = [];
  for (const c of checked) {
    if (seen.has(c.raw)) continue;
    seen.add(c.raw);
    out.push({
      raw: c.raw,
      title: c.title,
      articleNumber: c.articleNumber,
      status: c.status,
      note: c.note,
      lawId: c.lawId,
    });
  }
  return out;
}
