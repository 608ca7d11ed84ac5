import { fileExtension } from "../../../common/document_kinds.ts";
import {
  isOcrFileName,
  OCR_MAX_FILE_BYTES,
  OCR_MAX_FILE_NAME,
  OCR_MAX_FILES,
} from "../../../common/schemas/ocr.ts";
import type { BlobStore } from "../../blobs/blob_store.ts";
import { AppError } from "../../errors.ts";
import { capStream } from "../uploads/capped_stream.ts";
import { type MultipartPart, readMultipart } from "../uploads/multipart_stream.ts";

export interface ReceivedFile {
  index: number;
  fileName: string;
  size: number;
  blobKey: string;
}

export interface ReceiveOptions {
  body: ReadableStream<Uint8Array> | null;
  contentType: string | undefined;
  blobs: BlobStore;
  /** The run's blob folder; file i is stored as `<prefix>/in-<i>.<ext>`. */
  blobPrefix: string;
  /** Plain form fields (templateId...) are handed here; files are stored. */
  onField?: (name: string, value: string) => void;
}

async function readField(part: MultipartPart): Promise<string> {
  const text = await new Response(part.body).text();
  return text.slice(0, 1000);
}

/**
 * Streams the files of an OCR upload (field `files`, or `file`) into the blob store, enforcing the part 4
 * §5 rules on the server: allowed types (OCR_FILE_TYPE), under 10 MB each (OCR_FILE_TOO_LARGE, checked
 * while streaming), at most 50 (OCR_TOO_MANY_FILES), duplicate names ignored, none at all
 * OCR_FILES_REQUIRED. On any refusal every file stored so far is deleted before the error is thrown.
 */
export async function receiveOcrFiles(options: ReceiveOptions): Promise<ReceivedFile[]> {
  const files: ReceivedFile[] = [];
  try {
    for await (const part of readMultipart(options.body, options.contentType)) {
      if (part.filename === null) {
        const value = await readField(part);
        options.onField?.(part.name, value);
        continue;
      }
      const fileName = part.filename.split(/[\\/]/).pop()!.trim();
      if ((part.name !== "files" && part.name !== "file") || files.some((f) => f.fileName === fileName)) {
        await part.body.cancel();
        continue;
      }
      if (!fileName && part.contentType === "application/octet-stream") {
        await part.body.cancel();
        continue;
      }
      if (!isOcrFileName(fileName)) {
        await part.body.cancel();
        throw new AppError("OCR_FILE_TYPE", { name: fileName }, { field: "files" });
      }
      if (fileName.length > OCR_MAX_FILE_NAME) {
        await part.body.cancel();
        throw new AppError("OCR_FILE_NAME_TOO_LONG", { name: fileName.slice(0, 20) }, { field: "files" });
      }
      if (files.length >= OCR_MAX_FILES) {
        await part.body.cancel();
        throw new AppError("OCR_TOO_MANY_FILES", {}, { field: "files" });
      }
      const index = files.length;
      const blobKey = `${options.blobPrefix}/in-${index}.${fileExtension(fileName)}`;
      const size = await options.blobs.put(
        blobKey,
        capStream(part.body, {
          maxBytes: OCR_MAX_FILE_BYTES,
          tooLarge: () => new AppError("OCR_FILE_TOO_LARGE", { name: fileName }, { field: "files" }),
        }),
      );
      files.push({ index, fileName, size, blobKey });
    }
    if (!files.length) throw new AppError("OCR_FILES_REQUIRED", {}, { field: "files" });
    return files;
  } catch (err) {
    await options.blobs.deletePrefix(options.blobPrefix).catch(() => {});
    throw err;
  }
}
