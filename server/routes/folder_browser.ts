import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { isAdmin } from "../../common/permissions.ts";
import { type FolderRecord, getRecordEntry, listAllRecords, listRecords } from "../kv/custom_ocr_records.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { startFolderRun } from "../services/custom_ocr/folder_case.ts";
import { listFolderLevel } from "../services/custom_ocr/folder_tree.ts";
import { chooseFieldSource, recordView } from "../services/custom_ocr/record_view.ts";
import { deleteRecordWithFiles } from "../services/custom_ocr/rules.ts";

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
  ], { error: "请选择一个值" }),
});

async function requireRecord(c: { var: AppEnv["Variables"] }, id: string): Promise<FolderRecord> {
  const user = c.var.user;
  if (!user) throw new AppError("AUTH_REQUIRED");
  const record = (await getRecordEntry(c.var.deps.kv, user.id, id)).value;
  if (!record) throw new AppError("CUSTOM_RECORD_NOT_FOUND");
  return record;
}

/** Custom OCR folder mode (part 4 §7 /api/folder-browser/*): runs over AI-folder items, records. */
export const folderBrowserRoutes = new Hono<AppEnv>()
  .get("/folder-browser/tree", async (c) => {
    const nodes = await listFolderLevel(c.var.deps.kv, currentUser(c).id, c.req.query("path") ?? "");
    return c.json({ success: true, tree: nodes.filter((n) => n.isFolder) });
  })
  .get("/folder-browser/contents", async (c) => {
    const contents = await listFolderLevel(c.var.deps.kv, currentUser(c).id, c.req.query("path") ?? "");
    return c.json({ success: true, contents });
  })
  .post("/folder-browser/process", validate("json", processBody), async (c) => {
    const user = currentUser(c);
    const { ruleId, items } = c.req.valid("json");
    const records: FolderRecord[] = [];
    for (const item of items) {
      records.push(
        await startFolderRun(c.var.deps, { userId: user.id, username: user.username, ruleId, ...item }),
      );
    }
    return c.json({
      success: true,
      message: "开始处理文件",
      batchId: records[0].id,
      batchIds: records.map((r) => r.id),
      totalFiles: records.reduce((n, r) => n + r.files.length, 0),
    });
  })
  .get("/folder-browser/progress/:batchId", async (c) => {
    const record = await requireRecord(c, c.req.param("batchId"));
    return c.json({ success: true, ...recordView(record).progress });
  })
  .get("/folder-browser/records", async (c) => {
    // Administrators may ask for everyone's (scope=all) or one user's (userId): AI处理记录's admin view.
    const user = currentUser(c);
    const scope = c.req.query("scope");
    const userId = c.req.query("userId");
    if ((scope === "all" || userId !== undefined) && !isAdmin(user)) throw new AppError("ADMIN_ONLY");
    const wanted = userId !== undefined && /^\d{1,9}$/.test(userId) ? Number(userId) : null;
    if (userId !== undefined && wanted === null) {
      throw new AppError("VALIDATION_FAILED", {}, { field: "userId" });
    }
    const records = wanted !== null
      ? await listRecords(c.var.deps.kv, wanted)
      : scope === "all"
      ? await listAllRecords(c.var.deps.kv)
      : await listRecords(c.var.deps.kv, user.id);
    return c.json({ success: true, records: records.map((r) => recordView(r).record) });
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
    const record = await chooseFieldSource(c.var.deps, {
      userId: currentUser(c).id,
      recordId: body.recordId,
      fieldName: body.fieldName,
      selected: body.selectedSource,
    });
    return c.json({ success: true, message: "保存成功", record: recordView(record).record });
  });
