import assert from "node:assert/strict";
import { debounce } from "./debounce.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

Deno.test("debounce() runs once, with the last arguments, after the calls pause", async () => {
  const calls: string[] = [];
  const search = debounce((q: string) => calls.push(q), 40);
  search("张");
  search("张三");
  await wait(20);
  search("张三丰");
  assert.deepEqual(calls, []);
  await wait(80);
  assert.deepEqual(calls, ["张三丰"]);
});

Deno.test("debounce().cancel() drops the pending call", async () => {
  const calls: string[] = [];
  const search = debounce((q: string) => calls.push(q), 20);
  search("a");
  search.cancel();
  await wait(50);
  assert.deepEqual(calls, []);
});
