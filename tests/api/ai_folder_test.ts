import assert from "node:assert/strict";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";

type As = SeededUser | "admin";

async function call(t: TestApp, as: As, method: string, path: string, json?: unknown) {
  const res = await t.request(method, path, { as, json });
  return { res, body: await res.json() };
}

function filesForm(files: Record<string, string | Uint8Array>, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  for (const [name, content] of Object.entries(files)) {
    form.append("files", new File([content as BlobPart], name));
  }
  return form;
}

/** The browser's folder form: each file after its relative path. */
function folderForm(files: Record<string, string | Uint8Array>, path = ""): FormData {
  const form = new FormData();
  form.append("path", path);
  for (const [rel, content] of Object.entries(files)) {
    form.append("relativePaths", rel);
    form.append("files", new File([content as BlobPart], rel.split("/").pop()!));
  }
  return form;
}

async function upload(t: TestApp, as: As, path: string, form: FormData) {
  const res = await t.request("POST", `/api/aifolder/upload?path=${encodeURIComponent(path)}`, { as, form });
  return { res, body: await res.json() };
}

async function contents(t: TestApp, as: As, path: string) {
  const { res, body } = await call(t, as, "GET", `/api/aifolder/contents?path=${encodeURIComponent(path)}`);
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.contents as { name: string; path: string; isFolder: boolean; size: number; mtime: string }[];
}

async function member(t: TestApp) {
  return await t.userWith(["ai_folder_access"]);
}

Deno.test("AI folder: create-folder, upload, contents and tree read back in the spec's shapes", async () => {
  using t = await testApp();
  const u = await member(t);
  assert.deepEqual((await call(t, u, "GET", "/api/aifolder/tree")).body, { success: true, tree: [] });
  assert.deepEqual(await contents(t, u, ""), []);

  const created = await call(t, u, "POST", "/api/aifolder/create-folder", { path: "", name: "张三诉李四" });
  assert.equal(created.res.status, 200);
  assert.equal(created.body.message, "创建成功");
  await call(t, u, "POST", "/api/aifolder/create-folder", { path: "张三诉李四", name: "证据" });

  const up = await upload(
    t,
    u,
    "张三诉李四",
    filesForm({ "起诉状.pdf": "pdf-bytes", "借条.jpg": new Uint8Array(2048) }),
  );
  assert.equal(up.res.status, 200);
  assert.equal(up.body.success, true);
  assert.equal(up.body.message, "上传成功");
  assert.deepEqual(up.body.failed, []);

  const list = await contents(t, u, "张三诉李四");
  assert.deepEqual(list.map((i) => [i.name, i.path, i.isFolder, i.size]), [
    ["证据", "张三诉李四/证据", true, 0],
    ["借条.jpg", "张三诉李四/借条.jpg", false, 2048],
    ["起诉状.pdf", "张三诉李四/起诉状.pdf", false, 9],
  ]);
  assert.ok(!Number.isNaN(Date.parse(list[0].mtime)));

  const tree = (await call(t, u, "GET", "/api/aifolder/tree")).body.tree;
  assert.deepEqual(tree, [{
    id: "dir_张三诉李四",
    label: "张三诉李四",
    path: "张三诉李四",
    isFolder: true,
    children: [{
      id: "dir_张三诉李四/证据",
      label: "证据",
      path: "张三诉李四/证据",
      isFolder: true,
      children: [],
    }],
  }]);
});

