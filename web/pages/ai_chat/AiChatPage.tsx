import { Alert, App, Button, Card, Grid, Input, Space, Tag, Typography } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatMessageView, ConversationView, PresetView } from "../../../common/schemas/ai_chat.ts";
import {
  createConversation,
  deleteConversation,
  exportMessage,
  listConversations,
  listMessages,
  listPresets,
  patchConversation,
  saveAsTemplate,
  streamMessage,
} from "../../api/ai_chat.ts";
import { ApiError, errorText } from "../../api/client.ts";
import { getUserLimits } from "../../api/member.ts";
import { useConfirmDelete } from "../../components/confirm_delete.ts";
import { copyText } from "../../components/copy_text.ts";
import { saveBlob } from "../../components/save_file.ts";
import { AnswerText } from "./AnswerText.tsx";
import { ConversationList } from "./ConversationList.tsx";
import { type PresetChoice, PresetModal } from "./PresetModal.tsx";

const NOT_CONFIGURED = "管理员尚未配置AI模型";
const NOT_CONFIGURED_HINT = "自由对话暂不可用；按模板起草仍可生成文书，需AI撰写的部分标为待撰写。";
const QUOTA_TEXT = "您的AI使用次数不足，请联系管理员充值";

/** AI文书生成 (/ai-chat): conversations, streamed answers, 要素式 presets, citation badges, Word export. */
export function AiChatPage() {
  const { message, modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const confirmDelete = useConfirmDelete();
  const [conversations, setConversations] = useState<ConversationView[]>([]);
  const [active, setActive] = useState<ConversationView | null>(null);
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [presets, setPresets] = useState<PresetView[]>([]);
  const [presetOpen, setPresetOpen] = useState(false);
  const [input, setInput] = useState("");
  const [streaming, setStreaming] = useState(false);
  const [aiLeft, setAiLeft] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [aiConfigured, setAiConfigured] = useState<boolean | null>(null);
  const stopRef = useRef<AbortController | null>(null);
  const endRef = useRef<HTMLDivElement | null>(null);

  // Only the latest list request's answer is shown (an earlier one may arrive after it).
  const listRequest = useRef(0);
  const reloadList = useCallback((q?: string) => {
    const request = ++listRequest.current;
    listConversations(q).then((r) => {
      if (request !== listRequest.current) return;
      setConversations(r.conversations);
      // The open conversation's header follows its stored title (the first question once answered).
      setActive((a) => (a && r.conversations.find((c) => c.id === a.id)) ?? a);
    }, () => {});
  }, []);
  useEffect(() => {
    reloadList();
    listPresets().then((r) => {
      setPresets(r.presets);
      setAiConfigured(r.aiConfigured);
    }, () => {});
    getUserLimits().then((r) => setAiLeft(r.limits.aiLimit), () => {});
  }, [reloadList]);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: "end" });
  }, [messages]);

  async function open(c: ConversationView) {
    if (streaming) return;
    setActive(c);
    setNotice(null);
    const r = await listMessages(c.id);
    setMessages(r.messages);
  }

  function patchLast(change: (m: ChatMessageView) => ChatMessageView) {
    setMessages((list) => list.map((m, i) => (i === list.length - 1 ? change(m) : m)));
  }

  /** Sends and streams; false when the server refused the question before answering (nothing kept). */
  async function ask(
    conv: ConversationView,
    body: { content?: string; regenerate?: boolean },
  ): Promise<boolean> {
    const now = Date.now();
    const answer: ChatMessageView = {
      id: `pending-${now}`,
      role: "assistant",
      content: "",
      status: "done",
      citations: [],
      createdAt: now,
    };
    setMessages((list) => {
      const base = body.regenerate ? list.slice(0, list.findLastIndex((m) => m.role === "user") + 1) : list;
      const question: ChatMessageView[] = body.regenerate ? [] : [{
        id: `q-${now}`,
        role: "user",
        content: body.content ?? "",
        status: "done",
        citations: [],
        createdAt: now,
      }];
      return [...base, ...question, answer];
    });
    setStreaming(true);
    setNotice(null);
    const stop = new AbortController();
    stopRef.current = stop;
    try {
      await streamMessage(conv.id, body, {
        onStart: (d) => patchLast((m) => ({ ...m, id: d.messageId })),
        onDelta: (text) => patchLast((m) => ({ ...m, content: m.content + text })),
        onDone: (d) => {
          patchLast((m) => ({ ...m, id: d.messageId, citations: d.citations }));
          setAiLeft(d.aiLimit);
        },
        onError: (d) => {
          patchLast((m) => ({ ...m, status: "failed", error: d.error }));
          if (typeof d.aiLimit === "number") setAiLeft(d.aiLimit);
        },
      }, stop.signal);
    } catch (err) {
      if (stop.signal.aborted) {
        patchLast((m) => ({ ...m, status: "stopped", error: "已停止生成" }));
      } else {
        setMessages((list) => list.filter((m) => m !== answer && !(m.id === `q-${now}`)));
        const text = errorText(err, "发送失败");
        if (err instanceof ApiError && err.code === "AI_QUOTA_INSUFFICIENT") setNotice(QUOTA_TEXT);
        else if (err instanceof ApiError && err.code === "AI_NOT_CONFIGURED") {
          setAiConfigured(false);
          message.warning(NOT_CONFIGURED);
        } else message.error(text);
        return false;
      }
    } finally {
      setStreaming(false);
      stopRef.current = null;
      reloadList();
    }
    return true;
  }

  async function send() {
    const content = input.trim();
    if (!content || streaming) return;
    let conv = active;
    const created = !conv;
    if (!conv) {
      conv = (await createConversation({})).conversation;
      setActive(conv);
      setMessages([]);
    }
    setInput("");
    // A refused question goes back into the box, so the user's text is not lost; a conversation
    // opened for it alone goes too, so refusals leave no empty 新对话 behind in the list.
    if (!(await ask(conv, { content }))) {
      setInput(content);
      if (created) {
        await deleteConversation(conv.id).catch(() => {});
        setActive(null);
        reloadList();
      }
    }
  }

  async function startPreset(choice: PresetChoice) {
    const { conversation } = await createConversation({
      presetId: choice.presetId,
      caseData: choice.caseData,
    });
    setPresetOpen(false);
    setActive(conversation);
    setMessages([]);
    await ask(conversation, { content: "按模板生成文书" });
  }

  function rename(c: ConversationView) {
    let title = c.title;
    modal.confirm({
      title: "重命名对话",
      content: (
        <Input
          aria-label="对话标题"
          defaultValue={c.title}
          maxLength={100}
          onChange={(e) => (title = e.target.value)}
        />
      ),
      okText: "保存",
      cancelText: "取消",
      onOk: async () => {
        try {
          const r = await patchConversation(c.id, { title });
          if (active?.id === c.id) setActive(r.conversation);
          message.success("保存成功");
          reloadList();
        } catch (err) {
          message.error(errorText(err, "保存失败"));
        }
      },
    });
  }

  function remove(c: ConversationView) {
    confirmDelete({
      title: "删除对话",
      content: `确定删除对话“${c.title}”吗？删除后不能恢复。`,
      remove: () => deleteConversation(c.id),
      after: () => {
        if (active?.id === c.id) {
          setActive(null);
          setMessages([]);
        }
        reloadList();
      },
      failure: "删除失败",
    });
  }

  function saveTemplate(m: ChatMessageView) {
    let name = active?.title ?? "AI文书";
    modal.confirm({
      title: "存为模板",
      content: (
        <div>
          <p>文书中的案件信息将替换为 ${"{字段}"} 占位符，保存到“我的模板”。</p>
          <Input
            aria-label="模板名称"
            defaultValue={name}
            maxLength={100}
            onChange={(e) => (name = e.target.value)}
          />
        </div>
      ),
      okText: "保存",
      cancelText: "取消",
      onOk: async () => {
        try {
          const r = await saveAsTemplate(m.id, name);
          message.success(`已保存为模板：${r.template.fileName}`);
        } catch (err) {
          message.error(errorText(err, "保存失败"));
        }
      },
    });
  }

  async function download(m: ChatMessageView, format: "docx" | "pdf") {
    try {
      const file = await exportMessage(m.id, format);
      saveBlob(file.blob, file.fileName);
      message.success("导出成功");
    } catch (err) {
      message.error(errorText(err, "导出失败"));
    }
  }

  const lastAssistant = messages.findLast((m) => m.role === "assistant");
  // Below md (phones) the conversation list sits above the chat instead of beside it.
  const narrow = screens.md === false;
  return (
    <div
      style={{
        display: "flex",
        flexDirection: narrow ? "column" : "row",
        gap: 16,
        alignItems: narrow ? "stretch" : "flex-start",
      }}
    >
      <Card size="small" style={narrow ? undefined : { width: 280, flex: "none" }}>
        <Space direction="vertical" style={{ width: "100%", marginBottom: 8 }}>
          <Button
            block
            onClick={() => {
              setActive(null);
              setMessages([]);
            }}
            disabled={streaming}
          >
            新对话
          </Button>
          <Button block type="primary" onClick={() => setPresetOpen(true)} disabled={streaming}>
            按模板起草
          </Button>
        </Space>
        <ConversationList
          items={conversations}
          activeId={active?.id ?? null}
          onSearch={(q) => reloadList(q)}
          onOpen={open}
          onRename={rename}
          onDelete={remove}
        />
      </Card>
      <Card
        size="small"
        style={{ flex: 1, minWidth: 0 }}
        title={active?.title ?? "新对话"}
        extra={<span>剩余AI使用次数：{aiLeft ?? "-"}</span>}
      >
        {aiConfigured === false && (
          <Alert
            type="warning"
            showIcon
            message={NOT_CONFIGURED}
            description={NOT_CONFIGURED_HINT}
            style={{ marginBottom: 12 }}
          />
        )}
        {notice && <Alert type="error" showIcon message={notice} style={{ marginBottom: 12 }} />}
        {aiLeft === 0 && !notice && (
          <Alert type="error" showIcon message={QUOTA_TEXT} style={{ marginBottom: 12 }} />
        )}
        <div style={{ minHeight: 320, maxHeight: "60vh", overflowY: "auto", marginBottom: 12 }}>
          {messages.length === 0 && (
            <Typography.Text type="secondary">
              输入问题开始对话，或点击“按模板起草”生成要素式文书。
            </Typography.Text>
          )}
          {messages.map((m) => (
            <div key={m.id} style={{ margin: "12px 0" }} data-role={m.role}>
              <Tag color={m.role === "user" ? "blue" : "green"}>{m.role === "user" ? "我" : "AI"}</Tag>
              {m.role === "user" ? <div style={{ whiteSpace: "pre-wrap" }}>{m.content}</div> : (
                <>
                  <AnswerText
                    text={m.content}
                    citations={m.citations}
                    onInsert={(t) => setInput((v) => (v ? `${v}\n${t}` : t))}
                  />
                  {m.status !== "done" && (
                    <Alert type="error" showIcon message={m.error ?? "生成失败"} style={{ marginTop: 8 }} />
                  )}
                  {!streaming && m.content && !m.id.startsWith("pending-") && (
                    <Space wrap style={{ marginTop: 8 }}>
                      <Button
                        size="small"
                        onClick={async () =>
                          message.success((await copyText(m.content)) ? "已复制" : "复制失败")}
                      >
                        复制
                      </Button>
                      <Button
                        size="small"
                        onClick={() =>
                          download(m, "docx")}
                      >
                        导出Word
                      </Button>
                      <Button
                        size="small"
                        onClick={() =>
                          download(m, "pdf")}
                      >
                        导出PDF
                      </Button>
                      <Button
                        size="small"
                        onClick={() => saveTemplate(m)}
                      >
                        存为模板
                      </Button>
                      {m === lastAssistant && active && (
                        <Button
                          size="small"
                          onClick={() => ask(active, { regenerate: true })}
                        >
                          重新生成
                        </Button>
                      )}
                    </Space>
                  )}
                </>
              )}
            </div>
          ))}
          <div ref={endRef} />
        </div>
        <Space.Compact style={{ width: "100%" }}>
          <Input.TextArea
            aria-label="输入问题"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={8000}
            placeholder="输入问题或修改要求，Ctrl+Enter 发送"
            onKeyDown={(e) => {
              if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) send();
            }}
          />
          {streaming
            ? <Button danger onClick={() => stopRef.current?.abort()} style={{ height: "auto" }}>停止</Button>
            : (
              <Button type="primary" onClick={send} disabled={!input.trim()} style={{ height: "auto" }}>
                发送
              </Button>
            )}
        </Space.Compact>
      </Card>
      <PresetModal
        open={presetOpen}
        presets={presets}
        onCancel={() => setPresetOpen(false)}
        onOk={startPreset}
      />
    </div>
  );
}
