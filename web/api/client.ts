/**
 * The one fetch of the browser app: JSON calls (request, api.*), downloads (requestBlob), uploads with
 * progress (requestUpload) and event streams (requestStream). Adds the bearer token, stores a
 * `new-token` header, applies the 30 s time-out (not to streams), parses the `{ success, ... }`
 * envelope, throws ApiError, and applies the global error handling of part 1 §8 exactly once.
 */
import { REQUEST_TIMEOUT_MS, RETRY_503_DELAY_MS } from "../../common/constants.ts";
import { clearSession, getToken, setToken } from "../auth/session.ts";
import { toast } from "../components/feedback.ts";
import { readEventStream, type ServerEvent } from "./event_stream.ts";
import { navigateTo } from "./navigation.ts";

export const TIMEOUT_TEXT = "请求超时，请重试";
export const NETWORK_TEXT = "网络错误，请检查网络连接";
export const FALLBACK_TEXT = "请求失败";
const RETRY_TEXT = "服务暂时不可用，正在重试...";
const AUTH_TOAST_KEY = "auth-redirect";

/** A failed call. `serverMessage` is the server's `error` text when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  readonly serverMessage: string | null;

  constructor(
    init: { status: number; code: string; message: string; serverMessage?: string | null; field?: string },
  ) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.serverMessage = init.serverMessage ?? null;
  }
}

export interface RequestOptions {
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON body, or FormData for uploads. */
  body?: unknown;
  /**
   * The page shows this call's errors itself (e.g. a failed login): no global toast for ordinary
   * errors, time-outs and network errors. Session errors (401, expired, ...) are always handled.
   */
  silent?: boolean;
  signal?: AbortSignal;
}

type Envelope = { success?: boolean; code?: string; error?: string; message?: string; field?: string };

/**
 * The text to show for a failed call the page handles itself: the server's text, the client's
 * time-out or network text, or the page's fallback (e.g. 登录失败).
 */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.serverMessage) return err.serverMessage;
    if (err.code === "TIMEOUT" || err.code === "NETWORK") return err.message;
  }
  return fallback;
}

/** Sends one request; resolves with the parsed success body. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(method, path, options);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 503 || mentionsPermissionCheck(err)) throw err;
    toast().warning(RETRY_TEXT);
    await delay(RETRY_503_DELAY_MS);
    return await send<T>(method, path, options, true);
  }
}

/** The headers (Accept, the bearer token) and body (FormData as is, anything else as JSON) of a call. */
function outgoing(accept: string, payload: unknown): { headers: Headers; body: BodyInit | undefined } {
  const headers = new Headers({ Accept: accept });
  const token = getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (payload instanceof FormData) return { headers, body: payload };
  if (payload === undefined) return { headers, body: undefined };
  headers.set("Content-Type", "application/json");
  return { headers, body: JSON.stringify(payload) };
}

async function send<T>(method: string, path: string, options: RequestOptions, isRetry = false): Promise<T> {
  const { headers, body } = outgoing("application/json", options.body);
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), { method, headers, body, signal });
  } catch (err) {
    throw fetchFailure(err, { timeout, options });
  }

  const newToken = response.headers.get("new-token");
  if (newToken) setToken(newToken);

  let data: Envelope | null;
  try {
    data = await readJson(response);
  } catch (err) {
    // A success whose body never arrived whole (the page was left mid-answer, the connection
    // dropped) is a failure, never an empty success: read as `{}` it stored the user "undefined"
    // and signed every open tab out (#16).
    if (response.ok) throw fetchFailure(err, { timeout, options });
    data = null;
  }
  if (response.ok && data?.success !== false) return (data ?? {}) as T;

  const error = envelopeError(response.status, data);
  // The first 503 is retried by request(); its toasts wait for the retry.
  if (error.status === 503 && !isRetry && !mentionsPermissionCheck(error)) throw error;
  handleError(error, options.silent === true);
  throw error;
}

