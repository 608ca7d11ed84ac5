/**
 * Document classes of the generated extraction set (make_set2.ts, issue #23): each function writes one
 * document of a case from the case's own values and says which keys it states (the label is built from
 * that, never by reading the document back). Layouts follow public court templates (民事起诉状（要素式）,
 * 要素式判决书) and the bank/lender paperwork clerks receive; the wording varies on purpose.
 */
import type { Block } from "./gen_render.ts";
import {
  bigAmount,
  cn,
  dashed,
  dotted,
  money,
  type Pick,
  type Place,
  wanFen,
  type Ymd,
} from "./gen_values.ts";

export type Key =
  | "plaintiff_name"
  | "plaintiff_id_no"
  | "plaintiff_credit_code"
  | "plaintiff_legal_rep"
  | "plaintiff_phone"
  | "plaintiff_address"
  | "defendant_name"
  | "defendant_id_no"
  | "defendant_phone"
  | "defendant_address"
  | "loan_amount"
  | "loan_date"
  | "interest_rate"
  | "due_date"
  | "repaid_amount"
  | "claim"
  | "case_no"
  | "court"
  | "award_amount"
  | "sign_date";

export type Value = string | number;

export interface Party {
  kind: "person" | "company" | "bank";
  name: string;
  id?: string;
  sex?: "男" | "女";
  birth?: string;
  credit?: string;
  rep?: string;
  phone: string;
  /** 户籍 address (person) or registered 住所 (company). */
  address: string;
  /** Where a person lives now (经常居住地 / 现住): never the expected address. */
  lives: string;
  place: Place;
}

export interface Case {
  id: string;
  scenario: string;
  creditor: Party;
  debtor: Party;
  guarantor: Party;
  lawyer: { name: string; phone: string; firm: string };
  amount: number;
  loanDate: Ymd;
  signDate: Ymd;
  dueDate: Ymd;
  rate: { text: string; annual: string; day?: number };
  repaid: number;
  owed: number;
  claim: string;
  court: string;
  caseNo: string;
  /** 案号 printed with half-width brackets. */
  halfBrackets: boolean;
  award: number;
  settlement: number;
  filed: Ymd;
}

export interface Doc {
  name: string;
  form: "docx" | "text_pdf" | "scanned_pdf" | "photo" | "xlsx";
  kind: string;
  rank: number;
  blocks?: Block[];
  sheets?: { name: string; rows: (string | number | { date: Ymd })[][] }[];
  landscape?: boolean;
  states: Partial<Record<Key, Value>>;
}

const RANK: Record<string, number> = {
  身份证: 1,
  户口簿: 1,
  营业执照: 1,
  企业信用信息公示报告: 1,
  判决书: 2,
  调解书: 2,
  受理通知书: 2,
  借款合同: 3,
  借条: 3,
  调解协议: 3,
  送达地址确认书: 3,
  授权委托书: 3,
  还款记录: 4,
  银行流水: 4,
  起诉状: 5,
  调解申请书: 5,
  催款函: 5,
};

function doc(name: string, form: Doc["form"], kind: string, blocks: Block[], states: Doc["states"]): Doc {
  return { name, form, kind, rank: RANK[kind], blocks, states };
}

/** What a party block states about the creditor / debtor. */
function partyStates(
  side: "plaintiff" | "defendant",
  p: Party,
  opts: { phone?: boolean; address?: boolean } = {},
) {
  const s: Doc["states"] = { [`${side}_name`]: p.name } as Doc["states"];
  const k = (x: string) => `${side}_${x}` as Key;
  if (p.id) s[k("id_no")] = p.id;
  if (p.credit) s[k("credit_code")] = p.credit;
  if (p.rep && side === "plaintiff") s[k("legal_rep")] = p.rep;
  if (opts.phone !== false) s[k("phone")] = p.phone;
  if (opts.address !== false) s[k("address")] = p.address;
  return s;
}

function caseNoText(c: Case): string {
  return c.halfBrackets ? c.caseNo.replace("（", "(").replace("）", ")") : c.caseNo;
}

// ------------------------------------------------------------------ 起诉状

