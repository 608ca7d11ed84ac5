/**
 * Files for the document-text and OCR tests and the OCR bench (issue #10 §7), made from known text so the
 * text that comes back can be scored: a text PDF (pdf-lib + Noto Sans CJK), the same page as an image-only
 * scan, a mixed PDF, a "phone photo" (turned 90°, tilted, uneven light, noise, JPEG), a .docx, a .doc
 * (LibreOffice), an .xlsx, a decompression-bomb PNG, a zip-bomb .docx and a PDF with 5 000 pages.
 * Tests call the builders and write into a temporary folder; `deno run -A scripts/make_ocr_fixtures.ts
 * [dir]` writes them all (default tests/fixtures/ocr/, for a look by hand; nothing there is committed
 * except what the tests read).
 */
import fontkit from "@pdf-lib/fontkit";
import { decode as decodePng } from "fast-png";
import jpeg from "jpeg-js";
import { crc32, deflateRawSync, deflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import PizZip from "pizzip";
import * as XLSX from "xlsx";
import { escapeXml } from "../common/xml.ts";

/** The ground truth of the generated legal page: 起诉状-like lines with the key facts clerks look for. */
export const PAGE_LINES = [
  "民事起诉状",
  "原告：张晓明，男，1985年3月12日出生，汉族",
  "公民身份号码：330106198503120017",
  "住址：浙江省杭州市西湖区文三路158号3幢402室",
  "联系电话：13857162234",
  "被告：李建国，男，1979年11月5日出生，汉族",
  "公民身份号码：330102197911050035",
  "住址：浙江省杭州市上城区解放路66号",
  "诉讼请求：",
  "一、判令被告归还借款本金人民币壹拾贰万伍仟元整（¥125,000.00）；",
  "二、判令被告支付自2023年6月1日起的逾期利息；",
  "三、本案诉讼费用由被告承担。",
  "事实与理由：",
  "2022年12月8日，被告因经营需要向原告借款，双方签订借条一份，",
  "约定借款期限六个月。原告当日通过银行转账交付借款，被告至今未还。",
  "此致",
  "杭州市西湖区人民法院",
  "具状人：张晓明",
  "2024年3月15日",
];

/** Second page of the mixed PDF (text layer), and its own truth. */
export const SECOND_PAGE_LINES = [
  "借条",
  "今借到张晓明人民币壹拾贰万伍仟元整（¥125,000.00），",
  "借款期限自2022年12月8日至2023年6月7日。",
  "借款人：李建国",
];

/** A third page for the OCR benches: a judgment-like page with a table of amounts. */
export const JUDGMENT_PAGE_LINES = [
  "浙江省杭州市西湖区人民法院",
  "民事判决书",
  "（2024）浙0106民初1234号",
  "原告：浙江汇禾融资担保有限公司，住所地杭州市西湖区望月路16号。",
  "统一社会信用代码：91330106018739U07W",
  "法定代表人：于佳娜，董事长。",
  "被告：谢蓉媛，女，1989年8月13日出生，住杭州市西湖区凤起东路619号。",
  "借款本金  100000元  利息  23.4%",
  "判决如下：",
  "一、被告于本判决生效之日起十日内归还原告借款本金人民币壹拾万元整；",
  "二、驳回原告的其他诉讼请求。",
  "案件受理费2300元，由被告负担。",
  "审判员  王丽华",
  "二〇二四年五月二十日",
];

/** The three pages of known text the OCR benches read (as scans and as phone photos). */
export const BENCH_PAGES = [
  PAGE_LINES,
  [...SECOND_PAGE_LINES, ...PAGE_LINES.slice(1, 9)],
  JUDGMENT_PAGE_LINES,
];

const FONT_PATH = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";

async function newDoc(): Promise<{ doc: PDFDocument; font: Awaited<ReturnType<PDFDocument["embedFont"]>> }> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(
    {
      create: (b: Uint8Array) => fontkit.create(b, "NotoSansCJKsc-Regular"),
    } as unknown as typeof fontkit,
  );
  const font = await doc.embedFont(await Deno.readFile(FONT_PATH), { subset: true });
  return { doc, font };
}

/** A4 text PDF, one page per list of lines, 13 pt with 26 pt leading. */
export async function makeTextPdf(pages: string[][] = [PAGE_LINES]): Promise<Uint8Array> {
  const { doc, font } = await newDoc();
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    let y = 770;
    for (const [i, text] of lines.entries()) {
      const size = i === 0 ? 20 : 13;
      const x = i === 0 ? (595 - font.widthOfTextAtSize(text, size)) / 2 : 60;
      page.drawText(text, { x, y, size, font });
      y -= i === 0 ? 40 : 30;
    }
  }
  return await doc.save();
}

