import assert from "node:assert/strict";
import type { AccessSubject, PermissionCode } from "../../common/permissions.ts";
import { decideAccess, firstAllowedLanding } from "./guard.ts";

function member(permissions: PermissionCode[], options: { id?: number; role?: string } = {}): AccessSubject {
  return { id: options.id ?? 5, role: options.role ?? "普通用户", permissions };
}

const direct = { fromLogin: false };
const afterLogin = { fromLogin: true };

Deno.test("decideAccess() sends a visitor to /login with 请先登录", () => {
  assert.deepEqual(decideAccess("/dashboard", null, direct), { kind: "login", message: "请先登录" });
  assert.deepEqual(decideAccess("/", null, direct), { kind: "login", message: "请先登录" });
});

Deno.test("decideAccess() allows a page whose permission the user holds", () => {
  assert.deepEqual(decideAccess("/pdf-converter", member(["pdf_converter"]), direct), { kind: "allow" });
  assert.deepEqual(decideAccess("/member-center", member([]), direct), { kind: "allow" });
  assert.deepEqual(decideAccess("/account", member([]), direct), { kind: "allow" });
});

Deno.test("decideAccess() keeps a user without the permission where they are (没有访问权限)", () => {
  assert.deepEqual(decideAccess("/user-manager", member(["dashboard"]), direct), {
    kind: "deny",
    message: "没有访问权限",
    redirectTo: null,
  });
});

Deno.test("decideAccess() sends denials on custom-ocr, ai-folder, ai-cljl and ai-muban to /dashboard", () => {
  for (const path of ["/custom-ocr", "/ai-folder", "/ai-cljl", "/ai-muban"]) {
    assert.deepEqual(decideAccess(path, member(["dashboard"]), direct), {
      kind: "deny",
      message: "没有访问权限",
      redirectTo: "/dashboard",
    });
  }
  assert.equal(
    (decideAccess("/ocr", member(["dashboard"]), direct) as { redirectTo: unknown }).redirectTo,
    null,
  );
});

Deno.test("decideAccess() after /login goes to the first allowed landing page", () => {
  const user = member(["pdf_converter", "ai_document"]);
  assert.deepEqual(decideAccess("/dashboard", user, afterLogin), {
    kind: "deny",
    message: "没有访问权限",
    redirectTo: "/pdf-converter",
  });
  assert.equal(firstAllowedLanding(member(["my_template", "mediation"])), "/mediation-form");
  assert.equal(firstAllowedLanding(member(["ai_document"])), "/ai-chat");
  assert.equal(firstAllowedLanding(member([])), "/dashboard");
});

Deno.test("firstAllowedLanding() beyond the spec's list: the first permission-gated page the user may open", () => {
  assert.equal(firstAllowedLanding(member(["template_manage"])), "/template-manager");
  assert.equal(firstAllowedLanding(member(["excel_case_split"])), "/excel-case-split");
  assert.deepEqual(decideAccess("/dashboard", member(["template_manage"]), afterLogin), {
    kind: "deny",
    message: "没有访问权限",
    redirectTo: "/template-manager",
  });
});

Deno.test("decideAccess() does not redirect a denied /dashboard to itself", () => {
  assert.deepEqual(decideAccess("/dashboard", member([]), afterLogin), {
    kind: "deny",
    message: "没有访问权限",
    redirectTo: null,
  });
});

Deno.test("decideAccess() lets only user id 1 open /ai-settings", () => {
  assert.deepEqual(decideAccess("/ai-settings", member([], { role: "admin" }), direct), {
    kind: "deny",
    message: "只有超级管理员可以访问此页面",
    redirectTo: null,
  });
  assert.deepEqual(decideAccess("/ai-settings", member([], { id: 1 }), direct), { kind: "allow" });
});

Deno.test("decideAccess() lets user id 1 open every page and anyone signed in open /login-features", () => {
  for (const path of ["/user-manager", "/excel-case-split", "/ai-muban", "/dashboard"]) {
    assert.deepEqual(decideAccess(path, member([], { id: 1 }), direct), { kind: "allow" }, path);
  }
  assert.deepEqual(decideAccess("/login-features", member([]), direct), { kind: "allow" });
});

Deno.test("decideAccess() allows / (it redirects to /dashboard) and unknown paths (not-found page)", () => {
  assert.deepEqual(decideAccess("/", member([]), direct), { kind: "allow" });
  assert.deepEqual(decideAccess("/no-such-page", member([]), direct), { kind: "allow" });
});
