/**
 * Renderers of the generated extraction set (make_set2.ts): a document is a list of blocks (paragraphs and
 * tables) written as a real .docx (w:tbl tables); text PDFs come from LibreOffice; scans and photos from
 * pdftoppm plus pixel work here (tilt, shadow, low contrast, noise; jpeg-js / fast-png, no ImageMagick).
 */
import PizZip from "pizzip";
import { decode as decodePng } from "fast-png";
import jpeg from "jpeg-js";
import { PDFDocument } from "pdf-lib";
import * as XLSX from "xlsx";

export interface SheetSpec {
  name: string;
  rows: (string | number | { date: { y: number; m: number; d: number } })[][];
}

export type Block =
  | { p: string; center?: boolean; bold?: boolean; size?: number; right?: boolean }
  | { table: string[][]; widths?: number[] };

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function run(text: string, opts: { bold?: boolean; size?: number } = {}): string {
  const sz = opts.size ?? 11;
  return `<w:r><w:rPr><w:rFonts w:ascii="Noto Serif CJK SC" w:eastAsia="Noto Serif CJK SC" w:hAnsi="Noto Serif CJK SC"/>${
    opts.bold ? "<w:b/>" : ""
  }<w:sz w:val="${sz * 2}"/></w:rPr><w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
}

function para(text: string, opts: { center?: boolean; right?: boolean; bold?: boolean; size?: number } = {}) {
  const jc = opts.center ? `<w:jc w:val="center"/>` : opts.right ? `<w:jc w:val="right"/>` : "";
  return `<w:p><w:pPr>${jc}<w:spacing w:after="60"/></w:pPr>${text ? run(text, opts) : ""}</w:p>`;
}

function table(rows: string[][], widths: number[] | undefined, pageWidth: number): string {
  const cols = Math.max(...rows.map((r) => r.length));
  const w = widths ?? Array.from({ length: cols }, () => Math.floor(pageWidth / cols));
  const border =
    `<w:top w:val="single" w:sz="4"/><w:left w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:right w:val="single" w:sz="4"/><w:insideH w:val="single" w:sz="4"/><w:insideV w:val="single" w:sz="4"/>`;
  let x =
    `<w:tbl><w:tblPr><w:tblW w:w="${pageWidth}" w:type="dxa"/><w:tblBorders>${border}</w:tblBorders></w:tblPr><w:tblGrid>${
      w.map((c) => `<w:gridCol w:w="${c}"/>`).join("")
    }</w:tblGrid>`;
  for (const r of rows) {
    x += "<w:tr>";
    for (let i = 0; i < r.length; i++) {
      // the last cell of a short row spans the rest
      const span = i === r.length - 1 && r.length < cols ? cols - r.length + 1 : 1;
      const width = w.slice(i, i + span).reduce((a, b) => a + b, 0);
      x += `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${
        span > 1 ? `<w:gridSpan w:val="${span}"/>` : ""
      }</w:tcPr>${r[i].split("\n").map((t) => para(t, { size: 10.5 })).join("")}</w:tc>`;
    }
    x += "</w:tr>";
  }
  return x + "</w:tbl>" + para("");
}

/** A .docx of the blocks (A4, portrait or landscape). */
export function writeDocx(blocks: Block[], landscape = false): Uint8Array {
  const pageWidth = landscape ? 13800 : 9000;
  const body = blocks.map((b) => ("table" in b ? table(b.table, b.widths, pageWidth) : para(b.p, b))).join(
    "",
  );
  const sect = landscape
    ? `<w:sectPr><w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/><w:pgMar w:top="1000" w:right="1400" w:bottom="1000" w:left="1400"/></w:sectPr>`
    : `<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1300" w:right="1450" w:bottom="1300" w:left="1450"/></w:sectPr>`;
  const doc =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}${sect}</w:body></w:document>`;
  const zip = new PizZip();
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  );
  zip.file(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  zip.file("word/document.xml", doc);
  return zip.generate({ type: "uint8array", compression: "DEFLATE" });
}

/** Converts .docx files in a folder to PDF with one LibreOffice run. */
export async function docxToPdf(dir: string, names: string[], outDir: string): Promise<void> {
  if (!names.length) return;
  const profile = await Deno.makeTempDir({ prefix: "set2-lo-" });
  const out = await new Deno.Command("soffice", {
    args: [
      `-env:UserInstallation=file://${profile}`,
      "--headless",
      "--convert-to",
      "pdf",
      "--outdir",
      outDir,
      ...names.map((n) => `${dir}/${n}`),
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  await Deno.remove(profile, { recursive: true }).catch(() => {});
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
}

export interface Gray {
  w: number;
  h: number;
  px: Float32Array;
}

