import assert from "node:assert/strict";
import { linkExpiry, signLink, verifyLink } from "./signed_links.ts";

const KEY = new TextEncoder().encode("a-test-signing-key-of-32-bytes-or-more");
const NOW = 1_700_000_000_000;
const claims = { area: "mediation-file", payload: "7:M20240101:3:pdf", expires: linkExpiry(NOW, 60_000) };

Deno.test("signLink() is 32 hex characters that verifyLink() accepts until the expiry", async () => {
  const sig = await signLink(KEY, claims);
  assert.match(sig, /^[0-9a-f]{32}$/);
  assert.equal(claims.expires, 1_700_000_060);
  assert.equal(await verifyLink(KEY, { claims, sig, now: NOW }), true);
  assert.equal(await verifyLink(KEY, { claims, sig, now: claims.expires * 1000 - 1 }), true);
});

Deno.test("verifyLink() refuses an expired link, also with a genuine signature", async () => {
  const sig = await signLink(KEY, claims);
  assert.equal(await verifyLink(KEY, { claims, sig, now: claims.expires * 1000 }), false);
  assert.equal(await verifyLink(KEY, { claims, sig, now: NOW + 3_600_000 }), false);
  // Pushing the expiry forward breaks the signature.
  const later = { ...claims, expires: claims.expires + 3600 };
  assert.equal(await verifyLink(KEY, { claims: later, sig, now: NOW }), false);
});

Deno.test("verifyLink() refuses a tampered signature, payload or key", async () => {
  const sig = await signLink(KEY, claims);
  const flipped = (sig[0] === "0" ? "1" : "0") + sig.slice(1);
  assert.equal(await verifyLink(KEY, { claims, sig: flipped, now: NOW }), false);
  assert.equal(await verifyLink(KEY, { claims, sig: sig.toUpperCase(), now: NOW }), false);
  assert.equal(await verifyLink(KEY, { claims, sig: sig.slice(0, 31), now: NOW }), false);
  assert.equal(await verifyLink(KEY, { claims, sig: "", now: NOW }), false);
  const otherRow = { ...claims, payload: "7:M20240101:4:pdf" };
  assert.equal(await verifyLink(KEY, { claims: otherRow, sig, now: NOW }), false);
  const otherKey = new TextEncoder().encode("another-signing-key-of-32-bytes-or-more");
  assert.equal(await verifyLink(otherKey, { claims, sig, now: NOW }), false);
});

Deno.test("verifyLink() refuses a signature made for another area with the same payload", async () => {
  const sig = await signLink(KEY, claims);
  const otherArea = { ...claims, area: "excel-batch-file" };
  assert.equal(await verifyLink(KEY, { claims: otherArea, sig, now: NOW }), false);
  assert.notEqual(await signLink(KEY, otherArea), sig);
});

Deno.test("verifyLink() refuses an expiry that is not a whole number", async () => {
  const bad = { ...claims, expires: Number("12e") };
  assert.equal(await verifyLink(KEY, { claims: bad, sig: await signLink(KEY, bad), now: NOW }), false);
});
