import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { LocalBlobStore } from "../../blobs/local_blob_store.ts";
import type { CaseSplitRecord } from "../../kv/case_split_tasks.ts";
import { ERROR_ROWS_FILE, runSplit, splitOutputKey, splitSourceKey } from "./run_split.ts";

const HEADER = ["案号", "住所地", "立案日期"];
const CITIES = ["杭州市西湖区文三路", "广州市天河区体育西路", "南京市鼓楼区中山路", "火星基地"];

function task(id: string): CaseSplitRecord & { addressIndex: number } {
  return {
    id,
    userId: 7,
    status: "processing",
    splitLevel: "city",
    originalFilename: "案件.xlsx",
    sourceKind: "xlsx",
    headers: HEADER,
    totalRows: 0,
    successRows: 0,
    errorCount: 0,
    addressColumn: "住所地",
    fileCount: 0,
    jobTaskId: null,
    error: null,
    createdAt: 0,
    updatedAt: 0,
    addressIndex: 1,
  };
}

/** Every stored output read back with SheetJS: file name → sheet name → rows. */
async function readOutputs(blobs: LocalBlobStore, t: CaseSplitRecord, files: string[]) {
  const out: Record<string, Record<string, unknown[][]>> = {};
  for (const file of files) {
    const bytes = await blobs.read(splitOutputKey(t, file));
    assert.ok(bytes, file);
    const wb = XLSX.read(bytes, { type: "array", cellDates: true });
    out[file] = Object.fromEntries(
      wb.SheetNames.map((
        name,
      ) => [name, XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[name], { header: 1 })]),
    );
  }
  return out;
}

Deno.test("runSplit() stores the same files whether it gathers each output or streams it to the blob store", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const blobs = new LocalBlobStore(dir);
    const rows = Array.from({ length: 3000 }, (_, i) => [
      `(2024)浙01民初${i}号`,
      `${CITIES[i % CITIES.length]}${i}号`,
      new Date(Date.UTC(2024, i % 12, 1 + (i % 28))),
    ]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([HEADER, ...rows], { cellDates: true }), "案件");
    const source = new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx", compression: true }));
    const gathered = task("00000000000000000001");
    const streamed = task("00000000000000000002");
    await blobs.put(splitSourceKey(gathered), source);
    await blobs.put(splitSourceKey(streamed), source);

    const one = await runSplit(blobs, gathered);
    const two = await runSplit(blobs, streamed, { streamFromBytes: 1 });
    assert.deepEqual(two, one);
    assert.deepEqual(one.files.map((f) => [f.region, f.count]), [
      ["广州市", 750],
      ["杭州市", 750],
      ["南京市", 750],
      ["其他", 750],
    ]);
    const names = [...one.files.map((f) => f.file), one.summaryFile];
    const a = await readOutputs(blobs, gathered, names);
    assert.deepEqual(await readOutputs(blobs, streamed, names), a);
    assert.deepEqual(Object.keys(a["summary.xlsx"]), [
      "汇总",
      "广州市",
      "杭州市",
      "南京市",
      "其他",
      "未识别明细",
    ]);
    assert.deepEqual(a["region-0002.xlsx"]["杭州市"].slice(0, 2), [HEADER, rows[0]]);
    assert.equal(a["summary.xlsx"]["杭州市"].length, 751);
    const errorRows = JSON.parse(
      new TextDecoder().decode((await blobs.read(splitOutputKey(gathered, ERROR_ROWS_FILE)))!),
    );
    assert.equal(errorRows.length, 750);
    assert.deepEqual(errorRows[0], { rowIndex: 5, address: "火星基地3号", reason: "无法识别地区" });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
