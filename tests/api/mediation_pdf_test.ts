import assert from "node:assert/strict";
import { buildMediationTemplate, mediationRow } from "../../scripts/make_fixtures.ts";
import { startJobListener } from "../../server/jobs/dispatch.ts";
import { jobHandlers } from "../../server/jobs/handlers.ts";
import { createPdfConverter } from "../../server/services/pdf/libreoffice_pool.ts";
import { fileForm, sheetBytes, waitForBatch } from "../helpers/mediation.ts";
import { testApp } from "../helpers/test_app.ts";
import { requireTool } from "../helpers/require_tool.ts";

async function pdfText(bytes: Uint8Array, args: string[] = []): Promise<string> {
  const out = await new Deno.Command(requireTool("pdftotext"), {
    args: [...args, "-", "-"],
    stdin: "piped",
    stdout: "piped",
  })
    .spawn();
  const writer = out.stdin.getWriter();
  await writer.write(bytes);
  await writer.close();
  return new TextDecoder().decode((await out.output()).stdout);
}

Deno.test({
  name:
    "generation with real LibreOffice: a split-run Chinese template gives a PDF per row with the row's values, rows converted in merged groups",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    using t = await testApp();
    await using pdf = createPdfConverter({ workDir: t.dataDir, processes: 1 });
    assert.ok(pdf.available, "LibreOffice and python3-uno must be installed for this test");
    t.deps.pdf = pdf;
    startJobListener(t.deps, jobHandlers).catch(() => {});
    const member = await t.userWith(["mediation"], { quotas: { mediation: 10 } });
    const form = new FormData();
    form.append("file", new File([buildMediationTemplate() as BlobPart], "民事调解书.docx"));
    const tpl = await (await t.request("POST", "/api/templates/upload", { as: "admin", form })).json();
    const rows = [1, 2, 3, 4, 5, 6].map((n) => mediationRow(n));
    const headers = Object.keys(rows[0]);
    const aoa = [
      headers,
      ...rows.map((r) => headers.map((h) => typeof r[h] === "object" ? (r[h] as { v: number }).v : r[h])),
    ];
    const res = await t.request("POST", "/api/upload-excel", {
      as: member,
      form: fileForm(sheetBytes(aoa), "案件.xlsx"),
      headers: { "template-type": "system", "template-id": tpl.template.id },
    });
    assert.equal(res.status, 200);
    const done = await waitForBatch(t, member, undefined, 180_000);
    assert.deepEqual(done.errors, []);
    assert.equal(done.files.length, 6);
    assert.equal(pdf.stats().conversions, 2, "six rows, one listener: two merged groups of three");
    for (const [i, file] of done.files.entries()) {
      const url = new URL(file.pdfUrl);
      const pdfRes = await t.request("GET", url.pathname + url.search);
      assert.equal(pdfRes.status, 200);
      const bytes = new Uint8Array(await pdfRes.arrayBuffer());
      assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
      const pages = (await pdfText(bytes)).split("\f").slice(0, -1).map((page) => page.replace(/\s+/g, ""));
      const text = pages.join("");
      assert.ok(text.includes(String(rows[i]["申请人"])), `PDF ${i} names the applicant`);
      pages.forEach((page, p) => {
        assert.ok(
          page.includes(String(rows[i]["案号"])),
          `PDF ${i} page ${p + 1}: the row's own case number in the header`,
        );
      });
      // The footer's page number is the lowest word of each page: 1, 2, 3... in every row's PDF.
      const footers = (await pdfText(bytes, ["-bbox"])).split("<page ").slice(1).map((page) => {
        const words = [...page.matchAll(/<word [^>]*yMin="([\d.]+)"[^>]*>([^<]*)</g)];
        return words.reduce((low, w) => Number(w[1]) > Number(low[1]) ? w : low)[2];
      });
      assert.deepEqual(footers, pages.map((_, p) => String(p + 1)), `PDF ${i}: page numbers start at 1`);
      const others = rows.filter((_, k) => k !== i).map((r) => String(r["案号"]));
      assert.ok(others.every((number) => !text.includes(number)), `PDF ${i} holds no other row`);
      assert.ok(text.includes("民事调解书"), "Chinese text intact");
    }
  },
});
