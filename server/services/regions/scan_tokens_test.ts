import assert from "node:assert/strict";
import { buildRegionLexicon } from "./region_lexicon.ts";
import { scanTokens } from "./scan_tokens.ts";

const lexicon = buildRegionLexicon();
const chain = (text: string) => scanTokens(lexicon, text).map((t) => t.text);

Deno.test("scanTokens() reads the leading names and stops at the first street", () => {
  assert.deepEqual(chain("广州市天河区北京路1号"), ["广州市", "天河区"]);
  assert.deepEqual(chain("上海黄浦区四川中路"), ["上海", "黄浦区"]);
  assert.deepEqual(chain("东营市农科北路"), ["东营市"]);
});

Deno.test("scanTokens() rejects a suffix-less name that is really a street or town", () => {
  assert.deepEqual(chain("贵港市和平路"), ["贵港市"]);
  assert.deepEqual(chain("河源市和平县"), ["河源市", "和平县"]);
  assert.deepEqual(chain("余杭塘路"), []);
  assert.deepEqual(chain("杭州余杭塘路"), ["杭州"]);
  assert.deepEqual(chain("重庆市忠县路"), ["重庆市"]);
  assert.deepEqual(chain("重庆市云阳县路阳镇"), ["重庆市", "云阳县"]);
});

Deno.test("scanTokens() needs a province or city before a bare county name, or one of its towns after it", () => {
  // 鼓楼 is a district of several cities; 余杭 names one county only and no other division or town
  assert.deepEqual(chain("鼓楼建设路"), []);
  assert.deepEqual(chain("余杭良渚"), ["余杭"]);
  assert.deepEqual(chain("浙江余杭良渚"), ["浙江", "余杭"]);
  // 良渚街道 is a town of 余杭区; 凤川街道 is not
  assert.deepEqual(chain("余杭良渚街道"), ["余杭"]);
  assert.deepEqual(chain("余杭凤川街道"), []);
});

Deno.test("scanTokens() reads a county of the same city after a zone it does not know", () => {
  assert.deepEqual(chain("常州国家高新区(新北区)"), ["常州", "新北区"]);
  assert.deepEqual(chain("南京某某经济开发区江宁区"), ["南京", "江宁区"]);
  // another city's county, or a county without its suffix, does not count
  assert.deepEqual(chain("常州国家高新区(江宁区)"), ["常州"]);
  assert.deepEqual(chain("常州国家高新区新北"), ["常州"]);
});

Deno.test("scanTokens() skips doubled suffixes and municipality pseudo-levels", () => {
  assert.deepEqual(chain("青岛市市北区"), ["青岛市", "市北区"]);
  assert.deepEqual(chain("云南省昭通市市盐津县"), ["云南省", "昭通市", "盐津县"]);
  assert.deepEqual(chain("天津市市辖区南开区"), ["天津市", "南开区"]);
  assert.deepEqual(chain("重庆市县城口县"), ["重庆市", "城口县"]);
});

Deno.test("scanTokens() takes a shorter name when the longer one would end the chain", () => {
  assert.deepEqual(chain("内江市中区"), ["内江", "市中区"]);
});

Deno.test("scanTokens() accepts city-scoped zone names only after their city", () => {
  assert.deepEqual(chain("杭州高新区"), ["杭州", "高新区"]);
  assert.deepEqual(chain("宁波高新区"), ["宁波"]);
});
