/**
 * Grey page pixels made ready for the recogniser (issue #10 §1, #26): the EXIF orientation, the shrink to
 * the recogniser's page size, and the straightening of a small tilt (projection profiles). Pure arithmetic
 * on pixels already decoded (by djpeg, pdftoppm or the image worker's JS decoders), so it runs wherever
 * the caller is: in the server for pixels our own tools made, in the permission-less image worker after
 * it decoded an uploaded PNG.
 */
import { encodePgm, type GrayPixels } from "./pgm.ts";

type Gray = GrayPixels;

/** Applies EXIF orientation 1-8 (mirrors included). */
export function orient(img: Gray, orientation: number): Gray {
  if (orientation <= 1 || orientation > 8) return img;
  const { width: w, height: h, data } = img;
  const swap = orientation >= 5;
  const ow = swap ? h : w;
  const oh = swap ? w : h;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      let sx: number, sy: number;
      switch (orientation) {
        case 2:
          [sx, sy] = [w - 1 - x, y];
          break;
        case 3:
          [sx, sy] = [w - 1 - x, h - 1 - y];
          break;
        case 4:
          [sx, sy] = [x, h - 1 - y];
          break;
        case 5:
          [sx, sy] = [y, x];
          break;
        case 6:
          [sx, sy] = [y, h - 1 - x];
          break;
        case 7:
          [sx, sy] = [w - 1 - y, h - 1 - x];
          break;
        default:
          [sx, sy] = [w - 1 - y, x];
          break; // 8
      }
      out[y * ow + x] = data[sy * w + sx];
    }
  }
  return { width: ow, height: oh, data: out };
}

/** Turns clockwise by 90, 180 or 270 degrees. */
export function rotate(img: Gray, degrees: 90 | 180 | 270): Gray {
  return orient(img, degrees === 90 ? 6 : degrees === 180 ? 3 : 8);
}

/** Area-average shrink so the long side is at most `maxSide`. */
export function shrink(img: Gray, maxSide: number): Gray {
  const long = Math.max(img.width, img.height);
  if (long <= maxSide) return img;
  const f = long / maxSide;
  const ow = Math.max(1, Math.round(img.width / f));
  const oh = Math.max(1, Math.round(img.height / f));
  const out = new Uint8Array(ow * oh);
  // Each output column's source columns, worked out once rather than per pixel.
  const xs0 = new Int32Array(ow), xs1 = new Int32Array(ow);
  for (let x = 0; x < ow; x++) {
    xs0[x] = Math.floor(x * f);
    xs1[x] = Math.min(img.width, Math.max(xs0[x] + 1, Math.floor((x + 1) * f)));
  }
  const src = img.data, width = img.width;
  for (let y = 0; y < oh; y++) {
    const y0 = Math.floor(y * f), y1 = Math.min(img.height, Math.max(y0 + 1, Math.floor((y + 1) * f)));
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
  return { width: ow, height: oh, data: out };
}

/**
 * The small tilt of text lines (within ±5°), by projection profiles: on a shrunk, thresholded copy, the
 * angle whose row sums vary most is the one that lines the text up with the rows. `score` is that variation
 * (how strongly the dark pixels form rows); 0 when the page is nearly blank or nearly black.
 */
export function skewProfile(img: Gray): { angle: number; score: number } {
  const small = shrink(img, 800);
  const { width: w, height: h, data } = small;
  let mean = 0;
  for (let i = 0; i < data.length; i++) mean += data[i];
  mean /= data.length;
  const threshold = Math.min(mean * 0.75, 160);
  const xs: number[] = [], ys: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (data[y * w + x] < threshold) {
        xs.push(x - w / 2);
        ys.push(y);
      }
    }
  }
  if (xs.length < 200 || xs.length > data.length * 0.5) return { angle: 0, score: 0 };
  const score = (deg: number): number => {
    const t = Math.tan((deg * Math.PI) / 180);
    const bins = new Float64Array(h * 2 + 4);
    for (let i = 0; i < xs.length; i++) {
      const row = Math.round(ys[i] - xs[i] * t) + h;
      if (row >= 0 && row < bins.length) bins[row]++;
    }
    let s = 0;
    for (let i = 1; i < bins.length; i++) s += (bins[i] - bins[i - 1]) ** 2;
    return s / xs.length;
  };
  const base = score(0);
  let best = 0, bestScore = base;
  for (let deg = -5; deg <= 5.001; deg += 0.5) {
    const s = score(deg);
    if (s > bestScore) [best, bestScore] = [deg, s];
  }
  for (let deg = best - 0.4; deg <= best + 0.401; deg += 0.1) {
    const s = score(deg);
    if (s > bestScore) [best, bestScore] = [deg, s];
  }
  // The base score with no rotation must be clearly beaten, else leave the page alone.
  const angle = Math.abs(best) < 0.3 || bestScore < base * 1.05 ? 0 : Math.round(best * 10) / 10;
  return { angle, score: bestScore };
}

