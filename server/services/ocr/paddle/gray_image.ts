/**
 * Grey page images for the recogniser: turning by quarter turns, shrinking for the detector, and sampling
 * a rotated text line straight into a model input (crop and resize in one step, from the full-size image).
 */
import type { TextRect } from "./text_boxes.ts";

export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export type QuarterTurn = 0 | 90 | 180 | 270;

/** Turns an image clockwise. */
export function turnImage(img: GrayImage, degrees: QuarterTurn): GrayImage {
  if (degrees === 0) return img;
  const { width: w, height: h, data } = img;
  const quarter = degrees !== 180;
  const out = new Uint8Array(w * h);
  const ow = quarter ? h : w;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const [nx, ny] = degrees === 90
        ? [h - 1 - y, x]
        : degrees === 180
        ? [w - 1 - x, h - 1 - y]
        : [y, w - 1 - x];
      out[ny * ow + nx] = data[row + x];
    }
  }
  return { data: out, width: ow, height: quarter ? w : h };
}

/**
 * Where a rectangle of an image lies after the image is turned clockwise (u may then need normalising).
 * Coordinates are continuous (pixel i spans i..i+1), so a quarter turn maps (x, y) to (height − y, x).
 */
export function turnRect<T extends TextRect>(
  rect: T,
  degrees: QuarterTurn,
  width: number,
  height: number,
): T {
  const { cx, cy, ux, uy } = rect;
  if (degrees === 90) return { ...rect, cx: height - cy, cy: cx, ux: -uy, uy: ux };
  if (degrees === 180) return { ...rect, cx: width - cx, cy: height - cy, ux: -ux, uy: -uy };
  if (degrees === 270) return { ...rect, cx: cy, cy: width - cx, ux: uy, uy: -ux };
  return rect;
}

/** Area-averaged shrink so the long side is at most `maxSide` (never enlarges). */
export function shrinkImage(img: GrayImage, maxSide: number): GrayImage {
  const scale = Math.min(1, maxSide / Math.max(img.width, img.height));
  if (scale === 1) return img;
  const ow = Math.max(1, Math.round(img.width * scale)), oh = Math.max(1, Math.round(img.height * scale));
  const out = new Uint8Array(ow * oh);
  const fx = img.width / ow, fy = img.height / oh;
  // Each output column's source columns, worked out once rather than per pixel.
  const xs0 = new Int32Array(ow), xs1 = new Int32Array(ow);
  for (let x = 0; x < ow; x++) {
    xs0[x] = Math.floor(x * fx);
    xs1[x] = Math.max(xs0[x] + 1, Math.floor((x + 1) * fx));
  }
  const src = img.data, width = img.width;
  for (let y = 0; y < oh; y++) {
    const y0 = Math.floor(y * fy), y1 = Math.max(y0 + 1, Math.floor((y + 1) * fy));
    for (let x = 0; x < ow; x++) {
      const x0 = xs0[x], x1 = xs1[x];
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) {
        const row = yy * width;
        for (let xx = x0; xx < x1; xx++) sum += src[row + xx];
      }
      out[y * ow + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return { data: out, width: ow, height: oh };
}

/**
 * Fills `out` (one channel of a float tensor, `outWidth` × `outHeight`, already holding the padding) with
 * the rectangle's pixels sampled from `img`, stretched to `drawWidth` × `outHeight` and normalised by
 * `(v / 255 − mean) / std`. Several bilinear samples per output pixel when the line is shrunk a lot.
 */
export function sampleRect(
  img: GrayImage,
  rect: TextRect,
  target: { out: Float32Array; offset: number; outWidth: number; outHeight: number; drawWidth: number },
  norm: { mean: number; std: number },
): void {
  const { out, offset, outWidth, outHeight, drawWidth } = target;
  const { cx, cy, ux, uy, w, h } = rect;
  const vx = -uy, vy = ux;
  const scale = h / outHeight;
  const k = Math.max(1, Math.min(3, Math.ceil(scale - 0.25)));
  const { data, width, height } = img;
  const mul = 1 / (255 * norm.std * k * k), add = -norm.mean / norm.std;
  for (let oy = 0; oy < outHeight; oy++) {
    for (let ox = 0; ox < drawWidth; ox++) {
      let sum = 0;
      for (let sy = 0; sy < k; sy++) {
        const tv = ((oy + (sy + 0.5) / k) / outHeight - 0.5) * h;
        for (let sx = 0; sx < k; sx++) {
          const tu = ((ox + (sx + 0.5) / k) / drawWidth - 0.5) * w;
          let x = cx + ux * tu + vx * tv - 0.5, y = cy + uy * tu + vy * tv - 0.5;
          if (x < 0) x = 0;
          else if (x > width - 1) x = width - 1;
          if (y < 0) y = 0;
          else if (y > height - 1) y = height - 1;
          const x0 = x | 0, y0 = y | 0;
          const x1 = x0 + 1 < width ? x0 + 1 : x0, y1 = y0 + 1 < height ? y0 + 1 : y0;
          const fx = x - x0, fy = y - y0;
          const a = data[y0 * width + x0], b = data[y0 * width + x1];
          const c = data[y1 * width + x0], d = data[y1 * width + x1];
          sum += (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy;
        }
      }
      out[offset + oy * outWidth + ox] = sum * mul + add;
    }
  }
}
