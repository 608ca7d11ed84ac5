/**
 * Which kind of document a file is (身份证, 起诉状, 借条...), from its file name and its first lines. The
 * title printed at the top of the document decides first, the file name second, telltale content third.
 */
import type { DocumentText } from "../doc_text/types.ts";

/** Kind → title / file-name words, most specific first (调解协议 before 调解, 申请书 after 协议). */
const KIND_WORDS: [kind: string, words: RegExp][] = [
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
  ["催款函", /催款函|催收函|催告函/],
];

function kindFrom(text: string): string | null {
  for (const [kind, re] of KIND_WORDS) if (re.test(text)) return kind;
  return null;
}

/** Content telltales when neither title nor name says it. */
function kindFromContent(text: string): string | null {
  if (/公民身份号码/.test(text) && /(签发机关|有效期限|出生)/.test(text) && text.length < 400) {
    return "身份证";
  }
  if (/统一社会信用代码/.test(text) && /(经营范围|成立日期|注册资本|登记机关)/.test(text)) return "营业执照";
  if (/判决如下/.test(text)) return "判决书";
  if (/诉讼请求/.test(text) && /此致/.test(text)) return "起诉状";
  if (/今借到|今收到/.test(text)) return "借条";
  return null;
}

/** The document's kind, or "其他" when nothing tells. */
export function classifyDocument(doc: DocumentText): string {
  const firstLines = doc.pages[0]?.lines.slice(0, 6).map((l) => l.text.replace(/\s/g, "")) ?? [];
  // A title is a short line of its own near the top.
  for (const line of firstLines) {
    if (line.length > 16) continue;
    const k = kindFrom(line);
    if (k) return k;
  }
  const byName = kindFrom(doc.fileName.replace(/\.[^.]+$/, ""));
  if (byName) return byName;
  const text = doc.pages.map((p) => p.lines.map((l) => l.text).join("\n")).join("\n").replace(/[ \t]/g, "");
  return kindFromContent(text) ?? kindFrom(text.slice(0, 200)) ?? "其他";
}
