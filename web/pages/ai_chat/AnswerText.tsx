import { Tag, Tooltip, Typography } from "antd";
import type { ReactNode } from "react";
import { type ChatCitation, CITATION_BADGES } from "../../../common/schemas/ai_chat.ts";

const BADGE_COLORS: Record<ChatCitation["status"], string> = {
  valid: "green",
  amended: "orange",
  repealed: "red",
  nonexistent: "red",
  unknown_law: "default",
  unchecked: "default",
};

/** **bold** inside a line; everything else is plain text (no HTML from the model is ever rendered). */
function inline(text: string, citations: ChatCitation[], key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const raws = citations.map((c) => c.raw).filter(Boolean);
  const pattern = raws.length
    ? new RegExp(
      `(\\*\\*[^*]+\\*\\*|${raws.map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`,
      "g",
    )
    : /(\*\*[^*]+\*\*)/g;
  let i = 0;
  for (const part of text.split(pattern)) {
    const k = `${key}-${i++}`;
    if (!part) continue;
    if (/^\*\*[^*]+\*\*$/.test(part)) {
      out.push(<strong key={k}>{part.slice(2, -2)}</strong>);
      continue;
    }
    const citation = citations.find((c) => c.raw === part);
    if (citation) {
      out.push(
        <span key={k}>
          {part}
          <Tooltip title={citation.note}>
            <Tag
              color={BADGE_COLORS[citation.status]}
              style={{ marginInline: 4 }}
              data-citation={citation.status}
            >
              {CITATION_BADGES[citation.status]}
            </Tag>
          </Tooltip>
        </span>,
      );
      continue;
    }
    out.push(part);
  }
  return out;
}

/** An answer as light Markdown: "# " and "## " headings, paragraphs, bold, citation badges. */
export function AnswerText({ text, citations }: { text: string; citations: ChatCitation[] }) {
  const lines = text.split("\n");
  return (
    <div className="ai-chat-answer" style={{ lineHeight: 1.8 }}>
      {lines.map((line, n) => {
        const key = `l${n}`;
        if (/^#\s/.test(line)) {
          return (
            <Typography.Title key={key} level={4} style={{ textAlign: "center", margin: "8px 0" }}>
              {line.slice(2)}
            </Typography.Title>
          );
        }
        if (/^#{2,6}\s/.test(line)) {
          return (
            <Typography.Title key={key} level={5} style={{ margin: "8px 0 4px" }}>
              {line.replace(/^#+\s/, "")}
            </Typography.Title>
          );
        }
        if (!line.trim()) return <div key={key} style={{ height: 6 }} />;
        return <div key={key}>{inline(line, citations, key)}</div>;
      })}
    </div>
  );
}
