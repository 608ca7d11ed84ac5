import assert from "node:assert/strict";
import { publicBaseUrl, publicUrl } from "./public_url.ts";

const REQ = "http://127.0.0.1:8000/api/upload-pdfs";

Deno.test("publicBaseUrl() uses the request's origin when the user has no domain", () => {
  assert.equal(publicBaseUrl({ domain: "", port: 3000, requestUrl: REQ }), "http://127.0.0.1:8000");
  assert.equal(publicBaseUrl({ domain: "  ", port: 3000, requestUrl: "https://a.cn/x" }), "https://a.cn");
});

Deno.test("publicBaseUrl() puts the feature's port after the user's domain", () => {
  assert.equal(
    publicBaseUrl({ domain: "law.example.com", port: 3000, requestUrl: REQ }),
    "http://law.example.com:3000",
  );
  assert.equal(
    publicBaseUrl({ domain: "law.example.com", port: 65502, requestUrl: REQ }),
    "http://law.example.com:65502",
  );
  assert.equal(
    publicBaseUrl({ domain: "https://law.example.com/", port: 3000, requestUrl: REQ }),
    "http://law.example.com:3000",
  );
});

Deno.test("publicBaseUrl(): 443 and 0 give https without a port, 80 http, a domain's own port wins", () => {
  assert.equal(publicBaseUrl({ domain: "a.cn", port: 443, requestUrl: REQ }), "https://a.cn");
  assert.equal(publicBaseUrl({ domain: "a.cn", port: 0, requestUrl: REQ }), "https://a.cn");
  assert.equal(publicBaseUrl({ domain: "a.cn", port: 80, requestUrl: REQ }), "http://a.cn");
  assert.equal(publicBaseUrl({ domain: "a.cn:8443", port: 3000, requestUrl: REQ }), "http://a.cn:8443");
  assert.equal(publicUrl({ domain: "a.cn", port: 3000, requestUrl: REQ }, "/p/x"), "http://a.cn:3000/p/x");
});
