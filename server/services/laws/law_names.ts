/**
 * Law names as people write them: full titles with or without 中华人民共和国, 《》 and 〈〉, short names
 * (民诉法, 消法), and the usual names of judicial interpretations (民诉法解释, 劳动争议解释一, 婚姻家庭编司法解释（一）,
 * 民间借贷规定). normalizeLawName() (common/law_name_key.ts) gives one comparable key; lawNameAliases() derives the short names of
 * a title; law_aliases.json holds the ones that cannot be derived.
 */
import aliasData from "./law_aliases.json" with { type: "json" };
import { LAW_ORDINALS as ORDINAL, normalizeLawName } from "../../../common/law_name_key.ts";

/** Data aliases: normalized short name -> normalized target name. */
export const DATA_ALIASES: Map<string, string> = new Map(
  Object.entries(aliasData.aliases).map(([k, v]) => [normalizeLawName(k), normalizeLawName(v)]),
);

function shortNamesOfLaw(name: string): string[] {
  const out = new Set<string>([name]);
  for (const [alias, target] of DATA_ALIASES) if (target === name) out.add(alias);
  return [...out];
}

/**
 * Every normalized name a title is known by (the normalized title first). Interpretations get
 * <law short name><topic>解释/规定<ordinal> forms and <case type>解释/规定 forms.
 */
export function lawNameAliases(title: string): string[] {
  const key = normalizeLawName(title);
  const out = new Set<string>([key]);
  for (const [alias, target] of DATA_ALIASES) if (target === key) out.add(alias);

  const ordMatch = new RegExp(`([${ORDINAL}]*)$`).exec(key);
  const ord = ordMatch ? ordMatch[1] : "";
  const stem = ord ? key.slice(0, -ord.length) : key;
  const kindMatch = /(解释|规定|解答)$/.exec(stem);
  const ordVariants = ord ? [ord, ...(ord === "一" ? [""] : [])] : [""];
  const kinds = kindMatch ? ["解释", "规定"] : [];

  // 《X》 interpretations: 适用民事诉讼法的解释, 适用民法典合同编通则若干问题的解释, 适用婚姻法若干问题的解释二
  const inner = /《(?:中华人民共和国)?([^》]+)》/.exec(title.normalize("NFKC"));
  if (inner && kindMatch) {
    const law = normalizeLawName(inner[1]);
    const after = stem.slice(stem.indexOf(law) + law.length, -kindMatch[1].length)
      .replace(/若干问题|有关|若干|的|适用法律/g, "");
    const lawShorts = shortNamesOfLaw(law);
    for (const s of [...lawShorts]) if (s.endsWith("法") && s.length >= 3) lawShorts.push(s.slice(0, -1));
    const heads = after ? [...lawShorts, ""] : lawShorts;
    for (const h of heads) {
      for (const k of kinds) for (const o of ordVariants) out.add(h + after + k + o);
    }
  }
  // Case-type interpretations: 审理民间借贷案件…规定 -> 民间借贷规定 / 民间借贷解释
  const caseType = /审理(?:涉及|涉)?(.+?)(?:纠纷)?案件/.exec(stem);
  if (caseType && kindMatch) {
    const topic = caseType[1];
    for (const t of new Set([topic, topic.replace(/纠纷$/, "")])) {
      for (const k of kinds) for (const o of ordVariants) out.add(t + k + o);
    }
  }
  // Other rules: 人民法院办理财产保全案件若干问题的规定 -> 财产保全规定
  if (kindMatch && !inner && !caseType) {
    const topic = stem.slice(0, -kindMatch[1].length)
      .replace(/^(人民法院|适用|办理|确定|审理)+/, "")
      .replace(/(案件)?(若干问题|适用法律若干问题|适用法律问题)?的(若干)?$/, "")
      .replace(/^(人民法院|适用|办理|确定)+/, "");
    if (topic.length >= 2 && topic.length <= 12) {
      for (const k of kinds) for (const o of ordVariants) out.add(topic + k + o);
    }
  }
  return [...out].filter((a) => a.length >= 2);
}

/** A readable short name for display: the data alias or the title without 中华人民共和国. */
export function displayShortName(title: string): string {
  return title.replace(/^中华人民共和国/, "");
}
