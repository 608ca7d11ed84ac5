import { App, Button, Card, Space, Table, Tag } from "antd";
import { useEffect, useState } from "react";
import type { OcrBatchResult } from "../../../common/schemas/ocr.ts";
import { errorText } from "../../api/client.ts";
import { getBatchResult, listOcrBatches, type OcrBatchSummary } from "../../api/ocr_extract.ts";
import { formatTime } from "../../components/format_time.ts";
import { saveBlob } from "../../components/save_file.ts";
import { writeXlsx } from "../../../common/xlsx_writer.ts";
import { casesSheet } from "./cases_sheet.ts";

const STATUS: Record<string, { color: string; label: string }> = {
  processing: { color: "processing", label: "处理中" },
  completed: { color: "success", label: "已完成" },
  failed: { color: "error", label: "失败" },
};

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, "0")}${
    String(d.getDate()).padStart(2, "0")
  }`;
}

/**
 * The user's earlier extraction batches on /ocr-extract itself (issue #27 item 6): each named by its case,
 * reopened into the result step with 打开, and several exported as one sheet with one row per case.
 */
export function BatchHistoryCard({ onOpen }: { onOpen: (result: OcrBatchResult) => void }) {
  const { message } = App.useApp();
  const [batches, setBatches] = useState<OcrBatchSummary[]>([]);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    listOcrBatches().then(
      (r) => setBatches(r.batches),
      (err) => message.error(errorText(err, "获取处理记录失败")),
    )
      .finally(() => setLoading(false));
  }, [message]);

  async function resultOf(batchId: string): Promise<OcrBatchResult> {
    const r = await getBatchResult(batchId);
    if (!r.result) throw new Error("not ready");
    return r.result;
  }

  async function open(b: OcrBatchSummary) {
    try {
      onOpen(await resultOf(b.batchId));
    } catch (err) {
      message.error(errorText(err, "未找到处理记录"));
    }
  }

  async function exportSelected() {
    setExporting(true);
    try {
      const cases = [];
      for (const b of batches.filter((x) => selected.includes(x.batchId))) {
        cases.push({ caseName: b.caseName || "未识别当事人", result: await resultOf(b.batchId) });
      }
      const { header, rows } = casesSheet(cases);
      const blob = await writeXlsx({
        sheetName: "案件汇总",
        columns: header.map((h, i) => ({ header: h, width: i === 0 ? 28 : 20 })),
        rows,
      });
      saveBlob(blob, `OCR信息提取_案件汇总_${today()}.xlsx`);
      message.success("导出成功");
    } catch (err) {
      message.error(errorText(err, "导出失败"));
    } finally {
      setExporting(false);
    }
  }

  if (!loading && batches.length === 0) return null;
  return (
    <Card
      size="small"
      title="历史提取记录"
      extra={
        <Button size="small" disabled={selected.length === 0} loading={exporting} onClick={exportSelected}>
          导出所选案件{selected.length ? `（${selected.length}）` : ""}
        </Button>
      }
    >
      <Table<OcrBatchSummary>
        rowKey="batchId"
        size="small"
        loading={loading}
        dataSource={batches}
        scroll={{ x: "max-content" }}
        pagination={{ defaultPageSize: 10, pageSizeOptions: [10, 20, 50], showSizeChanger: true }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (b) => ({ disabled: b.status !== "completed" }),
        }}
        columns={[
          {
            title: "案件",
            dataIndex: "caseName",
            render: (v: string) => v || <Tag>未识别当事人</Tag>,
          },
          { title: "模板", dataIndex: "templateName" },
          { title: "文件数", dataIndex: "totalFiles", width: 80 },
          {
            title: "状态",
            dataIndex: "status",
            width: 90,
            render: (s: string) => <Tag color={STATUS[s]?.color}>{STATUS[s]?.label ?? s}</Tag>,
          },
          { title: "处理时间", dataIndex: "createdAt", width: 170, render: (v: string) => formatTime(v) },
          {
            title: "操作",
            key: "open",
            width: 80,
            render: (_, b) => (
              <Space>
                <Button type="link" size="small" disabled={b.status !== "completed"} onClick={() => open(b)}>
                  打开
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
