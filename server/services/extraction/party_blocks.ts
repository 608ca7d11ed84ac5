/**
 * The parties a document names in role blocks (原告：…, 第一被告：…, 甲方（债权人） | …, a 要素式 form's
 * 当事人信息 rows), with the 身份证号, 统一社会信用代码, 法定代表人, 电话 and 住址 that follow each role
 * label, and the role+attribute cells of printed tables (借款人电话 | …, 乙方联系电话 | …). Roles come from
 * the one vocabulary in party_roles.ts.
 */
import type { DocumentText } from "../doc_text/types.ts";
import { CONFIDENCE, type Hit, makeHit } from "./hits.ts";
import { cutAtNextLabel, readLabelledCells } from "./labels.ts";
import type { LogicalLine } from "./lines.ts";
import { type PartyRole, type PartySide, readRoleLabel, ROLE_WORD_SOURCE } from "./party_roles.ts";
import type { PartyAttribute } from "./field_plan.ts";
import { findCreditCodes, findIdNumbers, findPhones } from "./recognizers.ts";

export interface PartyRecord {
  role: PartyRole;
  /** The role word as printed (原告, 出借人, 受送达人...). */
  roleWord: string;
  /** Side hinted by the file name (被告身份证.pdf) for records whose role the text does not give. */
  hint?: PartySide;
  attrs: Partial<Record<PartyAttribute, Hit>>;
}

const CJK_NAME = /^[\u4e00-\u9fff]{2,5}$|^[\u4e00-\u9fff]{1,8}[·•][\u4e00-\u9fff·•]{1,16}$/;
const NOT_NAME =
  /^(男|女|汉族|身份证|住址|住所|地址|电话|公民|原告|被告|本人|我方|签名|盖章|姓名|性别|民族|出生|名称|类型|法定代表|负责人|职务|日期|签发|有效)/;
/** A company type written alone (营业执照's 类型: 股份有限公司（非上市）), not a name. */
const LEGAL_FORM_ONLY = /^(其他|一人)?(有限责任|股份有限|股份合作)?(公司|企业)(分公司)?$/;
const ORG_END = /(公司|分行|支行|分公司|银行|信用社|合作社|中心|事务所|集团|厂|店|社|部|院|局|所)$/;

/** A party's name as printed, or null when it does not look like a person's or an organisation's name. */
export function cleanName(raw: string): string | null {
  const t = raw.replace(/[（(][^）)]*[）)]$/, "").replace(/[\s|]/g, "").replace(/^[：:]/, "")
    .replace(/^(姓名|名称)[：:]/, "");
  if (CJK_NAME.test(t) && !NOT_NAME.test(t)) {
    return t;
  }
  if (
    t.length >= 4 && t.length <= 40 && /^[\u4e00-\u9fff（）()]+$/.test(t) && ORG_END.test(t) &&
    !LEGAL_FORM_ONLY.test(t)
  ) return t;
  return null;
}

/** Court style without a colon: 原告张三，男，… / 被告某某有限公司，住所地… (the name must be followed by either). */
const ROLE_NO_COLON =
  /^(原告|被告|第三人|申请人|被申请人|上诉人|被上诉人)([一二三四五六\d]?)((?:（[^）]{0,10}）)?)((?:[\u4e00-\u9fff·]{2,5}|[\u4e00-\u9fff（）]{4,40}?(?:公司|分行|支行|银行|合作社|中心))[，,](?:男|女|住|统一社会信用代码|法定代表人|负责人).*)$/;

/** Another party's label later on the same line ends this party's text. */
const NEXT_ROLE = new RegExp(
  `(?:第[一二三四五六])?(?:${ROLE_WORD_SOURCE})[一二三四五六\\d]?(（[^）]{0,12}）)?：`,
);

const ADDRESS_LABEL = String.raw`住址|住所地|住所|户籍地址|户籍所在地|户籍地|营业场所|地址|住`;
const ADDRESS_RE = new RegExp(
  `(?:^|[，,；。|（\\s]|[\u4e00-\u9fff]{0,3}(?<!现|送达|通讯|通信|经常|实际|邮寄|联系|居|暂))(${ADDRESS_LABEL})((?:（[^）]{0,14}）)?)[：\\s|]*([\u4e00-\u9fff][^，。；,;|]{5,60})`,
);
const NOT_HOME =
  /(现住址|现住|送达地址|通讯地址|通信地址|经常居住地|实际居住地|邮寄地址|联系地址|居住地|其他住址)$/;

