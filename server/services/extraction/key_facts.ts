/**
 * Key facts of one document for the /ocr panel (issue #10 §6): names next to their labels, ID numbers with
 * the check-digit result, 统一社会信用代码, phones, amounts with the 大写/小写 check, dates, case numbers and
 * courts, each with the line it was read from. No model involved.
 */
import type { DocumentText } from "../doc_text/types.ts";
import { buildLogicalLines, sourceOf } from "./lines.ts";
import { findAmounts } from "./amounts.ts";
import { readDocumentFacts } from "./rules_extractor.ts";
import {
  findBankCards,
  findCaseNumbers,
  findCourts,
  findCreditCodes,
  findIdNumbers,
  findPhones,
} from "./recognizers.ts";
import { findDates } from "./normalize.ts";
import type { ValueSource } from "./types.ts";

export type KeyFactType =
  | "name"
  | "id_no"
  | "credit_code"
  | "phone"
  | "bank_card"
  | "amount"
  | "date"
  | "case_no"
  | "court";

export interface KeyFact {
  type: KeyFactType;
  /** What the value is, in Chinese (原告, 身份证号, 金额...). */
  label: string;
  value: string;
  normalized: string;
  /** true/false for values with a check (ID check digit, credit code, Luhn, 大写=小写); absent otherwise. */
  valid?: boolean;
  checks: string[];
  source: ValueSource;
}

export interface KeyFacts {
  fileName: string;
  /** The document kind it was recognised as (身份证, 起诉状...). */
  kind: string;
  facts: KeyFact[];
}

/** Reads the key facts of one document. */
export function extractKeyFacts(doc: DocumentText): KeyFacts {
  const info = readDocumentFacts(doc);
  const lines = buildLogicalLines(doc);
  const facts: KeyFact[] = [];
  const seen = new Set<string>();
  const push = (f: KeyFact) => {
    const k = `${f.type}:${f.normalized}`;
    if (seen.has(k)) return;
    seen.add(k);
    facts.push(f);
  };
  for (const p of info.parties) {
    const name = p.attrs.name;
    if (name) {
      push({
        type: "name",
        label: p.roleWord,
        value: name.value,
        normalized: name.normalized,
        checks: [],
        source: name.source,
      });
    }
    const rep = p.attrs.legal_rep;
    if (rep) {
      push({
        type: "name",
        label: "法定代表人/负责人",
        value: rep.value,
        normalized: rep.normalized,
        checks: [],
        source: rep.source,
      });
    }
  }
  for (const line of lines) {
    const t = line.text;
    for (const f of findIdNumbers(t)) {
      push({
        type: "id_no",
        label: "身份证号",
        value: f.normalized,
        normalized: f.normalized,
        valid: f.valid,
        checks: f.checks,
        source: sourceOf(line, { fileName: doc.fileName, at: f.index, value: f.text, doc }),
      });
    }
    for (const f of findCreditCodes(t)) {
      push({
        type: "credit_code",
        label: "统一社会信用代码",
        value: f.normalized,
        normalized: f.normalized,
        valid: f.valid,
        checks: f.checks,
        source: sourceOf(line, { fileName: doc.fileName, at: f.index, value: f.text, doc }),
      });
    }
    for (const f of findPhones(t)) {
      push({
        type: "phone",
        label: "电话",
        value: f.text,
        normalized: f.normalized,
        checks: [],
        source: sourceOf(line, { fileName: doc.fileName, at: f.index, value: f.text, doc }),
      });
    }
    for (const f of findBankCards(t)) {
      if (findIdNumbers(f.text).length) continue;
      push({
        type: "bank_card",
        label: "银行卡号",
        value: f.normalized,
        normalized: f.normalized,
        valid: f.valid,
        checks: f.checks,
        source: sourceOf(line, { fileName: doc.fileName, at: f.index, value: f.text, doc }),
      });
    }
    for (const a of findAmounts(t)) {
      const checked = a.checks.find((c) => c.startsWith("大写小写"));
      push({
        type: "amount",
        label: "金额",
        value: a.text,
        normalized: String(a.value),
        ...(checked ? { valid: checked === "大写小写一致" } : {}),
        checks: a.checks,
        source: sourceOf(line, { fileName: doc.fileName, at: a.index, value: a.text, doc }),
      });
    }
    for (const d of findDates(t)) {
      push({
        type: "date",
        label: "日期",
        value: d.text,
        normalized: d.iso,
        checks: [],
        source: sourceOf(line, { fileName: doc.fileName, at: d.index, value: d.text, doc }),
      });
    }
    for (const f of findCaseNumbers(t)) {
      push({
        type: "case_no",
        label: "案号",
        value: f.text,
        normalized: f.normalized,
        checks: [],
        source: sourceOf(line, { fileName: doc.fileName, at: f.index, value: f.text, doc }),
      });
    }
    for (const f of findCourts(t)) {
      if (/调解委员会/.test(f.text)) continue;
      push({
        type: "court",
        label: "法院",
        value: f.text,
        normalized: f.normalized,
        checks: [],
        source: sourceOf(line, { fileName: doc.fileName, at: t.indexOf(f.text), value: f.text, doc }),
      });
    }
  }
  return { fileName: doc.fileName, kind: info.kind, facts };
}
