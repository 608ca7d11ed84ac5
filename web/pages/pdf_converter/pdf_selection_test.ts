import assert from "node:assert/strict";
import { isPdfFile, linkStateText, planPdfSelection } from "./pdf_selection.ts";

const pdf = (name: string, size = 100) => ({ name, type: "application/pdf", size });

Deno.test("isPdfFile() reads the browser's type, and the name only when the type is empty", () => {
  assert.equal(isPdfFile({ name: "a.pdf", type: "application/pdf" }), true);
  assert.equal(isPdfFile({ name: "a.pdf", type: "text/plain" }), false);
  assert.equal(isPdfFile({ name: "A.PDF", type: "" }), true);
  assert.equal(isPdfFile({ name: "a.docx", type: "" }), false);
});

Deno.test("planPdfSelection() caps the files to the remaining uses with the warning", () => {
  const plan = planPdfSelection([
    pdf("1.pdf"),
    pdf("2.pdf"),
    { name: "x.txt", type: "text/plain", size: 1 },
    pdf("3.pdf"),
  ], 2);
  assert.deepEqual(plan.accepted.map((f) => f.name), ["1.pdf", "2.pdf"]);
  assert.deepEqual(plan.notPdf.map((f) => f.name), ["x.txt"]);
  assert.equal(plan.capWarning, "剩余使用次数不足：当前剩余 2 次，已选择 3 个文件，将只上传前 2 个");
  assert.equal(plan.usedUp, false);
  assert.equal(planPdfSelection([pdf("1.pdf")], 5).capWarning, null);
});

Deno.test("planPdfSelection() accepts nothing when no use is left, and drops oversize files", () => {
  const none = planPdfSelection([pdf("1.pdf")], 0);
  assert.equal(none.usedUp, true);
  assert.deepEqual(none.accepted, []);
  const big = planPdfSelection([pdf("big.pdf", 60 * 1024 * 1024), pdf("ok.pdf")], 5);
  assert.deepEqual(big.tooLarge.map((f) => f.name), ["big.pdf"]);
  assert.deepEqual(big.accepted.map((f) => f.name), ["ok.pdf"]);
});

Deno.test("linkStateText() tells revoked, expired and valid links apart", () => {
  assert.equal(linkStateText({ revoked_at: "2025-01-01T00:00:00Z", expires_at: null }), "已撤销");
  assert.equal(
    linkStateText({ revoked_at: null, expires_at: "2025-01-01T00:00:00Z" }, Date.parse("2025-02-01")),
    "已过期",
  );
  assert.equal(linkStateText({ revoked_at: null, expires_at: null }), "有效");
});
