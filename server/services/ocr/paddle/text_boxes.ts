/**
 * DB post-processing of PaddleOCR's text detector (the `DBPostProcess` of PaddleOCR, written small):
 * the probability map is thresholded, each connected region becomes its minimum-area rectangle, weak
 * regions are dropped, and the rectangle is grown back ("unclip") to cover the whole text line.
 * Pure functions on typed arrays; tested in text_boxes_test.ts.
 */

/** A rotated rectangle: centre, unit reading direction u (v is u turned 90° clockwise), size along u and v. */
export interface TextRect {
  cx: number;
  cy: number;
  ux: number;
  uy: number;
  /** Extent along u (the reading direction). */
  w: number;
  /** Extent along v. */
  h: number;
  /** Mean probability of the region (the detector's confidence). */
  score: number;
}

export interface BoxOptions {
  /** Probability over which a pixel is text (PaddleOCR det_db_thresh). */
  threshold: number;
  /** A region whose mean probability is under this is dropped (det_db_box_thresh). */
  boxThreshold: number;
  /** How far a region is grown: area × ratio / perimeter (det_db_unclip_ratio). */
  unclipRatio: number;
  /** Regions kept at most (largest first). */
  maxCandidates: number;
}

export const DEFAULT_BOX_OPTIONS: BoxOptions = {
  threshold: 0.3,
  boxThreshold: 0.6,
  unclipRatio: 1.5,
  maxCandidates: 1000,
};

/**
 * Text rectangles of a probability map `prob` (width × height, row-major), in the map's pixels, with u the
 * side nearer to horizontal pointing right: a line running down the page has h > w.
 */
export function findTextRects(
  prob: Float32Array,
  width: number,
  height: number,
  options: BoxOptions = DEFAULT_BOX_OPTIONS,
): TextRect[] {
  const label = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  const rects: TextRect[] = [];
  let next = 0;
  for (let start = 0; start < prob.length; start++) {
    if (label[start] !== 0 || prob[start] <= options.threshold) continue;
    next++;
    // Flood fill (8-connected), keeping each row's leftmost and rightmost pixel: enough for the hull.
    let top = 0, count = 0, sum = 0;
    stack[top++] = start;
    label[start] = next;
    const rowMin = new Map<number, number>();
    const rowMax = new Map<number, number>();
    while (top > 0) {
      const p = stack[--top];
      const y = (p / width) | 0, x = p - y * width;
      count++;
      sum += prob[p];
      const lo = rowMin.get(y);
      if (lo === undefined || x < lo) rowMin.set(y, x);
      const hi = rowMax.get(y);
      if (hi === undefined || x > hi) rowMax.set(y, x);
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width || (dx === 0 && dy === 0)) continue;
          const q = yy * width + xx;
          if (label[q] === 0 && prob[q] > options.threshold) {
            label[q] = next;
            stack[top++] = q;
          }
        }
      }
    }
    if (count < 4) continue;
    const score = sum / count;
    if (score < options.boxThreshold) continue;
    const points: [number, number][] = [];
    for (const [y, x] of rowMin) {
      // Pixel corners, so a one-pixel-high row still has an extent.
      points.push([x, y], [x, y + 1], [rowMax.get(y)! + 1, y], [rowMax.get(y)! + 1, y + 1]);
    }
    const rect = minAreaRect(points);
    if (Math.min(rect.w, rect.h) < 3) continue;
    const grown = unclip(rect, options.unclipRatio);
    if (Math.min(grown.w, grown.h) < 5) continue;
    rects.push({ ...grown, score });
  }
  rects.sort((a, b) => b.w * b.h - a.w * a.h);
  return rects.slice(0, options.maxCandidates);
}

/** Grows a rectangle by area × ratio / perimeter on every side (the rectangle of PaddleOCR's polygon offset). */
export function unclip(rect: Omit<TextRect, "score">, ratio: number): Omit<TextRect, "score"> {
  const d = (rect.w * rect.h * ratio) / (2 * (rect.w + rect.h));
  return { ...rect, w: rect.w + 2 * d, h: rect.h + 2 * d };
}

/** Convex hull (monotone chain), counter-clockwise in y-down coordinates. */
function convexHull(points: [number, number][]): [number, number][] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length <= 2) return pts;
  const cross = (o: number[], a: number[], b: number[]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: [number, number][] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/** The minimum-area rectangle around points (rotating calipers over the hull's edges), u near horizontal. */
export function minAreaRect(points: [number, number][]): Omit<TextRect, "score"> {
  const hull = convexHull(points);
  let best = { area: Infinity, ux: 1, uy: 0, minU: 0, maxU: 0, minV: 0, maxV: 0 };
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i], b = hull[(i + 1) % hull.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len === 0) continue;
    const ux = (b[0] - a[0]) / len, uy = (b[1] - a[1]) / len;
    let minU = Infinity, maxU = -Infinity, minV = Infinity, maxV = -Infinity;
    for (const p of hull) {
      const pu = p[0] * ux + p[1] * uy, pv = -p[0] * uy + p[1] * ux;
      if (pu < minU) minU = pu;
      if (pu > maxU) maxU = pu;
      if (pv < minV) minV = pv;
      if (pv > maxV) maxV = pv;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < best.area) best = { area, ux, uy, minU, maxU, minV, maxV };
  }
  const { ux, uy, minU, maxU, minV, maxV } = best;
  const mu = (minU + maxU) / 2, mv = (minV + maxV) / 2;
  // Back from (u, v) to (x, y): x = u·ux − v·uy, y = u·uy + v·ux.
  return normalizeRect({
    cx: mu * ux - mv * uy,
    cy: mu * uy + mv * ux,
    ux,
    uy,
    w: maxU - minU,
    h: maxV - minV,
  });
}

/** Picks, of the rectangle's two axes, the one nearer to horizontal as u, pointing right. */
export function normalizeRect<T extends Omit<TextRect, "score">>(rect: T): T {
  let { ux, uy, w, h } = rect;
  if (Math.abs(uy) > Math.abs(ux)) {
    // v = (−uy, ux) is nearer to horizontal: it becomes u, and the sizes swap.
    [ux, uy] = [-uy, ux];
    [w, h] = [h, w];
  }
  if (ux < 0) [ux, uy] = [-ux, -uy];
  return { ...rect, ux, uy, w, h };
}

/** The four corners (top-left, top-right, bottom-right, bottom-left in reading direction). */
export function rectCorners(rect: Omit<TextRect, "score">): [number, number][] {
  const { cx, cy, ux, uy, w, h } = rect;
  const vx = -uy, vy = ux;
  const hw = w / 2, hh = h / 2;
  return [
    [cx - ux * hw - vx * hh, cy - uy * hw - vy * hh],
    [cx + ux * hw - vx * hh, cy + uy * hw - vy * hh],
    [cx + ux * hw + vx * hh, cy + uy * hw + vy * hh],
    [cx - ux * hw + vx * hh, cy - uy * hw + vy * hh],
  ];
}
