import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { App, Button, Card, Space, Table, type TableColumnsType } from "antd";
import { useCallback, useEffect, useState } from "react";
import { deleteSensitiveWord, listSensitiveWords, type SensitiveWord } from "../../api/ai_settings.ts";
import { ApiError, errorText } from "../../api/client.ts";
import { useConfirmDelete } from "../../components/confirm_delete.ts";
import { SensitiveWordModal } from "./SensitiveWordModal.tsx";

/** The sensitive-word table of /ai-settings: add/edit dialog, delete with confirmation. */
export function SensitiveWordsCard() {
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const [words, setWords] = useState<SensitiveWord[]>([]);
  const [loading, setLoading] = useState(false);
  const [dialog, setDialog] = useState<{ open: boolean; editing: SensitiveWord | null }>({
    open: false,
    editing: null,
  });

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setWords((await listSensitiveWords()).words ?? []);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) message.error("没有访问权限");
      else if (!(err instanceof ApiError && err.status === 401)) {
        message.error(errorText(err, "获取敏感词列表失败"));
      }
    } finally {
      setLoading(false);
    }
  }, [message]);

  useEffect(() => {
    load();
  }, [load]);

  function onDelete(word: SensitiveWord) {
    confirmDelete({
      title: "删除敏感词",
      content: `确定要删除敏感词「${word.word}」吗？`,
      remove: () => deleteSensitiveWord(word.id),
      after: load,
      failure: "删除敏感词失败",
    });
  }

  const columns: TableColumnsType<SensitiveWord> = [
    { title: "敏感词", dataIndex: "word", key: "word" },
    { title: "替换内容", dataIndex: "replacement", key: "replacement" },
    {
      title: "操作",
      key: "actions",
      width: 180,
      render: (_v, word) => (
        <Space>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setDialog({ open: true, editing: word })}
          >
            编辑
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(word)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="敏感词管理"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ open: true, editing: null })}
        >
          添加敏感词
        </Button>
      }
    >
      <Table<SensitiveWord>
        rowKey="id"
        columns={columns}
        dataSource={words}
        loading={loading}
        pagination={{ defaultPageSize: 10, showSizeChanger: true, pageSizeOptions: [10, 20, 50] }}
        locale={{ emptyText: "暂无敏感词" }}
      />
      <SensitiveWordModal
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
        onSaved={() => {
          setDialog({ open: false, editing: null });
          load();
        }}
      />
    </Card>
  );
}
