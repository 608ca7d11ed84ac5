import { AppError } from "../errors.ts";
import type { InspectDocxInput, InspectDocxResult } from "../services/templates/inspect_upload.ts";
import { analyzeTemplate } from "../services/docx/inspect_template.ts";
import { serveWorker } from "./worker_protocol.ts";
import { readZipDirectory } from "./zip_directory.ts";

/**
 * Checks an uploaded Word template inside a permission-less worker: refuses zip bombs from the
 * central directory, then lists the variables (analyzeTemplate). Started only through
 * services/templates/inspect_upload.ts. A refusal comes back as data (code + message), not as a throw,
 * so the template's own Chinese message (TEMPLATE_INVALID, TEMPLATE_NOT_DOCX) reaches the user.
 */

function inspect(input: InspectDocxInput): InspectDocxResult {
  const { bytes, maxUncompressedBytes } = input;
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)) {
    return {
      error: { code: "TEMPLATE_NOT_DOCX", params: {}, message: new AppError("TEMPLATE_NOT_DOCX").message },
    };
  }
  try {
    if (readZipDirectory(bytes).uncompressedBytes > maxUncompressedBytes) {
      const limit = `${Math.round(maxUncompressedBytes / 1024 / 1024)}MB`;
      const err = new AppError("FILE_PARSE_FAILED", { reason: `文件解压后超过${limit}，已拒绝处理` });
      return { error: { code: err.code, params: err.params, message: err.message } };
    }
  } catch {
    return {
      error: { code: "TEMPLATE_NOT_DOCX", params: {}, message: new AppError("TEMPLATE_NOT_DOCX").message },
    };
  }
  try {
    return { variables: analyzeTemplate(bytes).variables };
  } catch (err) {
    if (err instanceof AppError) {
      return { error: { code: err.code, params: err.params, message: err.message } };
    }
    return {
      error: { code: "TEMPLATE_NOT_DOCX", params: {}, message: new AppError("TEMPLATE_NOT_DOCX").message },
    };
  }
}

serveWorker(inspect);
