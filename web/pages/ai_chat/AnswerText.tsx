import { Typography } from "antd";
import type { ReactNode } from "react";
import type { ChatCitation } from "../../../common/schemas/ai_chat.ts";
import { CitationBadge } from "./CitationBadge.tsx";

/** **bold** inside a line; everything else is plain text (no HTML from the model is ever rendered). */
function inline(
  text: string,
  citations: ChatCitation[],
  key: string,
  onInsert?: (text: string) => void,
): ReactNode[] {
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
          <CitationBadge citation={citation} onInsert={onInsert} />
        </span>,
      );
      continue;
    }
    out.push(part);
  }
  return out;
}

/** An answer as light Markdown: "# " and "## " headings, paragraphs, bold, citation badges. */
export function AnswerText(
  { text, citations, onInsert }: {
    text: string;
    citations: ChatCitation[];
    onInsert?: (text: string) => void;
  },
) {
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
        return <div key={key}>{inline(line, citations, key, onInsert)}</div>;
      })}
    </div>
  );
}
