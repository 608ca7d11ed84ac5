/**
 * A value the rules read, with its provenance, and the named confidences the rules give (one place: the
 * figures the readers multiply with the recogniser's own confidence). Order matters only between readers of
 * the same fact: a labelled value beats one read from a sentence, a certificate beats a party block.
 */
import type { DocumentText } from "../doc_text/types.ts";
import { confidenceAt, type LogicalLine, sourceOf } from "./lines.ts";
import type { ValueSource } from "./types.ts";

export interface Hit {
  /** The value as a clerk reads and exports it (amounts 100000.00, dates YYYY-MM-DD, digits without spaces). */
  value: string;
  /** Canonical form for comparison. */
  normalized: string;
  /** Where it was read; the snippet keeps the text as written. */
  source: ValueSource;
  /** OCR confidence × rule confidence. */
  confidence: number;
  checks?: string[];
  /** Read right after its own label (签订日期：…), so it holds even where rows were merged. */
  labelled?: boolean;
}

/** Rule confidences, by how a value was found. */
export const CONFIDENCE = {
  /** A check-digit identifier on a certificate (身份证, 营业执照). */
  certificateId: 0.97,
  /** A certificate's holder name next to its label. */
  certificateName: 0.95,
  certificateAddress: 0.88,
  certificateRep: 0.9,
  /** An organisation name near 名称 / 统一社会信用代码 without its own label. */
  certificateOrgGuess: 0.8,
  /** The phone of a 送达地址确认书's addressee. */
  servicePhone: 0.93,
  /** Certificate labels lost by OCR: the one piece that looks like the value. */
  lostLabels: 0.75,
  lostLabelsWeak: 0.7,
  /** A check-digit identifier in a party block. */
  partyId: 0.95,
  partyName: 0.92,
  /** A party's name on the line after its role label. */
  partyNameNextLine: 0.85,
  partyPhone: 0.9,
  partyAddress: 0.85,
  partyRep: 0.9,
  /** A value right after its own label (签订日期：…, 案号：…, a label cell's value cell). */
  labelled: 0.95,
  /** A table's label cell and its value cell. */
  tableCell: 0.93,
  /** A court named in a document's header lines. */
  courtHeader: 0.9,
  /** A court in the 此致 line or after 受理法院/管辖法院. */
  courtClosing: 0.93,
  /** A fact stated by a document both sides signed or a court wrote. */
  stated: 0.9,
  /** The same in a document one side wrote (起诉状, 律师函). */
  statedOneSided: 0.85,
  /** A loan amount stated by any other document. */
  amountStated: 0.85,
  /** A loan amount in a 借条 or 借款合同. */
  loanDocAmount: 0.95,
  /** A case number outside the header and without 案号. */
  caseNoInText: 0.8,
  /** Dates and amounts read from a narrative sentence (DATE，…借款…). */
  narrative: 0.8,
  /** A claim in a document one side wrote (its author states it). */
  claimOneSided: 0.9,
  claimOther: 0.8,
  /** A contract term's start (借款期限自DATE起) without its end. */
  termStart: 0.88,
  /** A transaction row (放款, 合计). */
  recordRow: 0.85,
  recordTotal: 0.9,
  /** A 借条's own date. */
  iouDate: 0.85,
  /** Factor for an amount whose 大写 and 小写 were not both printed. */
  unchecked: 0.95,
  /** Factor for values read from rows the recogniser merged. */
  mergedRows: 0.9,
} as const;

/** A hit at character `at` of a logical line: provenance and OCR confidence × rule confidence. */
export function makeHit(
  doc: DocumentText,
  line: LogicalLine,
  at: number,
  value: { value: string; normalized: string },
  rule: number,
): Hit {
  return {
    value: value.value,
    normalized: value.normalized,
    source: sourceOf(line, { fileName: doc.fileName, at, value: value.value, doc }),
    confidence: Math.round(confidenceAt(line, at) * rule * 1000) / 1000,
  };
}
