/**
 * Holds merged PDF groups (server/services/pdf/pdf_groups.ts) to "the same output" on real Word files:
 *
 *   deno run -A bench/pdf_groups_check.ts [folder ...]   (default: ../shared/data/extraction/cases)
 *
 * Each .docx found is taken as the template of a batch of three rows (three copies of it): it prints
 * whether the group could be merged (or why not) and, if so, whether each row's PDF reads and looks as
 * the document converted alone (tests/helpers/pdf_compare.ts), then the totals.
 */
import { createPdfConverter } from "../server/services/pdf/libreoffice_pool.ts";
import { convertGroup, type GroupState } from "../server/services/pdf/pdf_groups.ts";
import { pdfDifferences, viewPdf } from "../tests/helpers/pdf_compare.ts";

const folders = Deno.args.length
  ? Deno.args
  : [new URL("../../shared/data/extraction/cases", import.meta.url).pathname];

function* docxFiles(dir: string): Generator<string> {
  for (const entry of [...Deno.readDirSync(dir)].sort((a, b) => a.name.localeCompare(b.name))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* docxFiles(path);
    else if (entry.name.toLowerCase().endsWith(".docx")) yield path;
  }
}

const workDir = await Deno.makeTempDir({ prefix: "pdf-groups-check-" });
await using pdf = createPdfConverter({ workDir, processes: 1 });
await pdf.ready();
const totals = { files: 0, merged: 0, same: 0, different: 0, blocked: new Map<string, number>() };
for (const path of folders.flatMap((folder) => [...docxFiles(folder)])) {
  totals.files++;
  const name = path.split("/").slice(-2).join("/");
  const docx = await Deno.readFile(path);
  const docs = [docx, docx, docx];
  const state: GroupState = { mergeable: true, merged: 0 };
  try {
    const alone = await viewPdf(await pdf.convert(docx));
    const results = await convertGroup(pdf, { docs, state });
    if (state.merged === 0) {
      const reason = state.reason ?? "conversion failed";
      totals.blocked.set(reason, (totals.blocked.get(reason) ?? 0) + 1);
      console.log(`${name}: one by one (${reason})`);
      continue;
    }
    totals.merged++;
    const differences: string[] = [];
    for (const [i, result] of results.entries()) {
      if ("error" in result) differences.push(`row ${i + 1}: ${result.error.message}`);
      else {differences.push(
          ...pdfDifferences(await viewPdf(result.pdf), alone).map((d) => `row ${i + 1} ${d}`),
        );}
    }
    if (differences.length) totals.different++;
    else totals.same++;
    console.log(
      `${name}: merged, ${alone.words.length} pages, ${
        differences.length ? differences.join("; ") : "the same"
      }`,
    );
  } catch (err) {
    console.log(`${name}: ${err instanceof Error ? err.message : err}`);
  }
}
console.log(
  `\n${totals.files} files: ${totals.merged} merged (${totals.same} the same, ${totals.different} different), ${
    totals.files - totals.merged
  } one by one${totals.blocked.size ? ": " : ""}${
    [...totals.blocked].map(([reason, n]) => `${reason} ${n}`).join(", ")
  }`,
);
await Deno.remove(workDir, { recursive: true }).catch(() => {});
