import assert from "node:assert/strict";
import { FAVICON_MAX_BYTES, LOGO_MAX_BYTES } from "../../common/constants.ts";
import { DEFAULT_SETTINGS, PUBLIC_SETTING_FIELDS } from "../../common/schemas/settings.ts";
import { DOMAIN_MESSAGE } from "../../common/schemas/users.ts";
import { listAuditEntries } from "../../server/kv/audit_log.ts";
import { getSettings } from "../../server/kv/settings.ts";
import { testApp } from "../helpers/test_app.ts";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Bytes that start with a format's magic number, padded to `size` with a recognisable pattern. */
function imageBytes(kind: "png" | "jpg" | "ico" | "gif", size = 256): Uint8Array {
  const head = {
    png: PNG_SIGNATURE,
    jpg: [0xff, 0xd8, 0xff, 0xe0],
    ico: [0, 0, 1, 0],
    gif: [0x47, 0x49, 0x46, 0x38],
  }[kind];
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) & 0xff;
  bytes.set(head);
  return bytes;
}

function fileForm(bytes: Uint8Array, name: string, field = "file"): FormData {
  const form = new FormData();
  form.append(field, new File([bytes as BlobPart], name));
  return form;
}

const VALID_SETTINGS = {
  system_name: "律所文书平台",
  site_title: "律所文书批量处理",
  login_title: "欢迎登录",
  login_subtitle: "批量生成调解书",
};

Deno.test("GET /api/system/settings shows anonymous users the public fields only", async () => {
  using t = await testApp();
  const res = await t.request("GET", "/api/system/settings");
  assert.equal(res.status, 200);
  const { success, settings } = await res.json();
  assert.equal(success, true);
  assert.deepEqual(Object.keys(settings).sort(), [...PUBLIC_SETTING_FIELDS].sort());
  for (const hidden of ["auto_cleanup", "cleanup_days", "default_domain", "default_max_uses"]) {
    assert.ok(!(hidden in settings), hidden);
  }
  assert.deepEqual(settings.footer_links, []);
  assert.equal(settings.system_name, DEFAULT_SETTINGS.system_name);
});

Deno.test("GET /api/system/settings shows everything only to holders of system_settings", async () => {
  using t = await testApp();
  const member = await t.userWith(["dashboard", "user_manage"]);
  const partial = await (await t.request("GET", "/api/system/settings", { as: member })).json();
  assert.ok(!("default_domain" in partial.settings));
  const stale = await t.request("GET", "/api/system/settings", { as: "not-a-token" });
  assert.equal(stale.status, 200);
  assert.ok(!("cleanup_days" in (await stale.json()).settings));
  const holder = await t.userWith(["system_settings"]);
  const full = await (await t.request("GET", "/api/system/settings", { as: holder })).json();
  assert.deepEqual(full.settings, DEFAULT_SETTINGS);
  const admin = await (await t.request("GET", "/api/system/settings", { as: "admin" })).json();
  assert.equal(admin.settings.cleanup_days, 30);
  assert.equal(admin.settings.default_max_uses, 1);
});

Deno.test("POST /api/system/settings validates its fields", async () => {
  using t = await testApp();
  const cases: [Record<string, unknown>, string, string][] = [
    [{ ...VALID_SETTINGS, system_name: "a" }, "系统名称长度为2-50个字符", "system_name"],
    [{ ...VALID_SETTINGS, site_title: "t".repeat(101) }, "网站标题长度为2-100个字符", "site_title"],
    [{ ...VALID_SETTINGS, login_title: "x" }, "登录页标题长度为2-200个字符", "login_title"],
    [{ ...VALID_SETTINGS, login_subtitle: "" }, "请输入登录页副标题", "login_subtitle"],
    [{ ...VALID_SETTINGS, default_max_uses: 0 }, "默认使用次数至少为1", "default_max_uses"],
    [{ ...VALID_SETTINGS, default_domain: "bad domain" }, DOMAIN_MESSAGE, "default_domain"],
    [{ ...VALID_SETTINGS, footer_links: "{not json" }, "页脚链接格式错误", "footer_links"],
    [
      { ...VALID_SETTINGS, footer_links: [{ text: "x", url: "javascript:alert(1)" }] },
      "链接地址必须以 http://、https:// 或 / 开头",
      "footer_links.0.url",
    ],
    [{ ...VALID_SETTINGS, logo_url: "javascript:alert(1)" }, "图片地址格式错误", "logo_url"],
  ];
  for (const [json, error, field] of cases) {
    const res = await t.request("POST", "/api/system/settings", { as: "admin", json });
    assert.equal(res.status, 400, error);
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
  assert.deepEqual(await getSettings(t.kv), DEFAULT_SETTINGS);
});

Deno.test("POST /api/system/settings answers 401 and 403", async () => {
  using t = await testApp();
  assert.equal((await t.request("POST", "/api/system/settings", { json: VALID_SETTINGS })).status, 401);
  const member = await t.userWith(["user_manage"]);
  const res = await t.request("POST", "/api/system/settings", { as: member, json: VALID_SETTINGS });
  assert.equal(res.status, 403);
  assert.equal((await res.json()).error, "没有访问权限");
});

Deno.test("POST /api/system/settings saves, takes footer_links as JSON text and strips the domain", async () => {
  using t = await testApp();
  const links = [{ text: "官网", url: "https://law.example.com" }, { text: "帮助", url: "/help" }];
  const res = await t.request("POST", "/api/system/settings", {
    as: "admin",
    json: {
      ...VALID_SETTINGS,
      footer_links: JSON.stringify(links),
      footer_icp: "京ICP备00000000号",
      auto_cleanup: true,
      cleanup_days: 7,
      default_max_uses: 3,
      default_domain: "https://a.example.com/",
      invitation_enabled: true,
    },
  });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.success, true);
  assert.deepEqual(body.settings.footer_links, links);
  assert.equal(body.settings.default_domain, "a.example.com");

  const full = (await (await t.request("GET", "/api/system/settings", { as: "admin" })).json()).settings;
  assert.deepEqual(full, {
    ...DEFAULT_SETTINGS,
    ...VALID_SETTINGS,
    footer_links: links,
    footer_icp: "京ICP备00000000号",
    auto_cleanup: true,
    cleanup_days: 7,
    default_max_uses: 3,
    default_domain: "a.example.com",
    invitation_enabled: true,
  });
  const anonymous = (await (await t.request("GET", "/api/system/settings")).json()).settings;
  assert.equal(anonymous.system_name, "律所文书平台");
  assert.deepEqual(anonymous.footer_links, links);
  assert.equal(anonymous.invitation_enabled, true);

  const { entries } = await listAuditEntries(t.kv);
  assert.equal(entries.length, 1);
  assert.deepEqual([entries[0].entity, entries[0].action, entries[0].actorId], ["settings", "update", 1]);
  assert.equal((entries[0].before as { system_name: string }).system_name, DEFAULT_SETTINGS.system_name);
  assert.equal((entries[0].after as { system_name: string }).system_name, "律所文书平台");
});