Deno.test("AI folder: the names rule of part 4 §5 on create-folder and rename", async () => {
  using t = await testApp();
  const u = await member(t);
  for (const name of ["", "   "]) {
    const r = await call(t, u, "POST", "/api/aifolder/create-folder", { path: "", name });
    assert.equal(r.res.status, 400);
    assert.equal(r.body.error, "名称不能为空");
  }
  for (const ch of ["<", ">", ":", '"', "/", "\\", "|", "?", "*"]) {
    const r = await call(t, u, "POST", "/api/aifolder/create-folder", { path: "", name: `a${ch}b` });
    assert.equal(r.res.status, 400, ch);
    assert.equal(r.body.error, "名称不能包含特殊字符", ch);
  }
  for (const name of ["..", ".", "a\u0000b", "a\nb"]) {
    const r = await call(t, u, "POST", "/api/aifolder/create-folder", { path: "", name });
    assert.equal(r.body.error, "名称不能包含特殊字符", JSON.stringify(name));
  }
  await call(t, u, "POST", "/api/aifolder/create-folder", { path: "", name: "案卷" });
  const dup = await call(t, u, "POST", "/api/aifolder/create-folder", { path: "", name: "案卷" });
  assert.equal(dup.res.status, 409);
  assert.equal(dup.body.error, "“案卷”已存在");

  const same = await call(t, u, "POST", "/api/aifolder/rename", {
    oldPath: "案卷",
    newName: "案卷",
    isFolder: true,
  });
  assert.equal(same.res.status, 400);
  assert.equal(same.body.error, "新名称不能与原名称相同");
  const bad = await call(t, u, "POST", "/api/aifolder/rename", {
    oldPath: "案卷",
    newName: "a/b",
    isFolder: true,
  });
  assert.equal(bad.body.error, "名称不能包含特殊字符");
  const empty = await call(t, u, "POST", "/api/aifolder/rename", {
    oldPath: "案卷",
    newName: " ",
    isFolder: true,
  });
  assert.equal(empty.body.error, "名称不能为空");
  await call(t, u, "POST", "/api/aifolder/create-folder", { path: "", name: "其他" });
  const taken = await call(t, u, "POST", "/api/aifolder/rename", {
    oldPath: "案卷",
    newName: "其他",
    isFolder: true,
  });
  assert.equal(taken.res.status, 409);
  const wrongKind = await call(t, u, "POST", "/api/aifolder/rename", {
    oldPath: "案卷",
    newName: "x",
    isFolder: false,
  });
  assert.equal(wrongKind.res.status, 404);
  assert.equal(wrongKind.body.error, "文件或文件夹不存在");
});

Deno.test("AI folder: renaming a folder keeps everything inside it under the new path", async () => {
  using t = await testApp();
  const u = await member(t);
  await upload(t, u, "", new FormData()); // no files: refused below
  const r = await t.request("POST", "/api/aifolder/upload-folder", {
    as: u,
    form: folderForm({ "案卷/证据/借条.jpg": "x", "案卷/起诉状.docx": "yy" }),
  });
  assert.equal(r.status, 200);
  const renamed = await call(t, u, "POST", "/api/aifolder/rename", {
    oldPath: "案卷",
    newName: "张三案",
    isFolder: true,
  });
  assert.equal(renamed.res.status, 200);
  assert.equal(renamed.body.message, "重命名成功");
  assert.deepEqual((await contents(t, u, "张三案/证据")).map((i) => i.path), ["张三案/证据/借条.jpg"]);
  const oldPath = await call(t, u, "GET", "/api/aifolder/contents?path=" + encodeURIComponent("案卷"));
  assert.equal(oldPath.res.status, 404);
  const file = await call(t, u, "POST", "/api/aifolder/rename", {
    oldPath: "张三案/起诉状.docx",
    newName: "起诉状-定稿.docx",
    isFolder: false,
  });
  assert.equal(file.body.item.path, "张三案/起诉状-定稿.docx");
});

