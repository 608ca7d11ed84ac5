/**
 * Custom OCR folder mode over the labelled extraction set (../shared/data/extraction), end to end
 * through the API: every case folder uploaded to a user's AI folder (upload-folder), the set's
 * rules.json rule created (POST /api/custom-ocr/rules), each folder processed (POST
 * /api/folder-browser/process, then the custom_ocr.folder job with the real readDocumentText and
 * rules-only extraction), the records' merged_result written as predictions and scored with the set's
 * scorer. Prints the wall time and the server's peak RSS.
 *
 *   deno run -A bench/custom_ocr_eval.ts [--cache DIR] [--out FILE] [--errors N]
 *
 * --cache keeps each file's DocumentText and reuses it (then the time excludes reading).
 */
import { setupZodLocale } from "../common/zod_setup.ts";
import { AI_TOOLS } from "../server/jobs/ai_tools.ts";
import { makeCustomOcrFolderHandler } from "../server/jobs/custom_ocr_folder_job.ts";
import type { DocumentText } from "../server/services/doc_text/types.ts";
import { testApp } from "../tests/helpers/test_app.ts";

setupZodLocale();
const args = Deno.args;
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const setDir = new URL("../../shared/data/extraction/", import.meta.url).pathname;
const casesDir = `${setDir}cases`;
const cacheDir = arg("--cache", "");
const outFile = arg("--out", "/tmp/custom_ocr_predictions.json");

const docText = await import("../server/services/doc_text/read_document_text.ts");
const ocrPool = await import("../server/services/ocr/ocr_pool.ts");
const ocr = ocrPool.createOcrEngine({ ...ocrPool.ocrOptionsFromEnv(Deno.env.toObject()), log: () => {} });

using t = await testApp();
const user = await t.userWith(["custom_ocr_access", "ai_folder_access"], { quotas: { ai: 10_000 } });
const rule = JSON.parse(await Deno.readTextFile(`${setDir}rules.json`))[0];
const ruleId =
  (await (await t.request("POST", "/api/custom-ocr/rules", { as: user, json: rule })).json()).rule.id;

let peakRss = 0;
const sampler = setInterval(() => peakRss = Math.max(peakRss, Deno.memoryUsage().rss), 200);
const folders = [...Deno.readDirSync(casesDir)].filter((e) => e.isDirectory).map((e) => e.name).sort();
const predictions: Record<string, Record<string, string | null>> = {};
const started = performance.now();
let files = 0;
for (const folder of folders) {
  const form = new FormData();
  for (const e of Deno.readDirSync(`${casesDir}/${folder}`)) {
    if (!e.isFile) continue;
    form.append("relativePaths", `${folder}/${e.name}`);
    form.append("files", new File([await Deno.readFile(`${casesDir}/${folder}/${e.name}`)], e.name));
  }
  const up = await t.request("POST", "/api/aifolder/upload-folder", { as: user, form });
  if (up.status !== 200) throw new Error(`${folder}: upload ${up.status} ${await up.text()}`);
  await up.body?.cancel();
  const res = await t.request("POST", "/api/folder-browser/process", {
    as: user,
    json: { ruleId, items: [{ path: folder, isFolder: true }] },
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${folder}: process ${res.status} ${JSON.stringify(body)}`);
  files += body.totalFiles;
  await makeCustomOcrFolderHandler({
    ...AI_TOOLS,
    readDocumentText: async (_deps, input): Promise<DocumentText> => {
      const cached = cacheDir ? `${cacheDir}/${folder}/${input.fileName}.json` : "";
      if (cached) {
        const hit = await Deno.readTextFile(cached).then((s) => JSON.parse(s) as DocumentText).catch(() =>
          null
        );
        if (hit) return hit;
      }
      const doc = await docText.readDocumentText({ ocr }, input);
      const plain: DocumentText = {
        fileName: doc.fileName,
        kind: doc.kind,
        pages: doc.pages,
        warnings: doc.warnings,
      };
      if (cached) {
        await Deno.mkdir(`${cacheDir}/${folder}`, { recursive: true });
        await Deno.writeTextFile(cached, JSON.stringify(plain));
      }
      return plain;
    },
    llm: () => Promise.resolve(null),
  })(t.deps, { userId: user.user.id, recordId: body.batchId });
  const rec =
    (await (await t.request("GET", `/api/folder-browser/records/${body.batchId}`, { as: user })).json())
      .record;
  predictions[folder] = rec.merged_result;
  console.log(`${folder}: ${rec.status}, ${rec.files.length} files, ${rec.ai_uses_refunded} refunded`);
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
await ocr.close();
await Deno.writeTextFile(outFile, JSON.stringify(predictions, null, 1));
await new Deno.Command("node", {
  args: [`${setDir}score.mjs`, casesDir, outFile, "--errors", arg("--errors", "20")],
  stdout: "inherit",
  stderr: "inherit",
}).output();
console.log(
  `time: ${seconds.toFixed(1)} s for ${folders.length} cases, ${files} files ` +
    `(${(folders.length / (seconds / 60)).toFixed(1)} cases/min); peak RSS ${
      (peakRss / 1024 / 1024).toFixed(0)
    } MB`,
);
