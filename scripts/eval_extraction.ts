/**
 * Runs the labelled extraction set end to end (../shared/data/extraction): reads every file of every case
 * folder (expected.json skipped), extracts the template's fields with rules only, writes predictions.json and
 * scores it with the set's scorer. Uses readDocumentText (the real reader with OCR) when it exists, else the
 * dev-only reader (docx, text PDFs, sheets; scans and photos give no text).
 *
 *   deno task eval-extraction [--cases DIR] [--out FILE] [--errors N] [--dev-reader] [--cache DIR]
 */
import { extractCaseFields } from "../server/services/extraction/extract_case_fields.ts";
import type { DocumentText } from "../server/services/doc_text/types.ts";
import type { FieldSpec } from "../common/field_spec.ts";
import { readDevDocumentText } from "./dev_doc_reader.ts";

const args = Deno.args;
function arg(name: string, fallback: string): string {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
}
const setDir = new URL("../../shared/data/extraction/", import.meta.url).pathname;
const casesDir = arg("--cases", `${setDir}cases`);
const outFile = arg("--out", "/tmp/extraction_predictions.json");
const errors = arg("--errors", "40");
/** Dev iteration only: keep each file's DocumentText here and reuse it (times then exclude reading). */
const cacheDir = args.includes("--cache") ? arg("--cache", "") : "";
const ALLOWED = /\.(pdf|doc|docx|xls|xlsx|png|jpg|jpeg)$/i;

type Reader = (path: string, fileName: string) => Promise<DocumentText>;

/** The real reader (with OCR) unless --dev-reader is given or it cannot be loaded. */
async function pickReader(): Promise<{ read: Reader; name: string; close: () => Promise<void> }> {
  if (!args.includes("--dev-reader")) {
    try {
      const docText = await import("../server/services/doc_text/read_document_text.ts");
      const ocrPool = await import("../server/services/ocr/ocr_pool.ts");
      const ocr = ocrPool.createOcrEngine({
        ...ocrPool.ocrOptionsFromEnv(Deno.env.toObject()),
        log: () => {},
      });
      console.log(await ocrPool.describeOcrSetup(ocrPool.ocrOptionsFromEnv(Deno.env.toObject())));
      return {
        name: "readDocumentText",
        read: async (path, fileName) =>
          await docText.readDocumentText({ ocr }, { bytes: await Deno.readFile(path), fileName }),
        close: async () => await ocr.close(),
      };
    } catch (e) {
      console.error(`readDocumentText unavailable (${(e as Error).message}); using the dev reader`);
    }
  }
  return {
    name: "dev reader (no OCR)",
    read: (path) => readDevDocumentText(path),
    close: () => Promise.resolve(),
  };
}

const templates = JSON.parse(await Deno.readTextFile(`${setDir}templates.json`));
const fields: FieldSpec[] = templates[0].fields;
const reader = await pickReader();
console.log(`reader: ${reader.name}`);

const predictions: Record<string, Record<string, { value: string | null; found: boolean }>> = {};
const started = performance.now();
let readMs = 0, extractMs = 0, fileCount = 0;
const folders = [...Deno.readDirSync(casesDir)].filter((e) => e.isDirectory).map((e) => e.name).sort();
for (const folder of folders) {
  const dir = `${casesDir}/${folder}`;
  const names = [...Deno.readDirSync(dir)].filter((e) => e.isFile && ALLOWED.test(e.name)).map((e) => e.name)
    .sort();
  const docs: DocumentText[] = [];
  const t0 = performance.now();
  for (const name of names) {
    try {
      const cached = cacheDir ? `${cacheDir}/${folder}/${name}.json` : null;
      let doc: DocumentText | null = null;
      if (cached) {
        doc = await Deno.readTextFile(cached).then((t) => JSON.parse(t) as DocumentText).catch(() => null);
      }
      if (!doc && args.includes("--cache-only")) continue;
      if (!doc) {
        doc = await reader.read(`${dir}/${name}`, name);
        if (cached) {
          await Deno.mkdir(`${cacheDir}/${folder}`, { recursive: true });
          await Deno.writeTextFile(cached, JSON.stringify({ ...doc, pageImages: undefined }));
        }
      }
      docs.push(doc);
      fileCount++;
    } catch (e) {
      console.error(`${folder}/${name}: ${(e as Error).message}`);
    }
  }
  const t1 = performance.now();
  const result = await extractCaseFields(docs, fields);
  const t2 = performance.now();
  readMs += t1 - t0;
  extractMs += t2 - t1;
  predictions[folder] = Object.fromEntries(
    Object.values(result.fields).map((f) => [f.key, { value: f.value, found: f.found }]),
  );
}
const total = performance.now() - started;
await reader.close();
await Deno.writeTextFile(outFile, JSON.stringify(predictions, null, 1));
console.log(`predictions: ${outFile}`);
const score = new Deno.Command("node", {
  args: [`${setDir}score.mjs`, casesDir, outFile, "--errors", errors],
  stdout: "inherit",
  stderr: "inherit",
});
await score.output();
console.log(
  `time: ${(total / 1000).toFixed(1)} s for ${folders.length} cases, ${fileCount} files ` +
    `(reading ${(readMs / 1000).toFixed(1)} s, extraction ${(extractMs / 1000).toFixed(2)} s)`,
);