/** 民事起诉状（要素式）: 当事人信息, 诉讼请求和依据, 约定和主张 in one table. */
export function complaintElements(c: Case, p: Pick, name: string): Doc {
  const cr = c.creditor, de = c.debtor;
  const rows: string[][] = [["当事人信息"]];
  if (cr.kind === "person") {
    rows.push(
      ["原告", `姓名：${cr.name}`, "性别", cr.sex!],
      ["出生日期", cr.birth!, "民族", "汉族"],
      ["住所地（户籍所在地）", cr.address],
      ["经常居住地", cr.lives],
      ["联系电话", cr.phone, "公民身份号码", cr.id!],
    );
  } else {
    rows.push(
      [cr.kind === "bank" ? "原告（非法人组织）" : "原告（法人）", `名称：${cr.name}`],
      ["住所地（主要办事机构所在地）", cr.address],
      ["注册地/登记地", cr.place.city],
      ["法定代表人/主要负责人", cr.rep!, "职务", cr.kind === "bank" ? "行长" : "董事长"],
      ["联系电话", cr.phone, "统一社会信用代码", cr.credit!],
    );
  }
  rows.push(
    ["被告", `姓名：${de.name}`, "性别", de.sex!],
    ["住所地（户籍所在地）", de.address],
    ["经常居住地", de.lives],
    ["联系电话", de.phone, "公民身份号码", de.id!],
  );
  if (p.chance(0.5)) {
    rows.push(["第二被告（保证人）", `姓名：${c.guarantor.name}`, "性别", c.guarantor.sex!], [
      "住所地（户籍所在地）",
      c.guarantor.address,
    ], ["联系电话", c.guarantor.phone, "公民身份号码", c.guarantor.id!]);
  }
  rows.push(
    ["诉讼请求和依据"],
    ["1.本金", c.claim],
    ["2.利息", `截至${cn(c.filed)}的利息，并按${c.rate.text}计算至实际清偿之日止`],
    ["3.是否主张实现债权的费用", "是，律师费5000元"],
    ["约定和主张"],
    [
      "1.合同签订情况（名称、编号、签订时间、地点）",
      `《借款合同》，签订时间：${cn(c.signDate)}，签订地点：${cr.place.city}`,
    ],
    ["2.签订主体", `贷款人：${cr.name}  借款人：${de.name}`],
    ["3.借款金额", `约定：人民币${money(c.amount)}元；实际提供：${money(c.amount)}元`],
    ["4.借款期限", `是否到期：是；约定期限：${cn(c.loanDate)}起至${cn(c.dueDate)}止`],
    ["5.借款利率", c.rate.text],
    ["6.借款提供时间", `放款日期：${cn(c.loanDate)}`],
    ["7.还款情况", c.repaid ? `已还本金${money(c.repaid)}元` : "尚未还款"],
    ["管辖法院", c.court],
  );
  const blocks: Block[] = [
    { p: "民事起诉状", center: true, bold: true, size: 16 },
    { p: "（民间借贷纠纷）", center: true },
    { p: "说明：为了方便您更好地参加诉讼，保护您的合法权利，请填写本表。" },
    { table: rows, widths: [2400, 3200, 1200, 2200] },
    { p: "此致" },
    { p: c.court },
    { p: `具状人（签字、盖章）：${cr.name}` },
    { p: cn(c.filed), right: true },
  ];
  return doc(name, "docx", "起诉状", blocks, {
    ...partyStates("plaintiff", cr),
    ...partyStates("defendant", de),
    loan_amount: c.amount,
    loan_date: iso(c.loanDate),
    due_date: iso(c.dueDate),
    sign_date: iso(c.signDate),
    interest_rate: c.rate.annual,
    ...(c.repaid ? { repaid_amount: c.repaid } : {}),
    claim: c.claim,
    court: c.court,
  });
}

const iso = dashed;

/** A narrative 起诉状 with other role wordings (原告（法人）, 第一被告, 第二被告（保证人）, 户籍地 / 现住). */
export function complaintNarrative(c: Case, _p: Pick, name: string, typoName?: string): Doc {
  const cr = c.creditor, de = c.debtor, g = c.guarantor;
  const lines: Block[] = [{ p: "民事起诉状", center: true, bold: true, size: 16 }];
  if (cr.kind === "person") {
    lines.push({
      p: `原告：${cr.name}，${cr.sex}，${cr.birth}出生，汉族，户籍地：${cr.address}，现住${cr.lives}，公民身份号码：${cr.id}，联系电话：${cr.phone}。`,
    });
  } else {
    lines.push(
      { p: `原告（法人）：${cr.name}，住所地：${cr.address}，统一社会信用代码：${cr.credit}。` },
      { p: `法定代表人：${cr.rep}，职务：董事长，联系电话：${cr.phone}。` },
    );
  }
  lines.push({
    p: `委托诉讼代理人：${c.lawyer.name}，${c.lawyer.firm}律师，联系电话：${c.lawyer.phone}。`,
  });
  const dn = typoName ?? de.name;
  lines.push({
    p: `第一被告：${dn}，${de.sex}，${de.birth}出生，汉族，户籍地：${de.address}，现住${de.lives}，公民身份号码：${de.id}，联系电话：${de.phone}。`,
  });
  lines.push({ p: `第二被告（保证人）：${g.name}，${g.sex}，住${g.address}，公民身份号码：${g.id}。` });
  lines.push(
    { p: "诉讼请求：" },
    { p: `一、${c.claim.replace(de.name, dn)}；` },
    {
      p: `二、判令第一被告支付利息（以${money(c.owed)}元为基数，按${c.rate.text}计算）；`,
    },
    { p: "三、判令第二被告对上述债务承担连带清偿责任；" },
    { p: "四、本案诉讼费由二被告承担。" },
  );
  lines.push(
    { p: "事实与理由：" },
    {
      p: `${cn(c.loanDate)}，第一被告因资金周转向原告借款人民币${
        money(c.amount)
      }元，约定${c.rate.text}，借款期限至${
        cn(c.dueDate)
      }，第二被告提供连带责任保证。原告当日通过银行转账交付借款。${
        c.repaid ? `第一被告已归还${money(c.repaid)}元，` : ""
      }余款经原告多次催要未果。为维护原告合法权益，特诉至贵院。`,
    },
    { p: "此致" },
    { p: c.court },
    { p: `具状人：${cr.name}` },
    { p: cn(c.filed), right: true },
  );
  return doc(name, "docx", "起诉状", lines, {
    ...partyStates("plaintiff", cr),
    ...partyStates("defendant", { ...de, name: dn }),
    loan_amount: c.amount,
    loan_date: iso(c.loanDate),
    due_date: iso(c.dueDate),
    interest_rate: c.rate.annual,
    ...(c.repaid ? { repaid_amount: c.repaid } : {}),
    claim: c.claim.replace(de.name, dn),
    court: c.court,
  });
}

