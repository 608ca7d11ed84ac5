import { FileOutlined, FolderOutlined } from "@ant-design/icons";
import { Button, Space, type TableColumnsType, Tag } from "antd";
import type { AiFolderItem } from "../../api/ai_folder.ts";
import { formatBytes } from "../../components/format_bytes.ts";
import { formatTime } from "../../components/format_time.ts";
import { itemTypeLabel } from "./upload_batches.ts";

export interface ColumnActions {
  open: (item: AiFolderItem) => void;
  /** A file's name: preview an image or PDF, download anything else. */
  view: (item: AiFolderItem) => void;
  rename: (item: AiFolderItem) => void;
  remove: (item: AiFolderItem) => void;
}

const ELLIPSIS = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minWidth: 0 } as const;

/** The contents table's columns (part 4 §2): name, type tag, size, modified time, actions. */
export function contentColumns(actions: ColumnActions): TableColumnsType<AiFolderItem> {
  return [
    {
      title: "名称",
      dataIndex: "name",
      // A long name ends in an ellipsis (full name on hover) instead of widening the page.
      ellipsis: true,
      render: (name: string, item) =>
        item.isFolder
          ? (
            <Button
              type="link"
              style={{ padding: 0, maxWidth: "100%" }}
              icon={<FolderOutlined />}
              title={name}
              onClick={() => actions.open(item)}
            >
              <span style={ELLIPSIS}>{name}</span>
            </Button>
          )
          : (
            <Button
              type="link"
              style={{ padding: 0, maxWidth: "100%" }}
              icon={<FileOutlined />}
              title={name}
              onClick={() => actions.view(item)}
            >
              <span style={ELLIPSIS}>{name}</span>
            </Button>
          ),
    },
    {
      title: "类型",
      key: "type",
      width: 100,
      render: (_, item) => <Tag color={item.isFolder ? "gold" : "blue"}>{itemTypeLabel(item)}</Tag>,
    },
    {
      title: "大小",
      dataIndex: "size",
      width: 110,
      render: (size: number, item) => (item.isFolder ? "-" : formatBytes(size)),
    },
    { title: "修改时间", dataIndex: "mtime", width: 180, render: (mtime: string) => formatTime(mtime) },
    {
      title: "操作",
      key: "actions",
      width: 150,
      render: (_, item) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => actions.rename(item)}>重命名</Button>
          <Button type="link" size="small" danger onClick={() => actions.remove(item)}>删除</Button>
        </Space>
      ),
    },
  ];
}
