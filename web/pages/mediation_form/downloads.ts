/** Downloads of generated files: one Word or PDF, or a whole batch as a zip (part 2 §2.4). */
import { errorText } from "../../api/client.ts";
import { downloadGeneratedFile, getBatchZipUrl, type ZipKind } from "../../api/mediation.ts";
import { downloadFromUrl, isSameOrigin, saveBlob } from "../../components/save_file.ts";

export const ZIP_LABELS: Record<ZipKind, string> = { word: "Word", pdf: "PDF", both: "Word + PDF" };

/**
 * Saves one generated file. A link on this site is fetched (its name from the server); a link on
 * the user's own domain (part 2 §7 link rewriting) is signed and opens in a new tab. Resolves to an
 * error text, or null.
 */
export async function saveGeneratedFile(
  url: string,
  fallbackName: string,
  kind: "word" | "pdf",
): Promise<string | null> {
  const failed = kind === "word" ? "下载Word文件失败，请重试" : "下载PDF文件失败，请重试";
  if (!url) return failed;
  if (!isSameOrigin(url)) {
    globalThis.open(url, "_blank", "noopener");
    return null;
  }
  try {
    const { blob, fileName } = await downloadGeneratedFile(url);
    saveBlob(blob, fileName ?? fallbackName);
    return null;
  } catch (err) {
    return errorText(err, failed);
  }
}

/**
 * Downloads a batch's zip: a signed link is asked for, then the browser downloads it natively
 * (streamed to disk, whatever the batch's size). Resolves to an error text, or null.
 */
export async function saveBatchZip(batchNo: string, kind: ZipKind): Promise<string | null> {
  try {
    const { url } = await getBatchZipUrl(batchNo, kind);
    if (!url) return "批量下载失败";
    downloadFromUrl(url);
    return null;
  } catch (err) {
    return errorText(err, "批量下载失败");
  }
}
