import * as assert from "node:assert/strict";
import { Hono } from "hono";
import { API_ACCESS } from "../../common/permissions.ts";
import type { AppEnv } from "../../server/deps.ts";
import { AppError, toErrorBody } from "../../server/errors.ts";
import {
  bodyLimitControl,
  bodyLimitOf,
  DEFAULT_BODY_LIMIT,
  FOLDER_JSON_MAX_BYTES,
} from "../../server/middleware/body_limit.ts";
import { testApp } from "../helpers/test_app.ts";

const MiB = 1024 * 1024;

/** A lazy body of `total` bytes ("aaaa…", inside a JSON string) that counts what was pulled from it. */
function lazyBody(total: number, chunk = 64 * 1024) {
  const state = { pulled: 0, cancelled: false };
  const piece = new Uint8Array(chunk).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      const n = Math.min(chunk, total - state.pulled);
      state.pulled += n;
      const bytes = piece.slice(0, n);
      if (state.pulled === n) bytes.set(new TextEncoder().encode('{"username":"'));
      controller.enqueue(bytes);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

/** A body as a real client sends it: bytes with their Content-Type and Content-Length. */
async function sized(body: FormData | string, contentType?: string) {
  const req = new Request("http://localhost/", { method: "POST", body });
  const bytes = new Uint8Array(await req.arrayBuffer());
  return {
    body: bytes,
    headers: {
      "content-type": contentType ?? req.headers.get("content-type") ?? "",
      "content-length": String(bytes.length),
    },
  };
}

const PUBLIC_POSTS = Object.entries(API_ACCESS)
  .filter(([key, access]) => access === "public" && key.startsWith("POST "))
  .map(([key]) => key.slice("POST ".length));

Deno.test("public POST routes: the list the memory test covers", () => {
  for (
    const path of ["/api/auth/login", "/api/captcha/verify", "/api/password/send-code", "/api/auth/register"]
  ) {
    assert.ok(PUBLIC_POSTS.includes(path), path);
  }
});

Deno.test("a declared 300 MB body is refused with 413 before a byte is read", async () => {
  using t = await testApp();
  for (const path of PUBLIC_POSTS) {
    const { stream, state } = lazyBody(300 * MiB);
    const res = await t.app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(300 * MiB) },
      body: stream,
      duplex: "half",
    } as RequestInit);
    assert.equal(res.status, 413, path);
    const body = await res.json();
    assert.equal(body.code, "BODY_TOO_LARGE");
    assert.equal(body.error, "请求内容过大，不能超过1MB");
    assert.ok(state.pulled <= 64 * 1024, `${path} pulled ${state.pulled}`);
  }
});

Deno.test("a chunked 300 MB body is cut at the limit, quickly and without growing memory", async () => {
  using t = await testApp();
  for (const path of PUBLIC_POSTS) {
    const before = Deno.memoryUsage().rss;
    const started = performance.now();
    const { stream, state } = lazyBody(300 * MiB);
    const res = await t.app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const ms = performance.now() - started;
    assert.equal(res.status, 413, path);
    assert.equal((await res.json()).code, "BODY_TOO_LARGE", path);
    assert.ok(state.pulled <= DEFAULT_BODY_LIMIT + 2 * 64 * 1024, `${path} pulled ${state.pulled}`);
    assert.ok(ms < 5_000, `${path} took ${ms} ms`);
    const grown = Deno.memoryUsage().rss - before;
    assert.ok(grown < 32 * MiB, `${path}: RSS grew by ${(grown / MiB).toFixed(1)} MB`);
  }
});

Deno.test("a body just under the limit still reaches the handler; a JSON body over it does not", async () => {
  using t = await testApp();
  const under = await t.request("POST", "/api/auth/login", {
    json: {
      username: "admin",
      password: "x".repeat(DEFAULT_BODY_LIMIT - 100),
      captcha: "test",
      captchaId: "x",
    },
  });
  assert.notEqual(under.status, 413);
  const over = await t.request("POST", "/api/auth/login", {
    json: { username: "admin", password: "x".repeat(DEFAULT_BODY_LIMIT), captcha: "test", captchaId: "x" },
  });
  assert.equal(over.status, 413);
  assert.equal((await over.json()).code, "BODY_TOO_LARGE");
});

