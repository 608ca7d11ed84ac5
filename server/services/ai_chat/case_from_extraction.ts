/**
 * A drafting preset's case values from an OCR信息提取 result (issue #27 item 2). Fields are matched by
 * meaning through the extraction's own vocabulary (extraction/field_plan.ts): 原告姓名 takes the
 * extracted 原告/申请人, 借款本金（元） the 借款金额, 受诉法院 the court, whatever the keys are called. A
 * party's 性别 and 出生日期 come from the same party's ID number when the result has no such field.
 * Values go in exactly as the document printed them (numbers are not reformatted).
 */
import type { OcrBatchResult } from "../../../common/schemas/ocr.ts";
import {
  type FactConcept,
  type PartyAttribute,
  type PartySide,
  planField,
} from "../extraction/field_plan.ts";
import { checkIdCard } from "../extraction/recognizers.ts";

type PersonAttribute = PartyAttribute | "gender" | "birth_date" | "ethnicity";

/** What a field is about: one party's attribute, or one fact of the case. */
export interface FieldRole {
  party: PartySide | null;
  attribute: PersonAttribute | null;
  fact: FactConcept | null;
}

/** Attributes a person has that the extraction does not read, but a complaint asks for. */
const PERSON_WORDS: [PersonAttribute, RegExp][] = [
  ["gender", /性别/],
  ["birth_date", /出生/],
  ["ethnicity", /民族/],
];

/** The role of a field (by its label and key), in the extraction's vocabulary. */
export function fieldRole(spec: { key: string; label: string }): FieldRole {
  const plan = planField(spec);
  if (plan.party) {
    const person = PERSON_WORDS.find(([, re]) => re.test(spec.label) || re.test(spec.key));
    if (person) return { party: plan.party, attribute: person[0], fact: null };
  }
  return { party: plan.party, attribute: plan.attribute, fact: plan.fact };
}

function plain(text: string): string {
  return text.replace(/[（(].*?[)）]/g, "").replace(/[\s:：]/g, "");
}

function sameRole(a: FieldRole, b: FieldRole): boolean {
  if (a.party && a.attribute) return a.party === b.party && a.attribute === b.attribute;
  return a.fact !== null && a.fact === b.fact;
}

/** "1990-03-07" → "1990年3月7日" (the way a complaint writes a date of birth). */
function chineseDate(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return `${y}年${m}月${d}日`;
}

/**
 * Case values for `fields` from an extraction result: a field takes the found value of the extracted
 * field with the same key or label, or else the one with the same role; 性别/出生日期 of a party are
 * derived from that party's valid ID number. Fields without a value are left out (the draft marks them).
 */
export function caseFromExtraction(
  fields: { key: string; label: string }[],
  result: Pick<OcrBatchResult, "mergedResult">,
): Record<string, string> {
  const found = Object.entries(result.mergedResult)
    .filter(([, f]) => f.found && f.value?.trim())
    .map(([key, f]) => ({
      key,
      label: f.label,
      value: f.value!.trim(),
      role: fieldRole({ key, label: f.label }),
    }));
  const out: Record<string, string> = {};
  for (const field of fields) {
    const role = fieldRole(field);
    const hit = found.find((f) => f.key === field.key) ??
      found.find((f) => plain(f.label) === plain(field.label) || plain(f.key) === plain(field.key)) ??
      found.find((f) => sameRole(role, f.role));
    if (hit) {
      out[field.key] = hit.value;
      continue;
    }
    if (role.party && (role.attribute === "gender" || role.attribute === "birth_date")) {
      const id = found.find((f) => f.role.party === role.party && f.role.attribute === "id_no");
      const check = id ? checkIdCard(id.value.replace(/\s/g, "")) : null;
      if (check?.valid && role.attribute === "gender" && check.sex) out[field.key] = check.sex;
      if (check?.valid && role.attribute === "birth_date" && check.birthDate) {
        out[field.key] = chineseDate(check.birthDate);
      }
    }
  }
  return out;
}

/**
 * The case's name for lists and pickers: "原告 诉 被告" from the result's party names ("李四诉张三"), one
 * side when only one is known, "" when neither is.
 */
export function caseNameOf(result: Pick<OcrBatchResult, "mergedResult">): string {
  const nameOf = (party: PartySide) =>
    Object.entries(result.mergedResult).find(([key, f]) => {
      const role = fieldRole({ key, label: f.label });
      return f.found && f.value?.trim() && role.party === party && role.attribute === "name";
    })?.[1].value?.trim() ?? "";
  const creditor = nameOf("creditor"), debtor = nameOf("debtor");
  if (creditor && debtor) return `${creditor}诉${debtor}`;
  return creditor || debtor;
}
