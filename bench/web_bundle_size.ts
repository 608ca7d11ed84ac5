/**
 * First-load size of the login page: what a browser fetches for /login, gzipped.
 *
 *   deno task build && deno run -A bench/web_bundle_size.ts [web/dist]
 *
 * Reads index.html, follows its script / modulepreload / stylesheet links and every static import
 * inside them (the entry chunk), adds the login page chunk and its static imports, gzips each file
 * with CompressionStream and prints the sizes and the total. Budget: 300 KB. Prints; asserts nothing.
 */
const BUDGET_BYTES = 300 * 1024;
const LOGIN_CHUNK = /^LoginPage-[\w-]+\.js$/;

const dist = Deno.args[0] ?? new URL("../web/dist", import.meta.url).pathname;

/** Static `import ... from "./x.js"`, `import "./x.js"` and `export ... from "./x.js"`; not `import()`. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'()]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.(?:js|css))["']/g;
const HTML_LINK = /<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"[^>]*>/g;

async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

function resolveAsset(fromFile: string, specifier: string): string {
  return new URL(specifier, `file://${fromFile}`).pathname;
}

/** Adds `file` and, for scripts, everything it imports statically. */
async function collect(file: string, seen: Set<string>): Promise<void> {
  if (seen.has(file)) return;
  seen.add(file);
  if (!file.endsWith(".js")) return;
  const code = await Deno.readTextFile(file);
  for (const match of code.matchAll(STATIC_IMPORT)) {
    await collect(resolveAsset(file, match[1]), seen);
  }
}

const html = await Deno.readTextFile(`${dist}/index.html`);
const files = new Set<string>();
for (const match of html.matchAll(HTML_LINK)) {
  const tag = match[0];
  const url = match[1];
  const wanted = tag.startsWith("<script") || /rel="(modulepreload|stylesheet)"/.test(tag);
  if (wanted && url.startsWith("/assets/")) await collect(`${dist}${url}`, files);
}
const assets = [...Deno.readDirSync(`${dist}/assets`)].map((entry) => entry.name);
const loginChunk = assets.find((name) => LOGIN_CHUNK.test(name));
if (!loginChunk) {
  console.error(`no LoginPage chunk in ${dist}/assets: run deno task build first`);
  Deno.exit(1);
}
await collect(`${dist}/assets/${loginChunk}`, files);
// CSS emitted for the login chunk (antd uses CSS-in-JS, so usually none).
for (const name of assets) {
  if (name.endsWith(".css") && name.startsWith("LoginPage-")) files.add(`${dist}/assets/${name}`);
}

let rawTotal = 0;
let gzipTotal = 0;
const rows: { file: string; raw: number; gzip: number }[] = [];
for (const file of files) {
  const bytes = await Deno.readFile(file);
  const gzip = await gzipSize(bytes);
  rawTotal += bytes.byteLength;
  gzipTotal += gzip;
  rows.push({ file: file.slice(dist.length + 1), raw: bytes.byteLength, gzip });
}
rows.sort((a, b) => b.gzip - a.gzip);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log("login page first load (index.html links + static imports + login chunk):");
for (const row of rows) {
  console.log(`  ${row.file.padEnd(44)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)} gz`);
}
console.log(`  ${"total".padEnd(44)} ${kb(rawTotal).padStart(10)} ${kb(gzipTotal).padStart(10)} gz`);
console.log(
  gzipTotal <= BUDGET_BYTES
    ? `within the ${kb(BUDGET_BYTES)} budget`
    : `OVER the ${kb(BUDGET_BYTES)} budget by ${kb(gzipTotal - BUDGET_BYTES)}`,
);
