import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { ParseFailure } from "./worker_protocol.ts";
import { readZipDirectory } from "./zip_directory.ts";

Deno.test("readZipDirectory() sums the declared sizes of a real xlsx", () => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([["a", "b"], [1, 2]]), "S");
  const bytes = new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx", compression: true }));
  const summary = readZipDirectory(bytes);
  assert.ok(summary.entries >= 5, `entries ${summary.entries}`);
  assert.ok(summary.uncompressedBytes > bytes.length, "the parts inflate beyond the zip's size");
  assert.ok(summary.uncompressedBytes < 64 * 1024);
});

Deno.test("readZipDirectory() rejects bytes with no central directory", () => {
  assert.throws(() => readZipDirectory(new Uint8Array(100)), ParseFailure);
  assert.throws(() => readZipDirectory(new Uint8Array(3)), ParseFailure);
});
