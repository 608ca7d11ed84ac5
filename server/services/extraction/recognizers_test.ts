import assert from "node:assert/strict";
import {
  checkCreditCode,
  checkIdCard,
  checkLuhn,
  findBankCards,
  findCaseNumbers,
  findCourts,
  findCreditCodes,
  findIdNumbers,
  findPhones,
} from "./recognizers.ts";

Deno.test("checkIdCard: GB 11643 check digit, birth date and sex", () => {
  assert.deepEqual(checkIdCard("11010519491231002X"), { valid: true, birthDate: "1949-12-31", sex: "女" });
  assert.deepEqual(checkIdCard("110105194912310021").valid, false); // wrong check digit
  assert.deepEqual(checkIdCard("110105194913310028").valid, false); // month 13
  assert.deepEqual(checkIdCard("1101051949123100").valid, false);
});

Deno.test("checkCreditCode: GB 32100", () => {
  assert(checkCreditCode("91350100M000100Y43"));
  assert(!checkCreditCode("91350100M000100Y44"));
  assert(!checkCreditCode("91350100M000100YI3")); // I is not in the alphabet
});

Deno.test("checkLuhn", () => {
  assert(checkLuhn("4111111111111111"));
  assert(!checkLuhn("4111111111111112"));
});

Deno.test("findIdNumbers tolerates OCR spaces and lower-case x, reports the check", () => {
  const [a] = findIdNumbers("公民身份号码：110105 19491231 002x。");
  assert.deepEqual(a.normalized, "11010519491231002X");
  assert(a.valid);
  assert.deepEqual(findIdNumbers("110105194912310021")[0].checks, ["校验位错误"]);
});

Deno.test("findCreditCodes skips ID numbers and checks the code", () => {
  assert.deepEqual(
    findCreditCodes("代码：91350100M000100Y43，身份证11010519491231002X").map((f) => f.normalized),
    [
      "91350100M000100Y43",
    ],
  );
});

Deno.test("findPhones: mobiles with dashes, landlines with area code; not parts of longer numbers", () => {
  assert.deepEqual(findPhones("联系电话：191-8429-5755").map((f) => f.normalized), ["19184295755"]);
  assert.deepEqual(findPhones("电话：0592-37404502").map((f) => f.normalized), ["059237404502"]);
  assert.deepEqual(findPhones("（021）62345678").map((f) => f.normalized), ["02162345678"]);
  assert.deepEqual(findPhones("账号6597638736679788200").length, 0);
  assert.deepEqual(findPhones("身份证11010519491231002X").length, 0);
});

Deno.test("findBankCards runs Luhn", () => {
  const [c] = findBankCards("卡号：4111 1111 1111 1111");
  assert.deepEqual(c.normalized, "4111111111111111");
  assert(c.valid);
});

Deno.test("findCaseNumbers: court case numbers with OCR-tolerant brackets; not contract or committee numbers", () => {
  assert.deepEqual(findCaseNumbers("（2024）浙0106民初1234号").map((f) => f.normalized), [
    "（2024）浙0106民初1234号",
  ]);
  assert.deepEqual(
    findCaseNumbers("案号 (2025) 浙 0110 民初 19998 号")[0].normalized,
    "（2025）浙0110民初19998号",
  );
  assert.deepEqual(findCaseNumbers("〔2023〕沪0115民初8177号")[0].normalized, "（2023）沪0115民初8177号");
  assert.deepEqual(findCaseNumbers("【2022】苏01民终55号")[0].normalized, "（2022）苏01民终55号");
  assert.deepEqual(findCaseNumbers("编号：浦东调字〔2024〕第726号").length, 0);
  assert.deepEqual(findCaseNumbers("（2023）上海至诚律函字第183号").length, 0);
  assert.deepEqual(findCaseNumbers("合同编号：XD2022324306").length, 0);
});

Deno.test("findCourts: named courts only, not a committee, not 甲方住所地人民法院", () => {
  assert.deepEqual(findCourts("此致 上海市浦东新区人民法院").map((f) => f.text), ["上海市浦东新区人民法院"]);
  assert.deepEqual(findCourts("上诉于杭州市中级人民法院。").map((f) => f.text), ["杭州市中级人民法院"]);
  assert.deepEqual(findCourts("向甲方住所地人民法院提起诉讼").length, 0);
  assert.deepEqual(findCourts("上海市浦东新区金融纠纷人民调解委员会").length, 0);
});
