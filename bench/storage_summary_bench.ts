/**
 * The storage manager's calls on a data folder of STORAGE_BENCH_FILES files (default 5 000): 50 users,
 * every area, 5 files per item, written through the blob store. Each call lists the files once
 * (one stat per file, no file is read), so time grows with the file count.
 * Run: STORAGE_BENCH_FILES=5000 deno bench -A bench/storage_summary_bench.ts
 */
import { STORAGE_AREAS, type StorageArea, userItemKey } from "../server/blobs/blob_keys.ts";
import { getStorageSummary, listStorageItems } from "../server/services/storage/storage_manager.ts";
import { testApp } from "../tests/helpers/test_app.ts";

const FILES = Number(Deno.env.get("STORAGE_BENCH_FILES") ?? 5_000);
const USERS = 50;
const FILES_PER_ITEM = 5;
const areas = Object.keys(STORAGE_AREAS) as StorageArea[];

const t = await testApp();
const started = performance.now();
const writes: Promise<number>[] = [];
for (let i = 0; i < FILES; i++) {
  const item = Math.floor(i / FILES_PER_ITEM);
  const userId = 2 + (item % USERS);
  const area = areas[item % areas.length];
  writes.push(
    t.deps.blobs.put(
      userItemKey(userId, area, `item${item}`, `f${i % FILES_PER_ITEM}.docx`),
      new Uint8Array(64),
    ),
  );
  if (writes.length === 64) await Promise.all(writes.splice(0));
}
await Promise.all(writes);
console.log(`wrote ${FILES} files in ${Math.round(performance.now() - started)} ms`);
globalThis.addEventListener("unload", () => t[Symbol.dispose]());

const admin = { id: 1, role: "超级管理员" };
const member = { id: 2, role: "普通用户" };

Deno.bench(`summary, administrator (all ${FILES} files + data folder)`, async () => {
  await getStorageSummary(t.deps, admin);
});
Deno.bench(`summary, one member (${Math.round(FILES / USERS)} files)`, async () => {
  await getStorageSummary(t.deps, member);
});
Deno.bench(`items page 1, administrator (all ${FILES} files)`, async () => {
  await listStorageItems(t.deps, admin, { page: 1, pageSize: 10 });
});
