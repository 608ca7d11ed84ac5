import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import type { Dayjs } from "dayjs";
import { useCallback, useEffect, useState } from "react";
import { ERRORS, isErrorCode } from "../../../common/errors.ts";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
  AUDIT_PAGE_SIZES,
  type AuditEntity,
} from "../../../common/schemas/audit_log.ts";
import { type AdminAuditRow, type AuditLogParams, type AuditRow, listAuditLog } from "../../api/audit_log.ts";
import { errorText } from "../../api/client.ts";
import { formatTime } from "../../components/format_time.ts";
import { diffFields } from "./diff_fields.ts";
import { useLatestRequest } from "../../components/latest_request.ts";

interface FilterValues {
  kind?: "admin" | "login";
  entity?: AuditEntity;
  result?: "success" | "failure";
  actor?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Why a sign-in failed, in Chinese (LOGIN_LOCKED's catalogue text needs minutes the log does not keep). */
function failureText(code: string | null): string {
  if (code === "LOGIN_LOCKED") return "登录失败次数过多，已暂时锁定";
  if (code && isErrorCode(code)) {
    const text = ERRORS[code].message;
    if (typeof text === "string") return text;
  }
  return code ?? "";
}

function toQuery(values: FilterValues, page: number, pageSize: number): AuditLogParams {
  const [from, to] = values.range ?? [null, null];
  return {
    page,
    pageSize,
    kind: values.kind,
    entity: values.kind === "login" ? undefined : values.entity,
    result: values.kind === "admin" ? undefined : values.result,
    actor: values.actor?.trim() || undefined,
    from: from?.format("YYYY-MM-DD"),
    to: to?.format("YYYY-MM-DD"),
  };
}

function describe(row: AuditRow) {
  if (row.kind === "admin") {
    return `${AUDIT_ACTION_LABELS[row.action]}${
      AUDIT_ENTITY_LABELS[row.entity] ?? row.entity
    }「${row.target}」`;
  }
  const what = row.action === "register" ? "注册并登录" : "登录";
  return row.success ? `${what}成功` : `${what}失败：${failureText(row.code)}`;
}

/** The audit log (admins): every administrative change with before/after, and every sign-in attempt. */
export function AuditLogPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<FilterValues>();
  const kind = Form.useWatch("kind", form);
  const [filters, setFilters] = useState<FilterValues>({});
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const [rows, setRows] = useState<AuditRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [detail, setDetail] = useState<AdminAuditRow | null>(null);

  const begin = useLatestRequest();

  const load = useCallback(async () => {
    const current = begin();
    setLoading(true);
    try {
      const body = await listAuditLog(toQuery(filters, page.current, page.pageSize));
      if (!current()) return;
      setRows(body.entries ?? []);
      setTotal(body.total ?? 0);
    } catch (err) {
      if (current()) message.error(errorText(err, "获取审计日志失败"));
    } finally {
      if (current()) setLoading(false);
    }
  }, [begin, filters, page, message]);

  useEffect(() => {
    load();
  }, [load]);

  function onSearch(values: FilterValues) {
    setFilters(values);
    setPage((p) => ({ ...p, current: 1 }));
  }

  function onReset() {
    form.resetFields();
    setFilters({});
    setPage((p) => ({ ...p, current: 1 }));
  }

  const columns: TableColumnsType<AuditRow> = [
    { title: "时间", dataIndex: "created_at", width: 170, render: formatTime },
    {
      title: "类型",
      key: "kind",
      width: 100,
      render: (_: unknown, row) =>
        row.kind === "admin" ? <Tag color="blue">管理操作</Tag> : <Tag color="purple">登录记录</Tag>,
    },
    { title: "操作人", dataIndex: "actor", width: 140 },
    { title: "内容", key: "content", render: (_: unknown, row) => describe(row) },
    {
      title: "结果",
      key: "result",
      width: 80,
      render: (_: unknown, row) =>
        row.kind === "admin" || row.success ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>,
    },
    {
      title: "IP地址",
      key: "address",
      width: 140,
      render: (_: unknown, row) => row.kind === "login" ? row.address || "—" : "—",
    },
    {
      title: "详情",
      key: "detail",
      width: 100,
      render: (_: unknown, row) =>
        row.kind === "admin"
          ? <Button type="link" size="small" onClick={() => setDetail(row)}>查看变更</Button>
          : null,
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <Card>
        <Form form={form} name="audit_filter" layout="inline" onFinish={onSearch} style={{ rowGap: 12 }}>
          <Form.Item name="kind" label="日志类型">
            <Select
              placeholder="全部"
              allowClear
              style={{ width: 130 }}
              options={[{ value: "admin", label: "管理操作" }, { value: "login", label: "登录记录" }]}
            />
          </Form.Item>
          <Form.Item name="entity" label="操作对象">
            <Select
              placeholder="全部"
              allowClear
              disabled={kind === "login"}
              style={{ width: 140 }}
              options={AUDIT_ENTITIES.map((e) => ({ value: e, label: AUDIT_ENTITY_LABELS[e] }))}
            />
          </Form.Item>
          <Form.Item name="result" label="登录结果">
            <Select
              placeholder="全部"
              allowClear
              disabled={kind === "admin"}
              style={{ width: 110 }}
              options={[{ value: "success", label: "成功" }, { value: "failure", label: "失败" }]}
            />
          </Form.Item>
          <Form.Item name="actor" label="操作人">
            <Input placeholder="用户名" allowClear maxLength={100} />
          </Form.Item>
          <Form.Item name="range" label="日期">
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>查询</Button>
              <Button onClick={onReset} icon={<ReloadOutlined />}>重置</Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card title="审计日志">
        <Table<AuditRow>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={loading}
          scroll={{ x: 1000 }}
          pagination={{
            current: page.current,
            pageSize: page.pageSize,
            total,
            pageSizeOptions: AUDIT_PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (n) => `共 ${n} 条`,
            onChange: (current, pageSize) => setPage({ current, pageSize }),
          }}
        />
      </Card>
      <Modal
        title={detail ? `变更详情：${describe(detail)}` : ""}
        open={detail !== null}
        onCancel={() => setDetail(null)}
        footer={<Button onClick={() => setDetail(null)}>关闭</Button>}
        width={760}
      >
        {detail && (
          <>
            <Typography.Paragraph type="secondary">
              {detail.actor} 于 {formatTime(detail.created_at)} 操作
            </Typography.Paragraph>
            <Table
              rowKey="field"
              size="small"
              pagination={false}
              dataSource={diffFields(detail.before, detail.after)}
              onRow={(row) => ({ style: row.changed ? { background: "#fffbe6" } : undefined })}
              columns={[
                { title: "字段", dataIndex: "label", width: 140 },
                {
                  title: "修改前",
                  dataIndex: "before",
                  render: (v: string, row) => (
                    <Typography.Text delete={row.changed && v !== ""}>{v}</Typography.Text>
                  ),
                },
                {
                  title: "修改后",
                  dataIndex: "after",
                  render: (v: string, row) => <Typography.Text strong={row.changed}>{v}</Typography.Text>,
                },
              ]}
            />
          </>
        )}
      </Modal>
    </Space>
  );
}
