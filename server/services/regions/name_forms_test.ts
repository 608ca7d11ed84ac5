import assert from "node:assert/strict";
import { listCityForms, listCountyForms, listProvinceForms, stripEthnicNames } from "./name_forms.ts";

function texts(forms: { text: string }[]): string[] {
  return forms.map((f) => f.text);
}

Deno.test("stripEthnicNames() removes every trailing ethnic name but keeps two characters", () => {
  assert.equal(stripEthnicNames("恩施土家族苗族"), "恩施");
  assert.equal(stripEthnicNames("双江拉祜族佤族布朗族傣族"), "双江");
  assert.equal(stripEthnicNames("博尔塔拉蒙古"), "博尔塔拉");
  assert.equal(stripEthnicNames("东乡族"), "东乡");
  assert.equal(stripEthnicNames("鄂伦春"), "鄂伦春");
});

Deno.test("listProvinceForms() drops the level suffix and ethnic part", () => {
  assert.deepEqual(texts(listProvinceForms("广西壮族自治区")), ["广西壮族自治区", "广西"]);
  assert.deepEqual(texts(listProvinceForms("浙江省")), ["浙江省", "浙江"]);
});

Deno.test("listCityForms() gives prefecture short forms and the 洲 typo", () => {
  assert.deepEqual(texts(listCityForms("恩施土家族苗族自治州")), [
    "恩施土家族苗族自治州",
    "恩施州",
    "恩施自治州",
    "恩施",
  ]);
  assert.deepEqual(texts(listCityForms("锡林郭勒盟")), ["锡林郭勒盟", "锡林郭勒"]);
  assert.deepEqual(texts(listCityForms("杭州市")), ["杭州市", "杭州", "杭洲市"]);
});

Deno.test("listCountyForms() abbreviates autonomous counties and banners", () => {
  const changyang = listCountyForms("长阳土家族自治县");
  assert.deepEqual(texts(changyang), ["长阳土家族自治县", "长阳县", "长阳自治县", "长阳"]);
  assert.equal(changyang.find((f) => f.text === "长阳")?.kind, "bare");
  assert.ok(texts(listCountyForms("科尔沁左翼中旗")).includes("科左中旗"));
  assert.ok(texts(listCountyForms("土默特右旗")).includes("土右旗"));
  assert.ok(texts(listCountyForms("喀喇沁左翼蒙古族自治县")).includes("喀左县"));
  assert.ok(texts(listCountyForms("梅里斯达斡尔族区")).includes("梅里斯区"));
});

Deno.test("listCountyForms() adds former suffixes as old forms, unless asked not to", () => {
  const fuyang = listCountyForms("富阳区");
  assert.deepEqual(fuyang.filter((f) => f.kind === "old").map((f) => f.text), ["富阳县", "富阳市"]);
  assert.deepEqual(texts(listCountyForms("富阳区", false)), ["富阳区", "富阳"]);
  assert.deepEqual(texts(listCountyForms("文县")), ["文县"]);
});
