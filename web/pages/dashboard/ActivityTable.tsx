import { App, Select, Table, type TableColumnsType, Tag } from "antd";
import dayjs from "dayjs";
import { useEffect, useMemo, useRef, useState } from "react";
import {
  ACTIVITY_PAGE_SIZES,
  type ActivityType,
  USAGE_TYPE_LABELS,
  USER_SEARCH_DEBOUNCE_MS,
} from "../../../common/constants.ts";
import {
  type ActivityRow,
  listRecentActivities,
  searchUserOptions,
  type UserOption,
} from "../../api/dashboard.ts";
import { debounce } from "../../components/debounce.ts";
import { usePaging } from "../../components/paging.ts";

const COLUMNS: TableColumnsType<ActivityRow> = [
  { title: "用户", dataIndex: "username", width: 140 },
  {
    title: "类型",
    dataIndex: "type",
    width: 130,
    render: (type: ActivityType) => <Tag color="blue">{USAGE_TYPE_LABELS[type] ?? type}</Tag>,
  },
  { title: "描述", dataIndex: "description", ellipsis: true },
  {
    title: "状态",
    dataIndex: "status",
    width: 90,
    render: (s: string) => (
      <Tag color={s === "success" ? "success" : "error"}>{s === "success" ? "成功" : "失败"}</Tag>
    ),
  },
  {
    title: "时间",
    dataIndex: "created_at",
    width: 180,
    render: (t: string) => dayjs(t).format("YYYY-MM-DD HH:mm:ss"),
  },
];

interface Props {
  /** Administrators get the user filter and everyone's activity. */
  isAdmin: boolean;
  /** Changes on each 60 s refresh: the current page reloads (without the loading veil). */
  refreshKey: number;
}

/** Recent activity (part 1 §2): paged 10/20/50/100, with a remote user filter for administrators. */
export function ActivityTable({ isAdmin, refreshKey }: Props) {
  const { message } = App.useApp();
  const { paging, setPaging, pagination } = usePaging(ACTIVITY_PAGE_SIZES);
  const [userId, setUserId] = useState<number | undefined>(undefined);
  const [rows, setRows] = useState<ActivityRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [options, setOptions] = useState<UserOption[]>([]);
  const [searching, setSearching] = useState(false);
  const lastRefresh = useRef(refreshKey);
  const searchAbort = useRef<AbortController | null>(null);

  useEffect(() => {
    const isRefresh = lastRefresh.current !== refreshKey;
    lastRefresh.current = refreshKey;
    let current = true;
    setLoading(!isRefresh);
    listRecentActivities({ ...paging, userId }).then(
      (res) => {
        if (!current) return;
        setRows(res.activities);
        setTotal(res.pagination.total);
      },
      // A key: a failing 60 s refresh replaces its message instead of stacking them.
      () => current && message.error({ content: "获取活动记录失败", key: "dashboard-activities" }),
    ).finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [paging, userId, refreshKey, message]);

  const search = useMemo(() =>
    debounce((query: string) => {
      searchAbort.current?.abort();
      const abort = new AbortController();
      searchAbort.current = abort;
      setSearching(true);
      searchUserOptions(query.trim(), abort.signal).then(
        (res) => setOptions(res.users),
        (err) => {
          if ((err as { code?: string }).code !== "ABORTED") message.error("获取用户列表失败");
        },
      ).finally(() => abort === searchAbort.current && setSearching(false));
    }, USER_SEARCH_DEBOUNCE_MS), [message]);

  useEffect(() => () => {
    search.cancel();
    searchAbort.current?.abort();
  }, [search]);

  return (
    <>
      {isAdmin && (
        <Select
          showSearch
          allowClear
          placeholder="筛选用户"
          aria-label="筛选用户"
          style={{ width: 240, marginBottom: 16 }}
          filterOption={false}
          loading={searching}
          notFoundContent={searching ? "搜索中..." : "无匹配用户"}
          options={options.map((u) => ({ value: u.id, label: u.username }))}
          value={userId}
          onSearch={search}
          onOpenChange={(open) => open && options.length === 0 && search("")}
          onChange={(value: number | undefined) => {
            setUserId(value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      )}
      <Table
        rowKey="id"
        size="middle"
        columns={COLUMNS}
        dataSource={rows}
        loading={loading}
        pagination={pagination(total)}
        scroll={{ x: 760 }}
      />
    </>
  );
}
