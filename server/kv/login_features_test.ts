import assert from "node:assert/strict";
import {
  createLoginFeature,
  DEFAULT_LOGIN_FEATURES,
  deleteLoginFeature,
  getLoginFeature,
  listLoginFeatures,
  seedLoginFeatures,
  updateLoginFeature,
} from "./login_features.ts";

Deno.test("login features: seed once, create, update, order, delete", async () => {
  using kv = await Deno.openKv(":memory:");
  assert.deepEqual(await listLoginFeatures(kv), []);
  assert.equal(await seedLoginFeatures(kv, 1000), true);
  assert.equal(await seedLoginFeatures(kv, 2000), false);
  assert.deepEqual(
    (await listLoginFeatures(kv)).map((f) => f.title),
    DEFAULT_LOGIN_FEATURES.map((f) => f.title),
  );

  const added = await createLoginFeature(kv, { icon: " StarOutlined ", title: " 新功能 " }, 3000);
  assert.deepEqual([added.icon, added.title, added.order], [
    "StarOutlined",
    "新功能",
    DEFAULT_LOGIN_FEATURES.length,
  ]);
  assert.deepEqual(await getLoginFeature(kv, added.id), added);

  const moved = await updateLoginFeature(kv, added.id, { icon: "BookOutlined", title: "置顶", order: 0 });
  assert.equal(moved.createdAt, 3000);
  assert.deepEqual((await listLoginFeatures(kv)).slice(0, 2).map((f) => f.title), ["批量生成调解书", "置顶"]);

  assert.deepEqual(await deleteLoginFeature(kv, added.id), moved);
  assert.equal(await getLoginFeature(kv, added.id), null);
  await assert.rejects(() => deleteLoginFeature(kv, added.id), { code: "LOGIN_FEATURE_NOT_FOUND" });
  await assert.rejects(() => updateLoginFeature(kv, added.id, { icon: "X", title: "Y" }), {
    code: "LOGIN_FEATURE_NOT_FOUND",
  });
});

Deno.test("seedLoginFeatures() leaves a store that already has features alone", async () => {
  using kv = await Deno.openKv(":memory:");
  await createLoginFeature(kv, { icon: "StarOutlined", title: "自有" }, 1000);
  assert.equal(await seedLoginFeatures(kv, 2000), false);
  assert.deepEqual((await listLoginFeatures(kv)).map((f) => f.title), ["自有"]);
});
