/**
 * Recognition of detected text lines with PP-OCRv4's recogniser (issue #26): each line sampled once at the
 * recogniser's height straight from the full-size page (gray_image.ts), then read by the model and decoded
 * (ctc_decode.ts). Used by paddle_pipeline.ts after detection and orientation.
 */
import * as ort from "onnxruntime-node";
import { decodeCtc, type DecodedLine } from "./ctc_decode.ts";
import { type GrayImage, sampleRect } from "./gray_image.ts";
import { rectCorners, type TextRect } from "./text_boxes.ts";

/**
 * Lines recognised per model call. Measured twice in issue #26 (ADR 010): batches of similar width cost MORE
 * CPU per page here (1.33 s alone, 1.87 s in twos, 2.30 s in fours; the model's element-wise ops are
 * memory-bound and bigger tensors leave the cache), so one line per call.
 */
export const REC_BATCH = 1;
/**
 * Lines are drawn this much narrower than their aspect ratio at REC_HEIGHT gives: a Han character then
 * spans ~36 px (4.5 of the model's 8-px time steps) instead of ~48. Measured (issue #26, bench/
 * ocr_rec_stages.ts): recognition CPU −30-40 % (the model's cost per column also falls with width), same
 * character error at 0.75-0.8; 0.6 and below lose characters.
 */
export const REC_X_SCALE = 0.75;
/**
 * Lines up to this many pixels wide (at REC_HEIGHT) are drawn as they are, wider ones narrowed by REC_X_SCALE
 * but never below it: the CPU is in the long lines (the model's cost per column grows with width), while
 * short lines (ID-card and form labels, names) read worse narrowed: 姓名武宇杰 on a scanned ID card came
 * back as ，姓名武宇杰 at 0.75 everywhere (shared extraction set, D03). 480 → 320 (issue #26, last round):
 * recognition CPU −9-13 % on the bench pages, same CER, same field F1 and text on the set's scans and photos
 * but one stray mark; 256 began to add punctuation to short lines (性别勇，民族汉).
 */
export const REC_SQUEEZE_FROM = 320;
/** A batch's widest line is at most this many times its narrowest. */
export const REC_MAX_PAD_RATIO = 1.25;
/** The recogniser's input height (PP-OCRv4 is trained at 48). */
export const REC_HEIGHT = 48;
const REC_MIN_WIDTH = 64;
/** Lines recognised under this mean probability are left out (as @gutenye/ocr-node did). */
const MIN_LINE_CONFIDENCE = 0.5;

export interface RecognisedLine {
  text: string;
  confidence: number;
  /** Corners in the (turned) page image's pixels. */
  box: [number, number][];
}

export interface RecognizerModel {
  rec: ort.InferenceSession;
  dictionary: string[];
}

/** A rectangle as the recogniser reads it: text standing upright (a column) is read top to bottom. */
export function readingRect(r: TextRect): TextRect {
  if (r.h < 1.5 * r.w) return r;
  return { ...r, ux: -r.uy, uy: r.ux, w: r.h, h: r.w };
}

/** Samples one line into sample slot `offset` of a [n, 3, 48, width] tensor (channels equal, padding 0). */
export function fillLine(
  img: GrayImage,
  rect: TextRect,
  input: Float32Array,
  offset: number,
  size: { width: number; drawWidth: number },
): void {
  const plane = REC_HEIGHT * size.width;
  sampleRect(img, rect, {
    out: input,
    offset,
    outWidth: size.width,
    outHeight: REC_HEIGHT,
    drawWidth: Math.max(1, size.drawWidth),
  }, { mean: 0.5, std: 0.5 });
  input.copyWithin(offset + plane, offset, offset + plane);
  input.copyWithin(offset + 2 * plane, offset, offset + plane);
}

/** How lines are fed to the recogniser (the defaults are the measured choice; see ADR 010). */
export interface RecOptions {
  /** At most this many lines per model call. */
  batchSize?: number;
  /** A batch holds only lines whose widths are within this factor of its narrowest (padding wasted). */
  maxPadRatio?: number;
  /** Lines are drawn this much narrower than their aspect ratio gives (1 = as they are). */
  xScale?: number;
  /** Lines up to this wide are drawn as they are (xScale applies above it). */
  squeezeFrom?: number;
  /** Lines wider than this (after xScale) are squeezed to it. */
  maxWidth?: number;
  /** Model input height (the model is trained at REC_HEIGHT). */
  height?: number;
}

