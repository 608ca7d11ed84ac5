import assert from "node:assert/strict";
import { crc32, zipBlob, zipEntry } from "./zip_writer.ts";

const encoder = new TextEncoder();

Deno.test("crc32() gives zip's check value, also when fed in pieces", () => {
  assert.equal(crc32(encoder.encode("123456789")), 0xcbf43926);
  assert.equal(crc32(encoder.encode("6789"), crc32(encoder.encode("12345"))), 0xcbf43926);
  assert.equal(crc32(new Uint8Array()), 0);
});

Deno.test("zipEntry() deflates by default and stores on request, with the content's CRC and size", async () => {
  const text = "<row>调解书</row>".repeat(2000);
  const deflated = await zipEntry("a.xml", [text.slice(0, 999), text.slice(999)]);
  const stored = await zipEntry("a.xml", [text], { deflate: false });
  assert.equal(deflated.method, 8);
  assert.equal(stored.method, 0);
  assert.equal(deflated.size, encoder.encode(text).byteLength);
  assert.equal(deflated.crc, crc32(encoder.encode(text)));
  assert.equal(deflated.crc, stored.crc);
  assert.ok(deflated.compressedSize < deflated.size / 10, `${deflated.compressedSize} of ${deflated.size}`);
});

Deno.test("zipBlob() writes an archive unzip tests clean, deflated and stored entries alike", async () => {
  const blob = zipBlob([
    await zipEntry("a.txt", ["你好"], { deflate: false }),
    await zipEntry("dir/b.xml", ["<b/>".repeat(1000)]),
    await zipEntry("empty.txt", []),
  ]);
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeFile(`${dir}/t.zip`, new Uint8Array(await blob.arrayBuffer()));
    const out = await new Deno.Command("unzip", { args: ["-t", `${dir}/t.zip`] }).output().catch(() => null);
    if (!out) return console.warn("unzip not installed: archive check skipped");
    const text = new TextDecoder().decode(out.stdout);
    assert.equal(out.code, 0, text);
    for (const name of ["a.txt", "dir/b.xml", "empty.txt"]) {
      assert.match(text, new RegExp(`testing: ${name}\\s+OK`));
    }
    const b = await new Deno.Command("unzip", { args: ["-p", `${dir}/t.zip`, "dir/b.xml"] }).output();
    assert.equal(new TextDecoder().decode(b.stdout), "<b/>".repeat(1000));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