Deno.test("POST /api/settings/upload-logo stores a PNG, saves logo_url and serves it back byte-identical", async () => {
  using t = await testApp();
  const bytes = imageBytes("png", 4096);
  const res = await t.request("POST", "/api/settings/upload-logo", {
    as: "admin",
    form: fileForm(bytes, "logo.png"),
  });
  assert.equal(res.status, 200);
  const { success, url } = await res.json();
  assert.equal(success, true);
  assert.match(url, /^\/api\/settings\/files\/[0-9a-f]{32}\.png$/);
  assert.equal((await getSettings(t.kv)).logo_url, url);
  const publicSettings = (await (await t.request("GET", "/api/system/settings")).json()).settings;
  assert.equal(publicSettings.logo_url, url);

  const served = await t.request("GET", url);
  assert.equal(served.status, 200);
  assert.equal(served.headers.get("content-type"), "image/png");
  assert.match(served.headers.get("cache-control") ?? "", /max-age=\d+/);
  assert.equal(served.headers.get("x-content-type-options"), "nosniff");
  assert.deepEqual(new Uint8Array(await served.arrayBuffer()), bytes);
});

Deno.test("POST /api/settings/upload-logo judges the type by content, not by name", async () => {
  using t = await testApp();
  const invalid = {
    success: false,
    code: "FILE_TYPE_INVALID",
    error: "只能上传JPG/PNG格式的文件",
    field: "file",
  };
  for (
    const [bytes, name] of [
      [new TextEncoder().encode("<svg onload=alert(1)></svg>"), "logo.png"],
      [imageBytes("gif"), "logo.jpg"],
      [imageBytes("ico"), "logo.png"],
      [imageBytes("png"), "logo.svg"],
    ] as const
  ) {
    const res = await t.request("POST", "/api/settings/upload-logo", {
      as: "admin",
      form: fileForm(bytes, name),
    });
    assert.equal(res.status, 400, name);
    assert.deepEqual(await res.json(), invalid);
  }
  assert.equal((await getSettings(t.kv)).logo_url, "");
  // a JPEG called .png is a JPEG: accepted and served as one
  const jpg = await t.request("POST", "/api/settings/upload-logo", {
    as: "admin",
    form: fileForm(imageBytes("jpg"), "a.png"),
  });
  assert.equal(jpg.status, 200);
  const { url } = await jpg.json();
  assert.match(url, /\.jpg$/);
  assert.equal((await t.request("GET", url)).headers.get("content-type"), "image/jpeg");
});

