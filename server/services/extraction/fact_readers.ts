/**
 * The facts of a loan case read from one document, one reader per fact over a shared context (issue #23):
 * case numbers, courts, the first claim, the award, the agreed rate, the dates by their role (paid out, due,
 * signed), the principal and the repaid total, table cells and transaction rows. A reader sees every line
 * (and every sentence of it) in order; what it remembers between lines (inside 诉讼请求, inside the operative
 * part) is its own. Precision first: a reader that is not sure adds nothing.
 */
import type { DocumentText } from "../doc_text/types.ts";
import { amountHit, findAmounts } from "./amounts.ts";
import { rankOfKind } from "./authority.ts";
import type { DocKind } from "./doc_kind.ts";
import type { FactConcept } from "./field_plan.ts";
import { CONFIDENCE, type Hit, makeHit } from "./hits.ts";
import { readLabelledCells } from "./labels.ts";
import type { LogicalLine } from "./lines.ts";
import {
  findDates,
  formatAmount,
  formatAnnualRate,
  formatMoney,
  parseDigitAmount,
  parseRate,
} from "./normalize.ts";
import { findCaseNumbers, findCourts } from "./recognizers.ts";
import { readColumnRows } from "./table_columns.ts";

export type Facts = Partial<Record<FactConcept, Hit[]>>;

/** What every reader shares: the document, its kind and the facts found so far. */
export interface FactContext {
  doc: DocumentText;
  kind: DocKind;
  lines: LogicalLine[];
  facts: Facts;
  /** Written by one side (起诉状, 律师函): its statements count for less. */
  oneSided: boolean;
  /** A statement of transactions (转账记录, 银行流水, 还款记录). */
  isRecord: boolean;
  /** A 借条 or a 借款合同: the loan's own paper. */
  isLoanDoc: boolean;
}

/**
 * A reader of one fact. Per line: `line` first (it may return "consumed": the line is a heading, nothing else
 * reads it), then `sentence` for each sentence, then `row` (table rows read as cells); `end` once at the end.
 */
export interface FactReader {
  line?(ctx: FactContext, line: LogicalLine, li: number): void | "consumed";
  sentence?(ctx: FactContext, line: LogicalLine, s: string, at: number): void;
  row?(ctx: FactContext, line: LogicalLine): void;
  end?(ctx: FactContext): void;
}

export function addFact(facts: Facts, concept: FactConcept, h: Hit | null): void {
  if (!h) return;
  (facts[concept] ??= []).push(h);
}

const DATE = String.raw`\d{4}年\d{1,2}月\d{1,2}日`;

function dateHit(ctx: FactContext, line: LogicalLine, at: number, text: string, rule: number): Hit | null {
  const d = findDates(text)[0];
  return d ? makeHit(ctx.doc, line, at, { value: d.iso, normalized: d.iso }, rule) : null;
}

// ------------------------------------------------------------------ case numbers and courts

function caseNumberReader(): FactReader {
  return {
    line(ctx, line, li) {
      for (const f of findCaseNumbers(line.text)) {
        const before = line.text.slice(0, f.index);
        if (/(另案|前案|原审|一审案号|执行案号|调解书案号)/.test(before)) continue;
        const rule = li < 6 || /案号/.test(before) ? CONFIDENCE.labelled : CONFIDENCE.caseNoInText;
        addFact(
          ctx.facts,
          "case_no",
          makeHit(ctx.doc, line, f.index, { value: f.normalized, normalized: f.normalized }, rule),
        );
      }
    },
  };
}

const COURT_LABEL = /^(受理法院|管辖法院)/;

function courtReader(): FactReader {
  return {
    line(ctx, line, li) {
      const text = line.text;
      const prev = ctx.lines[li - 1]?.text ?? "";
      if (!(/^此致/.test(text) || /^此致$/.test(prev) || li < 5 || COURT_LABEL.test(text))) return;
      for (const f of findCourts(text.replace(/^此致/, ""))) {
        const rest = text.replace(/^此致/, "").replace(/[：:|\s]/g, "");
        if (rest.length > f.text.length + 6 && !COURT_LABEL.test(text)) continue; // a sentence, not a header
        const rule = li < 3 ? CONFIDENCE.courtHeader : CONFIDENCE.courtClosing;
        addFact(
          ctx.facts,
          "court",
          makeHit(ctx.doc, line, text.indexOf(f.text), { value: f.text, normalized: f.normalized }, rule),
        );
      }
    },
  };
}

