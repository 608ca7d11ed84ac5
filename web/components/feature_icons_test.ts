import assert from "node:assert/strict";
import { LOGIN_FEATURE_ICONS } from "../../common/schemas/login_features.ts";
import { FEATURE_ICON_LABELS, featureIconLabel } from "./feature_icons.tsx";

Deno.test("every login-feature icon has a Chinese label, never its component name", () => {
  for (const name of LOGIN_FEATURE_ICONS) {
    const label = featureIconLabel(name);
    assert.ok(label && !/Outlined/.test(label) && /[\u4e00-\u9fff]/.test(label), `${name}: ${label}`);
  }
  assert.equal(
    new Set(Object.values(FEATURE_ICON_LABELS)).size,
    LOGIN_FEATURE_ICONS.length,
    "labels are distinct",
  );
});
