import { App, Descriptions, Modal, Table } from "antd";
import { useEffect, useState } from "react";
import { CASE_SPLIT_ERROR_ROWS_PAGE_SIZE } from "../../../common/constants.ts";
import { type CaseSplitErrorRow, type CaseSplitTask, listCaseSplitErrorRows } from "../../api/case_split.ts";
import { errorText } from "../../api/client.ts";
import { percentOf } from "./case_split_view.ts";

/** The 未分配地区 dialog (part 4 §2): totals and the rows not placed, with their row numbers. */
export function UnassignedModal({ task, onClose }: { task: CaseSplitTask; onClose: () => void }) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<CaseSplitErrorRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (task.status !== "completed") return;
    setLoading(true);
    listCaseSplitErrorRows(task.id, page, CASE_SPLIT_ERROR_ROWS_PAGE_SIZE)
      .then((res) => {
        setRows(res.error_rows);
        setTotal(res.total);
      }, (err) => message.error(errorText(err, "获取任务列表失败")))
      .finally(() => setLoading(false));
  }, [task.id, task.status, page, message]);

  const unassigned = task.total_rows - task.success_rows;
  return (
    <Modal title="未分配地区" open onCancel={onClose} footer={null} width={720}>
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="总行数">{task.total_rows}</Descriptions.Item>
        <Descriptions.Item label="未分配">
          {unassigned}（{percentOf(unassigned, task.total_rows)}%）
        </Descriptions.Item>
      </Descriptions>
      <Table<CaseSplitErrorRow>
        size="small"
        rowKey="rowIndex"
        loading={loading}
        dataSource={rows}
        columns={[
          { title: "行号", dataIndex: "rowIndex", width: 80 },
          { title: "地址", dataIndex: "address", render: (v: string) => v || "（空）" },
          { title: "原因", dataIndex: "reason", width: 220 },
        ]}
        pagination={{
          current: page,
          pageSize: CASE_SPLIT_ERROR_ROWS_PAGE_SIZE,
          total,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
    </Modal>
  );
}
