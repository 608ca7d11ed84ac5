import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import type { CaseSplitTask } from "../../common/schemas/case_split.ts";
import { dispatchJob, startJobListener } from "../../server/jobs/dispatch.ts";
import { jobHandlers } from "../../server/jobs/handlers.ts";
import { getTask } from "../../server/kv/tasks.ts";
import { listUsageRecords } from "../../server/kv/usage.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";

type Row = (string | number | null)[];

const HEADER: Row = ["案号", "当事人", "住所地", "标的额"];
const ROWS: Row[] = [
  ["(2024)001", "甲", "浙江省杭州市西湖区文三路1号", 100],
  ["(2024)002", "乙", "广州市天河区体育西路2号", 200],
  ["(2024)003", "丙", "杭州市上城区解放路3号", 300],
  ["(2024)004", "丁", "火星基地", 400],
  ["(2024)005", "戊", "浙江杭州拱墅区", 500],
  ["(2024)006", "己", "", 600],
  ["(2024)007", "庚", "北京市朝阳区建国路7号", 700],
];

function xlsxOf(rows: Row[], bookType: "xlsx" | "biff8" = "xlsx"): Uint8Array {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "案件");
  return new Uint8Array(XLSX.write(wb, { type: "array", bookType, compression: true }));
}

function fileForm(bytes: Uint8Array, name: string): FormData {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  return form;
}

async function upload(t: TestApp, as: SeededUser, bytes: Uint8Array, name = "案件清单.xlsx") {
  return await t.request("POST", "/api/excel-case-split/upload", { as, form: fileForm(bytes, name) });
}

/** Uploads, requests the split and runs its queue message; returns the task as the list shows it. */
async function splitThrough(
  t: TestApp,
  as: SeededUser,
  options: { rows?: Row[]; level?: "city" | "county"; name?: string; bookType?: "xlsx" | "biff8" } = {},
): Promise<CaseSplitTask> {
  const up = await upload(t, as, xlsxOf([HEADER, ...(options.rows ?? ROWS)], options.bookType), options.name);
  assert.equal(up.status, 200, await up.clone().text());
  const { taskId } = await up.json();
  const res = await t.request("POST", "/api/excel-case-split/split", {
    as,
    json: { taskId, addressColumn: "住所地", splitLevel: options.level ?? "city" },
  });
  assert.equal(res.status, 202, await res.clone().text());
  const { jobTaskId } = await res.json();
  await dispatchJob(t.deps, jobHandlers, { type: "case_split.run", taskId: jobTaskId, splitId: taskId });
  return await findTask(t, as, taskId);
}

async function findTask(t: TestApp, as: SeededUser, id: string): Promise<CaseSplitTask> {
  const list = await (await t.request("GET", "/api/excel-case-split/tasks?pageSize=100", { as })).json();
  const task = list.tasks.find((x: CaseSplitTask) => x.id === id);
  assert.ok(task, `task ${id} in the list`);
  return task;
}

async function readWorkbook(res: Response): Promise<XLSX.WorkBook> {
  return XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
}

function sheetRows(wb: XLSX.WorkBook, name = wb.SheetNames[0]): unknown[][] {
  return XLSX.utils.sheet_to_json(wb.Sheets[name], { header: 1, defval: null });
}

