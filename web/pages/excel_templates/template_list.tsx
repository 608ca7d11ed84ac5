/**
 * What the three template cards of /excel-templates share: the list loaded on mount and reloaded
 * after each change, the card with its table, and the 查看/编辑/删除 buttons of a row.
 */
import { DeleteOutlined, EditOutlined, EyeOutlined } from "@ant-design/icons";
import { App, Button, Card, Space, Table, type TableColumnsType } from "antd";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { errorText } from "../../api/client.ts";
import { useLatestRequest } from "../../components/latest_request.ts";

/** One kind of template: `load` fetches it again (获取模板列表失败 on failure). */
export function useTemplateList<T>(list: () => Promise<{ templates: T[] }>) {
  const { message } = App.useApp();
  const [templates, setTemplates] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);

  const begin = useLatestRequest();

  const load = useCallback(async () => {
    const current = begin();
    setLoading(true);
    try {
      const { templates } = await list();
      if (current()) setTemplates(templates);
    } catch (err) {
      if (current()) message.error(errorText(err, "获取模板列表失败"));
    } finally {
      if (current()) setLoading(false);
    }
  }, [begin, message, list]);

  useEffect(() => void load(), [load]);
  return { templates, loading, load };
}

/** A titled card holding one kind's table (all rows, no paging); `children` are its dialogs. */
export function TemplateTableCard<T extends { id: string }>(props: {
  title: string;
  extra: ReactNode;
  columns: TableColumnsType<T>;
  templates: T[];
  loading: boolean;
  children?: ReactNode;
}) {
  return (
    <Card title={props.title} extra={props.extra}>
      <Table<T>
        rowKey="id"
        size="middle"
        columns={props.columns}
        dataSource={props.templates}
        loading={props.loading}
        pagination={false}
      />
      {props.children}
    </Card>
  );
}

/** The actions of a mapping or paragraph template row. */
export function ViewEditDeleteButtons(
  { onView, onEdit, onDelete }: { onView: () => void; onEdit: () => void; onDelete: () => void },
) {
  return (
    <Space>
      <Button size="small" icon={<EyeOutlined />} onClick={onView}>查看</Button>
      <Button size="small" icon={<EditOutlined />} onClick={onEdit}>编辑</Button>
      <Button size="small" danger icon={<DeleteOutlined />} onClick={onDelete}>删除</Button>
    </Space>
  );
}
