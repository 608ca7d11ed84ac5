import { Hono } from "hono";
import { storageItemBody, storageItemsQuery } from "../../common/schemas/storage.ts";
import type { AppEnv } from "../deps.ts";
import { recordAudit } from "../kv/audit_log.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import {
  deleteStorageItem,
  getStorageSummary,
  listStorageItems,
} from "../services/storage/storage_manager.ts";

export const storageRoutes = new Hono<AppEnv>()
  .get("/storage/summary", async (c) => {
    const summary = await getStorageSummary(c.var.deps, currentUser(c));
    return c.json({ success: true, ...summary });
  })
  .get("/storage/items", validate("query", storageItemsQuery), async (c) => {
    const { items, total } = await listStorageItems(c.var.deps, currentUser(c), c.req.valid("query"));
    return c.json({ success: true, items, total });
  })
  .delete("/storage/items", validate("json", storageItemBody), async (c) => {
    const { deps } = c.var;
    const actor = currentUser(c);
    const body = c.req.valid("json");
    const removed = await deleteStorageItem(deps, actor, body);
    if (body.userId !== actor.id) {
      await recordAudit(deps.kv, {
        at: deps.clock.now(),
        actorId: actor.id,
        actorName: actor.username,
        action: "delete",
        entity: "storage_item",
        entityId: removed.prefix,
        before: { userId: body.userId, area: body.area, itemId: body.itemId, ...removed },
      });
    }
    return c.json({ success: true, bytes: removed.bytes, files: removed.files });
  });