// ------------------------------------------------------------------ court papers

/** 要素式 判决书 with a facts table. */
export function judgmentElements(c: Case, _p: Pick, name: string): Doc {
  const cr = c.creditor, de = c.debtor;
  const crLine = cr.kind === "person"
    ? `原告：${cr.name}，${cr.sex}，${cr.birth}出生，汉族，住${cr.address}。`
    : `原告：${cr.name}，住所地${cr.address}。`;
  const blocks: Block[] = [
    { p: c.court, center: true, bold: true, size: 15 },
    { p: "民事判决书", center: true, bold: true, size: 15 },
    { p: caseNoText(c), right: true },
    { p: crLine },
    ...(cr.kind === "person" ? [] : [{ p: `${cr.kind === "bank" ? "负责人" : "法定代表人"}：${cr.rep}。` }]),
    { p: `被告：${de.name}，${de.sex}，${de.birth}出生，汉族，住${de.address}。` },
    {
      p: `原告${cr.name}与被告${de.name}民间借贷纠纷一案，本院立案后，依法适用简易程序公开开庭进行了审理。本案现已审理终结。`,
    },
    { p: "本院经审理认定事实如下：" },
    {
      table: [
        ["要素", "认定内容"],
        ["借款金额", `${money(c.amount)}元`],
        ["放款日期", cn(c.loanDate)],
        ["到期日", cn(c.dueDate)],
        ["约定利率", c.rate.text],
        ["已还款情况", c.repaid ? `已还${money(c.repaid)}元` : "未还款"],
      ],
      widths: [3000, 6000],
    },
    { p: "依照《中华人民共和国民法典》第六百六十七条、第六百七十五条之规定，判决如下：" },
    { p: `一、被告${de.name}于本判决生效之日起十日内偿还原告${cr.name}借款本金${money(c.award)}元；` },
    { p: `二、被告${de.name}支付原告利息（以${money(c.award)}元为基数，按${c.rate.text}计算）。` },
    { p: "案件受理费减半收取计1250元，由被告负担。" },
    { p: "审判员  张  明", right: true },
    { p: cn(c.filed), right: true },
  ];
  return doc(name, "text_pdf", "判决书", blocks, {
    ...partyStates("plaintiff", { ...cr, id: undefined, credit: undefined }, { phone: false }),
    ...partyStates("defendant", { ...de, id: undefined }, { phone: false }),
    loan_amount: c.amount,
    loan_date: iso(c.loanDate),
    due_date: iso(c.dueDate),
    interest_rate: c.rate.annual,
    ...(c.repaid ? { repaid_amount: c.repaid } : {}),
    case_no: c.caseNo,
    court: c.court,
    award_amount: c.award,
  });
}

/** 民事调解书. */
export function mediationRuling(c: Case, _p: Pick, name: string): Doc {
  const cr = c.creditor, de = c.debtor;
  const blocks: Block[] = [
    { p: c.court, center: true, bold: true, size: 15 },
    { p: "民 事 调 解 书", center: true, bold: true, size: 15 },
    { p: caseNoText(c), right: true },
    {
      p: cr.kind === "person"
        ? `原告：${cr.name}，${cr.sex}，住${cr.address}。`
        : `原告：${cr.name}，住所地${cr.address}。`,
    },
    ...(cr.kind === "person" ? [] : [{ p: `法定代表人：${cr.rep}。` }]),
    { p: `被告：${de.name}，${de.sex}，住${de.address}，公民身份号码${de.id}。` },
    {
      p: `原告${cr.name}与被告${de.name}民间借贷纠纷一案，本院于${
        cn(c.filed)
      }立案后，依法适用简易程序进行审理。`,
    },
    { p: "本案在审理过程中，经本院主持调解，双方当事人自愿达成如下协议：" },
    {
      p: `一、被告${de.name}确认尚欠原告${cr.name}借款本金${money(c.settlement)}元，于${
        cn(c.dueDate)
      }前付清；`,
    },
    { p: "二、案件受理费减半收取，由被告负担。" },
    { p: "上述协议，不违反法律规定，本院予以确认。" },
    { p: "审判员  李  华", right: true },
    { p: cn(c.filed), right: true },
  ];
  return doc(name, "text_pdf", "调解书", blocks, {
    ...partyStates("plaintiff", { ...cr, id: undefined, credit: undefined }, { phone: false }),
    ...partyStates("defendant", de, { phone: false }),
    case_no: c.caseNo,
    court: c.court,
    award_amount: c.settlement,
  });
}

