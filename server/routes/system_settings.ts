import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { hasAccess } from "../../common/permissions.ts";
import { settingsBody } from "../../common/schemas/settings.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { recordAudit } from "../kv/audit_log.ts";
import { getSettings, saveSettings, toPublicSettings } from "../kv/settings.ts";
import {
  SITE_IMAGE_RULES,
  siteFileKey,
  type SiteImageKind,
  storeSiteImage,
} from "../services/settings/site_images.ts";

/** Room for the multipart envelope around the file itself. */
const MULTIPART_HEADROOM_BYTES = 64 * 1024;

/** Refuses an oversize upload before reading it, with the same message as the size check. */
function uploadLimit(kind: SiteImageKind) {
  const rule = SITE_IMAGE_RULES[kind];
  return bodyLimit({
    maxSize: rule.maxBytes + MULTIPART_HEADROOM_BYTES,
    onError: () => {
      throw new AppError("FILE_TOO_LARGE", { limit: rule.limitLabel }, { field: "file" });
    },
  });
}

async function handleUpload(c: Context<AppEnv>, kind: SiteImageKind) {
  const body = await c.req.parseBody().catch(() => {
    throw new AppError("FILE_REQUIRED", {}, { field: "file" });
  });
  const file = body.file;
  if (!(file instanceof File) || file.size === 0) throw new AppError("FILE_REQUIRED", {}, { field: "file" });
  const url = await storeSiteImage(c.var.deps, { kind, file, actor: currentUser(c) });
  return c.json({ success: true, url });
}

export const systemSettingsRoutes = new Hono<AppEnv>()
  .get("/system/settings", async (c) => {
    const settings = await getSettings(c.var.deps.kv);
    const full = hasAccess(c.var.user, "system_settings");
    return c.json({ success: true, settings: full ? settings : toPublicSettings(settings) });
  })
  .post("/system/settings", validate("json", settingsBody), async (c) => {
    const { kv, clock } = c.var.deps;
    const actor = currentUser(c);
    const before = await getSettings(kv);
    const settings = await saveSettings(kv, c.req.valid("json"));
    await recordAudit(kv, {
      at: clock.now(),
      actorId: actor.id,
      actorName: actor.username,
      action: "update",
      entity: "settings",
      entityId: "system",
      before,
      after: settings,
    });
    return c.json({ success: true, settings });
  })
  .post("/settings/upload-logo", uploadLimit("logo"), (c) => handleUpload(c, "logo"))
  .post("/settings/upload-favicon", uploadLimit("favicon"), (c) => handleUpload(c, "favicon"))
  .get("/settings/files/:name", async (c) => {
    const file = siteFileKey(c.req.param("name"));
    const blob = file ? await c.var.deps.blobs.get(file.key) : null;
    if (!file || !blob) throw new AppError("NOT_FOUND");
    return c.body(blob.stream, 200, {
      "content-type": file.contentType,
      "content-length": String(blob.size),
      // Names are random and never reused, so a copy never goes stale.
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
  });
