/**
 * Parties that a kind of document names by position or by a word of its own rather than by a role label:
 * the 收款人 who signs a 收条 or a 借条 (the borrower), the addressee of a 催收通知书 / 律师函 (the debtor),
 * the 客户 of a lender's loan-account statement (the borrower). Each is taken only when the document names no
 * debtor by a role label.
 */
import type { DocumentText } from "../doc_text/types.ts";
import type { DocKind } from "./doc_kind.ts";
import { CONFIDENCE, makeHit } from "./hits.ts";
import { readLabelledCells } from "./labels.ts";
import type { LogicalLine } from "./lines.ts";
import { cleanName, type PartyRecord, readAttributes } from "./party_blocks.ts";

function debtorFrom(
  doc: DocumentText,
  line: LogicalLine,
  name: string,
  roleWord: string,
  rest: { line: LogicalLine; text: string; at: number }[],
): PartyRecord {
  const rec: PartyRecord = { role: "debtor", roleWord, attrs: {} };
  rec.attrs.name = makeHit(
    doc,
    line,
    line.text.indexOf(name),
    { value: name, normalized: name },
    CONFIDENCE.partyName,
  );
  for (const r of rest) readAttributes(doc, r.line, r.text, r.at, rec);
  return rec;
}

/** 收款人：X (then 身份证号：… on the next lines) in a 收条 / 借条. */
function readReceiver(doc: DocumentText, lines: LogicalLine[]): PartyRecord | null {
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i].text.match(/^收款人[：:]\s*([^，,；;|（(\s]+)/);
    const name = m ? cleanName(m[1]) : null;
    if (!name) continue;
    const rest = lines.slice(i + 1, i + 3).filter((l) =>
      /^(身份证|公民身份|证件|住址|电话|联系电话)/.test(l.text)
    )
      .map((l) => ({ line: l, text: l.text, at: 0 }));
    return debtorFrom(doc, lines[i], name, "收款人", rest);
  }
  return null;
}

/** The salutation of a letter: "X（身份证号：…）：" alone on one of the first lines. */
function readAddressee(doc: DocumentText, lines: LogicalLine[]): PartyRecord | null {
  for (const line of lines.slice(0, 4)) {
    const m = line.text.match(/^([\u4e00-\u9fff·]{2,40}?)((?:（[^）]{0,40}）)?)[：:]$/);
    const name = m ? cleanName(m[1]) : null;
    if (!m || !name) continue;
    return debtorFrom(doc, line, name, "收件人", [{ line, text: m[2], at: m[1].length }]);
  }
  return null;
}

/** The customer of a loan-account statement (客户名称 / 借款人 with 贷款账号, 贷款发放, 放款). */
function readStatementCustomer(doc: DocumentText, lines: LogicalLine[]): PartyRecord | null {
  if (!lines.some((l) => /贷款账号|贷款发放|借款账号|放款/.test(l.text))) return null;
  for (const line of lines.slice(0, 8)) {
    const named = readLabelledCells(line.text).find((v) =>
      v.concept === "name" && /客户名称|户名/.test(v.label)
    );
    const name = named ? cleanName(named.value) : null;
    if (!name) continue;
    const ids = readLabelledCells(line.text).filter((v) => v.concept === "id_no")
      .map((v) => ({ line, text: `身份证号：${v.value}`, at: v.at - 5 }));
    return debtorFrom(doc, line, name, "客户", ids);
  }
  return null;
}

/** The kind's own party, when the document names no debtor by a role label. */
export function readKindParty(
  doc: DocumentText,
  lines: LogicalLine[],
  kind: DocKind,
  parties: PartyRecord[],
): PartyRecord | null {
  if (parties.some((p) => p.role === "debtor" && p.attrs.name)) return null;
  if (kind === "借条") return readReceiver(doc, lines);
  if (kind === "催款函" || kind === "律师函") return readAddressee(doc, lines);
  if (kind === "银行流水" || kind === "还款记录") return readStatementCustomer(doc, lines);
  return null;
}
