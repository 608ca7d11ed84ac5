import { Typography } from "antd";
import { highlightSpan } from "./highlight_span.ts";

/** The line (or lines) a value was read from, with the value marked (issue #27 item 4). */
export function SourceSnippet({ snippet, value }: { snippet: string; value: string }) {
  const span = value ? highlightSpan(snippet, value) : null;
  if (!span) return <Typography.Text type="secondary">{snippet}</Typography.Text>;
  return (
    <Typography.Text type="secondary">
      {snippet.slice(0, span[0])}
      <mark>{snippet.slice(span[0], span[1])}</mark>
      {snippet.slice(span[1])}
    </Typography.Text>
  );
}
