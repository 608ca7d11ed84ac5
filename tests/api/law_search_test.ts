/**
 * AI law search API (issue #14): import and library management (administrators only), search with
 * explicit citations, filters and older versions below current ones, article views, citation check,
 * and grounded answers through the fake OpenAI-compatible server (streamed answer, a citation outside
 * the retrieved articles flagged, one AI use charged, refunded on failure, refused at zero).
 */
import assert from "node:assert/strict";
import PizZip from "pizzip";
import { describeImportReport } from "../../common/schemas/law_search.ts";
import { getQuotas } from "../../server/kv/quotas.ts";
import { createLaw } from "../../server/kv/laws.ts";
import { getLawImportStatus, importLawsAtFirstStart } from "../../server/services/laws/first_start_laws.ts";
import { getLawLibrary } from "../../server/services/laws/library_store.ts";
import { fakeAnswer, fakeError, startFakeOpenAi } from "../helpers/fake_openai.ts";
import { type TestApp, testApp } from "../helpers/test_app.ts";

const FIXTURES = new URL("../fixtures/laws/", import.meta.url);

async function lawFiles(): Promise<File[]> {
  const out: File[] = [];
  for await (const e of Deno.readDir(FIXTURES)) {
    if (!e.name.endsWith(".md") || e.name === "README.md") continue;
    out.push(new File([await Deno.readFile(new URL(e.name, FIXTURES))], e.name));
  }
  return out;
}

async function importFixtures(t: TestApp) {
  const form = new FormData();
  for (const f of await lawFiles()) form.append("files", f);
  const res = await t.request("POST", "/api/law-search/laws/import", { as: "admin", form });
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json();
}

async function search(t: TestApp, as: TestApp["adminToken"] | "admin", params: Record<string, string>) {
  t.clock.advance(1000);
  const res = await t.request("GET", `/api/law-search/search?${new URLSearchParams(params)}`, { as });
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json();
}

Deno.test("import: 民法典 parts become one law, versions resolved, counts as parsed; non-admins are refused", async () => {
  using t = await testApp();
  const member = await t.userWith(["ai_law_search"]);
  const form = new FormData();
  form.append("files", (await lawFiles())[0]);
  const refused = await t.request("POST", "/api/law-search/laws/import", { as: member, form });
  assert.equal(refused.status, 403);
  assert.equal((await refused.json()).code, "ADMIN_ONLY");

  const report = await importFixtures(t);
  const byTitle = new Map<string, { articleCount: number; status: string; files: number }[]>();
  for (const l of report.imported) byTitle.set(l.title, [...(byTitle.get(l.title) ?? []), l]);
  assert.deepEqual(byTitle.get("中华人民共和国民法典")?.map((l) => l.articleCount), [97]);
  assert.deepEqual(
    byTitle.get("中华人民共和国民事诉讼法")?.map((l) => `${l.articleCount}/${l.status}`).sort(),
    ["291/已被修改", "306/现行有效"],
  );
  // The counts add up to the files sent: 民法典's two parts are one law made of 2 files.
  assert.equal(report.files, 6);
  assert.equal(byTitle.get("中华人民共和国民法典")?.[0]?.files, 2);
  assert.match(
    describeImportReport(report),
    /^共 6 个文件：导入 5 部法规（其中《中华人民共和国民法典》由 2 个文件合成）/,
  );
  const marriage = report.imported.find((l: { title: string }) => l.title.includes("婚姻法"));
  assert.equal(marriage.status, "已废止");

  // The same files again are duplicates, not new versions.
  const again = await importFixtures(t);
  assert.equal(again.imported.length, 0);
  assert.ok(again.duplicates.length >= 6);

  const badForm = new FormData();
  badForm.append("files", new File(["hello"], "x.pdf"));
  const bad = await t.request("POST", "/api/law-search/laws/import", { as: "admin", form: badForm });
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).code, "LAW_FILE_TYPE");
  const emptyForm = new FormData();
  emptyForm.append("files", new File(["只是一段话"], "x.txt"));
  const empty = await t.request("POST", "/api/law-search/laws/import", { as: "admin", form: emptyForm });
  assert.equal(empty.status, 400);
  assert.equal((await empty.json()).code, "LAW_IMPORT_EMPTY");
});