// ------------------------------------------------------------------ claim and award

/** Item 1 of 诉讼请求 / 请求事项 (also a 要素式 row "1.本金 | …" and a "第一项诉请：…" label). */
function claimReader(): FactReader {
  let inClaims = false, taken = false;
  const put = (ctx: FactContext, line: LogicalLine, at: number, value: string) => {
    const rule = ctx.oneSided ? CONFIDENCE.claimOneSided : CONFIDENCE.claimOther;
    addFact(ctx.facts, "claim", makeHit(ctx.doc, line, at, { value, normalized: value }, rule));
    taken = true;
  };
  return {
    line(ctx, line) {
      const text = line.text;
      const first = text.match(/^第一项诉(?:讼请求|请)[：:\s|]*(.{6,})$/);
      if (first && !taken) {
        put(ctx, line, text.indexOf(first[1]), first[1].replace(/[；;。]+$/, ""));
        return "consumed";
      }
      const head = text.match(/(?:^|提出|其)(诉讼请求|请求事项|申请事项|仲裁请求)[：]?/);
      if (head && (head.index === 0 || /[：]/.test(head[0]))) {
        inClaims = true;
        if (!text.slice(head.index! + head[0].length)) return "consumed";
      }
      if (!inClaims || taken) return;
      const m = text.match(/(?:^|[：])\s*(?:(?:1|一)\s*[、.．]|、)\s*([^；;。]+)/) ??
        text.match(/^(?:（1）|\(1\))\s*([^；;。]+)/);
      if (!m) {
        if (!/^(诉讼请求|请求事项)/.test(text)) inClaims = false;
        return;
      }
      let value = m[1].trim();
      let at = text.indexOf(m[1]);
      // a 要素式 row: "1.本金 | 判令…": the claim is the value cell
      const cells = value.split(" | ");
      if (cells.length > 1 && cells[0].length <= 8) {
        value = cells.slice(1).join("").trim();
        at = text.lastIndexOf(value);
      }
      // a claim naming 人民币 states the sum right after it; anything else is a broken line
      const broken = /人民币(?!\s*[\d零壹贰叁肆伍陆柒捌玖拾佰仟万一二三四五六七八九十])/.test(value);
      if (value.length >= 6 && !broken) put(ctx, line, at, value);
    },
  };
}

const AWARD_KINDS: ReadonlySet<DocKind> = new Set(["判决书", "调解书", "调解协议"]);

/** The amount of item 一 of the operative part (判决如下 / 达成如下协议), or a 和解金额 cell. */
function awardReader(): FactReader {
  let inOperative = false, taken = false;
  return {
    line(ctx, line) {
      const text = line.text;
      if (/(判决如下|裁定如下|达成如下(调解)?协议|协议如下|调解协议：|确认如下协议)/.test(text)) {
        inOperative = true;
      }
      if (!inOperative || taken || !AWARD_KINDS.has(ctx.kind)) return;
      // (OCR often loses the single stroke of 一: a line opening with a bare "、" is the first item)
      const m = text.match(/(?:^|[：])\s*(?:(?:一|1)\s*[、.．]|、)\s*(.+)$/);
      if (!m) return;
      const amounts = findAmounts(m[1]);
      if (!amounts.length) return;
      addFact(
        ctx.facts,
        "award_amount",
        amountHit(ctx.doc, line, text.indexOf(m[1]), amounts[0], CONFIDENCE.stated),
      );
      taken = true;
    },
  };
}

// ------------------------------------------------------------------ rate

const RATE_WORD =
  /(年利率|月利率|日利率|年化利率|年化|年息|月息|日息|利率|利息)[^，。；\d零〇一二两三四五六七八九十百千万]{0,8}((?:百分之|千分之|万分之)?[\d.零〇一二两三四五六七八九十]+(?:%|‰|分|厘)?)/;

/** The agreed rate; not a penalty rate, not an LPR formula. */
function rateReader(): FactReader {
  return {
    sentence(ctx, line, s, at) {
      let cAt = at;
      for (const c of s.split(/(?<=[，,])/)) {
        if (
          /(利率|利息|年息|月息|年化|日息)/.test(c) &&
          !/(逾期|罚息|违约|LPR|报价利率|上浮|倍|同期|复利|滞纳)/.test(c)
        ) {
          const rm = c.match(RATE_WORD);
          const rate = rm ? parseRate(rm[0]) : null;
          if (rm && rate && rate.annualPercent > 0 && rate.annualPercent < 100) {
            const v = formatAnnualRate(rate.annualPercent);
            const rule = ctx.oneSided ? CONFIDENCE.statedOneSided : CONFIDENCE.stated;
            addFact(
              ctx.facts,
              "interest_rate",
              makeHit(ctx.doc, line, cAt + c.indexOf(rm[0]), { value: v, normalized: v }, rule),
            );
          }
        }
        cAt += c.length;
      }
    },
  };
}

