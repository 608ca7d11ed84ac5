import fontkit from "@pdf-lib/fontkit";
import {
  PDFDocument,
  type PDFFont,
  popGraphicsState,
  pushGraphicsState,
  setCharacterSqueeze,
  setTextRenderingMode,
  TextRenderingMode,
} from "pdf-lib";
import { AppError } from "../../errors.ts";
import type { LineBox } from "./types.ts";

/**
 * A searchable PDF from page images (issue #10 §6: the scan with an invisible text layer): each page is its
 * image, drawn over the whole page, with every line's text in text render mode 3 (invisible) placed and
 * squeezed into the line's box, so a viewer can select, copy and search it. pdf-lib with a subset of Noto
 * Sans CJK SC (fonts-noto-cjk, installed by scripts/setup.sh).
 */

export interface SearchablePage {
  /** PNG or JPEG bytes. */
  image: Uint8Array;
  /** The image's size in pixels: the boxes' space. */
  width: number;
  height: number;
  lines: { text: string; box?: LineBox }[];
}

const FONT_PATHS = [
  "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
  "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc",
];
const FONT_NAME = "NotoSansCJKsc-Regular";
/** Pages are A4-sized at 150 dpi-equivalent: 72 points per 150 pixels keeps the image's proportions. */
const POINTS_PER_PIXEL = 72 / 150;

let fontBytes: Promise<Uint8Array> | null = null;

function loadFont(): Promise<Uint8Array> {
  fontBytes ??= (async () => {
    for (const path of FONT_PATHS) {
      try {
        return await Deno.readFile(path);
      } catch { /* try the next */ }
    }
    fontBytes = null;
    throw new AppError("OCR_ENGINE_FAILED", {
      reason: "服务器缺少中文字体（fonts-noto-cjk），无法生成可搜索PDF",
    });
  })();
  return fontBytes;
}

function isPng(bytes: Uint8Array): boolean {
  return bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
}

/** Writes the PDF; see the module comment. */
export async function writeSearchablePdf(pages: SearchablePage[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // The fonts are collections (.ttc): pick the Simplified Chinese face by its PostScript name.
  doc.registerFontkit(
    {
      create: (buffer: Uint8Array) => fontkit.create(buffer, FONT_NAME),
    } as unknown as typeof fontkit,
  );
  const font: PDFFont = await doc.embedFont(await loadFont(), { subset: true });
  for (const p of pages) {
    const image = isPng(p.image) ? await doc.embedPng(p.image) : await doc.embedJpg(p.image);
    const pageWidth = p.width * POINTS_PER_PIXEL;
    const pageHeight = p.height * POINTS_PER_PIXEL;
    const page = doc.addPage([pageWidth, pageHeight]);
    page.drawImage(image, { x: 0, y: 0, width: pageWidth, height: pageHeight });
    for (const line of p.lines) {
      // deno-lint-ignore no-control-regex -- control characters have no glyph
      const text = line.text.replace(/[\u0000-\u001f]/g, " ").trim();
      if (!text || !line.box) continue;
      const [x0, y0, x1, y1] = line.box;
      const boxWidth = (x1 - x0) * POINTS_PER_PIXEL;
      const boxHeight = (y1 - y0) * POINTS_PER_PIXEL;
      if (boxWidth <= 0 || boxHeight <= 0) continue;
      const size = Math.max(1, boxHeight * 0.85);
      let natural: number;
      try {
        natural = font.widthOfTextAtSize(text, size);
      } catch {
        continue; // a character the font cannot encode
      }
      const squeeze = natural > 0 ? Math.min(1000, Math.max(1, (boxWidth / natural) * 100)) : 100;
      page.pushOperators(
        pushGraphicsState(),
        setTextRenderingMode(TextRenderingMode.Invisible),
        setCharacterSqueeze(squeeze),
      );
      page.drawText(text, {
        x: x0 * POINTS_PER_PIXEL,
        // The baseline sits about a fifth of the box above its bottom.
        y: pageHeight - y1 * POINTS_PER_PIXEL + boxHeight * 0.18,
        size,
        font,
      });
      page.pushOperators(popGraphicsState());
    }
  }
  return await doc.save();
}
