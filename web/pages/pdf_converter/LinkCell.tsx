import { CopyOutlined } from "@ant-design/icons";
import { Button, Tooltip } from "antd";

/**
 * A link in a table cell: cut off with an ellipsis, whole on hover, with a copy button beside it
 * when `onCopy` is given (tables whose copy-link column is elsewhere leave it out).
 */
export function LinkCell({ url, onCopy }: { url: string; onCopy?: (url: string) => void }) {
  return (
    <div style={{ display: "flex", alignItems: "center", gap: 4, minWidth: 0 }}>
      <Tooltip placement="topLeft" title={url}>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          style={{ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
        >
          {url}
        </a>
      </Tooltip>
      {onCopy && (
        <Button
          size="small"
          type="text"
          icon={<CopyOutlined />}
          aria-label="复制链接"
          onClick={() => onCopy(url)}
        />
      )}
    </div>
  );
}
