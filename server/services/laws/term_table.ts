/**
 * Learned associations between the words people ask with and the words statutes use (issue #24): for a
 * character bigram of a question (欠钱, 离婚, 工伤), the article bigrams that real questions with it were
 * answered by (借款, 偿还; 财产, 分割). The table is estimated by scripts/build_law_term_table.ts (IBM
 * model 1 translation probabilities from question -> gold article pairs) and shipped as
 * law_term_table.json; the search adds the associated terms to a question with a weight below the user's
 * own words, like the hand-written synonyms.
 */
import tableData from "./law_term_table.json" with { type: "json" };

export interface TermTable {
  /** Question bigram -> [article term, probability] pairs, most probable first. */
  translations: Map<string, [string, number][]>;
  /**
   * Question bigram -> how much more (or less) often than the average bigram of a question it occurs in
   * the answering articles themselves (是否, 能否 rarely; 离婚, 借款 often): a factor on its weight.
   */
  weights: Map<string, number>;
}

/** Stored form: { terms: { bigram: "term:prob term:prob …" }, weights: { bigram: factor } }. */
export interface TermTableData {
  terms: Record<string, string>;
  weights?: Record<string, number>;
}

export function termTableFromData(data: TermTableData): TermTable {
  const translations = new Map<string, [string, number][]>();
  for (const [q, list] of Object.entries(data.terms)) {
    translations.set(
      q,
      list.split(" ").map((x) => {
        const [t, p] = x.split(":");
        return [t, Number(p)] as [string, number];
      }),
    );
  }
  return { translations, weights: new Map(Object.entries(data.weights ?? {})) };
}

export function termTableToData(table: TermTable): TermTableData {
  const terms: Record<string, string> = {};
  for (const [q, list] of [...table.translations].sort((a, b) => a[0].localeCompare(b[0]))) {
    terms[q] = list.map(([t, p]) => `${t}:${p.toFixed(3)}`).join(" ");
  }
  const weights: Record<string, number> = {};
  for (const [q, w] of [...table.weights].sort((a, b) => a[0].localeCompare(b[0]))) {
    weights[q] = Math.round(w * 100) / 100;
  }
  return { terms, weights };
}

let shipped: TermTable | null = null;

/** The table shipped with the product, parsed on first use. */
export function shippedTermTable(): TermTable {
  return shipped ??= termTableFromData(tableData as TermTableData);
}

const MAX_EXPANSIONS = 40;

/**
 * The article terms associated with a question's bigrams: each term's weight is the sum over the
 * question's bigrams of their own weight x the translation probability, strongest MAX_EXPANSIONS kept.
 * Terms the question already has are left out (its own weight stands).
 */
export function expandTerms(table: TermTable, own: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [q, w] of own) {
    const list = table.translations.get(q);
    if (!list) continue;
    for (const [t, p] of list) if (!own.has(t)) out.set(t, (out.get(t) ?? 0) + w * p);
  }
  return new Map([...out].sort((a, b) => b[1] - a[1]).slice(0, MAX_EXPANSIONS));
}
