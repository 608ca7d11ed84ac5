/**
 * The holder of a certificate (身份证, 户口簿, 营业执照, 企业信用信息公示报告) or the addressee of a 送达地址确认书,
 * read from the card's labels: in label-value rows, in table cells (label cell → value cell) and, where OCR lost
 * the labels, from the one piece that looks like the value.
 */
import type { DocumentText } from "../doc_text/types.ts";
import { CONFIDENCE, makeHit } from "./hits.ts";
import { cutAtNextLabel, readLabelledCells } from "./labels.ts";
import { type LogicalLine, prepareLine } from "./lines.ts";
import type { PartyRecord } from "./party_blocks.ts";
import { cleanName } from "./party_blocks.ts";
import { sideOfLabel } from "./party_roles.ts";
import { findCreditCodes, findIdNumbers, findPhones } from "./recognizers.ts";

/** Kinds whose one party is read from labels. */
export type HolderKind = "身份证" | "户口簿" | "营业执照" | "企业信用信息公示报告" | "送达地址确认书";
export const HOLDER_KINDS: readonly HolderKind[] = [
  "身份证",
  "户口簿",
  "营业执照",
  "企业信用信息公示报告",
  "送达地址确认书",
];

const ids = (v: string) => ({ value: v, normalized: v });

const CARD_LABEL =
  /^(姓名|性别|民族|出生|住址|地址|公民身份号码|身份号码|签发机关|有效期限|名称|类型|住所|营业场所|经营场所|法定代表人|负责人|注册资本|成立日期|营业期限|经营范围|登记机关|统一社会信用代码|受送达人|送达地址|联系电话|邮政编码|案号|案由|登记机关|发证机关)/;
/** A card label inside a line (rows a reader joined): what follows is not the value before it. */
const CARD_LABEL_INSIDE =
  /(公民身份号码|公民身份证件编号|身份号码|签发机关|有效期限|登记机关|统一社会信用代码|邮政编码).*$/;
/** A licence's next label glued to a value by OCR (鲁怡成立日期…): the value ends there. */
const CARD_WORD_INSIDE =
  /(成立日期|注册资本|营业期限|经营范围|类型|住所|登记机关|统一社会信用代码|国家企业信用).*$/;
/** A fragment of a wrapped name, not a name (限公司, 公司济南…支行). */
const NAME_FRAGMENT = /^(限|有限|公司|责任|股份|分行|支行)/;
const ADDRESS_START = /^[\u4e00-\u9fff]{2,9}(省|自治区|市)[\u4e00-\u9fff]{0,10}(市|区|县|州|旗|盟)/;

/**
 * The value of a label: the next cell of a table row (label cell → value cell), the rest of its own line, the
 * next line (label alone), or null.
 */
function labelled(
  texts: string[],
  i: number,
  label: RegExp,
  rows?: string[],
): { value: string; line: number } | null {
  const cells = rows?.[i].split(" | ");
  if (cells && cells.length > 1) {
    const first = cells[0].replace(/\s/g, "");
    const m0 = first.match(label);
    if (m0 && m0.index === 0) {
      const own = first.slice(m0[0].length).replace(/^[：:]/, "");
      if (own) return { value: cutAtNextLabel(own), line: i };
      const next = cells[1].replace(/\s/g, "");
      if (next && !CARD_LABEL.test(next)) return { value: next, line: i };
      return null;
    }
  }
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
  // a card's next label run on without a colon (…1601室公民身份号码…) ends the address
  let value = first.replace(CARD_LABEL_INSIDE, "");
  for (let j = i + 1; j < texts.length && j <= i + 3; j++) {
    const next = texts[j];
    if (CARD_LABEL.test(next) || /\d{15,}|\d{4}年|^[\d\s]+$/.test(next) || next.length > 24) break;
    // a continuation carries a number or an address word (号7幢1406室, 苑23幢…), not a label (登记机关)
    if (!/[\d号室幢栋单元组村弄巷路街层楼座]/.test(next)) break;
    value += next;
  }
  return value;
}

/**
 * The text a table cell wrapped onto the line below: a short line of its own that starts where the cell
 * starts (text-layer boxes), right under it. "" when there is none or no boxes tell.
 */
