import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Space, Table, Tag } from "antd";
import { useCallback, useEffect, useState } from "react";
import { type CustomRuleView, deleteRule, listRules } from "../../api/custom_ocr.ts";
import { errorText } from "../../api/client.ts";
import { formatTime } from "../../components/format_time.ts";
import { RuleFormModal } from "./RuleFormModal.tsx";

/** The rule tab (part 4 §2): rule table, create/edit dialog, delete, choose a rule to process with. */
export function RulesTab({ onChoose }: { onChoose: (rule: CustomRuleView) => void }) {
  const { message, modal } = App.useApp();
  const [rules, setRules] = useState<CustomRuleView[]>([]);
  const [loading, setLoading] = useState(false);
  const [target, setTarget] = useState<CustomRuleView | "new" | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRules((await listRules()).rules);
    } catch (err) {
      message.error(errorText(err, "获取规则列表失败"));
    } finally {
      setLoading(false);
    }
  }, [message]);
  useEffect(() => void load(), [load]);

  function remove(rule: CustomRuleView) {
    modal.confirm({
      title: "确认删除",
      content: `确定要删除规则“${rule.rule_name}”吗？相关的识别记录也会被删除。`,
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          await deleteRule(rule.id);
          message.success("删除成功");
        } catch (err) {
          message.error(errorText(err, "删除规则失败"));
        }
        await load();
      },
    });
  }

  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setTarget("new")}
        style={{ marginBottom: 12 }}
      >
        新建规则
      </Button>
      <Table<CustomRuleView>
        rowKey="id"
        scroll={{ x: "max-content" }}
        loading={loading}
        dataSource={rules}
        locale={{ emptyText: "暂无规则" }}
        columns={[
          { title: "规则名称", dataIndex: "rule_name" },
          { title: "描述", dataIndex: "description", ellipsis: true },
          {
            title: "文件匹配规则",
            key: "patterns",
            render: (_, r) => (
              <Space size={[4, 4]} wrap>
                {r.patterns.map((p) => <Tag key={p.id}>{p.file_pattern}</Tag>)}
              </Space>
            ),
          },
          {
            title: "字段数",
            key: "fields",
            width: 80,
            render: (_, r) => new Set(r.fields.map((f) => f.field_key)).size,
          },
          { title: "创建时间", dataIndex: "created_at", width: 170, render: (v: string) => formatTime(v) },
          {
            title: "操作",
            key: "actions",
            width: 200,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => onChoose(r)}>使用此规则</Button>
                <Button type="link" size="small" onClick={() => setTarget(r)}>编辑</Button>
                <Button type="link" size="small" danger onClick={() => remove(r)}>删除</Button>
              </Space>
            ),
          },
        ]}
      />
      <RuleFormModal target={target} onClose={() => setTarget(null)} onSaved={load} />
    </>
  );
}