/** Renders page `page` of a PDF to a grey PNG at `dpi` (pdftoppm). */
export async function renderPage(pdf: Uint8Array, page: number, dpi: number): Promise<Uint8Array> {
  const dir = await Deno.makeTempDir({ prefix: "ocr-fixture-" });
  try {
    await Deno.writeFile(`${dir}/in.pdf`, pdf);
    const out = await new Deno.Command("pdftoppm", {
      args: ["-f", String(page), "-l", String(page), "-r", String(dpi), "-gray", "-png", `${dir}/in.pdf`],
      stdout: "piped",
      stderr: "null",
    }).output();
    if (!out.success) throw new Error("pdftoppm failed");
    return out.stdout;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** A PDF whose pages are only images (a scan): no text layer at all. */
export async function makeImagePdf(images: { png?: Uint8Array; jpg?: Uint8Array }[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const im of images) {
    const img = im.png ? await doc.embedPng(im.png) : await doc.embedJpg(im.jpg!);
    const page = doc.addPage([595, 842]);
    page.drawImage(img, { x: 0, y: 0, width: 595, height: 842 });
  }
  return await doc.save();
}

/** Page 1 a scan of PAGE_LINES, page 2 a text page of SECOND_PAGE_LINES. */
export async function makeMixedPdf(scanPng: Uint8Array): Promise<Uint8Array> {
  const { doc, font } = await newDoc();
  const img = await doc.embedPng(scanPng);
  doc.addPage([595, 842]).drawImage(img, { x: 0, y: 0, width: 595, height: 842 });
  const page = doc.addPage([595, 842]);
  let y = 770;
  for (const text of SECOND_PAGE_LINES) {
    page.drawText(text, { x: 60, y, size: 14, font });
    y -= 30;
  }
  return await doc.save();
}

/** Deterministic noise. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A phone photo of a page: tilted by `tiltDegrees`, uneven light, a little blur and noise, turned by
 * `turn` degrees clockwise (a photo taken sideways), as a JPEG of `quality`.
 */
export function degradeToPhoto(
  png: Uint8Array,
  options: {
    tiltDegrees?: number;
    turn?: 0 | 90 | 180 | 270;
    quality?: number;
    noise?: number;
    seed?: number;
  } = {},
): Uint8Array {
  const img = decodePng(png);
  const w = img.width, h = img.height, ch = img.channels;
  const src = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) src[i] = img.data[i * ch];
  const random = rng(options.seed ?? 7);
  // tilt (bilinear), uneven light, 3x3 blur, noise
  const a = ((options.tiltDegrees ?? 1.5) * Math.PI) / 180;
  const cos = Math.cos(a), sin = Math.sin(a);
  const tilted = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const dx = x - w / 2, dy = y - h / 2;
      const sx = w / 2 + dx * cos - dy * sin, sy = h / 2 + dx * sin + dy * cos;
      const x0 = Math.floor(sx), y0 = Math.floor(sy);
      let v = 235;
      if (x0 >= 0 && y0 >= 0 && x0 + 1 < w && y0 + 1 < h) {
        const fx = sx - x0, fy = sy - y0, p = y0 * w + x0;
        v = (src[p] * (1 - fx) + src[p + 1] * fx) * (1 - fy) +
          (src[p + w] * (1 - fx) + src[p + w + 1] * fx) * fy;
      }
      tilted[y * w + x] = v;
    }
  }
  const noise = options.noise ?? 18;
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0, n = 0;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
          sum += tilted[yy * w + xx];
          n++;
        }
      }
      const light = 0.72 + 0.28 * (1 - Math.hypot(x / w - 0.3, y / h - 0.2));
      const v = Math.max(0, Math.min(255, (sum / n) * light + (random() - 0.5) * 2 * noise));
      // a warm colour cast, as under indoor light
      out[(y * w + x) * 3] = Math.min(255, v * 1.04);
      out[(y * w + x) * 3 + 1] = v;
      out[(y * w + x) * 3 + 2] = v * 0.9;
    }
  }
  const turn = options.turn ?? 0;
  const ow = turn === 90 || turn === 270 ? h : w, oh = turn === 90 || turn === 270 ? w : h;
  const rgba = new Uint8Array(ow * oh * 4);
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      let sx = x, sy = y;
      if (turn === 90) [sx, sy] = [y, h - 1 - x];
      else if (turn === 180) [sx, sy] = [w - 1 - x, h - 1 - y];
      else if (turn === 270) [sx, sy] = [w - 1 - y, x];
      const s = (sy * w + sx) * 3, d = (y * ow + x) * 4;
      rgba[d] = out[s];
      rgba[d + 1] = out[s + 1];
      rgba[d + 2] = out[s + 2];
      rgba[d + 3] = 255;
    }
  }
  return jpeg.encode({ data: rgba, width: ow, height: oh }, options.quality ?? 60).data;
}

