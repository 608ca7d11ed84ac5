import assert from "node:assert/strict";
import { fakeAnswer, startFakeOpenAi } from "../../../tests/helpers/fake_openai.ts";
import { createLlmClient } from "../llm/llm_client.ts";
import { extractCaseFields } from "./extract_case_fields.ts";
import { numberLines, valueInLines } from "./model_extractor.ts";
import { docOf } from "./test_docs.ts";

const DOC = docOf("借条.jpg", [
  "借条",
  "今借到王小明人民币伍万元整（¥50,000.00）。",
  "借款人：赵大力",
  "身份证号码：11010519491231002X",
  "2023年3月5日",
], { method: "ocr", confidence: 0.9 });

Deno.test("numberLines numbers file, page and line from 1", () => {
  const lines = numberLines([DOC, DOC]);
  assert.equal(lines[0].id, "f1 p1 l1");
  assert.equal(lines[6].id, "f2 p1 l2");
});

Deno.test("valueInLines compares normalised text", () => {
  assert.ok(valueInLines("50000", "50000", ["人民币伍万元整（¥50,000.00）"]));
  assert.ok(valueInLines("赵大力", "赵大力", ["借款人：赵 大力"]));
  assert.ok(!valueInLines("赵小力", "赵小力", ["借款人：赵大力"]));
});

Deno.test("model path through the real client and a fake provider: cited values verified, the rest flagged", async () => {
  await using fake = await startFakeOpenAi({ apiKey: "sk-test" });
  fake.script(fakeAnswer(JSON.stringify({
    fields: [
      { key: "lender", value: "王小明", lines: ["f1 p1 l2"] },
      { key: "borrower_id", value: "11010519491231002X", lines: ["f1 p1 l4"] },
      { key: "guarantor", value: "钱三", lines: ["f1 p1 l3"] }, // not in the cited line
      { key: "witness", value: "无", lines: [] },
    ],
  })));
  const llm = createLlmClient({
    model: "fake-chat",
    apiKey: "sk-test",
    baseUrl: fake.baseUrl,
    temperature: 0,
    maxTokens: 1000,
    systemPrompt: "",
    sensitiveWords: [],
    maskPersonalData: true,
  }, { retryDelayMs: 10 });
  const fields = [
    { key: "lender", label: "出借人" },
    { key: "borrower_id", label: "借款人身份证号" },
    { key: "guarantor", label: "保证人", prompt: "借条上签字的保证人" },
    { key: "witness", label: "见证人" },
  ];
  const r = await extractCaseFields([DOC], fields, { llm });
  // the numbered lines were sent, the ID number masked on the way out
  const sent = JSON.stringify(fake.chatRequests[0].body.messages);
  assert.match(sent, /\[f1 p1 l2\] 今借到王小明/);
  assert.match(sent, /guarantor：保证人（借条上签字的保证人）/);
  assert.ok(!sent.includes("11010519491231002X"));
  const model = (key: string) => r.fields[key].candidates.find((c) => c.method === "model");
  assert.equal(model("lender")?.unverified, undefined);
  assert.equal(model("lender")?.source.line, 2);
  assert.equal(model("borrower_id")?.value, "11010519491231002X"); // restored by the client, verified
  assert.equal(model("borrower_id")?.unverified, undefined);
  assert.equal(r.fields.guarantor.candidates[0].unverified, true);
  assert.deepEqual(r.fields.guarantor.candidates[0].checks, ["模型推断，无原文"]);
  assert.equal(r.fields.witness.found, false);
});