Deno.test("case split: upload, split at city level, regions by count, 其他 last, downloads keep every column", async () => {
  using t = await testApp();
  const user = await t.userWith(["excel_case_split"]);
  const up = await upload(t, user, xlsxOf([HEADER, ...ROWS]));
  assert.equal(up.status, 200);
  const uploaded = await up.json();
  assert.deepEqual({ ...uploaded, taskId: typeof uploaded.taskId }, {
    success: true,
    taskId: "string",
    headers: ["案号", "当事人", "住所地", "标的额"],
    totalRows: 7,
  });
  const before = await findTask(t, user, uploaded.taskId);
  assert.equal(before.status, "uploaded");

  const task = await splitThrough(t, user);
  assert.equal(task.status, "completed");
  assert.equal(task.split_level, "city");
  assert.equal(task.total_rows, 7);
  assert.equal(task.success_rows, 5);
  assert.equal(task.error_count, 2);
  assert.equal(task.total_rows, task.success_rows + task.error_count);
  assert.deepEqual(task.output_files.map((f) => [f.region, f.count]), [
    ["杭州市", 3],
    ["北京市", 1],
    ["广州市", 1],
    ["其他", 2],
  ]);

  // A region file opens from its downloadUrl without a token (a new tab), and holds exactly its rows.
  const hangzhou = await t.app.request(task.output_files[0].downloadUrl);
  assert.equal(hangzhou.status, 200);
  assert.equal(
    hangzhou.headers.get("content-type"),
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  );
  assert.match(
    hangzhou.headers.get("content-disposition") ?? "",
    new RegExp(`filename\\*=UTF-8''${encodeURIComponent("案件清单-杭州市.xlsx")}`),
  );
  assert.deepEqual(sheetRows(await readWorkbook(hangzhou)), [HEADER, ROWS[0], ROWS[2], ROWS[4]]);
  const other = await t.app.request(task.output_files[3].downloadUrl);
  // An empty cell stays empty.
  assert.deepEqual(sheetRows(await readWorkbook(other)), [
    HEADER,
    ROWS[3],
    ROWS[5].map((v) => v === "" ? null : v),
  ]);

  // The summary workbook holds everything.
  const all = await t.request("GET", `/api/excel-case-split/tasks/${task.id}/download-all`, { as: user });
  assert.equal(all.status, 200);
  assert.match(
    all.headers.get("content-disposition") ?? "",
    new RegExp(`filename\\*=UTF-8''${encodeURIComponent("案件清单-汇总.xlsx")}`),
  );
  const summary = await readWorkbook(all);
  assert.deepEqual(summary.SheetNames, ["汇总", "杭州市", "北京市", "广州市", "其他", "未识别明细"]);
  assert.deepEqual(sheetRows(summary, "汇总"), [
    ["地区", "案件数量", "占比"],
    ["杭州市", 3, "43%"],
    ["北京市", 1, "14%"],
    ["广州市", 1, "14%"],
    ["其他", 2, "29%"],
    ["合计", 7, "100%"],
  ]);
  assert.deepEqual(sheetRows(summary, "广州市"), [HEADER, ROWS[1]]);

  // The rows not placed, with their sheet row numbers.
  const errors = await t.request("GET", `/api/excel-case-split/tasks/${task.id}/error-rows`, { as: user });
  assert.equal(errors.status, 200);
  assert.deepEqual(await errors.json(), {
    success: true,
    total_rows: 7,
    error_count: 2,
    total: 2,
    error_rows: [
      { rowIndex: 5, address: "火星基地", reason: "无法识别地区" },
      { rowIndex: 7, address: "", reason: "地址为空" },
    ],
  });

  // Free, but recorded.
  const usage = await listUsageRecords(t.kv, { userId: user.user.id, pageSize: 10 });
  assert.equal(usage.records.length, 1);
  assert.equal(usage.records[0].type, "case_split");
  assert.equal(usage.records[0].status, "success");
  assert.equal(usage.records[0].description, "县市案件分类（市级）：案件清单.xlsx，共 7 行");
});

Deno.test("case split: county level names each county with its city; a city alone goes to 其他", async () => {
  using t = await testApp();
  const user = await t.userWith(["excel_case_split"]);
  const rows: Row[] = [
    ["1", "a", "南京市鼓楼区中山路1号", 1],
    ["2", "b", "福建省福州市鼓楼区五四路", 2],
    ["3", "c", "南京鼓楼区湖南路", 3],
    ["4", "d", "浙江省杭州市", 4],
    ["5", "e", "广东省东莞市长安镇", 5],
  ];
  const task = await splitThrough(t, user, { rows, level: "county" });
  assert.deepEqual(task.output_files.map((f) => [f.region, f.count]), [
    ["南京市鼓楼区", 2],
    ["东莞市", 1],
    ["福州市鼓楼区", 1],
    ["其他", 1],
  ]);
  const errors = await (await t.request("GET", `/api/excel-case-split/tasks/${task.id}/error-rows`, {
    as: user,
  })).json();
  assert.deepEqual(errors.error_rows, [{
    rowIndex: 5,
    address: "浙江省杭州市",
    reason: "只识别到市级，无法确定区县",
  }]);
});