Deno.test("POST /api/settings/upload-logo refuses files of 2MB or more, early for big bodies", async () => {
  using t = await testApp();
  const tooLarge = { success: false, code: "FILE_TOO_LARGE", error: "文件大小不能超过2MB", field: "file" };
  const atLimit = await t.request("POST", "/api/settings/upload-logo", {
    as: "admin",
    form: fileForm(imageBytes("png", LOGO_MAX_BYTES), "big.png"),
  });
  assert.equal(atLimit.status, 413);
  assert.deepEqual(await atLimit.json(), tooLarge);
  const huge = await t.request("POST", "/api/settings/upload-logo", {
    as: "admin",
    form: fileForm(imageBytes("png", LOGO_MAX_BYTES + 512 * 1024), "huge.png"),
  });
  assert.equal(huge.status, 413);
  assert.deepEqual(await huge.json(), tooLarge);
  const hugeDeclared = await t.request("POST", "/api/settings/upload-logo", {
    as: "admin",
    form: fileForm(imageBytes("png", 8), "x.png"),
    headers: { "content-length": String(LOGO_MAX_BYTES * 2) },
  });
  assert.equal(hugeDeclared.status, 413);
  assert.equal((await getSettings(t.kv)).logo_url, "");
  const justUnder = await t.request("POST", "/api/settings/upload-logo", {
    as: "admin",
    form: fileForm(imageBytes("png", LOGO_MAX_BYTES - 1), "ok.png"),
  });
  assert.equal(justUnder.status, 200);
});

Deno.test("POST /api/settings/upload-logo wants a file, a token and system_settings", async () => {
  using t = await testApp();
  const missing = await t.request("POST", "/api/settings/upload-logo", {
    as: "admin",
    form: fileForm(imageBytes("png"), "logo.png", "other"),
  });
  assert.equal(missing.status, 400);
  assert.deepEqual(await missing.json(), {
    success: false,
    code: "FILE_REQUIRED",
    error: "请选择要上传的文件",
    field: "file",
  });
  const notMultipart = await t.request("POST", "/api/settings/upload-logo", {
    as: "admin",
    json: { file: "x" },
  });
  assert.equal(notMultipart.status, 400);
  assert.equal((await notMultipart.json()).code, "FILE_REQUIRED");
  const anonymous = await t.request("POST", "/api/settings/upload-logo", {
    form: fileForm(imageBytes("png"), "logo.png"),
  });
  assert.equal(anonymous.status, 401);
  assert.deepEqual(await anonymous.json(), { success: false, code: "AUTH_REQUIRED", error: "请先登录" });
  const member = await t.userWith(["user_manage"]);
  const denied = await t.request("POST", "/api/settings/upload-logo", {
    as: member,
    form: fileForm(imageBytes("png"), "l.png"),
  });
  assert.equal(denied.status, 403);
  assert.equal((await denied.json()).code, "FORBIDDEN");
});

Deno.test("POST /api/settings/upload-favicon takes ICO or PNG under 1MB and saves favicon_url", async () => {
  using t = await testApp();
  const ico = imageBytes("ico", 1024);
  const res = await t.request("POST", "/api/settings/upload-favicon", {
    as: "admin",
    form: fileForm(ico, "favicon.ico"),
  });
  assert.equal(res.status, 200);
  const { url } = await res.json();
  assert.match(url, /^\/api\/settings\/files\/[0-9a-f]{32}\.ico$/);
  assert.equal((await getSettings(t.kv)).favicon_url, url);
  const served = await t.request("GET", url);
  assert.equal(served.headers.get("content-type"), "image/x-icon");
  assert.deepEqual(new Uint8Array(await served.arrayBuffer()), ico);

  const jpg = await t.request("POST", "/api/settings/upload-favicon", {
    as: "admin",
    form: fileForm(imageBytes("jpg"), "f.ico"),
  });
  assert.equal(jpg.status, 400);
  assert.deepEqual(await jpg.json(), {
    success: false,
    code: "FILE_TYPE_INVALID",
    error: "只能上传ICO/PNG格式的文件",
    field: "file",
  });
  const big = await t.request("POST", "/api/settings/upload-favicon", {
    as: "admin",
    form: fileForm(imageBytes("png", FAVICON_MAX_BYTES), "f.png"),
  });
  assert.equal(big.status, 413);
  assert.equal((await big.json()).error, "文件大小不能超过1MB");
  assert.equal((await getSettings(t.kv)).favicon_url, url);
});

Deno.test("a new logo replaces the old file, and the change is audited", async () => {
  using t = await testApp();
  const first = (await (await t.request("POST", "/api/settings/upload-logo", {
    as: "admin",
    form: fileForm(imageBytes("png"), "a.png"),
  })).json()).url;
  const second = (await (await t.request("POST", "/api/settings/upload-logo", {
    as: "admin",
    form: fileForm(imageBytes("jpg"), "b.jpg"),
  })).json()).url;
  assert.notEqual(first, second);
  assert.equal((await t.request("GET", first)).status, 404);
  assert.equal((await t.request("GET", second)).status, 200);
  const { entries } = await listAuditEntries(t.kv);
  assert.deepEqual(entries[0].before, { logo_url: first });
  assert.deepEqual(entries[0].after, { logo_url: second });
});

Deno.test("GET /api/settings/files/:name refuses names it never hands out", async () => {
  using t = await testApp();
  await t.deps.blobs.put("settings/secret.txt", new TextEncoder().encode("x"));
  for (
    const name of ["secret.txt", "..%2Fsettings%2Fsecret.txt", "%2E%2E", "0".repeat(32) + ".png", "abc.png"]
  ) {
    const res = await t.request("GET", `/api/settings/files/${name}`);
    assert.equal(res.status, 404, name);
    assert.equal((await res.json()).code, "NOT_FOUND");
  }
});
