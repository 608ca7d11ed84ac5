/**
 * Cleans an address cell before matching: folds full-width characters (NFKC), drops whitespace
 * (including ideographic spaces, tabs and line breaks) and separators (、，;), a label prefix
 * (住址：, 户籍地址：), a leading ID or other number, a leading 中国, and placeholders (XX省, XX市).
 */
import { toSimplified } from "./traditional.ts";

const SEPARATORS = /[\s\u3000、,，;；·•"'“”‘’`|/\\_。.\-—–－「」『』【】〔〕〖〗《》〈〉\[\]]+/g;
/** Look-alike or traditional forms of level suffixes (巿 for 市, 區, 縣). */
const SUFFIX_VARIANTS: Record<string, string> = { "巿": "市", "區": "区", "縣": "县" };
const LABEL_WORDS = [
  "身份证载明住址",
  "身份证载明地址",
  "身份证登记住址",
  "户籍登记地址",
  "实际居住地址",
  "实际居住地",
  "实际住址",
  "常住地址",
  "居住地址",
  "收件地址",
  "联系住址",
  "户籍所在地",
  "户口所在地",
  "户籍地址",
  "户籍地",
  "户籍",
  "原籍",
  "籍贯",
  "出生地",
  "家庭住址",
  "家庭地址",
  "现居住地址",
  "现居住地",
  "现住址",
  "现住所",
  "现住地",
  "现居住",
  "现居",
  "现住",
  "暂住地",
  "暂住",
  "经常居住地",
  "居住地",
  "住所地",
  "住所",
  "住址",
  "地址",
  "通讯地址",
  "通信地址",
  "联系地址",
  "送达地址",
  "邮寄地址",
  "身份证地址",
  "身份证住址",
  "注册地址",
  "注册地",
  "经营地址",
  "营业地址",
  "经营场所",
  "营业场所",
  "办公地址",
  "单位地址",
  "所在地",
  "住",
].sort((a, b) => b.length - a.length);
const LABEL_PREFIX = new RegExp(`^(?:${LABEL_WORDS.join("|")})(?:[:：]|为|是)`);
const BARE_LABEL_PREFIX = new RegExp(`^(?:${LABEL_WORDS.join("|")})`);
const FREE_LABEL_PREFIX = /^[^\d省市区县州盟旗:]{1,8}:/;
/** Labels of two or more characters (住 alone is too common to count in the middle of a text). */
const LONG_LABELS = `(?:${LABEL_WORDS.filter((w) => w.length >= 2).join("|")})`;
/**
 * Labels of an organisation's seat. Narrower than LABEL_WORDS on purpose: 某某厂；现住… names a second
 * address after a first one that ends in an organisation, and the first must still decide.
 */
const SEAT_LABELS =
  "(?:住所地|住所|注册地址|注册地|住址|地址|经营场所|营业场所|经营地址|营业地址|办公地址|通讯地址|联系地址|所在地)";
/**
 * An organisation written before its address: 某某有限公司，住所地：… (the address after the label counts).
 * Matched before separators go, so the label must be set off (a comma, space or bracket before it, or a
 * colon after it): 某某商务中心地址 inside an address is left alone.
 */
const ORGANISATION_THEN_LABEL = new RegExp(
  "^.{2,40}?(?:公司|合作社|事务所|工作室|经营部|商行|厂|店|中心|学校|医院|协会|银行)" +
    `(?:[\\s,，;；、(]+${SEAT_LABELS}(?:[:：]|为|是|在)?|${SEAT_LABELS}[:：])`,
);
/**
 * Where a labelled address starts inside a longer text whose start names no place: a label set off by a
 * separator (张三，男，1974年3月8日出生，汉族，住广西…) or a label with a colon anywhere (…住址：…).
 */
const LABEL_ANYWHERE = new RegExp(
  `[\\s,，;；。、(](?=(?:${LABEL_WORDS.join("|")}))|${LONG_LABELS}[:：]`,
);
/** Field names of a system export (省份：浙江省 城市：杭州市 区县：西湖区 详细地址：…). */
const FIELD_LABEL =
  /(?:所在省份|省份|所在城市|城市|地市|所在区县|区县|县区|县市|详细地址|具体地址|街道地址|乡镇街道|乡镇|街道)[:：]/g;
/** A leading ID or row number: 330106…, No.12, 12 (12、 and 12. lose their separator first), (12), 第12行:. */
const LEADING_NUMBER = /^(?:No\.?)?\d+[Xx]?|^\(\d{1,6}\)|^第\d{1,7}[行条项号]:?/;
const COUNTRY_PREFIX = /^(?:中华人民共和国|中国)/;
const PLACEHOLDER = /(?:[Xx×*]{1,4}|某{1,2}|[?？]{1,4}|□{1,4})(?:省|自治区|自治州|地区|市|区|县|旗|盟)/g;

/** Returns the cleaned text; an empty string means nothing usable was written. */
export function normalizeAddress(address: string): string {
  let text = toSimplified(address.normalize("NFKC")).replace(ORGANISATION_THEN_LABEL, "").replace(
    FIELD_LABEL,
    "",
  )
    .replace(SEPARATORS, "").replace(
      /[巿區縣]/g,
      (ch) => SUFFIX_VARIANTS[ch],
    );
  for (let pass = 0; pass < 3; pass++) {
    const before = text;
    text = text.replace(LABEL_PREFIX, "").replace(FREE_LABEL_PREFIX, "").replace(BARE_LABEL_PREFIX, "")
      .replace(LEADING_NUMBER, "")
      .replace(COUNTRY_PREFIX, "");
    if (text === before) break;
  }
  return text.replace(PLACEHOLDER, "");
}

/** The cleaned text from the first labelled address in a raw cell (…，住浙江省…), or "" when there is none. */
export function textAfterLabel(address: string): string {
  const text = toSimplified(address.normalize("NFKC"));
  const label = LABEL_ANYWHERE.exec(text);
  return label ? normalizeAddress(text.slice(label.index + label[0].length)) : "";
}
