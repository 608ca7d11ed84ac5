/**
 * Generates the written forms of an official division name: the full name, the name without its
 * level suffix, the name without its ethnic part (恩施土家族苗族自治州 → 恩施州, 恩施; 长阳土家族自治县 →
 * 长阳县, 长阳), banner abbreviations (科尔沁左翼中旗 → 科左中旗, 土默特右旗 → 土右旗), and the names
 * a county had before a 县/市/区 conversion (富阳市 for 富阳区).
 */

/** How a form relates to the official name; the matcher trusts them in this order. */
export type FormKind = "full" | "short" | "bare" | "old" | "typo";

/** One written form; `bare` forms carry no level suffix (余杭, 江阴) and need context to count. */
export interface NameForm {
  text: string;
  kind: FormKind;
}

const ETHNIC_NAMES = [
  "蒙古",
  "回",
  "藏",
  "维吾尔",
  "苗",
  "彝",
  "壮",
  "布依",
  "朝鲜",
  "满",
  "侗",
  "瑶",
  "白",
  "土家",
  "哈尼",
  "哈萨克",
  "傣",
  "黎",
  "傈僳",
  "佤",
  "畲",
  "高山",
  "拉祜",
  "水",
  "东乡",
  "纳西",
  "景颇",
  "柯尔克孜",
  "土",
  "达斡尔",
  "仫佬",
  "羌",
  "布朗",
  "撒拉",
  "毛南",
  "仡佬",
  "锡伯",
  "阿昌",
  "普米",
  "塔吉克",
  "怒",
  "乌孜别克",
  "俄罗斯",
  "鄂温克",
  "德昂",
  "保安",
  "裕固",
  "京",
  "塔塔尔",
  "独龙",
  "鄂伦春",
  "赫哲",
  "门巴",
  "珞巴",
  "基诺",
  "各",
];
const ETHNIC_PATTERN = new RegExp(
  `(?:${[...ETHNIC_NAMES].sort((a, b) => b.length - a.length).join("|")})族?$`,
);
const PROVINCE_SUFFIX = /(?:壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区|省|市)$/;
const CITY_SUFFIX = /(?:市|地区|盟)$/;
const COUNTY_SUFFIX = /(?:自治县|自治旗|新区|林区|特区|县|区|市|旗)$/;

/** Removes trailing ethnic names (土家族苗族 …) from a base name; keeps at least two characters. */
export function stripEthnicNames(base: string): string {
  let rest = base;
  for (;;) {
    const match = ETHNIC_PATTERN.exec(rest);
    if (!match || match[0].length === 0 || rest.length - match[0].length < 2) break;
    rest = rest.slice(0, rest.length - match[0].length);
  }
  if (rest === base && base.endsWith("族") && base.length >= 3) return base.slice(0, -1);
  return rest;
}

function pushForm(forms: NameForm[], text: string, kind: FormKind): void {
  if (text.length < 2 || forms.some((f) => f.text === text)) return;
  // 市中, 市北 would read the 市 of 济南市中心 as a district.
  if (kind === "bare" && "市区县".includes(text[0])) return;
  forms.push({ text, kind });
}

/** Forms of a province name: 广西壮族自治区 → 广西. */
export function listProvinceForms(name: string): NameForm[] {
  const forms: NameForm[] = [{ text: name, kind: "full" }];
  pushForm(forms, name.replace(PROVINCE_SUFFIX, ""), "short");
  return forms;
}

/** Forms of a city name: 杭州市 → 杭州; 恩施土家族苗族自治州 → 恩施州, 恩施; 锡林郭勒盟 → 锡林郭勒. */
export function listCityForms(name: string): NameForm[] {
  const forms: NameForm[] = [{ text: name, kind: "full" }];
  if (name.endsWith("自治州")) {
    const base = stripEthnicNames(name.slice(0, -3));
    pushForm(forms, `${base}州`, "short");
    pushForm(forms, `${base}自治州`, "short");
    pushForm(forms, base, "short");
  } else {
    pushForm(forms, name.replace(CITY_SUFFIX, ""), "short");
  }
  addTypoForms(forms);
  return forms;
}

/** Banner abbreviations: 科尔沁左翼中旗 → 科左中旗, 土默特右旗 → 土右旗, 喀喇沁左翼…自治县 → 喀左县. */
function listBannerAbbreviations(base: string, suffix: string): string[] {
  const wing = /^(.{2,})([左右])翼([前中后]?)$/.exec(base);
  if (wing) return [`${wing[1][0]}${wing[2]}${wing[3]}${suffix}`];
  const side = /^(.{2,})([左右前中后])$/.exec(base);
  if (side && suffix === "旗") return [`${side[1][0]}${side[2]}${suffix}`];
  return [];
}

/** Forms of a county name, including former suffixes when `withOld` (富阳区 → 富阳市, 富阳县). */
export function listCountyForms(name: string, withOld = true): NameForm[] {
  const forms: NameForm[] = [{ text: name, kind: "full" }];
  const autonomous = /^(.+?)(?:自治)?([县旗])$/.exec(name);
  if (/自治[县旗]$/.test(name) && autonomous) {
    const base = stripEthnicNames(autonomous[1]);
    pushForm(forms, `${base}${autonomous[2]}`, "short");
    pushForm(forms, `${base}自治${autonomous[2]}`, "short");
    for (const abbr of listBannerAbbreviations(base, autonomous[2])) pushForm(forms, abbr, "short");
    pushForm(forms, base, "bare");
    return forms;
  }
  const ethnicDistrict = /^(.+?)((?:[^区]+族)+)区$/.exec(name);
  if (ethnicDistrict) {
    const base = stripEthnicNames(`${ethnicDistrict[1]}${ethnicDistrict[2]}`);
    pushForm(forms, `${base}区`, "short");
    pushForm(forms, base, "bare");
    return forms;
  }
  const suffix = COUNTY_SUFFIX.exec(name)?.[0] ?? "";
  const base = name.slice(0, name.length - suffix.length);
  if (suffix === "旗") {
    for (const abbr of listBannerAbbreviations(base, suffix)) pushForm(forms, abbr, "short");
  }
  if (suffix !== "" && base.length >= 2) {
    pushForm(forms, base, "bare");
    if (withOld && (suffix === "区" || suffix === "市" || suffix === "县")) {
      for (const old of ["县", "市", "区"]) if (old !== suffix) pushForm(forms, `${base}${old}`, "old");
    }
  }
  addTypoForms(forms);
  return forms;
}

/** Common miswriting of 州 as 洲 (杭洲市) and back (株州市), for forms that carry a suffix. */
function addTypoForms(forms: NameForm[]): void {
  for (const form of [...forms]) {
    if (form.kind !== "full" || form.text.endsWith("自治州")) continue;
    const swapped = form.text.replace(/[州洲]/g, (ch) => (ch === "州" ? "洲" : "州"));
    if (swapped !== form.text) pushForm(forms, swapped, "typo");
  }
}