Deno.test("search: explicit citations first, in any form; free of charge; recent searches kept", async () => {
  using t = await testApp();
  await importFixtures(t);
  const member = await t.userWith(["ai_law_search"], { quotas: { ai: 0 } });
  for (const q of ["民法典第1165条", "《中华人民共和国民法典》第一千一百六十五条", "民法典1165条 过错"]) {
    const body = await search(t, member.token, { q });
    assert.equal(body.results[0].articleNumber, "第一千一百六十五条", q);
    assert.equal(body.results[0].title, "中华人民共和国民法典");
    assert.equal(body.results[0].match, "citation");
    assert.deepEqual(body.results[0].path, ["侵权责任编", "第一章 一般规定"]);
  }
  const civil = await search(t, member.token, { q: "民诉法第122条" });
  assert.equal(civil.results[0].articleNumber, "第一百二十二条");
  assert.equal(civil.results[0].status, "现行有效");
  assert.match(civil.results[0].text, /起诉必须符合下列条件/);
  const loan = await search(t, member.token, { q: "民间借贷规定第二十五条" });
  assert.equal(loan.results[0].articleNumber, "第二十五条");

  const recent = await (await t.request("GET", "/api/law-search/recent", { as: member })).json();
  assert.deepEqual(recent.searches.slice(0, 2).map((s: { q: string }) => s.q), [
    "民间借贷规定第二十五条",
    "民诉法第122条",
  ]);
  assert.equal((await getQuotas(t.kv, member.user.id)).aiLimit, 0);

  const noQuery = await t.request("GET", "/api/law-search/search?q=", { as: member });
  assert.equal(noQuery.status, 400);
  assert.equal((await noQuery.json()).error, "请输入检索内容");
  const badStatus = await t.request("GET", "/api/law-search/search?q=a&status=x", { as: member });
  assert.equal(badStatus.status, 400);
  // A day the calendar lacks is refused, not read as some other day.
  for (const asOf of ["2019-13-45", "2023-02-29"]) {
    const badDay = await t.request("GET", `/api/law-search/search?q=a&asOf=${asOf}`, { as: member });
    assert.equal(badDay.status, 400, asOf);
    assert.equal((await badDay.json()).error, "日期格式应为 YYYY-MM-DD", asOf);
  }
  const noPermission = await t.userWith(["dashboard"]);
  assert.equal((await t.request("GET", "/api/law-search/search?q=a", { as: noPermission })).status, 403);
});

Deno.test("search: full text with colloquial words; an older version ranks below the current one; filters", async () => {
  using t = await testApp();
  await importFixtures(t);
  const body = await search(t, "admin", { q: "借钱不还 利息怎么算" });
  assert.equal(body.results[0].title, "最高人民法院关于审理民间借贷案件适用法律若干问题的规定");
  assert.ok(body.results[0].highlights.length > 0);

  const sued = await search(t, "admin", { q: "起诉必须符合下列条件", pageSize: "50" });
  const ranks = sued.results.map((r: { status: string; articleNumber: string }) =>
    `${r.articleNumber}/${r.status}`
  );
  const current = ranks.indexOf("第一百二十二条/现行有效");
  const older = ranks.indexOf("第一百二十二条/已被修改");
  assert.ok(current >= 0 && older > current, ranks.join(" "));

  const onlyOld = await search(t, "admin", { q: "起诉必须符合下列条件", status: "已被修改" });
  assert.ok(onlyOld.results.length > 0);
  assert.ok(onlyOld.results.every((r: { status: string }) => r.status === "已被修改"));
  const interpretations = await search(t, "admin", { q: "借款 利息", level: "司法解释" });
  assert.ok(interpretations.results.every((r: { level: string }) => r.level === "司法解释"));
  const asOf = await search(t, "admin", { q: "民事诉讼法第122条", asOf: "2022-06-01" });
  assert.equal(asOf.results[0].status, "已被修改");
  const lawId = asOf.results[0].lawId;
  const inLaw = await search(t, "admin", { q: "管辖", lawId });
  assert.ok(inLaw.results.length > 0 && inLaw.results.every((r: { lawId: string }) => r.lawId === lawId));
});