Deno.test("case split: an .xls sheet splits the same way", async () => {
  using t = await testApp();
  const user = await t.userWith(["excel_case_split"]);
  const task = await splitThrough(t, user, { bookType: "biff8", name: "旧表.xls" });
  assert.equal(task.status, "completed");
  assert.equal(task.original_filename, "旧表.xls");
  assert.deepEqual(task.output_files.map((f) => f.count), [3, 1, 1, 2]);
  const file = await t.app.request(task.output_files[0].downloadUrl);
  assert.deepEqual(sheetRows(await readWorkbook(file)), [HEADER, ROWS[0], ROWS[2], ROWS[4]]);
});

Deno.test("POST /api/excel-case-split/upload refuses what is not a usable Excel sheet, in Chinese", async () => {
  using t = await testApp();
  const user = await t.userWith(["excel_case_split"]);
  const cases: [FormData, number, string, string][] = [
    [new FormData(), 400, "CASE_SPLIT_FILE_REQUIRED", "请选择文件"],
    [
      fileForm(new TextEncoder().encode("a,b"), "cases.csv"),
      400,
      "CASE_SPLIT_FILE_TYPE",
      "只能上传Excel文件!",
    ],
    [
      fileForm(new TextEncoder().encode("not a workbook"), "cases.xlsx"),
      400,
      "FILE_PARSE_FAILED",
      "文件解析失败：不是有效的Excel文件，请上传 .xlsx 或 .xls 格式的表格",
    ],
    [
      fileForm(xlsxOf([HEADER]), "only-header.xlsx"),
      400,
      "FILE_PARSE_FAILED",
      "文件解析失败：表格中没有数据",
    ],
    [
      fileForm(xlsxOf([[null, null], ["(2024)001", "杭州市"]]), "no-header.xlsx"),
      400,
      "FILE_PARSE_FAILED",
      "文件解析失败：表格第一行没有表头",
    ],
    [
      fileForm(new Uint8Array(10 * 1024 * 1024 + 1), "big.xlsx"),
      413,
      "FILE_TOO_LARGE",
      "文件大小不能超过10MB",
    ],
  ];
  for (const [form, status, code, error] of cases) {
    const res = await t.request("POST", "/api/excel-case-split/upload", { as: user, form });
    assert.equal(res.status, status, code);
    const body = await res.json();
    assert.equal(body.code, code);
    assert.equal(body.error, error);
  }
  const empty = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(empty, XLSX.utils.aoa_to_sheet([]), "空");
  const res = await upload(t, user, new Uint8Array(XLSX.write(empty, { type: "array", bookType: "xlsx" })));
  assert.equal(res.status, 400);
  assert.equal((await res.json()).error, "文件解析失败：表格中没有数据");
  const list = await (await t.request("GET", "/api/excel-case-split/tasks", { as: user })).json();
  assert.deepEqual(list, { success: true, tasks: [], total: 0 });
});

Deno.test("POST /api/excel-case-split/split validates its body and the column", async () => {
  using t = await testApp();
  const user = await t.userWith(["excel_case_split"]);
  const { taskId } = await (await upload(t, user, xlsxOf([HEADER, ...ROWS]))).json();
  const cases: [unknown, number, string, string | undefined][] = [
    [{ taskId, splitLevel: "city" }, 400, "请选择地址列", "addressColumn"],
    [{ taskId, addressColumn: "住所地" }, 400, "请选择分类级别", "splitLevel"],
    [{ taskId, addressColumn: "住所地", splitLevel: "province" }, 400, "请选择分类级别", "splitLevel"],
    [
      { taskId, addressColumn: "地址", splitLevel: "city" },
      400,
      "地址列“地址”在表格中不存在",
      "addressColumn",
    ],
    [
      { taskId: "00000000000000000000", addressColumn: "住所地", splitLevel: "city" },
      404,
      "任务不存在或已删除",
      undefined,
    ],
  ];
  for (const [json, status, error, field] of cases) {
    const res = await t.request("POST", "/api/excel-case-split/split", { as: user, json });
    assert.equal(res.status, status, error);
    const body = await res.json();
    assert.equal(body.error, error);
    assert.equal(body.field, field);
  }
  const first = await t.request("POST", "/api/excel-case-split/split", {
    as: user,
    json: { taskId, addressColumn: "住所地", splitLevel: "county" },
  });
  assert.equal(first.status, 202);
  const second = await t.request("POST", "/api/excel-case-split/split", {
    as: user,
    json: { taskId, addressColumn: "住所地", splitLevel: "city" },
  });
  assert.equal(second.status, 409);
  assert.deepEqual(await second.json(), {
    success: false,
    code: "CASE_SPLIT_BUSY",
    error: "该任务正在分类中，请等待完成",
  });
  const task = await findTask(t, user, taskId);
  assert.equal(task.status, "processing");
  assert.equal(task.split_level, "county");
  assert.deepEqual(task.progress, { done: 0, total: 7 });
});

