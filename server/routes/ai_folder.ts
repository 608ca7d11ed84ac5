import { Hono } from "hono";
import {
  aiFolderBatchDeleteBody,
  aiFolderCreateBody,
  aiFolderDeleteBody,
  aiFolderRenameBody,
} from "../../common/schemas/ai_folder.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import {
  buildFolderTree,
  createFolder,
  deleteItem,
  deleteItems,
  listFolderContents,
  renameItem,
  resolveItem,
} from "../services/ai_folder/folder_store.ts";
import { parseFolderPath } from "../services/ai_folder/folder_paths.ts";
import { attachmentHeader } from "../services/templates/word_templates.ts";

/** The types the page previews; anything else is sent as bytes to save. */
function previewType(name: string): string {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  if (ext === "pdf") return "application/pdf";
  if (ext === "png") return "image/png";
  if (ext === "jpg" || ext === "jpeg") return "image/jpeg";
  return "application/octet-stream";
}
import { uploadJson, uploadMultipart } from "../services/ai_folder/upload_request.ts";

/** AI document folder (part 4 §2, §7): the signed-in user's own folder tree. */
export const aiFolderRoutes = new Hono<AppEnv>()
  .get("/aifolder/tree", async (c) => {
    const tree = await buildFolderTree(c.var.deps.kv, currentUser(c).id);
    return c.json({ success: true, tree });
  })
  .get("/aifolder/file", async (c) => {
    // Beyond the spec (issue #27 item 4): a file's bytes, for the page's preview (images, PDF) or download.
    const { kv, blobs } = c.var.deps;
    const segments = parseFolderPath(c.req.query("path"));
    const node = (await resolveItem(kv, currentUser(c).id, { segments, isFolder: false })).value;
    const bytes = node.blobKey ? await blobs.read(node.blobKey) : null;
    if (!bytes) throw new AppError("AI_FOLDER_NOT_FOUND");
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": previewType(node.name),
      "content-disposition": attachmentHeader(node.name),
    });
  })
  .get("/aifolder/contents", async (c) => {
    const contents = await listFolderContents(c.var.deps.kv, currentUser(c).id, c.req.query("path") ?? "");
    return c.json({ success: true, contents });
  })
  .post("/aifolder/delete", validate("json", aiFolderDeleteBody), async (c) => {
    await deleteItem(c.var.deps, currentUser(c).id, c.req.valid("json"));
    return c.json({ success: true, message: "删除成功" });
  })
  .post("/aifolder/batch-delete", validate("json", aiFolderBatchDeleteBody), async (c) => {
    const deleted = await deleteItems(c.var.deps, currentUser(c).id, c.req.valid("json").items);
    return c.json({ success: true, message: "批量删除成功", deleted });
  })
  .post("/aifolder/rename", validate("json", aiFolderRenameBody), async (c) => {
    const item = await renameItem(c.var.deps, currentUser(c).id, c.req.valid("json"));
    return c.json({ success: true, message: "重命名成功", item });
  })
  .post("/aifolder/create-folder", validate("json", aiFolderCreateBody), async (c) => {
    const item = await createFolder(c.var.deps, currentUser(c).id, c.req.valid("json"));
    return c.json({ success: true, message: "创建成功", item });
  })
  .post("/aifolder/upload", async (c) => {
    const result = await uploadMultipart(c.var.deps, {
      userId: currentUser(c).id,
      body: c.req.raw.body,
      contentType: c.req.header("content-type"),
      contentLength: c.req.header("content-length"),
      queryPath: c.req.query("path"),
      queryReplace: c.req.query("replace"),
      folderMode: false,
    });
    return c.json(result);
  })
  .post("/aifolder/upload-folder", async (c) => {
    const userId = currentUser(c).id;
    const contentType = c.req.header("content-type") ?? "";
    if (/^\s*multipart\/form-data/i.test(contentType)) {
      const result = await uploadMultipart(c.var.deps, {
        userId,
        body: c.req.raw.body,
        contentType,
        contentLength: c.req.header("content-length"),
        queryPath: c.req.query("path"),
        queryReplace: c.req.query("replace"),
        folderMode: true,
      });
      return c.json(result);
    }
    const body = await c.req.json().catch(() => {
      throw new AppError("VALIDATION_FAILED", {}, { message: "上传内容格式错误" });
    });
    return c.json(await uploadJson(c.var.deps, { userId, body }));
  });