Deno.test("articles: a law with its contents and versions, an article with neighbours and other versions", async () => {
  using t = await testApp();
  await importFixtures(t);
  const list = await (await t.request("GET", "/api/law-search/laws?q=民事诉讼法", { as: "admin" })).json();
  assert.equal(list.total, 2);
  const current = list.laws.find((l: { status: string }) => l.status === "现行有效");
  const law = await (await t.request("GET", `/api/law-search/laws/${current.id}`, { as: "admin" })).json();
  assert.equal(law.articles.length, 306);
  assert.equal(law.versions.length, 2);
  assert.ok(law.toc.length > 10);
  const art = await (await t.request(
    "GET",
    `/api/law-search/laws/${current.id}/articles/${encodeURIComponent("第122条")}`,
    {
      as: "admin",
    },
  )).json();
  assert.equal(art.article.number, "第一百二十二条");
  assert.deepEqual(art.before.map((a: { number: string }) => a.number), ["第一百二十条", "第一百二十一条"]);
  assert.equal(art.versions.length, 1);
  assert.equal(art.versions[0].law.status, "已被修改");
  const missing = await t.request("GET", `/api/law-search/laws/${current.id}/articles/9999`, { as: "admin" });
  assert.equal(missing.status, 404);
  assert.equal((await t.request("GET", "/api/law-search/laws/nope", { as: "admin" })).status, 404);
});

Deno.test("check-citations: valid, amended (old numbering), repealed with successor, nonexistent, unknown law", async () => {
  using t = await testApp();
  await importFixtures(t);
  const text = [
    "依照《中华人民共和国民事诉讼法》第一百二十二条，原告的起诉符合起诉条件。",
    "根据《民事诉讼法》第六十四条第一款，当事人对自己提出的主张，有责任提供证据。",
    "依据民法典第1300条的规定，原告有权请求被告赔偿。",
    "根据《合同法》第一百零七条，当事人一方不履行合同义务的，应当承担违约责任。",
    "依据《婚姻法解释（二）》第二十四条，按夫妻共同债务处理。",
    "依照《某某条例》第三条处理。",
  ].join("\n");
  const res = await t.request("POST", "/api/law-search/check-citations", { as: "admin", json: { text } });
  assert.equal(res.status, 200);
  const { citations } = await res.json();
  assert.deepEqual(citations.map((c: { status: string }) => c.status), [
    "valid",
    "amended",
    "nonexistent",
    "repealed",
    "repealed",
    "unknown_law",
  ]);
  assert.deepEqual(citations[1].current, { title: "中华人民共和国民事诉讼法", articleNumber: "第六十七条" });
  assert.match(citations[2].note, /共1260条/);
  assert.equal(citations[3].current.title, "中华人民共和国民法典");
  assert.equal(citations[4].title, "最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（二）");
  const empty = await t.request("POST", "/api/law-search/check-citations", {
    as: "admin",
    json: { text: "" },
  });
  assert.equal(empty.status, 400);
  assert.equal((await empty.json()).error, "请输入要核对的文本");
});

Deno.test("library management: administrators correct status, a wrong id is 404, others are refused", async () => {
  using t = await testApp();
  await importFixtures(t);
  const member = await t.userWith(["ai_law_search"]);
  const list = await (await t.request("GET", "/api/law-search/laws?q=民间借贷", { as: member })).json();
  const id = list.laws[0].id;
  for (const [method, json] of [["PATCH", { status: "已废止" }], ["DELETE", undefined]] as const) {
    const res = await t.request(method, `/api/law-search/laws/${id}`, { as: member, json });
    assert.equal(res.status, 403);
  }
  const patched = await t.request("PATCH", `/api/law-search/laws/${id}`, {
    as: "admin",
    json: { status: "已废止", statusBasis: "测试更正" },
  });
  assert.equal(patched.status, 200);
  assert.equal((await patched.json()).law.statusManual, true);
  const hit = await search(t, member.token, { q: "民间借贷规定第二十五条" });
  assert.equal(hit.results[0].status, "已废止");
  const check = await (await t.request("POST", "/api/law-search/check-citations", {
    as: member,
    json: { text: "依据《最高人民法院关于审理民间借贷案件适用法律若干问题的规定》第二十五条" },
  })).json();
  assert.equal(check.citations[0].status, "repealed");

  assert.equal(
    (await t.request("PATCH", "/api/law-search/laws/nope", { as: "admin", json: {} })).status,
    404,
  );
  const del = await t.request("DELETE", `/api/law-search/laws/${id}`, { as: "admin" });
  assert.equal(del.status, 200);
  const after = await (await t.request("GET", "/api/law-search/laws?q=民间借贷", { as: member })).json();
  assert.equal(after.total, 0);
});