Deno.test("case split: another user's task answers as missing; routes need a token and the permission", async () => {
  using t = await testApp();
  const owner = await t.userWith(["excel_case_split"]);
  const other = await t.userWith(["excel_case_split"]);
  const outsider = await t.userWith(["dashboard"]);
  const task = await splitThrough(t, owner);
  const missing = { success: false, code: "CASE_SPLIT_TASK_NOT_FOUND", error: "任务不存在或已删除" };
  for (const path of ["download-all", "files/0", "error-rows"]) {
    const res = await t.request("GET", `/api/excel-case-split/tasks/${task.id}/${path}`, { as: other });
    assert.equal(res.status, 404, path);
    assert.deepEqual(await res.json(), missing);
  }
  const del = await t.request("DELETE", `/api/excel-case-split/tasks/${task.id}`, { as: other });
  assert.equal(del.status, 404);
  assert.deepEqual(
    (await (await t.request("GET", "/api/excel-case-split/tasks", { as: other })).json()).tasks,
    [],
  );

  const noToken = await t.request("GET", "/api/excel-case-split/tasks");
  assert.equal(noToken.status, 401);
  assert.deepEqual(await noToken.json(), { success: false, code: "AUTH_REQUIRED", error: "请先登录" });
  for (
    const [method, path] of [["GET", "/api/excel-case-split/tasks"], ["POST", "/api/excel-case-split/upload"]]
  ) {
    const res = await t.request(method, path, {
      as: outsider,
      form: method === "POST" ? new FormData() : undefined,
    });
    assert.equal(res.status, 403, path);
    assert.deepEqual(await res.json(), { success: false, code: "FORBIDDEN", error: "没有访问权限" });
  }
});

Deno.test("GET /api/excel-case-split/download/:token refuses a tampered or expired link", async () => {
  using t = await testApp();
  const user = await t.userWith(["excel_case_split"]);
  const task = await splitThrough(t, user);
  const url = task.output_files[0].downloadUrl;
  const invalid = {
    success: false,
    code: "CASE_SPLIT_LINK_INVALID",
    error: "下载链接无效或已过期，请刷新页面后重试",
  };
  const tampered = url.replace(/\.(\d+)\./, (_m, id) => `.${Number(id) + 1}.`);
  const res = await t.app.request(tampered);
  assert.equal(res.status, 403);
  assert.deepEqual(await res.json(), invalid);
  const outOfRange = await t.app.request(url.replace(/file=\d+/, "file=99"));
  assert.equal(outOfRange.status, 404);
  assert.equal((await outOfRange.json()).error, "文件不存在或已被清理");
  t.clock.advance(61 * 60_000);
  const expired = await t.app.request(url);
  assert.equal(expired.status, 403);
  assert.deepEqual(await expired.json(), invalid);
});

