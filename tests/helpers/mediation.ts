/** Shared pieces of the generation API tests: sheets, a fake PDF converter, polling. */
import assert from "node:assert/strict";
import PizZip from "pizzip";
import * as XLSX from "xlsx";
import type { ExportOptions, PdfConverter } from "../../server/services/pdf/libreoffice_pool.ts";
import { buildSimpleTemplate } from "../../scripts/make_fixtures.ts";
import { getBatchByNo, type MediationBatch } from "../../server/kv/mediation_batches.ts";
import type { RequestOptions, SeededUser, TestApp } from "./test_app.ts";

/** An .xlsx with a header row and data rows. */
export function sheetBytes(rows: unknown[][]): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }));
}

export function fileForm(bytes: Uint8Array, name: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/** The text of a .docx body (runs joined). */
export function docxText(bytes: Uint8Array): string {
  const xml = new PizZip(bytes).file("word/document.xml")!.asText();
  return xml.replace(/<w:br\/>/g, "\n").replace(/<\/w:p>/g, "\n").replace(/<[^>]+>/g, "");
}

/**
 * A converter that "converts" by quoting the document text; `fail` refuses chosen documents. It
 * refuses merged groups (`marks`), so rows are converted one by one: merged groups are tested against
 * LibreOffice (server/services/pdf/pdf_groups_test.ts, tests/api/mediation_pdf_test.ts).
 */
export function fakeConverter(options: { fail?: (text: string) => boolean } = {}) {
  const calls: string[] = [];
  const converter: PdfConverter & { calls: string[]; fail?: (text: string) => boolean } = {
    available: true,
    calls,
    fail: options.fail,
    convert(docx: Uint8Array, options?: ExportOptions) {
      if (options?.marks) {
        return Promise.reject(new Error("the fake converter converts one document at a time"));
      }
      const text = docxText(docx);
      calls.push(text);
      if (converter.fail?.(text)) {
        return Promise.reject(new (class extends Error {})("boom"));
      }
      return Promise.resolve(new TextEncoder().encode(`%PDF-fake\n${text}`));
    },
    convertFile: () => Promise.reject(new Error("unused")),
    ready: () => Promise.resolve(),
    close: () => Promise.resolve(),
    stats: () => ({
      id: "fake",
      available: true,
      processes: 1,
      conversions: calls.length,
      failures: 0,
      timeouts: 0,
      retries: 0,
      restarts: 0,
      writtenAhead: 0,
      queued: 0,
      listeners: [],
      timing: { busyMs: 0, loadMs: 0, exportMs: 0, closeMs: 0 },
    }),
    [Symbol.asyncDispose]: () => Promise.resolve(),
  };
  return converter;
}

/** Polls GET /api/conversion-progress until the batch completes (or fails the test after `ms`). */
export async function waitForBatch(
  t: TestApp,
  as: RequestOptions["as"],
  batchNo?: string,
  ms = 60_000,
) {
  const deadline = Date.now() + ms;
  const path = batchNo ? `/api/conversion-progress?batch_no=${batchNo}` : "/api/conversion-progress";
  while (Date.now() < deadline) {
    const body = await (await t.request("GET", path, { as })).json();
    if (body.completed) return body;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail("batch did not complete in time");
}

export async function quotaOf(t: TestApp, as: RequestOptions["as"]): Promise<number> {
  return (await (await t.request("GET", "/api/member/limits", { as })).json()).limits.mediationLimit;
}

/** Uploads the simple fixture template as a system template (as user 1); returns its id. */
export async function uploadSystemTemplate(t: TestApp): Promise<string> {
  const form = new FormData();
  form.append("file", new File([buildSimpleTemplate() as BlobPart], "调解书.docx"));
  const body = await (await t.request("POST", "/api/templates/upload", { as: "admin", form })).json();
  return body.template.id;
}

/**
 * Generates a batch from `rows` (案号, 申请人, 被申请人) with a system template through the API, waits for
 * it, and returns its stored record.
 */
export async function generateBatch(
  t: TestApp,
  options: { member: SeededUser; templateId: string; rows: string[][] },
): Promise<MediationBatch> {
  const { member, templateId, rows } = options;
  const res = await t.request("POST", "/api/upload-excel", {
    as: member,
    form: fileForm(sheetBytes([["案号", "申请人", "被申请人"], ...rows]), "data.xlsx"),
    headers: { "template-type": "system", "template-id": templateId },
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  await waitForBatch(t, member, body.batch_no);
  return (await getBatchByNo(t.kv, member.user.id, body.batch_no))!;
}
