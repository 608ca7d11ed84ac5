import type { Context } from "hono";
import { extname } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * Serves the Vite build (web/dist). Hashed files under /assets are cached for a year; any other
 * path that is not a file gets index.html, so the browser router handles it.
 */
export function createWebHandler(distDir: string) {
  return async (c: Context): Promise<Response> => {
    const path = decodeURIComponent(new URL(c.req.url).pathname);
    if (path.includes("..") || path.includes("\0")) return c.text("Not Found", 404);
    const file = path === "/" ? "/index.html" : path;
    const immutable = file.startsWith("/assets/");
    // The build writes a .gz copy beside each larger asset; Deno.serve does not compress by itself.
    if (immutable && /\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) {
      const gz = await tryFile(`${distDir}${file}.gz`, true, TYPES[extname(file)]);
      if (gz) {
        gz.headers.set("content-encoding", "gzip");
        gz.headers.set("vary", "accept-encoding");
        return gz;
      }
    }
    const served = await tryFile(`${distDir}${file}`, immutable);
    if (served) return served;
    if (extname(file) !== "" && file !== "/index.html") return c.text("Not Found", 404);
    const index = await tryFile(`${distDir}/index.html`, false);
    return index ?? c.text("网页尚未构建：请先运行 deno task build", 503);
  };
}

async function tryFile(path: string, immutable: boolean, contentType?: string): Promise<Response | null> {
  try {
    const file = await Deno.open(path, { read: true });
    const info = await file.stat();
    if (!info.isFile) {
      file.close();
      return null;
    }
    return new Response(file.readable, {
      headers: {
        "content-type": contentType ?? TYPES[extname(path)] ?? "application/octet-stream",
        "content-length": String(info.size),
        "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      },
    });
  } catch {
    return null;
  }
}
