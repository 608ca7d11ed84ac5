import { UploadOutlined } from "@ant-design/icons";
import {
  Alert,
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Upload,
} from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useCallback, useEffect, useState } from "react";
import {
  describeImportReport,
  LAW_LEVELS,
  LAW_STATUSES,
  type LawLevel,
  type LawStatus,
  type LawSummary,
} from "../../../common/schemas/law_search.ts";
import { deleteLaw, importLaws, type ImportReport, listLaws, updateLaw } from "../../api/law_search.ts";
import { toast } from "../../components/feedback.ts";
import { StatusTag } from "./law_view.tsx";
import { useLatestRequest } from "../../components/latest_request.ts";

interface EditForm {
  status: LawStatus;
  statusBasis: string;
  level: LawLevel;
  publishDate: Dayjs | null;
  effectiveDate: Dayjs | null;
  successor: string;
}

/** 法规库管理 (administrators): import, list with filters, correct validity data, delete. */
export function LibraryTab({ onChanged }: { onChanged: () => void }) {
  const [filters, setFilters] = useState<{ q: string; status?: LawStatus; level?: LawLevel }>({ q: "" });
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ total: number; laws: LawSummary[] }>({ total: 0, laws: [] });
  const [loading, setLoading] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [importing, setImporting] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [editing, setEditing] = useState<LawSummary | null>(null);
  const [form] = Form.useForm<EditForm>();

  const begin = useLatestRequest();

  const load = useCallback(async () => {
    const current = begin();
    setLoading(true);
    try {
      const laws = await listLaws({ ...filters, page, pageSize: 20 });
      if (current()) setData(laws);
    } catch {
      // shown by the API client
    } finally {
      if (current()) setLoading(false);
    }
  }, [begin, filters, page]);
  useEffect(() => void load(), [load]);

  async function runImport() {
    if (files.length === 0) {
      toast().warning("请选择要导入的法规文件");
      return;
    }
    setImporting(true);
    try {
      const r = await importLaws(files);
      setReport(r);
      setFiles([]);
      toast().success(`导入 ${r.imported.length} 部法规`);
      onChanged();
      await load();
    } catch {
      // shown by the API client
    } finally {
      setImporting(false);
    }
  }

  function openEdit(law: LawSummary) {
    setEditing(law);
    form.setFieldsValue({
      status: law.status,
      statusBasis: law.statusBasis,
      level: law.level,
      publishDate: law.publishDate ? dayjs(law.publishDate) : null,
      effectiveDate: law.effectiveDate ? dayjs(law.effectiveDate) : null,
      successor: law.successor ?? "",
    });
  }

  async function saveEdit() {
    if (!editing) return;
    const v = await form.validateFields();
    try {
      await updateLaw(editing.id, {
        status: v.status,
        statusBasis: v.statusBasis,
        level: v.level,
        publishDate: v.publishDate ? v.publishDate.format("YYYY-MM-DD") : null,
        effectiveDate: v.effectiveDate ? v.effectiveDate.format("YYYY-MM-DD") : null,
        successor: v.successor.trim() || null,
      });
      toast().success("已保存");
      setEditing(null);
      onChanged();
      await load();
    } catch {
      // shown by the API client
    }
  }

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Space wrap>
        <Upload
          multiple
          accept=".md,.txt,.docx,.zip"
          fileList={files.map((f, i) => ({ uid: String(i), name: f.name }))}
          beforeUpload={(f) => {
            setFiles((list) => [...list, f]);
            return false;
          }}
          onRemove={(f) => setFiles((list) => list.filter((_, i) => String(i) !== f.uid))}
        >
          <Button icon={<UploadOutlined />}>选择法规文件（.md / .txt / .docx / .zip）</Button>
        </Upload>
        <Button type="primary" loading={importing} onClick={runImport}>导入</Button>
      </Space>
      {report && (
        <Alert
          type="success"
          closable
          onClose={() => setReport(null)}
          message={describeImportReport(report)}
          description={report.skipped.map((s) => `${s.name}：${s.reason}`).join("；") || undefined}
        />
      )}
      <Space wrap>
        <Input.Search
          placeholder="法规标题"
          allowClear
          style={{ width: 240 }}
          onSearch={(q) => {
            setPage(1);
            setFilters((f) => ({ ...f, q }));
          }}
        />
        <Select
          allowClear
          placeholder="效力状态"
          style={{ width: 140 }}
          options={LAW_STATUSES.map((s) => ({ value: s, label: s }))}
          onChange={(status) => {
            setPage(1);
            setFilters((f) => ({ ...f, status }));
          }}
        />
        <Select
          allowClear
          placeholder="效力级别"
          style={{ width: 140 }}
          options={LAW_LEVELS.map((s) => ({ value: s, label: s }))}
          onChange={(level) => {
            setPage(1);
            setFilters((f) => ({ ...f, level }));
          }}
        />
      </Space>
      <Table<LawSummary>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data.laws}
        pagination={{
          current: page,
          pageSize: 20,
          total: data.total,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: "标题", dataIndex: "title" },
          { title: "级别", dataIndex: "level", width: 90 },
          {
            title: "状态",
            dataIndex: "status",
            width: 100,
            render: (s: LawStatus) => <StatusTag status={s} />,
          },
          { title: "依据", dataIndex: "statusBasis", ellipsis: true },
          { title: "公布日期", dataIndex: "publishDate", width: 110 },
          { title: "施行日期", dataIndex: "effectiveDate", width: 110 },
          { title: "条数", dataIndex: "articleCount", width: 70 },
          {
            title: "操作",
            width: 140,
            render: (_: unknown, law: LawSummary) => (
              <Space>
                <a onClick={() => openEdit(law)}>更正</a>
                <Popconfirm
                  title="确定删除该法规吗？"
                  onConfirm={async () => {
                    try {
                      await deleteLaw(law.id);
                      toast().success("已删除");
                      onChanged();
                      await load();
                    } catch {
                      // shown by the API client
                    }
                  }}
                >
                  <a>删除</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing?.title}
        onCancel={() => setEditing(null)}
        onOk={saveEdit}
        okText="保存"
      >
        <Form form={form} layout="vertical">
          <Form.Item name="status" label="效力状态" rules={[{ required: true, message: "请选择效力状态" }]}>
            <Select options={LAW_STATUSES.map((s) => ({ value: s, label: s }))} />
          </Form.Item>
          <Form.Item name="statusBasis" label="依据" rules={[{ max: 300, message: "依据不能超过300个字" }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item name="level" label="效力级别">
            <Select options={LAW_LEVELS.map((s) => ({ value: s, label: s }))} />
          </Form.Item>
          <Form.Item name="publishDate" label="公布日期">
            <DatePicker />
          </Form.Item>
          <Form.Item name="effectiveDate" label="施行日期">
            <DatePicker />
          </Form.Item>
          <Form.Item name="successor" label="替代法规（已废止时）">
            <Input placeholder="如：中华人民共和国民法典" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
