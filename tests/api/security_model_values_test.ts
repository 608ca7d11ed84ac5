/**
 * Issue #25 finding 2: a value the model invents (no line of any file states it) is offered as a
 * flagged candidate, never chosen by itself, never `found`, never printed into a Word document until
 * a person picks it. A real model client talks to the fake OpenAI-compatible provider; the only file
 * says 申请人：张三 and the model answers 金额：999万元.
 */
import assert from "node:assert/strict";
import PizZip from "pizzip";
import { buildDocx, plainParagraph } from "../../scripts/make_fixtures.ts";
import { testAiTools } from "../helpers/ai_tools.ts";
import { makeOcrExtractHandler } from "../../server/jobs/ocr_extract_job.ts";
import { makeCustomOcrFolderHandler } from "../../server/jobs/custom_ocr_folder_job.ts";
import { getLlmClient } from "../../server/services/llm/llm_client.ts";
import { fakeAnswer, type FakeOpenAi, startFakeOpenAi } from "../helpers/fake_openai.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";
import { readTextAsWordLines } from "../helpers/text_reader_double.ts";

const FILE_TEXT = "申请书\n申请人：张三";
const INVENTED = JSON.stringify({
  fields: [
    { key: "applicant", value: "张三", lines: ["f1 p1 l2"] },
    { key: "amount", value: "999万元", lines: ["f1 p1 l2"] }, // not in the cited line, nor anywhere
  ],
});

const INVENTED_VALUE = /^(999万元|9990000(\.00)?)$/;

function docxText(bytes: Uint8Array): string {
  return new PizZip(bytes).file("word/document.xml")!.asText().replace(/<\/w:p>/g, "\n")
    .replace(/<[^>]+>/g, "");
}

async function withModel(t: TestApp, fake: FakeOpenAi): Promise<void> {
  fake.fallback = fakeAnswer(INVENTED);
  const res = await t.request("PUT", "/api/ai/settings", {
    as: "admin",
    json: {
      model: "fake-chat",
      api_key: "sk-test",
      base_url: fake.baseUrl,
      temperature: 0,
      max_tokens: 1000,
      system_prompt: "你是一名法律助理。",
      enable_sensitive_filter: false,
    },
  });
  assert.equal(res.status, 200);
}

