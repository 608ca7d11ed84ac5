import assert from "node:assert/strict";
import { matchRegion } from "./match_region.ts";

/** [city name, city code, county name, county code]; null where the level is 其他. */
type Placement = [string | null, string | null, string | null, string | null];

function place(address: string): Placement {
  const m = matchRegion(address);
  return [m.city?.name ?? null, m.city?.code ?? null, m.county?.name ?? null, m.county?.code ?? null];
}

function check(cases: [string, Placement][]): void {
  for (const [address, want] of cases) assert.deepEqual(place(address), want, address);
}

const XIHU: Placement = ["杭州市", "330100", "西湖区", "330106"];

Deno.test("matchRegion() places full, short-province and suffix-less addresses", () => {
  check([
    ["浙江省杭州市西湖区文三路8号", XIHU],
    ["浙江杭州市西湖区文三路8号", XIHU],
    ["杭州西湖区文三路8号", XIHU],
    ["杭州市西湖区", XIHU],
  ]);
  const m = matchRegion("浙江省杭州市西湖区");
  assert.deepEqual(m, {
    province: { name: "浙江省", code: "330000" },
    city: { name: "杭州市", code: "330100" },
    county: { name: "西湖区", code: "330106" },
  });
});

Deno.test("matchRegion() reads short county names after a city or province", () => {
  check([
    ["杭州余杭良渚街道", ["杭州市", "330100", "余杭区", "330110"]],
    ["江苏昆山花桥镇", ["苏州市", "320500", "昆山市", "320583"]],
    ["江苏 苏州 昆山", ["苏州市", "320500", "昆山市", "320583"]],
    ["济南市中区经十路", ["济南市", "370100", "市中区", "370103"]],
  ]);
});

Deno.test("matchRegion() places a county-level city when the prefecture is left out", () => {
  check([
    ["浙江省义乌市稠城街道", ["金华市", "330700", "义乌市", "330782"]],
    ["湖北省恩施市舞阳坝街道", ["恩施土家族苗族自治州", "422800", "恩施市", "422801"]],
    ["河北省辛集市", ["石家庄市", "130100", "辛集市", "130181"]],
  ]);
});

Deno.test("matchRegion() gives municipalities their province code and reads export pseudo-levels", () => {
  check([
    ["北京市市辖区海淀区中关村大街1号", ["北京市", "110000", "海淀区", "110108"]],
    ["重庆市县巫山县", ["重庆市", "500000", "巫山县", "500237"]],
    ["重庆万州", ["重庆市", "500000", "万州区", "500101"]],
    ["上海浦东张杨路", ["上海市", "310000", "浦东新区", "310115"]],
  ]);
});

Deno.test("matchRegion() makes province-administered units and county-less cities their own county", () => {
  check([
    ["湖北省仙桃市", ["仙桃市", "429004", "仙桃市", "429004"]],
    ["河南济源市", ["济源市", "419001", "济源市", "419001"]],
    ["海南省五指山市", ["五指山市", "469001", "五指山市", "469001"]],
    ["新疆五家渠市", ["五家渠市", "659004", "五家渠市", "659004"]],
    ["广东省东莞市虎门镇", ["东莞市", "441900", "东莞市", "441900"]],
    ["广东中山市小榄镇", ["中山市", "442000", "中山市", "442000"]],
    ["海南儋州市那大镇", ["儋州市", "460400", "儋州市", "460400"]],
    ["甘肃嘉峪关市", ["嘉峪关市", "620201", "嘉峪关市", "620201"]],
  ]);
});

