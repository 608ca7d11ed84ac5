import { DownloadOutlined, PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { App, Button, Space, Table, Tag } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { createRule, type CustomRuleView, deleteRule, listRules } from "../../api/custom_ocr.ts";
import { errorText } from "../../api/client.ts";
import { formatTime } from "../../components/format_time.ts";
import { saveBlob } from "../../components/save_file.ts";
import { RuleFormModal } from "./RuleFormModal.tsx";
import { rulesFromJson, ruleToJson } from "./rule_json.ts";

/** Saves a rule as a JSON file (its name plus .json). */
function exportRule(rule: CustomRuleView): void {
  const text = JSON.stringify(ruleToJson(rule), null, 2);
  saveBlob(new Blob([text], { type: "application/json" }), `${rule.rule_name}.json`);
}

/** The rule tab (part 4 §2): rule table, create/edit dialog, delete, choose a rule to process with. */
export function RulesTab({ onChoose }: { onChoose: (rule: CustomRuleView) => void }) {
  const { message, modal } = App.useApp();
  const [rules, setRules] = useState<CustomRuleView[]>([]);
  const [loading, setLoading] = useState(false);
  const [target, setTarget] = useState<CustomRuleView | "new" | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

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

  /** Creates the rules of a JSON file (one rule or a list), each checked like the dialog's. */
  async function importRules(file: File) {
    const read = rulesFromJson(await file.text());
    if ("error" in read) return void message.error(read.error);
    let created = 0;
    try {
      for (const body of read.rules) {
        await createRule(body);
        created++;
      }
      message.success(`导入成功，共 ${created} 条规则`);
    } catch (err) {
      message.error(`${created ? `已导入 ${created} 条，` : ""}${errorText(err, "导入失败")}`);
    }
    await load();
  }

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget("new")}>
          新建规则
        </Button>
        <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>导入规则（JSON）</Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          data-testid="rule-import-input"
          aria-label="导入规则文件"
          style={{ display: "none" }}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) void importRules(file);
          }}
        />
      </Space>
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
            width: 250,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => onChoose(r)}>使用此规则</Button>
                <Button type="link" size="small" onClick={() => setTarget(r)}>编辑</Button>
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  aria-label={`导出规则 ${r.rule_name}`}
                  onClick={() => exportRule(r)}
                >
                  导出
                </Button>
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