/** Reads the attributes (id, code, phone, address, legal rep) of a party from a stretch of text. */
export function readAttributes(
  doc: DocumentText,
  line: LogicalLine,
  text: string,
  offset: number,
  rec: PartyRecord,
): void {
  const a = rec.attrs;
  const at = (i: number) => offset + i;
  for (const f of findIdNumbers(text)) {
    if (!a.id_no && f.valid) {
      a.id_no = {
        ...makeHit(
          doc,
          line,
          at(f.index),
          { value: f.normalized, normalized: f.normalized },
          CONFIDENCE.partyId,
        ),
        checks: f.checks,
      };
    }
  }
  for (const f of findCreditCodes(text)) {
    if (!a.credit_code && f.valid) {
      a.credit_code = {
        ...makeHit(
          doc,
          line,
          at(f.index),
          { value: f.normalized, normalized: f.normalized },
          CONFIDENCE.partyId,
        ),
        checks: f.checks,
      };
    }
  }
  for (const f of findPhones(text)) {
    const before = text.slice(Math.max(0, f.index - 12), f.index);
    if (/(执业证|证号|账号|卡号|邮编|邮政编码|代码)[：]?\s*\|?\s*$/.test(before)) continue;
    if (!a.phone && /(电话|手机|联系方式|联系号码|Tel|TEL)/.test(before)) {
      a.phone = makeHit(
        doc,
        line,
        at(f.index),
        { value: f.normalized, normalized: f.normalized },
        CONFIDENCE.partyPhone,
      );
    }
  }
  const addr = text.match(ADDRESS_RE);
  if (addr && !a.address) {
    const head = text.slice(0, addr.index! + addr[0].indexOf(addr[1]));
    const bad = NOT_HOME.test(head + addr[1]);
    let value = cutAtNextLabel(addr[3]).replace(
      /(公民身份号码|身份证号码?|统一社会信用代码|联系电话|电话|手机|\d{4}年\d{1,2}月).*$/,
      "",
    ).trim();
    value = value.replace(/[|\s]+$/, "");
    if (!bad && /[省市区县镇乡村路街道号室组幢栋弄巷]/.test(value) && value.length >= 6) {
      a.address = makeHit(
        doc,
        line,
        at(text.indexOf(addr[3])),
        { value, normalized: value },
        CONFIDENCE.partyAddress,
      );
    }
  }
  const rep = text.match(
    /(法定代表人|负责人|法人代表)[：\s|]*([\u4e00-\u9fff·]{2,5}?)(?=[，,。；;|\s（(]|职务|$)/,
  );
  if (rep && !a.legal_rep) {
    const name = cleanName(rep[2]);
    if (name) {
      a.legal_rep = makeHit(doc, line, at(rep.index! + rep[0].indexOf(rep[2])), {
        value: name,
        normalized: name,
      }, CONFIDENCE.partyRep);
    }
  }
}

const SECTION_END =
  /^(诉讼请求|请求事项|事实与理由|事实和理由|纠纷主要事实|约定和主张|经调解|甲、乙双方|甲乙双方|鉴于|第[一二三四五六七八九十]+条|现委托|本院|原告.{0,30}与被告|申请人.{0,30}与被申请人|.{0,8}一案|今借到|借款金额|借款事宜|一、|1、)/;

/** Role label, then a colon or a cell gap, then the party's text. */
function roleLine(text: string): { word: string; role: PartyRole; bracket: string; rest: string } | null {
  const label = readRoleLabel(text);
  if (label) {
    const after = text.slice(label.length);
    // a colon, a cell gap, or (OCR rows) a space before a name that stands alone: "出借人 张三 身份证号 …"
    const sep = after.match(/^(?:：|\s*\|\s*)/) ??
      (cleanName(after.trimStart().split(/\s/)[0] ?? "") ? after.match(/^\s+/) : null);
    if (sep) {
      return { word: label.word, role: label.role, bracket: label.bracket, rest: after.slice(sep[0].length) };
    }
  }
  const m = text.match(ROLE_NO_COLON);
  if (!m) return null;
  const r = readRoleLabel(m[1] + m[2] + m[3]);
  return r ? { word: r.word, role: r.role, bracket: r.bracket, rest: m[4] } : null;
}

/** Attribute concepts a role+attribute cell may name (借款人电话, 乙方联系电话, 被告住址). */
const CELL_ATTRIBUTE: Partial<Record<string, PartyAttribute>> = {
  phone: "phone",
  address: "address",
  id_no: "id_no",
  credit_code: "credit_code",
  legal_rep: "legal_rep",
};

/** Role+attribute cells: the attribute goes to the last record of that role (or a new one). */
function readRoleAttributeCells(doc: DocumentText, line: LogicalLine, parties: PartyRecord[]): void {
  for (const cell of line.text.split(" | ").map((t, i, all) => ({ t, i, all }))) {
    const label = readRoleLabel(cell.t);
    if (!label || (label.role !== "creditor" && label.role !== "debtor")) continue;
    const tail = cell.t.slice(label.length);
    if (!tail) continue;
    const pairs = readLabelledCells([tail, ...cell.all.slice(cell.i + 1)].join(" | "));
    const first = pairs[0];
    const attr = first && first.at <= tail.length + 3 ? CELL_ATTRIBUTE[first.concept] : undefined;
    if (!attr) continue;
    let rec = [...parties].reverse().find((p) => p.role === label.role);
    if (!rec) {
      rec = { role: label.role, roleWord: label.word, attrs: {} };
      parties.push(rec);
    }
    if (rec.attrs[attr]) continue;
    const offset = line.text.indexOf(cell.t) + label.length;
    const probe: PartyRecord = { role: rec.role, roleWord: rec.roleWord, attrs: {} };
    const prefix = attr === "address" ? "住址：" : attr === "phone" ? "电话：" : "";
    readAttributes(doc, line, prefix + first.value, offset - prefix.length + first.at, probe);
    if (probe.attrs[attr]) rec.attrs[attr] = probe.attrs[attr];
  }
}

/** The party blocks of a document, in order. */
export function readPartyBlocks(doc: DocumentText, lines: LogicalLine[]): PartyRecord[] {
  const parties: PartyRecord[] = [];
  let cur: PartyRecord | null = null;
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li];
    const text = line.text;
    const m = roleLine(text);
    if (m && m.word !== "具状人") {
      const rec: PartyRecord = { role: m.role, roleWord: m.word, attrs: {} };
      // a second party's label on the same line ends this party's text
      const next = m.rest.slice(1).search(NEXT_ROLE);
      const rest = next >= 0 ? m.rest.slice(0, next + 1) : m.rest;
      const offset = text.length - m.rest.length;
      const nameRaw = rest.replace(/^(姓名|名称)[：:]/, "").split(/[，,；;|（(\s]/)[0];
      const name = cleanName(nameRaw);
      if (name) {
        rec.attrs.name = makeHit(
          doc,
          line,
          offset + rest.indexOf(name),
          { value: name, normalized: name },
          CONFIDENCE.partyName,
        );
      } else if (!rest.trim() && lines[li + 1] && !roleLine(lines[li + 1].text)) {
        // the name on the next line ("原告：" / "张三")
        const nextLine = lines[li + 1];
        const nextName = cleanName(nextLine.text.split(/[，,；;|（(\s]/)[0]);
        if (nextName) {
          rec.attrs.name = makeHit(
            doc,
            nextLine,
            0,
            { value: nextName, normalized: nextName },
            CONFIDENCE.partyNameNextLine,
          );
        }
      }
      // A signature line (甲方（签章）：X) names the party but is not a party block.
      if (/签|盖章|印章/.test(m.bracket + rest.slice(0, 6)) || (m.word === "当事人" && !rest)) {
        cur = null;
        continue;
      }
      readAttributes(doc, line, rest, offset, rec);
      parties.push(rec);
      cur = rec;
      continue;
    }
    readRoleAttributeCells(doc, line, parties);
    if (/^(法定代表人|负责人|主要负责人)/.test(text) && cur) {
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