Deno.test("matchRegion() reads autonomous prefectures, leagues, banners and their short forms", () => {
  check([
    ["湖北恩施州利川市", ["恩施土家族苗族自治州", "422800", "利川市", "422802"]],
    ["吉林延边州延吉市", ["延边朝鲜族自治州", "222400", "延吉市", "222401"]],
    ["云南红河州个旧市", ["红河哈尼族彝族自治州", "532500", "个旧市", "532501"]],
    ["新疆博州博乐市", ["博尔塔拉蒙古自治州", "652700", "博乐市", "652701"]],
    ["通辽市科左中旗", ["通辽市", "150500", "科尔沁左翼中旗", "150521"]],
    ["包头达茂旗", ["包头市", "150200", "达尔罕茂明安联合旗", "150223"]],
    ["阿拉善盟阿左旗", ["阿拉善盟", "152900", "阿拉善左旗", "152921"]],
    ["湖北宜昌长阳县", ["宜昌市", "420500", "长阳土家族自治县", "420528"]],
    ["广西河池市都安县", ["河池市", "451200", "都安瑶族自治县", "451228"]],
    ["辽宁阜新市阜蒙县", ["阜新市", "210900", "阜新蒙古族自治县", "210921"]],
  ]);
});

Deno.test("matchRegion() labels development zones by county, city or province", () => {
  check([
    ["杭州高新区江南大道", ["杭州市", "330100", "滨江区", "330108"]],
    ["河北雄安新区雄县", ["保定市", "130600", "雄县", "130638"]],
    ["江苏省苏州工业园区星湖街", ["苏州市", "320500", null, null]],
    ["长春净月高新技术产业开发区", ["长春市", "220100", null, null]],
    ["重庆两江新区", ["重庆市", "500000", null, null]],
    ["河北雄安新区", ["保定市", "130600", null, null]],
    ["上海外高桥保税区", ["上海市", "310000", "浦东新区", "310115"]],
    ["天津港保税区", ["天津市", "120000", "滨海新区", "120116"]],
    // a zone named after a county lies in it
    ["昆山开发区", ["苏州市", "320500", "昆山市", "320583"]],
    ["张家港保税区", ["苏州市", "320500", "张家港市", "320582"]],
    ["江苏太仓港经济技术开发区", ["苏州市", "320500", "太仓市", "320585"]],
    ["贵州贵安新区", [null, null, null, null]],
  ]);
  assert.equal(matchRegion("贵州贵安新区").province?.name, "贵州省");
});

Deno.test("matchRegion() places an ambiguous county name only when something decides it", () => {
  check([
    ["北京朝阳区建国路", ["北京市", "110000", "朝阳区", "110105"]],
    ["吉林省朝阳区", ["长春市", "220100", "朝阳区", "220104"]],
    ["福建省鼓楼区", ["福州市", "350100", "鼓楼区", "350102"]],
    ["徐州鼓楼区", ["徐州市", "320300", "鼓楼区", "320302"]],
    ["朝阳区建国路", [null, null, null, null]],
    ["江苏省鼓楼区", [null, null, null, null]],
  ]);
  const narrowed = matchRegion("山西省城区");
  assert.equal(narrowed.province?.name, "山西省");
  assert.equal(narrowed.reason, "ambiguous");
});

Deno.test("matchRegion() lets the leading division decide over street, building and town names", () => {
  check([
    ["广州市天河区北京路", ["广州市", "440100", "天河区", "440106"]],
    ["天津市和平区南京路", ["天津市", "120000", "和平区", "120101"]],
    ["东莞市长安镇", ["东莞市", "441900", "东莞市", "441900"]],
    ["河源市和平路3号", ["河源市", "441600", null, null]],
    ["武汉市上海城3栋", ["武汉市", "420100", null, null]],
    ["重庆市忠县路12号", ["重庆市", "500000", null, null]],
    ["北京市通州路12号", ["北京市", "110000", null, null]],
    ["北京朝阳门内大街", ["北京市", "110000", null, null]],
    ["济南市中心医院", ["济南市", "370100", null, null]],
    ["台州市路桥区", ["台州市", "331000", "路桥区", "331004"]],
    ["重庆市云阳县路阳镇", ["重庆市", "500000", "云阳县", "500235"]],
    ["户籍地：浙江省温州市鹿城区（现住江苏省南京市玄武区）", ["温州市", "330300", "鹿城区", "330302"]],
  ]);
});