export interface BlobOptions extends Omit<RequestOptions, "body"> {
  /** Overrides the 30 s time-out (a large zip takes longer). */
  timeoutMs?: number;
  /** POSTs this as JSON instead of a GET (a zip of files named in the body). */
  json?: unknown;
}

/** A downloaded file: its bytes and the name from Content-Disposition (null when none). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/**
 * GETs a file with the bearer token (STYLE §5: never a token in a URL). Errors are handled like
 * request()'s: the server's JSON envelope becomes an ApiError, session errors end the session.
 */
export async function requestBlob(path: string, options: BlobOptions = {}): Promise<DownloadedFile> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (options.json !== undefined) headers.set("Content-Type", "application/json");
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(
      withQuery(path, options.query),
      options.json === undefined
        ? { headers, signal }
        : { method: "POST", headers, signal, body: JSON.stringify(options.json) },
    );
    if (response.ok) blob = await response.blob();
  } catch (err) {
    throw fetchFailure(err, { timeout, options });
  }
  const newToken = response.headers.get("new-token");
  if (newToken) setToken(newToken);
  if (response.ok) return { blob: blob!, fileName: fileNameOf(response.headers.get("content-disposition")) };

  const data = await readJson(response).catch(() => null);
  const error = envelopeError(response.status, data);
  handleError(error, options.silent === true);
  throw error;
}

export interface StreamOptions extends RequestOptions {
  /** Default POST. */
  method?: string;
  /** Called with each event as it arrives (its data is text: JSON.parse it). */
  onEvent: (event: ServerEvent) => void;
}

/**
 * Sends a request answered with `text/event-stream` and hands each event to `onEvent` as it arrives;
 * resolves when the stream ends. Token, `new-token`, body, envelope and part 1 §8 handling as
 * request(): a refusal before the stream opens (quota, no model, 401) throws its ApiError, and session
 * errors end the session. No 30 s time-out and no 503 retry (an answer streams for minutes and may be
 * charged); `signal` stops it (ABORTED). A connection lost mid-stream is NETWORK.
 */
export async function requestStream(path: string, options: StreamOptions): Promise<void> {
  const { headers, body } = outgoing("text/event-stream", options.body);
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method: options.method ?? "POST",
      headers,
      body,
      signal: options.signal,
    });
  } catch (err) {
    throw fetchFailure(err, { options });
  }
  const newToken = response.headers.get("new-token");
  if (newToken) setToken(newToken);
  if (!response.ok || !response.body) {
    const error = envelopeError(response.status, await readJson(response).catch(() => null));
    handleError(error, options.silent === true);
    throw error;
  }
  const events = readEventStream(response.body);
  try {
    for (;;) {
      let next: IteratorResult<ServerEvent>;
      try {
        next = await events.next();
      } catch (err) {
        throw fetchFailure(err, { options });
      }
      if (next.done) return;
      options.onEvent(next.value);
    }
  } finally {
    await events.return(undefined);
  }
}

export interface UploadOptions {
  /** Called with 0-100 as the request body is sent. */
  onProgress?: (percent: number) => void;
  silent?: boolean;
  /** Overrides the 30 s time-out. */
  timeoutMs?: number;
  /** Extra request headers (e.g. the PDF converter's Batch-No). */
  headers?: Record<string, string>;
}

/**
 * POSTs a multipart form with upload progress (fetch cannot report it, so this one call uses
 * XMLHttpRequest), with request()'s token, envelope and error handling.
 */
