import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../deps.ts";
import { AppError, toErrorBody } from "../errors.ts";
import { formatByteLimit } from "../workers/run_in_worker.ts";
import { routeKeyOf } from "./access.ts";

/** Every /api body not listed in BODY_LIMITS: JSON and form bodies are small. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * The JSON form of POST /api/aifolder/upload-folder (part 4 §7: each file's content a byte array,
 * "255," up to 4 characters a byte) is parsed whole, so it is kept small: 8 MiB, about 2 MB of
 * files. The browser sends folders as multipart, which streams to the blob store and has the
 * spec's 50 MB batch cap (services/ai_folder/upload_request.ts).
 */
export const FOLDER_JSON_MAX_BYTES = 8 * 1024 * 1024;

/**
 * "upload": a multipart upload route that streams its body and refuses an oversize file itself
 * (hono's bodyLimit around parseBody, or readMultipart with per-file caps); only its
 * multipart/form-data bodies skip the default, any other body still gets DEFAULT_BODY_LIMIT.
 * { upload, otherwise }: the same, with another limit than the default for non-multipart bodies.
 * A number: the largest body of any type the route accepts.
 */
export type BodyLimit = number | "upload" | { upload: true; otherwise: number };

/**
 * Routes whose body may be larger than DEFAULT_BODY_LIMIT, keyed like API_ACCESS in
 * common/permissions.ts ("METHOD /api/path" with the route's own `:params`); a key ending in `/*`
 * covers every route below that path. A route not listed here gets DEFAULT_BODY_LIMIT: add a line
 * when a new route needs more.
 */
export const BODY_LIMITS: Record<string, BodyLimit> = {
  "POST /api/settings/upload-logo": "upload",
  "POST /api/settings/upload-favicon": "upload",
  "POST /api/excel-case-split/upload": "upload",
  "POST /api/templates/upload": "upload",
  "POST /api/my-templates/upload": "upload",
  "POST /api/upload-template": "upload",
  "POST /api/upload-excel": "upload",
  "POST /api/mediation/upload-excel": "upload",
  "POST /api/upload-pdfs": "upload",
  "POST /api/excel-templates/upload": "upload",
  "POST /api/excel-batch/upload": "upload",
  // part 4 §7: the AI uploads (each file at most 10 MB, checked by the route)
  "POST /api/ocr/*": "upload",
  "POST /api/custom-ocr/process": "upload",
  "POST /api/aifolder/upload": "upload",
  "POST /api/ai-muban/templates": "upload",
  "POST /api/law-search/laws/import": "upload",
  // part 4 §7: multipart streams (50 MB batch cap in the route); the JSON form is parsed whole.
  "POST /api/aifolder/upload-folder": { upload: true, otherwise: FOLDER_JSON_MAX_BYTES },
};

/** The BODY_LIMITS entry of a route key ("POST /api/x/:id"), exact or by a `/*` key above it. */
export function bodyLimitOf(
  routeKey: string | null,
  table: Record<string, BodyLimit> = BODY_LIMITS,
): BodyLimit {
  if (routeKey === null) return DEFAULT_BODY_LIMIT;
  const exact = table[routeKey];
  if (exact !== undefined) return exact;
  let best: { length: number; limit: BodyLimit } | null = null;
  for (const [key, limit] of Object.entries(table)) {
    if (!key.endsWith("/*")) continue;
    const prefix = key.slice(0, -1); // keeps the slash: "POST /api/ocr/"
    if (routeKey.startsWith(prefix) && (!best || prefix.length > best.length)) {
      best = { length: prefix.length, limit };
    }
  }
  return best?.limit ?? DEFAULT_BODY_LIMIT;
}

function isMultipart(contentType: string | undefined): boolean {
  return /^\s*multipart\/form-data/i.test(contentType ?? "");
}

/**
 * The byte ceiling for this request, or null when the route's own upload limit applies
 * (a multipart body to an "upload" route).
 */
function effectiveLimit(limit: BodyLimit, contentType: string | undefined): number | null {
  if (limit === "upload") return isMultipart(contentType) ? null : DEFAULT_BODY_LIMIT;
  if (typeof limit === "object") return isMultipart(contentType) ? null : limit.otherwise;
  return limit;
}

/**
 * Refuses an oversize /api request body with 413 BODY_TOO_LARGE before it is read: at once from a
 * Content-Length above the limit, and for a chunked body (or a lying length) by counting bytes as the
 * handler reads them; the count stops the read at the limit, so at most that much is ever buffered.
 * The limit comes from BODY_LIMITS by the matched route, DEFAULT_BODY_LIMIT otherwise.
 */
export function bodyLimitControl(table: Record<string, BodyLimit> = BODY_LIMITS): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = c.req.raw;
    if (raw.body === null) return await next();
    const limit = effectiveLimit(bodyLimitOf(routeKeyOf(c), table), c.req.header("content-type"));
    if (limit === null) return await next();
    const tooLarge = () => new AppError("BODY_TOO_LARGE", { limit: formatByteLimit(limit) });
    const declared = c.req.header("content-length");
    if (declared !== undefined && /^\d+$/.test(declared.trim()) && Number(declared) > limit) {
      await raw.body.cancel().catch(() => {});
      throw tooLarge();
    }
    let seen = 0;
    let overflow = false;
    const counted = raw.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > limit) {
            overflow = true;
            controller.error(tooLarge());
            return;
          }
          controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(raw, { body: counted, duplex: "half" } as RequestInit);
    await next();
    // A handler or validator may have turned the failed read into another error: the size wins.
    if (overflow) {
      const err = tooLarge();
      c.error = undefined;
      c.res = c.json(toErrorBody(err), 413);
    }
  };
}
