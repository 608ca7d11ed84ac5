import assert from "node:assert/strict";
import { capStream } from "./capped_stream.ts";

function streamOf(...sizes: number[]): ReadableStream<Uint8Array> {
  return ReadableStream.from(sizes.map((n) => new Uint8Array(n)));
}

Deno.test("capStream() passes a stream of exactly maxBytes through unchanged", async () => {
  const bytes = await new Response(
    capStream(streamOf(3, 4, 3), { maxBytes: 10, tooLarge: () => new Error("big") }),
  )
    .bytes();
  assert.equal(bytes.byteLength, 10);
});

Deno.test("capStream() fails with the caller's error at the chunk that passes maxBytes", async () => {
  const seen: number[] = [];
  const stream = capStream(streamOf(6, 5, 100), {
    maxBytes: 10,
    tooLarge: () => new RangeError("文件大小不能超过 10MB"),
    onChunk: (n) => seen.push(n),
  });
  await assert.rejects(new Response(stream).bytes(), {
    name: "RangeError",
    message: "文件大小不能超过 10MB",
  });
  assert.deepEqual(seen, [6, 5], "the chunk after the cap is never read");
});

Deno.test("capStream() lets onChunk refuse first (a batch total)", async () => {
  const stream = capStream(streamOf(4, 4), {
    maxBytes: 100,
    tooLarge: () => new Error("file"),
    onChunk: (n) => {
      if (n > 3) throw new Error("batch");
    },
  });
  await assert.rejects(new Response(stream).bytes(), { message: "batch" });
});
