import type { LoginFeatureInput } from "../../common/schemas/login_features.ts";
import { AppError } from "../errors.ts";
import { newId } from "./ids.ts";

// Keys:  ["login_features", id] -> LoginFeature (time-sortable id)
//        ["meta", "login_features_seeded"] -> true (the defaults were written once)

export interface LoginFeature {
  id: string;
  icon: string;
  title: string;
  /** Smaller first; ties keep creation order. */
  order: number;
  createdAt: number;
}

/** The list first boot writes (icon names of @ant-design/icons). */
export const DEFAULT_LOGIN_FEATURES: Pick<LoginFeature, "icon" | "title">[] = [
  { icon: "FileWordOutlined", title: "批量生成调解书" },
  { icon: "LinkOutlined", title: "PDF一键转链接" },
  { icon: "ApartmentOutlined", title: "县市案件智能分类" },
  { icon: "RobotOutlined", title: "AI辅助信息提取" },
];

export async function getLoginFeature(kv: Deno.Kv, id: string): Promise<LoginFeature | null> {
  return (await kv.get<LoginFeature>(["login_features", id])).value;
}

/** All features by `order`, then creation. */
export async function listLoginFeatures(kv: Deno.Kv): Promise<LoginFeature[]> {
  const features: LoginFeature[] = [];
  for await (const entry of kv.list<LoginFeature>({ prefix: ["login_features"] })) features.push(entry.value);
  return features.sort((a, b) => a.order - b.order || a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

/** Adds a feature; without an order it goes after the current last one. */
export async function createLoginFeature(
  kv: Deno.Kv,
  input: LoginFeatureInput,
  now = Date.now(),
): Promise<LoginFeature> {
  const order = input.order ?? await nextOrder(kv);
  const feature: LoginFeature = {
    id: newId(now),
    icon: input.icon.trim(),
    title: input.title.trim(),
    order,
    createdAt: now,
  };
  const res = await kv.atomic().check({ key: ["login_features", feature.id], versionstamp: null })
    .set(["login_features", feature.id], feature).commit();
  if (!res.ok) throw new Error(`login feature id collision: ${feature.id}`);
  return feature;
}

/** Replaces icon and title (and order when given). Throws LOGIN_FEATURE_NOT_FOUND. */
export async function updateLoginFeature(
  kv: Deno.Kv,
  id: string,
  input: LoginFeatureInput,
): Promise<LoginFeature> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await kv.get<LoginFeature>(["login_features", id]);
    if (!entry.value) throw new AppError("LOGIN_FEATURE_NOT_FOUND");
    const feature: LoginFeature = {
      ...entry.value,
      icon: input.icon.trim(),
      title: input.title.trim(),
      order: input.order ?? entry.value.order,
    };
    if ((await kv.atomic().check(entry).set(["login_features", id], feature).commit()).ok) return feature;
  }
  throw new AppError("QUOTA_BUSY");
}

/** Deletes a feature and returns what it was. Throws LOGIN_FEATURE_NOT_FOUND. */
export async function deleteLoginFeature(kv: Deno.Kv, id: string): Promise<LoginFeature> {
  const entry = await kv.get<LoginFeature>(["login_features", id]);
  if (!entry.value) throw new AppError("LOGIN_FEATURE_NOT_FOUND");
  await kv.atomic().check(entry).delete(["login_features", id]).commit();
  return entry.value;
}

/**
 * Gives the features the order of `ids` (0, 1, 2, ...) in one commit. `ids` must name exactly the
 * current features: a list read before someone added or removed one answers LOGIN_FEATURE_ORDER_STALE
 * rather than leaving a feature out of the order. Returns the features before and after.
 */
export async function reorderLoginFeatures(
  kv: Deno.Kv,
  ids: string[],
): Promise<{ before: LoginFeature[]; after: LoginFeature[] }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entries: Deno.KvEntry<LoginFeature>[] = [];
    for await (const entry of kv.list<LoginFeature>({ prefix: ["login_features"] })) entries.push(entry);
    const byId = new Map(entries.map((e) => [e.value.id, e]));
    if (ids.length !== entries.length || ids.some((id) => !byId.has(id))) {
      throw new AppError("LOGIN_FEATURE_ORDER_STALE");
    }
    const op = kv.atomic();
    const after = ids.map((id, order) => {
      const entry = byId.get(id)!;
      const feature = { ...entry.value, order };
      op.check(entry).set(["login_features", id], feature);
      return feature;
    });
    const before = entries.map((e) => e.value).sort((a, b) =>
      a.order - b.order || a.createdAt - b.createdAt || a.id.localeCompare(b.id)
    );
    if ((await op.commit()).ok) return { before, after };
  }
  throw new AppError("QUOTA_BUSY");
}

/**
 * Writes DEFAULT_LOGIN_FEATURES once, on a store that has no features and was never seeded, so an
 * administrator who deletes them all does not see them return on the next start.
 */
export async function seedLoginFeatures(kv: Deno.Kv, now = Date.now()): Promise<boolean> {
  const seeded = await kv.get<boolean>(["meta", "login_features_seeded"]);
  if (seeded.value) return false;
  const existing = await listLoginFeatures(kv);
  const op = kv.atomic().check(seeded).set(["meta", "login_features_seeded"], true);
  if (existing.length === 0) {
    DEFAULT_LOGIN_FEATURES.forEach((f, i) => {
      const feature: LoginFeature = { id: newId(now), ...f, order: i, createdAt: now };
      op.set(["login_features", feature.id], feature);
    });
  }
  return (await op.commit()).ok && existing.length === 0;
}

async function nextOrder(kv: Deno.Kv): Promise<number> {
  const features = await listLoginFeatures(kv);
  return features.length ? Math.min(9999, Math.max(...features.map((f) => f.order)) + 1) : 0;
}
