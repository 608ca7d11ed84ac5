import assert from "node:assert/strict";
import { loadSecretKey, maskSecret, openSecret, sealSecret } from "./secret_box.ts";

Deno.test("sealSecret() round-trips and never contains the plain text", async () => {
  const key = await loadSecretKey({ aiSecretKey: "a-test-secret-of-enough-length", dataDir: "/nonexistent" });
  const sealed = await sealSecret(key, "sk-plain-provider-key-1234");
  assert.ok(!sealed.includes("sk-plain-provider-key-1234"));
  assert.equal(await openSecret(key, sealed), "sk-plain-provider-key-1234");
  assert.notEqual(await sealSecret(key, "sk-plain-provider-key-1234"), sealed, "fresh IV per seal");
});

Deno.test("openSecret() answers null for another key or a tampered text", async () => {
  const a = await loadSecretKey({ aiSecretKey: "first-secret-key-material", dataDir: "/nonexistent" });
  const b = await loadSecretKey({ aiSecretKey: "second-secret-key-material", dataDir: "/nonexistent" });
  const sealed = await sealSecret(a, "sk-abc-123456789");
  assert.equal(await openSecret(b, sealed), null);
  assert.equal(await openSecret(a, sealed.slice(0, -4) + "AAAA"), null);
  assert.equal(await openSecret(a, "garbage"), null);
});

Deno.test("loadSecretKey() without AI_SECRET_KEY writes one 0600 key file and reuses it", async () => {
  const dataDir = await Deno.makeTempDir();
  try {
    const first = await loadSecretKey({ aiSecretKey: null, dataDir });
    const stat = await Deno.stat(`${dataDir}/ai_secret.key`);
    if (Deno.build.os !== "windows") assert.equal(stat.mode! & 0o777, 0o600);
    const sealed = await sealSecret(first, "sk-from-file-key-9999");
    const second = await loadSecretKey({ aiSecretKey: null, dataDir });
    assert.equal(await openSecret(second, sealed), "sk-from-file-key-9999");
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("maskSecret() keeps at most the first 3 and last 4 characters", () => {
  assert.equal(maskSecret("sk-1234567890abcd"), "sk-****abcd");
  assert.equal(maskSecret("short"), "****");
  assert.equal(maskSecret(""), "");
});
