/**
 * JPEG photos decoded by libjpeg-turbo's `djpeg` (Debian libjpeg-turbo-progs, installed by scripts/setup.sh)
 * as a trusted tool in its own process, like poppler: straight to grey (the colour planes are never
 * converted) and scaled down in the DCT to the smallest eighth that still covers the page size the
 * recogniser wants. Issue #26: a 3.9 MP phone photo took 1.0 CPU s in jpeg-js, 0.02 s here.
 */
import { runTool } from "./run_tool.ts";
import { type GrayPixels, parsePgm } from "./pgm.ts";

/**
 * The DCT scale (n/8, n = 1..8) for a `width` × `height` JPEG: the smallest whose long side still reaches
 * `longSide` (djpeg rounds scaled sizes up), so the image is only ever shrunk afterwards, never enlarged.
 */
export function jpegScaleEighths(width: number, height: number, longSide: number): number {
  const long = Math.max(width, height);
  for (let n = 1; n < 8; n++) if (Math.ceil((long * n) / 8) >= longSide) return n;
  return 8;
}

let missing = false;

/**
 * Grey pixels of a JPEG whose header said `width` × `height` (the pixel cap is checked before this is
 * called), at the DCT scale for `longSide`. Null when djpeg is not installed or cannot read the file (a
 * CMYK or arithmetic-coded JPEG, a broken one): the caller then decodes it in JS, which says what is wrong.
 * A JPEG cut short still gives its pixels (djpeg warns, fills the rest grey), as a photo's top half reads.
 */
export async function decodeJpegGray(
  bytes: Uint8Array,
  options: { width: number; height: number; longSide: number; timeoutMs: number; signal?: AbortSignal },
): Promise<GrayPixels | null> {
  if (missing) return null;
  const n = jpegScaleEighths(options.width, options.height, options.longSide);
  let out;
  try {
    out = await runTool("djpeg", ["-grayscale", "-scale", `${n}/8`, "-pnm"], {
      stdin: bytes,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) {
      missing = true;
      console.warn("djpeg (libjpeg-turbo-progs) is not installed: JPEG photos are decoded in JS, slower");
      return null;
    }
    throw err;
  }
  // 2 is djpeg's "finished with warnings" (a corrupt or truncated stream it could still decode).
  if (out.code !== 0 && out.code !== 2) return null;
  const img = parsePgm(out.stdout);
  const expected = [Math.ceil((options.width * n) / 8), Math.ceil((options.height * n) / 8)];
  if (!img || img.width !== expected[0] || img.height !== expected[1]) return null;
  return img;
}