Deno.test("AI folder: traversal and hostile paths are refused in every call and touch nothing", async () => {
  using t = await testApp();
  const u = await member(t);
  const other = await member(t);
  await call(t, other, "POST", "/api/aifolder/create-folder", { path: "", name: "secret" });
  await call(t, u, "POST", "/api/aifolder/create-folder", { path: "", name: "mine" });
  const hostile = [
    "../",
    "..",
    "../secret",
    "mine/../../secret",
    "..\\secret",
    "mine\\..\\..",
    "/etc",
    "/",
    "//secret",
    "%2e%2e/secret",
    "%2E%2E%2Fsecret",
    "mine/./x",
    "mine//x",
    "mine/\u0000",
    "C:\\Windows",
    "~/x",
    `../${other.user.id}/secret`,
  ].filter((p) => p !== "/");
  for (const p of hostile) {
    const q = encodeURIComponent(p);
    const list = await call(t, u, "GET", `/api/aifolder/contents?path=${q}`);
    assert.ok([400, 404].includes(list.res.status), `contents ${p}: ${list.res.status}`);
    assert.equal(list.body.success, false);
    const del = await call(t, u, "POST", "/api/aifolder/delete", { path: p, isFolder: true });
    assert.ok([400, 404].includes(del.res.status), `delete ${p}`);
    const ren = await call(t, u, "POST", "/api/aifolder/rename", {
      oldPath: p,
      newName: "z",
      isFolder: true,
    });
    assert.ok([400, 404].includes(ren.res.status), `rename ${p}`);
    const mk = await call(t, u, "POST", "/api/aifolder/create-folder", { path: p, name: "z" });
    assert.ok([400, 404].includes(mk.res.status), `create ${p}`);
    const up = await upload(t, u, p, filesForm({ "a.txt": "a" }));
    assert.ok([400, 404].includes(up.res.status), `upload ${p}: ${up.res.status}`);
    const bd = await call(t, u, "POST", "/api/aifolder/batch-delete", {
      items: [{ path: p, isFolder: true }],
    });
    assert.ok([400, 404].includes(bd.res.status), `batch-delete ${p}`);
  }
  const dotdot = await call(t, u, "GET", "/api/aifolder/contents?path=..%2Fsecret");
  assert.equal(dotdot.res.status, 400);
  assert.equal(dotdot.body.error, "路径不合法");

  // Relative paths of a folder upload: each bad one is refused alone, nothing lands outside.
  const r = await t.request("POST", "/api/aifolder/upload-folder", {
    as: u,
    json: {
      path: "mine",
      files: [
        { relativePath: "../../escape.txt", content: [1] },
        { relativePath: "/abs.txt", content: [1] },
        { relativePath: "a\\..\\..\\b.txt", content: [1] },
        { relativePath: "ok/fine.txt", content: [104, 105] },
      ],
    },
  });
  const body = await r.json();
  assert.equal(r.status, 200);
  assert.deepEqual(body.uploaded.map((f: { path: string }) => f.path), ["mine/ok/fine.txt"]);
  assert.equal(body.failed.length, 3);
  assert.ok(body.failed.every((f: { error: string }) => f.error === "路径不合法"));

  // A file name with a slash or traversal in a plain upload keeps only its last part.
  const form = new FormData();
  form.append("files", new File(["x"], "../../evil.txt"));
  const named = await upload(t, u, "mine", form);
  assert.equal(named.res.status, 200);
  assert.deepEqual(
    (await contents(t, u, "mine")).map((i) => i.path).sort(),
    ["mine/evil.txt", "mine/ok"].sort(),
  );

  // The other user's tree is untouched and was never visible.
  assert.deepEqual((await contents(t, other, "")).map((i) => i.name), ["secret"]);
  assert.deepEqual((await contents(t, u, "")).map((i) => i.name), ["mine"]);
});

Deno.test("AI folder: two users never see or change each other's files", async () => {
  using t = await testApp();
  const a = await member(t);
  const b = await member(t);
  await upload(t, a, "", filesForm({ "甲.pdf": "aaa" }));
  await call(t, a, "POST", "/api/aifolder/create-folder", { path: "", name: "共同名" });
  await call(t, b, "POST", "/api/aifolder/create-folder", { path: "", name: "共同名" });
  assert.deepEqual((await contents(t, b, "")).map((i) => i.name), ["共同名"]);
  const del = await call(t, b, "POST", "/api/aifolder/delete", { path: "甲.pdf", isFolder: false });
  assert.equal(del.res.status, 404);
  const ren = await call(t, b, "POST", "/api/aifolder/rename", {
    oldPath: "甲.pdf",
    newName: "乙.pdf",
    isFolder: false,
  });
  assert.equal(ren.res.status, 404);
  assert.deepEqual((await contents(t, a, "")).map((i) => i.name), ["共同名", "甲.pdf"]);
  assert.deepEqual((await call(t, b, "GET", "/api/aifolder/tree")).body.tree.length, 1);
  // Their blobs live under their own user folder.
  const keys: string[] = [];
  for await (const f of t.deps.blobs.list(`users/${a.user.id}/ai_folder`)) keys.push(f.key);
  assert.equal(keys.length, 1);
});

