import assert from "node:assert/strict";
import { newId } from "../../kv/ids.ts";
import type { OcrBatch } from "../../kv/ocr_batches.ts";
import { testApp } from "../../../tests/helpers/test_app.ts";
import { batchEventStream } from "./batch_events.ts";

function batchOf(userId: number): OcrBatch {
  const id = newId();
  return {
    id,
    userId,
    username: "u",
    templateId: "t",
    templateName: "模板",
    fieldsKey: `users/${userId}/ocr_extract/${id}/fields.json`,
    fieldCount: 1,
    status: "processing",
    files: [{
      index: 0,
      recordId: `${id}-0`,
      fileName: "慢.pdf",
      size: 1,
      blobKey: "k",
      status: "processing",
    }],
    blobPrefix: `users/${userId}/ocr_extract/${id}`,
    createdAt: 0,
    updatedAt: 0,
  };
}

Deno.test("batchEventStream() sends heartbeats while a file is slow, and ends after complete", async () => {
  using t = await testApp();
  const batch = batchOf(9);
  await t.kv.set(["ocr_batches", batch.id], batch);
  const raw = batchEventStream(t.deps, batch.id, { heartbeatMs: 20 }).getReader();
  const decoder = new TextDecoder();
  const reader = {
    async read() {
      const next = await raw.read();
      return next.done
        ? { done: true as const, value: "" }
        : { done: false as const, value: decoder.decode(next.value) };
    },
  };
  let text = "";
  while (!text.includes(": heartbeat\n\n: heartbeat")) text += (await reader.read()).value;
  assert.match(text, /^data: \{"type":"progress","current":0,"total":1\}\n\n/);
  const resultKey = `${batch.blobPrefix}/result.json`;
  await t.deps.blobs.put(resultKey, new TextEncoder().encode(JSON.stringify({ batchId: batch.id })));
  await t.kv.set(["ocr_batches", batch.id], {
    ...batch,
    status: "completed",
    resultKey,
    files: [{ ...batch.files[0], status: "completed" }],
  });
  while (true) {
    const next = await reader.read();
    if (next.done) break;
    text += next.value;
  }
  const events = text.split("\n\n").filter((b) => b.startsWith("data: ")).map((b) => JSON.parse(b.slice(6)));
  assert.deepEqual(events.slice(1), [
    { type: "progress", current: 1, total: 1, fileName: "慢.pdf" },
    { type: "complete", result: { batchId: batch.id } },
  ]);
});

Deno.test("batchEventStream() moves per page of the file being read (no fileName until it is finished)", async () => {
  using t = await testApp();
  const batch = batchOf(9);
  await t.kv.set(["ocr_batches", batch.id], batch);
  const reader = batchEventStream(t.deps, batch.id, { heartbeatMs: 60_000 }).getReader();
  const decoder = new TextDecoder();
  let text = "";
  const events = () =>
    text.split("\n\n").filter((b) => b.startsWith("data: ")).map((b) => JSON.parse(b.slice(6)));
  while (events().length < 1) text += decoder.decode((await reader.read()).value);
  for (const pagesDone of [1, 2]) {
    await t.kv.set(["ocr_batches", batch.id], {
      ...batch,
      files: [{ ...batch.files[0], pagesDone, pagesTotal: 3 }],
    });
    while (events().length < 1 + pagesDone) text += decoder.decode((await reader.read()).value);
  }
  await reader.cancel();
  assert.deepEqual(events(), [
    { type: "progress", current: 0, total: 1 },
    { type: "progress", current: 0, total: 1, pagesDone: 1, pagesTotal: 3 },
    { type: "progress", current: 0, total: 1, pagesDone: 2, pagesTotal: 3 },
  ]);
});

Deno.test("batchEventStream(): a client that cancels stops the stream without touching the batch", async () => {
  using t = await testApp();
  const batch = batchOf(9);
  await t.kv.set(["ocr_batches", batch.id], batch);
  const stream = batchEventStream(t.deps, batch.id, { heartbeatMs: 10 });
  const reader = stream.getReader();
  await reader.read();
  await reader.cancel();
  assert.deepEqual((await t.kv.get(["ocr_batches", batch.id])).value, batch);
});
