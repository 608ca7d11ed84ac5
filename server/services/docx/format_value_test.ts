import assert from "node:assert/strict";
import { AppError } from "../../errors.ts";
import {
  cellToDecimal,
  cellToText,
  formatCell,
  isCellTruthy,
  isDateFormat,
  isKnownFormatter,
} from "./format_value.ts";

function upper(value: unknown): string {
  return formatCell(value, { formatter: "大写" });
}

Deno.test("formatCell(大写) writes 人民币大写 for the standard cases", () => {
  const cases: [unknown, string][] = [
    [0, "零元整"],
    [0.5, "伍角"],
    [0.05, "伍分"],
    [0.55, "伍角伍分"],
    [1, "壹元整"],
    [10, "壹拾元整"],
    [10.2, "壹拾元贰角"],
    [10.02, "壹拾元零贰分"],
    [12345.67, "壹万贰仟叁佰肆拾伍元陆角柒分"],
    [1010, "壹仟零壹拾元整"],
    [1001, "壹仟零壹元整"],
    [100000, "壹拾万元整"],
    [100010, "壹拾万零壹拾元整"],
    [107000.53, "壹拾万零柒仟元伍角叁分"],
    [1409.02, "壹仟肆佰零玖元零贰分"],
    [10000000, "壹仟万元整"],
    [10001000, "壹仟万零壹仟元整"],
    [100000001, "壹亿零壹元整"],
    [1000000001.01, "壹拾亿零壹元零壹分"],
    [100010000, "壹亿零壹万元整"],
    [1000000000000, "壹万亿元整"],
    [1000100000000, "壹万零壹亿元整"],
    [1000000010000, "壹万亿零壹万元整"],
    [1000000000001, "壹万亿零壹元整"],
    [-1234.5, "负壹仟贰佰叁拾肆元伍角"],
    [19.990000000000002, "壹拾玖元玖角玖分"],
    [1.005, "壹元零壹分"],
    [0.004, "零元整"],
    [9999.999, "壹万元整"],
  ];
  for (const [value, expected] of cases) assert.equal(upper(value), expected, `amount ${value}`);
});

Deno.test("formatCell(大写) reads amounts written as text and SheetJS cells", () => {
  assert.equal(upper("12,345.67"), "壹万贰仟叁佰肆拾伍元陆角柒分");
  assert.equal(upper("¥50000元"), "伍万元整");
  assert.equal(upper("人民币 3000"), "叁仟元整");
  assert.equal(upper({ t: "n", v: 2500.5, w: "2,500.50" }), "贰仟伍佰元伍角");
  assert.equal(upper(""), "");
  assert.equal(upper(null), "");
});

Deno.test("formatCell(大写) refuses text that is not an amount, naming the column", () => {
  assert.throws(
    () => formatCell("五千元", { name: "金额", formatter: "大写" }),
    (err) =>
      err instanceof AppError && err.code === "TEMPLATE_VALUE_INVALID" &&
      err.message === "“金额”的值“五千元”无法按“大写”格式转换",
  );
  assert.throws(() => upper(12345678901234567), AppError);
});

Deno.test("formatCell(千分位) always shows two decimals", () => {
  const cases: [unknown, string][] = [
    [1234567.8, "1,234,567.80"],
    [1234567, "1,234,567.00"],
    [999, "999.00"],
    [0.5, "0.50"],
    [-1234.567, "-1,234.57"],
    ["88,000", "88,000.00"],
    [19.990000000000002, "19.99"],
  ];
  for (const [value, expected] of cases) {
    assert.equal(formatCell(value, { formatter: "千分位" }), expected, `amount ${value}`);
  }
});

Deno.test("formatCell(date pattern) reads serials, Dates, SheetJS date cells and date text", () => {
  const inputs: unknown[] = [
    45356,
    new Date(2024, 2, 5),
    { t: "n", v: 45356, w: "2024/3/5", z: "yyyy/m/d" },
    { t: "d", v: new Date(2024, 2, 5) },
    "2024-03-05",
    "2024/3/5",
    "2024.3.5",
    "2024年3月5日",
    "20240305",
    " 2024-3-5 ",
  ];
  for (const input of inputs) {
    assert.equal(formatCell(input, { formatter: "yyyy年M月d日" }), "2024年3月5日", JSON.stringify(input));
    assert.equal(formatCell(input, { formatter: "yyyy-MM-dd" }), "2024-03-05");
    assert.equal(formatCell(input, { formatter: "yyyy年MM月dd日" }), "2024年03月05日");
  }
  assert.equal(formatCell("2024-03-05 14:30", { formatter: "yyyy年M月d日 HH:mm" }), "2024年3月5日 14:30");
});

Deno.test("formatCell(date pattern) refuses impossible dates", () => {
  for (const bad of ["2024-02-30", "2024-13-01", "三月五日", 12, "2024-03"]) {
    assert.throws(
      () => formatCell(bad, { name: "签订日期", formatter: "yyyy年M月d日" }),
      AppError,
      String(bad),
    );
  }
});

