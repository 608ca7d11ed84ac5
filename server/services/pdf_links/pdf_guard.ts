import { PDF_MAGIC_WINDOW } from "../../../common/constants.ts";
import { AppError } from "../../errors.ts";
import { formatByteLimit } from "../../workers/run_in_worker.ts";
import { indexOfBytes } from "../uploads/multipart_stream.ts";

const MAGIC = new TextEncoder().encode("%PDF-");

/** True when `%PDF-` starts within the first PDF_MAGIC_WINDOW bytes (where PDF readers look for it). */
export function looksLikePdf(head: Uint8Array): boolean {
  const at = indexOfBytes(head.subarray(0, PDF_MAGIC_WINDOW + MAGIC.length), MAGIC);
  return at >= 0 && at < PDF_MAGIC_WINDOW;
}

/**
 * Passes a PDF through unchanged while checking it: the stream errors with PDF_ONLY (只能上传PDF文件!)
 * when the content is not a PDF, whatever the file is called, and with FILE_TOO_LARGE past
 * `maxBytes`. Holds back at most the first PDF_MAGIC_WINDOW bytes until the header is seen.
 * `bytes()` is the count passed so far.
 */
export function pdfGuard(maxBytes: number): TransformStream<Uint8Array, Uint8Array> & { bytes(): number } {
  let head: Uint8Array | null = new Uint8Array(0);
  let total = 0;
  const window = PDF_MAGIC_WINDOW + MAGIC.length;
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      total += chunk.length;
      if (total > maxBytes) {
        throw new AppError("FILE_TOO_LARGE", { limit: formatByteLimit(maxBytes) }, { field: "file" });
      }
      if (head === null) return controller.enqueue(chunk);
      const joined = new Uint8Array(head.length + chunk.length);
      joined.set(head);
      joined.set(chunk, head.length);
      if (joined.length < window) {
        head = joined;
        return;
      }
      if (!looksLikePdf(joined)) throw new AppError("PDF_ONLY", {}, { field: "file" });
      head = null;
      controller.enqueue(joined);
    },
    flush(controller) {
      if (head === null) return;
      if (!looksLikePdf(head)) throw new AppError("PDF_ONLY", {}, { field: "file" });
      controller.enqueue(head);
    },
  });
  return Object.assign(stream, { bytes: () => total });
}
