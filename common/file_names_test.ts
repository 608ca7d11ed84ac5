import assert from "node:assert/strict";
import { cleanFileName, cleanUploadName } from "./file_names.ts";
import { zipWriter } from "./zip_writer.ts";

const BIDI = [
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200e",
  "\u200f",
];

Deno.test("cleanFileName strips every bidirectional control and other control characters", () => {
  assert.equal(cleanFileName("evil\u202Efdp.exe"), "evilfdp.exe");
  for (const ch of BIDI) {
    assert.equal(cleanFileName(`a${ch}b.pdf`), "ab.pdf", `U+${ch.codePointAt(0)!.toString(16)}`);
  }
  assert.equal(cleanFileName("a\u0000b\u001fc\u007fd\u0085e\u009f.pdf"), "abcde.pdf");
  assert.equal(cleanFileName("  调解书 (1).pdf \t"), "调解书 (1).pdf");
  assert.equal(cleanFileName("张三_2024-001.docx"), "张三_2024-001.docx");
});

Deno.test("cleanUploadName keeps the last path segment, cleaned", () => {
  assert.equal(cleanUploadName("C:\\Users\\x\\evil\u202Efdp.exe"), "evilfdp.exe");
  assert.equal(cleanUploadName("dir/sub/合同.pdf"), "合同.pdf");
  assert.equal(cleanUploadName("\u2066\u2069"), "");
});

Deno.test("zip entries are written with cleaned names, in the local header and the central directory", async () => {
  const w = zipWriter();
  const bytes = new Uint8Array(
    await new Blob([
      ...w.entry({
        name: "目录\u202e/evil\u202Efdp.exe",
        data: [],
        crc: 0,
        size: 0,
        compressedSize: 0,
        method: 0,
      }),
      ...w.end(),
    ]).arrayBuffer(),
  );
  const text = new TextDecoder().decode(bytes);
  assert.ok(!text.includes("\u202e"));
  assert.equal(text.split("目录/evilfdp.exe").length - 1, 2);
});