Deno.test("cellToText() keeps the displayed form of numbers and text", () => {
  assert.equal(cellToText(19.990000000000002), "19.99");
  assert.equal(cellToText(0.1 + 0.2), "0.3");
  assert.equal(cellToText(1e-7), "0.0000001");
  assert.equal(cellToText(1e21), "1000000000000000000000");
  assert.equal(cellToText(-0), "0");
  assert.equal(cellToText("007"), "007");
  assert.equal(cellToText("110101199003071234"), "110101199003071234");
  assert.equal(cellToText("（2024）京0105民初12345号"), "（2024）京0105民初12345号");
  assert.equal(cellToText({ t: "n", v: 19.990000000000002, w: "19.99" }), "19.99");
  assert.equal(cellToText({ t: "n", v: 1234.5, w: "¥1,234.50", z: '"¥"#,##0.00' }), "¥1,234.50");
  assert.equal(cellToText({ t: "n", v: 123456789012, w: "1.23457E+11" }), "123456789012");
  assert.equal(cellToText({ t: "s", v: "00123", w: "00123" }), "00123");
  assert.equal(cellToText(true), "是");
  assert.equal(cellToText({ t: "b", v: false, w: "FALSE" }), "否");
  assert.equal(cellToText(null), "");
  assert.equal(cellToText({ t: "z" }), "");
});

Deno.test("cellToText() shows date cells as 2024年3月5日", () => {
  assert.equal(cellToText({ t: "n", v: 45356, w: "3/5/24", z: 14 }), "2024年3月5日");
  assert.equal(cellToText({ t: "n", v: 45356, w: "2024-03-05", z: "yyyy-mm-dd" }), "2024年3月5日");
  assert.equal(
    cellToText({ t: "n", v: 45356.5, w: "2024/3/5 12:00", z: "yyyy/m/d h:mm" }),
    "2024年3月5日 12:00",
  );
  assert.equal(cellToText({ t: "d", v: new Date(2024, 2, 5) }), "2024年3月5日");
  assert.equal(cellToText(new Date(2024, 11, 31)), "2024年12月31日");
  assert.equal(cellToText({ t: "n", v: 45356, w: "45356", z: "General" }), "45356");
});

Deno.test("cellToText() turns every line break into \\n", () => {
  assert.equal(cellToText("第一行\r\n第二行\r第三行\n第四行"), "第一行\n第二行\n第三行\n第四行");
  assert.equal(cellToText({ t: "s", v: "甲\r\n乙" }), "甲\n乙");
});

Deno.test("isDateFormat() tells date formats from number formats", () => {
  for (const f of ["yyyy/m/d", 'yyyy"年"m"月"d"日"', "[$-804]yyyy年m月d日", "h:mm", 14, 22]) {
    assert.equal(isDateFormat(f), true, String(f));
  }
  for (const f of ["General", "0.00", "#,##0", '"¥"#,##0.00', "0%", "@", 0, 2, undefined]) {
    assert.equal(isDateFormat(f), false, String(f));
  }
});

Deno.test("isKnownFormatter() accepts the named formatters and date patterns only", () => {
  for (
    const f of [
      "大写",
      "千分位",
      "yyyy年M月d日",
      "yyyy-MM-dd",
      "yyyy年MM月dd日",
      "M月d日",
      "yyyy/MM/dd HH:mm",
    ]
  ) {
    assert.equal(isKnownFormatter(f), true, f);
  }
  for (const f of ["", "小写", "upper", "yyyy年M月d日号", "HH:mm", "千分"]) {
    assert.equal(isKnownFormatter(f), false, f);
  }
});

Deno.test("isCellTruthy() reads 是/否 style condition cells", () => {
  for (const v of ["是", "有", "张三", 1, true, "Y", { t: "s", v: "是" }]) {
    assert.equal(isCellTruthy(v), true, String(v));
  }
  for (
    const v of ["", " ", "否", "无", "不", "没有", "FALSE", "no", "0", 0, false, null, undefined, {
      t: "b",
      v: false,
    }]
  ) {
    assert.equal(isCellTruthy(v), false, String(v));
  }
});

Deno.test("cellToDecimal() rounds half up to cents without float error", () => {
  assert.deepEqual(cellToDecimal(2.675), { negative: false, integer: "2", fraction: "68" });
  assert.deepEqual(cellToDecimal("-0.001"), { negative: false, integer: "0", fraction: "00" });
  assert.deepEqual(cellToDecimal(".5"), { negative: false, integer: "0", fraction: "50" });
  assert.equal(cellToDecimal("1.2.3"), null);
  assert.equal(cellToDecimal("-"), null);
  assert.equal(cellToDecimal(Number.NaN), null);
});
