import assert from "node:assert/strict";
import {
  checkSplitFile,
  guessAddressColumn,
  percentOf,
  splitRegions,
  summaryFileName,
} from "./case_split_view.ts";

Deno.test("percentOf() rounds to whole numbers and survives an empty task", () => {
  assert.equal(percentOf(2, 3), 67);
  assert.equal(percentOf(1, 7), 14);
  assert.equal(percentOf(0, 0), 0);
});

Deno.test("splitRegions() treats 其他 as the unrecognised group and keeps the server's order", () => {
  const file = (region: string, count: number) => ({ region, count, downloadUrl: `/x/${region}` });
  const task = { output_files: [file("杭州市", 3), file("北京市", 1), file("其他", 2)] };
  const { recognised, unrecognised } = splitRegions(task);
  assert.deepEqual(recognised.map((f) => f.region), ["杭州市", "北京市"]);
  assert.deepEqual(unrecognised.map((f) => f.count), [2]);
});

Deno.test("summaryFileName() drops the extension and adds -汇总.xlsx; checkSplitFile() takes Excel only", () => {
  assert.equal(summaryFileName("一月案件.xls"), "一月案件-汇总.xlsx");
  assert.equal(summaryFileName("案件.v2.xlsx"), "案件.v2-汇总.xlsx");
  assert.equal(checkSplitFile({ name: "a.XLSX" }), null);
  assert.equal(checkSplitFile({ name: "a.csv" }), "只能上传Excel文件!");
});

Deno.test("guessAddressColumn() pre-selects a header that is plainly an address", () => {
  assert.equal(guessAddressColumn(["案号", "当事人", "地址", "金额"]), "地址");
  assert.equal(guessAddressColumn(["案号", "住址", "送达地址"]), "送达地址");
  assert.equal(guessAddressColumn(["姓名", "住所地："]), "住所地：");
  assert.equal(guessAddressColumn(["姓名", "联系地址*"]), "联系地址*");
  assert.equal(guessAddressColumn(["被告 住所地", "备注"]), "被告 住所地");
  assert.equal(guessAddressColumn(["姓名", "被申请人地址"]), "被申请人地址");
  assert.equal(guessAddressColumn(["姓名", "邮箱地址", "电话"]), null);
  assert.equal(guessAddressColumn(["案号", "金额", "地区备注"]), null);
  assert.equal(guessAddressColumn([]), null);
});
