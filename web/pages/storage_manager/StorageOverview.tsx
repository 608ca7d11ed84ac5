import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Row,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
} from "antd";
import dayjs from "dayjs";
import type { StorageSummary, UserStorage } from "../../../common/schemas/storage.ts";
import { formatBytes } from "../../components/format_bytes.ts";

type AreaList = StorageSummary["areas"];

/** Each area with something stored, largest first, as "label: size". */
function areaRows(user: UserStorage, areas: AreaList) {
  const label = (area: string) => areas.find((a) => a.area === area)?.label ?? area;
  return Object.entries(user.areas)
    .map(([area, usage]) => ({ area, label: label(area), ...usage }))
    .sort((a, b) => b.bytes - a.bytes);
}

/** What the signed-in user stores, per area and in total. */
export function MyStorageCard({ summary }: { summary: StorageSummary }) {
  const rows = areaRows(summary.mine, summary.areas);
  return (
    <Card title="我的存储" style={{ height: "100%" }}>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={12}>
          <Statistic title="已用空间" value={formatBytes(summary.mine.bytes)} />
        </Col>
        <Col span={12}>
          <Statistic title="文件数" value={summary.mine.files} />
        </Col>
      </Row>
      {rows.length === 0
        ? <Empty description="暂无存储的文件" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        : (
          <Table
            size="small"
            rowKey="area"
            pagination={false}
            dataSource={rows}
            columns={[
              { title: "功能", dataIndex: "label", key: "label" },
              { title: "大小", dataIndex: "bytes", key: "bytes", render: (v: number) => formatBytes(v) },
              { title: "文件数", dataIndex: "files", key: "files" },
            ]}
          />
        )}
    </Card>
  );
}

/** The automatic clean-up's settings and its last run (server/jobs/cleanup_job.ts). */
export function CleanupCard(
  { cleanup, areas }: { cleanup: StorageSummary["cleanup"]; areas: StorageSummary["areas"] },
) {
  const run = cleanup.lastRun;
  let lastRun = "尚未运行";
  if (run?.skipped) {
    lastRun = `${dayjs(run.at).format("YYYY-MM-DD HH:mm:ss")}（自动清理已关闭，未删除任何文件）`;
  } else if (run) {
    lastRun = `${
      dayjs(run.at).format("YYYY-MM-DD HH:mm:ss")
    }：删除任务 ${run.tasksRemoved} 个、文件 ${run.blobsRemoved} 个，释放 ${formatBytes(run.bytesFreed)}`;
    const items = areas
      .filter((a) => (run.itemsRemoved[a.area] ?? 0) > 0)
      .map((a) => `${a.label} ${run.itemsRemoved[a.area]} 个`);
    if (items.length > 0) lastRun += `；清理项目：${items.join("、")}`;
  }
  return (
    <Card title="自动清理" style={{ height: "100%" }}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label="自动清理">
          {cleanup.auto_cleanup ? <Tag color="green">已开启</Tag> : <Tag>已关闭</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="保留天数">{cleanup.cleanup_days} 天</Descriptions.Item>
        <Descriptions.Item label="上次运行">{lastRun}</Descriptions.Item>
      </Descriptions>
      <div style={{ color: "rgba(0,0,0,0.45)", marginTop: 8 }}>
        开启后，每天自动删除完成超过保留天数的任务、批次及其文件（使用记录保留）；可在系统设置中修改。
      </div>
    </Card>
  );
}

/** Administrators: the whole data folder (KV database, every file, mail outbox). */
export function DataDirCard({ dataDir }: { dataDir: NonNullable<StorageSummary["dataDir"]> }) {
  return (
    <Card title="数据目录" style={{ height: "100%" }}>
      <Row gutter={16}>
        <Col span={12}>
          <Statistic title="总占用" value={formatBytes(dataDir.bytes)} />
        </Col>
        <Col span={12}>
          <Statistic title="文件数" value={dataDir.files} />
        </Col>
        <Col span={12} style={{ marginTop: 16 }}>
          <Statistic title="用户文件" value={formatBytes(dataDir.userBytes)} />
        </Col>
        <Col span={12} style={{ marginTop: 16 }}>
          <Statistic title="其他（数据库、系统模板等）" value={formatBytes(dataDir.otherBytes)} />
        </Col>
      </Row>
    </Card>
  );
}

/** Administrators: every user who stores files, largest first. */
export function UsersStorageCard(
  { summary, onShowItems }: { summary: StorageSummary; onShowItems: (userId: number) => void },
) {
  const columns: TableColumnsType<UserStorage> = [
    { title: "用户", key: "user", render: (_v, u) => u.username ?? `已删除用户 #${u.userId}` },
    { title: "已用空间", dataIndex: "bytes", key: "bytes", render: (v: number) => formatBytes(v) },
    { title: "文件数", dataIndex: "files", key: "files" },
    {
      title: "按功能",
      key: "areas",
      render: (_v, u) =>
        areaRows(u, summary.areas).map((a) => <Tag key={a.area}>{`${a.label} ${formatBytes(a.bytes)}`}</Tag>),
    },
    {
      title: "操作",
      key: "actions",
      width: 110,
      render: (_v, u) => (
        <Button type="link" size="small" onClick={() => onShowItems(u.userId)}>查看文件</Button>
      ),
    },
  ];
  return (
    <Card title="用户存储">
      <Table<UserStorage>
        rowKey="userId"
        size="small"
        columns={columns}
        dataSource={summary.users ?? []}
        pagination={{ defaultPageSize: 10, showSizeChanger: true, pageSizeOptions: [10, 20, 50] }}
        locale={{ emptyText: "暂无用户存储文件" }}
        scroll={{ x: 800 }}
      />
    </Card>
  );
}
