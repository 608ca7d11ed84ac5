import { Tag } from "antd";
import { useCallback } from "react";
import { type BatchRecord, deleteBatch, listBatches } from "../../api/mediation.ts";
import { BatchHistoryTable } from "../../components/BatchHistoryTable.tsx";
import { BatchDetailModal, exportBatchRecords } from "./BatchDetailModal.tsx";

function BatchStatus({ record }: { record: BatchRecord }) {
  if (record.status === "pending" || record.status === "running") return <Tag color="processing">处理中</Tag>;
  if (record.status === "failed") return <Tag color="error">失败</Tag>;
  if (record.failed_count > 0) return <Tag color="warning">部分失败（{record.failed_count}）</Tag>;
  return <Tag color="success">已完成</Tag>;
}

/** The History tab (part 2 §2.4): generation batches, loaded each time the tab is shown. */
export function HistoryTab({ reloadSignal }: { reloadSignal: number }) {
  const load = useCallback(
    async (page: number, pageSize: number) => (await listBatches(page, pageSize)).data,
    [],
  );
  return (
    <BatchHistoryTable<BatchRecord>
      load={load}
      remove={deleteBatch}
      exportBatch={exportBatchRecords}
      renderStatus={(record) => <BatchStatus record={record} />}
      renderDetail={(batchNo, close) => <BatchDetailModal batchNo={batchNo} onClose={close} />}
      reloadSignal={reloadSignal}
    />
  );
}
