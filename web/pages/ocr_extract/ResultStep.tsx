import { CheckCircleTwoTone, ExportOutlined, SaveOutlined, UploadOutlined } from "@ant-design/icons";
import {
  App,
  Button,
  Card,
  Grid,
  Input,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from "antd";
import { useState } from "react";
import {
  type OcrBatchResult,
  type OcrFileResult,
  type OcrMergedField,
  UNVERIFIED_CHECK,
} from "../../../common/schemas/ocr.ts";
import { errorText } from "../../api/client.ts";
import { getPageImage, saveBatchResult } from "../../api/ocr_extract.ts";
import { writeXlsx } from "../../../common/xlsx_writer.ts";
import { saveBlob } from "../../components/save_file.ts";
import { SourceCrop } from "../../components/SourceCrop.tsx";
import { SourceSnippet } from "../../components/SourceSnippet.tsx";
import { ValuePickerModal } from "./ValuePickerModal.tsx";

type Row = OcrMergedField & { key: string };

interface Props {
  result: OcrBatchResult;
  setResult: (result: OcrBatchResult) => void;
  /** 继续上传: back to step 1 with no files. */
  onContinue: () => void;
}

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, "0")}${
    String(d.getDate()).padStart(2, "0")
  }`;
}

/** Step 2: the merged result (editable, with sources and the value picker), per-file details, export. */
export function ResultStep({ result, setResult, onContinue }: Props) {
  const { message } = App.useApp();
  const narrow = Grid.useBreakpoint().md === false;
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState<Row | null>(null);
  const dirty = Object.keys(edits).length > 0;
  const rows: Row[] = result.fieldOrder.map((key) => ({ ...result.mergedResult[key], key }));
  const valueOf = (r: Row) => edits[r.key] ?? r.value ?? "";
  const recordOf = (fileName: string) => result.fileResults.find((f) => f.fileName === fileName)?.recordId;

  function edit(key: string, value: string) {
    const original = result.mergedResult[key].value ?? "";
    setEdits((e) => {
      const next = { ...e };
      if (value === original) delete next[key];
      else next[key] = value;
      return next;
    });
  }

  async function save() {
    setSaving(true);
    try {
      const body = Object.fromEntries(Object.entries(edits).map(([k, v]) => [k, { value: v }]));
      const res = await saveBatchResult(result.batchId, body);
      setResult(res.result);
      setEdits({});
      message.success("修改已保存");
    } catch (err) {
      message.error(errorText(err, "保存修改失败"));
    } finally {
      setSaving(false);
    }
  }

  async function exportSheet() {
    try {
      const blob = await writeXlsx({
        sheetName: "提取结果",
        columns: [
          { header: "字段", width: 22 },
          { header: "值", width: 48 },
          { header: "来源文件", width: 36 },
          { header: "是否找到", width: 10 },
        ],
        rows: rows.map((r) => [
          r.label,
          valueOf(r),
          r.key in edits || r.manual ? "手工录入" : r.sourceFile ?? "",
          valueOf(r) ? "是" : "否",
        ]),
      });
      saveBlob(blob, `OCR信息提取_${result.templateName}_${today()}.xlsx`);
      message.success("导出成功");
    } catch {
      message.error("导出失败");
    }
  }

  const columns: TableColumnsType<Row> = [
    { title: "字段", dataIndex: "label", width: 150 },
    {
      title: "值",
      key: "value",
      render: (_: unknown, r) => (
        <Space direction="vertical" size={2} style={{ width: "100%" }}>
          <Input
            aria-label={`${r.label}的值`}
            value={valueOf(r)}
            status={r.key in edits ? "warning" : undefined}
            onChange={(e) => edit(r.key, e.target.value)}
          />
          {r.source && !(r.key in edits) && (
            <SourceSnippet
              snippet={r.source.snippet}
              value={r.value ?? ""}
            />
          )}
        </Space>
      ),
    },
    {
      title: "状态",
      key: "found",
      width: 190,
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          {valueOf(r) ? <Tag color="success">已找到</Tag> : <Tag>未找到</Tag>}
          {r.conflict && <Tag color="warning">存在冲突</Tag>}
          {(r.manual || r.key in edits) && <Tag color="purple">手工录入</Tag>}
          {!(r.key in edits) && r.checks.includes(UNVERIFIED_CHECK) && (
            <Tag color="orange">{UNVERIFIED_CHECK}</Tag>
          )}
          {!valueOf(r) && (result.fieldValues[r.key] ?? []).some((c) => c.unverified) && (
            <Tag color="orange">有模型推断值待确认</Tag>
          )}
          {r.checks.some((c) => c !== UNVERIFIED_CHECK) && !(r.key in edits) && (
            <Tooltip title={r.checks.filter((c) => c !== UNVERIFIED_CHECK).join("；")}>
              <CheckCircleTwoTone twoToneColor="#52c41a" aria-label="校验通过" />
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: "来源",
      key: "source",
      width: 220,
      render: (_: unknown, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text ellipsis style={{ maxWidth: 200 }}>
            {r.key in edits
              ? "手工录入"
              : r.sourceFile
              ? `${r.sourceFile}${r.source ? ` 第${r.source.page}页` : ""}`
              : "—"}
          </Typography.Text>
          {r.source?.box && !(r.key in edits) && recordOf(r.source.fileName) && (
            <SourceCrop
              key={`${r.source.fileName}:${r.source.page}:${r.source.line}`}
              page={r.source.page}
              box={r.source.box}
              boxes={r.source.boxes}
              maxWidth={200}
              load={() => getPageImage(result.batchId, recordOf(r.source!.fileName)!, r.source!.page)}
            />
          )}
          <Button size="small" type="link" style={{ padding: 0 }} onClick={() => setPicking(r)}>
            查看来源（{result.fieldValues[r.key]?.length ?? 0}）
          </Button>
        </Space>
      ),
    },
  ];

  const fileColumns: TableColumnsType<OcrFileResult> = [
    { title: "文件名", dataIndex: "fileName", ellipsis: true },
    {
      title: "状态",
      dataIndex: "status",
      width: 90,
      render: (s: string) => s === "failed" ? <Tag color="error">失败</Tag> : <Tag color="success">完成</Tag>,
    },
    {
      title: "提取到的字段",
      key: "data",
      render: (_: unknown, f) =>
        f.error
          ? <Typography.Text type="danger">{f.error}</Typography.Text>
          : Object.entries(f.data).map(([k, v]) => (
            <Tag key={k}>{result.mergedResult[k]?.label ?? k}：{v}</Tag>
          )),
    },
  ];

  // On phones the buttons go into the card's body: in its header they leave the title no room.
  const actions = (
    <Space wrap>
      {dirty && (
        <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={save}>
          保存修改
        </Button>
      )}
      <Button icon={<ExportOutlined />} onClick={exportSheet}>导出Excel</Button>
      <Button icon={<UploadOutlined />} onClick={onContinue}>继续上传</Button>
    </Space>
  );
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Card
        size="small"
        title={`提取结果（${result.templateName}）`}
        extra={narrow ? undefined : actions}
      >
        {narrow && <div style={{ marginBottom: 8 }}>{actions}</div>}
        {dirty && <Typography.Paragraph type="warning">有未保存的修改</Typography.Paragraph>}
        <Table
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 800 }}
        />
      </Card>
      <Card size="small" title="文件明细">
        <Table
          rowKey="recordId"
          size="small"
          columns={fileColumns}
          dataSource={result.fileResults}
          pagination={false}
          scroll={{ x: 600 }}
        />
      </Card>
      <ValuePickerModal
        batchId={result.batchId}
        fileResults={result.fileResults}
        field={picking}
        candidates={picking ? result.fieldValues[picking.key] ?? [] : []}
        onClose={() => setPicking(null)}
        onMissing={() => message.warning("请选择一个值")}
        onPick={(value) => {
          if (picking) edit(picking.key, value);
          setPicking(null);
        }}
      />
    </Space>
  );
}
