/**
 * Issue #25 finding 6: folder and file names that read like paths. Zero-width characters are removed
 * (so `.\u200b.` is "..", refused); names that normalise (NFKC) to "." or ".." or hold a slash or
 * backslash look-alike are refused wherever a name becomes a tree path: create, rename, upload (the
 * file's own name and a folder upload's relative path), and every path a client sends.
 */
import assert from "node:assert/strict";
import { cleanFileName, nameLooksLikePath } from "../../common/file_names.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";

const DOT_LIKE = [".\u200b.", "\u200b.", "．．", "．", "‥", "﹒﹒", ".\u2060.", "\u00a0．．"];
const SLASH_LIKE = ["a／b", "a∕b", "a⁄b", "a＼b", "a∖b", "a⧸b", "a╱b", "a﹨b", "..／..", "a\u200b/b"];

async function call(t: TestApp, as: SeededUser, path: string, json: unknown) {
  const res = await t.request("POST", path, { as, json });
  return { res, body: await res.json() };
}

async function names(t: TestApp, as: SeededUser, path: string): Promise<string[]> {
  const res = await t.request("GET", `/api/aifolder/contents?path=${encodeURIComponent(path)}`, { as });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.contents.map((c: { name: string }) => c.name);
}

Deno.test("nameLooksLikePath() and cleanFileName(): the rule in one place", () => {
  for (const name of [...DOT_LIKE, ...SLASH_LIKE]) assert.equal(nameLooksLikePath(name), true, name);
  for (const name of ["合同.pdf", "...", "a.b", "借条（1）.jpg", "2024年1月"]) {
    assert.equal(nameLooksLikePath(name), false, name);
  }
  assert.equal(cleanFileName("合\u200b同\ufeff.pdf"), "合同.pdf");
});

Deno.test("POST /api/aifolder/create-folder and rename refuse look-alikes of '..' and '/'; zero-width is stripped", async () => {
  using t = await testApp();
  const u = await t.userWith(["ai_folder_access"]);
  for (const name of [...DOT_LIKE, ...SLASH_LIKE]) {
    const { res, body } = await call(t, u, "/api/aifolder/create-folder", { path: "", name });
    assert.equal(res.status, 400, JSON.stringify(name));
    assert.equal(body.error, "名称不能包含特殊字符", JSON.stringify(name));
  }
  const ok = await call(t, u, "/api/aifolder/create-folder", { path: "", name: "合\u200b同" });
  assert.equal(ok.res.status, 200, JSON.stringify(ok.body));
  assert.deepEqual(await names(t, u, ""), ["合同"]);
  // a path with zero-width characters finds the stored name; one that reads like ".." is refused
  const inner = await call(t, u, "/api/aifolder/create-folder", { path: "合\u200b同", name: "证据" });
  assert.equal(inner.res.status, 200, JSON.stringify(inner.body));
  assert.deepEqual(await names(t, u, "合同"), ["证据"]);
  for (const path of ["合同/.\u200b.", "合同/．．", "合同／证据"]) {
    const bad = await call(t, u, "/api/aifolder/create-folder", { path, name: "x" });
    assert.equal(bad.res.status, 400, path);
    assert.equal(bad.body.code, "AI_FOLDER_PATH_INVALID", path);
  }
  for (const newName of ["．．", "证据／副本", ".\u200b."]) {
    const r = await call(t, u, "/api/aifolder/rename", { oldPath: "合同/证据", newName, isFolder: true });
    assert.equal(r.res.status, 400, newName);
    assert.equal(r.body.error, "名称不能包含特殊字符", newName);
  }
  assert.deepEqual(await names(t, u, "合同"), ["证据"]);
});

Deno.test("uploads refuse look-alike names and relative paths; zero-width characters are stripped", async () => {
  using t = await testApp();
  const u = await t.userWith(["ai_folder_access"]);
  const form = new FormData();
  for (
    const rel of [
      "案卷/.\u200b./a.txt",
      "案卷/．．/b.txt",
      "案卷／c.txt",
      "案卷/d∕e.txt",
      "案\u200b卷/证\u200b据.txt",
    ]
  ) {
    form.append("relativePaths", rel);
    form.append("files", new File(["x"], rel.split("/").pop()!));
  }
  const res = await t.request("POST", "/api/aifolder/upload-folder", { as: u, form });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.deepEqual(body.failed.map((f: { path: string }) => f.path), [
    "案卷/.\u200b./a.txt",
    "案卷/．．/b.txt",
    "案卷／c.txt",
    "案卷/d∕e.txt",
  ]);
  assert.deepEqual(await names(t, u, ""), ["案卷"]);
  assert.deepEqual(await names(t, u, "案卷"), ["证据.txt"]);

  const single = new FormData();
  single.append("files", new File(["x"], "报告／终稿.pdf"));
  const one = await t.request("POST", "/api/aifolder/upload?path=%E6%A1%88%E5%8D%B7", {
    as: u,
    form: single,
  });
  const oneBody = await one.json();
  assert.equal(one.status, 200);
  assert.deepEqual(oneBody.failed, [{ path: "报告／终稿.pdf", error: "名称不能包含特殊字符" }]);
  assert.deepEqual(await names(t, u, "案卷"), ["证据.txt"]);
});
