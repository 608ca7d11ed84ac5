import assert from "node:assert/strict";
import { boundaryOf, indexOfBytes, readMultipart } from "./multipart_stream.ts";

/** Splits a body into chunks of `size` bytes, as a slow network would deliver it. */
function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

async function formBytes(form: FormData): Promise<{ bytes: Uint8Array; type: string }> {
  const req = new Request("http://x/", { method: "POST", body: form });
  return { bytes: new Uint8Array(await req.arrayBuffer()), type: req.headers.get("content-type")! };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

Deno.test("boundaryOf() reads quoted and bare boundaries, null for other types", () => {
  assert.equal(boundaryOf("multipart/form-data; boundary=abc"), "abc");
  assert.equal(boundaryOf('multipart/form-data; boundary="a b"'), "a b");
  assert.equal(boundaryOf("application/json"), null);
  assert.equal(boundaryOf(undefined), null);
});

Deno.test("indexOfBytes() finds a needle, also at the very end", () => {
  const hay = new TextEncoder().encode("xx--ab--abc");
  assert.equal(indexOfBytes(hay, new TextEncoder().encode("--abc")), 6);
  assert.equal(indexOfBytes(hay, new TextEncoder().encode("--abd")), -1);
});

for (const size of [1, 7, 64, 100_000]) {
  Deno.test(`readMultipart() gives back fields and files byte for byte (chunks of ${size})`, async () => {
    const file = crypto.getRandomValues(new Uint8Array(50_000));
    // a file that contains CRLF and dashes near where a boundary would sit
    file.set(new TextEncoder().encode("\r\n--\r\n--"), 1000);
    const form = new FormData();
    form.append("note", "你好");
    form.append("file", new File([file], "调解书 (1).pdf", { type: "application/pdf" }));
    form.append("file", new File([new Uint8Array(0)], "empty.pdf"));
    const { bytes, type } = await formBytes(form);
    const seen: { name: string; filename: string | null; contentType: string; data: Uint8Array }[] = [];
    for await (const part of readMultipart(chunked(bytes, size), type)) {
      seen.push({ ...part, data: await readAll(part.body) });
    }
    assert.equal(seen.length, 3);
    assert.equal(seen[0].name, "note");
    assert.equal(seen[0].filename, null);
    assert.equal(new TextDecoder().decode(seen[0].data), "你好");
    assert.equal(seen[1].filename, "调解书 (1).pdf");
    assert.equal(seen[1].contentType, "application/pdf");
    assert.deepEqual(seen[1].data, file);
    assert.equal(seen[2].filename, "empty.pdf");
    assert.equal(seen[2].data.length, 0);
  });
}

Deno.test("readMultipart() skips a part whose body was cancelled or left unread", async () => {
  const form = new FormData();
  form.append("a", new File([new Uint8Array(30_000).fill(65)], "a.bin"));
  form.append("b", new File([new Uint8Array(10).fill(66)], "b.bin"));
  form.append("c", "last");
  const { bytes, type } = await formBytes(form);
  const names: string[] = [];
  let last = "";
  for await (const part of readMultipart(chunked(bytes, 1000), type)) {
    names.push(part.name);
    if (part.name === "a") await part.body.cancel();
    if (part.name === "c") last = new TextDecoder().decode(await readAll(part.body));
  }
  assert.deepEqual(names, ["a", "b", "c"]);
  assert.equal(last, "last");
});

Deno.test("readMultipart() refuses a body cut short inside a file", async () => {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(5000)], "x.pdf"));
  const { bytes, type } = await formBytes(form);
  await assert.rejects(async () => {
    for await (const part of readMultipart(chunked(bytes.slice(0, 3000), 500), type)) {
      await readAll(part.body);
    }
  }, (err: Error) => err.message === "上传内容格式错误");
});

Deno.test("readMultipart() answers FILE_REQUIRED for a body that is not multipart", async () => {
  await assert.rejects(async () => {
    for await (const _ of readMultipart(chunked(new Uint8Array(10), 5), "application/json")) { /* none */ }
  }, (err: Error) => err.message === "请选择要上传的文件");
});