Deno.test("matchRegion() maps old names and changed divisions to today's units", () => {
  check([
    ["襄樊市樊城区", ["襄阳市", "420600", "樊城区", "420606"]],
    ["湖北省襄樊市", ["襄阳市", "420600", null, null]],
    ["山东省莱芜市", ["济南市", "370100", null, null]],
    ["山东省莱芜市莱城区", ["济南市", "370100", "莱芜区", "370116"]],
    ["安徽省巢湖市庐江县", ["合肥市", "340100", "庐江县", "340124"]],
    ["杭州市下城区", ["杭州市", "330100", "拱墅区", "330105"]],
    ["杭州市江干区", ["杭州市", "330100", null, null]],
    ["北京市密云县", ["北京市", "110000", "密云区", "110118"]],
    ["广西横县", ["南宁市", "450100", "横州市", "450181"]],
    ["贵州省铜仁地区铜仁市", ["铜仁市", "520600", "碧江区", "520602"]],
    // former leagues, renamed counties, and counties moved to another prefecture
    ["内蒙古哲里木盟奈曼旗", ["通辽市", "150500", "奈曼旗", "150525"]],
    ["内蒙古乌兰察布盟集宁市", ["乌兰察布市", "150900", "集宁区", "150902"]],
    ["重庆市开县", ["重庆市", "500000", "开州区", "500154"]],
    ["长治市城区", ["长治市", "140400", "潞州区", "140403"]],
    ["安徽省安庆市枞阳县", ["铜陵市", "340700", "枞阳县", "340722"]],
    // a former unit split among several current ones tells only the city
    ["无锡市锡山市", ["无锡市", "320200", null, null]],
    ["大同市南郊区", ["大同市", "140200", null, null]],
  ]);
});

Deno.test("matchRegion() reads the labelled address after a party's name", () => {
  check([
    ["某某电子有限责任公司，住所地：河北省廊坊市大城县", ["廊坊市", "131000", "大城县", "131025"]],
    ["杭州某某科技有限公司，住所地：浙江省宁波市北仑区", ["宁波市", "330200", "北仑区", "330206"]],
    ["张三，男，汉族，住址：浙江省宁波市北仑区", ["宁波市", "330200", "北仑区", "330206"]],
    ["宋某，男，1974年3月8日出生，汉族，住广西柳州市柳北区", ["柳州市", "450200", "柳北区", "450205"]],
    ["省份：西藏自治区 城市：日喀则市 区县：萨迦县 详细地址：某路", [
      "日喀则市",
      "540200",
      "萨迦县",
      "540224",
    ]],
    // the first address still decides when the text starts with one
    ["浙江省宁波市北仑区，现住址：江苏省南京市玄武区", ["宁波市", "330200", "北仑区", "330206"]],
  ]);
});

Deno.test("matchRegion() sees through noise, typos, a wrong province and placeholders", () => {
  check([
    ["\u3000浙江省\u3000杭州市 西湖区\t文三路", XIHU],
    ["１２３４５６１９９００１０１１２３４ 浙江省杭州市西湖区", XIHU],
    ["浙江省杭州市西湖区文三路8号（电话：13900001111）", XIHU],
    ["住址：浙江省杭州市西湖区", XIHU],
    ["浙江省、杭州市、西湖区", XIHU],
    ["杭洲市西湖区", XIHU],
    ["浙江省省杭州市市西湖区", XIHU],
    ["安徽省杭州市西湖区", XIHU],
    ["江西省福州市临川区", ["抚州市", "361000", "临川区", "361002"]],
    ["福建省抚州市仓山区", ["福州市", "350100", "仓山区", "350104"]],
    ["XX省XX市南海区", ["佛山市", "440600", "南海区", "440605"]],
    ["XX省XX市西湖区", [null, null, null, null]],
  ]);
});

Deno.test("matchRegion() reads a province written twice as noise, not as its namesake city", () => {
  check([
    ["吉林省吉林白城经济开发区", ["白城市", "220800", null, null]],
    ["吉林省吉林市船营区", ["吉林市", "220200", "船营区", "220204"]],
    ["吉林省吉林市", ["吉林市", "220200", null, null]],
  ]);
});