/** 受理案件通知书 addressed to the plaintiff. */
export function acceptanceNotice(c: Case, _p: Pick, name: string): Doc {
  const blocks: Block[] = [
    { p: c.court, center: true, bold: true, size: 15 },
    { p: "受理案件通知书", center: true, bold: true, size: 15 },
    { p: caseNoText(c), right: true },
    { p: `${c.creditor.name}：` },
    {
      p: `你诉${c.debtor.name}民间借贷纠纷一案的起诉状已收到。经审查，起诉符合法定受理条件，本院决定立案审理。`,
    },
    { p: "特此通知。" },
    { p: "联系人：书记员王芳  联系电话：0571-87080000" },
    { p: cn(c.filed), right: true },
  ];
  return doc(name, "text_pdf", "受理通知书", blocks, { case_no: c.caseNo, court: c.court });
}

// ------------------------------------------------------------------ signed papers

/** 借据 as a printed table: 大写 and 小写 amounts, 日利率万分之X. */
export function iouTable(c: Case, _p: Pick, name: string, form: Doc["form"]): Doc {
  const cr = c.creditor, de = c.debtor;
  const blocks: Block[] = [
    { p: "借  据", center: true, bold: true, size: 18 },
    {
      table: [
        ["出借人", cr.name, cr.id ? "身份证号" : "统一社会信用代码", cr.id ?? cr.credit!],
        ["借款人", de.name, "身份证号", de.id!],
        ["借款人住址", de.address],
        ["借款金额（大写）", `人民币${bigAmount(c.amount)}`, "（小写）", `￥${money(c.amount)}`],
        ["借款利率", c.rate.day ? `日利率${wanFen(c.rate.day)}` : c.rate.text],
        ["借款日期", cn(c.loanDate), "还款日期", cn(c.dueDate)],
        ["借款人电话", de.phone],
      ],
      widths: [2000, 3000, 1600, 2400],
    },
    { p: "借款人承诺按期归还上述借款本息，逾期按日利率万分之八支付违约金。" },
    { p: `借款人（签字并按手印）：${de.name}` },
    { p: cn(c.signDate), right: true },
  ];
  return doc(name, form, "借条", blocks, {
    plaintiff_name: cr.name,
    ...(cr.id ? { plaintiff_id_no: cr.id } : { plaintiff_credit_code: cr.credit }),
    defendant_name: de.name,
    defendant_id_no: de.id,
    defendant_address: de.address,
    defendant_phone: de.phone,
    loan_amount: c.amount,
    interest_rate: c.rate.annual,
    loan_date: iso(c.loanDate),
    due_date: iso(c.dueDate),
    sign_date: iso(c.signDate),
  });
}

/** 收条: 今收到…出借的借款. */
export function receipt(c: Case, _p: Pick, name: string): Doc {
  const cr = c.creditor, de = c.debtor;
  const blocks: Block[] = [
    { p: "收  条", center: true, bold: true, size: 18 },
    {
      p: `今收到${cr.name}出借的借款人民币${bigAmount(c.amount)}（￥${
        money(c.amount)
      }元），款项已通过银行转账全部收到。`,
    },
    { p: `收款人：${de.name}` },
    { p: `身份证号：${de.id}` },
    { p: cn(c.loanDate), right: true },
  ];
  return doc(name, "docx", "借条", blocks, {
    plaintiff_name: cr.name,
    defendant_name: de.name,
    defendant_id_no: de.id,
    loan_amount: c.amount,
    loan_date: iso(c.loanDate),
  });
}

