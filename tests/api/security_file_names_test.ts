/** Issue #17 finding 6: bidirectional and control characters leave every file name (common/file_names.ts). */
import assert from "node:assert/strict";
import { aiFolderNameProblem } from "../../common/schemas/ai_folder.ts";
import { sanitizeFileName } from "../../server/services/mediation/file_names.ts";
import { attachmentHeader, contentDisposition } from "../../server/services/templates/word_templates.ts";
import { buildSimpleTemplate } from "../../scripts/make_fixtures.ts";
import { makePdf } from "../helpers/pdf_bytes.ts";
import { testApp } from "../helpers/test_app.ts";

const RLO = "\u202e";

Deno.test("generated names and Content-Disposition values carry no bidirectional controls", () => {
  assert.equal(sanitizeFileName(`张三${RLO}fdp.exe`), "张三fdp.exe");
  assert.equal(sanitizeFileName("a\u2066b\u2069c\u200fd"), "abcd");
  for (
    const header of [attachmentHeader(`evil${RLO}fdp.exe`), contentDisposition("inline", `evil${RLO}fdp.exe`)]
  ) {
    assert.ok(!header.includes("%E2%80%AE") && !header.includes(RLO), header);
    assert.match(header, /filename\*=UTF-8''evilfdp\.exe$/);
  }
});

Deno.test("an uploaded PDF named with U+202E is stored, listed and served without it", async () => {
  using t = await testApp();
  const member = await t.userWith(["pdf_converter"], { quotas: { pdf_convert: 5 } });
  const form = new FormData();
  form.append("file", new File([makePdf("x")], `调解书${RLO}fdp.exe`, { type: "application/pdf" }));
  const res = await t.request("POST", "/api/upload-pdfs", {
    as: member,
    form,
    headers: { "Batch-No": "20250305_143012" },
  });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.record.original_filename, "调解书fdp.exe");
  const link = await t.request("GET", new URL(body.url).pathname);
  const disposition = link.headers.get("content-disposition") ?? "";
  await link.body?.cancel();
  assert.ok(!disposition.includes("%E2%80%AE"), disposition);
  assert.ok(disposition.includes(encodeURIComponent("调解书fdp.exe")), disposition);
});

Deno.test("a template uploaded with U+202E in its name keeps a clean name, also in its download", async () => {
  using t = await testApp();
  const form = new FormData();
  form.append("file", new File([buildSimpleTemplate() as BlobPart], `调解书${RLO}xcod.exe.docx`));
  const res = await t.request("POST", "/api/templates/upload", { as: "admin", form });
  assert.equal(res.status, 200);
  const { template } = await res.json();
  const download = await t.request("GET", `/api/templates/download/${template.id}`, { as: "admin" });
  const disposition = download.headers.get("content-disposition") ?? "";
  await download.body?.cancel();
  assert.ok(disposition.includes(encodeURIComponent("调解书xcod.exe.docx")), disposition);
  assert.ok(!JSON.stringify(template).includes(RLO));
});

Deno.test("the AI document folder refuses a name with a bidirectional control (its rule: refuse, not rename)", () => {
  assert.equal(aiFolderNameProblem(`evil${RLO}fdp.exe`), "AI_FOLDER_NAME_INVALID");
  assert.equal(aiFolderNameProblem("a\u2066b"), "AI_FOLDER_NAME_INVALID");
  assert.equal(aiFolderNameProblem("合同 2024.pdf"), null);
});
