/**
 * Rule-based reading of one document (no model): the parties it names (原告/被告/甲方/乙方... blocks, with
 * their 身份证号, 统一社会信用代码, 法定代表人, 电话 and 住址 inside, or a certificate's holder), and the
 * facts of a loan case (amount, dates, rate, repaid total, claim, case number, court, award). Every hit keeps
 * its provenance. Precision first: a pattern that is not sure gives nothing.
 */
import type { DocumentText } from "../doc_text/types.ts";
import { rankOfKind } from "./authority.ts";
import { classifyDocument } from "./doc_kind.ts";
import type { FactConcept, PartyAttribute, PartySide } from "./field_plan.ts";
import { buildLogicalLines, confidenceAt, type LogicalLine, prepareLine, sourceOf } from "./lines.ts";
import {
  amountsAgree,
  findDates,
  formatAmount,
  formatAnnualRate,
  parseChineseAmount,
  parseDigitAmount,
  parseRate,
} from "./normalize.ts";
import { findCaseNumbers, findCourts, findCreditCodes, findIdNumbers, findPhones } from "./recognizers.ts";
import type { ValueSource } from "./types.ts";

export interface Hit {
  value: string;
  normalized: string;
  source: ValueSource;
  /** OCR confidence × rule confidence. */
  confidence: number;
  checks?: string[];
  /** Read right after its own label (签订日期：…), so it holds even where rows were merged. */
  labelled?: boolean;
}

export type PartyRole = PartySide | "other" | "unknown";

export interface PartyRecord {
  role: PartyRole;
  /** The role word as printed (原告, 出借人, 受送达人...). */
  roleWord: string;
  /** Side hinted by the file name (被告身份证.pdf) for records whose role the text does not give. */
  hint?: PartySide;
  attrs: Partial<Record<PartyAttribute, Hit>>;
}

export interface DocFacts {
  fileName: string;
  kind: string;
  rank: number;
  parties: PartyRecord[];
  facts: Partial<Record<FactConcept, Hit[]>>;
  lines: LogicalLine[];
}

// ------------------------------------------------------------------ helpers

function hit(
  doc: DocumentText,
  line: LogicalLine,
  at: number,
  value: string,
  normalized: string,
  rule: number,
): Hit {
  return {
    value,
    normalized,
    source: sourceOf(doc.fileName, line, at),
    confidence: Math.round(confidenceAt(line, at) * rule * 1000) / 1000,
  };
}

const CJK_NAME = /^[\u4e00-\u9fff]{2,5}$|^[\u4e00-\u9fff]{1,8}[·•][\u4e00-\u9fff·•]{1,16}$/;
const NOT_NAME =
  /^(男|女|汉族|身份证|住址|住所|地址|电话|公民|原告|被告|本人|我方|签名|盖章|姓名|性别|民族|出生|名称|类型|法定代表|负责人|职务|日期|签发|有效)/;
/** A company type written alone (营业执照's 类型: 股份有限公司（非上市）), not a name. */
const LEGAL_FORM_ONLY = /^(其他|一人)?(有限责任|股份有限|股份合作)?(公司|企业)(分公司)?$/;
const ORG_END = /(公司|分行|支行|分公司|银行|信用社|合作社|中心|事务所|集团|厂|店|社|部|院|局|所)$/;

/** A party's name as printed, or null when it does not look like a person's or an organisation's name. */
export function cleanName(raw: string): string | null {
  const t = raw.replace(/[（(][^）)]*[）)]$/, "").replace(/[\s|]/g, "").replace(/^[：:]/, "");
  if (CJK_NAME.test(t) && !NOT_NAME.test(t)) {
    return t;
  }
  if (
    t.length >= 4 && t.length <= 40 && /^[\u4e00-\u9fff（）()]+$/.test(t) && ORG_END.test(t) &&
    !LEGAL_FORM_ONLY.test(t)
  ) return t;
  return null;
}

// ------------------------------------------------------------------ parties

const ROLE_LINE =
  /^(原告|被告|第三人|申请人|被申请人|出借人|借款人|贷款人|甲方|乙方|丙方|丁方|保证人|担保人|委托人|受托人|委托诉讼代理人|诉讼代理人|委托代理人|代理人|受送达人|债权人|债务人|上诉人|被上诉人|当事人|具状人)([一二三四五六\d]?)((?:（[^）]{0,10}）)?)(?:[：]|\s*\|\s*)(.*)$/;

/** Court style without a colon: 原告张三，男，… / 被告某某有限公司，住所地… (the name must be followed by either). */
const ROLE_NO_COLON =
  /^(原告|被告|第三人|申请人|被申请人|上诉人|被上诉人)([一二三四五六\d]?)((?:（[^）]{0,10}）)?)((?:[\u4e00-\u9fff·]{2,5}|[\u4e00-\u9fff（）]{4,40}?(?:公司|分行|支行|银行|合作社|中心))[，,](?:男|女|住|统一社会信用代码|法定代表人|负责人).*)$/;

