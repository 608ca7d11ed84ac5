/**
 * AI document folder (/ai-folder, part 4 §2, §3, §5, §7): the names rule shared by the dialogs and
 * the server, the request bodies, and the shapes the calls answer.
 */
import { z } from "zod";
import { AI_FOLDER_FORBIDDEN_CHARS, AI_FOLDER_NAME_MAX } from "../constants.ts";
import { errorMessage } from "../errors.ts";
import { cleanFileName, nameLooksLikePath, normaliseTreeName } from "../file_names.ts";

// deno-lint-ignore no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * Why a folder or file name is refused, as an error code, or null when it is fine. Callers pass it
 * through normaliseTreeName first (zero-width characters removed, NFC, trimmed). A name that reads
 * like a path (NFKC "." or "..", a slash, backslash or look-alike: nameLooksLikePath) is refused.
 */
export function aiFolderNameProblem(
  name: string,
): "AI_FOLDER_NAME_EMPTY" | "AI_FOLDER_NAME_INVALID" | "AI_FOLDER_NAME_TOO_LONG" | null {
  if (name.length === 0) return "AI_FOLDER_NAME_EMPTY";
  if (AI_FOLDER_FORBIDDEN_CHARS.some((ch) => name.includes(ch))) return "AI_FOLDER_NAME_INVALID";
  if (CONTROL_CHARS.test(name) || nameLooksLikePath(name)) return "AI_FOLDER_NAME_INVALID";
  // bidirectional controls (U+202E...) would make a name display as another (common/file_names.ts)
  if (cleanFileName(name) !== name.trim()) return "AI_FOLDER_NAME_INVALID";
  if (name.length > AI_FOLDER_NAME_MAX) return "AI_FOLDER_NAME_TOO_LONG";
  return null;
}

/** A new folder name or a new name in a rename (part 4 §5): 名称不能为空, 名称不能包含特殊字符. */
export const aiFolderName = z.string().transform(normaliseTreeName).superRefine((name, ctx) => {
  const problem = aiFolderNameProblem(name);
  if (problem) ctx.addIssue({ code: "custom", message: errorMessage(problem, { max: AI_FOLDER_NAME_MAX }) });
});

/** A path relative to the user's folder root ("" is the root). Checked in depth on the server. */
const folderPath = z.string().max(8192, "路径不合法");

export const aiFolderDeleteBody = z.object({ path: folderPath, isFolder: z.boolean() });
export type AiFolderDeleteBody = z.infer<typeof aiFolderDeleteBody>;

export const aiFolderBatchDeleteBody = z.object({
  items: z.array(aiFolderDeleteBody).max(1000, "一次最多删除1000项"),
});
export type AiFolderBatchDeleteBody = z.infer<typeof aiFolderBatchDeleteBody>;

/** Rename: the new name must differ from the old one (新名称不能与原名称相同, checked with the path). */
export const aiFolderRenameBody = z.object({
  oldPath: folderPath,
  newName: aiFolderName,
  isFolder: z.boolean(),
});
export type AiFolderRenameBody = z.infer<typeof aiFolderRenameBody>;

export const aiFolderCreateBody = z.object({ path: folderPath.default(""), name: aiFolderName });
export type AiFolderCreateBody = z.infer<typeof aiFolderCreateBody>;

/** A folder of the left-hand tree; `id` is "dir_" plus its path. */
export interface AiFolderTreeNode {
  id: string;
  label: string;
  path: string;
  isFolder: true;
  children: AiFolderTreeNode[];
}

/** A row of the contents table; `mtime` is an ISO time, `size` 0 for a folder. */
export interface AiFolderItem {
  name: string;
  path: string;
  isFolder: boolean;
  size: number;
  mtime: string;
}

/** What an upload or a folder-upload batch did: the files stored and the ones refused, with why. */
export interface AiFolderUploadResult {
  success: true;
  message: string;
  uploaded: { name: string; path: string; size: number }[];
  failed: { path: string; error: string }[];
}

/** The tree node id of a folder path (part 4 §3: a directory marker plus the relative path). */
export function aiFolderNodeId(path: string): string {
  return `dir_${path}`;
}