async function configureModel(t: TestApp, baseUrl: string) {
  const res = await t.request("PUT", "/api/ai/settings", {
    as: "admin",
    json: {
      model: "deepseek-chat",
      api_key: "sk-test-key-0123456789",
      base_url: baseUrl,
      temperature: 0.3,
      max_tokens: 800,
      system_prompt: "你是一名法律助理。",
      enable_sensitive_filter: true,
    },
  });
  assert.equal(res.status, 200, await res.clone().text());
}

function parseSse(text: string): { event: string; data: unknown }[] {
  return text.split("\n\n").filter((b) => b.trim()).map((block) => {
    const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
    const data = block.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n");
    return { event, data: JSON.parse(data) };
  });
}

Deno.test("ask: without a model 管理员尚未配置AI模型; with one a streamed answer, citations checked and flagged, one use charged", async () => {
  using t = await testApp();
  await importFixtures(t);
  const member = await t.userWith(["ai_law_search"], { quotas: { ai: 2 } });
  const noModel = await t.request("POST", "/api/law-search/ask", {
    as: member,
    json: { question: "借钱不还利息怎么算" },
  });
  assert.equal(noModel.status, 409);
  assert.equal((await noModel.json()).error, "管理员尚未配置AI模型");
  assert.equal((await getQuotas(t.kv, member.user.id)).aiLimit, 2);

  await using fake = await startFakeOpenAi();
  await configureModel(t, fake.baseUrl);
  const answer =
    "借款利率超过合同成立时一年期贷款市场报价利率四倍的部分不予支持（《最高人民法院关于审理民间借贷案件适用法律若干问题的规定》第二十五条）。" +
    "另见民法典第六百八十条。";
  // First the question in legal terms (searched too, rankings fused), then the answer.
  fake.script(
    fakeAnswer("民间借贷 借款利率 利息 上限"),
    fakeAnswer(answer, { chunks: [answer.slice(0, 20), answer.slice(20)] }),
  );
  const res = await t.request("POST", "/api/law-search/ask", {
    as: member,
    json: { question: "借钱不还 利息最高能算多少" },
  });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /text\/event-stream/);
  const events = parseSse(await res.text());
  const sources = events.find((e) => e.event === "sources")!.data as {
    articles: { title: string; articleNumber: string }[];
  };
  assert.ok(sources.articles.some((a) => a.articleNumber === "第二十五条"));
  const streamed = events.filter((e) => e.event === "delta").map((e) => (e.data as { text: string }).text)
    .join("");
  assert.equal(streamed, answer);
  const { citations } = events.find((e) => e.event === "citations")!.data as {
    citations: { articleNumber: string; status: string; retrieved: boolean }[];
  };
  assert.deepEqual(citations.map((c) => [c.articleNumber, c.retrieved]), [["第二十五条", true], [
    "第六百八十条",
    false,
  ]]);
  // The fixture library holds only two parts of the 民法典: 第六百八十条 is not in it.
  assert.equal(citations[1].status, "nonexistent");
  const done = events.find((e) => e.event === "done")!.data as { charged: boolean; unsupported: number };
  assert.deepEqual(done, { charged: true, unsupported: 1 });
  assert.equal((await getQuotas(t.kv, member.user.id)).aiLimit, 1);
  const rewrite = fake.chatRequests[0].body.messages as { role: string; content: string }[];
  assert.match(rewrite[0].content, /法律术语/);
  assert.equal(rewrite.at(-1)!.content, "借钱不还 利息最高能算多少");
  assert.equal(fake.chatRequests.length, 2);
  // The model got only retrieved articles and the instruction to use nothing else.
  const sent = fake.requests.at(-1)!.body.messages as { role: string; content: string }[];
  assert.match(sent.map((m) => m.content).join("\n"), /只能依据/);
  assert.match(sent.at(-1)!.content, /第二十五条/);
});

