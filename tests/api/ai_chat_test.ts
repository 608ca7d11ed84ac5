import assert from "node:assert/strict";
import PizZip from "pizzip";
import { getQuotas } from "../../server/kv/quotas.ts";
import { listUsageRecords } from "../../server/kv/usage.ts";
import type { CitationDeps } from "../../server/services/ai_chat/citations.ts";
import { buildLibraryFromFiles } from "../../server/services/laws/build_library.ts";
import { checkCitationsIn } from "../../server/services/laws/check_citations.ts";
import { parseLawFile } from "../../server/services/laws/parse_markdown.ts";
import { fakeAnswer, fakeError, type FakeOpenAi, sentText, startFakeOpenAi } from "../helpers/fake_openai.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";

interface SseEvent {
  event: string;
  // deno-lint-ignore no-explicit-any
  data: any;
}

function parseSse(text: string): SseEvent[] {
  return text.split("\n\n").filter((b) => b.trim()).map((block) => {
    const event = block.match(/^event: (.+)$/m)?.[1] ?? "message";
    const data = JSON.parse(block.match(/^data: (.+)$/m)?.[1] ?? "null");
    return { event, data };
  });
}

async function configureAi(t: TestApp, fake: FakeOpenAi, over: Record<string, unknown> = {}) {
  const res = await t.request("PUT", "/api/ai/settings", {
    as: "admin",
    json: {
      model: "fake-chat",
      api_key: "sk-test-0000000000001",
      base_url: fake.baseUrl,
      temperature: 0.3,
      max_tokens: 1500,
      system_prompt: "你是一名法律助理。",
      enable_sensitive_filter: true,
      ...over,
    },
  });
  assert.equal(res.status, 200);
}

async function newConversation(t: TestApp, as: SeededUser, json: Record<string, unknown> = {}) {
  const res = await t.request("POST", "/api/ai-chat/conversations", { as, json });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).conversation as { id: string; title: string };
}

async function send(t: TestApp, as: SeededUser, id: string, json: Record<string, unknown>) {
  const res = await t.request("POST", `/api/ai-chat/conversations/${id}/messages`, { as, json });
  return res;
}

async function aiLeft(t: TestApp, user: SeededUser): Promise<number> {
  return (await getQuotas(t.kv, user.user.id)).aiLimit;
}

const LOAN_CASE = {
  原告姓名: "李明",
  原告身份证号: "330106198503071234",
  被告姓名: "王强",
  借款本金: "50000",
  约定年利率: "年利率6%",
};

Deno.test("AI chat routes answer 401 without a token and 403 without ai_document", async () => {
  using t = await testApp();
  const other = await t.userWith(["dashboard"]);
  const calls: [string, string, unknown][] = [
    ["GET", "/api/ai-chat/presets", undefined],
    ["GET", "/api/ai-chat/conversations", undefined],
    ["POST", "/api/ai-chat/conversations", {}],
    ["PATCH", "/api/ai-chat/conversations/x", { title: "a" }],
    ["DELETE", "/api/ai-chat/conversations/x", undefined],
    ["GET", "/api/ai-chat/conversations/x/messages", undefined],
    ["POST", "/api/ai-chat/conversations/x/messages", { content: "a" }],
    ["POST", "/api/ai-chat/messages/x/export", {}],
  ];
  for (const [method, path, json] of calls) {
    assert.equal((await t.request(method, path, { json })).status, 401, path);
    assert.equal((await t.request(method, path, { as: other, json })).status, 403, path);
  }
});

