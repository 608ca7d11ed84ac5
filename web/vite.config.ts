import { readFile, writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

const root = new URL(".", import.meta.url).pathname;

/** Packages every screen needs: cached across releases in their own chunks. */
const REACT_VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
const ANTD_VENDOR =
  /node_modules[\\/](antd|@ant-design|@rc-component|@babel[\\/]runtime|dayjs|clsx|stylis|@emotion)[\\/]/;

/**
 * Writes `<file>.gz` beside every script and stylesheet of the build (Deno.serve does not compress
 * responses by itself), so the server can answer `Accept-Encoding: gzip` without spending CPU.
 */
function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName)) continue;
        const path = `${options.dir}/${fileName}`;
        const data = await readFile(path);
        if (data.byteLength >= 1024) await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root,
  base: "/",
  publicDir: false,
  plugins: [precompressAssets()],
  // Vite's built-in oxc transform (no React plugin, no fast refresh).
  oxc: { jsx: { runtime: "automatic", importSource: "react" } },
  build: {
    // WEB_DIST (an absolute folder) lets a developer build beside another build; main.ts reads it too.
    outDir: Deno.env.get("WEB_DIST") || "dist",
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 1000,
    sourcemap: Deno.env.get("WEB_SOURCEMAP") === "1",
    rolldownOptions: {
      // antd marks its modules "use client"; that directive means nothing in a browser bundle.
      onLog(level, log, handler) {
        if (log.code === "MODULE_LEVEL_DIRECTIVE") return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          groups: [
            { name: "vendor-react", test: REACT_VENDOR, priority: 3 },
            // Only the antd code the entry itself needs (ConfigProvider, App, message, locale):
            // components used by lazy pages stay with those pages, so the login page stays small.
            { name: "vendor-antd", test: ANTD_VENDOR, tags: ["$initial"], priority: 2 },
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:8000" } },
});