async function generate(t: TestApp, u: SeededUser, recordId: string, templateId: string) {
  const res = await t.request("POST", `/api/custom-ocr/generate/${recordId}`, {
    as: u,
    json: { templateIds: [templateId] },
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  const file = body.files[0];
  const dl = await t.request("GET", `/api/custom-ocr/download/${encodeURIComponent(file.fileName)}`, {
    as: u,
  });
  return { emptyVariables: file.emptyVariables, text: docxText(new Uint8Array(await dl.arrayBuffer())) };
}

Deno.test("/custom-ocr: an invented value is a flagged candidate, not the value, and stays out of the Word file until picked", async () => {
  using t = await testApp({ aiSecretKey: "test-ai-secret-key-material" });
  await using fake = await startFakeOpenAi({ apiKey: "sk-test" });
  await withModel(t, fake);
  const u = await t.userWith(["custom_ocr_access", "ai_muban_access"], { quotas: { ai: 5 } });
  const rule = await (await t.request("POST", "/api/custom-ocr/rules", {
    as: u,
    json: {
      rule_name: "申请",
      patterns: [{
        pattern: "申请书",
        fields: [{ key: "applicant", label: "申请人" }, { key: "amount", label: "金额" }],
      }],
    },
  })).json();
  const form = new FormData();
  form.append("ruleId", rule.rule.id);
  form.append("files", new File([FILE_TEXT], "申请书.docx"));
  const started = await (await t.request("POST", "/api/custom-ocr/process", { as: u, form })).json();
  const recordId = started.batchId;
  await makeCustomOcrFolderHandler(testAiTools({
    readDocumentText: readTextAsWordLines,
    llm: (d) => getLlmClient(d),
  }))(t.deps, { userId: u.user.id, recordId });
  assert.ok(fake.chatRequests.length >= 1, "the model was asked");

  const progress = await (await t.request("GET", `/api/custom-ocr/progress/${recordId}`, { as: u })).json();
  assert.equal(progress.status, "completed");
  assert.equal(progress.mergedResult.applicant, "张三");
  assert.equal(progress.mergedResult.amount, null);
  // the model's value as the extraction core writes it (999万元, or its normalised 9990000.00)
  assert.equal(progress.fieldValues.amount.length, 1);
  const invented: string = progress.fieldValues.amount[0].value;
  assert.match(invented, INVENTED_VALUE);
  assert.equal(progress.fieldValues.amount[0].unverified, true);
  assert.deepEqual(progress.files[0].extractedData, { applicant: "张三" });
  const view = await (await t.request("GET", `/api/folder-browser/records/${recordId}`, { as: u })).json();
  assert.equal(view.record.merged_result.amount, null);
  assert.equal(view.record.field_values.amount[0].unverified, true);

  const tplForm = new FormData();
  tplForm.append("template_name", "申请书模板");
  tplForm.append(
    "template",
    new File(
      [buildDocx({ body: plainParagraph("申请人：${applicant}；金额：${金额}") }) as BlobPart],
      "t.docx",
    ),
  );
  const tpl = (await (await t.request("POST", "/api/ai-muban/templates", { as: u, form: tplForm })).json())
    .template;
  const before = await generate(t, u, recordId, tpl.id);
  assert.match(before.text, /申请人：张三；金额：\s*$/m);
  assert.ok(!before.text.includes("999"), before.text);
  assert.deepEqual(before.emptyVariables, ["金额"]);

  // A person picks it: only now is it the value, and printed.
  const pick = await t.request("POST", "/api/folder-browser/update-field-source", {
    as: u,
    json: { recordId, fieldName: "amount", selectedSource: { value: invented, source: "申请书.docx" } },
  });
  assert.equal(pick.status, 200);
  await pick.body?.cancel();
  const after = await generate(t, u, recordId, tpl.id);
  assert.match(after.text, /金额：(999万元|9990000)/);
  assert.deepEqual(after.emptyVariables, []);
});

Deno.test("/ocr-extract: an invented value is not found and not the value; it is a flagged candidate until picked", async () => {
  using t = await testApp({ aiSecretKey: "test-ai-secret-key-material" });
  await using fake = await startFakeOpenAi({ apiKey: "sk-test" });
  await withModel(t, fake);
  const u = await t.userWith(["ocr_extract"], { quotas: { ai: 5 } });
  const template = (await (await t.request("POST", "/api/ocr/templates", {
    as: u,
    json: {
      name: "申请要素",
      fields: [{ label: "申请人", key: "applicant" }, { label: "金额", key: "amount" }],
    },
  })).json()).template;
  const form = new FormData();
  form.append("templateId", template.id);
  form.append("files", new File([FILE_TEXT], "申请书.docx"));
  const res = await t.request("POST", "/api/ocr/process-batch", { as: u, form });
  assert.equal(res.status, 200);
  const batchId = res.headers.get("x-batch-id")!;
  const drained = res.text();
  const run = makeOcrExtractHandler(testAiTools({
    readDocumentText: readTextAsWordLines,
    llm: (deps) => getLlmClient(deps),
  }));
  await run(t.deps, { type: "ocr_extract.run", batchId, userId: u.user.id });
  await drained;
  assert.ok(fake.chatRequests.length >= 1, "the model was asked");
  const { result } = await (await t.request("GET", `/api/ocr/batch/${batchId}`, { as: u })).json();
  assert.equal(result.mergedResult.applicant.value, "张三");
  assert.deepEqual(
    [
      result.mergedResult.amount.value,
      result.mergedResult.amount.found,
      result.mergedResult.amount.sourceFile,
    ],
    [null, false, null],
  );
  assert.equal(result.fieldValues.amount.length, 1);
  const invented: string = result.fieldValues.amount[0].value;
  assert.match(invented, INVENTED_VALUE);
  assert.equal(result.fieldValues.amount[0].unverified, true);
  assert.deepEqual(result.fileResults[0].data, { applicant: "张三" });

  const saved = await t.request("PUT", `/api/ocr/batch/${batchId}/result`, {
    as: u,
    json: { mergedResult: { amount: { value: invented } } },
  });
  const picked = (await saved.json()).result.mergedResult.amount;
  assert.deepEqual([picked.value, picked.found, picked.sourceFile], [invented, true, "申请书.docx"]);
  assert.deepEqual(picked.checks, ["模型推断，无原文"], "still flagged once picked");
});
