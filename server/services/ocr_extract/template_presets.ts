import type { OcrTemplateField } from "../../../common/schemas/ocr.ts";

/** A ready-made extraction template a user can copy into their own (issue #11 §1, beyond the spec). */
export interface OcrTemplatePreset {
  key: string;
  name: string;
  description: string;
  fields: OcrTemplateField[];
}

const PARTY_FIELDS = (a: string, b: string, prefixA: string, prefixB: string): OcrTemplateField[] => [
  { label: a, key: `${prefixA}_name`, prompt: `${a}的姓名或单位名称` },
  { label: `${a}身份证号`, key: `${prefixA}_id_no`, prompt: `${a}为自然人时的18位公民身份号码` },
  { label: `${a}电话`, key: `${prefixA}_phone`, prompt: `${a}本人的联系电话，不是代理人的` },
  { label: `${a}住址`, key: `${prefixA}_address`, prompt: `${a}身份证或户籍登记的住址；单位填住所地` },
  { label: b, key: `${prefixB}_name`, prompt: `${b}的姓名或单位名称` },
  { label: `${b}身份证号`, key: `${prefixB}_id_no`, prompt: `${b}为自然人时的18位公民身份号码` },
  { label: `${b}电话`, key: `${prefixB}_phone`, prompt: `${b}本人的联系电话` },
  { label: `${b}住址`, key: `${prefixB}_address`, prompt: `${b}身份证或户籍登记的住址；单位填住所地` },
];

export const OCR_TEMPLATE_PRESETS: OcrTemplatePreset[] = [
  {
    key: "private_lending",
    name: "民间借贷要素",
    description: "民间借贷案件的当事人、借款金额、日期、利率与还款情况",
    fields: [
      ...PARTY_FIELDS("出借人", "借款人", "plaintiff", "defendant"),
      { label: "借款金额", key: "loan_amount", prompt: "出借的本金，不是诉请金额或欠款余额" },
      { label: "借款日期", key: "loan_date", prompt: "借条落款日期或款项交付日期" },
      { label: "约定利率", key: "interest_rate", prompt: "借条或合同约定的利率，原样写出（如年利率6%）" },
      { label: "还款期限", key: "due_date", prompt: "约定的还款日期或借款期限届满日" },
      { label: "已还金额", key: "repaid_amount", prompt: "借款人已经归还的金额" },
      { label: "案号", key: "case_no", prompt: "如（2024）浙0106民初1234号" },
      { label: "受理法院", key: "court" },
    ],
  },
  {
    key: "sales_contract",
    name: "买卖合同要素",
    description: "买卖合同纠纷的出卖人、买受人、货款与交付情况",
    fields: [
      ...PARTY_FIELDS("出卖人", "买受人", "seller", "buyer"),
      { label: "合同名称", key: "contract_name" },
      { label: "签订日期", key: "sign_date", prompt: "合同落款或签订日期" },
      { label: "货物名称", key: "goods", prompt: "买卖标的物的名称与规格" },
      { label: "合同总价款", key: "contract_price", prompt: "合同约定的总价款" },
      { label: "已付款金额", key: "paid_amount" },
      { label: "欠款金额", key: "unpaid_amount", prompt: "尚欠的货款" },
      { label: "违约金约定", key: "penalty", prompt: "合同约定的违约金或逾期付款责任" },
      { label: "案号", key: "case_no" },
    ],
  },
  {
    key: "labor_dispute",
    name: "劳动争议要素",
    description: "劳动争议案件的劳动者、用人单位、入职离职与工资情况",
    fields: [
      { label: "劳动者", key: "worker_name" },
      { label: "劳动者身份证号", key: "worker_id_no" },
      { label: "劳动者电话", key: "worker_phone" },
      { label: "用人单位", key: "employer_name" },
      { label: "统一社会信用代码", key: "employer_credit_code" },
      { label: "法定代表人", key: "employer_legal_rep" },
      { label: "入职日期", key: "hire_date" },
      { label: "离职日期", key: "leave_date" },
      { label: "月工资", key: "monthly_wage", prompt: "劳动者离职前十二个月的平均月工资或合同约定月工资" },
      { label: "拖欠工资", key: "unpaid_wage" },
      { label: "仲裁案号", key: "arbitration_no", prompt: "劳动人事争议仲裁委员会的案号" },
    ],
  },
  {
    key: "traffic_accident",
    name: "机动车交通事故要素",
    description: "机动车交通事故责任纠纷的当事人、车辆、事故与保险情况",
    fields: [
      { label: "原告/受害人", key: "victim_name" },
      { label: "原告身份证号", key: "victim_id_no" },
      { label: "被告/驾驶人", key: "driver_name" },
      { label: "被告身份证号", key: "driver_id_no" },
      { label: "车牌号", key: "plate_no", prompt: "肇事机动车号牌，如浙A12345" },
      { label: "事故发生时间", key: "accident_time" },
      { label: "事故地点", key: "accident_place" },
      {
        label: "责任认定",
        key: "liability",
        prompt: "交通事故认定书认定的责任划分（全部、主要、同等、次要）",
      },
      { label: "保险公司", key: "insurer", prompt: "承保交强险或商业三者险的保险公司" },
      { label: "医疗费", key: "medical_cost" },
      { label: "索赔总额", key: "claim_total" },
    ],
  },
];
