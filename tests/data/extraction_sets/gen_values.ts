/**
 * Invented values for the generated extraction set (make_set2.ts): people, companies, valid ID numbers and
 * 统一社会信用代码, phones, addresses in real divisions, courts with their case-number codes, loan terms. All
 * drawn from a seeded generator so the set is the same on every run.
 */

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Pick {
  constructor(readonly r: () => number) {}
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.r() * (hi - lo + 1));
  }
  of<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.r() * xs.length)];
  }
  chance(p: number): boolean {
    return this.r() < p;
  }
}

const SURNAMES =
  "赵钱孙周吴郑冯陈褚卫蒋沈韩杨朱秦尤许何吕施孔曹严华金魏陶姜戚谢邹喻柏窦章苏潘葛范彭鲁韦昌马苗凤花方俞任袁柳鲍史唐费廉岑薛雷贺倪汤滕殷罗毕郝邬安常乐于傅卞齐康伍余顾孟黄穆萧尹姚邵汪祁毛狄米贝明臧计伏成戴宋庞熊纪舒屈项祝董梁杜阮蓝闵季贾江童颜郭梅盛林钟徐邱骆高夏蔡田樊胡凌霍虞万柯管卢莫";
const GIVEN =
  "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰飞鹏辉建国志红梅琳晨宇浩然欣怡子涵思远嘉俊雅婷文博佳琪梓萱一鸣海燕春生秋菊冬梅永福德胜立新卫东向阳";

export function personName(p: Pick): string {
  const g = p.chance(0.6) ? p.of([...GIVEN]) + p.of([...GIVEN]) : p.of([...GIVEN]);
  return p.of([...SURNAMES]) + g;
}

export interface Place {
  province: string;
  city: string;
  county: string;
  code: string;
  /** Court code in case numbers (浙0106). */
  courtCode: string;
  roads: string[];
}

export const PLACES: Place[] = [
  {
    province: "浙江省",
    city: "杭州市",
    county: "西湖区",
    code: "330106",
    courtCode: "浙0106",
    roads: ["文三路", "天目山路", "古墩路", "教工路"],
  },
  {
    province: "江苏省",
    city: "南京市",
    county: "鼓楼区",
    code: "320106",
    courtCode: "苏0106",
    roads: ["中山北路", "湖南路", "汉中门大街"],
  },
  {
    province: "广东省",
    city: "深圳市",
    county: "南山区",
    code: "440305",
    courtCode: "粤0305",
    roads: ["科技南路", "南海大道", "桃园路"],
  },
  {
    province: "四川省",
    city: "成都市",
    county: "武侯区",
    code: "510107",
    courtCode: "川0107",
    roads: ["人民南路四段", "科华北路", "武侯祠大街"],
  },
  {
    province: "湖北省",
    city: "武汉市",
    county: "洪山区",
    code: "420111",
    courtCode: "鄂0111",
    roads: ["珞喻路", "雄楚大道", "民族大道"],
  },
  {
    province: "山东省",
    city: "济南市",
    county: "历下区",
    code: "370102",
    courtCode: "鲁0102",
    roads: ["泉城路", "解放路", "经十路"],
  },
  {
    province: "福建省",
    city: "厦门市",
    county: "思明区",
    code: "350203",
    courtCode: "闽0203",
    roads: ["湖滨南路", "厦禾路", "莲前西路"],
  },
  {
    province: "河南省",
    city: "郑州市",
    county: "金水区",
    code: "410105",
    courtCode: "豫0105",
    roads: ["花园路", "农业路", "经三路"],
  },
];

