import assert from "node:assert/strict";
import type { ChatRecord } from "../../kv/ai_chats.ts";
import { buildChatMessages, CHAT_INSTRUCTION } from "./history.ts";
import { draftPieces, fillTemplate, listPresets, requirePreset } from "./presets.ts";

Deno.test("every preset has fields for each ${字段} it uses and at least one block the model writes", () => {
  assert.ok(listPresets().length >= 13);
  for (const p of listPresets()) {
    const keys = new Set([...p.fields.map((f) => f.key), "起诉日期"]);
    for (const b of p.blocks) {
      const text = b.kind === "fixed" ? b.lines.join("") : b.prompt;
      for (const m of text.matchAll(/\$\{([^}]+)\}/g)) assert.ok(keys.has(m[1]), `${p.id}: ${m[1]}`);
    }
    assert.ok(p.blocks.some((b) => b.kind === "model"), p.id);
    // Without any case data the form still comes out whole: every placeholder is a marked gap.
    const text = draftPieces(p, {}, new Date(2025, 0, 1)).map((x) => x.kind === "text" ? x.text : "").join(
      "",
    );
    assert.ok(!text.includes("${"), p.id);
    assert.match(text, new RegExp(`^# ${p.docTitle}\n`));
  }
  // The issue's list of case types (issue #15 §3).
  const titles = listPresets().map((p) => p.title).join("\n");
  for (
    const kind of [
      "民间借贷",
      "金融借款合同",
      "信用卡",
      "买卖合同",
      "物业服务合同",
      "房屋租赁合同",
      "劳动争议",
      "机动车交通事故责任",
      "答辩状",
      "人民调解协议",
      "律师函",
      "证据目录",
    ]
  ) assert.match(titles, new RegExp(kind), kind);
});

Deno.test("fillTemplate() uses the case value, today's date for 起诉日期, and a marked gap otherwise", () => {
  const p = requirePreset("civil_loan_complaint");
  const now = new Date(2025, 2, 7);
  assert.equal(
    fillTemplate(
      p,
      "原告：${原告姓名}，电话${原告电话}，${起诉日期}",
      { 原告姓名: " 李明 ", 原告电话: "" },
      now,
    ),
    "原告：李明，电话〔待填写：原告联系电话〕，2025年3月7日",
  );
});

Deno.test("draftPieces() keeps the blocks in order with the model's narrative in place", () => {
  const pieces = draftPieces(requirePreset("divorce_complaint"), { 原告姓名: "张丽" }, new Date(2025, 0, 1));
  const model = pieces.findIndex((p) => p.kind === "model");
  const before = pieces.slice(0, model).map((p) => p.kind === "text" ? p.text : "").join("");
  assert.match(before, /^# 民事起诉状\n（离婚纠纷）\n/);
  assert.match(before, /## 诉讼请求\n1\. 判令原告与被告离婚；/);
  assert.match(before, /## 事实与理由\n$/);
  const m = pieces[model];
  assert.equal(m.kind === "model" && m.title, "事实与理由");
});

function record(
  role: "user" | "assistant",
  content: string,
  status: ChatRecord["status"] = "done",
): ChatRecord {
  return { id: content, conversationId: "c", role, content, status, citations: [], createdAt: 0 };
}

Deno.test("buildChatMessages() keeps instruction, preset and case first and the newest history that fits", () => {
  const history = [
    record("user", "问1" + "长".repeat(50)),
    record("assistant", "答1" + "长".repeat(50)),
    record("user", "问2"),
    record("assistant", "失败的回答", "failed"),
    record("assistant", "答2"),
  ];
  const all = buildChatMessages({
    presetPrompt: "预设提示",
    caseContext: "原告：李明",
    history,
    question: "问3",
  });
  assert.equal(all[0].role, "system");
  assert.equal(all[0].content, `${CHAT_INSTRUCTION}\n\n预设提示\n\n案件信息：\n原告：李明`);
  assert.deepEqual(all.slice(1).map((m) => m.content), [
    history[0].content,
    history[1].content,
    "问2",
    "答2",
    "问3",
  ]);
  const budget = all[0].content.length + "问3".length + "问2答2".length + 60;
  const trimmed = buildChatMessages({
    presetPrompt: "预设提示",
    caseContext: "原告：李明",
    history,
    question: "问3",
    budgetChars: budget,
  });
  assert.deepEqual(trimmed.slice(1).map((m) => m.content), ["问2", "答2", "问3"]);
  const tiny = buildChatMessages({
    presetPrompt: null,
    caseContext: "",
    history,
    question: "问3",
    budgetChars: 10,
  });
  assert.deepEqual(tiny.map((m) => m.role), ["system", "user"]);
});
