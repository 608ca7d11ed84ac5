import assert from "node:assert/strict";
import { LocalBlobStore } from "../../blobs/local_blob_store.ts";
import { manualClock } from "../../clock.ts";
import { getLawLibrarySetup, listLawRecords } from "../../kv/laws.ts";
import { describeImportReport } from "../../../common/schemas/law_search.ts";
import { getLawImportStatus, importLawsAtFirstStart } from "./first_start_laws.ts";
import { importLawFolder } from "./import_laws.ts";
import { getLawLibrary } from "./library_store.ts";
import { searchLaws } from "./search.ts";

const FIXTURES = new URL("../../../tests/fixtures/laws/", import.meta.url).pathname;

async function lawDeps() {
  const kv = await Deno.openKv(":memory:");
  const dir = await Deno.makeTempDir({ prefix: "first-start-laws-" });
  const deps = { kv, blobs: new LocalBlobStore(`${dir}/blobs`), clock: manualClock() };
  return {
    deps,
    async [Symbol.asyncDispose]() {
      // The library build started by an import finishes before the store closes.
      await getLawLibrary(deps);
      kv.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

Deno.test("importLawsAtFirstStart(): fills an empty library from a folder once, with progress, and says when files were one law", async () => {
  await using t = await lawDeps();
  const seen: string[] = [];
  const run = importLawsAtFirstStart(t.deps, { kind: "dir", dir: FIXTURES });
  const poll = setInterval(() => {
    const s = getLawImportStatus(t.deps.kv);
    if (s) seen.push(`${s.phase} ${s.done}/${s.total}`);
  }, 1);
  const report = await run;
  clearInterval(poll);
  assert.ok(report);
  assert.equal(getLawImportStatus(t.deps.kv), null);
  // Before the files are listed the total is 0; after that every status counts the 6 files.
  const counted = [...new Set(seen)].filter((s) => !s.endsWith(" 0/0"));
  assert.ok(
    counted.length > 0 && counted.every((s) => s.endsWith("/6")),
    `statuses seen: ${counted.join(",")}`,
  );
  // 6 files: 民法典's two parts are one law, so 5 laws; the counts add up to the files read.
  assert.equal(report.files, 6);
  assert.equal(report.imported.length, 5);
  assert.equal(
    report.imported.reduce((n, l) => n + l.files, 0) + report.duplicates.length + report.skipped.length,
    report.files,
  );
  assert.equal(
    describeImportReport(report),
    "共 6 个文件：导入 5 部法规（其中《中华人民共和国民法典》由 2 个文件合成），重复跳过 0 个文件，无法识别 0 个文件",
  );
  assert.equal((await getLawLibrarySetup(t.deps.kv))?.state, "done");
  const lib = await getLawLibrary(t.deps);
  assert.equal(lib.versions.length, 5);

  // Once done, a later start does nothing, even after an administrator emptied the library.
  assert.equal(await importLawsAtFirstStart(t.deps, { kind: "builtin" }), null);
});

Deno.test("importLawsAtFirstStart(): a library filled before leaves it alone; a cut-off import resumes without duplicates", async () => {
  await using a = await lawDeps();
  await importLawFolder(a.deps, FIXTURES);
  assert.equal(await importLawsAtFirstStart(a.deps, { kind: "builtin" }), null);
  assert.equal((await getLawLibrarySetup(a.deps.kv))?.source, "existing");

  await using b = await lawDeps();
  // A stop in the middle: the marker says running and some laws are stored.
  await b.deps.kv.set(["law_library_setup"], { state: "running", source: FIXTURES, at: 0 });
  await importLawFolder(b.deps, FIXTURES);
  const before = (await listLawRecords(b.deps.kv)).length;
  const report = await importLawsAtFirstStart(b.deps, { kind: "dir", dir: FIXTURES });
  assert.ok(report);
  assert.equal(report.imported.length, 0);
  assert.equal(report.duplicates.length, 6);
  assert.equal((await getLawLibrary(b.deps)).versions.length, before);
  assert.equal((await getLawLibrarySetup(b.deps.kv))?.state, "done");
});

Deno.test({
  name: "importLawsAtFirstStart(): the built-in national corpus is imported whole and searchable",
  // The one test that reads the real corpus (about 20 CPU seconds).
  sanitizeOps: false,
  async fn() {
    await using t = await lawDeps();
    const report = await importLawsAtFirstStart(t.deps, { kind: "builtin" });
    assert.ok(report);
    assert.equal(report.files, 1510);
    assert.equal(
      report.imported.reduce((n, l) => n + l.files, 0) + report.duplicates.length + report.skipped.length,
      1510,
    );
    const civil = report.imported.find((l) => l.title === "中华人民共和国民法典");
    assert.deepEqual([civil?.files, civil?.articleCount], [8, 1260]);
    const lib = await getLawLibrary(t.deps);
    assert.ok(lib.versions.length > 1400, `${lib.versions.length} versions`);
    const cited = searchLaws(lib, { q: "民法典第六百七十五条", pageSize: 1 }).results[0];
    assert.equal(`${cited.title}${cited.articleNumber}`, "中华人民共和国民法典第六百七十五条");
    // A law outside the curated library: only the national corpus has it.
    const id = searchLaws(lib, { q: "居民身份证的有效期", pageSize: 10 }).results;
    assert.ok(id.some((h) => h.title === "中华人民共和国居民身份证法"), id.map((h) => h.title).join(";"));
  },
});
