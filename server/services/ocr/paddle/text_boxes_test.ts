import assert from "node:assert/strict";
import { findTextRects, minAreaRect, normalizeRect, rectCorners } from "./text_boxes.ts";
import { turnImage, turnRect } from "./gray_image.ts";
import { isSideways } from "./paddle_pipeline.ts";

/** A probability map with filled rectangles [x0, y0, x1, y1, p]. */
function map(width: number, height: number, boxes: number[][]): Float32Array {
  const prob = new Float32Array(width * height);
  for (const [x0, y0, x1, y1, p] of boxes) {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) prob[y * width + x] = p;
  }
  return prob;
}

Deno.test("findTextRects() finds each region, grows it by area × 1.5 / perimeter, and drops weak ones", () => {
  const prob = map(200, 100, [[20, 10, 120, 20, 0.9], [30, 50, 60, 80, 0.8], [150, 50, 190, 60, 0.4]]);
  const rects = findTextRects(prob, 200, 100);
  assert.equal(rects.length, 2, "the region at 0.4 mean probability is dropped");
  const line = rects.find((r) => r.w > r.h)!;
  // 100 × 10: d = 100·10·1.5 / 220 ≈ 6.8 on each side.
  assert.ok(Math.abs(line.w - (100 + 2 * 6.82)) < 0.1, String(line.w));
  assert.ok(Math.abs(line.h - (10 + 2 * 6.82)) < 0.1, String(line.h));
  assert.ok(Math.abs(line.cx - 70) < 0.01 && Math.abs(line.cy - 15) < 0.01);
  assert.ok(Math.abs(line.score - 0.9) < 1e-6);
});

Deno.test("minAreaRect() follows a tilted line and keeps the reading direction near horizontal", () => {
  const a = (5 * Math.PI) / 180;
  const points: [number, number][] = [];
  for (let t = 0; t <= 200; t += 2) {
    for (const v of [0, 20]) {
      points.push([t * Math.cos(a) - v * Math.sin(a), t * Math.sin(a) + v * Math.cos(a)]);
    }
  }
  const r = minAreaRect(points);
  assert.ok(Math.abs(r.w - 200) < 0.5 && Math.abs(r.h - 20) < 0.5, `${r.w} × ${r.h}`);
  assert.ok(Math.abs(Math.atan2(r.uy, r.ux) - a) < 1e-3);
  // A column of text: the near-horizontal axis is the short one, so h > w.
  const column = normalizeRect({ cx: 0, cy: 0, ux: 0, uy: 1, w: 300, h: 30 });
  assert.deepEqual([column.w, column.h, column.ux > 0], [30, 300, true]);
});

Deno.test("turnRect() follows turnImage(): a rectangle's corners land on the same pixels after a turn", () => {
  const img = { data: new Uint8Array(12 * 8), width: 12, height: 8 };
  img.data[2 * 12 + 3] = 255; // pixel (3, 2)
  const rect = { cx: 3.5, cy: 2.5, ux: 1, uy: 0, w: 1, h: 1, score: 1 };
  for (const turn of [90, 180, 270] as const) {
    const turned = turnImage(img, turn);
    const r = turnRect(rect, turn, img.width, img.height);
    const [x, y] = [Math.floor(r.cx + 0.5) - 1, Math.floor(r.cy + 0.5) - 1];
    // Pixel centres: (cx − 0.5, cy − 0.5) of the rectangle is the marked pixel's index.
    assert.equal(
      turned.data[Math.round(r.cy - 0.5) * turned.width + Math.round(r.cx - 0.5)],
      255,
      `turn ${turn}`,
    );
    assert.ok(x >= 0 && y >= 0);
  }
  assert.deepEqual(turnImage(img, 90).width, 8);
  assert.equal(rectCorners({ cx: 5, cy: 5, ux: 1, uy: 0, w: 4, h: 2 })[2].join(","), "7,6");
});

Deno.test("isSideways(): mostly upright boxes mean a page on its side; a form with a few columns is not", () => {
  const row = { cx: 0, cy: 0, ux: 1, uy: 0, w: 400, h: 30, score: 1 };
  const column = { ...row, w: 30, h: 400 };
  assert.equal(isSideways([column, column, column, column, row]), true);
  assert.equal(isSideways([row, row, row, row, column, column]), false);
  assert.equal(isSideways([column, column]), false, "too few to say");
});