/** 借款合同 with a 合同要素表. */
export function contractElements(c: Case, p: Pick, name: string, form: Doc["form"]): Doc {
  const cr = c.creditor, de = c.debtor;
  const lenderWord = cr.kind === "person" ? "出借人" : "贷款人";
  const blocks: Block[] = [
    { p: cr.kind === "person" ? "借款合同" : "个人借款合同", center: true, bold: true, size: 16 },
    { p: `合同编号：JK${c.signDate.y}${String(p.int(1000, 9999))}` },
    {
      p: cr.kind === "person"
        ? `${lenderWord}（甲方）：${cr.name}，身份证号：${cr.id}，住址：${cr.address}，电话：${cr.phone}`
        : `${lenderWord}（甲方）：${cr.name}，住所：${cr.address}，${
          cr.kind === "bank" ? "负责人" : "法定代表人"
        }：${cr.rep}，联系电话：${cr.phone}`,
    },
    {
      p: `借款人（乙方）：${de.name}，身份证号：${de.id}，住址：${de.address}，电话：${de.phone}`,
    },
    { p: "第一部分  合同要素表", bold: true },
    {
      table: [
        ["借款金额", `人民币（大写）${bigAmount(c.amount)}  （小写）${money(c.amount)}元`],
        ["借款期限", `${cn(c.loanDate)}至${cn(c.dueDate)}`],
        ["年化利率（单利）", c.rate.annual.replace("年利率", "")],
        ["日利率", c.rate.day ? `${wanFen(c.rate.day)}` : "按年化利率/360计算"],
        ["还款方式", "按月付息，到期还本"],
        ["收款账户", `户名：${de.name}  账号：6222 0212 0300 ${p.int(1000, 9999)} ${p.int(100, 999)}`],
        ["签署日期", cn(c.signDate)],
      ],
      widths: [2600, 6400],
    },
    { p: "第二部分  通用条款", bold: true },
    { p: "第一条 乙方应按期归还借款本息。逾期还款的，按本合同约定利率上浮50%计收罚息。" },
    { p: "第二条 因本合同发生争议的，由甲方住所地人民法院管辖。" },
    { p: `甲方（签章）：${cr.name}        乙方（签字）：${de.name}` },
  ];
  return doc(name, form, "借款合同", blocks, {
    ...partyStates("plaintiff", { ...cr, credit: undefined }),
    ...partyStates("defendant", de),
    loan_amount: c.amount,
    loan_date: iso(c.loanDate),
    due_date: iso(c.dueDate),
    interest_rate: c.rate.annual,
    sign_date: iso(c.signDate),
  });
}

/** 和解协议 in a table (甲方（债权人） / 乙方（债务人）). */
export function settlementTable(c: Case, _p: Pick, name: string): Doc {
  const cr = c.creditor, de = c.debtor;
  const blocks: Block[] = [
    { p: "和解协议", center: true, bold: true, size: 16 },
    {
      table: [
        [
          "甲方（债权人）",
          cr.name,
          cr.kind === "person" ? "身份证号" : "统一社会信用代码",
          cr.id ?? cr.credit!,
        ],
        ["乙方（债务人）", de.name, "身份证号", de.id!],
        ["乙方联系电话", de.phone, "甲方联系电话", cr.phone],
        ["原借款金额", `${money(c.amount)}元`, "原借款日期", cn(c.loanDate)],
        ["和解金额", `${money(c.settlement)}元`, "付款期限", `${cn(c.dueDate)}前`],
      ],
      widths: [2000, 2800, 1800, 2400],
    },
    { p: `甲乙双方就借款纠纷自愿达成和解，乙方于付款期限前向甲方支付和解金额，甲方放弃其余请求。` },
    { p: `甲方：${cr.name}        乙方：${de.name}` },
    { p: cn(c.filed), right: true },
  ];
  return doc(name, "docx", "调解协议", blocks, {
    plaintiff_name: cr.name,
    ...(cr.id ? { plaintiff_id_no: cr.id } : { plaintiff_credit_code: cr.credit }),
    plaintiff_phone: cr.phone,
    defendant_name: de.name,
    defendant_id_no: de.id,
    defendant_phone: de.phone,
    loan_amount: c.amount,
    loan_date: iso(c.loanDate),
    award_amount: c.settlement,
  });
}

/** 授权委托书 as a table: 委托人 the creditor, 受托人 a lawyer (whose phone is not the party's). */
export function powerOfAttorney(c: Case, _p: Pick, name: string): Doc {
  const cr = c.creditor;
  const blocks: Block[] = [
    { p: "授权委托书", center: true, bold: true, size: 16 },
    {
      table: [
        ["委托人", cr.name, cr.kind === "person" ? "身份证号" : "统一社会信用代码", cr.id ?? cr.credit!],
        ...(cr.kind === "person" ? [] : [["法定代表人", cr.rep!, "职务", "董事长"]]),
        ["受托人", c.lawyer.name, "工作单位", c.lawyer.firm],
        ["受托人电话", c.lawyer.phone, "执业证号", "13301201810123456"],
        ["代理权限", "特别授权：代为起诉、应诉、调解、和解、签收法律文书"],
      ],
      widths: [1800, 3000, 1800, 2400],
    },
    { p: `委托人${cr.name}与${c.debtor.name}民间借贷纠纷一案，现委托上列受托人为诉讼代理人。` },
    { p: `委托人（签章）：${cr.name}` },
    { p: cn(c.filed), right: true },
  ];
  return doc(name, "docx", "授权委托书", blocks, {
    plaintiff_name: cr.name,
    ...(cr.id
      ? { plaintiff_id_no: cr.id }
      : { plaintiff_credit_code: cr.credit, plaintiff_legal_rep: cr.rep }),
  });
}

