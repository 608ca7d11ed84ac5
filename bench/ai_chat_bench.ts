/**
 * AI chat figures for issue #15 (prints, asserts nothing). Run: deno run -A bench/ai_chat_bench.ts
 *
 * 1. Time to the first streamed character: the fake provider answering at once, read directly
 *    (fetch, stream) and through POST /api/ai-chat/conversations/{id}/messages (in-process app,
 *    in-memory KV: question stored, AI use charged, settings and key read, masking, SSE framing).
 *    The difference of the medians is what our server adds.
 * 2. Export of a 10-page draft to .docx (renderDraftDocx) and to PDF (the warm LibreOffice pool).
 */
import { renderDraftDocx } from "../server/services/ai_chat/export_docx.ts";
import { createPdfConverter } from "../server/services/pdf/libreoffice_pool.ts";
import { fakeAnswer, startFakeOpenAi } from "../tests/helpers/fake_openai.ts";
import { testApp } from "../tests/helpers/test_app.ts";

const RUNS = 40;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function p90(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length * 0.9)];
}

async function firstChunk(res: Response, marker: string): Promise<void> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (!seen.includes(marker)) {
    const { value, done } = await reader.read();
    if (done) throw new Error("stream ended before the first text");
    seen += value;
  }
  await reader.cancel();
}

{
  await using fake = await startFakeOpenAi();
  fake.fallback = fakeAnswer("第一段文字", { chunks: ["第一段", "文字"] });
  using t = await testApp();
  await t.request("PUT", "/api/ai/settings", {
    as: "admin",
    json: {
      model: "fake-chat",
      api_key: "sk-bench-000000000001",
      base_url: fake.baseUrl,
      temperature: 0.3,
      max_tokens: 1500,
      system_prompt: "你是一名法律助理。",
      enable_sensitive_filter: true,
    },
  });
  const user = await t.userWith(["ai_document"], { quotas: { ai: 10 * RUNS } });
  const conv = (await (await t.request("POST", "/api/ai-chat/conversations", { as: user, json: {} })).json())
    .conversation;

  const direct: number[] = [];
  const through: number[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    let start = performance.now();
    const res = await fetch(`${fake.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer x" },
      body: JSON.stringify({ model: "fake-chat", stream: true, messages: [{ role: "user", content: "问" }] }),
    });
    await firstChunk(res, "第一段");
    if (i >= 5) direct.push(performance.now() - start);

    start = performance.now();
    const answer = await t.request("POST", `/api/ai-chat/conversations/${conv.id}/messages`, {
      as: user,
      json: { content: `问题${i}：借款人身份证号330106198503071234，到期不还怎么办？` },
    });
    await firstChunk(answer, "第一段");
    if (i >= 5) through.push(performance.now() - start);
    // Let the answer be stored before the next question (the cancelled reader does not wait for it).
    await new Promise((r) => setTimeout(r, 20));
  }
  console.log(
    `first streamed text, provider direct:   median ${median(direct).toFixed(1)} ms, p90 ${
      p90(direct).toFixed(1)
    } ms (${RUNS} runs)`,
  );
  console.log(
    `first streamed text, through /api/ai-chat: median ${median(through).toFixed(1)} ms, p90 ${
      p90(through).toFixed(1)
    } ms`,
  );
  console.log(`added by our server (median difference): ${(median(through) - median(direct)).toFixed(1)} ms`);
}

// A 10-page draft: 仿宋 三号 on A4 with court margins holds ~22 lines of 28 characters per page.
const paragraph =
  "原告与被告于2024年1月5日签订借款合同，约定被告向原告借款人民币伍万元整，借款期限一年，年利率百分之六，" +
  "原告依约通过银行转账交付借款，被告到期后经原告多次催要仍未归还。";
// (Paragraph breaks and justified lines make ~70 % of that the measured 10 pages.)
const body = Array.from({ length: Math.round(0.7 * 10 * 22 * 28 / paragraph.length) }, () => paragraph);
const draft = `# 民事起诉状\n（民间借贷纠纷）\n\n## 事实与理由\n${body.join("\n")}`;
{
  const times: number[] = [];
  let docx: Uint8Array = new Uint8Array();
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    docx = renderDraftDocx(draft, []);
    times.push(performance.now() - start);
  }
  console.log(
    `export .docx (${draft.length} characters): median ${median(times).toFixed(1)} ms, ${docx.length} bytes`,
  );

  const workDir = await Deno.makeTempDir({ prefix: "ai-chat-bench-" });
  try {
    await using converter = createPdfConverter({ workDir, processes: 1 });
    if (!converter.available) {
      console.log("export PDF: LibreOffice not installed, skipped");
    } else {
      await converter.ready();
      await converter.convert(docx); // warm-up
      const pdfTimes: number[] = [];
      let pdf: Uint8Array = new Uint8Array();
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        pdf = await converter.convert(docx);
        pdfTimes.push(performance.now() - start);
      }
      const pages = new TextDecoder("latin1").decode(pdf).match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
      console.log(`export PDF (warm pool, ${pages} pages): median ${median(pdfTimes).toFixed(0)} ms`);
    }
  } finally {
    await Deno.remove(workDir, { recursive: true });
  }
}