export function address(p: Pick, place: Place): string {
  const road = p.of(place.roads);
  const tail = p.chance(0.5)
    ? `${p.int(1, 399)}号${p.int(1, 28)}幢${p.int(1, 3)}单元${p.int(1, 30)}0${p.int(1, 6)}室`
    : `${p.int(1, 899)}号`;
  return `${place.province}${place.city}${place.county}${road}${tail}`;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = "10X98765432";

export function idNumber(p: Pick, place: Place, sex: "男" | "女"): { id: string; birth: string } {
  const y = p.int(1965, 1998), m = p.int(1, 12), d = p.int(1, 28);
  const seq = p.int(10, 99) * 10 + (sex === "男" ? p.of([1, 3, 5, 7, 9]) : p.of([0, 2, 4, 6, 8]));
  const body = `${place.code}${y}${String(m).padStart(2, "0")}${String(d).padStart(2, "0")}${
    String(seq).padStart(3, "0")
  }`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * ID_WEIGHTS[i];
  return { id: body + ID_CHECK[sum % 11], birth: `${y}年${m}月${d}日` };
}

const CREDIT_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function creditCode(p: Pick, place: Place): string {
  let body = "91" + place.code;
  for (let i = 0; i < 9; i++) body += p.of([...CREDIT_CHARS.slice(0, 20)]);
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(body[i]) * CREDIT_WEIGHTS[i];
  return body + CREDIT_CHARS[(31 - (sum % 31)) % 31];
}

export function phone(p: Pick): string {
  return `1${p.of(["3", "5", "7", "8", "9"])}${p.int(0, 9)}${String(p.int(0, 99999999)).padStart(8, "0")}`;
}

const FIRM_WORDS = [
  "鼎信",
  "恒达",
  "瑞丰",
  "信和",
  "金桥",
  "汇通",
  "长兴",
  "盛元",
  "博远",
  "安泰",
  "卓越",
  "和润",
];
const FIRM_TRADES = [
  "小额贷款有限公司",
  "融资担保有限公司",
  "商贸有限公司",
  "供应链管理有限公司",
  "科技有限公司",
];

export function companyName(p: Pick, place: Place): string {
  return `${place.city.replace(/市$/, "")}${p.of(FIRM_WORDS)}${p.of(FIRM_TRADES)}`;
}

export function bankBranch(p: Pick, place: Place): string {
  const bank = p.of([
    "中国工商银行股份有限公司",
    "招商银行股份有限公司",
    "交通银行股份有限公司",
    "兴业银行股份有限公司",
  ]);
  return `${bank}${place.city.replace(/市$/, "")}${place.county.replace(/区$/, "")}支行`;
}

export interface Ymd {
  y: number;
  m: number;
  d: number;
}

export function dateAdd(a: Ymd, months: number, days = 0): Ymd {
  const t = new Date(Date.UTC(a.y, a.m - 1 + months, a.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}
export const iso = (a: Ymd) => `${a.y}-${String(a.m).padStart(2, "0")}-${String(a.d).padStart(2, "0")}`;
export const cn = (a: Ymd) => `${a.y}年${a.m}月${a.d}日`;
export const dotted = (a: Ymd) => `${a.y}.${String(a.m).padStart(2, "0")}.${String(a.d).padStart(2, "0")}`;
export const dashed = iso;

const CN_NUM = "零壹贰叁肆伍陆柒捌玖";

/** 大写 amount: 人民币壹拾万元整. */
export function bigAmount(x: number): string {
  const yuan = Math.floor(x + 1e-9), jiao = Math.floor((x * 10 + 1e-6) % 10), fen = Math.round(x * 100) % 10;
  const section = (n: number): string => {
    const units = ["", "拾", "佰", "仟"];
    let out = "", zero = false;
    for (let i = 3; i >= 0; i--) {
      const d = Math.floor(n / 10 ** i) % 10;
      if (d === 0) {
        if (out) zero = true;
        continue;
      }
      if (zero) out += "零";
      zero = false;
      out += CN_NUM[d] + units[i];
    }
    return out;
  };
  let s = "";
  const wan = Math.floor(yuan / 10000), rest = yuan % 10000;
  if (wan) s += section(wan) + "万";
  if (rest) s += (wan && rest < 1000 ? "零" : "") + section(rest);
  s += "元";
  if (jiao || fen) {
    s += jiao ? CN_NUM[jiao] + "角" : "零";
    if (fen) s += CN_NUM[fen] + "分";
  } else s += "整";
  return s;
}

export function money(x: number): string {
  return x.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** 日利率万分之X written in Chinese numerals (万分之五). */
export function wanFen(n: number): string {
  return "万分之" + ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"][n];
}
