import type { BuiltinRole, PermissionCode } from "../common/permissions.ts";
import type { BlobStore } from "./blobs/blob_store.ts";
import type { Clock } from "./clock.ts";
import type { AppConfig } from "./config.ts";
import type { Mailer } from "./services/mail/mailer.ts";
import type { PdfConverter } from "./services/pdf/libreoffice_pool.ts";
import type { DocxRenderPool } from "./services/docx/docx_render_pool.ts";
import type { OcrEngine } from "./services/ocr/ocr_engine.ts";

/** Everything a handler or service may use; built once in main.ts (or per test), never a singleton. */
export interface AppDeps {
  kv: Deno.Kv;
  blobs: BlobStore;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
  /** HS256 key for session tokens. */
  signingKey: Uint8Array;
  /** Word -> PDF (the warm LibreOffice pool, started in main.ts); absent means no PDF output. */
  pdf?: PdfConverter;
  /** Word rendering workers, one per core, made once (main.ts, or per test) and shared by every job. */
  docx: DocxRenderPool;
  /** Page recognition (PaddleOCR processes, Tesseract fallback; services/ocr/ocr_pool.ts); absent: Tesseract CLI. */
  ocr?: OcrEngine;
}

/** The signed-in user as handlers see it: read fresh from KV on each request. */
export interface CurrentUser {
  id: number;
  username: string;
  email: string;
  /** The role's name as the browser gets it (clientRoleName in common/permissions.ts). */
  role: string;
  roleId: number;
  /** The built-in role held, or null: what isAdmin decides by. */
  builtinRole: BuiltinRole | null;
  permissions: PermissionCode[];
  domain: string;
  sid: string;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    /** Set by the access middleware; null on a public route without a valid token. */
    user: CurrentUser | null;
    requestId: string;
  };
}