Deno.test("AI folder: permission, sign-in and validation refusals", async () => {
  using t = await testApp();
  const outsider = await t.userWith(["dashboard"]);
  const denied = await call(t, outsider, "GET", "/api/aifolder/tree");
  assert.equal(denied.res.status, 403);
  assert.equal(denied.body.error, "没有访问权限");
  const anon = await t.request("GET", "/api/aifolder/tree");
  assert.equal(anon.status, 401);
  const u = await member(t);
  const noBody = await call(t, u, "POST", "/api/aifolder/delete", { path: "x" });
  assert.equal(noBody.res.status, 400);
  const noFiles = await upload(t, u, "", new FormData());
  assert.equal(noFiles.res.status, 400);
  const root = await call(t, u, "POST", "/api/aifolder/delete", { path: "", isFolder: true });
  assert.equal(root.res.status, 400);
  assert.equal(root.body.error, "路径不合法");
  const missing = await call(t, u, "GET", "/api/aifolder/contents?path=nowhere");
  assert.equal(missing.res.status, 404);
  assert.equal(missing.body.error, "文件或文件夹不存在");
});

Deno.test("AI folder: a name in use keeps both (name (2).ext) unless replace is asked", async () => {
  using t = await testApp();
  const u = await member(t);
  await upload(t, u, "", filesForm({ "借条.jpg": "1", "README": "r" }));
  const again = await upload(t, u, "", filesForm({ "借条.jpg": "22", "README": "rr" }));
  assert.deepEqual(again.body.uploaded.map((f: { name: string }) => f.name), ["借条 (2).jpg", "README (2)"]);
  await upload(t, u, "", filesForm({ "借条.jpg": "333" }));
  const names = (await contents(t, u, "")).map((i) => i.name);
  assert.deepEqual(names.sort(), ["README", "README (2)", "借条 (2).jpg", "借条 (3).jpg", "借条.jpg"].sort());
  const replaced = await upload(t, u, "", filesForm({ "借条.jpg": "4444" }, { replace: "true" }));
  assert.deepEqual(replaced.body.uploaded.map((f: { name: string }) => f.name), ["借条.jpg"]);
  const item = (await contents(t, u, "")).find((i) => i.name === "借条.jpg")!;
  assert.equal(item.size, 4);
  let blobs = 0;
  for await (const _ of t.deps.blobs.list(`users/${u.user.id}/ai_folder`)) blobs++;
  assert.equal(blobs, 5, "the replaced file's blob is gone");
  // A file where a folder of the upload should be: that file fails, the others land.
  await call(t, u, "POST", "/api/aifolder/create-folder", { path: "", name: "案卷" });
  const clash = await t.request("POST", "/api/aifolder/upload-folder", {
    as: u,
    form: folderForm({ "借条.jpg/x.txt": "x", "案卷/y.txt": "y" }),
  });
  const body = await clash.json();
  assert.deepEqual(body.failed, [{ path: "借条.jpg/x.txt", error: "“借条.jpg”已存在" }]);
  assert.deepEqual(body.uploaded.map((f: { path: string }) => f.path), ["案卷/y.txt"]);
  assert.equal(body.message, "已上传 1 个文件，1 个文件失败");
});

