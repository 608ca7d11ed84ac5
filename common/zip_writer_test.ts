import assert from "node:assert/strict";
import { crc32, storedEntry, zipBlob, zipEntry, zipEntrySync, zipWriter } from "./zip_writer.ts";
import { requireTool } from "../tests/helpers/require_tool.ts";

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
    const out = await new Deno.Command(requireTool("unzip"), { args: ["-t", `${dir}/t.zip`] }).output();
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

Deno.test("crc32() agrees with the bit-by-bit definition at every length and split point", () => {
  function reference(bytes: Uint8Array): number {
    let c = 0xffffffff;
    for (const b of bytes) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return ~c >>> 0;
  }
  const bytes = new Uint8Array(300);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 151 + 7) & 0xff;
  for (let n = 0; n <= 40; n++) {
    assert.equal(crc32(bytes.subarray(0, n)), reference(bytes.subarray(0, n)), `n=${n}`);
  }
  for (const cut of [1, 7, 8, 9, 123]) {
    assert.equal(crc32(bytes.subarray(cut), crc32(bytes.subarray(0, cut))), reference(bytes), `cut=${cut}`);
  }
});

Deno.test("zipWriter() writes one compressed entry into two archives under different names", async () => {
  const shared = await zipEntry("x.xml", ["<x>共享</x>".repeat(500)]);
  const one = zipWriter();
  const two = zipWriter();
  const first = new Blob([
    ...one.entry(storedEntry("a.txt", ["甲"])),
    ...one.entry(shared, "one.xml"),
    ...one.end(),
  ]);
  const second = new Blob([...two.entry(shared, "dir/two.xml"), ...two.end()]);
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeFile(`${dir}/1.zip`, new Uint8Array(await first.arrayBuffer()));
    await Deno.writeFile(`${dir}/2.zip`, new Uint8Array(await second.arrayBuffer()));
    const read = async (zip: string, name: string) => {
      const out = await new Deno.Command(requireTool("unzip"), { args: ["-p", `${dir}/${zip}`, name] })
        .output();
      return new TextDecoder().decode(out.stdout);
    };
    assert.equal(await read("1.zip", "one.xml"), "<x>共享</x>".repeat(500));
    assert.equal(await read("1.zip", "a.txt"), "甲");
    assert.equal(await read("2.zip", "dir/two.xml"), "<x>共享</x>".repeat(500));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("zipEntrySync() joins pieces deflated on their own into one deflate stream that zlib and DecompressionStream read", async () => {
  const zlib = await import("node:zlib");
  const deflatePiece = (bytes: Uint8Array) =>
    new Uint8Array(zlib.deflateRawSync(bytes, { level: 3, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
  const parts = Array.from(
    { length: 2000 },
    (_, i) => `<row r="${i}">第${i}行 ${"数据".repeat(i % 50)}</row>`,
  );
  const text = parts.join("");
  const entry = zipEntrySync("a.xml", parts, deflatePiece);
  assert.equal(entry.method, 8);
  assert.equal(entry.size, encoder.encode(text).byteLength);
  assert.equal(entry.crc, crc32(encoder.encode(text)));
  assert.ok(entry.data.length > 2, "several pieces");
  const joined = new Uint8Array(await new Blob(entry.data).arrayBuffer());
  assert.equal(joined.byteLength, entry.compressedSize);
  assert.equal(new TextDecoder().decode(zlib.inflateRawSync(joined)), text);
  const viaStream = new Blob([joined]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  assert.equal(await new Response(viaStream).text(), text);
  assert.deepEqual(await zipEntry("a.xml", parts, { deflatePiece }), entry);
});