export function requestUpload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.timeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader("Accept", "application/json");
    const token = getToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    function fail(error: ApiError, handle: boolean) {
      if (handle) handleError(error, options.silent === true);
      else if (!options.silent) toast().error(error.message);
      reject(error);
    }
    xhr.ontimeout = () => fail(new ApiError({ status: 0, code: "TIMEOUT", message: TIMEOUT_TEXT }), false);
    xhr.onerror = () => fail(new ApiError({ status: 0, code: "NETWORK", message: NETWORK_TEXT }), false);
    xhr.onload = () => {
      const newToken = xhr.getResponseHeader("new-token");
      if (newToken) setToken(newToken);
      let data: Envelope | null = null;
      try {
        data = JSON.parse(xhr.responseText) as Envelope;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && data?.success !== false) {
        return resolve((data ?? {}) as T);
      }
      fail(envelopeError(xhr.status, data), true);
    };
    xhr.send(form);
  });
}

/**
 * The ApiError of a fetch that got no answer: cancelled by the caller (ABORTED, no toast), timed
 * out, or a network failure (both toasted unless the call is silent).
 */
function fetchFailure(
  err: unknown,
  input: { timeout?: AbortSignal; options: { signal?: AbortSignal; silent?: boolean } },
): ApiError {
  const { timeout, options } = input;
  if (options.signal?.aborted) return new ApiError({ status: 0, code: "ABORTED", message: "请求已取消" });
  const timedOut = timeout?.aborted || (err instanceof DOMException && err.name === "TimeoutError");
  const error = timedOut
    ? new ApiError({ status: 0, code: "TIMEOUT", message: TIMEOUT_TEXT })
    : new ApiError({ status: 0, code: "NETWORK", message: NETWORK_TEXT });
  if (!options.silent) toast().error(error.message);
  return error;
}

/** The ApiError of an answer that is not a success: the server's code, text and field when sent. */
function envelopeError(status: number, data: Envelope | null): ApiError {
  const serverMessage = data?.error || data?.message || null;
  return new ApiError({
    status,
    code: data?.code ?? `HTTP_${status}`,
    message: serverMessage || FALLBACK_TEXT,
    serverMessage,
    field: data?.field,
  });
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*=UTF-8''…` first). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1].trim() : null;
}

/** Part 1 §8, applied once per failed call. */
function handleError(error: ApiError, silent: boolean): void {
  const { status, code } = error;
  if ((status === 401 || status === 403) && code === "SESSION_TIMEOUT") {
    return endSession("warning", "会话已超时，请重新登录");
  }
  if ((status === 401 || status === 403) && code === "TOKEN_EXPIRED") {
    return endSession("warning", "登录已过期，请重新登录");
  }
  if (status === 401) return endSession("error", error.serverMessage || "Token已失效，请重新登录");
  if (status === 503 && mentionsPermissionCheck(error)) return endSession("error", "系统错误，请重新登录");
  if (status === 500 && code === "AUTH_ERROR") return endSession("error", "验证失败，请重新登录");
  if (!silent) toast().error(error.message);
}

function endSession(level: "warning" | "error", text: string): void {
  clearSession();
  toast().open({ type: level, content: text, key: AUTH_TOAST_KEY });
  navigateTo("/login");
}

function mentionsPermissionCheck(error: ApiError): boolean {
  return /权限(检查|验证|校验)失败|permission check/i.test(error.serverMessage ?? "");
}

/** The JSON envelope of an answer, null when it is not JSON; rejects when a JSON body is cut off. */
async function readJson(response: Response): Promise<Envelope | null> {
  if (!(response.headers.get("content-type") ?? "").includes("json")) return null;
  return await response.json() as Envelope;
}

function withQuery(path: string, query: RequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes("?") ? "&" : "?"}${text}` : path;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Shorthands: `api.get<{ roles: Role[] }>("/api/roles")`. */
export const api = {
  get<T>(path: string, options?: Omit<RequestOptions, "body">): Promise<T> {
    return request<T>("GET", path, options);
  },
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, "body">): Promise<T> {
    return request<T>("POST", path, { ...options, body });
  },
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, "body">): Promise<T> {
    return request<T>("PUT", path, { ...options, body });
  },
  delete<T>(path: string, options?: RequestOptions): Promise<T> {
    return request<T>("DELETE", path, options);
  },
};
