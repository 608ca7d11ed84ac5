import { Button, Popover, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { type ChatCitation, CITATION_BADGES } from "../../../common/schemas/ai_chat.ts";
import { getArticleText } from "../../api/ai_chat.ts";
import { errorText } from "../../api/client.ts";

const BADGE_COLORS: Record<ChatCitation["status"], string> = {
  valid: "green",
  amended: "orange",
  repealed: "red",
  nonexistent: "red",
  unknown_law: "default",
  unchecked: "default",
};

/**
 * A citation's badge (✓ 现行 / ⚠ 已修改 / ✗ 已废止 / ✗ 不存在). Clicking it shows the check's note and, when the
 * library has the article, its exact text with 「插入法条」, which puts that text into the question box.
 */
export function CitationBadge(
  { citation, onInsert }: { citation: ChatCitation; onInsert?: (text: string) => void },
) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function load(open: boolean) {
    if (!open || text !== null || !citation.lawId) return;
    getArticleText(citation.lawId, citation.articleNumber).then(
      (r) => setText(`《${r.article.title}》${r.article.number}：${r.article.text}`),
      (err) => setError(errorText(err, "读取法条失败")),
    );
  }

  const content = (
    <div style={{ maxWidth: 420 }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {citation.note}
      </Typography.Paragraph>
      {text && <Typography.Paragraph style={{ whiteSpace: "pre-wrap" }}>{text}</Typography.Paragraph>}
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      {text && onInsert && (
        <Space>
          <Button size="small" type="primary" onClick={() => onInsert(text)}>插入法条</Button>
        </Space>
      )}
    </div>
  );
  return (
    <Popover content={content} title={citation.raw} trigger="click" onOpenChange={load}>
      <Tag
        color={BADGE_COLORS[citation.status]}
        style={{ marginInline: 4, cursor: "pointer" }}
        data-citation={citation.status}
      >
        {CITATION_BADGES[citation.status]}
      </Tag>
    </Popover>
  );
}