Deno.test("free chat streams the deltas in order, charges one use, records ai_document and stores both messages", async () => {
  using t = await testApp();
  await using fake = await startFakeOpenAi();
  await configureAi(t, fake);
  const user = await t.userWith(["ai_document"], { quotas: { ai: 5 } });
  const conv = await newConversation(t, user);
  assert.equal(conv.title, "新对话");
  fake.script(
    fakeAnswer("", {
      chunks: ["根据", "《中华人民共和国民法典》", "第六百七十五条，", "借款人应当按期还款。"],
    }),
  );
  const res = await send(t, user, conv.id, { content: "借款到期不还怎么办？" });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/event-stream/);
  const events = parseSse(await res.text());
  assert.deepEqual(events.map((e) => e.event), ["start", "delta", "delta", "delta", "delta", "done"]);
  const text = events.filter((e) => e.event === "delta").map((e) => e.data.text).join("");
  assert.equal(text, "根据《中华人民共和国民法典》第六百七十五条，借款人应当按期还款。");
  const done = events.at(-1)!.data;
  assert.equal(done.aiLimit, 4);
  assert.equal(done.messageId, events[0].data.messageId);
  assert.deepEqual(done.citations.map((c: { raw: string; status: string }) => [c.raw, c.status]), [
    ["《中华人民共和国民法典》第六百七十五条", "unknown_law"],
  ]);
  assert.equal(await aiLeft(t, user), 4);
  const usage = (await listUsageRecords(t.kv, { userId: user.user.id, pageSize: 50 })).records;
  assert.deepEqual(usage.map((u) => [u.type, u.status]), [["ai_document", "success"]]);

  const list = await (await t.request("GET", `/api/ai-chat/conversations/${conv.id}/messages`, { as: user }))
    .json();
  assert.equal(list.conversation.title, "借款到期不还怎么办？");
  assert.deepEqual(list.messages.map((m: { role: string; status: string }) => [m.role, m.status]), [
    ["user", "done"],
    ["assistant", "done"],
  ]);
  assert.equal(list.messages[1].content, text);
  // The second question carries the history; the system prompt stays first.
  fake.script(fakeAnswer("好的"));
  await (await send(t, user, conv.id, { content: "把利息计算改为按LPR四倍" })).text();
  const sent = fake.chatRequests[1].body.messages;
  assert.deepEqual(sent.map((m: { role: string }) => m.role), ["system", "user", "assistant", "user"]);
  assert.match(sent[0].content, /^你是一名法律助理。/);
  assert.equal(sent[3].content, "把利息计算改为按LPR四倍");
});

Deno.test("a provider error before any text refunds the use; after the first text the partial answer is kept and charged", async () => {
  using t = await testApp();
  await using fake = await startFakeOpenAi();
  await configureAi(t, fake);
  const user = await t.userWith(["ai_document"], { quotas: { ai: 3 } });
  const conv = await newConversation(t, user);

  fake.script(fakeError("auth"));
  const before = parseSse(await (await send(t, user, conv.id, { content: "问题一" })).text());
  assert.deepEqual(before.map((e) => e.event), ["start", "error"]);
  assert.deepEqual(before[1].data, {
    code: "AI_AUTH_FAILED",
    error: "API密钥无效",
    messageId: before[0].data.messageId,
    aiLimit: 3,
  });
  assert.equal(await aiLeft(t, user), 3, "refunded");

  fake.script({ kind: "errorFrame", chunks: ["已经写了"], error: { message: "Content Exists Risk" } });
  const after = parseSse(await (await send(t, user, conv.id, { content: "问题二" })).text());
  assert.deepEqual(after.map((e) => e.event), ["start", "delta", "error"]);
  assert.equal(after[2].data.code, "AI_CONTENT_FILTERED");
  assert.equal(after[2].data.aiLimit, 2);
  assert.match(after[2].data.error, /问题二/);
  assert.equal(await aiLeft(t, user), 2, "text was shown: the use stays spent");

  const list = await (await t.request("GET", `/api/ai-chat/conversations/${conv.id}/messages`, { as: user }))
    .json();
  const answers = list.messages.filter((m: { role: string }) => m.role === "assistant");
  assert.deepEqual(answers.map((m: { status: string; content: string }) => [m.status, m.content]), [
    ["failed", ""],
    ["failed", "已经写了"],
  ]);
  const usage = (await listUsageRecords(t.kv, { userId: user.user.id, pageSize: 50 })).records;
  assert.equal(usage.filter((u) => u.status === "failed").length, 1);

  // Regenerate answers the last question again, replacing the failed answer.
  fake.script(fakeAnswer("新的回答"));
  const again = parseSse(await (await send(t, user, conv.id, { regenerate: true })).text());
  assert.equal(again.at(-1)!.event, "done");
  assert.equal(fake.chatRequests.at(-1)!.body.messages.at(-1).content, "问题二");
  const after2 =
    await (await t.request("GET", `/api/ai-chat/conversations/${conv.id}/messages`, { as: user })).json();
  assert.deepEqual(after2.messages.map((m: { content: string }) => m.content), [
    "问题一",
    "",
    "问题二",
    "新的回答",
  ]);
});

