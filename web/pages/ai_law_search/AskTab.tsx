import { Alert, Button, Card, Input, List, Space, Typography } from "antd";
import { useRef, useState } from "react";
import {
  type CheckedCitationView,
  LAW_ASK_MAX_QUESTION,
  type LawSearchHit,
} from "../../../common/schemas/law_search.ts";
import { ApiError, errorText } from "../../api/client.ts";
import { askLaw } from "../../api/law_search.ts";
import { toast } from "../../components/feedback.ts";
import { CitationList } from "./CheckTab.tsx";
import { StatusTag } from "./law_view.tsx";

export function AskTab(
  { aiConfigured, onOpen }: { aiConfigured: boolean; onOpen: (t: { lawId: string; number: string }) => void },
) {
  const [question, setQuestion] = useState("");
  const [answer, setAnswer] = useState("");
  const [sources, setSources] = useState<LawSearchHit[]>([]);
  const [citations, setCitations] = useState<CheckedCitationView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);

  if (!aiConfigured) {
    return (
      <Alert
        type="info"
        showIcon
        message="管理员尚未配置AI模型"
        description="问答需要在“AI设置”中配置模型；法条检索和引用核对不受影响，可以照常使用。"
      />
    );
  }

  async function run() {
    if (question.trim().length < 2) {
      toast().warning("请输入问题（至少2个字）");
      return;
    }
    setAnswer("");
    setSources([]);
    setCitations(null);
    setError(null);
    setRunning(true);
    abort.current = new AbortController();
    try {
      await askLaw(question.trim(), (e) => {
        if (e.event === "sources") setSources(e.data.articles);
        else if (e.event === "delta") setAnswer((a) => a + e.data.text);
        else if (e.event === "citations") setCitations(e.data.citations);
        else if (e.event === "error") setError(e.data.error);
      }, abort.current.signal);
    } catch (err) {
      if (!(err instanceof ApiError && err.code === "ABORTED")) {
        setError(errorText(err, "问答失败，请重试"));
      }
    } finally {
      setRunning(false);
    }
  }

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Typography.Text type="secondary">
        先检索法规库，再由AI只依据检索到的条文作答；每个引用都会核对。每次回答消耗1次AI使用次数，检索和核对免费。
      </Typography.Text>
      <Input.TextArea
        rows={3}
        maxLength={LAW_ASK_MAX_QUESTION}
        showCount
        placeholder="例如：朋友借钱不还，约定的利息过高，法院会支持多少？"
        value={question}
        onChange={(e) => setQuestion(e.target.value)}
      />
      <Space>
        <Button type="primary" loading={running} onClick={run}>提问</Button>
        {running && <Button onClick={() => abort.current?.abort()}>停止</Button>}
      </Space>
      {error && <Alert type="error" showIcon message={error} />}
      {answer && (
        <Card size="small" title="回答">
          <Typography.Paragraph style={{ whiteSpace: "pre-wrap" }}>{answer}</Typography.Paragraph>
        </Card>
      )}
      {citations && (
        <Card size="small" title="引用核对">
          <CitationList citations={citations} onOpen={onOpen} />
        </Card>
      )}
      {sources.length > 0 && (
        <Card size="small" title="检索到的条文（回答只依据这些条文）">
          <List
            dataSource={sources}
            renderItem={(s) => (
              <List.Item key={`${s.lawId}-${s.articleNumber}`}>
                <Space wrap>
                  <a onClick={() => onOpen({ lawId: s.lawId, number: s.articleNumber })}>
                    {s.title} {s.articleNumber}
                  </a>
                  <StatusTag status={s.status} />
                </Space>
              </List.Item>
            )}
          />
        </Card>
      )}
    </Space>
  );
}
