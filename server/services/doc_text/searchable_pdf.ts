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
 * squeezed into the line's box, so a viewer can select, copy and search it. pdf-lib with subsets of two
 * TrueType fonts, each character set in the first that has it: DejaVu Sans (Latin, digits, ¥) and Droid Sans
 * Fallback (CJK, full-width punctuation), from fonts-dejavu-core and fonts-droid-fallback (scripts/setup.sh).
 * (Noto CJK is CFF: pdf-lib's subset of it makes poppler report an invalid embedded font.)
 */

export interface SearchablePage {
  /** PNG or JPEG bytes. */
  image: Uint8Array;
  /** The image's size in pixels: the boxes' space. */
  width: number;
  height: number;
  lines: { text: string; box?: LineBox }[];
}

const FONT_FILES = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
];
/** Pages are A4-sized at 150 dpi-equivalent: 72 points per 150 pixels keeps the image's proportions. */
const POINTS_PER_PIXEL = 72 / 150;

interface LoadedFont {
  bytes: Uint8Array;
  covers: (codePoint: number) => boolean;
}

let fonts: Promise<LoadedFont[]> | null = null;

function loadFonts(): Promise<LoadedFont[]> {
  fonts ??= (async () => {
    const loaded: LoadedFont[] = [];
    for (const path of FONT_FILES) {
      try {
        const bytes = await Deno.readFile(path);
        const face = fontkit.create(bytes) as unknown as { hasGlyphForCodePoint(cp: number): boolean };
        loaded.push({ bytes, covers: (cp) => face.hasGlyphForCodePoint(cp) });
      } catch { /* a missing font: its characters fall to the other */ }
    }
    if (loaded.length === 0) {
      fonts = null;
      throw new AppError("OCR_ENGINE_FAILED", {
        reason: "服务器缺少字体（fonts-dejavu-core、fonts-droid-fallback），无法生成可搜索PDF",
      });
    }
    return loaded;
  })();
  return fonts;
}

function isPng(bytes: Uint8Array): boolean {
  return bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
}

/** Splits text into runs of one font each (characters no font has are left out). */
function runsOf(text: string, faces: LoadedFont[]): { font: number; text: string }[] {
  const runs: { font: number; text: string }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const font = faces.findIndex((f) => f.covers(cp));
    if (font < 0) continue;
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs;
}

/** Writes the PDF; see the module comment. */
export async function writeSearchablePdf(pages: SearchablePage[]): Promise<Uint8Array> {
  const faces = await loadFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const embedded: PDFFont[] = [];
  for (const face of faces) embedded.push(await doc.embedFont(face.bytes, { subset: true }));
  for (const p of pages) {
    const image = isPng(p.image) ? await doc.embedPng(p.image) : await doc.embedJpg(p.image);
    const pageWidth = p.width * POINTS_PER_PIXEL;
    const pageHeight = p.height * POINTS_PER_PIXEL;
    const page = doc.addPage([pageWidth, pageHeight]);
    page.drawImage(image, { x: 0, y: 0, width: pageWidth, height: pageHeight });
    for (const line of p.lines) {
      if (!line.box) continue;
      // deno-lint-ignore no-control-regex -- control characters have no glyph
      const runs = runsOf(line.text.replace(/[\u0000-\u001f]/g, " ").trim(), faces);
      if (runs.length === 0) continue;
      const [x0, , x1, y1] = line.box;
      const boxWidth = (x1 - x0) * POINTS_PER_PIXEL;
      const boxHeight = (line.box[3] - line.box[1]) * POINTS_PER_PIXEL;
      if (boxWidth <= 0 || boxHeight <= 0) continue;
      const size = Math.max(1, boxHeight * 0.85);
      const widths = runs.map((r) => embedded[r.font].widthOfTextAtSize(r.text, size));
      const natural = widths.reduce((a, b) => a + b, 0);
      const squeeze = natural > 0 ? Math.min(1000, Math.max(1, (boxWidth / natural) * 100)) : 100;
      // The baseline sits about a fifth of the box above its bottom.
      const y = pageHeight - y1 * POINTS_PER_PIXEL + boxHeight * 0.18;
      let x = x0 * POINTS_PER_PIXEL;
      page.pushOperators(
        pushGraphicsState(),
        setTextRenderingMode(TextRenderingMode.Invisible),
        setCharacterSqueeze(squeeze),
      );
      for (const [i, run] of runs.entries()) {
        page.drawText(run.text, { x, y, size, font: embedded[run.font] });
        x += (widths[i] * squeeze) / 100;
      }
      page.pushOperators(popGraphicsState());
    }
  }
  return await doc.save();
}