Deno.test("at zero uses the question is refused before anything is stored or sent; without a model free chat says so", async () => {
  using t = await testApp();
  const user = await t.userWith(["ai_document"], { quotas: { ai: 0 } });
  const conv = await newConversation(t, user);
  const notConfigured = await send(t, user, conv.id, { content: "你好" });
  assert.equal(notConfigured.status, 409);
  assert.deepEqual(await notConfigured.json(), {
    success: false,
    code: "AI_NOT_CONFIGURED",
    error: "管理员尚未配置AI模型",
  });
  await using fake = await startFakeOpenAi();
  await configureAi(t, fake);
  const res = await send(t, user, conv.id, { content: "你好" });
  assert.equal(res.status, 402);
  assert.deepEqual(await res.json(), {
    success: false,
    code: "AI_QUOTA_INSUFFICIENT",
    error: "AI使用次数不足。需要 1 次，当前剩余 0 次",
  });
  assert.equal(fake.chatRequests.length, 0);
  const list = await (await t.request("GET", `/api/ai-chat/conversations/${conv.id}/messages`, { as: user }))
    .json();
  assert.deepEqual(list.messages, []);
  const bad = await send(t, user, conv.id, { content: "  " });
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error, "请输入内容");
  // A case too large for one record is refused with a message, not a 500.
  const caseData = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`字段${i}`, "长".repeat(1000)]));
  const big = await t.request("POST", "/api/ai-chat/conversations", { as: user, json: { caseData } });
  assert.equal(big.status, 400);
  assert.equal((await big.json()).error, "案件信息总长度不能超过8000个字符");
});

Deno.test("sensitive words are replaced both ways and ID numbers are masked on the way out and restored in the answer", async () => {
  using t = await testApp();
  await using fake = await startFakeOpenAi();
  await configureAi(t, fake);
  await t.request("POST", "/api/ai/sensitive-words", {
    as: "admin",
    json: { word: "内部代号", replacement: "某项目" },
  });
  const user = await t.userWith(["ai_document"], { quotas: { ai: 2 } });
  const conv = await newConversation(t, user);
  fake.fallback = (req) => {
    const holder = (req.body.messages.at(-1).content as string).match(/〔身份证1〕/)?.[0] ?? "?";
    return fakeAnswer(`被告身份证号${holder}，内部代号已核实。`, {
      chunks: ["被告身份证号〔身", "份证1〕，内部", "代号已核实。"],
    });
  };
  const events = parseSse(
    await (await send(t, user, conv.id, { content: "被告身份证号330106198503071234，参与内部代号项目" }))
      .text(),
  );
  const text = events.filter((e) => e.event === "delta").map((e) => e.data.text).join("");
  assert.equal(text, "被告身份证号330106198503071234，某项目已核实。");
  const sent = sentText(fake);
  assert.ok(!sent.includes("330106198503071234"));
  assert.ok(!sent.includes("内部代号"));
});

