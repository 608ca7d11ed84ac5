import assert from "node:assert/strict";
import { API_ACCESS } from "../../common/permissions.ts";
import { createApp } from "../../server/app.ts";
import { testApp } from "../helpers/test_app.ts";

Deno.test("every API route is in API_ACCESS, and every API_ACCESS entry is a real route", async () => {
  using t = await testApp();
  const routes = new Set(
    t.app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/")).map((r) =>
      `${r.method} ${r.path}`
    ),
  );
  const missing = [...routes].filter((r) => !(r in API_ACCESS));
  const stale = Object.keys(API_ACCESS).filter((r) => !routes.has(r));
  assert.deepEqual(missing, [], "routes with no access rule");
  assert.deepEqual(stale, [], "access rules with no route");
});

Deno.test("GET /api/health answers without a token", async () => {
  using t = await testApp();
  const res = await t.request("GET", "/api/health");
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true });
});

Deno.test("an unknown /api path answers NOT_FOUND in Chinese", async () => {
  using t = await testApp();
  const res = await t.request("GET", "/api/no-such-thing", { as: "admin" });
  assert.equal(res.status, 404);
  assert.deepEqual(await res.json(), { success: false, code: "NOT_FOUND", error: "请求的资源不存在" });
});

Deno.test("with the web build mounted, API routes still answer and unknown API paths stay JSON 404s", async () => {
  using t = await testApp();
  const webDist = await Deno.makeTempDir({ prefix: "web-dist-" });
  try {
    await Deno.writeTextFile(`${webDist}/index.html`, "<!doctype html><title>app</title>");
    const app = createApp(t.deps, { webDist });
    const health = await app.request("/api/health");
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { success: true });
    const unknown = await app.request("/api/no-such-thing");
    assert.equal(unknown.status, 404);
    assert.equal((await unknown.json()).code, "NOT_FOUND");
    const page = await app.request("/dashboard");
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<title>app<\/title>/);
  } finally {
    await Deno.remove(webDist, { recursive: true });
  }
});

Deno.test("web assets are served pre-compressed when the browser accepts gzip", async () => {
  using t = await testApp();
  const webDist = await Deno.makeTempDir({ prefix: "web-dist-" });
  try {
    await Deno.mkdir(`${webDist}/assets`);
    const js = "console.log('hello');".repeat(200);
    await Deno.writeTextFile(`${webDist}/assets/app-1.js`, js);
    const gz = new Uint8Array(
      await new Response(new Blob([js]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer(),
    );
    await Deno.writeFile(`${webDist}/assets/app-1.js.gz`, gz);
    const app = createApp(t.deps, { webDist });
    const zipped = await app.request("/assets/app-1.js", { headers: { "accept-encoding": "gzip, br" } });
    assert.equal(zipped.status, 200);
    assert.equal(zipped.headers.get("content-encoding"), "gzip");
    assert.match(zipped.headers.get("content-type") ?? "", /^text\/javascript/);
    assert.equal(Number(zipped.headers.get("content-length")), gz.length);
    await zipped.body?.cancel();
    const plain = await app.request("/assets/app-1.js");
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.equal(await plain.text(), js);
  } finally {
    await Deno.remove(webDist, { recursive: true });
  }
});
