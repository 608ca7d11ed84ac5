/**
 * The re-ranker's training pools on disk, one pool per line (NDJSON), so a cache of any size is written and
 * read without ever holding it as one string: thousands of training-only questions over five folds are past
 * V8's longest string (~512 MB), which JSON.stringify of the whole set could not pass.
 *
 * Line 1 is the skeleton: the cached value with every pool (an object with `labels`) replaced by
 * {"$pool": i}; line i + 2 is pool i, its feature rows as plain arrays. Written to a temporary file and
 * renamed, so a run stopped half-way never leaves a cache that reads as whole.
 */
import type { TrainingGroup } from "../server/services/laws/rerank.ts";

type PoolLike = TrainingGroup & Record<string, unknown>;

const isPool = (x: unknown): x is PoolLike => !!x && typeof x === "object" && "labels" in x;

/** Writes `data` (pools nested in arrays and plain objects) to `path`. */
export async function writePools(path: string, data: unknown): Promise<void> {
  const pools: PoolLike[] = [];
  const skeleton = (x: unknown): unknown => {
    if (isPool(x)) return { $pool: pools.push(x) - 1 };
    if (Array.isArray(x)) return x.map(skeleton);
    if (x && typeof x === "object") {
      return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, skeleton(v)]));
    }
    return x;
  };
  const head = JSON.stringify(skeleton(data));
  const tmp = `${path}.${Deno.pid}.tmp`;
  const file = await Deno.open(tmp, { write: true, create: true, truncate: true });
  const encoder = new TextEncoder();
  let chunk = head + "\n";
  const flush = async () => {
    const bytes = encoder.encode(chunk);
    for (let at = 0; at < bytes.length;) at += await file.write(bytes.subarray(at));
    chunk = "";
  };
  try {
    for (const p of pools) {
      chunk += JSON.stringify({ ...p, features: p.features.map((row) => Array.from(row)) }) + "\n";
      if (chunk.length > 1 << 20) await flush();
    }
    await flush();
  } finally {
    file.close();
  }
  await Deno.rename(tmp, path);
}

/** Reads what writePools wrote, feature rows as Float64Array; throws when the file is missing or cut short. */
export async function readPools<T>(path: string): Promise<T> {
  const file = await Deno.open(path);
  const decoder = new TextDecoder();
  let head: string | undefined;
  const pools: PoolLike[] = [];
  const take = (line: string) => {
    if (head === undefined) return void (head = line);
    const p = JSON.parse(line) as PoolLike & { features: number[][] };
    pools.push({ ...p, features: p.features.map((row) => Float64Array.from(row)) });
  };
  let rest = "";
  for await (const bytes of file.readable) {
    const parts = (rest + decoder.decode(bytes, { stream: true })).split("\n");
    rest = parts.pop()!;
    parts.forEach(take);
  }
  if (rest + decoder.decode()) throw new Error(`${path}: the last line is cut short`);
  if (head === undefined) throw new Error(`${path}: empty`);
  const fill = (x: unknown): unknown => {
    if (x && typeof x === "object" && "$pool" in x) {
      const p = pools[(x as { $pool: number }).$pool];
      if (!p) throw new Error(`${path}: pool ${(x as { $pool: number }).$pool} missing`);
      return p;
    }
    if (Array.isArray(x)) return x.map(fill);
    if (x && typeof x === "object") {
      return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, fill(v)]));
    }
    return x;
  };
  return fill(JSON.parse(head)) as T;
}
