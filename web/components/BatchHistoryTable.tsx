import { DeleteOutlined, ExportOutlined, EyeOutlined, ReloadOutlined } from "@ant-design/icons";
import { App, Button, Space, Table, type TableColumnsType, Tag } from "antd";
import dayjs from "dayjs";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { BATCH_PAGE_SIZES } from "../../common/constants.ts";
import { errorText } from "../api/client.ts";
import { formatBatchNo } from "./batch_no.ts";
import { useLatestRequest } from "./latest_request.ts";

/** What every batch history lists (PDF-to-link and template-based generation, part 2 §2.3, §2.4). */
export interface BatchRow {
  batch_no: string;
  total_files: number;
  created_at: string;
}

interface Props<R extends BatchRow> {
  /** One page of batches (page from 1). */
  load: (page: number, pageSize: number) => Promise<{ records: R[]; total: number }>;
  remove: (batchNo: string) => Promise<unknown>;
  /** Exports one batch's full record list (the 导出选中批次 button). */
  exportBatch: (batchNo: string) => Promise<void>;
  /** The status tag; "已完成" when not given (the PDF converter's batches are always completed). */
  renderStatus?: (record: R) => ReactNode;
  /** The detail dialog of an open batch; `close` is called when it closes. */
  renderDetail: (batchNo: string, close: () => void) => ReactNode;
  /** Changing this number reloads the current page (e.g. when the tab is shown again). */
  reloadSignal?: number;
}

/**
 * A batch history table: batch number (as date-time), file count, processed time, status, view
 * detail and delete with confirmation, export of the selected batch, paging 10/20/50/100 (default
 * 10). Deleting the batch open in the detail dialog closes the dialog.
 */
export function BatchHistoryTable<R extends BatchRow>(props: Props<R>) {
  const { load, remove, exportBatch, renderStatus, renderDetail, reloadSignal } = props;
  const { message, modal } = App.useApp();
  const [records, setRecords] = useState<R[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(BATCH_PAGE_SIZES[0]);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const begin = useLatestRequest();

  const fetchPage = useCallback(async () => {
    const current = begin();
    setLoading(true);
    try {
      const data = await load(page, pageSize);
      if (!current()) return;
      setRecords(data.records ?? []);
      setTotal(data.total ?? 0);
    } catch (err) {
      if (current()) message.error(errorText(err, "获取历史记录失败"));
    } finally {
      if (current()) setLoading(false);
    }
  }, [begin, load, page, pageSize, message]);

  useEffect(() => void fetchPage(), [fetchPage, reloadSignal]);

  function confirmDelete(batchNo: string) {
    modal.confirm({
      title: "确认删除",
      content: `确定要删除批次 ${formatBatchNo(batchNo)} 及其全部文件吗？`,
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          await remove(batchNo);
          message.success("批次删除成功");
          if (open === batchNo) setOpen(null);
          if (selected === batchNo) setSelected(null);
          if (records.length === 1 && page > 1) setPage(page - 1);
          else await fetchPage();
        } catch (err) {
          message.error(errorText(err, "删除批次失败"));
        }
      },
    });
  }

  async function exportSelected() {
    if (!selected) return void message.warning("请先选择要导出的批次");
    setExporting(true);
    try {
      await exportBatch(selected);
    } catch (err) {
      message.error(errorText(err, "导出失败"));
    } finally {
      setExporting(false);
    }
  }

  const columns: TableColumnsType<R> = [
    { title: "批次号", dataIndex: "batch_no", render: (value: string) => formatBatchNo(value) },
    { title: "文件数量", dataIndex: "total_files", width: 110 },
    {
      title: "处理时间",
      dataIndex: "created_at",
      width: 190,
      render: (value: string) => dayjs(value).format("YYYY-MM-DD HH:mm:ss"),
    },
    {
      title: "状态",
      key: "status",
      width: 130,
      render: (_: unknown, record) => renderStatus ? renderStatus(record) : <Tag color="success">已完成</Tag>,
    },
    {
      title: "操作",
      key: "actions",
      width: 200,
      render: (_: unknown, record) => (
        <Space>
          <Button size="small" icon={<EyeOutlined />} onClick={() => setOpen(record.batch_no)}>
            查看详情
          </Button>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => confirmDelete(record.batch_no)}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button icon={<ExportOutlined />} onClick={exportSelected} loading={exporting} disabled={!selected}>
          导出选中批次
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void fetchPage()}>刷新</Button>
      </Space>
      <Table
        rowKey="batch_no"
        scroll={{ x: 820 }}
        columns={columns}
        dataSource={records}
        loading={loading}
        rowSelection={{
          type: "radio",
          selectedRowKeys: selected ? [selected] : [],
          onChange: (keys) => setSelected((keys[0] as string | undefined) ?? null),
        }}
        pagination={{
          current: page,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: BATCH_PAGE_SIZES.map(String),
          showTotal: (count) => `共 ${count} 个批次`,
          onChange: (nextPage, nextSize) => {
            setPage(nextSize !== pageSize ? 1 : nextPage);
            setPageSize(nextSize);
          },
        }}
      />
      {open && renderDetail(open, () => setOpen(null))}
    </>
  );
}