// ------------------------------------------------------------------ dates by role

const TERM = new RegExp(
  `(借款期限|贷款期限|借期|期限)[^。；]{0,12}?自?(${DATE})起?[^。；]{0,4}?至(${DATE})`,
);
const TERM_START = new RegExp(`(借款期限|贷款期限)[^。；]{0,6}?自(${DATE})起`);
const DUE = new RegExp(
  `(还款期限|还款日期|到期日|借款到期日|约定于|还款期限至|借款期限至|期限至|于)[^。；，]{0,4}?至?(${DATE})(前|止|之前)?`,
  "g",
);
const SIGN = new RegExp(
  `(签订日期|签署日期|签约日期|签订时间|签订于)[：\\s|]*(${DATE}|\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2})`,
);

/** A contract term (自DATE起至DATE止): paid out at its start, due at its end. */
function termReader(): FactReader {
  return {
    sentence(ctx, line, s, at) {
      const term = s.match(TERM);
      if (term) {
        addFact(
          ctx.facts,
          "loan_date",
          dateHit(ctx, line, at + s.indexOf(term[2]), term[2], CONFIDENCE.stated),
        );
        addFact(
          ctx.facts,
          "due_date",
          dateHit(ctx, line, at + s.indexOf(term[3]), term[3], CONFIDENCE.stated),
        );
        return;
      }
      const start = s.match(TERM_START);
      if (start) {
        addFact(
          ctx.facts,
          "loan_date",
          dateHit(ctx, line, at + s.indexOf(start[2]), start[2], CONFIDENCE.termStart),
        );
      }
    },
  };
}

/** A deadline (还款期限, 到期日, 约定于DATE前): the due date. A past repayment (于DATE归还了…) is not one. */
function dueDateReader(): FactReader {
  return {
    sentence(ctx, line, s, at) {
      if (TERM.test(s)) return;
      // the first deadline of the sentence ("您于DATE与我方签订…，借款到期日为DATE": the second date)
      for (const due of s.matchAll(DUE)) {
        const deadline = due[1] !== "于" && due[1] !== "约定于" || !!due[3];
        const around = s.slice(Math.max(0, due.index! - 6), due.index! + due[0].length + 6);
        if (!deadline || !/(还款|归还|偿还|到期|期限)/.test(around) || /(签订|立案|起诉|出具)/.test(due[0])) {
          continue;
        }
        const rule = ctx.oneSided ? CONFIDENCE.statedOneSided : CONFIDENCE.stated;
        addFact(
          ctx.facts,
          "due_date",
          dateHit(ctx, line, at + due.index! + due[0].indexOf(due[2]), due[2], rule),
        );
        return;
      }
    },
  };
}

/** "于DATE与…签订《借款合同》": the contract's signing date inside a sentence. */
const SIGNED_ON = new RegExp(
  `于(${DATE})(?:与[^，。；]{1,24}?)?签(?:订|署)[^，。；]{0,6}?(借款|贷款|借贷)(合同|协议)`,
);

/** A signing date after its own label (签订日期：…), or in a sentence saying the loan contract was signed then. */
function signDateReader(): FactReader {
  return {
    sentence(ctx, line, s, at) {
      const sign = s.match(SIGN);
      if (sign) {
        const h = dateHit(ctx, line, at + s.indexOf(sign[2]), sign[2], CONFIDENCE.labelled);
        if (h) addFact(ctx.facts, "sign_date", { ...h, labelled: true });
        return;
      }
      const on = s.match(SIGNED_ON);
      if (on) {
        addFact(
          ctx.facts,
          "sign_date",
          dateHit(ctx, line, at + s.indexOf(on[1]), on[1], CONFIDENCE.narrative),
        );
      }
    },
  };
}

const NARRATIVE_KINDS_EXCLUDED: ReadonlySet<DocKind> = new Set(["调解协议", "调解书"]);