Deno.test("ask: nothing relevant is said so without charging; a failed answer is refunded; zero uses refused", async () => {
  using t = await testApp();
  await importFixtures(t);
  await using fake = await startFakeOpenAi();
  await configureModel(t, fake.baseUrl);
  const member = await t.userWith(["ai_law_search"], { quotas: { ai: 1 } });

  const none = await t.request("POST", "/api/law-search/ask", {
    as: member,
    json: { question: "量子计算机的专利如何申请" },
  });
  const noneEvents = parseSse(await none.text());
  assert.match(
    noneEvents.filter((e) => e.event === "delta").map((e) => (e.data as { text: string }).text).join(""),
    /没有找到/,
  );
  assert.equal(fake.requests.length, 0);
  assert.equal((await getQuotas(t.kv, member.user.id)).aiLimit, 1);

  fake.script(fakeError("auth"));
  const failed = await t.request("POST", "/api/law-search/ask", {
    as: member,
    json: { question: "借钱不还 利息最高能算多少" },
  });
  const failedEvents = parseSse(await failed.text());
  const error = failedEvents.find((e) => e.event === "error")!.data as { code: string };
  assert.equal(error.code, "AI_AUTH_FAILED");
  assert.equal((await getQuotas(t.kv, member.user.id)).aiLimit, 1);

  const broke = await t.userWith(["ai_law_search"], { quotas: { ai: 0 } });
  const refused = await t.request("POST", "/api/law-search/ask", {
    as: broke,
    json: { question: "借钱不还 利息最高能算多少" },
  });
  assert.equal(refused.status, 402);
  assert.match((await refused.json()).error, /AI使用次数不足/);
});

Deno.test("import: a .zip of Markdown files (folder gives the level) and a flk.npc.gov.cn-style .docx", async () => {
  using t = await testApp();
  const zip = new PizZip();
  zip.file(
    "laws/地方性法规/测试办法(2021-01-01).md",
    "# 测试办法\n<!-- INFO END -->\n第一条 测试甲。\n第二条 测试乙。\n",
  );
  zip.file("laws/README.md", "# 说明\n");
  const docx = new PizZip();
  const para = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
  docx.file(
    "word/document.xml",
    `<?xml version="1.0"?><w:document xmlns:w="x"><w:body>${
      [
        "某某市物业管理条例",
        "第一章 总则",
        "第一条　为了规范物业管理，制定本条例。",
        "第二条　本条例适用于本市。",
      ].map(para).join("")
    }</w:body></w:document>`,
  );
  const form = new FormData();
  form.append("files", new File([zip.generate({ type: "arraybuffer" })], "laws.zip"));
  form.append("files", new File([docx.generate({ type: "arraybuffer" })], "物业管理条例.docx"));
  const res = await t.request("POST", "/api/law-search/laws/import", { as: "admin", form });
  assert.equal(res.status, 200, await res.clone().text());
  const report = await res.json();
  assert.deepEqual(
    report.imported.map((l: { title: string; articleCount: number }) => `${l.title}/${l.articleCount}`)
      .sort(),
    ["测试办法/2", "某某市物业管理条例/2"].sort(),
  );
  const list = await (await t.request("GET", "/api/law-search/laws", { as: "admin" })).json();
  const levels = Object.fromEntries(
    list.laws.map((l: { title: string; level: string }) => [l.title, l.level]),
  );
  assert.equal(levels["测试办法"], "地方性法规", "the folder names the level");
  assert.equal(levels["某某市物业管理条例"], "地方性法规");
  const art = await search(t, "admin", { q: "某某市物业管理条例第一条" });
  assert.equal(art.results[0].text, "为了规范物业管理，制定本条例。");
  assert.deepEqual(art.results[0].path, ["第一章 总则"]);
});

Deno.test("import: a newer version imported later marks the stored one 已被修改; both stay searchable by date", async () => {
  using t = await testApp();
  const upload = async (name: string) => {
    const form = new FormData();
    form.append("files", new File([await Deno.readFile(new URL(name, FIXTURES))], name));
    const res = await t.request("POST", "/api/law-search/laws/import", { as: "admin", form });
    assert.equal(res.status, 200);
    return await res.json();
  };
  const first = await upload("民事诉讼法(2021-12-24).md");
  assert.equal(first.imported[0].status, "现行有效");
  const second = await upload("民事诉讼法(2023-09-01).md");
  assert.equal(second.imported[0].status, "现行有效");
  const list = await (await t.request("GET", "/api/law-search/laws?q=民事诉讼法", { as: "admin" })).json();
  const old = list.laws.find((l: { id: string }) => l.id === first.imported[0].id);
  assert.equal(old.status, "已被修改");
  assert.match(old.statusBasis, /2023-09-01/);
  const then = await search(t, "admin", { q: "民事诉讼法第一百二十二条", asOf: "2022-01-15" });
  assert.equal(then.results[0].lawId, first.imported[0].id);
  const now = await search(t, "admin", { q: "民事诉讼法第一百二十二条" });
  assert.equal(now.results[0].lawId, second.imported[0].id);
});

