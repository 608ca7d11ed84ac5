import assert from "node:assert/strict";
import { formatBytes } from "./format_bytes.ts";

Deno.test("formatBytes() writes bytes, then KB/MB/GB with one decimal", () => {
  assert.equal(formatBytes(0), "0 B");
  assert.equal(formatBytes(-5), "0 B");
  assert.equal(formatBytes(512), "512 B");
  assert.equal(formatBytes(1536), "1.5 KB");
  assert.equal(formatBytes(10 * 1024 * 1024), "10.0 MB");
  assert.equal(formatBytes(3 * 1024 ** 3), "3.0 GB");
});
