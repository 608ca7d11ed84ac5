/**
 * The one check of every path a client sends to the AI document folder. A path is relative to the
 * user's own root (which the server takes from the token), "/"-separated, and names only folders and
 * files by their names: it is looked up in KV segment by segment and never touches a file system,
 * so there is nothing to escape to. Still, anything that looks like an escape is refused outright
 * (400 路径不合法) rather than "not found", so a probe learns nothing and a bug cannot turn it into one.
 */
import { AI_FOLDER_DEPTH_MAX, AI_FOLDER_NAME_MAX } from "../../../common/constants.ts";
import { normaliseTreeName, stripZeroWidth } from "../../../common/file_names.ts";
import { aiFolderNameProblem } from "../../../common/schemas/ai_folder.ts";
import { AppError } from "../../errors.ts";

// deno-lint-ignore no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

function invalidPath(field: string): AppError {
  return new AppError("AI_FOLDER_PATH_INVALID", {}, { field });
}

/**
 * The segments of a client path ("" or "/" alone is the root). Refused (AI_FOLDER_PATH_INVALID):
 * NUL and control characters, backslashes, a leading "/" followed by more (absolute), "~" or a drive
 * letter form, "." and ".." segments, empty segments ("a//b"), percent-encoded dots or slashes left
 * after decoding, and any segment the names rule refuses (look-alikes of "..", "/" and "\\" too).
 * Zero-width characters are removed and segments NFC-normalised, as names are when stored.
 */
export function parseFolderPath(raw: string | undefined | null, field = "path"): string[] {
  const path = raw ?? "";
  if (path === "" || path === "/") return [];
  if (CONTROL_CHARS.test(path) || path.includes("\\")) throw invalidPath(field);
  if (path.startsWith("/") || path.startsWith("~")) throw invalidPath(field);
  if (/%(2e|2f|5c|00)/i.test(path)) throw invalidPath(field);
  const trimmed = path.endsWith("/") ? path.slice(0, -1) : path;
  const segments = trimmed.split("/").map((s) => stripZeroWidth(s).normalize("NFC"));
  if (segments.length > AI_FOLDER_DEPTH_MAX) throw invalidPath(field);
  for (const segment of segments) {
    if (segment === "" || segment === "." || segment === "..") throw invalidPath(field);
    if (segment !== segment.trim() || aiFolderNameProblem(segment) !== null) throw invalidPath(field);
  }
  return segments;
}

/**
 * The segments of a relative path inside a folder upload ("案卷/证据/借条.jpg"): the same refusals
 * as parseFolderPath, and it must name a file (not empty).
 */
export function parseRelativeFilePath(raw: string, field = "relativePath"): string[] {
  const segments = parseFolderPath(raw, field);
  if (segments.length === 0 || raw.endsWith("/")) throw invalidPath(field);
  return segments;
}

/** The path string of segments, as the calls answer it ("" for the root). */
export function joinFolderPath(segments: readonly string[]): string {
  return segments.join("/");
}

/**
 * A file name the browser sent in a multipart part: only the last segment counts (browsers may
 * send "dir/name" or "C:\\dir\\name"); refused when that segment breaks the names rule.
 */
export function uploadedFileName(filename: string): string {
  const base = normaliseTreeName(filename.split(/[\\/]/).pop() ?? "");
  const problem = aiFolderNameProblem(base);
  if (problem) throw new AppError(problem, { max: AI_FOLDER_NAME_MAX });
  return base;
}