/** Adds an EXIF APP1 segment with an orientation tag to a JPEG (6 = turn 90° clockwise to view). */
export function withExifOrientation(jpg: Uint8Array, orientation: number): Uint8Array {
  const tiff = [
    0x4d,
    0x4d,
    0,
    0x2a,
    0,
    0,
    0,
    8,
    0,
    1,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ];
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const len = payload.length + 2;
  const app1 = [0xff, 0xe1, len >> 8, len & 0xff, ...payload];
  const out = new Uint8Array(jpg.length + app1.length);
  out.set(jpg.subarray(0, 2));
  out.set(app1, 2);
  out.set(jpg.subarray(2), 2 + app1.length);
  return out;
}

const DOCX_CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const DOCX_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/** A .docx: the first lines as paragraphs, then a 2-column table (label | value), then the rest. */
export function makeDocx(
  lines: string[] = PAGE_LINES,
  table: [string, string][] = [["借款金额", "¥125,000.00"], ["借款日期", "2022年12月8日"]],
): Uint8Array {
  const p = (t: string) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(t)}</w:t></w:r></w:p>`;
  const cell = (t: string) => `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr>${p(t)}</w:tc>`;
  const tbl =
    `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>${
      table.map(([a, b]) => `<w:tr>${cell(a)}${cell(b)}</w:tr>`).join("")
    }</w:tbl>`;
  const half = Math.ceil(lines.length / 2);
  const body = lines.slice(0, half).map(p).join("") + tbl + lines.slice(half).map(p).join("");
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`;
  const zip = new PizZip();
  zip.file("[Content_Types].xml", DOCX_CONTENT_TYPES);
  zip.file("_rels/.rels", DOCX_RELS);
  zip.file("word/document.xml", xml);
  return zip.generate({ type: "uint8array", compression: "DEFLATE" });
}

/** A .docx holding nothing but one picture (a scan pasted into Word). */
export function makeImageDocx(png: Uint8Array): Uint8Array {
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body><w:p><w:r><w:drawing><wp:inline><wp:extent cx="5400000" cy="7640000"/><wp:docPr id="1" name="scan"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="scan.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rId7"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p><w:sectPr/></w:body></w:document>`;
  const zip = new PizZip();
  zip.file(
    "[Content_Types].xml",
    DOCX_CONTENT_TYPES.replace(
      '<Default Extension="xml"',
      '<Default Extension="png" ContentType="image/png"/><Default Extension="xml"',
    ),
  );
  zip.file("_rels/.rels", DOCX_RELS);
  zip.file("word/document.xml", xml);
  zip.file(
    "word/_rels/document.xml.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/></Relationships>`,
  );
  zip.file("word/media/image1.png", png);
  return zip.generate({ type: "uint8array", compression: "DEFLATE" });
}

/**
 * A zip bomb named .docx: a real docx plus `word/media/zeros.bin`, 300 MB of zeros deflated to ~300 KB
 * (node:zlib, so making it takes a fraction of a second).
 */
export function makeZipBombDocx(): Uint8Array {
  const base = new PizZip(makeDocx(["炸弹"]));
  const entries: { name: string; data: Uint8Array; size: number; crc: number }[] = [];
  for (const name of Object.keys(base.files)) {
    const raw = base.file(name)!.asUint8Array();
    entries.push({ name, data: new Uint8Array(deflateRawSync(raw)), size: raw.length, crc: crc32(raw) });
  }
  const zeros = new Uint8Array(300 * 1024 * 1024);
  entries.push({
    name: "word/media/zeros.bin",
    data: new Uint8Array(deflateRawSync(zeros)),
    size: zeros.length,
    crc: crc32(zeros),
  });
  return writeZip(entries);
}

