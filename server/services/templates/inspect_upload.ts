/**
 * The upload check of a Word template (part 2 §5, issue 4 scope 2) for untrusted files: the bytes
 * go to a permission-less worker (server/workers/docx_inspect_worker.ts) with size and time caps.
 */

import { TEMPLATE_MAX_BYTES, WORKER_DEFAULT_TIMEOUT_MS } from "../../../common/constants.ts";
import { type ErrorCode, isErrorCode } from "../../../common/errors.ts";
import { AppError } from "../../errors.ts";
import { runInWorker } from "../../workers/run_in_worker.ts";

/** What the worker receives. */
export interface InspectDocxInput {
  bytes: Uint8Array;
  maxUncompressedBytes: number;
}

/** What it answers: the variables, or the refusal as data. */
export type InspectDocxResult =
  | { variables: string[] }
  | { error: { code: string; params: Record<string, unknown>; message: string } };

/** A .docx inflating past this is refused before parsing (zip bombs). */
export const DOCX_MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;

const WORKER_URL = new URL("../../workers/docx_inspect_worker.ts", import.meta.url);
const DOCX_NAME = /\.docx$/i;

/**
 * Checks a template upload: name ends in .docx and the content is a Word document (TEMPLATE_NOT_DOCX,
 * 只能上传Word文档(.docx)!), size under TEMPLATE_MAX_BYTES (FILE_TOO_LARGE), placeholders well formed
 * (TEMPLATE_INVALID naming the placeholder and its context). Returns the variables in document order,
 * without duplicates (split runs included). `bytes` is copied for the worker; the caller keeps it.
 */
export async function inspectTemplateUpload(
  fileName: string,
  bytes: Uint8Array,
  options: { timeoutMs?: number } = {},
): Promise<string[]> {
  if (!DOCX_NAME.test(fileName)) throw new AppError("TEMPLATE_NOT_DOCX", {}, { field: "file" });
  if (bytes.byteLength > TEMPLATE_MAX_BYTES) {
    throw new AppError("FILE_TOO_LARGE", { limit: "10MB" }, { field: "file" });
  }
  const input: InspectDocxInput = { bytes: bytes.slice(), maxUncompressedBytes: DOCX_MAX_UNCOMPRESSED_BYTES };
  let result: InspectDocxResult;
  try {
    result = await runInWorker<InspectDocxResult>(WORKER_URL, input, {
      timeoutMs: options.timeoutMs ?? WORKER_DEFAULT_TIMEOUT_MS,
      maxInputBytes: TEMPLATE_MAX_BYTES,
    });
  } catch (err) {
    // A crash of the parser means the file is not a Word document we can read.
    if (err instanceof AppError && err.code === "FILE_PARSE_FAILED") {
      throw new AppError("TEMPLATE_NOT_DOCX", {}, { field: "file" });
    }
    throw err;
  }
  if ("error" in result) {
    const code: ErrorCode = isErrorCode(result.error.code) ? result.error.code : "TEMPLATE_NOT_DOCX";
    throw new AppError(code, result.error.params, { field: "file" });
  }
  return result.variables;
}