Deno.test("an upload route keeps its own limit for multipart, the default for anything else", async () => {
  using t = await testApp();
  assert.equal(bodyLimitOf("POST /api/upload-pdfs"), "upload");
  const form = new FormData();
  form.set("file", new File([new Uint8Array(3 * MiB).fill(0x20)], "big.pdf", { type: "application/pdf" }));
  const multipart = await sized(form);
  const auth = { authorization: `Bearer ${t.adminToken}`, "batch-no": "20250101_120000" };
  const upload = await t.app.request("/api/upload-pdfs", {
    method: "POST",
    headers: { ...multipart.headers, ...auth },
    body: multipart.body,
  });
  assert.notEqual((await upload.json()).code, "BODY_TOO_LARGE");
  const big = await sized(JSON.stringify({ x: "y".repeat(2 * MiB) }), "application/json");
  const json = await t.app.request("/api/upload-pdfs", {
    method: "POST",
    headers: { ...big.headers, ...auth },
    body: big.body,
  });
  assert.equal(json.status, 413);
  assert.equal((await json.json()).code, "BODY_TOO_LARGE");
});

Deno.test("a multipart body to a route that is not an upload gets the default limit", async () => {
  using t = await testApp();
  const form = new FormData();
  form.set("file", new File([new Uint8Array(2 * MiB)], "x.bin"));
  const multipart = await sized(form);
  const res = await t.app.request("/api/auth/login", { method: "POST", ...multipart });
  assert.equal(res.status, 413);
});

Deno.test("bodyLimitOf: exact keys, the longest `/*` key, the default", () => {
  const table = { "POST /api/a/*": 5, "POST /api/a/b/*": 7, "POST /api/a/c": 9 };
  assert.equal(bodyLimitOf("POST /api/a/c", table), 9);
  assert.equal(bodyLimitOf("POST /api/a/b/:id", table), 7);
  assert.equal(bodyLimitOf("POST /api/a/x", table), 5);
  assert.equal(bodyLimitOf("POST /api/ab", table), DEFAULT_BODY_LIMIT);
  assert.equal(bodyLimitOf("GET /api/a/x", table), DEFAULT_BODY_LIMIT);
  assert.equal(bodyLimitOf(null, table), DEFAULT_BODY_LIMIT);
  assert.equal(bodyLimitOf("POST /api/ocr/process-batch"), "upload");
  assert.deepEqual(bodyLimitOf("POST /api/aifolder/upload-folder"), {
    upload: true,
    otherwise: FOLDER_JSON_MAX_BYTES,
  });
});

/** Issue #25 finding 3: 188 MB of JSON to upload-folder took the server to a 1.9 GB peak before its 413. */
Deno.test("POST /api/aifolder/upload-folder: a large JSON body is refused at once by its length, or cut at the cap", async () => {
  using t = await testApp();
  const u = await t.userWith(["ai_folder_access"]);
  for (const declared of [true, false]) {
    const total = declared ? 188 * MiB : 64 * MiB;
    const { stream, state } = lazyBody(total);
    const headers: Record<string, string> = {
      authorization: `Bearer ${u.token}`,
      "content-type": "application/json",
    };
    if (declared) headers["content-length"] = String(total);
    const started = performance.now();
    const res = await t.app.request("/api/aifolder/upload-folder", {
      method: "POST",
      headers,
      body: stream,
      duplex: "half",
    } as RequestInit);
    const ms = performance.now() - started;
    assert.equal(res.status, 413, `declared ${declared}`);
    assert.deepEqual(await res.json(), {
      success: false,
      code: "BODY_TOO_LARGE",
      error: "请求内容过大，不能超过8MB",
    });
    const read = declared ? 64 * 1024 : FOLDER_JSON_MAX_BYTES + 2 * 64 * 1024;
    assert.ok(state.pulled <= read, `declared ${declared}: pulled ${(state.pulled / MiB).toFixed(1)} MB`);
    assert.ok(ms < 2_000, `declared ${declared}: ${ms.toFixed(0)} ms`);
  }
});

Deno.test("a table entry raises one route's limit, chunked or declared", async () => {
  const app = new Hono<AppEnv>();
  app.use("/api/*", bodyLimitControl({ "POST /api/big": 3 * MiB }));
  app.post("/api/big", async (c) => c.json({ length: (await c.req.text()).length }));
  app.post("/api/small", async (c) => c.json({ length: (await c.req.text()).length }));
  app.onError((err, c) => c.json(toErrorBody(err as AppError), (err as AppError).status as 413));
  const post = (path: string, bytes: number, declared: boolean) => {
    const { stream } = lazyBody(bytes);
    const headers: Record<string, string> = declared ? { "content-length": String(bytes) } : {};
    return app.request(path, { method: "POST", headers, body: stream, duplex: "half" } as RequestInit);
  };
  for (const declared of [true, false]) {
    const big = await post("/api/big", 2 * MiB, declared);
    assert.equal(big.status, 200);
    assert.equal((await big.json()).length, 2 * MiB);
    assert.equal((await post("/api/big", 4 * MiB, declared)).status, 413);
    assert.equal((await post("/api/small", 2 * MiB, declared)).status, 413);
  }
});