/** 当事人送达地址确认书 with four columns. */
export function serviceAddress(
  c: Case,
  _p: Pick,
  name: string,
  form: Doc["form"],
  side: "plaintiff" | "defendant",
): Doc {
  const party = side === "plaintiff" ? c.creditor : c.debtor;
  const blocks: Block[] = [
    { p: "当事人送达地址确认书", center: true, bold: true, size: 16 },
    {
      table: [
        ["案号", caseNoText(c), "案由", "民间借贷纠纷"],
        [
          "受送达人",
          party.name,
          party.kind === "person" ? "身份证号" : "统一社会信用代码",
          party.id ?? party.credit!,
        ],
        ["送达地址", party.lives, "邮政编码", "310000"],
        ["联系电话", party.phone, "电子送达", `手机号码：${party.phone}`],
        ["告知事项", "1.当事人应当如实提供确切的送达地址；2.确认的送达地址适用于一审、二审和执行程序。"],
        ["受送达人确认", "我已阅读本确认书的告知事项，保证上述送达地址准确、有效。"],
      ],
      widths: [1800, 3200, 1800, 2200],
    },
    { p: `受送达人（签名）：${party.name}` },
    { p: cn(c.filed), right: true },
  ];
  return doc(
    name,
    form,
    "送达地址确认书",
    blocks,
    {
      [`${side}_name`]: party.name,
      ...(party.id ? { [`${side}_id_no`]: party.id } : {}),
      [`${side}_phone`]: party.phone,
      case_no: c.caseNo,
    } as Doc["states"],
  );
}

/** 诉前调解申请书 (申请人 / 被申请人, 请求事项). */
export function mediationApplication(c: Case, _p: Pick, name: string): Doc {
  const cr = c.creditor, de = c.debtor;
  const blocks: Block[] = [
    { p: "诉前调解申请书", center: true, bold: true, size: 16 },
    {
      p: cr.kind === "person"
        ? `申请人：${cr.name}，${cr.sex}，汉族，公民身份号码：${cr.id}，住${cr.address}，联系电话：${cr.phone}。`
        : `申请人：${cr.name}，统一社会信用代码：${cr.credit}，住所地：${cr.address}。`,
    },
    ...(cr.kind === "person" ? [] : [{ p: `法定代表人：${cr.rep}，联系电话：${cr.phone}。` }]),
    {
      p: `被申请人：${de.name}，${de.sex}，汉族，公民身份号码：${de.id}，住${de.address}，联系电话：${de.phone}。`,
    },
    { p: "请求事项：" },
    { p: `1、${c.claim}；` },
    { p: "2、调解费用由被申请人负担。" },
    { p: "事实与理由：" },
    {
      p: `${cn(c.loanDate)}，被申请人向申请人借款${money(c.amount)}元，双方约定${c.rate.text}，还款期限至${
        cn(c.dueDate)
      }。到期后被申请人未按约还款。`,
    },
    { p: "此致" },
    { p: c.court },
    { p: `申请人：${cr.name}` },
    { p: cn(c.filed), right: true },
  ];
  return doc(name, "docx", "调解申请书", blocks, {
    ...partyStates("plaintiff", cr),
    ...partyStates("defendant", de),
    loan_amount: c.amount,
    loan_date: iso(c.loanDate),
    due_date: iso(c.dueDate),
    interest_rate: c.rate.annual,
    claim: c.claim,
    court: c.court,
  });
}

/** 诉前调解协议书 with a 民诉前调 number. */
export function mediationAgreement(c: Case, _p: Pick, name: string, preNo: string): Doc {
  const cr = c.creditor, de = c.debtor;
  const blocks: Block[] = [
    { p: c.court, center: true, bold: true },
    { p: "诉前调解协议书", center: true, bold: true, size: 16 },
    { p: preNo, right: true },
    { p: `申请人：${cr.name}` },
    { p: `被申请人：${de.name}，公民身份号码：${de.id}` },
    { p: "经人民法院特邀调解员主持调解，双方自愿达成如下协议：" },
    { p: `一、被申请人${de.name}于${cn(c.dueDate)}前向申请人支付借款本金${money(c.settlement)}元；` },
    { p: "二、双方就本案再无其他争议。" },
    { p: `申请人：${cr.name}    被申请人：${de.name}` },
    { p: cn(c.filed), right: true },
  ];
  return doc(name, "text_pdf", "调解协议", blocks, {
    plaintiff_name: cr.name,
    defendant_name: de.name,
    defendant_id_no: de.id,
    case_no: preNo.replace("(", "（").replace(")", "）"),
    court: c.court,
    award_amount: c.settlement,
  });
}

// ------------------------------------------------------------------ letters and records

