/**
 * The two upload calls' bodies (part 4 §7), read into a FolderUpload:
 *
 * - multipart (upload, and upload-folder as the browser sends it): fields `path` and `replace`
 *   (before the files), then `files` parts; for a folder each file part follows a `relativePaths`
 *   field holding its relative path. Parts are streamed to the blob store, never buffered whole.
 * - JSON (upload-folder in the spec's form): { path, replace?, files: [{ relativePath | path,
 *   content: byte array }] }. It is parsed whole, so its body is capped at 8 MiB before it is read
 *   (FOLDER_JSON_MAX_BYTES in middleware/body_limit.ts); its content also counts against the 50 MB cap.
 */
import { AI_FOLDER_BATCH_MAX_BYTES, AI_FOLDER_FILES_PER_REQUEST_MAX } from "../../../common/constants.ts";
import type { AiFolderUploadResult } from "../../../common/schemas/ai_folder.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { readMultipart } from "../uploads/multipart_stream.ts";
import { parseFolderPath, parseRelativeFilePath, uploadedFileName } from "./folder_paths.ts";
import { resolveFolder } from "./folder_store.ts";
import { FolderUpload } from "./upload_files.ts";

type UploadDeps = Pick<AppDeps, "kv" | "blobs" | "clock">;

/** Room for the multipart envelope: part headers and field values around the 50 MB of files. */
const MULTIPART_HEADROOM_BYTES = 2 * 1024 * 1024;
const FIELD_MAX_BYTES = 16 * 1024;

async function readField(body: ReadableStream<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > FIELD_MAX_BYTES) throw new AppError("VALIDATION_FAILED", {}, { message: "上传内容格式错误" });
    chunks.push(chunk);
  }
  return new TextDecoder().decode(await new Blob(chunks as BlobPart[]).arrayBuffer());
}

function isTrue(value: string | null | undefined): boolean {
  return value === "true" || value === "1";
}

/**
 * Reads a multipart upload. `folderMode` pairs each file with the `relativePaths` field before it
 * (upload-folder); otherwise only the file's own name counts (upload). `queryPath` is ?path=.
 */
export async function uploadMultipart(
  deps: UploadDeps,
  input: {
    userId: number;
    body: ReadableStream<Uint8Array> | null;
    contentType: string | undefined;
    contentLength: string | undefined;
    queryPath: string | undefined;
    queryReplace: string | undefined;
    folderMode: boolean;
  },
): Promise<AiFolderUploadResult> {
  const declared = Number(input.contentLength ?? NaN);
  if (declared > AI_FOLDER_BATCH_MAX_BYTES + MULTIPART_HEADROOM_BYTES) {
    await input.body?.cancel().catch(() => {});
    throw new AppError("AI_FOLDER_BATCH_TOO_LARGE");
  }
  let path = input.queryPath;
  let replace = isTrue(input.queryReplace);
  let upload: FolderUpload | null = null;
  let relativePath: string | null = null;
  let files = 0;
  try {
    for await (const part of readMultipart(input.body, input.contentType)) {
      if (part.filename === null) {
        const value = await readField(part.body);
        if (part.name === "path" && upload === null) path = value;
        else if (part.name === "replace" && upload === null) replace = isTrue(value);
        else if (part.name === "relativePaths" || part.name === "relativePath") relativePath = value;
        continue;
      }
      if (part.name !== "files" && part.name !== "file") {
        await part.body.cancel();
        continue;
      }
      if (++files > AI_FOLDER_FILES_PER_REQUEST_MAX) {
        throw new AppError("AI_FOLDER_TOO_MANY_FILES", { max: AI_FOLDER_FILES_PER_REQUEST_MAX });
      }
      upload ??= new FolderUpload(
        deps,
        input.userId,
        await resolveFolder(deps.kv, input.userId, parseFolderPath(path)),
        {
          replace,
        },
      );
      const shown = input.folderMode ? (relativePath ?? part.filename) : part.filename;
      let relative: string[];
      try {
        relative = input.folderMode
          ? parseRelativeFilePath(relativePath ?? part.filename)
          : [uploadedFileName(part.filename)];
      } catch (err) {
        await part.body.cancel();
        upload.refuse(shown, err);
        relativePath = null;
        continue;
      }
      relativePath = null;
      await upload.addFile(relative, part.body);
    }
  } catch (err) {
    await upload?.rollback();
    throw err;
  }
  if (!upload) throw new AppError("AI_FOLDER_FILES_REQUIRED", {}, { field: "files" });
  return upload.finish(input.folderMode ? "文件夹上传成功" : "上传成功");
}

