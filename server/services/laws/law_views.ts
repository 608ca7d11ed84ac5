/** What the screen shows of the library: the law list, one law with its contents, one article with its neighbours and versions. */
import type { LawArticleView, LawListQuery, LawSummary } from "../../../common/schemas/law_search.ts";
import { isAdmin } from "../../../common/permissions.ts";
import type { CurrentUser } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import type { LawLibrary, LawVersion } from "./library.ts";
import { parseArticleNumber } from "./numerals.ts";
import type { LawArticle, LawRecord } from "./types.ts";

export function toLawSummary(r: LawRecord): LawSummary {
  return {
    id: r.id,
    title: r.title,
    shortNames: r.shortNames,
    level: r.level,
    issuer: r.issuer,
    publishDate: r.publishDate,
    effectiveDate: r.effectiveDate,
    status: r.status,
    statusBasis: r.statusBasis,
    statusManual: r.statusManual,
    successor: r.successor,
    articleCount: r.articleCount,
    sources: r.sources,
  };
}

function articleView(a: LawArticle): LawArticleView {
  return { number: a.number, path: a.path, paragraphs: a.paragraphs };
}

/** `lib` null: the library is still being built after a start (`loading`). */
export function libraryOverview(lib: LawLibrary | null, user: Pick<CurrentUser, "id" | "role">) {
  return {
    laws: lib?.versions.length ?? 0,
    articles: lib?.index.size ?? 0,
    isAdmin: isAdmin(user),
    loading: lib === null,
  };
}

export function listLaws(lib: LawLibrary, query: LawListQuery & { page: number; pageSize: number }) {
  const q = (query.q ?? "").trim();
  const rows = lib.versions.filter((v) =>
    (!q || v.record.title.includes(q) || v.record.shortNames.some((s) => s.includes(q))) &&
    (!query.status || v.record.status === query.status) &&
    (!query.level || v.record.level === query.level)
  ).sort((a, b) =>
    a.record.title.localeCompare(b.record.title, "zh") || (b.validFrom ?? "").localeCompare(a.validFrom ?? "")
  );
  const start = (query.page - 1) * query.pageSize;
  return {
    total: rows.length,
    laws: rows.slice(start, start + query.pageSize).map((v) => toLawSummary(v.record)),
  };
}

function versionOrThrow(lib: LawLibrary, id: string): LawVersion {
  const v = lib.byId.get(id);
  if (!v) throw new AppError("LAW_NOT_FOUND");
  return v;
}

/** One law: its record, its table of contents (headings with their first article) and its versions. */
export function getLawView(lib: LawLibrary, id: string) {
  const v = versionOrThrow(lib, id);
  const toc: { path: string[]; first: string; count: number }[] = [];
  for (const a of v.articles) {
    const last = toc[toc.length - 1];
    if (last && last.path.join("/") === a.path.join("/")) last.count++;
    else toc.push({ path: a.path, first: a.number, count: 1 });
  }
  return {
    law: toLawSummary(v.record),
    toc,
    articles: v.articles.map(articleView),
    body: v.text.body,
    history: v.text.history,
    versions: (lib.groups.get(v.group) ?? []).map((x) => toLawSummary(x.record)),
  };
}

/** One article with the two before and after it, and the same number in the law's other versions. */
export function getArticleView(lib: LawLibrary, id: string, number: string) {
  const v = versionOrThrow(lib, id);
  const parsed = parseArticleNumber(decodeURIComponent(number));
  const index = parsed ? v.byKey.get(`${parsed.num}-${parsed.sub}`) : undefined;
  if (index === undefined) throw new AppError("LAW_ARTICLE_NOT_FOUND", { title: v.record.title, number });
  const article = v.articles[index];
  const others = (lib.groups.get(v.group) ?? []).filter((x) => x !== v).map((x) => {
    const same = lib.article(x, article.num, article.sub);
    return { law: toLawSummary(x.record), article: same ? articleView(same) : null };
  });
  return {
    law: toLawSummary(v.record),
    article: articleView(article),
    before: v.articles.slice(Math.max(0, index - 2), index).map(articleView),
    after: v.articles.slice(index + 1, index + 3).map(articleView),
    versions: others,
  };
}