Deno.test("a client that goes away stops the provider call; the answer is kept as stopped", async () => {
  using t = await testApp();
  await using fake = await startFakeOpenAi();
  await configureAi(t, fake);
  const user = await t.userWith(["ai_document"], { quotas: { ai: 2 } });
  const conv = await newConversation(t, user);
  fake.script({ kind: "stall", chunks: ["第一段"] });
  const res = await send(t, user, conv.id, { content: "写一份长文书" });
  const reader = res.body!.getReader();
  let seen = "";
  while (!seen.includes("第一段")) seen += new TextDecoder().decode((await reader.read()).value);
  await reader.cancel();
  for (let i = 0; i < 100 && !fake.chatRequests[0].aborted; i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(fake.chatRequests[0].aborted, true, "the provider call was stopped");
  let answers: { status: string; content: string }[] = [];
  for (let i = 0; i < 100; i++) {
    const list =
      await (await t.request("GET", `/api/ai-chat/conversations/${conv.id}/messages`, { as: user })).json();
    answers = list.messages.filter((m: { role: string }) => m.role === "assistant");
    if (answers.length) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.deepEqual(answers.map((m) => [m.status, m.content]), [["stopped", "第一段"]]);
  assert.equal(await aiLeft(t, user), 1, "text was shown: the use stays spent");
});

Deno.test("a preset drafts the court's form: code fills the fixed blocks, the model writes only the narrative", async () => {
  using t = await testApp();
  const user = await t.userWith(["ai_document"], { quotas: { ai: 2 } });
  const presetsBody = await (await t.request("GET", "/api/ai-chat/presets", { as: user })).json();
  assert.equal(presetsBody.aiConfigured, false);
  const presets = presetsBody.presets;
  const loan = presets.find((p: { id: string }) => p.id === "civil_loan_complaint");
  assert.equal(loan.title, "民间借贷纠纷 起诉状（要素式）");
  assert.deepEqual(loan.modelBlocks, ["事实与理由"]);
  assert.ok(presets.some((p: { title: string }) => p.title.startsWith("离婚纠纷")));
  assert.ok(presets.some((p: { title: string }) => p.title.startsWith("买卖合同纠纷")));

  // Without a model: the form with the fixed blocks filled and marked gaps, nothing charged.
  const conv = await newConversation(t, user, { presetId: "civil_loan_complaint", caseData: LOAN_CASE });
  assert.equal(conv.title, "民间借贷纠纷 起诉状（要素式）·李明诉王强");
  const offline = parseSse(await (await send(t, user, conv.id, { content: "生成起诉状" })).text());
  assert.equal(offline.at(-1)!.event, "done");
  const form = offline.filter((e) => e.event === "delta").map((e) => e.data.text).join("");
  assert.match(form, /^# 民事起诉状\n（民间借贷纠纷）/);
  assert.match(form, /原告：李明，〔待填写：原告性别〕/);
  assert.match(form, /公民身份号码：330106198503071234/);
  assert.match(form, /1\. 判令被告偿还借款本金50000元；/);
  assert.match(form, /## 事实与理由\n〔待撰写：事实与理由。管理员尚未配置AI模型，请手工填写〕/);
  assert.equal(await aiLeft(t, user), 2);

  // With a model: the same form, the narrative streamed from the model, one use charged.
  await using fake = await startFakeOpenAi();
  await configureAi(t, fake);
  assert.equal(
    (await (await t.request("GET", "/api/ai-chat/presets", { as: user })).json()).aiConfigured,
    true,
  );
  const conv2 = await newConversation(t, user, { presetId: "civil_loan_complaint", caseData: LOAN_CASE });
  fake.script(
    fakeAnswer("2024年1月，被告向原告借款50000元。", { chunks: ["2024年1月，", "被告向原告借款50000元。"] }),
  );
  const online = parseSse(await (await send(t, user, conv2.id, { content: "生成起诉状" })).text());
  const draft = online.filter((e) => e.event === "delta").map((e) => e.data.text).join("");
  assert.match(draft, /## 事实与理由\n2024年1月，被告向原告借款50000元。\n/);
  assert.match(draft, /原告：李明/);
  assert.equal(await aiLeft(t, user), 1);
  assert.equal(fake.chatRequests.length, 1);
  const prompt = sentText(fake);
  assert.match(prompt, /只写“事实与理由”部分的正文/);
  assert.match(prompt, /原告姓名：李明/);
  assert.ok(!prompt.includes("330106198503071234"), "the ID number is masked in the case context");
});

Deno.test("conversations belong to their owner: list, rename, search, delete; another user sees none of it", async () => {
  using t = await testApp();
  await using fake = await startFakeOpenAi();
  await configureAi(t, fake);
  const a = await t.userWith(["ai_document"], { quotas: { ai: 5 } });
  const b = await t.userWith(["ai_document"], { quotas: { ai: 5 } });
  const conv = await newConversation(t, a);
  const events = parseSse(await (await send(t, a, conv.id, { content: "第一个问题" })).text());
  const answerId = events.at(-1)!.data.messageId;
  for (
    const [method, path, json] of [
      ["GET", `/api/ai-chat/conversations/${conv.id}/messages`, undefined],
      ["PATCH", `/api/ai-chat/conversations/${conv.id}`, { title: "偷改" }],
      ["DELETE", `/api/ai-chat/conversations/${conv.id}`, undefined],
      ["POST", `/api/ai-chat/conversations/${conv.id}/messages`, { content: "偷问" }],
      ["POST", `/api/ai-chat/messages/${answerId}/export`, {}],
    ] as const
  ) {
    const res = await t.request(method, path, { as: b, json });
    assert.equal(res.status, 404, path);
  }
  assert.deepEqual(
    (await (await t.request("GET", "/api/ai-chat/conversations", { as: b })).json()).conversations,
    [],
  );
  const renamed = await t.request("PATCH", `/api/ai-chat/conversations/${conv.id}`, {
    as: a,
    json: { title: "借款咨询" },
  });
  assert.equal((await renamed.json()).conversation.title, "借款咨询");
  const found = await (await t.request("GET", "/api/ai-chat/conversations?q=借款", { as: a })).json();
  assert.deepEqual(found.conversations.map((c: { title: string }) => c.title), ["借款咨询"]);
  const none = await (await t.request("GET", "/api/ai-chat/conversations?q=离婚", { as: a })).json();
  assert.deepEqual(none.conversations, []);
  assert.equal((await t.request("DELETE", `/api/ai-chat/conversations/${conv.id}`, { as: a })).status, 200);
  assert.equal(
    (await t.request("GET", `/api/ai-chat/conversations/${conv.id}/messages`, { as: a })).status,
    404,
  );
  assert.equal(
    (await t.request("POST", `/api/ai-chat/messages/${answerId}/export`, { as: a, json: {} })).status,
    404,
  );
});

const CIVIL_CODE_MD = [
  "# 中华人民共和国民法典",
  "",
  "2020年5月28日 第十三届全国人民代表大会第三次会议通过",
  "<!-- INFO END -->",
  "",
  "第六百六十七条 借款合同是借款人向贷款人借款，到期返还借款并支付利息的合同。",
  "",
  "第六百七十五条 借款人应当按照约定的期限返还借款。",
  "",
].join("\n");

Deno.test("citations are checked against the law library and badges reach the Word export", async () => {
  using t = await testApp();
  const lib = await buildLibraryFromFiles(
    [parseLawFile(CIVIL_CODE_MD, "民法典_2020-05-28.md")],
    "2024-01-01",
  );
  (t.deps as typeof t.deps & CitationDeps).checkCitations = (text) => checkCitationsIn(lib, text);
  await using fake = await startFakeOpenAi();
  await configureAi(t, fake);
  const user = await t.userWith(["ai_document"], { quotas: { ai: 2 } });
  const conv = await newConversation(t, user, { presetId: "civil_loan_complaint", caseData: LOAN_CASE });
  fake.script(fakeAnswer(
    "被告到期未还款。请求依据：《中华人民共和国民法典》第六百七十五条，借款人应当按照约定的期限返还借款；" +
      "《中华人民共和国民法典》第八百条。",
  ));
  const events = parseSse(await (await send(t, user, conv.id, { content: "生成" })).text());
  const done = events.at(-1)!;
  assert.equal(done.event, "done");
  const statuses = Object.fromEntries(
    done.data.citations.map((c: { raw: string; status: string }) => [c.raw, c.status]),
  );
  assert.equal(statuses["《中华人民共和国民法典》第六百七十五条"], "valid");
  assert.equal(statuses["《中华人民共和国民法典》第八百条"], "nonexistent");

  const exp = await t.request("POST", `/api/ai-chat/messages/${done.data.messageId}/export`, {
    as: user,
    json: {},
  });
  assert.equal(exp.status, 200);
  assert.equal(
    exp.headers.get("content-type"),
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  );
  const xml = new PizZip(new Uint8Array(await exp.arrayBuffer())).file("word/document.xml")!.asText();
  assert.match(xml, /原告：李明/);
  assert.match(xml, /附注：以下引用的法条未核实为现行有效/);
  assert.match(xml, /第八百条：✗ 不存在/);

  // PDF needs the LibreOffice pool; without it the answer says so (and Word still works).
  const pdf = await t.request("POST", `/api/ai-chat/messages/${done.data.messageId}/export`, {
    as: user,
    json: { format: "pdf" },
  });
  assert.equal(pdf.status, 503);
  assert.equal((await pdf.json()).code, "PDF_CONVERTER_MISSING");
  const badFormat = await t.request("POST", `/api/ai-chat/messages/${done.data.messageId}/export`, {
    as: user,
    json: { format: "txt" },
  });
  assert.equal(badFormat.status, 400);
  assert.equal((await badFormat.json()).error, "导出格式只能是docx或pdf");
  // A question cannot be exported.
  const list = await (await t.request("GET", `/api/ai-chat/conversations/${conv.id}/messages`, { as: user }))
    .json();
  const question = list.messages.find((m: { role: string }) => m.role === "user");
  const refused = await t.request("POST", `/api/ai-chat/messages/${question.id}/export`, {
    as: user,
    json: {},
  });
  assert.equal(refused.status, 400);
  assert.equal((await refused.json()).error, "只能导出已完成的AI回答");
});

Deno.test("save as template puts the case values back as ${字段} and stores a personal Word template", async () => {
  using t = await testApp();
  const user = await t.userWith(["ai_document", "my_template"], { quotas: { ai: 1 } });
  const conv = await newConversation(t, user, { presetId: "civil_loan_complaint", caseData: LOAN_CASE });
  const events = parseSse(await (await send(t, user, conv.id, { content: "生成" })).text());
  const id = events.at(-1)!.data.messageId;
  const bad = await t.request("POST", `/api/ai-chat/messages/${id}/save-template`, {
    as: user,
    json: { name: "" },
  });
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error, "请输入模板名称");
  const res = await t.request("POST", `/api/ai-chat/messages/${id}/save-template`, {
    as: user,
    json: { name: "民间借贷起诉状" },
  });
  assert.equal(res.status, 201);
  const { template } = await res.json();
  assert.equal(template.fileName, "民间借贷起诉状.docx");
  for (const v of ["原告姓名", "原告身份证号", "被告姓名", "借款本金", "原告性别", "受诉法院"]) {
    assert.ok(template.variables.includes(v), v);
  }
  const list = await (await t.request("GET", "/api/my-templates/list", { as: user })).json();
  const listed = JSON.stringify(list);
  assert.match(listed, /民间借贷起诉状\.docx/);
  const file = await t.request("GET", `/api/my-templates/download/${template.id}`, { as: user });
  const xml = new PizZip(new Uint8Array(await file.arrayBuffer())).file("word/document.xml")!.asText();
  assert.match(xml, /原告：\$\{原告姓名\}，\$\{原告性别\}/);
  assert.ok(!xml.includes("李明"), "no case value left in the template");
  assert.ok(!xml.includes("330106198503071234"));
});

Deno.test("with the stored law library: citations carry the law's id and 「插入法条」 reads the article's exact text", async () => {
  using t = await testApp();
  const form = new FormData();
  form.append("files", new File([CIVIL_CODE_MD], "民法典_2020-05-28.md"));
  const imported = await t.request("POST", "/api/law-search/laws/import", { as: "admin", form });
  assert.equal(imported.status, 200, await imported.clone().text());
  await using fake = await startFakeOpenAi();
  await configureAi(t, fake);
  const user = await t.userWith(["ai_document"], { quotas: { ai: 1 } });
  const conv = await newConversation(t, user);
  fake.script(fakeAnswer("依据《中华人民共和国民法典》第六百七十五条，被告应当还款。"));
  const events = parseSse(await (await send(t, user, conv.id, { content: "依据哪条？" })).text());
  const [citation] = events.at(-1)!.data.citations;
  assert.equal(citation.status, "valid");
  assert.ok(citation.lawId);
  const query = `lawId=${encodeURIComponent(citation.lawId)}&number=${
    encodeURIComponent(citation.articleNumber)
  }`;
  const res = await t.request("GET", `/api/ai-chat/article?${query}`, { as: user });
  assert.equal(res.status, 200);
  assert.deepEqual((await res.json()).article, {
    title: "中华人民共和国民法典",
    number: "第六百七十五条",
    text: "借款人应当按照约定的期限返还借款。",
  });
  const missing = await t.request(
    "GET",
    `/api/ai-chat/article?lawId=${encodeURIComponent(citation.lawId)}&number=${
      encodeURIComponent("第八百条")
    }`,
    { as: user },
  );
  assert.equal(missing.status, 404);
  assert.equal((await missing.json()).error, "《中华人民共和国民法典》没有第八百条");
  assert.equal((await t.request("GET", "/api/ai-chat/article?lawId=x", { as: user })).status, 400);
});

Deno.test("administrators add a preset as data (no code); every user can draft with it; built-in ones stay", async () => {
  using t = await testApp();
  const clerk = await t.userWith(["ai_document"], { quotas: { ai: 0 } });
  const preset = {
    id: "guarantee_complaint",
    title: "保证合同纠纷 起诉状",
    category: "起诉状",
    docTitle: "民事起诉状",
    docSubtitle: "（保证合同纠纷）",
    fields: [{ key: "原告姓名", label: "原告姓名" }, { key: "保证人", label: "保证人" }],
    blocks: [
      { title: "当事人信息", kind: "fixed", lines: ["原告：${原告姓名}。", "被告：${保证人}。"] },
      { title: "事实与理由", kind: "model", prompt: "写出保证合同的签订和履行情况。" },
    ],
    prompt: "你是一名律师。",
  };
  assert.equal((await t.request("POST", "/api/ai-chat/presets", { as: clerk, json: preset })).status, 403);
  const bad = await t.request("POST", "/api/ai-chat/presets", {
    as: "admin",
    json: { ...preset, id: "有中文" },
  });
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error, "模板ID只能由2-60个小写字母、数字和下划线组成");
  const created = await t.request("POST", "/api/ai-chat/presets", { as: "admin", json: preset });
  assert.equal(created.status, 201);
  assert.deepEqual((await created.json()).preset.modelBlocks, ["事实与理由"]);
  const dup = await t.request("POST", "/api/ai-chat/presets", { as: "admin", json: preset });
  assert.equal(dup.status, 409);
  assert.equal((await dup.json()).error, "文书模板ID已存在");
  const builtinDup = await t.request("POST", "/api/ai-chat/presets", {
    as: "admin",
    json: { ...preset, id: "civil_loan_complaint" },
  });
  assert.equal(builtinDup.status, 409);

  const listed = (await (await t.request("GET", "/api/ai-chat/presets", { as: clerk })).json()).presets;
  assert.equal(listed.at(-1).title, "保证合同纠纷 起诉状");
  const conv = await newConversation(t, clerk, {
    presetId: "guarantee_complaint",
    caseData: { 原告姓名: "李明" },
  });
  const events = parseSse(await (await send(t, clerk, conv.id, { content: "生成" })).text());
  const text = events.filter((e) => e.event === "delta").map((e) => e.data.text).join("");
  assert.match(text, /# 民事起诉状\n（保证合同纠纷）/);
  assert.match(text, /原告：李明。\n被告：〔待填写：保证人〕。/);

  const builtin = await t.request("DELETE", "/api/ai-chat/presets/civil_loan_complaint", { as: "admin" });
  assert.equal(builtin.status, 403);
  assert.equal((await builtin.json()).error, "内置文书模板不能删除");
  assert.equal(
    (await t.request("DELETE", "/api/ai-chat/presets/guarantee_complaint", { as: "admin" })).status,
    200,
  );
  assert.equal(
    (await t.request("DELETE", "/api/ai-chat/presets/guarantee_complaint", { as: "admin" })).status,
    404,
  );
  const after = (await (await t.request("GET", "/api/ai-chat/presets", { as: clerk })).json()).presets;
  assert.ok(!after.some((p: { id: string }) => p.id === "guarantee_complaint"));
});
