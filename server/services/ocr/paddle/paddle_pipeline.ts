/**
 * PaddleOCR PP-OCRv4 driven directly on onnxruntime-node (issue #26): the detector on the page shrunk to
 * DET_MAX_SIDE, the lines cut from the full-size page, the orientation classifier on a few lines only,
 * and the recogniser (line_recognizer.ts) on each line. Runs inside paddle_process.ts.
 *
 * Orientation costs no second reading of a page: a page whose detected boxes mostly stand upright lies on
 * its side (turned a quarter); the line classifier (PP-OCR's 0°/180° model) on up to CLS_SAMPLE lines says
 * whether it is also upside down. Only a page that still reads poorly (and the classifier was unsure) is
 * recognised once more turned 180°.
 */
import process from "node:process";
import * as ort from "onnxruntime-node";
import { parseDictionary } from "./ctc_decode.ts";
import { fuseHardSwish } from "./hard_swish.ts";
import { type GrayImage, type QuarterTurn, shrinkImage, turnImage, turnRect } from "./gray_image.ts";
import {
  fillLine,
  REC_HEIGHT,
  type RecognisedLine,
  recognizeRects,
  type RecOptions,
} from "./line_recognizer.ts";
import { findTextRects, normalizeRect, type TextRect } from "./text_boxes.ts";

export type { RecognisedLine } from "./line_recognizer.ts";

/**
 * Long side of the image the detector sees; lines are still cut from the 1754 px page. Measured in issue
 * #26 (bench/ocr_det_side.ts, ADR 010): 800 reads the bench pages as well as 960 and 1280 at 0.21 CPU s
 * per page for the detector (960: 0.38, 1280: 0.74); 640 began to misread small print (an ID card on A4).
 */
export const DET_MAX_SIDE = 800;
const CLS_WIDTH = 192;
const CLS_SAMPLE = 12;
/** A page reading under this (and not clearly upright by the classifier) is tried upside down. */
const RETRY_CONFIDENCE = 0.75;

export const MODEL_FILES = {
  det: "ch_PP-OCRv4_det_infer.onnx",
  rec: "ch_PP-OCRv4_rec_infer.onnx",
  cls: "ch_ppocr_mobile_v2.0_cls_infer.onnx",
  keys: "ppocr_keys_v1.txt",
} as const;

export interface PaddleModels {
  det: ort.InferenceSession;
  rec: ort.InferenceSession;
  cls: ort.InferenceSession;
  dictionary: string[];
}

/**
 * Loads the models; `session` overrides the onnxruntime session options (measured on 2 cores, ADR 010). The
 * recogniser's and classifier's hard-swish activations are fused as they load (hard_swish.ts) unless
 * `fuse` is false.
 */
export async function loadPaddleModels(
  dir: string,
  session: ort.InferenceSession.SessionOptions = {},
  fuse = true,
): Promise<PaddleModels> {
  const options: ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: "sequential",
    graphOptimizationLevel: "all",
    // Errors only: the fused models' unused constants would each print a warning.
    logSeverityLevel: 3,
    ...session,
  };
  const [det, rec, cls, keys] = await Promise.all([
    ort.InferenceSession.create(`${dir}/${MODEL_FILES.det}`, options),
    createSession(`${dir}/${MODEL_FILES.rec}`, options, fuse),
    createSession(`${dir}/${MODEL_FILES.cls}`, options, fuse),
    Deno.readTextFile(`${dir}/${MODEL_FILES.keys}`),
  ]);
  return { det, rec, cls, dictionary: parseDictionary(keys) };
}

/** A session on the model file, its hard-swish fused when `fuse`; the file as it is if the rewrite fails. */
async function createSession(
  path: string,
  options: ort.InferenceSession.SessionOptions,
  fuse: boolean,
): Promise<ort.InferenceSession> {
  if (!fuse) return await ort.InferenceSession.create(path, options);
  const bytes = await Deno.readFile(path);
  try {
    return await ort.InferenceSession.create(fuseHardSwish(bytes).model, options);
  } catch {
    return await ort.InferenceSession.create(bytes, options);
  }
}

