import assert from "node:assert/strict";
import { runInWorker } from "./run_in_worker.ts";
import { appErrorOf } from "../../tests/helpers/app_error.ts";

const url = (name: string) => new URL(`./testdata/${name}`, import.meta.url);
// Generous: under `deno test` a worker's first start type-checks its module, which took over 10 s on a
// loaded machine; only the time-out test below needs a short limit.
const opts = { timeoutMs: 120_000, maxInputBytes: 1024 };

Deno.test("runInWorker() gives the worker no file access", async () => {
  const path = await Deno.makeTempFile();
  try {
    await Deno.writeTextFile(path, "secret");
    const result = await runInWorker<{ read: boolean; error: string }>(
      url("read_file_worker.ts"),
      { path },
      opts,
    );
    assert.deepEqual(result, { read: false, error: "NotCapable" });
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("runInWorker() kills a worker that runs past the time-out", async () => {
  const started = performance.now();
  const err = await appErrorOf(
    runInWorker(url("hang_worker.ts"), {}, { timeoutMs: 300, maxInputBytes: 1024 }),
  );
  assert.equal(err.code, "FILE_PARSE_TIMEOUT");
  assert.equal(err.message, "文件解析超时，文件可能已损坏或过于复杂");
  assert.ok(performance.now() - started < 5_000);
});

Deno.test("runInWorker() turns a crashing worker into FILE_PARSE_FAILED", async () => {
  const err = await appErrorOf(runInWorker(url("crash_worker.ts"), {}, opts));
  assert.equal(err.code, "FILE_PARSE_FAILED");
  assert.equal(err.message, "文件解析失败：文件处理程序出错");
});

Deno.test("runInWorker() refuses input over maxInputBytes without starting a worker", async () => {
  const err = await appErrorOf(runInWorker(url("echo_worker.ts"), { bytes: new Uint8Array(2048) }, opts));
  assert.equal(err.code, "FILE_TOO_LARGE");
  assert.equal(err.message, "文件大小不能超过1KB");
});

Deno.test("runInWorker() transfers whole buffers and copies partial views", async () => {
  const whole = new Uint8Array([7, 8, 9]);
  assert.deepEqual(await runInWorker(url("echo_worker.ts"), { bytes: whole }, opts), { size: 3, first: 7 });
  assert.equal(whole.byteLength, 0, "the buffer moved to the worker");
  const backing = new Uint8Array([1, 2, 3, 4]);
  const part = backing.subarray(1, 3);
  assert.deepEqual(await runInWorker(url("echo_worker.ts"), { bytes: part }, opts), { size: 2, first: 2 });
  assert.equal(backing.byteLength, 4, "a partial view is copied, its buffer stays");
});