/** 催收通知书 / 还款提醒函 (one side wrote it). */
export function collectionNotice(c: Case, p: Pick, name: string): Doc {
  const cr = c.creditor, de = c.debtor;
  const title = p.chance(0.5) ? "催收通知书" : "还款提醒函";
  const blocks: Block[] = [
    { p: title, center: true, bold: true, size: 16 },
    { p: `${de.name}（身份证号：${de.id}）：` },
    {
      p: `您于${cn(c.signDate)}与我方签订借款合同，借款本金${money(c.amount)}元，借款到期日为${
        cn(c.dueDate)
      }。截至今日，您尚欠本金${money(c.owed)}元。请于收到本通知之日起七日内归还。`,
    },
    { p: `联系人：${cr.rep ?? cr.name}  联系电话：${cr.phone}` },
    { p: cr.name, right: true },
    { p: cn(c.filed), right: true },
  ];
  return doc(name, "docx", "催款函", blocks, {
    defendant_name: de.name,
    defendant_id_no: de.id,
    loan_amount: c.amount,
    due_date: iso(c.dueDate),
    sign_date: iso(c.signDate),
  });
}

/** 客户对账单 (借方 / 贷方 / 合计) of a lender. */
export function statement(c: Case, p: Pick, name: string): Doc {
  const cr = c.creditor, de = c.debtor;
  const rows: string[][] = [["交易日期", "摘要", "借方发生额", "贷方发生额", "余额"]];
  rows.push([dashed(c.loanDate), "贷款发放", money(c.amount), "", money(c.amount)]);
  const n = 3;
  const parts = [Math.round(c.repaid * 0.3 * 100) / 100, Math.round(c.repaid * 0.3 * 100) / 100];
  parts.push(Math.round((c.repaid - parts[0] - parts[1]) * 100) / 100);
  let bal = c.amount;
  for (let i = 0; i < (c.repaid ? n : 0); i++) {
    bal = Math.round((bal - parts[i]) * 100) / 100;
    const d = { ...c.loanDate, m: ((c.loanDate.m + i) % 12) + 1 };
    rows.push([dashed(d), "归还本金", "", money(parts[i]), money(bal)]);
  }
  if (c.repaid) rows.push(["合计", "", money(c.amount), money(c.repaid), money(bal)]);
  const blocks: Block[] = [
    { p: cr.name, center: true, bold: true },
    { p: "客户对账单", center: true, bold: true, size: 16 },
    { p: `客户名称：${de.name}    证件号码：${de.id}    贷款账号：${p.int(10000000, 99999999)}` },
    { table: rows, widths: [1800, 1800, 1800, 1800, 1800] },
    { p: "注：借方为放款，贷方为还款。" },
  ];
  return doc(name, "text_pdf", "银行流水", blocks, {
    defendant_name: de.name,
    defendant_id_no: de.id,
    loan_amount: c.amount,
    loan_date: iso(c.loanDate),
    ...(c.repaid ? { repaid_amount: c.repaid } : {}),
  });
}

/** 还款明细 .xlsx: title and metadata rows, header on row 5, Excel dates and string amounts, totals on sheet 2. */
export function repaymentSheet(c: Case, _p: Pick, name: string): Doc {
  const parts = [Math.round(c.repaid * 0.5 * 100) / 100];
  parts.push(Math.round((c.repaid - parts[0]) * 100) / 100);
  const rows: Doc["sheets"] = [{
    name: "还款明细",
    rows: [
      [`${c.debtor.name}借款还款明细`],
      [`出借人：${c.creditor.name}`],
      [`借款本金：${money(c.amount)}元`],
      ["制表日期：" + cn(c.filed)],
      ["序号", "还款日期", "还款金额（元）", "还款方式", "备注"],
      ...(c.repaid
        ? [
          [1, { date: { ...c.loanDate, m: (c.loanDate.m % 12) + 1 } }, parts[0], "银行转账", "归还本金"],
          [
            2,
            dotted({ ...c.loanDate, m: ((c.loanDate.m + 1) % 12) + 1 }),
            money(parts[1]),
            "微信转账",
            "归还本金",
          ],
        ]
        : []),
    ],
  }, {
    name: "汇总",
    rows: [
      ["项目", "金额（元）"],
      ["借款本金", c.amount],
      ...(c.repaid ? [["已还款合计", c.repaid]] : []),
      ["尚欠本金", c.owed],
    ],
  }];
  return {
    name,
    form: "xlsx",
    kind: "还款记录",
    rank: RANK["还款记录"],
    sheets: rows,
    states: {
      ...(c.repaid ? { repaid_amount: c.repaid } : {}),
      loan_amount: c.amount,
      plaintiff_name: c.creditor.name,
    },
  };
}

// ------------------------------------------------------------------ certificates