/** Page 1 of a PDF as a grey image (dpi given). */
export async function pdfToGray(pdf: string, dpi: number): Promise<Gray> {
  const out = await new Deno.Command("pdftoppm", {
    args: ["-f", "1", "-l", "1", "-r", String(dpi), "-gray", "-png", pdf],
    stdout: "piped",
  }).output();
  const img = decodePng(out.stdout);
  const ch = img.channels;
  const px = new Float32Array(img.width * img.height);
  for (let i = 0; i < px.length; i++) px[i] = (img.data as Uint8Array)[i * ch];
  return { w: img.width, h: img.height, px };
}

export interface PhotoLook {
  /** Degrees. */
  tilt: number;
  /** Perspective: the top edge narrower by this share. */
  keystone: number;
  /** Darkest shadow factor (0..1) across one side. */
  shadow: number;
  /** Contrast kept (1 = full). */
  contrast: number;
  noise: number;
  /** Background grey around the paper. */
  table: number;
  quality: number;
}

/** A photo of the page: keystone, tilt, shadow, low contrast, noise, on a table; JPEG bytes. */
export function photograph(src: Gray, look: PhotoLook, r: () => number): Uint8Array {
  const margin = Math.round(src.w * 0.06);
  const W = src.w + 2 * margin, H = src.h + 2 * margin;
  const rad = (look.tilt * Math.PI) / 180, cos = Math.cos(rad), sin = Math.sin(rad);
  const cx = W / 2, cy = H / 2;
  const rgb = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      // inverse rotate around centre, then undo keystone (rows near the top are narrower)
      const dx = x - cx, dy = y - cy;
      let sx = cos * dx + sin * dy, sy = -sin * dx + cos * dy;
      const rowScale = 1 - look.keystone * (0.5 - (sy + src.h / 2) / src.h);
      sx = sx / rowScale;
      sx += src.w / 2;
      sy += src.h / 2;
      let v: number;
      const ix = Math.floor(sx), iy = Math.floor(sy);
      if (ix >= 0 && iy >= 0 && ix < src.w - 1 && iy < src.h - 1) {
        const fx = sx - ix, fy = sy - iy, i = iy * src.w + ix;
        v = src.px[i] * (1 - fx) * (1 - fy) + src.px[i + 1] * fx * (1 - fy) +
          src.px[i + src.w] * (1 - fx) * fy + src.px[i + src.w + 1] * fx * fy;
        v = 255 - (255 - v) * look.contrast; // faded ink
        v = v * 0.93;
      } else v = look.table;
      const shade = 1 - (1 - look.shadow) * Math.max(0, Math.min(1, (x / W - 0.55) * 2.2 + (y / H) * 0.3));
      v = v * shade + (r() - 0.5) * look.noise;
      const o = (y * W + x) * 4;
      rgb[o] = Math.max(0, Math.min(255, v * 1.02));
      rgb[o + 1] = Math.max(0, Math.min(255, v));
      rgb[o + 2] = Math.max(0, Math.min(255, v * 0.94));
      rgb[o + 3] = 255;
    }
  }
  return jpeg.encode({ data: rgb, width: W, height: H }, look.quality).data;
}

/** A photocopy-like scan: slight skew and speckle; JPEG bytes. */
export function scan(src: Gray, skew: number, r: () => number): Uint8Array {
  return photograph(src, {
    tilt: skew,
    keystone: 0,
    shadow: 1,
    contrast: 0.92,
    noise: 14,
    table: 255,
    quality: 70,
  }, r);
}

/** An image-only PDF holding one JPEG page (A4 at the page's aspect). */
export async function jpegToPdf(jpg: Uint8Array, landscape = false): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const img = await pdf.embedJpg(jpg);
  const [pw, ph] = landscape ? [842, 595] : [595, 842];
  const page = pdf.addPage([pw, ph]);
  const s = Math.min(pw / img.width, ph / img.height);
  page.drawImage(img, {
    x: (pw - img.width * s) / 2,
    y: (ph - img.height * s) / 2,
    width: img.width * s,
    height: img.height * s,
  });
  return await pdf.save();
}

function excelSerial(d: { y: number; m: number; d: number }): number {
  return (Date.UTC(d.y, d.m - 1, d.d) - Date.UTC(1899, 11, 30)) / 86400000;
}

/** An .xlsx of a document's sheets (Excel dates as serials with a date format, amounts with #,##0.00). */
export function writeXlsx(doc: { sheets?: SheetSpec[] }): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const sheet of doc.sheets!) {
    const ws = XLSX.utils.aoa_to_sheet(
      sheet.rows.map((r) => r.map((v) => (typeof v === "object" ? excelSerial(v.date) : v))),
    );
    sheet.rows.forEach((r, ri) =>
      r.forEach((v, ci) => {
        const cell = ws[XLSX.utils.encode_cell({ r: ri, c: ci })];
        if (typeof v === "object") cell.z = "yyyy-mm-dd";
        else if (typeof v === "number" && ci > 0 && v > 999) cell.z = "#,##0.00";
      })
    );
    XLSX.utils.book_append_sheet(wb, ws, sheet.name);
  }
  return new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx" }));
}
