/**
 * Writing custom OCR rules without typing them field by field (issue #27 item 5): import and export a
 * rule as JSON, 文件名包含 as the simple pattern, copy a pattern with its fields, fields from an
 * OCR信息提取 template, and the same field columns and hints as the template editor.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Locator } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  apiCall,
  assertNoPageErrors,
  downloadBy,
  openSignedIn,
  signedInPage,
  storedToken,
  waitForToast,
} from "./steps.ts";

const PASSWORD = "member-pass-1";

const RULE = {
  rule_name: "借贷案件材料",
  description: "起诉状与借条",
  patterns: [
    { pattern: "起诉状", fields: [{ key: "原告", label: "原告", prompt: "" }] },
    { pattern: "借条|欠条", fields: [{ key: "借款金额", label: "借款金额", prompt: "借条上的金额" }] },
  ],
  global_fields: [{ key: "案号", label: "案号", prompt: "" }],
};

/** The aria-labels and placeholders of the first field row of a dialog, in screen order. */
async function firstRow(dialog: Locator): Promise<string[]> {
  const labels = ["字段名称1", "字段键名1", "提取说明1"];
  const out: string[] = [];
  for (const l of labels) out.push(`${l}:${await dialog.getByLabel(l).first().getAttribute("placeholder")}`);
  const xs = await Promise.all(
    labels.map(async (l) => (await dialog.getByLabel(l).first().boundingBox())!.x),
  );
  assert.deepEqual([...xs].sort((a, b) => a - b), xs, "名称, 键名, 提取说明 from left to right");
  return out;
}

Deno.test("/custom-ocr rules: JSON import and export, 文件名包含, copy a pattern, fields from an OCR信息提取 template", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "clerk",
        password: PASSWORD,
        permissions: ["dashboard", "custom_ocr_access", "ocr_extract"],
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "clerk", password: PASSWORD });
  const token = (await storedToken(page))!;
  await apiCall(server.url, token, "/api/ocr/templates", {
    method: "POST",
    body: JSON.stringify({
      name: "借贷要素",
      fields: [
        { label: "出借人", key: "lender" },
        { label: "借款人", key: "borrower", prompt: "借条上的借款人" },
        { label: "借款金额", key: "loan_amount" },
      ],
    }),
  });

  // Import a rule file; export it again: the same rule.
  await openSignedIn(page, "/custom-ocr");
  await page.getByTestId("rule-import-input").setInputFiles({
    name: "规则.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(RULE)),
  });
  await waitForToast(page, "导入成功，共 1 条规则");
  const row = page.locator("tr.ant-table-row").filter({ hasText: "借贷案件材料" });
  await row.waitFor();
  const exported = await downloadBy(page, row.getByRole("button", { name: /导出/ }));
  assert.equal(exported.name, "借贷案件材料.json");
  assert.deepEqual(JSON.parse(new TextDecoder().decode(exported.bytes)), RULE);
  await page.getByTestId("rule-import-input").setInputFiles({
    name: "坏.json",
    mimeType: "application/json",
    buffer: Buffer.from("{"),
  });
  await waitForToast(page, "文件不是有效的JSON");

  // A new rule the short way.
  await page.getByRole("button", { name: /新建规则/ }).click();
  const dialog = page.locator(".ant-modal").filter({ hasText: "新建规则" });
  await dialog.getByPlaceholder("如 民间借贷立案").fill("借贷立案");
  const pattern = dialog.getByLabel("文件名匹配");
  assert.doesNotMatch(await pattern.getAttribute("placeholder") ?? "", /正则|\.\*/);
  await pattern.fill("起诉状、借条");
  await dialog.getByLabel("字段名称1").fill("被告");
  await dialog.getByRole("button", { name: /复\s*制/ }).click();
  const second = dialog.locator(".ant-card").filter({ hasText: "文件匹配规则 2" });
  assert.equal(await second.getByLabel("字段名称1").inputValue(), "被告");
  await second.getByText("正则（高级）").click();
  await second.getByLabel("文件名匹配").fill("身份证.*\\.(jpg|png)");
  await dialog.getByLabel("从OCR信息提取模板导入字段").click();
  await page.locator(".ant-select-item-option").filter({ hasText: "借贷要素" }).click();
  await waitForToast(page, "已加入 3 个字段");
  const ruleRow = await firstRow(dialog);
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await waitForToast(page, "创建成功");

  const { rules } = await apiCall(server.url, token, "/api/custom-ocr/rules");
  const made = rules.find((r: { rule_name: string }) => r.rule_name === "借贷立案");
  assert.deepEqual(made.patterns.map((p: { file_pattern: string }) => p.file_pattern), [
    "起诉状|借条",
    "身份证.*\\.(jpg|png)",
  ]);
  const fields = made.fields.map((f: { pattern_id: string | null; field_key: string; field_label: string }) =>
    `${f.pattern_id ? "专属" : "全局"}:${f.field_key}=${f.field_label}`
  );
  assert.deepEqual(fields.sort(), [
    "专属:被告=被告",
    "专属:被告=被告",
    "全局:borrower=借款人",
    "全局:lender=出借人",
    "全局:loan_amount=借款金额",
  ]);

  // The OCR信息提取 template editor asks the same columns with the same hints.
  await openSignedIn(page, "/ocr-extract");
  await page.getByRole("button", { name: /新建模板/ }).click();
  const templateDialog = page.getByRole("dialog").filter({ hasText: "新建模板" });
  assert.deepEqual(await firstRow(templateDialog), ruleRow);
  assertNoPageErrors(browser.pageErrors);
});