/** 身份证复印件: front and back on one A4 page (the back's 有效期限 dates are not birth dates). */
export function idCardCopy(
  party: Party,
  _p: Pick,
  name: string,
  form: Doc["form"],
  side: "plaintiff" | "defendant",
): Doc {
  const issued = { y: 2016 + (party.id!.charCodeAt(10) % 6), m: 3 + (party.id!.charCodeAt(12) % 8), d: 11 };
  const blocks: Block[] = [
    { p: "居民身份证复印件", center: true, bold: true },
    {
      table: [
        [`姓名 ${party.name}`],
        [`性别 ${party.sex}    民族 汉`],
        [`出生 ${party.birth}`],
        [`住址 ${party.address}`],
        [`公民身份号码 ${party.id}`],
      ],
      widths: [6000],
    },
    { p: "" },
    {
      table: [
        ["中华人民共和国"],
        ["居民身份证"],
        [`签发机关 ${party.place.city}公安局${party.place.county}分局`],
        [`有效期限 ${dotted(issued)}-${dotted({ ...issued, y: issued.y + 20 })}`],
      ],
      widths: [6000],
    },
    { p: "（本复印件仅供诉讼使用）" },
  ];
  return doc(
    name,
    form,
    "身份证",
    blocks,
    {
      [`${side}_name`]: party.name,
      [`${side}_id_no`]: party.id,
      [`${side}_address`]: party.address,
    } as Doc["states"],
  );
}

/** 户口簿 常住人口登记卡. */
export function householdCard(party: Party, _p: Pick, name: string, side: "plaintiff" | "defendant"): Doc {
  const blocks: Block[] = [
    { p: "常住人口登记卡", center: true, bold: true, size: 16 },
    {
      table: [
        ["姓名", party.name, "户主或与户主关系", "户主"],
        ["性别", party.sex!, "民族", "汉族"],
        ["出生日期", party.birth!, "出生地", party.place.province + party.place.city],
        ["公民身份证件编号", party.id!, "文化程度", "大学本科"],
        ["本市（县）其他住址", party.lives],
        ["住址", party.address],
        ["承办人签章", "王警官", "登记日期", "2015年6月1日"],
      ],
      widths: [2200, 2800, 2000, 2000],
    },
  ];
  return doc(
    name,
    "text_pdf",
    "户口簿",
    blocks,
    {
      [`${side}_name`]: party.name,
      [`${side}_id_no`]: party.id,
      [`${side}_address`]: party.address,
    } as Doc["states"],
  );
}

/** 营业执照 in landscape, with a QR block. */
export function businessLicence(party: Party, _p: Pick, name: string, form: Doc["form"]): Doc {
  const blocks: Block[] = [
    { p: "营 业 执 照", center: true, bold: true, size: 22 },
    { p: "（副  本）", center: true },
    {
      table: [
        [`统一社会信用代码 ${party.credit}`, "▇▇▇▇\n▇  ▇\n▇▇▇▇\n扫描二维码登录\n国家企业信用信息公示系统"],
        [`名    称 ${party.name}`, `注册资本 伍仟万元整`],
        [`类    型 有限责任公司（自然人投资或控股）`, `成立日期 2012年05月18日`],
        [
          `${party.kind === "bank" ? "负 责 人" : "法定代表人"} ${party.rep}`,
          `营业期限 2012年05月18日至长期`,
        ],
        [
          `经营范围 企业管理咨询；供应链管理服务`,
          `${party.kind === "bank" ? "营业场所" : "住    所"} ${party.address}`,
        ],
      ],
      widths: [7600, 6200],
    },
    { p: `登记机关  ${party.place.city}市场监督管理局        2021年08月16日`, right: true },
  ];
  return {
    ...doc(name, form, "营业执照", blocks, {
      plaintiff_name: party.name,
      plaintiff_credit_code: party.credit,
      plaintiff_legal_rep: party.rep,
      plaintiff_address: party.address,
    }),
    landscape: true,
  };
}

/** 企业信用信息公示报告. */
export function creditReport(party: Party, _p: Pick, name: string): Doc {
  const blocks: Block[] = [
    { p: "企业信用信息公示报告", center: true, bold: true, size: 16 },
    { p: "报告生成时间：2024年05月06日" },
    { p: "一、基础信息", bold: true },
    {
      table: [
        ["统一社会信用代码", party.credit!, "企业名称", party.name],
        ["法定代表人", party.rep!, "登记状态", "存续（在营、开业、在册）"],
        ["企业类型", "有限责任公司", "成立日期", "2012年05月18日"],
        ["注册资本", "5000万元人民币", "核准日期", "2021年08月16日"],
        ["住所", party.address],
        ["经营范围", "企业管理咨询；供应链管理服务；信息技术咨询服务"],
      ],
      widths: [2200, 2600, 1800, 2400],
    },
    { p: "二、行政许可信息：暂无" },
  ];
  return doc(name, "text_pdf", "企业信用信息公示报告", blocks, {
    plaintiff_name: party.name,
    plaintiff_credit_code: party.credit,
    plaintiff_legal_rep: party.rep,
    plaintiff_address: party.address,
  });
}