function cellContinuation(lines: LogicalLine[], i: number, value?: string): string {
  const line = lines[i], next = lines[i + 1];
  if (!line || !next || next.parts.length > 1) return "";
  const raw = line.parts[line.parts.length - 1].phys.raw;
  const below = next.parts[0].phys.raw;
  if (!raw.cells || !raw.box || !below.box || below.cells) return "";
  const cell = raw.cells.find((c) =>
    c.box &&
    (value === undefined
      ? Math.abs(below.box![0] - c.box[0]) <= 3
      : prepareLine(c.text).replace(/\s/g, "").includes(value))
  );
  if (!cell?.box) return "";
  const h = Math.max(1, raw.box[3] - raw.box[1]);
  const text = prepareLine(below.text).replace(/\s/g, "");
  const aligned = Math.abs(below.box[0] - cell.box[0]) <= h * 0.5 && below.box[1] - cell.box[3] < h;
  return aligned && text.length <= 12 && !CARD_LABEL.test(text) ? text : "";
}

/** A certificate's holder (身份证, 营业执照) or a 送达地址确认书's addressee, read from its labels. */
export function readHolder(doc: DocumentText, lines: LogicalLine[], kind: HolderKind): PartyRecord | null {
  const card = kind === "身份证" || kind === "户口簿";
  const licence = kind === "营业执照" || kind === "企业信用信息公示报告";
  const roleWord = card ? "姓名" : licence ? "名称" : "受送达人";
  const rec: PartyRecord = { role: "unknown", roleWord, attrs: {} };
  const base = doc.fileName.replace(/\.[^.]+$/, "");
  const side = sideOfLabel(base);
  if (side) rec.hint = side;
  const texts = lines.map((l) => l.text.replace(/[|\s]/g, ""));
  const rows = lines.map((l) => l.text);
  const a = rec.attrs;
  const put = (attr: keyof PartyRecord["attrs"], i: number, value: string, rule: number) => {
    if (a[attr]) return;
    const at = Math.max(0, lines[i].text.indexOf(value.slice(0, 2)));
    a[attr] = makeHit(doc, lines[i], at, { value, normalized: value }, rule);
  };
  const nameLabel = licence ? /^(企业名称|名称)/ : kind === "送达地址确认书" ? /^受送达人(?!确认)/ : /^姓名/;
  for (let i = 0; i < texts.length; i++) {
    const nm = labelled(texts, i, nameLabel, rows);
    if (nm && !a.name) {
      const name = cleanName(nm.value.split(/性别|类型|民族|[，,]/)[0]);
      if (name) put("name", nm.line, name, CONFIDENCE.certificateName);
    }
    if (card) {
      const am = labelled(texts, i, /^(住址|地址)/, rows);
      if (am && !a.address && /[省市区县路街号村镇]/.test(am.value)) {
        const value = addressFrom(texts, am.line, am.value);
        if (value.length >= 6) put("address", am.line, value, CONFIDENCE.certificateAddress);
      }
      for (const f of findIdNumbers(lines[i].text)) {
        if (!a.id_no && f.valid) {
          a.id_no = {
            ...makeHit(doc, lines[i], f.index, ids(f.normalized), CONFIDENCE.certificateId),
            checks: f.checks,
          };
        }
      }
    } else if (licence) {
      const am = labelled(texts, i, /^(住所|营业场所|经营场所)/, rows);
      if (am && !a.address && /[省市区县路街号]/.test(am.value)) {
        put("address", am.line, addressFrom(texts, am.line, am.value), CONFIDENCE.certificateAddress);
      }
      const rep = labelled(texts, i, /^(法定代表人|负责人|执行事务合伙人|经营者)/, rows);
      if (rep && !a.legal_rep) {
        const name = cleanName(
          rep.value.replace(/^[^\u4e00-\u9fff]+/, "").replace(CARD_WORD_INSIDE, "").slice(0, 5)
            .replace(/[^\u4e00-\u9fff·].*$/, ""),
        );
        if (name && !/(公司|银行)/.test(name)) put("legal_rep", rep.line, name, CONFIDENCE.certificateRep);
      }
      for (const f of findCreditCodes(lines[i].text)) {
        if (!a.credit_code && f.valid) {
          a.credit_code = {
            ...makeHit(doc, lines[i], f.index, ids(f.normalized), CONFIDENCE.certificateId),
            checks: f.checks,
          };
        }
      }
      if (!a.name) {
        const org = texts[i].replace(/^(企业名称|名称)/, "");
        // not the tail of a name a table cell wrapped (招商银行股份有限公司 / 武汉洪山支行)
        const tail = cellContinuation(lines, i - 1) !== "";
        const name = /(公司|分行|支行|合作社)$/.test(org) && !NAME_FRAGMENT.test(org) && !tail
          ? cleanName(org)
          : null;
        if (name && texts.slice(Math.max(0, i - 3), i + 1).some((t) => /名称|统一社会信用代码/.test(t))) {
          put("name", i, name, CONFIDENCE.certificateOrgGuess);
        }
      }
    } else {
      // 送达地址确认书: the addressee's phone; its 送达地址 is not a 住址.
      const pm = labelled(texts, i, /^(联系电话|电话|手机)/, rows);
      if (pm && !a.phone) {
        const f = findPhones(pm.value)[0];
        if (f) put("phone", pm.line, f.normalized, CONFIDENCE.servicePhone);
      }
      for (const f of findIdNumbers(lines[i].text)) {
        if (!a.id_no && f.valid && /(身份|证件)/.test(lines[i].text.slice(0, f.index))) {
          a.id_no = {
            ...makeHit(doc, lines[i], f.index, ids(f.normalized), CONFIDENCE.partyId),
            checks: f.checks,
          };
        }
      }
    }
  }
  // Labels in the middle of a table row (统一社会信用代码 | … | 企业名称 | …): label cell → value cell.
  for (let i = 0; i < rows.length; i++) {
    if (!rows[i].includes(" | ")) continue;
    for (const v of readLabelledCells(rows[i])) {
      const value = v.value.replace(/\s/g, "");
      const below = cellContinuation(lines, i, value);
      if (v.concept === "name" && !a.name && !/^户名/.test(v.label)) {
        // a name the cell wrapped onto the next line (济南信和供应链管理有 / 限公司)
        const next = rows[i + 1]?.replace(/\s/g, "") ?? "";
        const wrapped = below
          ? value + below
          : !cleanName(value) && next.length <= 12 && !next.includes("|")
          ? value + next
          : value;
        const name = cleanName(wrapped);
        if (name) put("name", i, name, CONFIDENCE.tableCell);
      } else if (v.concept === "legal_rep" && licence && !a.legal_rep) {
        const name = cleanName(value);
        if (name && name.length <= 5) put("legal_rep", i, name, CONFIDENCE.tableCell);
      } else if (
        v.concept === "address" && !a.address && /[省市区县路街号]/.test(value) && value.length >= 6
      ) {
        put("address", i, value + below, CONFIDENCE.tableCell);
      }
    }
  }
  if (card && !a.name) {
    // OCR that lost the labels: the first short line that is a person's name, before the sex/birth lines
    for (let i = 0; i < Math.min(4, texts.length); i++) {
      const t = texts[i].replace(/^姓名/, "");
      if (/^(中华人民共和国|居民身份证|男|女)/.test(t)) continue;
      const name = cleanName(t);
      if (name && name.length <= 4) {
        put("name", i, name, CONFIDENCE.lostLabels);
        break;
      }
    }
  }
  // Labels lost (a photographed licence read column by column): the OCR pieces of each line, as printed.
  const pieces = lines.flatMap((l, i) =>
    l.parts.flatMap((part) =>
      part.phys.raw.text.split(/\s+/).map((p) => ({ p: prepareLine(p).replace(CARD_LABEL, ""), i }))
    )
  ).filter(({ p }) => p.length > 0);
  if (licence && !a.name) {
    // the one piece that is an organisation's name
    const orgs = pieces.filter(({ p }) => /(公司|分行|支行|合作社|中心)$/.test(p) && cleanName(p) === p);
    if (new Set(orgs.map((o) => o.p)).size === 1) put("name", orgs[0].i, orgs[0].p, CONFIDENCE.lostLabels);
  }
  if (licence && !a.legal_rep) {
    // a licence names one person, its 法定代表人 / 负责人
    const people = pieces.filter(({ p }) =>
      /^[\u4e00-\u9fff·]{2,4}$/.test(p) && cleanName(p) === p && !CARD_LABEL.test(p) &&
      !/(期限|日期|资本|范围|机关|执照|副本|正本|类型|名称|型|长期|人民币|公司)$/.test(p)
    );
    if (new Set(people.map((x) => x.p)).size === 1) {
      put("legal_rep", people[0].i, people[0].p, CONFIDENCE.lostLabelsWeak);
    }
  }
  if (card && !a.address) {
    // the one line that reads like an address, with its continuation
    const starts = texts.map((t, i) => (ADDRESS_START.test(t) ? i : -1)).filter((i) => i >= 0);
    if (starts.length === 1) {
      const value = addressFrom(texts, starts[0], texts[starts[0]]);
      if (/[号室组村]$/.test(value)) put("address", starts[0], value, CONFIDENCE.lostLabelsWeak);
    }
  }
  if (licence && !a.address) {
    const seats = pieces.filter(({ p }) => ADDRESS_START.test(p) && /[号室层楼组村]$/.test(p));
    if (new Set(seats.map((x) => x.p)).size === 1) {
      put("address", seats[0].i, seats[0].p, CONFIDENCE.lostLabelsWeak);
    }
  }
  return a.name || a.id_no || a.credit_code ? rec : null;
}
