import assert from "node:assert/strict";
import { readPools, writePools } from "./pool_cache.ts";

const pool = (i: number) => ({
  features: [Float64Array.of(i, 0.5), Float64Array.of(-i, 1e-4)],
  labels: [1, 0],
  keys: [`a${i}`, `b${i}`],
  gold: [`a${i}`],
  ...(i % 2 ? { set: "stard" } : {}),
});

Deno.test("writePools/readPools: pools nested in folds come back as written, features as Float64Array", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const data = {
      nested: [{ train: [pool(1), pool(2)], test: [pool(3)], written: [] }],
      written: [pool(4)],
      n: 7,
    };
    const path = `${dir}/pools.ndjson`;
    await writePools(path, data);
    const back = await readPools<typeof data>(path);
    assert.deepEqual(back, data);
    assert.ok(back.nested[0].train[1].features[0] instanceof Float64Array);
    assert.deepEqual([...back.nested[0].train[1].features[1]], [-2, 1e-4]);
    assert.equal(back.written[0].keys[1], "b4");
    assert.equal(back.n, 7);
    // One line per pool after the skeleton: no line holds the whole set.
    const lines = (await Deno.readTextFile(path)).trimEnd().split("\n");
    assert.equal(lines.length, 1 + 4);
    assert.equal((await Array.fromAsync(Deno.readDir(dir))).length, 1, "the temporary file is renamed away");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("readPools(): a file cut short is not read as a cache", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/pools.ndjson`;
    await writePools(path, [pool(1), pool(2)]);
    const text = await Deno.readTextFile(path);
    await Deno.writeTextFile(path, text.slice(0, text.length - 10));
    await assert.rejects(readPools(path), /cut short/);
    await Deno.writeTextFile(path, text.split("\n").slice(0, 2).join("\n") + "\n");
    await assert.rejects(readPools(path), /pool 1 missing/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
