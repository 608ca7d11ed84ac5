import assert from "node:assert/strict";
import { encode as encodePng } from "fast-png";
import { getQuotas } from "../../server/kv/quotas.ts";
import { makeCustomOcrFolderHandler } from "../../server/jobs/custom_ocr_folder_job.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";
import { readTextAsWordLines } from "../helpers/text_reader_double.ts";
import { testAiTools } from "../helpers/ai_tools.ts";

const DATA = new URL("../../../shared/data/extraction/", import.meta.url);

const textTools = testAiTools({ readDocumentText: readTextAsWordLines });

const COMPLAINT = "民事起诉状\n原告：李四，男\n被告：张三，男\n此致\n杭州市西湖区人民法院";
const IOU = "借条\n今借到李四人民币壹万贰仟元整（¥12,000.00），2024年1月5日。\n借款人：张三";

async function setup(ai: number) {
  const t = await testApp();
  const u = await t.userWith(["custom_ocr_access"], { quotas: { ai } });
  const rule = JSON.parse(await Deno.readTextFile(new URL("rules.json", DATA)))[0];
  const ruleId =
    (await (await t.request("POST", "/api/custom-ocr/rules", { as: u, json: rule })).json()).rule.id;
  return { t, u, ruleId };
}

function uploadForm(ruleId: string | null, files: Record<string, string | Uint8Array>): FormData {
  const form = new FormData();
  if (ruleId !== null) form.append("ruleId", ruleId);
  form.append("processType", "upload");
  for (const [name, content] of Object.entries(files)) {
    form.append("files", new File([content as BlobPart], name));
  }
  return form;
}

async function post(t: TestApp, as: SeededUser, form: FormData) {
  const res = await t.request("POST", "/api/custom-ocr/process", { as, form });
  return { res, body: await res.json() };
}

Deno.test("POST /api/custom-ocr/process: routed files are one case charged per file; unmatched ones cost nothing", async () => {
  const { t, u, ruleId } = await setup(5);
  using _ = t;
  const { res, body } = await post(
    t,
    u,
    uploadForm(ruleId, { "起诉状.docx": COMPLAINT, "借条.pdf": IOU, "照片.png": "x" }),
  );
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.success, true);
  assert.deepEqual([body.totalFiles, body.skipped], [2, ["照片.png"]]);
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 3);
  await makeCustomOcrFolderHandler(textTools)(t.deps, { userId: u.user.id, recordId: body.batchId });
  const p = await (await t.request("GET", `/api/custom-ocr/progress/${body.batchId}`, { as: u })).json();
  assert.equal(p.status, "completed");
  assert.equal(p.mergedResult.defendant_name, "张三");
  const upd = await t.request("POST", `/api/custom-ocr/update-field/${body.batchId}`, {
    as: u,
    json: { fieldKey: "defendant_name", value: "张三丰" },
  });
  assert.equal(upd.status, 200);
  assert.equal((await upd.json()).mergedResult.defendant_name, "张三丰");
  const emptyValue = await t.request("POST", `/api/custom-ocr/update-field/${body.batchId}`, {
    as: u,
    json: { fieldKey: "defendant_name", value: " " },
  });
  assert.equal((await emptyValue.json()).error, "请选择一个值");
});

Deno.test("POST /api/custom-ocr/process: the part 4 §5 refusals, each leaving nothing charged or stored", async () => {
  const { t, u, ruleId } = await setup(1);
  using _ = t;
  const none = await post(t, u, uploadForm(ruleId, { "照片.png": "x" }));
  assert.equal(none.res.status, 200);
  assert.deepEqual([none.body.success, none.body.message], [false, "没有找到符合规则的文件"]);
  const noRule = await post(t, u, uploadForm(null, { "起诉状.docx": COMPLAINT }));
  assert.equal(noRule.body.error, "请先选择规则");
  const noFiles = await post(t, u, uploadForm(ruleId, {}));
  assert.equal(noFiles.body.error, "请先选择文件");
  const type = await post(t, u, uploadForm(ruleId, { "起诉状.txt": COMPLAINT }));
  assert.equal(type.body.error, "不支持的文件类型：起诉状.txt");
  const big = await post(t, u, uploadForm(ruleId, { "起诉状.pdf": new Uint8Array(10 * 1024 * 1024 + 1) }));
  assert.equal(big.res.status, 413);
  assert.deepEqual([big.body.code, big.body.error], ["CUSTOM_OCR_FILE_TOO_LARGE", "文件大小不能超过 10MB"]);
  const poor = await post(t, u, uploadForm(ruleId, { "起诉状.docx": COMPLAINT, "借条.docx": IOU }));
  assert.equal(poor.res.status, 402);
  assert.match(poor.body.error, /AI使用次数不足/);
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 1);
  let blobs = 0;
  for await (const _f of t.deps.blobs.list(`users/${u.user.id}`)) blobs++;
  assert.equal(blobs, 0);
  const other = await t.userWith(["custom_ocr_access"], { quotas: { ai: 5 } });
  const foreign = await post(t, other, uploadForm(ruleId, { "起诉状.docx": COMPLAINT }));
  assert.equal(foreign.res.status, 404);
  assert.equal(foreign.body.error, "规则不存在或已删除");
});

