import assert from "node:assert/strict";
import { ASKED_KINDS, type AskedKind, kindsAsked } from "./asked_kinds.ts";

const askedKind = (name: AskedKind["name"]) => ASKED_KINDS.find((k) => k.name === name)!;

Deno.test("kindsAsked() reads what a question asks for, and each kind's article pattern what an article states", () => {
  assert.deepEqual(kindsAsked("年假有几天").map((k) => k.name), ["duration"]);
  assert.deepEqual(kindsAsked("经济补偿怎么算").map((k) => k.name), ["amount"]);
  assert.deepEqual(kindsAsked("医药费谁来赔").map((k) => k.name), ["liability"]);
  assert.deepEqual(kindsAsked("彩礼能要回来吗").map((k) => k.name), ["restitution"]);
  assert.deepEqual(kindsAsked("借钱不还多久能起诉，利息怎么算").map((k) => k.name), ["duration", "amount"]);
  assert.deepEqual(kindsAsked("朋友借钱不还怎么办"), []);
  assert.ok(askedKind("duration").article.test("登记机关应当在十五日内办理"));
  assert.ok(!askedKind("duration").article.test("登记机关应当及时办理"));
  assert.ok(askedKind("amount").article.test("支付赔偿金的数额为价款的三倍"));
  assert.ok(askedKind("liability").article.test("由侵权人承担侵权责任"));
  assert.ok(askedKind("restitution").article.test("应当予以返还"));
});
