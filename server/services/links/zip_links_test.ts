import assert from "node:assert/strict";
import { AppError } from "../../errors.ts";
import { signZipLink, verifyZipLink, ZIP_LINK_TTL_MS } from "./zip_links.ts";

const KEY = new TextEncoder().encode("a-test-signing-key-of-32-bytes-or-more");
const NOW = 1_700_000_000_000;
const target = { area: "mediation-zip", userId: 7, item: "20240101_120000:both" };

function queryOf(link: string) {
  return Object.fromEntries(new URL(link, "http://x").searchParams) as Record<string, string>;
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "none";
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    return err.code;
  }
}

Deno.test("signZipLink() appends u, e and s after the path's own query; verifyZipLink() names the owner", async () => {
  const link = await signZipLink(KEY, { target, path: "/api/x/zip?type=both", now: NOW });
  assert.match(link, /^\/api\/x\/zip\?type=both&u=7&e=1700000600&s=[0-9a-f]{32}$/);
  const query = queryOf(link);
  const input = { area: target.area, item: target.item, query };
  assert.equal(await verifyZipLink(KEY, { ...input, now: NOW + ZIP_LINK_TTL_MS - 1 }), 7);
  const plain = await signZipLink(KEY, { target, path: "/api/y/zip", now: NOW });
  assert.match(plain, /^\/api\/y\/zip\?u=7&e=\d+&s=/);
});

Deno.test("verifyZipLink(): forged or malformed links are DOWNLOAD_LINK_INVALID, expired genuine ones DOWNLOAD_LINK_EXPIRED", async () => {
  const query = queryOf(await signZipLink(KEY, { target, path: "/z", now: NOW }));
  const check = (q: Record<string, string>, over: { area?: string; item?: string; now?: number } = {}) =>
    codeOf(verifyZipLink(KEY, { area: target.area, item: target.item, now: NOW, ...over, query: q }));
  const flipped = (query.s[0] === "0" ? "1" : "0") + query.s.slice(1);
  assert.equal(await check({ ...query, s: flipped }), "DOWNLOAD_LINK_INVALID");
  assert.equal(await check({ ...query, u: "8" }), "DOWNLOAD_LINK_INVALID");
  assert.equal(await check({ ...query, u: "x" }), "DOWNLOAD_LINK_INVALID");
  assert.equal(await check({ ...query, e: String(Number(query.e) + 60) }), "DOWNLOAD_LINK_INVALID");
  assert.equal(await check({ u: query.u }), "DOWNLOAD_LINK_INVALID");
  assert.equal(await check(query, { item: "20240101_120000:word" }), "DOWNLOAD_LINK_INVALID");
  assert.equal(await check(query, { area: "excel-batch-zip" }), "DOWNLOAD_LINK_INVALID");
  assert.equal(await check(query, { now: NOW + ZIP_LINK_TTL_MS }), "DOWNLOAD_LINK_EXPIRED");
  // An expired link whose signature was also tampered with is forged, not merely expired.
  assert.equal(
    await check({ ...query, s: flipped }, { now: NOW + ZIP_LINK_TTL_MS }),
    "DOWNLOAD_LINK_INVALID",
  );
});
