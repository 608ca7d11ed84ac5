import assert from "node:assert/strict";
import PizZip from "pizzip";
import { LocalBlobStore } from "../../blobs/local_blob_store.ts";
import type { MediationRow } from "../../kv/mediation_batches.ts";
import { batchZipEntries, streamBatchZip } from "./batch_zip.ts";

function row(index: number, fileName: string, pdf = true): MediationRow {
  return {
    index,
    row: index + 2,
    status: "done",
    fileName,
    applicant: "",
    respondent: "",
    caseNumber: "",
    wordKey: `users/1/generated/b/word-${index}.docx`,
    pdfKey: pdf ? `users/1/generated/b/pdf-${index}.pdf` : null,
    attempt: 1,
    finishedAt: 0,
  };
}

Deno.test("batchZipEntries() names files by display name, with Word/ and PDF/ folders for both", () => {
  const rows = [row(0, "（2024）京01号_王一"), row(1, "第3行", false)];
  assert.deepEqual(batchZipEntries(rows, "word").map((e) => e.name), [
    "（2024）京01号_王一.docx",
    "第3行.docx",
  ]);
  assert.deepEqual(batchZipEntries(rows, "pdf").map((e) => e.name), ["（2024）京01号_王一.pdf"]);
  assert.deepEqual(batchZipEntries(rows, "both").map((e) => e.name), [
    "Word/（2024）京01号_王一.docx",
    "Word/第3行.docx",
    "PDF/（2024）京01号_王一.pdf",
  ]);
});

Deno.test("batchZipEntries() leaves out failed rows, even one whose Word file was stored", () => {
  const failed: MediationRow = {
    ...row(1, "李四", false),
    status: "failed",
    error: "生成PDF超时，请稍后重试",
  };
  const rows = [row(0, "王一"), failed, row(2, "赵六")];
  assert.deepEqual(batchZipEntries(rows, "word").map((e) => e.name), ["王一.docx", "赵六.docx"]);
  assert.deepEqual(batchZipEntries(rows, "both").map((e) => e.name), [
    "Word/王一.docx",
    "Word/赵六.docx",
    "PDF/王一.pdf",
    "PDF/赵六.pdf",
  ]);
});

Deno.test("streamBatchZip() streams a valid zip of the stored files and skips missing ones", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const blobs = new LocalBlobStore(dir);
    const big = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
    await blobs.put("users/1/generated/b/word-0.docx", big);
    await blobs.put("users/1/generated/b/pdf-0.pdf", new TextEncoder().encode("%PDF-1.4 王一"));
    const entries = batchZipEntries([row(0, "王一"), row(1, "李四")], "both"); // row 1 has no blobs
    const stream = streamBatchZip(blobs, entries, new Date(Date.UTC(2026, 0, 5)));
    // Read it chunk by chunk: the archive arrives in many pieces (a stream, not one buffer).
    let chunks = 0;
    const parts: Uint8Array[] = [];
    for await (const chunk of stream) {
      chunks++;
      parts.push(chunk);
    }
    assert.ok(chunks > 3, `expected a streamed body, got ${chunks} chunks`);
    const bytes = new Uint8Array(await new Blob(parts as BlobPart[]).arrayBuffer());
    const zip = new PizZip(bytes);
    assert.deepEqual(Object.keys(zip.files).sort(), ["PDF/王一.pdf", "Word/王一.docx"]);
    assert.deepEqual(zip.file("Word/王一.docx")!.asUint8Array(), big);
    assert.equal(zip.file("PDF/王一.pdf")!.asText(), "%PDF-1.4 王一");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