/** A sentence opening with a date: DATE，…借款 (paid out) / DATE，…签订《借款合同》 / 出具借条 (signed). */
function narrativeDateReader(): FactReader {
  return {
    sentence(ctx, line, s, at) {
      const lead = s.match(/(?:^|[：])\s*(?:\d+[、.．])?(?:于)?(\d{4}年\d{1,2}月\d{1,2}日)[，,]?(.*)$/);
      if (lead && !NARRATIVE_KINDS_EXCLUDED.has(ctx.kind)) {
        const rest = lead[2];
        const signAt = rest.search(
          /签订.{0,4}《?[^》]{0,8}(借款|贷款|借贷)合同|出具.{0,4}(借条|借据)|签订.{0,6}借款协议/,
        );
        const lendAt = rest.search(/向.{1,40}借款|借到|借给|出借|放款|发放贷款|借款\d|借款人民币/);
        const idx = at + s.indexOf(lead[1]);
        if (signAt >= 0 && (lendAt < 0 || signAt < lendAt)) {
          addFact(ctx.facts, "sign_date", dateHit(ctx, line, idx, lead[1], CONFIDENCE.narrative));
        }
        if (lendAt >= 0 && (signAt < 0 || lendAt < signAt)) {
          addFact(ctx.facts, "loan_date", dateHit(ctx, line, idx, lead[1], CONFIDENCE.narrative));
        }
      }
      // "X于DATE向Y借款…": the date of lending inside a sentence (not "于DATE前归还")
      const inner = s.match(/于(\d{4}年\d{1,2}月\d{1,2}日)(?![前止])([^，。；]{0,30})/);
      if (inner && /(向[^，。；]{1,20}借款|借到|出借|放款)/.test(inner[2]) && !/还/.test(inner[2])) {
        addFact(
          ctx.facts,
          "loan_date",
          dateHit(ctx, line, at + s.indexOf(inner[1]), inner[1], CONFIDENCE.narrative),
        );
      }
    },
  };
}

// ------------------------------------------------------------------ amounts

const OWED_BEFORE =
  /(尚欠|欠款|剩余|未还|余款|本息|共计|合计欠|确认|偿还|归还|支付|判令|诉讼费|受理费|保全费|利息|罚息|违约金|余额|为基数|减半)[^，。；]{0,10}$/;
const REPAID_BEFORE =
  /(已还|已归还|已偿还|累计归还|累计偿还|累计还款|已支付|共计归还|还款合计|已还合计|还款总额)[^，。；]{0,8}$/;
const REPAID_PLAIN =
  /(已还|已归还|已偿还|累计归还|累计偿还|累计还款|还款合计|已还合计|还款总额|已付)[^，。；]{0,8}$/;
