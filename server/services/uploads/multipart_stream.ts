/**
 * A streaming multipart/form-data reader: each part's body is a stream read straight from the
 * request, so a large upload never sits in memory (Request.formData() and Hono's parseBody() buffer
 * the whole body). Memory use is one network chunk plus the boundary, whatever the file size.
 *
 *   for await (const part of readMultipart(c.req.raw.body, c.req.header("content-type"))) {
 *     if (part.filename !== null) await blobs.put(key, part.body);
 *     else await part.body.cancel();          // every part must be read to its end or cancelled
 *   }
 */

import { AppError } from "../../errors.ts";
import { cleanUploadName } from "../../../common/file_names.ts";

export interface MultipartPart {
  /** The form field name. */
  name: string;
  /** The file name the browser sent (UTF-8), or null for a plain field. */
  filename: string | null;
  contentType: string;
  /** The part's bytes. Read it to its end or cancel it before asking for the next part. */
  body: ReadableStream<Uint8Array>;
}

const CRLF = new Uint8Array([13, 10]);
const HEADER_END = new Uint8Array([13, 10, 13, 10]);
const MAX_HEADER_BYTES = 16 * 1024;
const MAX_PREAMBLE_BYTES = 64 * 1024;

/** The boundary from a Content-Type header, or null when it is not multipart/form-data. */
export function boundaryOf(contentType: string | undefined | null): string | null {
  if (!contentType || !/^multipart\/form-data/i.test(contentType.trim())) return null;
  const match = /boundary=(?:"([^"]{1,200})"|([^\s;]{1,200}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

/** First index of `needle` in `hay` at or after `from`, or -1. */
export function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  const last = hay.length - needle.length;
  outer: for (let i = hay.indexOf(first, from); i !== -1 && i <= last; i = hay.indexOf(first, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** A byte buffer over a stream: read more on demand, take from the front. */
class ByteReader {
  private buf: Uint8Array = new Uint8Array(0);
  private done = false;
  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  get buffered(): Uint8Array {
    return this.buf;
  }

  get ended(): boolean {
    return this.done;
  }

  /** Reads one more chunk into the buffer; false at the end of the stream. */
  async fill(): Promise<boolean> {
    if (this.done) return false;
    const { value, done } = await this.reader.read();
    if (done) {
      this.done = true;
      return false;
    }
    if (value.length === 0) return true;
    if (this.buf.length === 0) this.buf = value;
    else {
      const next = new Uint8Array(this.buf.length + value.length);
      next.set(this.buf);
      next.set(value, this.buf.length);
      this.buf = next;
    }
    return true;
  }

  take(n: number): Uint8Array {
    const head = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return head;
  }

  /** Fills until at least n bytes are buffered; false when the stream ends first. */
  async ensure(n: number): Promise<boolean> {
    while (this.buf.length < n) if (!(await this.fill())) return false;
    return true;
  }

  cancel(): Promise<void> {
    return this.reader.cancel().catch(() => {});
  }
}

function malformed(): AppError {
  return new AppError("VALIDATION_FAILED", {}, { message: "上传内容格式错误", field: "file" });
}

interface PartHeaders {
  name: string;
  filename: string | null;
  contentType: string;
}

function parseHeaders(raw: Uint8Array): PartHeaders {
  const text = new TextDecoder().decode(raw);
  let name: string | null = null;
  let filename: string | null = null;
  let contentType = "text/plain";
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "content-type") contentType = value;
    if (key !== "content-disposition") continue;
    name = /(?:^|;)\s*name="([^"]*)"/i.exec(value)?.[1] ?? /(?:^|;)\s*name=([^;\s]+)/i.exec(value)?.[1] ??
      null;
    const star = /filename\*=(?:UTF-8|utf-8)''([^;\s]+)/.exec(value)?.[1];
    const plain = /(?:^|;)\s*filename="([^"]*)"/i.exec(value)?.[1] ??
      /(?:^|;)\s*filename=([^;\s]+)/i.exec(value)?.[1];
    if (star !== undefined) {
      try {
        filename = decodeURIComponent(star);
      } catch {
        filename = plain ?? star;
      }
    } else if (plain !== undefined) filename = plain.replace(/%22/g, '"');
  }
  if (name === null) throw malformed();
  // Browsers send only the base name; some old ones a full path. Keep the last segment, cleaned.
  if (filename !== null) filename = cleanUploadName(filename);
  return { name, filename, contentType };
}

/**
 * Yields the parts of a multipart/form-data body in order. Throws VALIDATION_FAILED (上传内容格式错误)
 * for a body that is not multipart or is cut short; a part's stream errors the same way when the body
 * ends inside it.
 */
export async function* readMultipart(
  body: ReadableStream<Uint8Array> | null,
  contentType: string | undefined | null,
): AsyncGenerator<MultipartPart> {
  const boundary = boundaryOf(contentType);
  if (!body || !boundary) throw new AppError("FILE_REQUIRED", {}, { field: "file" });
  const enc = new TextEncoder();
  const dashBoundary = enc.encode(`--${boundary}`);
  const delimiter = enc.encode(`\r\n--${boundary}`);
  const input = new ByteReader(body.getReader());
  try {
    // Preamble: up to the first boundary line.
    let at = -1;
    while ((at = indexOfBytes(input.buffered, dashBoundary)) < 0) {
      if (input.buffered.length > MAX_PREAMBLE_BYTES || !(await input.fill())) throw malformed();
    }
    input.take(at + dashBoundary.length);
    while (true) {
      // After a boundary: "--" ends the body, CRLF starts a part.
      if (!(await input.ensure(2))) throw malformed();
      const after = input.buffered;
      if (after[0] === 45 && after[1] === 45) return;
      if (after[0] !== CRLF[0] || after[1] !== CRLF[1]) throw malformed();
      input.take(2);
      let end = -1;
      while ((end = indexOfBytes(input.buffered, HEADER_END)) < 0) {
        if (input.buffered.length > MAX_HEADER_BYTES || !(await input.fill())) throw malformed();
      }
      const headers = parseHeaders(input.take(end));
      input.take(HEADER_END.length);

      let finished = false;
      let failed: unknown = null;
      const keep = delimiter.length - 1;
      /** Next piece of the part's body, or null at its end (the delimiter is consumed). */
      const nextPiece = async (): Promise<Uint8Array | null> => {
        while (true) {
          if (finished) return null;
          const buf = input.buffered;
          const hit = indexOfBytes(buf, delimiter);
          if (hit >= 0) {
            const piece = input.take(hit).slice();
            input.take(delimiter.length);
            finished = true;
            return piece;
          }
          if (buf.length > keep) return input.take(buf.length - keep).slice();
          if (!(await input.fill())) throw malformed();
        }
      };
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const piece = await nextPiece();
            if (piece === null) controller.close();
            else if (piece.length) controller.enqueue(piece);
            if (finished && piece !== null) controller.close();
          } catch (err) {
            failed = err;
            controller.error(err);
          }
        },
        async cancel() {
          // The consumer gave up on this part: skip to its end so the next part can be read.
          try {
            while ((await nextPiece()) !== null) { /* drain */ }
          } catch (err) {
            failed = err;
          }
        },
      }, { highWaterMark: 0 });
      yield { ...headers, body: stream };
      if (failed) throw failed;
      if (!finished) {
        // Not read to the end: drain it.
        while ((await nextPiece()) !== null) { /* drain */ }
      }
    }
  } finally {
    await input.cancel();
  }
}