Deno.test("overview: importing shows the first-start import's progress, then null with the laws counted", async () => {
  using t = await testApp();
  // Law texts are stored only once the screen has read the progress, so the import cannot end first.
  let release = () => {};
  const gate = new Promise<void>((resolve) => release = resolve);
  const blobs = Object.assign(Object.create(t.deps.blobs), {
    put: async (key: string, data: Uint8Array) => {
      await gate;
      return await t.deps.blobs.put(key, data);
    },
  });
  const run = importLawsAtFirstStart({ ...t.deps, blobs }, { kind: "dir", dir: FIXTURES.pathname });
  while (!getLawImportStatus(t.deps.kv)?.total) await new Promise((resolve) => setTimeout(resolve, 1));
  const during = await t.request("GET", "/api/law-search/overview", { as: "admin" });
  assert.equal(during.status, 200);
  const body = await during.json();
  assert.equal(body.importing.total, 6);
  assert.ok(["reading", "importing", "indexing"].includes(body.importing.phase));
  assert.ok(body.importing.done >= 0 && body.importing.done <= 6);
  // Search and 问答 say the library is being filled rather than finding nothing in the empty one.
  const searched = await search(t, "admin", { q: "借款" });
  assert.equal(searched.loading, true);
  assert.equal(searched.message, "法规库正在加载，请稍候再试");
  const member = await t.userWith(["ai_law_search"], { quotas: { ai: 1 } });
  const ask = await t.request("POST", "/api/law-search/ask", {
    as: member,
    json: { question: "借款到期不还怎么办" },
  });
  assert.equal((await ask.json()).code, "LAW_LIBRARY_LOADING");
  release();
  await run;
  const after = await (await t.request("GET", "/api/law-search/overview", { as: "admin" })).json();
  assert.equal(after.importing, null);
  assert.equal(after.laws, 5);
});

Deno.test("start-up: while the stored library is built, search answers 法规库正在加载 at once and other routes answer; then it searches", async () => {
  using t = await testApp();
  // A library stored by an earlier run; its texts are read only when the test lets them, so the build
  // cannot end before the requests below.
  const record = {
    id: "law1",
    title: "中华人民共和国借款测试法",
    shortNames: [],
    level: "法律" as const,
    issuer: "",
    publishDate: "2020-01-01",
    effectiveDate: "2020-01-01",
    status: "现行有效" as const,
    statusBasis: "",
    statusManual: false,
    successor: null,
    folder: null,
    sources: [],
    sha256: "x",
    articleCount: 1,
    importedAt: 1,
    repeals: [],
  };
  const article = {
    number: "第一条",
    num: 1,
    sub: 0,
    path: [],
    paragraphs: ["借款人应当按照约定的期限返还借款。"],
  };
  await createLaw(t.deps.kv, t.deps.blobs, record, { articles: [article], body: "", history: [] });
  let release = () => {};
  const gate = new Promise<void>((resolve) => release = resolve);
  const read = t.deps.blobs.read.bind(t.deps.blobs);
  t.deps.blobs.read = async (key: string) => {
    await gate;
    return await read(key);
  };

  const during = await search(t, "admin", { q: "借款 返还" });
  assert.equal(during.loading, true);
  assert.equal(during.message, "法规库正在加载，请稍候再试");
  assert.deepEqual(during.results, []);
  const overview = await (await t.request("GET", "/api/law-search/overview", { as: "admin" })).json();
  assert.equal(overview.loading, true);
  assert.equal((await t.request("GET", "/api/health")).status, 200);
  const member = await t.userWith(["ai_law_search"], { quotas: { ai: 2 } });
  const ask = await t.request("POST", "/api/law-search/ask", {
    as: member,
    json: { question: "借款到期不还怎么办" },
  });
  assert.equal(ask.status, 503);
  assert.equal((await ask.json()).error, "法规库正在加载，请稍候再试");
  assert.equal((await getQuotas(t.kv, member.user.id)).aiLimit, 2);

  release();
  await getLawLibrary(t.deps);
  const after = await search(t, "admin", { q: "借款 返还" });
  assert.equal(after.loading, false);
  assert.equal(after.results[0]?.title, "中华人民共和国借款测试法");
  assert.equal(
    (await (await t.request("GET", "/api/law-search/overview", { as: "admin" })).json()).loading,
    false,
  );
});
