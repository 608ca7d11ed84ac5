/**
 * Region matcher throughput. `deno bench -A bench/match_region_bench.ts`; prints figures, asserts nothing.
 * The module-init cost (building the lexicon) is measured separately from matching.
 */
import { matchRegion } from "../server/services/regions/match_region.ts";
import { buildRegionLexicon } from "../server/services/regions/region_lexicon.ts";

const SAMPLE = [
  "浙江省杭州市西湖区文三路8号",
  "杭州余杭良渚街道",
  "北京市市辖区海淀区中关村大街1号",
  "湖北恩施州利川市团结路5号",
  "广州市天河区北京路278号",
  "户籍地：浙江省温州市鹿城区（现住江苏省南京市玄武区）",
  "\u3000江西省福州市临川区 幸福路3号（电话：13900001111）",
  "朝阳区建国路88号",
  "江苏省苏州工业园区星湖街",
  "XX省XX市南海区桂城街道",
  "火星基地",
  "",
];
const ROWS = Array.from({ length: 1000 }, (_, i) => SAMPLE[i % SAMPLE.length]);

Deno.bench("matchRegion() over 1 000 mixed addresses", { group: "match" }, () => {
  for (const address of ROWS) matchRegion(address);
});

Deno.bench("buildRegionLexicon() once (module init)", { group: "init" }, () => {
  buildRegionLexicon();
});
