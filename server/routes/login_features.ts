import { Hono } from "hono";
import { loginFeatureBody, loginFeatureOrderBody } from "../../common/schemas/login_features.ts";
import type { AppEnv } from "../deps.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { recordAudit } from "../kv/audit_log.ts";
import {
  createLoginFeature,
  deleteLoginFeature,
  getLoginFeature,
  listLoginFeatures,
  type LoginFeature,
  reorderLoginFeatures,
  updateLoginFeature,
} from "../kv/login_features.ts";

function toFeatureView(feature: LoginFeature) {
  return { id: feature.id, icon: feature.icon, title: feature.title };
}

export const loginFeaturesRoutes = new Hono<AppEnv>()
  .get("/login-features/list", async (c) => {
    const features = (await listLoginFeatures(c.var.deps.kv)).map(toFeatureView);
    return c.json({ success: true, features });
  })
  .post("/login-features", validate("json", loginFeatureBody), async (c) => {
    const { kv, clock } = c.var.deps;
    const actor = currentUser(c);
    const feature = await createLoginFeature(kv, c.req.valid("json"), clock.now());
    await recordAudit(kv, {
      at: clock.now(),
      actorId: actor.id,
      actorName: actor.username,
      action: "create",
      entity: "login_feature",
      entityId: feature.id,
      after: feature,
    });
    return c.json({ success: true, feature: toFeatureView(feature) }, 201);
  })
  .post("/login-features/reorder", validate("json", loginFeatureOrderBody), async (c) => {
    const { kv, clock } = c.var.deps;
    const actor = currentUser(c);
    const { before, after } = await reorderLoginFeatures(kv, c.req.valid("json").ids);
    await recordAudit(kv, {
      at: clock.now(),
      actorId: actor.id,
      actorName: actor.username,
      action: "update",
      entity: "login_feature",
      entityId: "order",
      before: before.map((f) => f.title),
      after: after.map((f) => f.title),
    });
    return c.json({ success: true, features: after.map(toFeatureView) });
  })
  .put("/login-features/:id", validate("json", loginFeatureBody), async (c) => {
    const { kv, clock } = c.var.deps;
    const actor = currentUser(c);
    const id = c.req.param("id");
    const before = await getLoginFeature(kv, id);
    const feature = await updateLoginFeature(kv, id, c.req.valid("json"));
    await recordAudit(kv, {
      at: clock.now(),
      actorId: actor.id,
      actorName: actor.username,
      action: "update",
      entity: "login_feature",
      entityId: id,
      before,
      after: feature,
    });
    return c.json({ success: true, feature: toFeatureView(feature) });
  })
  .delete("/login-features/:id", async (c) => {
    const { kv, clock } = c.var.deps;
    const actor = currentUser(c);
    const before = await deleteLoginFeature(kv, c.req.param("id"));
    await recordAudit(kv, {
      at: clock.now(),
      actorId: actor.id,
      actorName: actor.username,
      action: "delete",
      entity: "login_feature",
      entityId: before.id,
      before,
    });
    return c.json({ success: true });
  });