const NEXT_ROLE =
  /(原告|被告|第三人|申请人|被申请人|出借人|借款人|贷款人|甲方|乙方|保证人|担保人|委托人|受托人|委托诉讼代理人|诉讼代理人|委托代理人|代理人|受送达人)[一二三四五六\d]?(（[^）]{0,10}）)?：/;

function roleOf(word: string, ordinal: string, paren: string): PartyRole {
  const all = word + paren;
  if (/^(被告|被申请人|借款人|债务人|被上诉人)$/.test(word) || /（(乙方|借款人)）/.test(paren)) {
    return ordinal && !/^[一1]$/.test(ordinal) ? "other" : "debtor";
  }
  if (/^(原告|申请人|出借人|贷款人|债权人|上诉人)$/.test(word) || /（(甲方|出借人|贷款人)）/.test(paren)) {
    return ordinal && !/^[一1]$/.test(ordinal) ? "other" : "creditor";
  }
  if (word === "甲方") return "creditor";
  if (word === "乙方") return "debtor";
  if (/^(委托人|受送达人)$/.test(word) || /当事人/.test(all)) return "unknown";
  return "other"; // agents, guarantors, third parties, signatures
}

/** Reads the attributes (id, code, phone, address, legal rep) of a party from a stretch of text. */
function readAttributes(
  doc: DocumentText,
  line: LogicalLine,
  text: string,
  offset: number,
  rec: PartyRecord,
): void {
  const a = rec.attrs;
  for (const f of findIdNumbers(text)) {
    if (!a.id_no && f.valid) {
      a.id_no = {
        ...hit(doc, line, offset + f.index, f.text.replace(/\s/g, ""), f.normalized, 0.95),
        checks: f.checks,
      };
    }
  }
  for (const f of findCreditCodes(text)) {
    if (!a.credit_code && f.valid) {
      a.credit_code = { ...hit(doc, line, offset + f.index, f.text, f.normalized, 0.95), checks: f.checks };
    }
  }
  for (const f of findPhones(text)) {
    const before = text.slice(Math.max(0, f.index - 12), f.index);
    if (/(执业证|证号|账号|卡号|邮编|邮政编码|代码)[：]?\s*\|?\s*$/.test(before)) continue;
    if (!a.phone && /(电话|手机|联系方式|联系号码|Tel|TEL)/.test(before)) {
      a.phone = hit(doc, line, offset + f.index, f.text, f.normalized, 0.9);
    }
  }
  const addr = text.match(
    new RegExp(
      `(?:^|[，,；。|（\\s]|[\u4e00-\u9fff]{0,3}(?<!现|送达|通讯|通信|经常|实际|邮寄|联系|居|暂))(住址|住所地|住所|户籍地址|户籍所在地|户籍地|营业场所|地址|住)[：\\s|]*([\u4e00-\u9fff][^，。；,;|]{5,60})`,
    ),
  );
  if (addr && !a.address) {
    const head = text.slice(0, addr.index! + addr[0].indexOf(addr[1]));
    const label = addr[1];
    const bad = /(现住址|现住|送达地址|通讯地址|通信地址|经常居住地|实际居住地|邮寄地址|联系地址|居住地)$/
      .test(head + label);
    let value = addr[2].replace(
      /(公民身份号码|身份证号码?|统一社会信用代码|联系电话|电话|手机|\d{4}年\d{1,2}月).*$/,
      "",
    )
      .trim();
    value = value.replace(/[|\s]+$/, "");
    if (!bad && /[省市区县镇乡村路街道号室组幢栋弄巷]/.test(value) && value.length >= 6) {
      a.address = hit(doc, line, offset + text.indexOf(addr[2]), value, value, 0.85);
    }
  }
  const rep = text.match(
    /(法定代表人|负责人|法人代表)[：\s|]*([\u4e00-\u9fff·]{2,5}?)(?=[，,。；;|\s（(]|职务|$)/,
  );
  if (rep && !a.legal_rep) {
    const name = cleanName(rep[2]);
    if (name) a.legal_rep = hit(doc, line, offset + rep.index! + rep[0].indexOf(rep[2]), name, name, 0.9);
  }
}

const SECTION_END =
  /^(诉讼请求|请求事项|事实与理由|事实和理由|纠纷主要事实|经调解|甲、乙双方|甲乙双方|鉴于|第[一二三四五六七八九十]+条|现委托|本院|原告.{0,30}与被告|申请人.{0,30}与被申请人|.{0,8}一案|今借到|借款金额|借款事宜|一、|1、)/;

function readPartyBlocks(doc: DocumentText, lines: LogicalLine[]): PartyRecord[] {
  const parties: PartyRecord[] = [];
  let cur: PartyRecord | null = null;
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li];
    const text = line.text;
    const m = text.match(ROLE_LINE) ?? text.match(ROLE_NO_COLON);
    if (m && !/^(具状人|受托人)$/.test(m[1]) || (m && m[1] === "受托人")) {
      const role = roleOf(m[1], m[2], m[3]);
      const rec: PartyRecord = { role, roleWord: m[1], attrs: {} };
      // a second party's label on the same line ends this party's text
      const next = m[4].slice(1).search(NEXT_ROLE);
      const rest = next >= 0 ? m[4].slice(0, next + 1) : m[4];
      const offset = text.length - m[4].length;
      const nameRaw = rest.split(/[，,；;|（(\s]/)[0];
      const name = cleanName(nameRaw);
      if (name) rec.attrs.name = hit(doc, line, offset, name, name, 0.92);
      else if (!rest.trim() && lines[li + 1] && !ROLE_LINE.test(lines[li + 1].text)) {
        // the name on the next line ("原告：" / "张三")
        const next = lines[li + 1];
        const nextName = cleanName(next.text.split(/[，,；;|（(\s]/)[0]);
        if (nextName) rec.attrs.name = hit(doc, next, 0, nextName, nextName, 0.85);
      }
      // A signature line (甲方（签章）：X) names the party but is not a party block.
      if (/签|盖章|印章/.test(m[3] + rest.slice(0, 6)) || (m[1] === "当事人" && !rest)) {
        cur = null;
        continue;
      }
      readAttributes(doc, line, rest, offset, rec);
      parties.push(rec);
      cur = rec;
      continue;
    }
    if (/^(法定代表人|负责人)/.test(text) && cur) {
      readAttributes(doc, line, text, 0, cur);
      continue;
    }
    if (SECTION_END.test(text) || text.length > 80) {
      cur = null;
      continue;
    }
    if (cur) readAttributes(doc, line, text, 0, cur);
  }
  return parties;
}

const CARD_LABEL =
  /^(姓名|性别|民族|出生|住址|地址|公民身份号码|身份号码|签发机关|有效期限|名称|类型|住所|营业场所|经营场所|法定代表人|负责人|注册资本|成立日期|营业期限|经营范围|登记机关|统一社会信用代码|受送达人|送达地址|联系电话|邮政编码|案号|案由|登记机关|发证机关)/;
const ADDRESS_START = /^[\u4e00-\u9fff]{2,9}(省|自治区|市)[\u4e00-\u9fff]{0,10}(市|区|县|州|旗|盟)/;

/** The value of a label on its own line, the next line (label alone), or null. */
function labelled(texts: string[], i: number, label: RegExp): { value: string; line: number } | null {
  const m = texts[i].match(label);
  if (!m) return null;
  const rest = texts[i].slice(m.index! + m[0].length).replace(/^[：:|“”"'·.,，\s]+/, "");
  if (rest) return { value: rest, line: i };
  const next = texts[i + 1];
  if (next && !CARD_LABEL.test(next)) return { value: next, line: i + 1 };
  return null;
}

/** An address and the lines that continue it (until a label, an ID number or a date). */
function addressFrom(texts: string[], i: number, first: string): string {
  let value = first;
  for (let j = i + 1; j < texts.length && j <= i + 3; j++) {
    const next = texts[j];
    if (CARD_LABEL.test(next) || /\d{15,}|\d{4}年|^[\d\s]+$/.test(next) || next.length > 24) break;
    // a continuation carries a number or an address word (号7幢1406室, 苑23幢…), not a label (登记机关)
    if (!/[\d号室幢栋单元组村弄巷路街层楼座]/.test(next)) break;
    value += next;
  }
  return value;
}

/** A certificate's holder (身份证, 营业执照) or a 送达地址确认书's addressee, read from its labels. */
function readHolder(doc: DocumentText, lines: LogicalLine[], kind: string): PartyRecord | null {
  const roleWord = kind === "身份证" ? "姓名" : kind === "营业执照" ? "名称" : "受送达人";
  const rec: PartyRecord = { role: "unknown", roleWord, attrs: {} };
  const base = doc.fileName.replace(/\.[^.]+$/, "");
  if (/被告|被申请人|借款人|债务人|乙方/.test(base)) rec.hint = "debtor";
  else if (/原告|申请人|出借人|贷款人|债权人|甲方/.test(base)) rec.hint = "creditor";
  const texts = lines.map((l) => l.text.replace(/[|\s]/g, ""));
  const a = rec.attrs;
  const put = (attr: keyof PartyRecord["attrs"], i: number, value: string, rule: number) => {
    if (a[attr]) return;
    const at = Math.max(0, lines[i].text.indexOf(value.slice(0, 2)));
    a[attr] = hit(doc, lines[i], at, value, value, rule);
  };
  const nameLabel = kind === "营业执照"
    ? /^(企业名称|名称)/
    : kind === "送达地址确认书"
    ? /^受送达人(?!确认)/
    : /^姓名/;
  for (let i = 0; i < texts.length; i++) {
    const nm = labelled(texts, i, nameLabel);
    if (nm && !a.name) {
      const name = cleanName(nm.value.split(/性别|类型|民族|[，,]/)[0]);
      if (name) put("name", nm.line, name, 0.95);
    }
    if (kind === "身份证") {
      const am = labelled(texts, i, /^(住址|地址)/);
      if (am && !a.address && /[省市区县路街号村镇]/.test(am.value)) {
        const value = addressFrom(texts, am.line, am.value);
        if (value.length >= 6) put("address", am.line, value, 0.88);
      }
      for (const f of findIdNumbers(lines[i].text)) {
        if (!a.id_no && f.valid) {
          a.id_no = { ...hit(doc, lines[i], f.index, f.normalized, f.normalized, 0.97), checks: f.checks };
        }
      }
    } else if (kind === "营业执照") {
      const am = labelled(texts, i, /^(住所|营业场所|经营场所)/);
      if (am && !a.address && /[省市区县路街号]/.test(am.value)) {
        put("address", am.line, addressFrom(texts, am.line, am.value), 0.88);
      }
      const rep = labelled(texts, i, /^(法定代表人|负责人|执行事务合伙人|经营者)/);
      if (rep && !a.legal_rep) {
        const name = cleanName(
          rep.value.replace(/^[^\u4e00-\u9fff]+/, "").slice(0, 5).replace(/[^\u4e00-\u9fff·].*$/, ""),
        );
        if (name && !/(公司|银行)/.test(name)) put("legal_rep", rep.line, name, 0.9);
      }
      for (const f of findCreditCodes(lines[i].text)) {
        if (!a.credit_code && f.valid) {
          a.credit_code = {
            ...hit(doc, lines[i], f.index, f.normalized, f.normalized, 0.97),
            checks: f.checks,
          };
        }
      }
      if (!a.name) {
        const org = texts[i].replace(/^(企业名称|名称)/, "");
        const name = /(公司|分行|支行|合作社)$/.test(org) ? cleanName(org) : null;
        if (name && texts.slice(Math.max(0, i - 3), i + 1).some((t) => /名称|统一社会信用代码/.test(t))) {
          put("name", i, name, 0.8);
        }
      }
    } else {
      // 送达地址确认书: the addressee's phone; its 送达地址 is not a 住址.
      const pm = labelled(texts, i, /^(联系电话|电话|手机)/);
      if (pm && !a.phone) {
        const f = findPhones(pm.value)[0];
        if (f) {
          put("phone", pm.line, f.text, 0.93);
          a.phone!.normalized = f.normalized;
        }
      }
    }
  }
  if (kind === "身份证" && !a.name) {
    // OCR that lost the labels: the first short line that is a person's name, before the sex/birth lines
    for (let i = 0; i < Math.min(4, texts.length); i++) {
      const t = texts[i].replace(/^姓名/, "");
      if (/^(中华人民共和国|居民身份证|男|女)/.test(t)) continue;
      const name = cleanName(t);
      if (name && name.length <= 4) {
        put("name", i, name, 0.75);
        break;
      }
    }
  }
  // Labels lost (a photographed licence read column by column): the OCR pieces of each line, as printed.
  const pieces = lines.flatMap((l, i) =>
    l.parts.flatMap((part) => part.phys.raw.text.split(/\s+/).map((p) => ({ p: prepareLine(p), i })))
  ).filter(({ p }) => p.length > 0);
  if (kind === "营业执照" && !a.name) {
    // the one piece that is an organisation's name
    const orgs = pieces.filter(({ p }) => /(公司|分行|支行|合作社|中心)$/.test(p) && cleanName(p) === p);
    if (new Set(orgs.map((o) => o.p)).size === 1) put("name", orgs[0].i, orgs[0].p, 0.75);
  }
  if (kind === "营业执照" && !a.legal_rep) {
    // a licence names one person, its 法定代表人 / 负责人
    const people = pieces.filter(({ p }) =>
      /^[\u4e00-\u9fff·]{2,4}$/.test(p) && cleanName(p) === p && !CARD_LABEL.test(p) &&
      !/(期限|日期|资本|范围|机关|执照|副本|正本|类型|名称|型|长期|人民币|公司)$/.test(p)
    );
    if (new Set(people.map((x) => x.p)).size === 1) put("legal_rep", people[0].i, people[0].p, 0.7);
  }
  if (kind === "身份证" && !a.address) {
    // the one line that reads like an address, with its continuation
    const starts = texts.map((t, i) => (ADDRESS_START.test(t) ? i : -1)).filter((i) => i >= 0);
    if (starts.length === 1) {
      const value = addressFrom(texts, starts[0], texts[starts[0]]);
      if (/[号室组村]$/.test(value)) put("address", starts[0], value, 0.7);
    }
  }
  if (kind === "营业执照" && !a.address) {
    const seats = pieces.filter(({ p }) => ADDRESS_START.test(p) && /[号室层楼组村]$/.test(p));
    if (new Set(seats.map((x) => x.p)).size === 1) put("address", seats[0].i, seats[0].p, 0.7);
  }
  return a.name || a.id_no || a.credit_code ? rec : null;
}

// ------------------------------------------------------------------ facts

const NUM = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?`;
const AMOUNT_RE = new RegExp(
  String
    .raw`(?:人民币|RMB)?\s*[（(]?\s*(?:[￥¥]|RMB)\s*(${NUM})(万元|元)?|(?:人民币)?\s*(?<![\d.,])(${NUM})\s*(万元|元)|(?:人民币)?([零壹贰叁肆伍陆柒捌玖拾佰仟万亿]{2,}[元圆](?:[零壹贰叁肆伍陆柒捌玖]角)?(?:[零壹贰叁肆伍陆柒捌玖]分)?整?)`,
  "g",
);

interface AmountHit {
  text: string;
  index: number;
  value: number;
  checks: string[];
}

/** Amounts in a text; a 大写 amount followed by its 小写 in brackets counts once, with the check. */
export function findAmounts(text: string): AmountHit[] {
  const raw: AmountHit[] = [];
  for (const m of text.matchAll(AMOUNT_RE)) {
    const digits = m[1] ?? m[3];
    const unit = m[1] ? m[2] : m[4];
    if (digits) {
      let v = parseDigitAmount(digits);
      if (v === null) continue;
      if (unit === "万元") v = Math.round(v * 1e4 * 100) / 100;
      raw.push({
        text: m[0].trim(),
        index: m.index! + (m[0].length - m[0].trimStart().length),
        value: v,
        checks: [],
      });
    } else if (m[5]) {
      const v = parseChineseAmount(m[5]);
      if (v !== null) raw.push({ text: m[0], index: m.index!, value: v, checks: ["大写"] });
    }
  }
  // digits right after 大写 (or 大写 right after digits): one amount, cross-checked
  const out: AmountHit[] = [];
  for (let i = 0; i < raw.length; i++) {
    const a = raw[i], b = raw[i + 1];
    if (
      b && /^[\s（(]*(?:小写|大写)?[：:]?\s*$/.test(text.slice(a.index + a.text.length, b.index)) &&
      (a.checks.includes("大写") !== b.checks.includes("大写"))
    ) {
      const agree = amountsAgree(a.value, b.value);
      const digits = a.checks.includes("大写") ? b : a;
      out.push({
        text: text.slice(a.index, b.index + b.text.length),
        index: a.index,
        value: digits.value,
        checks: [agree ? "大写小写一致" : "大写小写不一致"],
      });
      i++;
    } else out.push(a);
  }
  return out;
}

function add(facts: DocFacts["facts"], concept: FactConcept, h: Hit | null): void {
  if (!h) return;
  (facts[concept] ??= []).push(h);
}

function amountHit(
  doc: DocumentText,
  line: LogicalLine,
  offset: number,
  a: AmountHit,
  rule: number,
): Hit | null {
  if (a.checks.includes("大写小写不一致")) return null; // precision first: an inconsistent amount is not taken
  return {
    ...hit(
      doc,
      line,
      offset + a.index,
      a.text,
      formatAmount(a.value),
      rule * (a.checks.includes("大写小写一致") ? 1 : 0.95),
    ),
    checks: a.checks,
  };
}

function sentencesOf(text: string): { s: string; at: number }[] {
  const out: { s: string; at: number }[] = [];
  let at = 0;
  for (const part of text.split(/(?<=[。；;])/)) {
    out.push({ s: part, at });
    at += part.length;
  }
  return out;
}

/** Kinds that state none of a loan's facts (a certificate) or only the court's (a service address form). */
const NO_FACTS = new Set(["身份证", "户口簿", "营业执照", "企业信用信息公示报告"]);
const COURT_FACTS_ONLY = new Set(["送达地址确认书", "传票", "受理通知书"]);

function readFacts(doc: DocumentText, lines: LogicalLine[], kind: string): DocFacts["facts"] {
  if (NO_FACTS.has(kind)) return {};
  const all = readFactsOf(doc, lines, kind);
  return COURT_FACTS_ONLY.has(kind) ? { case_no: all.case_no, court: all.court } : all;
}

function readFactsOf(doc: DocumentText, lines: LogicalLine[], kind: string): DocFacts["facts"] {
  const facts: DocFacts["facts"] = {};
  const oneSided = rankOfKind(kind) >= 5;
  const isRecord = kind === "转账记录" || kind === "银行流水" || kind === "还款记录";
  const isLoanDoc = kind === "借条" || kind === "借款合同";
  let inClaims = false;
  let inOperative = false;
  let claimTaken = false;
  let awardTaken = false;
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li];
    const text = line.text;

    // case numbers and courts
    for (const f of findCaseNumbers(text)) {
      const before = text.slice(0, f.index);
      if (/(另案|前案|原审|一审案号|执行案号|调解书案号)/.test(before)) continue;
      add(
        facts,
        "case_no",
        hit(doc, line, f.index, f.normalized, f.normalized, li < 6 || /案号/.test(before) ? 0.95 : 0.8),
      );
    }
    const prev = lines[li - 1]?.text ?? "";
    const courtContext = /^此致/.test(text) || /^此致$/.test(prev) || li < 5 ||
      /^(受理法院|管辖法院)/.test(text);
    if (courtContext) {
      for (const f of findCourts(text.replace(/^此致/, ""))) {
        const rest = text.replace(/^此致/, "").replace(/[：:|\s]/g, "");
        if (rest.length > f.text.length + 6 && !/^(受理法院|管辖法院)/.test(text)) continue; // a sentence, not a header
        add(facts, "court", hit(doc, line, text.indexOf(f.text), f.text, f.normalized, li < 3 ? 0.9 : 0.93));
      }
    }

    // claim: item 1 of 诉讼请求 / 请求事项
    const claimHead = text.match(/(?:^|提出|其)(诉讼请求|请求事项|申请事项|仲裁请求)[：]?/);
    if (claimHead && (claimHead.index === 0 || /[：]/.test(claimHead[0]))) {
      inClaims = true;
      const after = text.slice(claimHead.index! + claimHead[0].length);
      if (!after) continue;
    }
    if (inClaims && !claimTaken) {
      const m = text.match(/(?:^|[：])\s*(?:(?:1|一)\s*[、.．]|、)\s*([^；;。]+)/) ??
        text.match(/^(?:（1）|\(1\))\s*([^；;。]+)/);
      if (m) {
        const value = m[1].trim();
        // a claim naming 人民币 states the sum right after it; anything else is a broken line
        const broken = /人民币(?!\s*[\d零壹贰叁肆伍陆柒捌玖拾佰仟万一二三四五六七八九十])/.test(value);
        if (value.length >= 6 && !broken) {
          add(facts, "claim", hit(doc, line, text.indexOf(m[1]), value, value, oneSided ? 0.9 : 0.8));
          claimTaken = true;
        }
      } else if (!/^(诉讼请求|请求事项)/.test(text)) inClaims = false;
    }

    // award: item 一 of the operative part (判决如下 / 调解协议如下 / 达成如下协议)
    if (/(判决如下|裁定如下|达成如下(调解)?协议|协议如下|调解协议：|确认如下协议)/.test(text)) {
      inOperative = true;
    }
    if (inOperative && !awardTaken && (kind === "判决书" || kind === "调解书" || kind === "调解协议")) {
      // (OCR often loses the single stroke of 一: a line opening with a bare "、" is the first item)
      const m = text.match(/(?:^|[：])\s*(?:(?:一|1)\s*[、.．]|、)\s*(.+)$/);
      if (m) {
        const amounts = findAmounts(m[1]);
        if (amounts.length) {
          const h = amountHit(doc, line, text.indexOf(m[1]), amounts[0], 0.9);
          add(facts, "award_amount", h);
          awardTaken = true;
        }
      }
    }

    for (const { s, at } of sentencesOf(text)) {
      const clauses = s.split(/(?<=[，,])/);
      // interest rate: the agreed one, not a penalty or an LPR formula
      let cAt = at;
      for (const c of clauses) {
        if (
          /(利率|利息|年息|月息|年化|日息)/.test(c) &&
          !/(逾期|罚息|违约|LPR|报价利率|上浮|倍|同期|复利|滞纳)/.test(c)
        ) {
          const rm = c.match(
            /(年利率|月利率|日利率|年化利率|年化|年息|月息|日息|利率|利息)[^，。；\d零〇一二两三四五六七八九十百千万]{0,8}((?:百分之|千分之|万分之)?[\d.零〇一二两三四五六七八九十]+(?:%|‰|分|厘)?)/,
          );
          if (rm) {
            const rate = parseRate(rm[0]);
            if (rate && rate.annualPercent > 0 && rate.annualPercent < 100) {
              const idx = cAt + c.indexOf(rm[0]);
              add(
                facts,
                "interest_rate",
                hit(doc, line, idx, rm[0], formatAnnualRate(rate.annualPercent), oneSided ? 0.85 : 0.9),
              );
            }
          }
        }
        cAt += c.length;
      }

      // loan term: 自DATE起至DATE止
      const term = s.match(
        /(借款期限|贷款期限|借期|期限)[^。；]{0,12}?自?(\d{4}年\d{1,2}月\d{1,2}日)起?[^。；]{0,4}?至(\d{4}年\d{1,2}月\d{1,2}日)/,
      );
      if (term) {
        const d1 = findDates(term[2])[0], d2 = findDates(term[3])[0];
        if (d1) add(facts, "loan_date", hit(doc, line, at + s.indexOf(term[2]), term[2], d1.iso, 0.9));
        if (d2) add(facts, "due_date", hit(doc, line, at + s.indexOf(term[3]), term[3], d2.iso, 0.9));
      } else {
        const start = s.match(/(借款期限|贷款期限)[^。；]{0,6}?自(\d{4}年\d{1,2}月\d{1,2}日)起/);
        if (start) {
          const d1 = findDates(start[2])[0];
          if (d1) add(facts, "loan_date", hit(doc, line, at + s.indexOf(start[2]), start[2], d1.iso, 0.88));
        }
      }
      const due = s.match(
        /(还款期限|还款日期|到期日|借款到期日|约定于|还款期限至|于)[^。；，]{0,4}?至?(\d{4}年\d{1,2}月\d{1,2}日)(前|止|之前)?/,
      );
      // a bare "于DATE" is a due date only as a deadline (前/止), not a past repayment (于DATE归还了…)
      const deadline = due && (due[1] !== "于" && due[1] !== "约定于" || !!due[3]);
      if (
        due && !term && deadline &&
        /(还款|归还|偿还|到期|期限)/.test(
          s.slice(Math.max(0, s.indexOf(due[0]) - 6), s.indexOf(due[0]) + due[0].length + 6),
        )
      ) {
        const d = findDates(due[2])[0];
        if (d && !/(签订|立案|起诉|出具)/.test(due[0])) {
          add(
            facts,
            "due_date",
            hit(doc, line, at + s.indexOf(due[2]), due[2], d.iso, oneSided ? 0.85 : 0.9),
          );
        }
      }
      // signing date
      const sign = s.match(
        /(签订日期|签署日期|签约日期|签订时间|签订于)[：\s|]*(\d{4}年\d{1,2}月\d{1,2}日|\d{4}[-/.]\d{1,2}[-/.]\d{1,2})/,
      );
      if (sign) {
        const d = findDates(sign[2])[0];
        if (d) {
          add(facts, "sign_date", {
            ...hit(doc, line, at + s.indexOf(sign[2]), sign[2], d.iso, 0.95),
            labelled: true,
          });
        }
      }
      // narrative: DATE，…借款 / DATE，…签订《借款合同》 / 出具借条
      const lead = s.match(/(?:^|[：])\s*(?:\d+[、.．])?(?:于)?(\d{4}年\d{1,2}月\d{1,2}日)[，,]?(.*)$/);
      if (
        lead && kind !== "调解协议" && kind !== "判决书" && kind !== "调解书" || lead && kind === "判决书"
      ) {
        const d = findDates(lead[1])[0];
        const rest = lead[2];
        if (d) {
          // the sentence is about signing (签订《借款合同》 / 出具借条 before any lending verb)
          const signAt = rest.search(
            /签订.{0,4}《?[^》]{0,8}(借款|贷款|借贷)合同|出具.{0,4}(借条|借据)|签订.{0,6}借款协议/,
          );
          const lendAt = rest.search(/向.{1,40}借款|借到|借给|出借|放款|发放贷款|借款\d|借款人民币/);
          const signs = signAt >= 0 && (lendAt < 0 || signAt < lendAt);
          if (signs) add(facts, "sign_date", hit(doc, line, at + s.indexOf(lead[1]), lead[1], d.iso, 0.8));
          if (
            lendAt >= 0 && (signAt < 0 || lendAt < signAt)
          ) {
            add(facts, "loan_date", hit(doc, line, at + s.indexOf(lead[1]), lead[1], d.iso, 0.8));
          }
        }
      }

      // "X于DATE向Y借款…": the date of lending inside a sentence (not "于DATE前归还")
      const inner = s.match(/于(\d{4}年\d{1,2}月\d{1,2}日)(?![前止])([^，。；]{0,30})/);
      if (inner && /(向[^，。；]{1,20}借款|借到|出借|放款)/.test(inner[2]) && !/还/.test(inner[2])) {
        const d = findDates(inner[1])[0];
        if (d) add(facts, "loan_date", hit(doc, line, at + s.indexOf(inner[1]), inner[1], d.iso, 0.8));
      }

      // amounts: loan principal and repaid total
      for (const a of findAmounts(s)) {
        const before = s.slice(Math.max(0, a.index - 16), a.index);
        const after = s.slice(a.index + a.text.length, a.index + a.text.length + 6);
        if (
          /(尚欠|欠款|剩余|未还|余款|本息|共计|合计欠|确认|偿还|归还|支付|判令|诉讼费|受理费|保全费|利息|罚息|违约金|余额|为基数|减半)[^，。；]{0,10}$/
            .test(before) && !/(借款金额|借款本金为)/.test(before)
        ) {
          if (
            /(已还|已归还|已偿还|累计归还|累计偿还|累计还款|已支付|共计归还|还款合计|已还合计|还款总额)[^，。；]{0,8}$/
              .test(before)
          ) {
            add(facts, "repaid_amount", amountHit(doc, line, at, a, oneSided ? 0.8 : 0.9));
          }
          continue;
        }
        if (
          /(已还|已归还|已偿还|累计归还|累计偿还|累计还款|还款合计|已还合计|还款总额|已付)[^，。；]{0,8}$/
            .test(before)
        ) {
          add(facts, "repaid_amount", amountHit(doc, line, at, a, oneSided ? 0.8 : 0.9));
          continue;
        }
        if (
          /(借款金额|借款本金|贷款金额|借款数额|出借金额|借款额度)[^，。；]{0,8}$/.test(before) ||
          /(向[^，。；]{1,30}借款|借到[^，。；]{0,30}?|借给|出借|借款|贷款|放款)(本金)?(人民币|现金)?\s*[（(]?$/
            .test(before)
        ) {
          if (/(利息|逾期)/.test(after)) continue;
          add(facts, "loan_amount", amountHit(doc, line, at, a, isLoanDoc ? 0.95 : oneSided ? 0.8 : 0.85));
        }
      }
    }

    // transaction rows (sheets and statements): a 借款/放款 row gives amount and date; a 合计 row the repaid total
    if (isRecord || text.includes(" | ")) {
      const isLoanRow = /(备注|摘要|用途|附言)?[：\s|]*(借款|放款|出借|贷款发放)(?![^|]*还)/.test(text) &&
        !/(还款|还借款)/.test(text);
      const isTotal = /(已还合计|还款合计|累计还款|已还总额|合计)/.test(text);
      const amountCell = text.match(
        /(交易金额|金额|收入金额|支出金额|转账金额)[^：|]*[：|]\s*([\d,]+\.?\d*)/,
      );
      const amounts = amountCell
        ? [{ idx: text.indexOf(amountCell[2]), v: parseDigitAmount(amountCell[2]) }]
        : [
          ...text.matchAll(/(?<![\d.-])(\d{1,3}(?:,\d{3})+\.\d{2}|\d+\.\d{2})(?![\d])/g),
        ].map((m) => ({ idx: m.index!, v: parseDigitAmount(m[1]) }));
      if (isTotal && /还/.test(text) && amounts.length && amounts[0].v !== null) {
        const a = amounts[0];
        add(facts, "repaid_amount", hit(doc, line, a.idx, String(a.v), formatAmount(a.v!), 0.9));
      } else if (isLoanRow && isRecord && amounts.length && amounts[0].v !== null) {
        const a = amounts[0];
        add(facts, "loan_amount", hit(doc, line, a.idx, String(a.v), formatAmount(a.v!), 0.85));
        const d = findDates(text)[0];
        if (d) add(facts, "loan_date", hit(doc, line, d.index, d.text, d.iso, 0.85));
      }
    }
  }

  // A 借条's own date (its last date, the signature date) is the signing and the loan date.
  if (kind === "借条") {
    for (let li = lines.length - 1; li >= 0; li--) {
      const d = findDates(lines[li].text);
      if (d.length && lines[li].text.replace(/[\s|]/g, "").length <= d[0].text.length + 12) {
        const h = hit(doc, lines[li], d[0].index, d[0].text, d[0].iso, 0.85);
        add(facts, "sign_date", h);
        if (!facts.loan_date?.length) add(facts, "loan_date", { ...h });
        break;
      }
    }
  }
  return facts;
}

/** Reads one document: its kind, its parties and its facts. */
export function readDocumentFacts(doc: DocumentText): DocFacts {
  const kind = classifyDocument(doc);
  const lines = buildLogicalLines(doc);
  const parties: PartyRecord[] = [];
  if (kind === "身份证" || kind === "营业执照" || kind === "送达地址确认书") {
    const holder = readHolder(doc, lines, kind);
    if (holder) parties.push(holder);
  } else {
    parties.push(...readPartyBlocks(doc, lines.filter((l) => !l.blob)));
  }
  if (kind === "借条" && !parties.some((p) => p.role === "creditor")) {
    // 今借到/今收到 X (人民币…): X is the lender
    for (const line of lines) {
      const m = line.text.match(
        /今(?:借到|收到|向)([\u4e00-\u9fff·（）()]{2,40}?)(?=[（(，,]|人民币|现金|借款|借到|的|身份证)/,
      );
      const name = m ? cleanName(m[1]) : null;
      if (m && name) {
        const h = hit(doc, line, line.text.indexOf(m[1]), name, name, 0.85);
        parties.push({ role: "creditor", roleWord: "出借人", attrs: { name: h } });
        break;
      }
    }
  }
  const facts = readFacts(doc, lines.filter((l) => !l.blob), kind);
  // From rows the recogniser merged, only what identifies itself: case numbers, and a date right after its
  // own label (签订日期：…, one recognised piece, so label and value stay together).
  if (lines.some((l) => l.blob) && !NO_FACTS.has(kind)) {
    const blobFacts = readFacts(doc, lines.filter((l) => l.blob), kind);
    const lower = (hits: Hit[]) =>
      hits.map((h) => ({ ...h, confidence: Math.round(h.confidence * 900) / 1000 }));
    if (!facts.case_no?.length && blobFacts.case_no?.length) facts.case_no = lower(blobFacts.case_no);
    const labelled = (blobFacts.sign_date ?? []).filter((h) => h.labelled);
    if (!facts.sign_date?.length && labelled.length) facts.sign_date = lower(labelled);
  }
  return { fileName: doc.fileName, kind, rank: rankOfKind(kind), parties, facts, lines };
}