export function estimateSkew(img: Gray): number {
  return skewProfile(img).angle;
}

/** Rotates by a small angle around the centre (bilinear), filling the corners with white. */
export function rotateSmall(img: Gray, degrees: number, size?: { width: number; height: number }): Gray {
  const { width: w, height: h, data } = img;
  // The output may be a little smaller than the input: turned and shrunk in one bilinear pass.
  const ow = size?.width ?? w, oh = size?.height ?? h;
  const kx = w / ow, ky = h / oh;
  const a = (-degrees * Math.PI) / 180;
  const cos = Math.cos(a), sin = Math.sin(a);
  const cx = w / 2, cy = h / 2, ocx = ow / 2, ocy = oh / 2;
  const out = new Uint8Array(ow * oh);
  for (let y = 0; y < oh; y++) {
    const dy = (y - ocy) * ky;
    for (let x = 0; x < ow; x++) {
      const dx = (x - ocx) * kx;
      const sx = cx + dx * cos - dy * sin;
      const sy = cy + dx * sin + dy * cos;
      const x0 = Math.floor(sx), y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= w || y0 + 1 >= h) {
        out[y * ow + x] = 255;
        continue;
      }
      const fx = sx - x0, fy = sy - y0;
      const p = y0 * w + x0;
      out[y * ow + x] = (data[p] * (1 - fx) + data[p + 1] * fx) * (1 - fy) +
        (data[p + w] * (1 - fx) + data[p + w + 1] * fx) * fy;
    }
  }
  return { width: ow, height: oh, data: out };
}

/** The size shrink() gives an image for `maxSide`. */
function shrunkSize(img: Gray, maxSide: number): { width: number; height: number; factor: number } {
  const long = Math.max(img.width, img.height);
  if (long <= maxSide) return { width: img.width, height: img.height, factor: 1 };
  const f = long / maxSide;
  return {
    width: Math.max(1, Math.round(img.width / f)),
    height: Math.max(1, Math.round(img.height / f)),
    factor: f,
  };
}

/**
 * Up to this shrink factor a tilted page is turned and shrunk in one bilinear pass (djpeg's DCT scale leaves
 * at most 6/5 to go); a bigger shrink is an area average first, as bilinear sampling would alias.
 */
const FUSED_SHRINK_MAX = 1.25;

export interface PreparedPixels {
  pixels: GrayPixels;
  /** The pixels as a grey PGM (the recogniser's input). */
  pgm: Uint8Array;
  /** Degrees the tilt was corrected by (0 when none). */
  deskewDegrees: number;
}

function prepared(img: Gray, deskewDegrees: number): PreparedPixels {
  return { pixels: img, pgm: encodePgm(img), deskewDegrees };
}

/** EXIF orientation, shrink to `maxSide`, and (with `deskew`) a small tilt straightened. */
export function preparePixels(
  img: Gray,
  options: { orientation: number; maxSide: number; deskew: boolean },
): PreparedPixels {
  img = orient(img, options.orientation);
  const target = shrunkSize(img, options.maxSide);
  if (!options.deskew || target.factor > FUSED_SHRINK_MAX) img = shrink(img, options.maxSide);
  const skew = options.deskew ? estimateSkew(img) : 0;
  if (skew !== 0) img = rotateSmall(img, -skew, target);
  else img = shrink(img, options.maxSide);
  return prepared(img, skew === 0 ? 0 : -skew);
}

/** Turns prepared pixels clockwise by 90, 180 or 270 degrees; a page turned upright may still lean: straightened. */
export function turnPixels(img: Gray, degrees: 90 | 180 | 270): PreparedPixels {
  img = rotate(img, degrees);
  const skew = estimateSkew(img);
  if (skew !== 0) img = rotateSmall(img, -skew);
  return prepared(img, skew === 0 ? 0 : -skew);
}
