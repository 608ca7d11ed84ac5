/**
 * Rule-based reading of one document (no model): its kind, the parties it names (role blocks with their
 * 身份证号, 统一社会信用代码, 法定代表人, 电话 and 住址, or a certificate's holder) and the facts of a loan case
 * (amount, dates, rate, repaid total, claim, case number, court, award), each hit with its provenance.
 * The work is split by what is read: party_blocks.ts, holders.ts, fact_readers.ts (one reader per fact),
 * labels.ts and table_columns.ts (tables as cells). Precision first: a reader that is not sure gives nothing.
 */
import type { DocumentText } from "../doc_text/types.ts";
import { rankOfKind } from "./authority.ts";
import { classifyDocument, type DocKind } from "./doc_kind.ts";
import { type Facts, readFactsOf } from "./fact_readers.ts";
import { CONFIDENCE, type Hit, makeHit } from "./hits.ts";
import { HOLDER_KINDS, type HolderKind, readHolder } from "./holders.ts";
import { readKindParty } from "./kind_parties.ts";
import { buildLogicalLines, type LogicalLine } from "./lines.ts";
import { cleanName, type PartyRecord, readPartyBlocks } from "./party_blocks.ts";

export type { Hit } from "./hits.ts";
export type { PartyRecord } from "./party_blocks.ts";
export type { PartyRole } from "./party_roles.ts";

export interface DocFacts {
  fileName: string;
  kind: DocKind;
  rank: number;
  parties: PartyRecord[];
  facts: Facts;
  lines: LogicalLine[];
}

/** Kinds that state none of a loan's facts (a certificate) or only the court's (a service address form). */
const NO_FACTS: ReadonlySet<DocKind> = new Set(["身份证", "户口簿", "营业执照", "企业信用信息公示报告"]);
const COURT_FACTS_ONLY: ReadonlySet<DocKind> = new Set(["送达地址确认书", "传票", "受理通知书"]);

function readFacts(doc: DocumentText, lines: LogicalLine[], kind: DocKind): Facts {
  if (NO_FACTS.has(kind)) return {};
  const all = readFactsOf(doc, lines, kind);
  return COURT_FACTS_ONLY.has(kind) ? { case_no: all.case_no, court: all.court } : all;
}

function isHolderKind(kind: DocKind): kind is HolderKind {
  return (HOLDER_KINDS as readonly string[]).includes(kind);
}

/** 今借到 / 今收到 X (人民币…) / X出借的借款: X is the lender. */
function readIouLender(doc: DocumentText, lines: LogicalLine[]): PartyRecord | null {
  for (const line of lines) {
    const m = line.text.match(
      /今(?:借到|收到|向)([\u4e00-\u9fff·（）()]{2,40}?)(?=[（(，,]|人民币|现金|借款|借到|的|身份证|出借|交付|支付)/,
    );
    const name = m ? cleanName(m[1]) : null;
    if (m && name) {
      const h = makeHit(
        doc,
        line,
        line.text.indexOf(m[1]),
        { value: name, normalized: name },
        CONFIDENCE.iouDate,
      );
      return { role: "creditor", roleWord: "出借人", attrs: { name: h } };
    }
  }
  return null;
}

/** Reads one document: its kind, its parties and its facts. */
export function readDocumentFacts(doc: DocumentText): DocFacts {
  const kind = classifyDocument(doc);
  const lines = buildLogicalLines(doc);
  const parties: PartyRecord[] = [];
  if (isHolderKind(kind)) {
    const holder = readHolder(doc, lines, kind);
    if (holder) parties.push(holder);
  } else {
    parties.push(...readPartyBlocks(doc, lines.filter((l) => !l.blob)));
  }
  const own = isHolderKind(kind) ? null : readKindParty(doc, lines.filter((l) => !l.blob), kind, parties);
  if (own) parties.push(own);
  if (kind === "借条" && !parties.some((p) => p.role === "creditor")) {
    const lender = readIouLender(doc, lines);
    if (lender) parties.push(lender);
  }
  const facts = readFacts(doc, lines.filter((l) => !l.blob), kind);
  // From rows the recogniser merged, only what identifies itself: case numbers, and a date right after its
  // own label (签订日期：…, one recognised piece, so label and value stay together).
  if (lines.some((l) => l.blob) && !NO_FACTS.has(kind)) {
    const blobFacts = readFacts(doc, lines.filter((l) => l.blob), kind);
    const lower = (hits: Hit[]) =>
      hits.map((h) => ({ ...h, confidence: Math.round(h.confidence * CONFIDENCE.mergedRows * 1000) / 1000 }));
    if (!facts.case_no?.length && blobFacts.case_no?.length) facts.case_no = lower(blobFacts.case_no);
    const labelled = (blobFacts.sign_date ?? []).filter((h) => h.labelled);
    if (!facts.sign_date?.length && labelled.length) facts.sign_date = lower(labelled);
  }
  return { fileName: doc.fileName, kind, rank: rankOfKind(kind), parties, facts, lines };
}
