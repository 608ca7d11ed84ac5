/** Folder upload in batches (part 4 §4): each batch at most 50 MB of files, sent one at a time. */

export interface BatchFile {
  file: File;
  relativePath: string;
}

/**
 * Splits files into batches of at most `maxBytes` each, in order. A file larger than `maxBytes`
 * alone cannot be sent and is returned in `tooLarge`.
 */
export function splitIntoBatches<T extends { file: { size: number } }>(
  files: readonly T[],
  maxBytes: number,
): { batches: T[][]; tooLarge: T[] } {
  const batches: T[][] = [];
  const tooLarge: T[] = [];
  let current: T[] = [];
  let used = 0;
  for (const item of files) {
    const size = item.file.size;
    if (size > maxBytes) {
      tooLarge.push(item);
      continue;
    }
    if (current.length > 0 && used + size > maxBytes) {
      batches.push(current);
      current = [];
      used = 0;
    }
    current.push(item);
    used += size;
  }
  if (current.length > 0) batches.push(current);
  return { batches, tooLarge };
}

/** The files of a folder picker with their relative paths ("案卷/证据/借条.jpg"). */
export function folderFiles(files: Iterable<File>): BatchFile[] {
  return [...files].map((file) => ({
    file,
    relativePath: (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name,
  }));
}

/** "张三/证据" -> ["张三", "张三/证据"]: the breadcrumb's targets. */
export function crumbPaths(path: string): { name: string; path: string }[] {
  if (!path) return [];
  const parts = path.split("/");
  return parts.map((name, i) => ({ name, path: parts.slice(0, i + 1).join("/") }));
}

/** The type tag of a row: 文件夹, or the extension in capitals (PDF, DOCX), or 文件. */
export function itemTypeLabel(item: { name: string; isFolder: boolean }): string {
  if (item.isFolder) return "文件夹";
  const dot = item.name.lastIndexOf(".");
  return dot > 0 && dot < item.name.length - 1 ? item.name.slice(dot + 1).toUpperCase() : "文件";
}