const PRINCIPAL_LABEL = /(借款金额|借款本金|贷款金额|借款数额|出借金额|借款额度)[^，。；]{0,8}$/;
const LENDING_VERB =
  /(向[^，。；]{1,30}借款|借到[^，。；]{0,30}?|借给|出借|借款|贷款|放款)(本金)?(人民币|现金)?\s*[（(]?$/;

/** The principal lent and the repaid total, by the words before an amount. */
function amountReader(): FactReader {
  return {
    sentence(ctx, line, s, at) {
      for (const a of findAmounts(s)) {
        const before = s.slice(Math.max(0, a.index - 16), a.index);
        // what is owed is read over the whole clause (被告确认尚欠原告某某借款本金…)
        const clause = s.slice(Math.max(0, a.index - 40), a.index).split(/[，,；;。]/).pop()!;
        const after = s.slice(a.index + a.text.length, a.index + a.text.length + 6);
        const repaidRule = ctx.oneSided ? CONFIDENCE.narrative : CONFIDENCE.stated;
        if (
          (OWED_BEFORE.test(before) || /(尚欠|欠款|剩余|未还)/.test(clause)) &&
          !/(借款金额|借款本金为)/.test(before)
        ) {
          if (REPAID_BEFORE.test(before)) {
            addFact(ctx.facts, "repaid_amount", amountHit(ctx.doc, line, at, a, repaidRule));
          }
          continue;
        }
        if (REPAID_PLAIN.test(before)) {
          addFact(ctx.facts, "repaid_amount", amountHit(ctx.doc, line, at, a, repaidRule));
          continue;
        }
        if ((PRINCIPAL_LABEL.test(before) || LENDING_VERB.test(before)) && !/(利息|逾期)/.test(after)) {
          const rule = ctx.isLoanDoc
            ? CONFIDENCE.loanDocAmount
            : ctx.oneSided
            ? CONFIDENCE.narrative
            : CONFIDENCE.amountStated;
          addFact(ctx.facts, "loan_amount", amountHit(ctx.doc, line, at, a, rule));
        }
      }
    },
  };
}

// ------------------------------------------------------------------ table cells

/** Label cell → value cell for the facts a table states by label (放款日期 | …, 已还款合计 | …, 和解金额 | …). */
function labelledCellReader(): FactReader {
  return {
    row(ctx, line) {
      for (const v of readLabelledCells(line.text)) {
        const at = v.at;
        switch (v.concept) {
          case "loan_date":
          case "due_date": {
            // a due date cell, not a 付款期限 of a settlement; a date with 前/止 is still the date
            if (v.concept === "loan_date" && /期限/.test(v.value)) break;
            addFact(ctx.facts, v.concept, dateHit(ctx, line, at, v.value, CONFIDENCE.tableCell));
            break;
          }
          case "sign_date": {
            const h = dateHit(ctx, line, at, v.value, CONFIDENCE.labelled);
            if (h) addFact(ctx.facts, "sign_date", { ...h, labelled: true });
            break;
          }
          case "repaid_amount": {
            const x = parseDigitAmount(v.value.replace(/^[^\d]*/, ""));
            if (x !== null && /^[^\d]{0,4}[\d,.]+\s*(元)?$/.test(v.value.trim())) {
              addFact(
                ctx.facts,
                "repaid_amount",
                makeHit(
                  ctx.doc,
                  line,
                  at,
                  { value: formatMoney(x), normalized: formatAmount(x) },
                  CONFIDENCE.tableCell,
                ),
              );
            }
            break;
          }
          case "award_amount": {
            if (!AWARD_KINDS.has(ctx.kind)) break;
            const a = findAmounts(v.value)[0];
            if (a) addFact(ctx.facts, "award_amount", amountHit(ctx.doc, line, at, a, CONFIDENCE.tableCell));
            break;
          }
          case "loan_amount": {
            if (/尚欠|剩余|余额/.test(v.value)) break;
            const a = findAmounts(v.value)[0];
            if (a) addFact(ctx.facts, "loan_amount", amountHit(ctx.doc, line, at, a, CONFIDENCE.tableCell));
            break;
          }
        }
      }
    },
  };
}

// ------------------------------------------------------------------ transaction rows

/**
 * Transaction rows (sheets and statements): a 借款/放款 row gives amount and date, a 合计 row the repaid
 * total; with a header row, each cell is read under its column (交易日期 | 摘要 | 借方 | 贷方).
 */
function transactionReader(): FactReader {
  let columnsRead = false;
  return {
    row(ctx, line) {
      const text = line.text;
      if (!(ctx.isRecord || text.includes(" | "))) return;
      const isLoanRow = /(备注|摘要|用途|附言)?[：\s|]*(借款|放款|出借|贷款发放)(?![^|]*还)/.test(text) &&
        !/(还款|还借款)/.test(text);
      const isTotal = /(已还合计|还款合计|累计还款|已还总额|合计)/.test(text);
      const amountCell = text.match(
        /(交易金额|金额|收入金额|支出金额|转账金额)[^：|]*[：|]\s*([\d,]+\.?\d*)/,
      );
      const amounts = amountCell
        ? [{ idx: text.indexOf(amountCell[2]), v: parseDigitAmount(amountCell[2]) }]
        : [...text.matchAll(/(?<![\d.-])(\d{1,3}(?:,\d{3})+\.\d{2}|\d+\.\d{2})(?![\d])/g)].map((m) => ({
          idx: m.index!,
          v: parseDigitAmount(m[1]),
        }));
      const money = (v: number) => ({ value: formatMoney(v), normalized: formatAmount(v) });
      if (isTotal && /还/.test(text) && amounts.length && amounts[0].v !== null) {
        addFact(
          ctx.facts,
          "repaid_amount",
          makeHit(
            ctx.doc,
            line,
            amounts[0].idx,
            money(amounts[0].v!),
            CONFIDENCE.recordTotal,
          ),
        );
      } else if (isLoanRow && ctx.isRecord && amounts.length && amounts[0].v !== null) {
        addFact(
          ctx.facts,
          "loan_amount",
          makeHit(ctx.doc, line, amounts[0].idx, money(amounts[0].v!), CONFIDENCE.recordRow),
        );
        const d = findDates(text)[0];
        if (d) {
          addFact(
            ctx.facts,
            "loan_date",
            makeHit(ctx.doc, line, d.index, { value: d.iso, normalized: d.iso }, CONFIDENCE.recordRow),
          );
        }
      }
    },
    end(ctx) {
      if (columnsRead || !ctx.isRecord) return;
      columnsRead = true;
      // a 合计 row under a repayment column (贷方 when the statement says 贷方 is repayment)
      const creditIsRepayment = ctx.lines.some((l) =>
        /贷方(发生额)?(为|是|：|:)?(还款|归还|收回)/.test(l.text)
      );
      for (const row of readColumnRows(ctx.lines)) {
        if (!/^合计|^总计/.test(row.cells[0]?.text ?? "")) continue;
        for (const cell of row.cells) {
          const header = cell.header ?? "";
          const repayment = /还款|归还|收回/.test(header) || (creditIsRepayment && /贷方/.test(header));
          const x = parseDigitAmount(cell.text);
          if (!repayment || x === null || !/^[\d,]+(\.\d{1,2})?$/.test(cell.text)) continue;
          if (ctx.facts.repaid_amount?.length) continue;
          addFact(
            ctx.facts,
            "repaid_amount",
            makeHit(
              ctx.doc,
              row.line,
              cell.at,
              { value: formatMoney(x), normalized: formatAmount(x) },
              CONFIDENCE.recordTotal,
            ),
          );
        }
      }
    },
  };
}

/**
 * A 借条's own date (its last date, the signature date) is the signing and the loan date; a 收条's (今收到…)
 * is the day the money was received, the loan date only.
 */
function iouDateReader(): FactReader {
  return {
    end(ctx) {
      if (ctx.kind !== "借条") return;
      const receipt = ctx.lines.slice(0, 3).some((l) => /^收\s*条$/.test(l.text)) ||
        ctx.lines.some((l) => /今收到/.test(l.text));
      for (let li = ctx.lines.length - 1; li >= 0; li--) {
        // the date alone at the end (its own line, or the last cell of the signature row)
        const text = ctx.lines[li].text;
        const last = text.split(" | ").pop()!;
        const d = findDates(text);
        const own = d.length && text.replace(/[\s|]/g, "").length <= d[0].text.length + 12
          ? d[0]
          : findDates(last).find((x) => last.trim() === x.text);
        if (own) {
          const value = { value: own.iso, normalized: own.iso };
          const h = makeHit(ctx.doc, ctx.lines[li], text.lastIndexOf(own.text), value, CONFIDENCE.iouDate);
          if (!receipt) addFact(ctx.facts, "sign_date", h);
          if (!ctx.facts.loan_date?.length) addFact(ctx.facts, "loan_date", { ...h });
          break;
        }
      }
    },
  };
}

/** The readers, in the order their hits are kept (the first of equally sure hits wins). */
const READERS: (() => FactReader)[] = [
  caseNumberReader,
  courtReader,
  claimReader,
  awardReader,
  rateReader,
  termReader,
  dueDateReader,
  signDateReader,
  narrativeDateReader,
  amountReader,
  labelledCellReader,
  transactionReader,
  iouDateReader,
];

function sentencesOf(text: string): { s: string; at: number }[] {
  const out: { s: string; at: number }[] = [];
  let at = 0;
  for (const part of text.split(/(?<=[。；;])/)) {
    out.push({ s: part, at });
    at += part.length;
  }
  return out;
}

/** Runs every reader over a document's lines. */
export function readFactsOf(doc: DocumentText, lines: LogicalLine[], kind: DocKind): Facts {
  const ctx: FactContext = {
    doc,
    kind,
    lines,
    facts: {},
    oneSided: rankOfKind(kind) >= 5,
    isRecord: kind === "转账记录" || kind === "银行流水" || kind === "还款记录",
    isLoanDoc: kind === "借条" || kind === "借款合同",
  };
  const readers = READERS.map((make) => make());
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li];
    if (readers.some((r) => r.line?.(ctx, line, li) === "consumed")) continue;
    for (const { s, at } of sentencesOf(line.text)) for (const r of readers) r.sentence?.(ctx, line, s, at);
    for (const r of readers) r.row?.(ctx, line);
  }
  for (const r of readers) r.end?.(ctx);
  return ctx.facts;
}
