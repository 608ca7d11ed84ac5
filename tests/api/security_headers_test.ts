/** Issue #17 finding 3: security headers on every response; PDFs shown inline are sandboxed. */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { createApp } from "../../server/app.ts";
import {
  contentSecurityPolicy,
  INLINE_PDF_CSP,
  originsOf,
  securityHeaders,
} from "../../server/middleware/security_headers.ts";
import { uploadSystemTemplate } from "../helpers/mediation.ts";
import { makePdf } from "../helpers/pdf_bytes.ts";
import { testApp } from "../helpers/test_app.ts";

const APP_CSP = contentSecurityPolicy();

function assertAppHeaders(res: Response, what: string): void {
  assert.equal(res.headers.get("content-security-policy"), APP_CSP, what);
  assertCommonHeaders(res, what);
}

function assertCommonHeaders(res: Response, what: string): void {
  assert.equal(res.headers.get("x-content-type-options"), "nosniff", what);
  assert.equal(res.headers.get("x-frame-options"), "DENY", what);
  assert.equal(res.headers.get("referrer-policy"), "same-origin", what);
}

Deno.test("the CSP: scripts only from this server, no framing, inline styles for antd", () => {
  const directives = APP_CSP.split("; ");
  assert.ok(directives.includes("script-src 'self'"));
  assert.ok(directives.includes("frame-ancestors 'none'"));
  assert.ok(directives.includes("object-src 'none'"));
  assert.ok(directives.includes("style-src 'self' 'unsafe-inline'"));
  assert.ok(!APP_CSP.includes("unsafe-eval"));
  // 系统设置 may point the logo and favicon at any http(s) address
  assert.ok(directives.includes("img-src 'self' data: blob: http: https:"));
  assert.equal(
    contentSecurityPolicy(originsOf("https://split.example.com/api/", "", "not a url")).split("; ")
      .find((d) => d.startsWith("connect-src")),
    "connect-src 'self' https://split.example.com",
  );
});

Deno.test("headers on the HTML, its assets, API JSON and API errors", async () => {
  using t = await testApp();
  const dist = await Deno.makeTempDir({ prefix: "dist-sec-" });
  try {
    await Deno.mkdir(`${dist}/assets`);
    await Deno.writeTextFile(
      `${dist}/index.html`,
      '<!doctype html><script type="module" src="/assets/a.js"></script>',
    );
    await Deno.writeTextFile(`${dist}/assets/a.js`, "console.log(1)");
    const app = createApp(t.deps, { webDist: dist });
    for (const path of ["/", "/login", "/user-manager", "/assets/a.js", "/assets/missing.js"]) {
      const res = await app.request(path);
      await res.body?.cancel();
      assertAppHeaders(res, path);
    }
    const html = await app.request("/dashboard");
    assert.match(html.headers.get("content-type") ?? "", /text\/html/);
    assert.match(await html.text(), /<script type="module"/);
  } finally {
    await Deno.remove(dist, { recursive: true });
  }
  const ok = await t.request("GET", "/api/health");
  assert.deepEqual(await ok.json(), { success: true });
  assertAppHeaders(ok, "API JSON");
  for (
    const [path, status] of [["/api/user/profile", 401], ["/api/no-such-route", 404], [
      "/api/roles",
      401,
    ]] as const
  ) {
    const res = await t.request("GET", path);
    assert.equal(res.status, status);
    await res.body?.cancel();
    assertAppHeaders(res, path);
  }
  const tooLarge = await t.request("POST", "/api/auth/login", { json: { x: "y".repeat(2 * 1024 * 1024) } });
  assert.equal(tooLarge.status, 413);
  await tooLarge.body?.cancel();
  assertAppHeaders(tooLarge, "413");
});

Deno.test("headers on downloads: Word and Excel attachments, an inline PDF sandboxed", async () => {
  using t = await testApp();
  const templateId = await uploadSystemTemplate(t);
  const docx = await t.request("GET", `/api/templates/download/${templateId}`, { as: "admin" });
  assert.equal(docx.status, 200);
  assert.match(docx.headers.get("content-disposition") ?? "", /^attachment/);
  await docx.body?.cancel();
  assertAppHeaders(docx, "docx download");

  const xlsx = await t.request("GET", `/api/download-template?type=system&id=${templateId}&format=xlsx`, {
    as: "admin",
  });
  assert.equal(xlsx.status, 200);
  assert.match(xlsx.headers.get("content-disposition") ?? "", /^attachment/);
  await xlsx.body?.cancel();
  assertAppHeaders(xlsx, "xlsx download");

  const member = await t.userWith(["pdf_converter"], { quotas: { pdf_convert: 5 } });
  const form = new FormData();
  form.append("file", new File([makePdf("one")], "调解书.pdf", { type: "application/pdf" }));
  const uploaded = await (await t.request("POST", "/api/upload-pdfs", {
    as: member,
    form,
    headers: { "Batch-No": "20250305_143012" },
  })).json();
  const link = await t.request("GET", new URL(uploaded.url).pathname);
  assert.equal(link.status, 200);
  assert.equal(link.headers.get("content-type"), "application/pdf");
  assert.match(link.headers.get("content-disposition") ?? "", /^inline/);
  await link.body?.cancel();
  assert.equal(link.headers.get("content-security-policy"), INLINE_PDF_CSP);
  assert.ok(INLINE_PDF_CSP.split("; ").includes("sandbox"));
  assertCommonHeaders(link, "inline PDF");
});

Deno.test("the middleware: attachment PDFs, zips, redirects and streamed bodies", async () => {
  const app = new Hono();
  app.use("*", securityHeaders());
  app.get(
    "/pdf-attachment",
    (c) =>
      c.body("%PDF-1.4", 200, {
        "content-type": "application/pdf",
        "content-disposition": "attachment; x.pdf",
      }),
  );
  app.get("/pdf-bare", (c) => c.body("%PDF-1.4", 200, { "content-type": "application/pdf" }));
  app.get("/zip", (c) => c.body(new Uint8Array([80, 75]), 200, { "content-type": "application/zip" }));
  app.get("/redirect", () => Response.redirect("http://localhost/login", 302));
  app.get(
    "/stream",
    () => new Response(new Blob(["abc"]).stream(), { headers: { "content-type": "text/plain" } }),
  );
  for (const path of ["/pdf-attachment", "/zip", "/redirect", "/stream"]) {
    const res = await app.request(path);
    await res.body?.cancel();
    assertAppHeaders(res, path);
  }
  const bare = await app.request("/pdf-bare");
  assert.equal(bare.headers.get("content-security-policy"), INLINE_PDF_CSP);
  assert.equal(await (await app.request("/stream")).text(), "abc");
});