/** A zip of deflated entries (method 8), local headers then the central directory. */
function writeZip(entries: { name: string; data: Uint8Array; size: number; crc: number }[]): Uint8Array {
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = enc.encode(e.name);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, 8, true);
    lv.setUint32(14, e.crc, true);
    lv.setUint32(18, e.data.length, true);
    lv.setUint32(22, e.size, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const cen = new Uint8Array(46 + name.length);
    const cv = new DataView(cen.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, 8, true);
    cv.setUint32(16, e.crc, true);
    cv.setUint32(20, e.data.length, true);
    cv.setUint32(24, e.size, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    cen.set(name, 46);
    chunks.push(local, e.data);
    central.push(cen);
    offset += local.length + e.data.length;
  }
  const centralSize = central.reduce((n, c) => n + c.length, 0);
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  const all = [...chunks, ...central, eocd];
  const out = new Uint8Array(all.reduce((n, c) => n + c.length, 0));
  let o = 0;
  for (const c of all) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

/** An .xlsx (or with "biff8" an old .xls) with a title row, a header row and two data rows, plus a second sheet. */
export function makeXlsx(bookType: "xlsx" | "biff8" = "xlsx"): Uint8Array {
  const wb = XLSX.utils.book_new();
  const transfers = XLSX.utils.aoa_to_sheet([
    ["银行转账记录"],
    ["交易时间", "付款人", "收款人", "交易金额（元）", "备注"],
    ["2022-12-08 10:15", "张晓明", "李建国", 125000, "借款"],
    ["2023-03-01 09:00", "李建国", "张晓明", 5000, "还款"],
  ]);
  transfers["D3"].z = "#,##0.00";
  transfers["D4"].z = "#,##0.00";
  XLSX.utils.book_append_sheet(wb, transfers, "转账记录");
  XLSX.utils.book_append_sheet(
    wb,
    XLSX.utils.aoa_to_sheet([["姓名", "电话"], ["张晓明", "13857162234"]]),
    "联系人",
  );
  return new Uint8Array(XLSX.write(wb, { type: "array", bookType }) as ArrayBuffer);
}

/** A valid PNG declaring `side`×`side` 1-bit pixels: a few hundred KB that would decode to gigabytes. */
export function makeBombPng(side = 60_000): Uint8Array {
  const crcTable = new Uint32Array(256).map((_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Uint8Array) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const v = new DataView(out.buffer);
    v.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    v.setUint32(8 + data.length, crc(out.subarray(4, 8 + data.length)));
    return out;
  };
  const ihdr = new Uint8Array(13);
  const iv = new DataView(ihdr.buffer);
  iv.setUint32(0, side);
  iv.setUint32(4, side);
  ihdr.set([1, 0, 0, 0, 0], 8); // 1-bit grey
  // Only the first rows are stored (the header check must refuse before any decoding anyway).
  const rowBytes = 1 + Math.ceil(side / 8);
  const idat = deflateSync(new Uint8Array(rowBytes * 64));
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", new Uint8Array(idat)),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** A PDF with `pages` blank pages (a hostile page count). */
export async function makeManyPagePdf(pages = 5000): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]);
  return await doc.save({ useObjectStreams: true });
}

/** A .doc made from a .docx by LibreOffice (`soffice --convert-to doc`); null when LibreOffice is missing. */
export async function makeDoc(docx: Uint8Array): Promise<Uint8Array | null> {
  const dir = await Deno.makeTempDir({ prefix: "ocr-fixture-doc-" });
  try {
    await Deno.writeFile(`${dir}/in.docx`, docx);
    const out = await new Deno.Command("soffice", {
      args: [
        `-env:UserInstallation=file://${dir}/profile`,
        "--headless",
        "--convert-to",
        "doc",
        "--outdir",
        dir,
        `${dir}/in.docx`,
      ],
      stdout: "null",
      stderr: "null",
    }).output().catch(() => null);
    if (!out?.success) return null;
    return await Deno.readFile(`${dir}/in.doc`);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** Character error rate: edit distance over the truth's length, whitespace ignored. */
export function characterErrorRate(truth: string, read: string): number {
  const a = [...truth.replace(/\s+/g, "")];
  const b = [...read.replace(/\s+/g, "")];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return a.length ? prev[b.length] / a.length : 0;
}

if (import.meta.main) {
  const dir = Deno.args[0] ?? new URL("../tests/fixtures/ocr/", import.meta.url).pathname;
  await Deno.mkdir(dir, { recursive: true });
  const textPdf = await makeTextPdf();
  const scan = await renderPage(textPdf, 1, 200);
  const docx = makeDocx();
  const files: Record<string, Uint8Array | null> = {
    "text.pdf": textPdf,
    "scan.pdf": await makeImagePdf([{ png: scan }]),
    "mixed.pdf": await makeMixedPdf(scan),
    "photo.jpg": degradeToPhoto(await renderPage(textPdf, 1, 150), { turn: 90, tiltDegrees: 1.5 }),
    "text.docx": docx,
    "text.doc": await makeDoc(docx),
    "sheet.xlsx": makeXlsx(),
    "bomb.png": makeBombPng(),
  };
  for (const [name, bytes] of Object.entries(files)) {
    if (!bytes) continue;
    await Deno.writeFile(`${dir}/${name}`, bytes);
    console.log(`${name}\t${bytes.length} bytes`);
  }
}
