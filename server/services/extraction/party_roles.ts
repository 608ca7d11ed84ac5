/**
 * The one vocabulary of party roles (issue #23): which words name the creditor (原告, 申请人, 出借人, 贷款人,
 * 债权人, 甲方…), which the debtor (被告, 被申请人, 借款人, 债务人, 乙方…), which someone else (保证人,
 * 代理人, 第三人…), and how an ordinal (第二被告, 被告二) or a bracket (原告（法人）, 甲方（债权人）,
 * 第二被告（保证人）) changes that. Used by the rules extractor, the field planner and anything that maps a
 * column or a label to a side (issue #27's /ai-chat import).
 */

export type PartySide = "creditor" | "debtor";
/** A side, or someone else in the case (agent, guarantor, third party), or a role the text does not give. */
export type PartyRole = PartySide | "other" | "unknown";

/** Role words per role, longest first inside each list (被申请人 before 申请人 is handled by the regex order). */
export const ROLE_WORDS: Record<PartyRole, readonly string[]> = {
  debtor: ["被申请人", "被上诉人", "被告", "借款人", "债务人", "乙方"],
  creditor: ["申请人", "上诉人", "原告", "出借人", "贷款人", "债权人", "甲方"],
  other: [
    "委托诉讼代理人",
    "诉讼代理人",
    "委托代理人",
    "代理人",
    "第三人",
    "保证人",
    "担保人",
    "受托人",
    "丙方",
    "丁方",
    "具状人",
  ],
  unknown: ["受送达人", "委托人", "当事人"],
};

/** Bracket words that say who a party is whatever its role word (甲方（债权人）, 第二被告（保证人）). */
const BRACKET_SIDE: [RegExp, PartyRole][] = [
  [/保证人|担保人|连带|第三人/, "other"],
  [/债务人|借款人|乙方/, "debtor"],
  [/债权人|出借人|贷款人|甲方/, "creditor"],
];

const ALL_WORDS = [...ROLE_WORDS.debtor, ...ROLE_WORDS.creditor, ...ROLE_WORDS.other, ...ROLE_WORDS.unknown]
  .sort((a, b) => b.length - a.length);

/** Regex source of any role word (longest first, so 被申请人 wins over 申请人). */
export const ROLE_WORD_SOURCE = ALL_WORDS.join("|");

/**
 * A role label at the start of a text: optional ordinal prefix (第一, 第二), the role word, an optional
 * ordinal suffix (被告一, 被告2) and an optional bracket (（法人）, （保证人）).
 */
export const ROLE_LABEL = new RegExp(
  `^(第[一二三四五六1-6])?(${ROLE_WORD_SOURCE})([一二三四五六\\d]?)((?:（[^）]{0,12}）)?)`,
);

const SIDE_OF_WORD = new Map<string, PartyRole>(
  (Object.entries(ROLE_WORDS) as [PartyRole, readonly string[]][]).flatMap(([role, words]) =>
    words.map((w) => [w, role] as [string, PartyRole])
  ),
);

function isFirst(ordinal: string): boolean {
  return !ordinal || /^(第?[一1])$/.test(ordinal);
}

/**
 * The role a label gives: the word's side; a bracket naming a side or a guarantor overrides it; a second or
 * later creditor or debtor (第二被告, 被告二) is someone else (a guarantor, a co-defendant).
 */
export function roleOfLabel(word: string, ordinal = "", bracket = ""): PartyRole {
  for (const [re, role] of BRACKET_SIDE) if (re.test(bracket)) return isFirst(ordinal) ? role : "other";
  const role = SIDE_OF_WORD.get(word) ?? "other";
  if ((role === "creditor" || role === "debtor") && !isFirst(ordinal)) return "other";
  return role;
}

/** Parses a role label at the start of `text`; null when the text does not start with one. */
export function readRoleLabel(
  text: string,
): { word: string; ordinal: string; bracket: string; role: PartyRole; length: number } | null {
  const m = text.match(ROLE_LABEL);
  if (!m) return null;
  const ordinal = m[1] || m[3] || "";
  const word = m[2], bracket = m[4] ?? "";
  return { word, ordinal, bracket, role: roleOfLabel(word, ordinal, bracket), length: m[0].length };
}

/**
 * The side a field label or a column header speaks of (被告姓名 → debtor, 出借人电话 → creditor), or null.
 * Debtor words are tried first: 被申请人 contains 申请人.
 */
export function sideOfLabel(label: string): PartySide | null {
  for (const w of ROLE_WORDS.debtor) if (label.includes(w)) return "debtor";
  for (const w of ROLE_WORDS.creditor) if (label.includes(w)) return "creditor";
  return null;
}

/** Side words as one regex per side (for labels that may carry them anywhere). */
export const SIDE_LABEL: Record<PartySide, RegExp> = {
  debtor: new RegExp(ROLE_WORDS.debtor.join("|")),
  creditor: new RegExp(ROLE_WORDS.creditor.join("|")),
};
