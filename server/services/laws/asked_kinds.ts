/**
 * What a question asks for, and the articles that state it (issue #24): a "how long" question (年假有几天)
 * is answered by an article that states a duration, a "how much" one (经济补偿怎么算) by an amount, a rate
 * or a multiple, a "who pays" one (医药费谁来赔) by an article that assigns a liability, a "can I get it
 * back" one (彩礼能要回来吗) by one that orders restitution. The first pass boosts such articles (search.ts).
 */
export interface AskedKind {
  name: "duration" | "amount" | "liability" | "restitution";
  /** The question asks for it. */
  question: RegExp;
  /** The article states it. */
  article: RegExp;
}

export const ASKED_KINDS: readonly AskedKind[] = [
  {
    name: "duration",
    question: /几天|几日|多少天|几个月|多少个月|几年|多少年|多久|多长时间|多长期限|期限是多少/,
    article: /[0-9０-９一二两三四五六七八九十百]+\s*(?:天|日|个月|周|年)/,
  },
  {
    name: "amount",
    question:
      /多少钱|怎么算|如何计算|怎么计算|计算标准|赔多少|几倍|多少倍|最高不能超过|最高能|上限|多少利息|交多少|拿多少|要多少/,
    article:
      /[0-9０-９一二两三四五六七八九十百千万]+\s*(?:倍|元|%|个月工资|月工资)|百分之[一二三四五六七八九十百零]+|[一二两三四五六七八九十]倍/,
  },
  {
    name: "liability",
    question:
      /谁[来该]?(?:赔|负责|承担|出钱|买单)|找谁|(?:要不要|该不该|用不用|需不需要|应不应该|会不会)(?:赔|担责|负责|承担)|[要能该]赔|赔偿吗|担责/,
    article: /承担[^。；]{0,12}责任|赔偿责任|予以赔偿|负责赔偿|请求[^。；]{0,8}赔偿/,
  },
  {
    name: "restitution",
    question: /要回|拿回|追回|退回|退还|返还|退钱|退款|能退|要不回|还给我/,
    article: /返还|退还|追回|退回/,
  },
];

/** The kinds a question asks for. */
export function kindsAsked(question: string): AskedKind[] {
  return ASKED_KINDS.filter((k) => k.question.test(question));
}