interface JsonFile {
  relativePath?: unknown;
  path?: unknown;
  name?: unknown;
  content?: unknown;
}

function badContent(i: number): AppError {
  return new AppError("VALIDATION_FAILED", {}, { message: "文件内容格式错误", field: `files.${i}.content` });
}

/** The bytes of a JSON byte array (or a Node Buffer's { type: "Buffer", data }). */
function bytesOf(content: unknown, i: number): Uint8Array {
  const list = Array.isArray(content)
    ? content
    : content && typeof content === "object" && Array.isArray((content as { data?: unknown }).data)
    ? (content as { data: unknown[] }).data
    : null;
  if (!list) throw badContent(i);
  const bytes = new Uint8Array(list.length);
  for (let j = 0; j < list.length; j++) {
    const v = list[j];
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 255) throw badContent(i);
    bytes[j] = v;
  }
  return bytes;
}

function lengthOf(content: unknown): number {
  if (Array.isArray(content)) return content.length;
  const data = (content as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data.length : 0;
}

/** Reads upload-folder's JSON form (part 4 §7). */
export async function uploadJson(
  deps: UploadDeps,
  input: { userId: number; body: unknown },
): Promise<AiFolderUploadResult> {
  const body = input.body as { path?: unknown; files?: unknown; replace?: unknown } | null;
  if (!body || typeof body !== "object") throw new AppError("VALIDATION_FAILED");
  if (body.path !== undefined && typeof body.path !== "string") {
    throw new AppError("AI_FOLDER_PATH_INVALID", {}, { field: "path" });
  }
  const files = body.files;
  if (!Array.isArray(files) || files.length === 0) {
    throw new AppError("AI_FOLDER_FILES_REQUIRED", {}, { field: "files" });
  }
  if (files.length > AI_FOLDER_FILES_PER_REQUEST_MAX) {
    throw new AppError("AI_FOLDER_TOO_MANY_FILES", { max: AI_FOLDER_FILES_PER_REQUEST_MAX });
  }
  const total = (files as JsonFile[]).reduce((sum, f) => sum + lengthOf(f?.content), 0);
  if (total > AI_FOLDER_BATCH_MAX_BYTES) throw new AppError("AI_FOLDER_BATCH_TOO_LARGE");
  const folder = await resolveFolder(deps.kv, input.userId, parseFolderPath(body.path as string | undefined));
  const upload = new FolderUpload(deps, input.userId, folder, { replace: body.replace === true });
  try {
    for (const [i, file] of (files as JsonFile[]).entries()) {
      const raw = file?.relativePath ?? file?.path ?? file?.name;
      const shown = typeof raw === "string" ? raw : `#${i + 1}`;
      let relative: string[];
      let bytes: Uint8Array;
      try {
        if (typeof raw !== "string") {
          throw new AppError("AI_FOLDER_PATH_INVALID", {}, { field: `files.${i}.relativePath` });
        }
        relative = parseRelativeFilePath(raw, `files.${i}.relativePath`);
        bytes = bytesOf(file.content, i);
      } catch (err) {
        upload.refuse(shown, err);
        continue;
      }
      await upload.addFile(relative, bytes);
    }
  } catch (err) {
    await upload.rollback();
    throw err;
  }
  return upload.finish("文件夹上传成功");
}