export interface PageReading {
  lines: RecognisedLine[];
  /** Clockwise turn applied to the page before its lines were read. */
  turned: QuarterTurn;
  /** CPU milliseconds per stage, for the profile the bench prints. */
  profile: Record<string, number>;
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Reads one grey page. */
export async function readPage(
  models: PaddleModels,
  page: GrayImage,
  options: { detMaxSide?: number; rec?: RecOptions } = {},
): Promise<PageReading> {
  const profile: Record<string, number> = {};
  let mark = cpuMs();
  const lap = (stage: string) => {
    const now = cpuMs();
    profile[stage] = (profile[stage] ?? 0) + now - mark;
    mark = now;
  };
  let rects = await detect(models, page, options.detMaxSide ?? DET_MAX_SIDE, lap);
  let img = page;
  let turned: QuarterTurn = 0;
  if (isSideways(rects)) {
    turned = 90;
    rects = rects.map((r) => normalizeRect(turnRect(r, 90, img.width, img.height)));
    img = turnImage(img, 90);
  }
  const votes = await classifyUpsideDown(models, img, rects);
  lap("cls");
  if (votes.upsideDown) {
    rects = rects.map((r) => normalizeRect(turnRect(r, 180, img.width, img.height)));
    img = turnImage(img, 180);
    turned = ((turned + 180) % 360) as QuarterTurn;
  }
  lap("turn");
  let lines = await recognizeRects(models, img, rects, options.rec);
  lap("rec");
  if (!votes.upright && meanConfidence(lines) < RETRY_CONFIDENCE && lines.length > 0) {
    const flipped = rects.map((r) => normalizeRect(turnRect(r, 180, img.width, img.height)));
    const flippedImg = turnImage(img, 180);
    const other = await recognizeRects(models, flippedImg, flipped, options.rec);
    const [a, b] = [weight(lines), weight(other)];
    if (b > a * 1.1 && meanConfidence(other) > meanConfidence(lines)) {
      lines = other;
      turned = ((turned + 180) % 360) as QuarterTurn;
    }
    lap("rec_retry_180");
  }
  return { lines, turned, profile };
}

function meanConfidence(lines: RecognisedLine[]): number {
  const chars = lines.reduce((n, l) => n + l.text.length, 0);
  return chars ? lines.reduce((s, l) => s + l.confidence * l.text.length, 0) / chars : 0;
}

function weight(lines: RecognisedLine[]): number {
  return lines.reduce((s, l) => s + l.confidence * l.text.length, 0);
}

/** Most of the detected text (by length) runs up or down the page: the page lies on its side. */
export function isSideways(rects: TextRect[]): boolean {
  let upright = 0, all = 0, count = 0;
  for (const r of rects) {
    const long = Math.max(r.w, r.h);
    all += long;
    if (r.h > 1.5 * r.w) {
      upright += long;
      count++;
    }
  }
  return count >= 3 && upright > 0.5 * all;
}

const DET_MEAN = [0.485, 0.456, 0.406];
const DET_STD = [0.229, 0.224, 0.225];

async function detect(
  models: PaddleModels,
  page: GrayImage,
  maxSide: number,
  lap: (stage: string) => void,
): Promise<TextRect[]> {
  const small = shrinkImage(page, maxSide);
  const W = Math.max(32, Math.ceil(small.width / 32) * 32),
    H = Math.max(32, Math.ceil(small.height / 32) * 32);
  const plane = W * H;
  const input = new Float32Array(3 * plane);
  // Grey to the three normalised channels through one table per channel, all three in one pass.
  const [r, g, b] = [0, 1, 2].map((c) => {
    const mul = 1 / (255 * DET_STD[c]), add = -DET_MEAN[c] / DET_STD[c];
    // Padding is white paper.
    input.fill(255 * mul + add, c * plane, (c + 1) * plane);
    return Float32Array.from({ length: 256 }, (_, v) => v * mul + add);
  });
  const data = small.data;
  for (let y = 0; y < small.height; y++) {
    const src = y * small.width, dst = y * W;
    for (let x = 0; x < small.width; x++) {
      const v = data[src + x];
      input[dst + x] = r[v];
      input[plane + dst + x] = g[v];
      input[2 * plane + dst + x] = b[v];
    }
  }
  lap("det_prepare");
  const out = await models.det.run({
    [models.det.inputNames[0]]: new ort.Tensor("float32", input, [1, 3, H, W]),
  });
  const prob = out[models.det.outputNames[0]].data as Float32Array;
  lap("det_model");
  const rects = findTextRects(prob, W, H);
  // Back to the full-size page.
  const sx = page.width / small.width, sy = page.height / small.height, s = (sx + sy) / 2;
  const scaled = rects.map((r) => ({ ...r, cx: r.cx * sx, cy: r.cy * sy, w: r.w * s, h: r.h * s }));
  lap("det_boxes");
  return scaled;
}

async function classifyUpsideDown(
  models: PaddleModels,
  img: GrayImage,
  rects: TextRect[],
): Promise<{ upsideDown: boolean; upright: boolean }> {
  const sample = rects.filter((r) => r.w >= 2 * r.h).sort((a, b) => b.w - a.w).slice(0, CLS_SAMPLE);
  if (sample.length === 0) return { upsideDown: false, upright: false };
  const plane = REC_HEIGHT * CLS_WIDTH;
  const input = new Float32Array(sample.length * 3 * plane);
  for (const [i, r] of sample.entries()) {
    const drawWidth = Math.min(CLS_WIDTH, Math.ceil(REC_HEIGHT * r.w / r.h));
    fillLine(img, r, input, i * 3 * plane, { width: CLS_WIDTH, drawWidth });
  }
  const out = await models.cls.run({
    [models.cls.inputNames[0]]: new ort.Tensor("float32", input, [sample.length, 3, REC_HEIGHT, CLS_WIDTH]),
  });
  const p = out[models.cls.outputNames[0]].data as Float32Array;
  let up = 0, down = 0;
  for (let i = 0; i < sample.length; i++) {
    if (p[i * 2 + 1] > 0.9) down++;
    else if (p[i * 2] > 0.9) up++;
  }
  return {
    upsideDown: down > up && down >= Math.max(2, sample.length / 2),
    upright: up >= Math.max(2, sample.length / 2) && up > 2 * down,
  };
}
