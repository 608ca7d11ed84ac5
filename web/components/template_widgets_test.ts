import assert from "node:assert/strict";
import { ApiError } from "../api/client.ts";
import { formatBatchNo } from "./batch_no.ts";
import { templateDownloadErrorText } from "./template_download.ts";
import { checkTemplateFile } from "./TemplateUpload.tsx";

Deno.test("formatBatchNo() shows yyyymmdd_hhmmss as a date-time and leaves other text alone", () => {
  assert.equal(formatBatchNo("20250305_080102"), "2025-03-05 08:01:02");
  assert.equal(formatBatchNo("20250305_080102_2"), "2025-03-05 08:01:02_2");
  assert.equal(formatBatchNo("批次A"), "批次A");
});

Deno.test("checkTemplateFile() accepts only .docx under 10 MB, with the spec's message", () => {
  assert.equal(checkTemplateFile({ name: "起诉状.doc", size: 10 }), "只能上传Word文档(.docx)!");
  assert.equal(checkTemplateFile({ name: "起诉状.docx.pdf", size: 10 }), "只能上传Word文档(.docx)!");
  assert.equal(
    checkTemplateFile({ name: "调解书.DOCX", size: 10 * 1024 * 1024 + 1 }),
    "文件大小不能超过10MB",
  );
  assert.equal(checkTemplateFile({ name: "调解书.docx", size: 10 * 1024 * 1024 }), null);
});

Deno.test("templateDownloadErrorText(): time-out, the server's reason, or 未知错误 (part 2 §8)", () => {
  assert.equal(
    templateDownloadErrorText(new ApiError({ status: 0, code: "TIMEOUT", message: "请求超时，请重试" })),
    "下载超时，请重试",
  );
  const missing = new ApiError({
    status: 404,
    code: "TEMPLATE_NOT_FOUND",
    message: "模板不存在",
    serverMessage: "模板不存在",
  });
  assert.equal(templateDownloadErrorText(missing), "下载失败: 模板不存在");
  assert.equal(templateDownloadErrorText(new Error("x")), "下载失败: 未知错误");
  assert.equal(
    templateDownloadErrorText(new ApiError({ status: 500, code: "HTTP_500", message: "请求失败" })),
    "下载失败: 未知错误",
  );
});
