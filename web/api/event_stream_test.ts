import assert from "node:assert/strict";
import { readEventStream, type ServerEvent } from "./event_stream.ts";

async function eventsOf(...chunks: string[]): Promise<ServerEvent[]> {
  const encoder = new TextEncoder();
  const body = ReadableStream.from(chunks.map((c) => encoder.encode(c)));
  const out: ServerEvent[] = [];
  for await (const e of readEventStream(body)) out.push(e);
  return out;
}

Deno.test("readEventStream() reads named events and unnamed data-only events", async () => {
  assert.deepEqual(
    await eventsOf('event: delta\ndata: {"text":"你好"}\n\n', 'data: {"type":"progress"}\n\n'),
    [{ event: "delta", data: '{"text":"你好"}' }, { event: "message", data: '{"type":"progress"}' }],
  );
});

Deno.test("readEventStream() joins events split anywhere across chunks, CRLF and CR included", async () => {
  const text = 'event: start\r\ndata: {"a":1}\r\n\r\nevent:done\rdata:{"b":"中文"}\r\r';
  const whole = await eventsOf(text);
  assert.deepEqual(whole, [{ event: "start", data: '{"a":1}' }, { event: "done", data: '{"b":"中文"}' }]);
  for (let cut = 1; cut < text.length; cut++) {
    assert.deepEqual(await eventsOf(text.slice(0, cut), text.slice(cut)), whole, `cut at ${cut}`);
  }
});

Deno.test("readEventStream() joins data lines, skips comments and empty events, drops a cut-off last event", async () => {
  assert.deepEqual(
    await eventsOf(": keep-alive\n\nevent: x\n\ndata: line 1\ndata:line 2\nid: 7\n\nevent: cut\ndata: {"),
    [{ event: "message", data: "line 1\nline 2" }],
  );
});

Deno.test("readEventStream() cancels the body when the reader stops early", async () => {
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("data: 1\n\ndata: 2\n\n"));
    },
    cancel() {
      cancelled = true;
    },
  });
  for await (const e of readEventStream(body)) {
    assert.equal(e.data, "1");
    break;
  }
  assert.equal(cancelled, true);
});
