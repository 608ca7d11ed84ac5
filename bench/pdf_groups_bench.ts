/**
 * What merging a group of rows and cutting its PDF cost in our process (server/services/pdf/pdf_groups.ts),
 * per group of 10 rows of the mediation template: `deno bench -A bench/pdf_groups_bench.ts`. The merged PDF
 * is made once by LibreOffice before the benches (skipped without it).
 */
import { buildMediationTemplate, mediationRow } from "../scripts/make_fixtures.ts";
import { renderDocx } from "../server/services/docx/render_docx.ts";
import { detectLibreOfficeInstall } from "../server/services/pdf/detect_libreoffice.ts";
import { createPdfConverter } from "../server/services/pdf/libreoffice_pool.ts";
import { cutGroupPdf, groupBlocker, mergeGroup } from "../server/services/pdf/pdf_groups.ts";

const template = buildMediationTemplate();
const docs = Array.from({ length: 10 }, (_, i) => renderDocx(template, mediationRow(i + 1)));
const merged = mergeGroup(docs);
let pdf: Uint8Array | null = null;
if (!("missing" in detectLibreOfficeInstall())) {
  const workDir = await Deno.makeTempDir({ prefix: "pdf-groups-bench-" });
  const converter = createPdfConverter({ workDir, processes: 1 });
  pdf = await converter.convert(merged, { marks: true });
  await converter.close();
  await Deno.remove(workDir, { recursive: true }).catch(() => {});
}

Deno.bench("groupBlocker(): 10 rows checked", () => {
  groupBlocker(docs);
});
Deno.bench("mergeGroup(): 10 rows merged", () => {
  mergeGroup(docs);
});
Deno.bench({
  name: "cutGroupPdf(): a 10-row PDF cut into 10",
  ignore: pdf === null,
  async fn() {
    await cutGroupPdf(pdf!, 10);
  },
});
