import assert from "node:assert/strict";
import { EXCEL_BATCH_LINK_TTL_MS } from "../../../common/constants.ts";
import { signedDirectPath, verifyDirectLink } from "./file_links.ts";

const secret = new TextEncoder().encode("a-test-signing-key-of-32-bytes-or-more");
const fileId = "0123456789abcdef0123_4";

function queryOf(path: string) {
  return Object.fromEntries(new URL(path, "http://x").searchParams);
}

Deno.test("signedDirectPath() is verified for its file and owner until it expires", async () => {
  const now = 1_700_000_000_000;
  const path = await signedDirectPath(secret, { fileId, userId: 7 }, now);
  assert.match(
    path,
    /^\/api\/excel-batch\/download-direct\/0123456789abcdef0123_4\?u=7&e=\d+&s=[0-9a-f]{32}$/,
  );
  const query = queryOf(path);
  assert.equal(await verifyDirectLink(secret, { fileId, query, now }), 7);
  assert.equal(
    await verifyDirectLink(secret, { fileId, query, now: now + EXCEL_BATCH_LINK_TTL_MS + 1000 }),
    null,
  );
  assert.equal(await verifyDirectLink(secret, { fileId: "0123456789abcdef0123_5", query, now }), null);
  assert.equal(await verifyDirectLink(secret, { fileId, query: { ...query, u: "8" }, now }), null);
  assert.equal(await verifyDirectLink(secret, { fileId, query: { ...query, s: "0".repeat(32) }, now }), null);
  assert.equal(await verifyDirectLink(secret, { fileId, query: {}, now }), null);
  const otherKey = new TextEncoder().encode("another-signing-key-of-32-bytes-or-more");
  assert.equal(await verifyDirectLink(otherKey, { fileId, query, now }), null);
});
