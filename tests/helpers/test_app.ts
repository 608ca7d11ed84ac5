import type { PermissionCode } from "../../common/permissions.ts";
import { SUPER_ADMIN_ID } from "../../common/permissions.ts";
import { setupZodLocale } from "../../common/zod_setup.ts";
import { createApp } from "../../server/app.ts";
import { LocalBlobStore } from "../../server/blobs/local_blob_store.ts";
import { ensureInitialData } from "../../server/bootstrap.ts";
import { manualClock } from "../../server/clock.ts";
import { type AppConfig, loadConfig } from "../../server/config.ts";
import type { AppDeps } from "../../server/deps.ts";
import { randomToken } from "../../server/kv/ids.ts";
import { createRole, getRoleByName } from "../../server/kv/roles.ts";
import { createSession } from "../../server/kv/sessions.ts";
import { createUser, type UserRecord } from "../../server/kv/users.ts";
import { hashPassword } from "../../server/services/auth/password_hash.ts";
import { signToken } from "../../server/services/auth/tokens.ts";
import type { MailMessage } from "../../server/services/mail/mailer.ts";
import { createDocxRenderPool } from "../../server/services/docx/docx_render_pool.ts";
import { createTesseractEngine } from "../../server/services/ocr/ocr_pool.ts";

setupZodLocale();

export const ADMIN_PASSWORD = "admin-pass-1";

export interface RequestOptions {
  /** "admin" (user id 1), a token, or a seeded user. */
  as?: "admin" | string | SeededUser;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

export interface SeededUser {
  user: UserRecord;
  token: string;
  password: string;
}

/**
 * The app on an in-memory KV, a temporary blob folder, a manual clock and a mailer that keeps
 * messages in `sent`. `using t = await testApp()` closes everything at the end of the test.
 */
export async function testApp(overrides: Partial<AppConfig> = {}) {
  const kv = await Deno.openKv(":memory:");
  const dataDir = await Deno.makeTempDir({ prefix: "app-test-" });
  const clock = manualClock();
  const sent: MailMessage[] = [];
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: dataDir, ADMIN_USERNAME: "admin", ADMIN_PASSWORD }),
    captchaTestText: "test",
    ...overrides,
  };
  const deps: AppDeps = {
    kv,
    blobs: new LocalBlobStore(`${dataDir}/blobs`),
    clock,
    config,
    mailer: { send: (m) => Promise.resolve(void sent.push(m)) },
    signingKey: new TextEncoder().encode("test-signing-key-of-at-least-32-bytes!"),
    // As in main.ts, one pool for the app; its workers start on first use and end with the app.
    docx: createDocxRenderPool(),
    // Tesseract (one CLI call per page, nothing left running) keeps API tests light; the PaddleOCR pool
    // is tested in services/ocr/ and services/doc_text/.
    ocr: createTesseractEngine(),
  };
  await ensureInitialData(deps);
  const app = createApp(deps);
  const adminToken = await issueToken(deps, SUPER_ADMIN_ID);

  async function request(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.as === "admin"
      ? adminToken
      : typeof options.as === "string"
      ? options.as
      : options.as?.token;
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form;
    return await app.request(path, { method, headers, body }, { remoteAddr: { hostname: "127.0.0.1" } });
  }

  /** Seeds a user holding exactly these permissions (through a role of their own) and signs it in. */
  async function userWith(
    permissions: PermissionCode[],
    options: {
      username?: string;
      role?: string;
      quotas?: Partial<Record<"mediation" | "pdf_convert" | "ai", number>>;
    } = {},
  ): Promise<SeededUser> {
    const roleName = options.role ?? `role-${randomToken(4)}`;
    const role = await getRoleByName(kv, roleName) ??
      await createRole(
        kv,
        { name: roleName, permissions: permissions.length ? permissions : ["dashboard"] },
        clock.now(),
      );
    const password = "member-pass-1";
    const user = await createUser(kv, {
      username: options.username ?? `u${randomToken(4)}`,
      email: "member@example.com",
      passwordHash: await hashPassword(password),
      roleId: role.id,
    }, { now: clock.now(), quotas: options.quotas });
    return { user, token: await issueToken(deps, user.id), password };
  }

  return {
    app,
    deps,
    kv,
    clock,
    sent,
    dataDir,
    adminToken,
    request,
    userWith,
    issueToken: (userId: number) => issueToken(deps, userId),
    [Symbol.dispose]() {
      deps.docx.close();
      kv.close();
      Deno.removeSync(dataDir, { recursive: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof testApp>>;

/** A session and token for a user, made directly in KV (no captcha round trip). */
export async function issueToken(deps: AppDeps, userId: number): Promise<string> {
  const sid = randomToken();
  const now = deps.clock.now();
  await createSession(deps.kv, { sid, userId, createdAt: now, lastSeenAt: now, address: "127.0.0.1" });
  return await signToken(deps.signingKey, { userId, sid }, now);
}
