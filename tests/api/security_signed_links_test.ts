/**
 * Issue #17 finding 7: signed links take user ids and expiries only in their canonical form, and
 * check the owner's permission when they are used, not only when they are made.
 */
import assert from "node:assert/strict";
import type { PermissionCode } from "../../common/permissions.ts";
import { API_ACCESS } from "../../common/permissions.ts";
import { startJobListener } from "../../server/jobs/dispatch.ts";
import { jobHandlers } from "../../server/jobs/handlers.ts";
import { getRole, updateRole } from "../../server/kv/roles.ts";
import { SIGNED_LINK_ACCESS } from "../../server/middleware/access.ts";
import { signDownloadToken } from "../../server/services/case_split/download_links.ts";
import { parseLinkNumber } from "../../server/services/links/signed_links.ts";
import { signZipLink } from "../../server/services/links/zip_links.ts";
import { signedFilePath } from "../../server/services/mediation/file_links.ts";
import { createExcelBatchTask } from "../helpers/excel_batch.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";

async function setPermissions(t: TestApp, member: SeededUser, permissions: PermissionCode[]) {
  const role = (await getRole(t.kv, member.user.roleId))!;
  await updateRole(t.kv, role.id, { name: role.name, description: role.description, permissions });
}

async function status(t: TestApp, path: string): Promise<[number, string]> {
  const res = await t.request("GET", path);
  const type = res.headers.get("content-type") ?? "";
  // read to the end: a streamed zip must finish, not be cancelled mid-way
  const code = type.includes("json") ? (await res.json()).code : (await res.arrayBuffer(), "");
  return [res.status, code];
}

/** `path` with its `name=` query value written with a leading zero. */
function withLeadingZero(path: string, name: "u" | "e"): string {
  return path.replace(new RegExp(`([?&]${name}=)(\\d+)`), "$10$2");
}

Deno.test("parseLinkNumber() takes digits without a leading zero only", () => {
  assert.equal(parseLinkNumber("5"), 5);
  assert.equal(parseLinkNumber("1700000000"), 1700000000);
  for (const bad of ["05", "0", "+5", "5.0", "0x5", "5e0", " 5", "5 ", "", "-5", "１"]) {
    assert.equal(parseLinkNumber(bad), null, JSON.stringify(bad));
  }
  assert.equal(parseLinkNumber(undefined), null);
  assert.equal(parseLinkNumber("1234567890", 9), null);
});

Deno.test("every signed-link route is public and listed in SIGNED_LINK_ACCESS", () => {
  for (const key of Object.keys(SIGNED_LINK_ACCESS)) assert.equal(API_ACCESS[key], "public", key);
});

Deno.test("Excel batch links: a 05 user id or expiry is refused; losing the permission closes old links", async () => {
  using t = await testApp();
  startJobListener(t.deps, jobHandlers).catch(() => {});
  const member = await t.userWith(["excel_batch_generate"], { quotas: { mediation: 10 } });
  const taskId = await createExcelBatchTask(t, member);
  const progress = await (await t.request("GET", `/api/excel-batch/task/${taskId}/progress`, { as: member }))
    .json();
  const direct = new URL(progress.generatedFiles[0].download_url);
  const directPath = direct.pathname + direct.search;
  const zipPath = (await (await t.request("GET", `/api/excel-batch/task/${taskId}/download-zip-url`, {
    as: member,
  })).json()).url;

  assert.deepEqual(await status(t, directPath), [200, ""]);
  assert.deepEqual(await status(t, zipPath), [200, ""]);
  for (const name of ["u", "e"] as const) {
    assert.deepEqual(
      await status(t, withLeadingZero(directPath, name)),
      [403, "EXCEL_BATCH_LINK_INVALID"],
      name,
    );
    assert.deepEqual(await status(t, withLeadingZero(zipPath, name)), [403, "DOWNLOAD_LINK_INVALID"], name);
  }

  await setPermissions(t, member, ["dashboard"]);
  assert.deepEqual(await status(t, directPath), [403, "EXCEL_BATCH_LINK_INVALID"]);
  assert.deepEqual(await status(t, zipPath), [403, "DOWNLOAD_LINK_INVALID"]);
  await setPermissions(t, member, ["excel_batch_generate"]);
  assert.deepEqual(await status(t, directPath), [200, ""]);
});

Deno.test("mediation and case-split links: canonical numbers only, the owner's permission checked on use", async () => {
  using t = await testApp();
  const member = await t.userWith(["mediation", "excel_case_split"]);
  const now = t.clock.now();
  const batchNo = "20250101_120000";
  const filePath = await signedFilePath(t.deps.signingKey, {
    userId: member.user.id,
    batchNo,
    index: 0,
    kind: "word",
  }, now);
  const zipPath = await signZipLink(t.deps.signingKey, {
    target: { area: "mediation-zip", userId: member.user.id, item: `${batchNo}:word` },
    path: `/api/mediation/batch/${batchNo}/zip?type=word`,
    now,
  });
  const token = await signDownloadToken(t.deps.signingKey, {
    taskId: "0123456789abcdef0123",
    userId: member.user.id,
    expiresAt: now + 60_000,
  });
  const splitPath = `/api/excel-case-split/download/${token}`;
  // genuine links reach the file lookup (nothing was generated here, so: not found)
  assert.deepEqual(await status(t, filePath), [404, "GENERATED_FILE_MISSING"]);
  assert.deepEqual(await status(t, splitPath), [404, "CASE_SPLIT_FILE_MISSING"]);
  const zip = await status(t, zipPath);
  assert.notEqual(zip[1], "DOWNLOAD_LINK_INVALID", "the zip link's area must match the route's");

  for (const name of ["u", "e"] as const) {
    assert.deepEqual(await status(t, withLeadingZero(filePath, name)), [403, "LINK_INVALID"], name);
  }
  const [taskId, userId, expiry, sig] = token.split(".");
  for (const bad of [`${taskId}.0${userId}.${expiry}.${sig}`, `${taskId}.${userId}.0${expiry}.${sig}`]) {
    assert.deepEqual(await status(t, `/api/excel-case-split/download/${bad}`), [
      403,
      "CASE_SPLIT_LINK_INVALID",
    ]);
  }

  await setPermissions(t, member, ["dashboard"]);
  assert.deepEqual(await status(t, filePath), [403, "LINK_INVALID"]);
  assert.deepEqual(await status(t, zipPath), [403, "DOWNLOAD_LINK_INVALID"]);
  assert.deepEqual(await status(t, splitPath), [403, "CASE_SPLIT_LINK_INVALID"]);
});