Deno.test("GET /api/excel-case-split/tasks filters by name, level and date, and pages 15 by default", async () => {
  using t = await testApp();
  const user = await t.userWith(["excel_case_split"]);
  const city = await splitThrough(t, user, { name: "一月案件.xlsx" });
  t.clock.advance(2 * 86_400_000);
  user.token = await t.issueToken(user.user.id);
  const county = await splitThrough(t, user, { name: "二月案件.xlsx", level: "county" });
  const list = (query: string) => t.request("GET", `/api/excel-case-split/tasks${query}`, { as: user });
  const ids = async (query: string) =>
    (await (await list(query)).json()).tasks.map((x: CaseSplitTask) => x.id);
  assert.deepEqual(await ids(""), [county.id, city.id]);
  assert.deepEqual(await ids("?filename=一月"), [city.id]);
  assert.deepEqual(await ids("?splitLevel=county"), [county.id]);
  const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
  const first = day(city.created_at);
  assert.deepEqual(await ids(`?startDate=${first}&endDate=${first}`), [city.id]);
  assert.deepEqual(await ids(`?startDate=${day(county.created_at)}`), [county.id]);
  const page2 = await (await list("?page=2&pageSize=15")).json();
  assert.deepEqual(page2, { success: true, tasks: [], total: 2 });
  const bad = await list("?pageSize=20");
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error, "每页条数只能是15/30/50/100");
  const range = await list("?startDate=2026-02-02&endDate=2026-02-01");
  assert.equal((await range.json()).error, "开始日期不能晚于结束日期");
  const noSuchDay = await list("?startDate=2026-02-30");
  assert.equal(noSuchDay.status, 400);
  assert.equal((await noSuchDay.json()).error, "开始日期格式应为YYYY-MM-DD");
});

Deno.test("DELETE /api/excel-case-split/tasks/:id removes the task and its files", async () => {
  using t = await testApp();
  const user = await t.userWith(["excel_case_split"]);
  const task = await splitThrough(t, user);
  const res = await t.request("DELETE", `/api/excel-case-split/tasks/${task.id}`, { as: user });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true });
  assert.equal((await (await t.request("GET", "/api/excel-case-split/tasks", { as: user })).json()).total, 0);
  const link = await t.app.request(task.output_files[0].downloadUrl);
  assert.equal(link.status, 404);
  const files = await Array.fromAsync(t.deps.blobs.list(`users/${user.user.id}/case_split`));
  assert.deepEqual(files, []);
});

Deno.test("case split: a task deleted while its job waits leaves no files; the job is still finished", async () => {
  using t = await testApp();
  const user = await t.userWith(["excel_case_split"]);
  const { taskId } = await (await upload(t, user, xlsxOf([HEADER, ...ROWS]))).json();
  const { jobTaskId } = await (await t.request("POST", "/api/excel-case-split/split", {
    as: user,
    json: { taskId, addressColumn: "住所地", splitLevel: "city" },
  })).json();
  await t.request("DELETE", `/api/excel-case-split/tasks/${taskId}`, { as: user });
  await dispatchJob(t.deps, jobHandlers, { type: "case_split.run", taskId: jobTaskId, splitId: taskId });
  assert.equal((await getTask(t.kv, jobTaskId))?.status, "done");
  assert.deepEqual(await Array.fromAsync(t.deps.blobs.list(`users/${user.user.id}/case_split`)), []);
});

Deno.test("case split: the queue listener runs the split to completion (enqueue → listen → done)", async () => {
  const t = await testApp();
  const user = await t.userWith(["excel_case_split"]);
  const { taskId } = await (await upload(t, user, xlsxOf([HEADER, ...ROWS]))).json();
  const listening = startJobListener(t.deps, jobHandlers);
  const { jobTaskId } = await (await t.request("POST", "/api/excel-case-split/split", {
    as: user,
    json: { taskId, addressColumn: "当事人", splitLevel: "city" },
  })).json();
  for (let i = 0; i < 200 && (await getTask(t.kv, jobTaskId))?.status !== "done"; i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const job = await getTask(t.kv, jobTaskId);
  assert.equal(job?.status, "done");
  const task = await findTask(t, user, taskId);
  // The names 甲..庚 are no places: everything goes to 其他, nothing is dropped.
  assert.equal(task.status, "completed");
  assert.deepEqual(task.output_files.map((f) => [f.region, f.count]), [["其他", 7]]);
  assert.equal(task.success_rows + task.error_count, task.total_rows);
  t.kv.close();
  await listening;
  await Deno.remove(t.dataDir, { recursive: true });
});