Deno.test("AI folder: upload-folder in both forms builds nested folders; the JSON form as the spec sends it", async () => {
  using t = await testApp();
  const u = await member(t);
  await call(t, u, "POST", "/api/aifolder/create-folder", { path: "", name: "案件" });
  const multipart = await t.request("POST", "/api/aifolder/upload-folder", {
    as: u,
    form: folderForm(
      { "张三/起诉状.pdf": "abc", "张三/证据/借条.jpg": "d", "张三/证据/转账/1.png": "ef" },
      "案件",
    ),
  });
  const mb = await multipart.json();
  assert.equal(multipart.status, 200, JSON.stringify(mb));
  assert.equal(mb.message, "文件夹上传成功");
  assert.equal(mb.uploaded.length, 3);

  const json = await t.request("POST", "/api/aifolder/upload-folder", {
    as: u,
    json: {
      path: "案件",
      files: [
        { relativePath: "李四/身份证.jpg", content: Array.from(new TextEncoder().encode("身份证")) },
        { path: "李四/材料/合同.docx", content: [1, 2, 3] },
        { relativePath: "李四/buffer.bin", content: { type: "Buffer", data: [9, 9] } },
      ],
    },
  });
  const jb = await json.json();
  assert.equal(json.status, 200, JSON.stringify(jb));
  assert.deepEqual(jb.failed, []);

  const tree = (await call(t, u, "GET", "/api/aifolder/tree")).body.tree;
  const paths: string[] = [];
  (function walk(nodes: { path: string; children: unknown[] }[]) {
    for (const n of nodes) {
      paths.push(n.path);
      walk(n.children as typeof nodes);
    }
  })(tree);
  assert.deepEqual(paths, [
    "案件",
    "案件/李四",
    "案件/李四/材料",
    "案件/张三",
    "案件/张三/证据",
    "案件/张三/证据/转账",
  ]);
  assert.deepEqual(
    (await contents(t, u, "案件/李四")).map((i) => [i.name, i.size]),
    [["材料", 0], ["身份证.jpg", 9], ["buffer.bin", 2]],
  );
  const badBytes = await t.request("POST", "/api/aifolder/upload-folder", {
    as: u,
    json: {
      path: "案件",
      files: [{ relativePath: "x.bin", content: [1, 256] }, { relativePath: "y.bin", content: "AAAA" }],
    },
  });
  const bb = await badBytes.json();
  assert.equal(bb.failed.length, 2);
  assert.equal(bb.failed[0].error, "文件内容格式错误");
});

Deno.test("AI folder: a batch over 50 MB is refused whole and leaves nothing behind", async () => {
  using t = await testApp();
  const u = await member(t);
  const big = new Uint8Array(30 * 1024 * 1024);
  const form = folderForm({ "案卷/a.bin": big, "案卷/b.bin": big });
  const res = await t.request("POST", "/api/aifolder/upload-folder", { as: u, form });
  const body = await res.json();
  assert.equal(res.status, 413);
  assert.equal(body.error, "每批上传的文件不能超过 50MB");
  assert.deepEqual(await contents(t, u, ""), []);
  let blobs = 0;
  for await (const _ of t.deps.blobs.list(`users/${u.user.id}`)) blobs++;
  assert.equal(blobs, 0);

  const json = await t.request("POST", "/api/aifolder/upload-folder", {
    as: u,
    json: {
      path: "",
      files: [{ relativePath: "a.bin", content: { type: "Buffer", data: { length: 52_428_801 } } }],
    },
  });
  assert.equal(
    json.status,
    200,
    "a malformed Buffer is refused as that file's content, not counted as bytes",
  );
  assert.deepEqual((await json.json()).failed, [{ path: "a.bin", error: "文件内容格式错误" }]);
  // Exactly 50 MB in one batch is accepted.
  const ok = await t.request("POST", "/api/aifolder/upload-folder", {
    as: u,
    form: folderForm({ "a.bin": new Uint8Array(52_428_800) }),
  });
  assert.equal(ok.status, 200);
  assert.equal((await ok.json()).uploaded[0].size, 52_428_800);
});

