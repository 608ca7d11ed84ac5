import { Button, Empty, Input, List, Space, Typography } from "antd";
import { useState } from "react";
import { type CheckedCitationView, LAW_CHECK_MAX_TEXT } from "../../../common/schemas/law_search.ts";
import { checkCitations } from "../../api/law_search.ts";
import { toast } from "../../components/feedback.ts";
import { CitationBadge } from "./law_view.tsx";

/** Citation list with badges; a current article opens in the drawer. */
export function CitationList(
  { citations, onOpen }: {
    citations: CheckedCitationView[];
    onOpen: (t: { lawId: string; number: string }) => void;
  },
) {
  return (
    <List
      data-testid="citation-results"
      locale={{ emptyText: <Empty description="没有发现法条引用（如《民法典》第五百七十七条）" /> }}
      dataSource={citations}
      renderItem={(c, i) => (
        <List.Item key={i}>
          <Space direction="vertical" size={2} style={{ width: "100%" }}>
            <Space wrap>
              <CitationBadge status={c.status} />
              <Typography.Text strong>{c.raw}</Typography.Text>
              {c.retrieved === false && (
                <Typography.Text type="danger">（不在检索到的条文中，请核实）</Typography.Text>
              )}
            </Space>
            <Typography.Text type="secondary">{c.note}</Typography.Text>
            {c.current?.articleNumber && c.lawId && c.status !== "repealed" && (
              <a onClick={() => onOpen({ lawId: c.lawId!, number: c.current!.articleNumber! })}>
                查看现行条文：《{c.current.title}》{c.current.articleNumber}
              </a>
            )}
            {c.status === "repealed" && c.current && (
              <Typography.Text>
                现行规定：《{c.current.title}》{c.current.articleNumber ?? ""}
              </Typography.Text>
            )}
          </Space>
        </List.Item>
      )}
    />
  );
}

export function CheckTab({ onOpen }: { onOpen: (t: { lawId: string; number: string }) => void }) {
  const [text, setText] = useState("");
  const [citations, setCitations] = useState<CheckedCitationView[] | null>(null);
  const [loading, setLoading] = useState(false);

  async function run() {
    if (!text.trim()) {
      toast().warning("请输入要核对的文本");
      return;
    }
    setLoading(true);
    try {
      setCitations((await checkCitations(text)).citations);
    } catch {
      // the API client has shown the message
    } finally {
      setLoading(false);
    }
  }

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Input.TextArea
        data-testid="citation-input"
        rows={8}
        maxLength={LAW_CHECK_MAX_TEXT}
        showCount
        placeholder="粘贴起诉状、判决书或调解书草稿，核对其中每一处法条引用是否现行有效"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="primary" loading={loading} onClick={run} data-testid="citation-check">核对引用</Button>
      {citations && <CitationList citations={citations} onOpen={onOpen} />}
    </Space>
  );
}
