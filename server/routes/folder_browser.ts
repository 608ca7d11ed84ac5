import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { isAdmin } from "../../common/permissions.ts";
import { type FolderRecord, getRecordEntry } from "../kv/custom_ocr_records.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { AI_RUN_KINDS, listAiRunRecords } from "../services/custom_ocr/ai_run_records.ts";
import { clearKeptValue } from "../services/custom_ocr/clear_kept_value.ts";
import { startFolderRun } from "../services/custom_ocr/folder_case.ts";
import { listFolderLevel } from "../services/custom_ocr/folder_tree.ts";
import { chooseFieldSource, recordView } from "../services/custom_ocr/record_view.ts";
import { deleteRecordWithFiles, requireRule } from "../services/custom_ocr/rules.ts";

const processBody = z.object({
  ruleId: z.string({ error: "请先选择规则" }).trim().min(1, "请先选择规则"),
  items: z.array(z.object({ path: z.string().max(8192), isFolder: z.boolean().optional().default(true) }))
    .min(1, "请选择要处理的文件夹或文件").max(100),
});

const sourceBody = z.object({
  recordId: z.string().min(1),
  fieldName: z.string().min(1),
  selectedSource: z.union([
    z.string().min(1, "请选择一个值"),
    z.object({ value: z.string().min(1, "请选择一个值"), source: z.string().optional() }),
  ], { error: "请选择一个值" }).optional(),
  /** Beyond the spec (issue #27): drop the person's value, back to what the files say. */
  clear: z.literal(true).optional(),
}).refine((b) => b.clear || b.selectedSource !== undefined, {
  message: "请选择一个值",
  path: ["selectedSource"],
});

/** How one item of a folder run went. */
type ItemResult =
  | { path: string; success: true; batchId: string; totalFiles: number }
  | { path: string; success: false; code: string; error: string };

async function requireRecord(c: { var: AppEnv["Variables"] }, id: string): Promise<FolderRecord> {
  const user = c.var.user;
  if (!user) throw new AppError("AUTH_REQUIRED");
  const record = (await getRecordEntry(c.var.deps.kv, user.id, id)).value;
  if (!record) throw new AppError("CUSTOM_RECORD_NOT_FOUND");
  return record;
}

/** One level of the AI folder; with `ruleId` (beyond the spec), what that rule would read below each node. */
async function folderLevel(c: Context<AppEnv>) {
  const userId = currentUser(c).id;
  const ruleId = c.req.query("ruleId");
  const rule = ruleId ? await requireRule(c.var.deps, userId, ruleId) : undefined;
  return await listFolderLevel(c.var.deps.kv, { userId, path: c.req.query("path") ?? "", rule });
}

/** Custom OCR folder mode (part 4 §7 /api/folder-browser/*): runs over AI-folder items, records. */
export const folderBrowserRoutes = new Hono<AppEnv>()
  .get("/folder-browser/tree", async (c) => {
    const nodes = await folderLevel(c);
    return c.json({ success: true, tree: nodes.filter((n) => n.isFolder) });
  })
  .get("/folder-browser/contents", async (c) => {
    return c.json({ success: true, contents: await folderLevel(c) });
  })
  .post("/folder-browser/process", validate("json", processBody), async (c) => {
    // Each item is its own case and its own run: a refusal of one (AI使用次数不足, no matching file, a
    // path gone) does not stop the others; the answer reports every item. When none starts, the first
    // refusal is the answer, as for the screen's one-item calls.
    const user = currentUser(c);
    const { ruleId, items } = c.req.valid("json");
    const records: FolderRecord[] = [];
    const results: ItemResult[] = [];
    let firstError: AppError | null = null;
    for (const item of items) {
      try {
        const record = await startFolderRun(c.var.deps, {
          userId: user.id,
          username: user.username,
          ruleId,
          ...item,
        });
        records.push(record);
        results.push({ path: item.path, success: true, batchId: record.id, totalFiles: record.files.length });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        firstError ??= err;
        results.push({ path: item.path, success: false, code: err.code, error: err.message });
      }
    }
    if (records.length === 0) throw firstError!;
    const refused = results.length - records.length;
    return c.json({
      success: true,
      message: refused ? `开始处理文件，${refused} 项未能开始` : "开始处理文件",
      batchId: records[0].id,
      batchIds: records.map((r) => r.id),
      totalFiles: records.reduce((n, r) => n + r.files.length, 0),
      results,
    });
  })
  .get("/folder-browser/progress/:batchId", async (c) => {
    const record = await requireRecord(c, c.req.param("batchId"));
    return c.json({ success: true, ...recordView(record).progress });
  })
  .get("/folder-browser/records", async (c) => {
    // Administrators may ask for everyone's (scope=all) or one user's (userId): AI处理记录's admin view.
    // kind: custom_ocr (the default: the spec's folder records), ocr, ocr_extract, or all (AI处理记录).
    const user = currentUser(c);
    const scope = c.req.query("scope");
    const userId = c.req.query("userId");
    const kind = c.req.query("kind");
    if ((scope === "all" || userId !== undefined) && !isAdmin(user)) throw new AppError("ADMIN_ONLY");
    const wanted = userId !== undefined && /^\d{1,9}$/.test(userId) ? Number(userId) : null;
    if (userId !== undefined && wanted === null) {
      throw new AppError("VALIDATION_FAILED", {}, { field: "userId" });
    }
    const kinds = kind === undefined
      ? ["custom_ocr" as const]
      : kind === "all"
      ? AI_RUN_KINDS
      : AI_RUN_KINDS.filter((k) => k === kind);
    if (kinds.length === 0) throw new AppError("VALIDATION_FAILED", {}, { field: "kind" });
    // With `kind` (AI处理记录), a case folder run again is one row with its earlier runs as history.
    const records = await listAiRunRecords(c.var.deps.kv, {
      userId: wanted ?? (scope === "all" ? "all" : user.id),
      kinds,
      byCase: kind !== undefined,
    });
    return c.json({ success: true, records });
  })
  .get("/folder-browser/records/:id", async (c) => {
    const record = await requireRecord(c, c.req.param("id"));
    return c.json({ success: true, record: recordView(record).record });
  })
  .delete("/folder-browser/records/:id", async (c) => {
    const record = await requireRecord(c, c.req.param("id"));
    await deleteRecordWithFiles(c.var.deps, record);
    return c.json({ success: true, message: "删除成功" });
  })
  .post("/folder-browser/update-field-source", validate("json", sourceBody), async (c) => {
    const body = c.req.valid("json");
    const target = { userId: currentUser(c).id, recordId: body.recordId, fieldName: body.fieldName };
    const record = body.clear
      ? await clearKeptValue(c.var.deps, target)
      : await chooseFieldSource(c.var.deps, { ...target, selected: body.selectedSource! });
    return c.json({ success: true, message: "保存成功", record: recordView(record).record });
  });
