/**
 * One page of a file read before, as an image whose pixels its lines' boxes can be drawn on (issue #27
 * item 4: the picker shows where a value was read). Recognised pages come back as they were recognised;
 * text-layer PDF pages are rendered, and `boxScale` turns their boxes (in points) into the image's pixels.
 * Word files and sheets have no page image (DOC_TEXT_UNREADABLE).
 */
import { AppError } from "../../errors.ts";
import { DOC_TEXT_STEP_TIMEOUT_MS, OCR_MAX_SIDE } from "./limits.ts";
import { renderPdfPage } from "./poppler.ts";
import { prepareImage } from "./prepare_image.ts";
import { fileExtension } from "../../../common/document_kinds.ts";
import { ocrPageImage } from "./read_document_text.ts";
import type { DocumentText } from "./types.ts";

export interface SourcePageImage {
  png: Uint8Array;
  width: number;
  height: number;
  /** Multiply a box of this page by it to get the image's pixels. */
  boxScale: number;
}

export async function renderSourcePage(
  input: { bytes: Uint8Array; fileName: string; doc: DocumentText; page: number },
): Promise<SourcePageImage> {
  const kind = fileExtension(input.fileName);
  const page = input.doc.pages.find((p) => p.page === input.page);
  if (!page) throw new AppError("DOC_TEXT_UNREADABLE", { reason: "没有这一页" });
  if (kind === "png" || kind === "jpg" || kind === "jpeg") {
    const image = await ocrPageImage(input.bytes, page.turned);
    return { png: image.png, width: image.width, height: image.height, boxScale: 1 };
  }
  if (kind !== "pdf") throw new AppError("DOC_TEXT_UNREADABLE", { reason: "只有PDF和图片有页面图像" });
  const dir = await Deno.makeTempDir({ prefix: "page-image-" });
  try {
    const path = `${dir}/in.pdf`;
    await Deno.writeFile(path, input.bytes);
    const rendered = await renderPdfPage(path, page.page, {
      maxSide: OCR_MAX_SIDE,
      timeoutMs: DOC_TEXT_STEP_TIMEOUT_MS,
    });
    if (page.method === "ocr") {
      const image = await ocrPageImage(rendered, page.turned);
      return { png: image.png, width: image.width, height: image.height, boxScale: 1 };
    }
    const plain = await prepareImage(rendered, { deskew: false, png: true });
    return {
      png: plain.png!,
      width: plain.width,
      height: plain.height,
      boxScale: page.width ? plain.width / page.width : 1,
    };
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * A page of a file read before, as the browser's source crop takes it (a PNG data URL, its size and the box
 * scale). `docText` is the file's stored DocumentText (JSON), as the runs keep it.
 */
export async function sourcePageView(
  input: { bytes: Uint8Array; fileName: string; docText: Uint8Array; page: number },
): Promise<{ image: string; width: number; height: number; boxScale: number }> {
  const doc = JSON.parse(new TextDecoder().decode(input.docText)) as DocumentText;
  const image = await renderSourcePage({
    bytes: input.bytes,
    fileName: input.fileName,
    doc,
    page: input.page,
  });
  return {
    image: `data:image/png;base64,${base64Of(image.png)}`,
    width: image.width,
    height: image.height,
    boxScale: image.boxScale,
  };
}