Deno.test("matchRegion() answers 其他 for empty, garbage, outside and province-only text", () => {
  assert.equal(matchRegion("").reason, "empty");
  assert.equal(matchRegion(" \u3000 ").reason, "empty");
  for (
    const text of ["火星基地", "N/A", "香港九龙弥敦道", "台湾省台北市中山区", "新北市板桥区", "日本东京都"]
  ) {
    assert.deepEqual(
      matchRegion(text),
      { province: null, city: null, county: null, reason: "unknown" },
      text,
    );
  }
  const provinceOnly = matchRegion("浙江省文三路");
  assert.deepEqual(provinceOnly, {
    province: { name: "浙江省", code: "330000" },
    city: null,
    county: null,
    reason: "partial",
  });
});

Deno.test("matchRegion() leaves the county 其他 when only the city is written", () => {
  check([
    ["东营市农科北路", ["东营市", "370500", null, null]],
    ["湖南省张家界市", ["张家界市", "430800", null, null]],
  ]);
  assert.equal(matchRegion("东营市农科北路").reason, "partial");
});

Deno.test("matchRegion() reads traditional characters without turning official simplified names", () => {
  check([
    ["廣東省廣州市天河區體育西路1號", ["广州市", "440100", "天河区", "440106"]],
    ["臺州市黃巖區東城街道", ["台州市", "331000", "黄岩区", "331003"]],
    // 乾 is also a traditional form of 干: the official name keeps it.
    ["吉林省松原市乾安縣", ["松原市", "220700", "乾安县", "220723"]],
  ]);
});

Deno.test("matchRegion() reads a county in brackets after its city, and ignores a leading row number", () => {
  check([
    ["杭州市（西湖区）文三路8号", XIHU],
    ["浙江省杭州市(西湖区)文三路8号", XIHU],
    ["（7）浙江省杭州市西湖区文三路8号", XIHU],
    ["第15行：杭州市西湖区文三路8号", XIHU],
    ["15、杭州市西湖区文三路8号", XIHU],
  ]);
  // A county of another city in the brackets is not read.
  assert.equal(matchRegion("杭州市（鼓楼区）中山路").county, null);
});

Deno.test("matchRegion() reads romanised addresses in either order", () => {
  check([
    ["No. 8 Wensan Road, Xihu District, Hangzhou, Zhejiang", XIHU],
    ["Zhejiang Hangzhou Xihu", XIHU],
    ["Zhejiang Sheng Hangzhou Shi Xihu Qu Wensan Lu 8 Hao", XIHU],
    ["Room 5, Kunshan City, Suzhou, Jiangsu", ["苏州市", "320500", "昆山市", "320583"]],
  ]);
  // Xihu alone names two districts (杭州, 南昌): not placed.
  assert.equal(matchRegion("No. 3 Beishan Road, Xihu District").county, null);
  // A word before Road is a road's name, never a division.
  assert.equal(matchRegion("No. 1 Hangzhou Road").city, null);
});

Deno.test("matchRegion() tolerates a wrong level suffix and a one-character typo in a city name", () => {
  check([
    ["浙江省杭州市西湖县文三路8号", XIHU],
    ["浙江省杭州省西湖区文三路8号", XIHU],
    ["浙江市杭州市西湖区文三路8号", XIHU],
    // 河北市 is no city: the province with a wrong suffix, not 天津's 河北区.
    ["河北市石家庄市长安区中山路", ["石家庄市", "130100", "长安区", "130102"]],
    ["江苏省宿千市宿城区", ["宿迁市", "321300", "宿城区", "321302"]],
    ["江苏省宿千市人民路", ["宿迁市", "321300", null, null]],
  ]);
  // Two cities one edit away (广州, 杭州 from ?州 is not one edit of both; 苏?市 is 苏州 or 宿?…): left alone.
  assert.equal(matchRegion("州州市人民路").city, null);
});

Deno.test("matchRegion() places a bare county name at the start only when no other division, street or town contains it", () => {
  check([
    ["嵩明人民路8号", ["昆明市", "530100", "嵩明县", "530127"]],
  ]);
  // 鼓楼 names a district of several cities: not placed alone.
  assert.equal(matchRegion("鼓楼建设路8号").city, null);
  // An estate named after the county is in it; another county's town after the name is not.
  check([["贵溪花园小区3幢", ["鹰潭市", "360600", "贵溪市", "360681"]]]);
  assert.equal(matchRegion("嵩明凤川街道").city, null);
});
