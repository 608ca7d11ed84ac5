import type { AppConfig } from "../../config.ts";

/**
 * AES-GCM (WebCrypto) encryption for secrets kept in KV, such as the AI provider key.
 * The key comes from AI_SECRET_KEY (hashed with SHA-256 to 256 bits) or, when unset, from
 * `<dataDir>/ai_secret.key`: 32 random bytes written once with mode 0600. Losing that file makes
 * stored secrets unreadable (the administrator enters the key again), never readable by others.
 */

const FORMAT = "v1";
const KEY_FILE = "ai_secret.key";

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
}

async function readOrCreateKeyFile(dataDir: string): Promise<Uint8Array<ArrayBuffer>> {
  const path = `${dataDir}/${KEY_FILE}`;
  try {
    return fromBase64((await Deno.readTextFile(path)).trim());
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  await Deno.mkdir(dataDir, { recursive: true });
  const fresh = crypto.getRandomValues(new Uint8Array(32));
  try {
    // createNew: two processes starting together cannot both write a key; the loser reads the winner's.
    await Deno.writeTextFile(path, toBase64(fresh) + "\n", { createNew: true, mode: 0o600 });
    await Deno.chmod(path, 0o600).catch(() => {});
    return fresh;
  } catch (err) {
    if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
    return fromBase64((await Deno.readTextFile(path)).trim());
  }
}

/** The AES-GCM key for this installation (see the module comment for where it comes from). */
export async function loadSecretKey(config: Pick<AppConfig, "aiSecretKey" | "dataDir">): Promise<CryptoKey> {
  const raw = config.aiSecretKey
    ? new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(config.aiSecretKey)))
    : await readOrCreateKeyFile(config.dataDir);
  if (raw.length !== 32) throw new Error(`${KEY_FILE} must hold 32 bytes of base64`);
  return await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** Encrypts text as "v1:<iv base64>:<ciphertext base64>" with a fresh 96-bit IV. */
export async function sealSecret(key: CryptoKey, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(plain));
  return `${FORMAT}:${toBase64(iv)}:${toBase64(new Uint8Array(sealed))}`;
}

/** Decrypts what sealSecret wrote; null when the text is malformed or was sealed with another key. */
export async function openSecret(key: CryptoKey, sealed: string): Promise<string | null> {
  const [format, iv, data] = sealed.split(":");
  if (format !== FORMAT || !iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64(iv) }, key, fromBase64(data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** A key as the settings screen shows it: "sk-****abcd" (never more than 3 + 4 characters of it). */
export function maskSecret(plain: string): string {
  if (plain === "") return "";
  if (plain.length <= 8) return "****";
  return `${plain.slice(0, 3)}****${plain.slice(-4)}`;
}
