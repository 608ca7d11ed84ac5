/**
 * The real server as a child process, for end-to-end tests: `deno run -A main.ts` from the project root
 * on a free port with a temporary DATA_DIR, CAPTCHA_TEST_TEXT=test and a known super-admin password.
 *
 * State is seeded BEFORE the server starts, through the KV functions (epic-stack's habit): the
 * helper opens `${DATA_DIR}/kv.sqlite3`, runs ensureInitialData (so user 1 and the built-in roles
 * exist exactly as on a real first boot), calls the test's `seed`, and closes the KV.
 *
 *   await using server = await startServer({ seed: (kv) => seedUser(kv, { ... }) });
 *   await page.goto(`${server.url}/login`);
 */
import type { PermissionCode } from "../../common/permissions.ts";
import type { SystemSettings } from "../../common/schemas/settings.ts";
import { ensureInitialData } from "../../server/bootstrap.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import { createInvitationCode, type InvitationCode } from "../../server/kv/invitation_codes.ts";
import { createRole, getRoleByName } from "../../server/kv/roles.ts";
import { saveSettings } from "../../server/kv/settings.ts";
import { createUser, type UserRecord } from "../../server/kv/users.ts";
import { hashPassword } from "../../server/services/auth/password_hash.ts";

export const E2E_ADMIN_USERNAME = "admin";
export const E2E_ADMIN_PASSWORD = "admin-pass-1";
/** Every captcha's answer while CAPTCHA_TEST_TEXT is set. */
export const E2E_CAPTCHA = "test";

const PROJECT_ROOT = new URL("../../", import.meta.url).pathname;
const START_TIMEOUT_MS = 30_000;

export interface StartServerOptions {
  /** Writes state into the KV (and DATA_DIR, e.g. blobs) before the server opens it. */
  seed?: (kv: Deno.Kv, dataDir: string) => Promise<unknown>;
  /** Extra environment for the server (overrides the defaults below). */
  env?: Record<string, string>;
  /** A fixed port (benches on a shared machine use their own); default a free one the OS picks. */
  port?: number;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  dataDir: string;
  /** The server process id (e.g. to read its memory from /proc). */
  pid: number;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Stops the server and removes DATA_DIR. Safe to call twice. */
  stop(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** Starts the server and resolves once GET /api/health answers 200. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const dataDir = await Deno.makeTempDir({ prefix: "e2e-data-" });
  try {
    await seedDataDir(dataDir, options.seed);
  } catch (err) {
    await Deno.remove(dataDir, { recursive: true });
    throw err;
  }
  const port = options.port ?? freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    DATA_DIR: dataDir,
    KV_PATH: "",
    ADMIN_USERNAME: E2E_ADMIN_USERNAME,
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    CAPTCHA_TEST_TEXT: E2E_CAPTCHA,
    // no SMTP: mail goes to DATA_DIR/outbox, where the tests read it
    SMTP_HOST: "",
    // No built-in law corpus (1 510 laws, ~20 CPU seconds) at each start; law tests set LAWS_DIR.
    LAWS_BUILTIN: "false",
    NO_COLOR: "1",
    ...options.env,
  };
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: PROJECT_ROOT,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const chunks: string[] = [];
  const drained = Promise.all([drain(child.stdout, chunks), drain(child.stderr, chunks)]);
  let stopped = false;
  const url = `http://127.0.0.1:${port}`;

  async function stop(): Promise<void> {
    if (stopped) return;
    stopped = true;
    try {
      child.kill("SIGTERM");
    } catch {
      // already exited
    }
    await child.status;
    await drained;
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }

  try {
    await waitForHealth(url, child);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n--- server output ---\n${chunks.join("")}`);
  }
  return { url, dataDir, pid: child.pid, output: () => chunks.join(""), stop, [Symbol.asyncDispose]: stop };
}

async function seedDataDir(dataDir: string, seed: StartServerOptions["seed"]): Promise<void> {
  const kv = await Deno.openKv(`${dataDir}/kv.sqlite3`);
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_USERNAME: E2E_ADMIN_USERNAME,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    });
    await ensureInitialData({ kv, config, clock: systemClock });
    await seed?.(kv, dataDir);
  } finally {
    kv.close();
  }
}

/** A port nobody listens on right now (the OS picks it; the server binds it a moment later). */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

async function drain(stream: ReadableStream<Uint8Array>, into: string[]): Promise<void> {
  const decoder = new TextDecoder();
  for await (const bytes of stream) into.push(decoder.decode(bytes, { stream: true }));
  into.push(decoder.decode());
}

async function waitForHealth(url: string, child: Deno.ChildProcess): Promise<void> {
  let exited: Deno.CommandStatus | null = null;
  child.status.then((s) => (exited = s));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(`the server exited with code ${(exited as Deno.CommandStatus).code} before answering`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS / 1000}s`);
}

// ---------------------------------------------------------------------------------------------
// Seeding: plain KV writes, used inside `seed`.

export interface SeedUserOptions {
  username: string;
  password: string;
  email?: string;
  /** An existing role by name (e.g. "admin"), or a new role holding `permissions`. */
  role?: string;
  /** When given (and `role` does not exist yet), a role named `role ?? "角色-<username>"` with these codes. */
  permissions?: PermissionCode[];
  quotas?: Partial<Record<"mediation" | "pdf_convert" | "ai", number>>;
}

/** Creates a user (and its role when needed) the way the server stores them. */
export async function seedUser(kv: Deno.Kv, options: SeedUserOptions): Promise<UserRecord> {
  const roleName = options.role ?? `角色-${options.username}`;
  let role = await getRoleByName(kv, roleName);
  if (!role) {
    if (!options.permissions) {
      throw new Error(`seedUser: role ${roleName} does not exist and no permissions given`);
    }
    role = await createRole(kv, { name: roleName, permissions: options.permissions });
  }
  return await createUser(kv, {
    username: options.username,
    email: options.email ?? `${options.username}@example.com`,
    passwordHash: await hashPassword(options.password),
    roleId: role.id,
  }, { quotas: options.quotas });
}

/** Stores system settings (merged into the defaults). */
export async function seedSettings(kv: Deno.Kv, patch: Partial<SystemSettings>): Promise<void> {
  await saveSettings(kv, patch);
}

/** Creates an invitation code (random text; read it from the result). */
export async function seedInvitationCode(
  kv: Deno.Kv,
  options: { maxUses?: number; remark?: string } = {},
): Promise<InvitationCode> {
  return await createInvitationCode(kv, {
    maxUses: options.maxUses ?? 1,
    expiredAt: null,
    remark: options.remark ?? "e2e",
    createdByName: E2E_ADMIN_USERNAME,
  }, Date.now());
}

// ---------------------------------------------------------------------------------------------
// Mail written by the outbox mailer (no SMTP configured).

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** The messages in DATA_DIR/outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMessage[]> {
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(`${dataDir}/outbox`)) {
      if (entry.isFile && entry.name.endsWith(".eml")) names.push(entry.name);
    }
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return [];
    throw err;
  }
  names.sort();
  const messages: OutboxMessage[] = [];
  for (const name of names) {
    const raw = await Deno.readTextFile(`${dataDir}/outbox/${name}`);
    const split = raw.indexOf("\n\n");
    const head = raw.slice(0, split);
    const header = (key: string) => new RegExp(`^${key}: (.*)$`, "mi").exec(head)?.[1]?.trim() ?? "";
    messages.push({ file: name, to: header("To"), subject: header("Subject"), text: raw.slice(split + 2) });
  }
  return messages;
}

/** Waits (up to 10 s) until the outbox holds a message for `to`, and returns the newest. */
export async function waitForMail(dataDir: string, to: string): Promise<OutboxMessage> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mine = (await readOutbox(dataDir)).filter((m) => m.to === to);
    if (mine.length) return mine[mine.length - 1];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} in ${dataDir}/outbox`);
}