/** The width a line `natural` pixels wide (at the model's height) is drawn at. */
export function drawnWidth(natural: number, xScale: number, squeezeFrom: number): number {
  return Math.ceil(natural <= squeezeFrom ? natural : Math.max(squeezeFrom, natural * xScale));
}

interface Piece {
  data: Float32Array;
  width: number;
}

/**
 * Groups line indexes into batches: lines sorted by width (narrowest first), a batch closed when it holds
 * `batchSize` lines or the next line is more than `maxPadRatio` times wider than the batch's first.
 */
export function groupByWidth(
  widths: number[],
  options: { batchSize: number; maxPadRatio: number },
): number[][] {
  const order = widths.map((_, k) => k).sort((a, b) => widths[a] - widths[b] || a - b);
  const batches: number[][] = [];
  let batch: number[] = [];
  for (const k of order) {
    if (
      batch.length > 0 &&
      (batch.length >= options.batchSize || widths[k] > options.maxPadRatio * widths[batch[0]])
    ) {
      batches.push(batch);
      batch = [];
    }
    batch.push(k);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** Reads the lines in `rects` (boxes in `img`'s pixels); lines read with low confidence are left out. */
export async function recognizeRects(
  model: RecognizerModel,
  img: GrayImage,
  rects: TextRect[],
  options: RecOptions = {},
): Promise<RecognisedLine[]> {
  const height = options.height ?? REC_HEIGHT;
  const xScale = options.xScale ?? REC_X_SCALE;
  const squeezeFrom = options.squeezeFrom ?? REC_SQUEEZE_FROM;
  const maxWidth = options.maxWidth ?? Infinity;
  // Each line sampled once at the recogniser's height, straight from the full-size page. (Cutting long
  // lines at gaps into ~400 px pieces was measured too: no CPU saved, photos read worse.)
  const pieces: Piece[] = [];
  const boxes = rects.map((r) => rectCorners(r));
  for (const r of rects) {
    const read = readingRect(r);
    const width = Math.max(8, Math.min(maxWidth, drawnWidth(height * read.w / read.h, xScale, squeezeFrom)));
    const data = new Float32Array(height * width);
    sampleRect(
      img,
      read,
      { out: data, offset: 0, outWidth: width, outHeight: height, drawWidth: width },
      { mean: 0.5, std: 0.5 },
    );
    pieces.push({ data, width });
  }
  const batches = groupByWidth(pieces.map((p) => Math.max(REC_MIN_WIDTH, p.width)), {
    batchSize: options.batchSize ?? REC_BATCH,
    maxPadRatio: options.maxPadRatio ?? REC_MAX_PAD_RATIO,
  });
  const decoded: DecodedLine[] = new Array(pieces.length);
  for (const batch of batches) {
    const width = Math.max(REC_MIN_WIDTH, ...batch.map((k) => pieces[k].width));
    const plane = height * width;
    // Padding is 0 after normalisation, as PaddleOCR pads its batches.
    const input = new Float32Array(batch.length * 3 * plane);
    for (const [n, k] of batch.entries()) {
      const p = pieces[k];
      for (let c = 0; c < 3; c++) {
        for (let y = 0; y < height; y++) {
          input.set(p.data.subarray(y * p.width, (y + 1) * p.width), (n * 3 + c) * plane + y * width);
        }
      }
    }
    const out = await model.rec.run({
      [model.rec.inputNames[0]]: new ort.Tensor("float32", input, [batch.length, 3, height, width]),
    });
    const tensor = out[model.rec.outputNames[0]];
    const [, steps, classes] = tensor.dims as number[];
    for (const [n, k] of batch.entries()) {
      decoded[k] = decodeCtc(tensor.data as Float32Array, { steps, classes }, n, model.dictionary);
    }
  }
  const lines: RecognisedLine[] = [];
  for (const [i, d] of decoded.entries()) {
    const text = d.text.trim();
    if (!text || d.confidence < MIN_LINE_CONFIDENCE) continue;
    lines.push({ text, confidence: d.confidence, box: boxes[i] });
  }
  return lines;
}
