import { App, Button, Card, DatePicker, Drawer, Input, Radio, Select, Space, Table, Tag } from "antd";
import { isAdmin } from "../../../common/permissions.ts";
import { getUser } from "../../auth/session.ts";
import type { Dayjs } from "dayjs";
import { useCallback, useEffect, useMemo, useState } from "react";
import { deleteRecord, type FolderRecordView, listRecords, type RunProgress } from "../../api/custom_ocr.ts";
import { errorText } from "../../api/client.ts";
import { formatTime } from "../../components/format_time.ts";
import { RunResult } from "../custom_ocr/RunResult.tsx";
import { useRunProgress } from "../custom_ocr/use_run_progress.ts";

const STATUS = {
  pending: { color: "default", label: "等待中" },
  processing: { color: "processing", label: "处理中" },
  completed: { color: "success", label: "已完成" },
  failed: { color: "error", label: "失败" },
} as const;

/**
 * /ai-cljl (AI处理记录; its body is not in the spec): the user's custom OCR runs (folder records and
 * uploads) with type, rule, files, status, AI uses charged and refunded, times; filters by status, text
 * and date; open one to review its values and sources, change them and generate documents again; delete.
 */
export function AiCljlPage() {
  const { message, modal } = App.useApp();
  const [records, setRecords] = useState<FolderRecordView[]>([]);
  const [loading, setLoading] = useState(false);
  const [status, setStatus] = useState<string | undefined>();
  const [text, setText] = useState("");
  const [dates, setDates] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [open, setOpen] = useState<FolderRecordView | null>(null);
  const me = getUser();
  const admin = me ? isAdmin(me) : false;
  const [scope, setScope] = useState<"mine" | "all">("mine");
  const [who, setWho] = useState<number | undefined>();
  // Another user's run (administrators): shown from the record itself, read-only.
  const foreign = open !== null && me !== null && open.user_id !== me.id;
  const { progress, reload } = useRunProgress(open && !foreign ? open.id : null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRecords((await listRecords(scope)).records);
    } catch (err) {
      message.error(errorText(err, "获取处理记录失败"));
    } finally {
      setLoading(false);
    }
  }, [message, scope]);
  useEffect(() => void load(), [load]);

  const shown = useMemo(() =>
    records.filter((r) => {
      if (status && r.status !== status) return false;
      if (who !== undefined && r.user_id !== who) return false;
      const t = text.trim();
      if (
        t && !`${r.folder_path} ${r.rule_name} ${r.files.map((f) => f.fileName).join(" ")}`.includes(t)
      ) return false;
      const [from, to] = dates ?? [];
      const at = new Date(r.created_at).getTime();
      if (from && at < from.startOf("day").valueOf()) return false;
      if (to && at > to.endOf("day").valueOf()) return false;
      return true;
    }), [records, status, text, dates, who]);
  const users = [...new Map(records.map((r) => [r.user_id, r.username])).entries()];
  const foreignProgress: RunProgress | null = foreign
    ? {
      status: open.status,
      processedFiles: open.files.filter((f) => f.status === "completed" || f.status === "failed").length,
      totalFiles: open.files.length,
      files: open.files.map((f) => ({
        fileName: f.fileName,
        status: f.status,
        ...(f.error ? { error: f.error } : {}),
        extractedData: {},
      })),
      mergedResult: open.merged_result,
      fieldValues: open.field_values,
      fieldLabels: open.field_labels,
      progress_message: open.error_message ?? "",
    }
    : null;

  function remove(r: FolderRecordView) {
    modal.confirm({
      title: "确认删除",
      content: "确定要删除该处理记录吗？记录的识别结果和生成的文书将一并删除。",
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          await deleteRecord(r.id);
          message.success("删除成功");
        } catch (err) {
          message.error(errorText(err, "删除失败"));
        }
        await load();
      },
    });
  }

  return (
    <Card title="AI处理记录">
      <Space wrap style={{ marginBottom: 12 }}>
        {admin && (
          <Radio.Group value={scope} onChange={(e) => setScope(e.target.value)} optionType="button">
            <Radio value="mine">我的记录</Radio>
            <Radio value="all">全部用户</Radio>
          </Radio.Group>
        )}
        {admin && scope === "all" && (
          <Select
            allowClear
            placeholder="用户"
            style={{ width: 140 }}
            value={who}
            onChange={setWho}
            options={users.map(([id, name]) => ({ value: id, label: name }))}
          />
        )}
        <Input.Search
          placeholder="文件夹、规则或文件名"
          allowClear
          onSearch={setText}
          style={{ width: 240 }}
        />
        <Select
          allowClear
          placeholder="状态"
          style={{ width: 120 }}
          value={status}
          onChange={setStatus}
          options={Object.entries(STATUS).map(([value, s]) => ({ value, label: s.label }))}
        />
        <DatePicker.RangePicker value={dates} onChange={(v) => setDates(v as typeof dates)} />
        <Button onClick={load}>刷新</Button>
      </Space>
      <Table<FolderRecordView>
        rowKey="id"
        loading={loading}
        dataSource={shown}
        locale={{ emptyText: "暂无处理记录" }}
        scroll={{ x: 1200 }}
        pagination={{
          defaultPageSize: 10,
          pageSizeOptions: [10, 20, 50, 100],
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 条`,
        }}
        columns={[
          ...(scope === "all" ? [{ title: "用户", dataIndex: "username", width: 100 }] : []),
          {
            title: "类型",
            key: "type",
            width: 130,
            render: (_, r) => <Tag>{r.folder_path ? "自定义OCR·文件夹" : "自定义OCR·上传"}</Tag>,
          },
          {
            title: "文件夹",
            dataIndex: "folder_path",
            ellipsis: true,
            render: (v: string, r) => v || r.files.map((f) => f.fileName).join("、"),
          },
          { title: "规则", dataIndex: "rule_name" },
          { title: "文件数", key: "files", width: 80, render: (_, r) => r.files.length },
          {
            title: "状态",
            dataIndex: "status",
            width: 90,
            render: (s: keyof typeof STATUS) => <Tag color={STATUS[s].color}>{STATUS[s].label}</Tag>,
          },
          {
            title: "AI使用次数",
            key: "uses",
            width: 120,
            render: (_, r) =>
              `${r.ai_uses_charged - r.ai_uses_refunded}${
                r.ai_uses_refunded ? `（退回 ${r.ai_uses_refunded}）` : ""
              }`,
          },
          { title: "创建时间", dataIndex: "created_at", width: 170, render: (v: string) => formatTime(v) },
          { title: "更新时间", dataIndex: "updated_at", width: 170, render: (v: string) => formatTime(v) },
          {
            title: "操作",
            key: "actions",
            width: 130,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setOpen(r)}>查看</Button>
                <Button type="link" size="small" danger onClick={() => remove(r)}>删除</Button>
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        open={open !== null}
        size="min(860px, 100vw)"
        title={open ? `处理详情：${open.folder_path || open.rule_name}` : ""}
        onClose={() => {
          setOpen(null);
          void load();
        }}
      >
        {open && foreignProgress && (
          <RunResult batchId={open.id} progress={foreignProgress} onChanged={reload} readOnly />
        )}
        {open && !foreign && progress && (
          <RunResult batchId={open.id} progress={progress} onChanged={reload} />
        )}
      </Drawer>
    </Card>
  );
}
