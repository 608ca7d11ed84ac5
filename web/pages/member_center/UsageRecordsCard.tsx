import { DownloadOutlined } from "@ant-design/icons";
import { App, Button, Card, DatePicker, Radio, Space, Table, type TableColumnsType, Tag } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { USAGE_RANGE_MESSAGE } from "../../../common/schemas/member.ts";
import { listUsageRecords, type UsageRecordRow } from "../../api/member.ts";
import { usePaging } from "../../components/paging.ts";
import { saveBlob } from "../../components/save_file.ts";
import {
  buildUsageExport,
  USAGE_EXPORT_MAX,
  USAGE_STATUS_LABELS,
  usageExportFileName,
} from "./usage_export.ts";
import {
  clampUsageRange,
  isFutureDate,
  USAGE_TIME_OPTIONS,
  type UsageFilter,
  usageRecordsParams,
  type UsageTimeType,
} from "./usage_filter.ts";

/** Member table page sizes (part 3 §9). */
const PAGE_SIZES = [10, 20, 50];

const COLUMNS: TableColumnsType<UsageRecordRow> = [
  { title: "用户名", dataIndex: "username", width: 140 },
  {
    title: "类型",
    dataIndex: "type_label",
    width: 130,
    render: (label: string) => <Tag color="blue">{label}</Tag>,
  },
  { title: "描述", dataIndex: "description", ellipsis: true },
  {
    title: "状态",
    dataIndex: "status",
    width: 90,
    render: (s: string) => (
      <Tag color={s === "success" ? "success" : "error"}>{USAGE_STATUS_LABELS[s] ?? s}</Tag>
    ),
  },
  {
    title: "时间",
    dataIndex: "created_at",
    width: 180,
    render: (t: string) => dayjs(t).format("YYYY-MM-DD HH:mm:ss"),
  },
];

/** Card 使用记录 (part 3 §2): time filter, paged table, export of up to 10 000 rows. */
export function UsageRecordsCard({ version }: { version: number }) {
  const { message } = App.useApp();
  const [filter, setFilter] = useState<UsageFilter>({ timeType: "month", range: null });
  const { paging, setPaging, pagination } = usePaging(PAGE_SIZES);
  const [records, setRecords] = useState<UsageRecordRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    const params = usageRecordsParams(filter, paging);
    if (!params) {
      // 自定义 without a range yet: show nothing rather than the previous filter's rows.
      setRecords([]);
      setTotal(0);
      return;
    }
    let current = true;
    setLoading(true);
    listUsageRecords(params).then(
      (res) => {
        if (!current) return;
        setRecords(res.records);
        setTotal(res.total);
      },
      () => current && message.error("获取使用记录失败"),
    ).finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [filter, paging, version, message]);

  function onTimeType(timeType: UsageTimeType) {
    setFilter({ timeType, range: timeType === "custom" ? filter.range : null });
    setPaging((p) => ({ ...p, page: 1 }));
  }

  function onRange(picked: [Dayjs | null, Dayjs | null] | null) {
    if (!picked?.[0] || !picked[1]) {
      setFilter({ timeType: "custom", range: null });
      return;
    }
    const { range, clamped } = clampUsageRange([picked[0], picked[1]], dayjs());
    if (clamped) message.warning(USAGE_RANGE_MESSAGE);
    setFilter({ timeType: "custom", range });
    setPaging((p) => ({ ...p, page: 1 }));
  }

  async function onExport() {
    const params = usageRecordsParams(filter, { page: 1, pageSize: USAGE_EXPORT_MAX });
    if (!params) return void message.warning("请选择时间范围");
    setExporting(true);
    try {
      const res = await listUsageRecords(params);
      saveBlob(await buildUsageExport(res.records), usageExportFileName(dayjs()));
      message.success("导出成功");
      if (res.total > USAGE_EXPORT_MAX) {
        message.info(`共 ${res.total} 条记录，已导出最近的 ${USAGE_EXPORT_MAX} 条`);
      }
    } catch {
      message.error("导出失败");
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card
      title="使用记录"
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
          导出
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Radio.Group
          optionType="button"
          value={filter.timeType}
          options={USAGE_TIME_OPTIONS}
          onChange={(e) => onTimeType(e.target.value)}
        />
        {filter.timeType === "custom" && (
          <DatePicker.RangePicker
            value={filter.range}
            disabledDate={(date) => isFutureDate(date, dayjs())}
            onChange={(value) => onRange(value as [Dayjs | null, Dayjs | null] | null)}
            aria-label="自定义时间范围"
          />
        )}
      </Space>
      <Table
        rowKey="id"
        size="middle"
        columns={COLUMNS}
        dataSource={records}
        loading={loading}
        pagination={pagination(total)}
      />
    </Card>
  );
}
