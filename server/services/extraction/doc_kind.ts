/**
 * Which kind of document a file is (身份证, 起诉状, 借条...), from its content and its file name. The title
 * printed at the top of the document decides first, the file name second (a camera's name, IMG_… or
 * 微信图片_…, says nothing), what the content holds third (a card's labels, a licence's, a judgment's operative
 * part, a receipt's 今收到…).
 */
import type { DocumentText } from "../doc_text/types.ts";

/** Every kind the extractor tells apart ("其他" when nothing tells). */
export const DOC_KINDS = [
  "身份证",
  "户口簿",
  "营业执照",
  "企业信用信息公示报告",
  "判决书",
  "调解书",
  "裁定书",
  "受理通知书",
  "传票",
  "送达地址确认书",
  "授权委托书",
  "调解协议",
  "调解申请书",
  "担保合同",
  "借款合同",
  "借条",
  "银行流水",
  "还款记录",
  "转账记录",
  "起诉状",
  "答辩状",
  "律师函",
  "催款函",
  "其他",
] as const;

export type DocKind = typeof DOC_KINDS[number];

/** Kind → title / file-name words, most specific first (调解协议 before 调解, 申请书 after 协议). */
const KIND_WORDS: [kind: DocKind, words: RegExp][] = [
  ["身份证", /居民身份证|身份证|公民身份号码.*签发|户籍证明/],
  ["户口簿", /户口簿|户口本|常住人口登记/],
  ["营业执照", /营业执照|执照副本|执照正本/],
  ["企业信用信息公示报告", /信用信息公示报告/],
  ["判决书", /判决书/],
  ["调解书", /民事调解书/],
  ["裁定书", /裁定书/],
  ["受理通知书", /受理(案件)?通知书/],
  ["传票", /传票/],
  ["送达地址确认书", /送达地址确认书/],
  ["授权委托书", /授权委托书|委托书/],
  ["调解协议", /调解协议|和解协议/],
  ["调解申请书", /调解申请书|申请调解/],
  ["担保合同", /保证合同|担保合同|抵押合同/],
  ["借款合同", /借款合同|贷款合同|借贷合同|借款协议|授信合同/],
  ["借条", /借条|借据|欠条|收条/],
  ["银行流水", /流水|交易明细|对账单/],
  ["还款记录", /还款记录|还款明细/],
  ["转账记录", /转账|汇款|回单|交易记录|支付凭证/],
  ["起诉状", /起诉状|起诉书|诉状/],
  ["答辩状", /答辩状/],
  ["律师函", /律师函/],
  ["催款函", /催款函|催收函|催告函|催收通知|还款提醒|催款通知/],
];

/** File names a camera or a chat app gives: they say nothing about the document. */
const CAMERA_NAME =
  /^(IMG|DSC|PXL|MVIMG|Screenshot|wx_camera|mmexport)[_-]?\d|^微信图片_|^扫描全能王|^\d{8,}$/i;

function kindFrom(text: string): DocKind | null {
  for (const [kind, re] of KIND_WORDS) if (re.test(text)) return kind;
  return null;
}

/** Content telltales when neither title nor name says it. */
function kindFromContent(text: string): DocKind | null {
  if (/公民身份号码/.test(text) && /(签发机关|有效期限|出生)/.test(text) && text.length < 400) {
    return "身份证";
  }
  if (/户主或与户主关系|户别/.test(text)) return "户口簿";
  if (/统一社会信用代码/.test(text) && /(经营范围|成立日期|注册资本|登记机关)/.test(text)) return "营业执照";
  if (/判决如下/.test(text)) return "判决书";
  if (/诉讼请求/.test(text) && /此致/.test(text)) return "起诉状";
  if (/今借到|今收到/.test(text)) return "借条";
  if (/借款金额/.test(text) && /(借款人|出借人)/.test(text) && /(借款日期|借款期限)/.test(text)) {
    return "借条";
  }
  return null;
}

/** The document's kind, or "其他" when nothing tells. */
export function classifyDocument(doc: DocumentText): DocKind {
  const firstLines = doc.pages[0]?.lines.slice(0, 6).map((l) => l.text.replace(/\s/g, "")) ?? [];
  // A title is a short line of its own near the top.
  for (const line of firstLines) {
    if (line.length > 16) continue;
    const k = kindFrom(line);
    if (k) return k;
  }
  const base = doc.fileName.replace(/\.[^.]+$/, "");
  const byName = CAMERA_NAME.test(base) ? null : kindFrom(base);
  if (byName) return byName;
  const text = doc.pages.map((p) => p.lines.map((l) => l.text).join("\n")).join("\n").replace(/[ \t]/g, "");
  return kindFromContent(text) ?? kindFrom(text.slice(0, 200)) ?? "其他";
}
