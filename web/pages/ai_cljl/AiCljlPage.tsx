import { App, Button, Card, DatePicker, Drawer, Input, Radio, Select, Space, Table } from "antd";
import { isAdmin } from "../../../common/permissions.ts";
import { getUser } from "../../auth/session.ts";
import type { Dayjs } from "dayjs";
import { useCallback, useEffect, useMemo, useState } from "react";
import { deleteRecord, type FolderRecordView, listRecords, type RunProgress } from "../../api/custom_ocr.ts";
import { errorText } from "../../api/client.ts";
import { RunResult } from "../custom_ocr/RunResult.tsx";
import { useRunProgress } from "../custom_ocr/use_run_progress.ts";
import { recordColumns, type RunType, runType, STATUS, TYPES } from "./columns.tsx";
import { RunFilesDetail } from "./RunFilesDetail.tsx";
import { RunHistory } from "./RunHistory.tsx";
import { useLatestRequest } from "../../components/latest_request.ts";

/** Another user's custom OCR run (administrators): its progress built from the record, read-only. */
function progressOf(r: FolderRecordView): RunProgress {
  return {
    status: r.status,
    processedFiles: r.files.filter((f) => f.status === "completed" || f.status === "failed").length,
    totalFiles: r.files.length,
    files: r.files.map((f) => ({
      fileName: f.fileName,
      status: f.status,
      ...(f.error ? { error: f.error } : {}),
      extractedData: {},
    })),
    mergedResult: r.merged_result,
    fieldValues: r.field_values,
    fieldLabels: r.field_labels,
    keptValues: r.kept_values,
    conflicts: r.conflicts,
    progress_message: r.error_message ?? "",
  };
}

/**
 * /ai-cljl (AI处理记录; its body is not in the spec): every AI run of the user (custom OCR folder records
 * and uploads, OCR识别 runs, OCR信息提取 batches) with type, rule or template, files, status, AI uses
 * charged and refunded, times; filters by type, status, text and date; open one to see its files and
 * values (custom OCR: change values and generate documents again; OCR识别: reopen in /ocr); delete a
 * custom OCR record. Administrators switch to everyone's, read-only.
 */
export function AiCljlPage() {
  const { message, modal } = App.useApp();
  const [records, setRecords] = useState<FolderRecordView[]>([]);
  const [loading, setLoading] = useState(false);
  const [type, setType] = useState<RunType | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const [text, setText] = useState("");
  const [dates, setDates] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [open, setOpen] = useState<FolderRecordView | null>(null);
  const me = getUser();
  const admin = me ? isAdmin(me) : false;
  const [scope, setScope] = useState<"mine" | "all">("mine");
  const [who, setWho] = useState<number | undefined>();
  const own = open !== null && me !== null && open.user_id === me.id;
  const custom = open?.kind === "custom_ocr";
  const { progress, reload } = useRunProgress(open && own && custom ? open.id : null);

  const begin = useLatestRequest();

  const load = useCallback(async () => {
    const current = begin();
    setLoading(true);
    try {
      const { records } = await listRecords(scope, "all");
      if (current()) setRecords(records);
    } catch (err) {
      if (current()) message.error(errorText(err, "获取处理记录失败"));
    } finally {
      if (current()) setLoading(false);
    }
  }, [begin, message, scope]);
  useEffect(() => void load(), [load]);

  const shown = useMemo(() =>
    records.filter((r) => {
      if (type && runType(r) !== type) return false;
      if (status && r.status !== status) return false;
      if (who !== undefined && r.user_id !== who) return false;
      const t = text.trim();
      if (
        t &&
        !`${r.folder_path} ${r.case_name ?? ""} ${r.rule_name} ${r.files.map((f) => f.fileName).join(" ")}`
          .includes(t)
      ) return false;
      const [from, to] = dates ?? [];
      const at = new Date(r.created_at).getTime();
      if (from && at < from.startOf("day").valueOf()) return false;
      if (to && at > to.endOf("day").valueOf()) return false;
      return true;
    }), [records, type, status, text, dates, who]);
  const users = [...new Map(records.map((r) => [r.user_id, r.username])).entries()];

  function remove(r: FolderRecordView) {
    modal.confirm({
      title: "确认删除",
      content: "确定要删除该处理记录吗？记录的识别结果和生成的文书将一并删除。",
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          // A case's row holds its earlier runs too: they go with it.
          for (const id of [r.id, ...(r.history ?? []).map((h) => h.id)]) await deleteRecord(id);
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
        <Select
          allowClear
          placeholder="类型"
          style={{ width: 160 }}
          value={type}
          onChange={setType}
          options={Object.entries(TYPES).map(([value, label]) => ({ value, label }))}
        />
        <Input.Search
          placeholder="文件夹、规则、模板或文件名"
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
        scroll={{ x: 1100 }}
        pagination={{
          defaultPageSize: 10,
          pageSizeOptions: [10, 20, 50, 100],
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 条`,
        }}
        columns={recordColumns({ withUser: scope === "all", onOpen: setOpen, onDelete: remove })}
      />
      <Drawer
        open={open !== null}
        size="min(860px, 100vw)"
        title={open
          ? `处理详情：${open.folder_path || open.case_name || open.rule_name || TYPES[runType(open)]}`
          : ""}
        onClose={() => {
          setOpen(null);
          void load();
        }}
      >
        {open && !custom && <RunFilesDetail record={open} own={own} />}
        {open && custom && !own && (
          <RunResult batchId={open.id} progress={progressOf(open)} onChanged={reload} readOnly />
        )}
        {open && custom && own && progress && (
          <RunResult batchId={open.id} progress={progress} onChanged={reload} />
        )}
        {open && (open.history?.length ?? 0) > 0 && <RunHistory record={open} />}
      </Drawer>
    </Card>
  );
}