Deno.test("AI folder: delete and batch-delete remove folders with their contents and blobs", async () => {
  using t = await testApp();
  const u = await member(t);
  await t.request("POST", "/api/aifolder/upload-folder", {
    as: u,
    form: folderForm({ "甲/1.txt": "1", "甲/子/2.txt": "2", "乙/3.txt": "3", "丙/4.txt": "4", "5.txt": "5" }),
  });
  const one = await call(t, u, "POST", "/api/aifolder/delete", { path: "甲", isFolder: true });
  assert.equal(one.body.message, "删除成功");
  const bad = await call(t, u, "POST", "/api/aifolder/batch-delete", {
    items: [{ path: "乙", isFolder: true }, { path: "nope", isFolder: true }],
  });
  assert.equal(bad.res.status, 404);
  assert.deepEqual(
    (await contents(t, u, "")).map((i) => i.name),
    ["丙", "乙", "5.txt"],
    "a bad item deletes nothing",
  );
  const batch = await call(t, u, "POST", "/api/aifolder/batch-delete", {
    items: [{ path: "乙", isFolder: true }, { path: "乙/3.txt", isFolder: false }, {
      path: "5.txt",
      isFolder: false,
    }],
  });
  assert.equal(batch.res.status, 200);
  assert.equal(batch.body.message, "批量删除成功");
  assert.deepEqual((await contents(t, u, "")).map((i) => i.name), ["丙"]);
  let blobs = 0;
  for await (const _ of t.deps.blobs.list(`users/${u.user.id}/ai_folder`)) blobs++;
  assert.equal(blobs, 1);
  const keys: Deno.KvKey[] = [];
  for await (const e of t.kv.list({ prefix: ["ai_folder_names", u.user.id] })) keys.push(e.key);
  assert.equal(keys.length, 2, "丙 and 丙/4.txt remain in the name index");
});

Deno.test("AI folder: the storage manager counts the files and deletes one with its record", async () => {
  using t = await testApp();
  const u = await t.userWith(["ai_folder_access", "storage_manage"]);
  await upload(t, u, "", filesForm({ "a.pdf": "12345" }));
  const summary = await call(t, u, "GET", "/api/storage/summary");
  assert.deepEqual(summary.body.mine.areas.ai_folder, { bytes: 5, files: 1 });
  assert.ok(
    summary.body.areas.some((a: { area: string; label: string }) =>
      a.area === "ai_folder" && a.label === "AI文档文件夹"
    ),
  );
  const items = await call(t, u, "GET", "/api/storage/items?area=ai_folder&page=1&pageSize=10");
  assert.equal(items.body.items.length, 1);
  const item = items.body.items[0];
  const del = await t.request("DELETE", "/api/storage/items", {
    as: u,
    json: { userId: u.user.id, area: "ai_folder", itemId: item.itemId },
  });
  assert.equal(del.status, 200, await del.clone().text());
  assert.deepEqual(await contents(t, u, ""), []);
});

Deno.test("GET /api/aifolder/file: a file's bytes with its type, the owner's only; folders and bad paths refused", async () => {
  using t = await testApp();
  const u = await member(t);
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  const up = await t.request("POST", "/api/aifolder/upload-folder", {
    as: u,
    form: folderForm({ "案/扫描件.png": png, "案/说明.docx": "word" }),
  });
  assert.equal(up.status, 200);
  await up.body?.cancel();
  const res = await t.request("GET", `/api/aifolder/file?path=${encodeURIComponent("案/扫描件.png")}`, {
    as: u,
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "image/png");
  assert.match(res.headers.get("content-disposition") ?? "", /attachment/);
  assert.deepEqual(new Uint8Array(await res.arrayBuffer()), png);
  const doc = await t.request("GET", `/api/aifolder/file?path=${encodeURIComponent("案/说明.docx")}`, {
    as: u,
  });
  assert.equal(doc.headers.get("content-type"), "application/octet-stream");
  assert.equal(await doc.text(), "word");
  for (const path of ["案", "案/无此文件.pdf", "../etc/passwd"]) {
    const bad = await t.request("GET", `/api/aifolder/file?path=${encodeURIComponent(path)}`, { as: u });
    assert.ok(bad.status === 404 || bad.status === 400, `${path}: ${bad.status}`);
    await bad.body?.cancel();
  }
  const other = await member(t);
  const theirs = await t.request("GET", `/api/aifolder/file?path=${encodeURIComponent("案/扫描件.png")}`, {
    as: other,
  });
  assert.equal(theirs.status, 404);
  await theirs.body?.cancel();
});