Deno.test("GET /api/custom-ocr/page-image/:batchId: a value's page and boxes are kept, and its page is shown to the owner only", async () => {
  const { t, u, ruleId } = await setup(5);
  using _ = t;
  const png = encodePng({
    width: 1000,
    height: 400,
    data: new Uint8Array(1000 * 400).fill(230),
    channels: 1,
  });
  const { body } = await post(t, u, uploadForm(ruleId, { "起诉状.png": png }));
  const line = (text: string, box: [number, number, number, number]) => ({
    text,
    box,
    confidence: 0.95,
    method: "ocr" as const,
  });
  const scanTools = testAiTools({
    readDocumentText: (_d, { fileName }) =>
      Promise.resolve({
        fileName,
        kind: "png",
        warnings: [],
        pages: [{
          page: 1,
          width: 1000,
          height: 400,
          method: "ocr",
          lines: [
            line("民事起诉状", [400, 20, 600, 60]),
            line("原告：李四，男，1980年1月1日出生，汉族，住浙江省杭州市西湖区文三", [100, 120, 900, 150]),
            line("路478号华星时代广场A座1201室。", [100, 160, 520, 190]),
            line("被告：张三，男，1985年3月2日出生。", [100, 200, 700, 230]),
          ],
        }],
      }),
  });
  await makeCustomOcrFolderHandler(scanTools)(t.deps, { userId: u.user.id, recordId: body.batchId });
  const p = await (await t.request("GET", `/api/custom-ocr/progress/${body.batchId}`, { as: u })).json();
  assert.equal(p.mergedResult.plaintiff_address, "浙江省杭州市西湖区文三路478号华星时代广场A座1201室");
  assert.deepEqual(p.fieldValues.plaintiff_address[0], {
    value: "浙江省杭州市西湖区文三路478号华星时代广场A座1201室",
    source: "起诉状.png",
    normalized: "浙江省杭州市西湖区文三路478号华星时代广场A座1201室",
    page: 1,
    line: 2,
    box: [100, 120, 900, 190],
    boxes: [[100, 120, 900, 150], [100, 160, 520, 190]],
  });

  const get = (query: string, as = u) =>
    t.request("GET", `/api/custom-ocr/page-image/${body.batchId}?${query}`, { as });
  const res = await get("fileName=起诉状.png&page=1");
  assert.equal(res.status, 200);
  const image = await res.json();
  assert.match(image.image, /^data:image\/png;base64,/);
  assert.deepEqual([image.width, image.height, image.boxScale], [1000, 400, 1]);
  const bad = await get("fileName=借条.png&page=1");
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error, "文件或页码不正确");
  const other = await get("fileName=起诉状.png&page=1", await t.userWith(["custom_ocr_access"]));
  assert.equal(other.status, 404);
  await other.body?.cancel();
});

Deno.test("GET /api/custom-ocr/progress/:id shows the pages read of a file while it is read, then the file's outcome", async () => {
  const { t, u, ruleId } = await setup(5);
  using _ = t;
  const { body } = await post(t, u, uploadForm(ruleId, { "起诉状.pdf": COMPLAINT, "借条.pdf": IOU }));
  const firstPage = Promise.withResolvers<void>();
  const gate = Promise.withResolvers<void>();
  const job = makeCustomOcrFolderHandler({
    ...textTools,
    async readDocumentText(deps, input) {
      input.onPage?.({ pagesDone: 1, pagesTotal: 3 });
      firstPage.resolve();
      await gate.promise;
      input.onPage?.({ pagesDone: 3, pagesTotal: 3 });
      return await textTools.readDocumentText(deps, input);
    },
  })(t.deps, { userId: u.user.id, recordId: body.batchId });
  await firstPage.promise;
  type FileProgress = { fileName: string; status: string; pagesDone?: number; pagesTotal?: number };
  let files: FileProgress[] = [];
  for (let i = 0; i < 50 && !files.some((f) => f.pagesTotal); i++) {
    await new Promise((r) => setTimeout(r, 10));
    files =
      (await (await t.request("GET", `/api/custom-ocr/progress/${body.batchId}`, { as: u })).json()).files;
  }
  const reading = files.find((f) => f.pagesTotal);
  assert.deepEqual(reading && [reading.status, reading.pagesDone, reading.pagesTotal], ["processing", 1, 3]);
  assert.equal(files.filter((f) => f.status === "pending").length, 1, "the other file waits its turn");
  gate.resolve();
  await job;
  const done = await (await t.request("GET", `/api/custom-ocr/progress/${body.batchId}`, { as: u })).json();
  assert.equal(done.status, "completed");
  assert.deepEqual(
    done.files.map((f: FileProgress) => [f.status, f.pagesDone, f.pagesTotal]),
    [["completed", undefined, undefined], ["completed", undefined, undefined]],
  );
});
