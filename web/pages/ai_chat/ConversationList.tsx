import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { Button, Input, List, Typography } from "antd";
import type { ConversationView } from "../../../common/schemas/ai_chat.ts";

/** The user's conversations: search, open, rename, delete. */
export function ConversationList(
  { items, activeId, onSearch, onOpen, onRename, onDelete }: {
    items: ConversationView[];
    activeId: string | null;
    onSearch: (q: string) => void;
    onOpen: (c: ConversationView) => void;
    onRename: (c: ConversationView) => void;
    onDelete: (c: ConversationView) => void;
  },
) {
  return (
    <div>
      <Input.Search placeholder="搜索对话" allowClear onSearch={onSearch} style={{ marginBottom: 8 }} />
      <List
        size="small"
        dataSource={items}
        locale={{ emptyText: "暂无对话" }}
        renderItem={(c) => (
          <List.Item
            style={{
              cursor: "pointer",
              background: c.id === activeId ? "#e6f4ff" : undefined,
              paddingInline: 8,
            }}
            onClick={() => onOpen(c)}
            actions={[
              <Button
                key="rename"
                type="text"
                size="small"
                aria-label="重命名"
                icon={<EditOutlined />}
                onClick={(e) => {
                  e.stopPropagation();
                  onRename(c);
                }}
              />,
              <Button
                key="delete"
                type="text"
                size="small"
                danger
                aria-label="删除对话"
                icon={<DeleteOutlined />}
                onClick={(e) => {
                  e.stopPropagation();
                  onDelete(c);
                }}
              />,
            ]}
          >
            <Typography.Text ellipsis style={{ maxWidth: 150 }}>{c.title}</Typography.Text>
          </List.Item>
        )}
      />
    </div>
  );
}
