import { Alert, Button, Card, DatePicker, Empty, Input, List, Select, Space, Tag, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import {
  formatFullCitation,
  LAW_LEVELS,
  LAW_STATUSES,
  type LawLevel,
  type LawStatus,
} from "../../../common/schemas/law_search.ts";
import { type LawSearchResult, listRecentSearches, searchLaws } from "../../api/law_search.ts";
import { copyText } from "../../components/copy_text.ts";
import { toast } from "../../components/feedback.ts";
import { highlight, StatusTag } from "./law_view.tsx";

const PAGE_SIZE = 10;

export function SearchTab({ onOpen }: { onOpen: (t: { lawId: string; number: string }) => void }) {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<LawStatus | undefined>();
  const [level, setLevel] = useState<LawLevel | undefined>();
  const [asOf, setAsOf] = useState<Dayjs | null>(null);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<LawSearchResult | null>(null);
  const [loading, setLoading] = useState(false);
  const [recent, setRecent] = useState<string[]>([]);

  function loadRecent() {
    listRecentSearches().then((r) => setRecent(r.searches.map((s) => s.q))).catch(() => {});
  }
  useEffect(loadRecent, []);

  async function run(query = q, nextPage = 1) {
    if (!query.trim()) {
      toast().warning("请输入检索内容");
      return;
    }
    setLoading(true);
    try {
      const found = await searchLaws({
        q: query.trim(),
        status,
        level,
        asOf: asOf ? asOf.format("YYYY-MM-DD") : undefined,
        page: nextPage,
        pageSize: PAGE_SIZE,
      });
      setResult(found);
      setPage(nextPage);
      // A query that is only a citation (民诉法解释第90条) opens that article directly.
      const top = found.results[0];
      if (nextPage === 1 && top?.match === "citation" && found.terms.length === 0) {
        onOpen({ lawId: top.lawId, number: top.articleNumber });
      }
      if (nextPage === 1) loadRecent();
    } catch {
      // the API client has shown the message
    } finally {
      setLoading(false);
    }
  }

  async function copy(title: string, number: string, text: string) {
    const ok = await copyText(formatFullCitation(title, number, text.split("\n")));
    toast()[ok ? "success" : "error"](ok ? "已复制条文及完整出处" : "复制失败，请手动选择文字复制");
  }

  return (
    <Space direction="vertical" style={{ width: "100%" }} size="middle">
      <Input.Search
        data-testid="law-search-input"
        placeholder="输入问题、关键词或条文，如：借钱不还 利息怎么算 / 民法典第1165条 / 民诉法解释第九十条"
        enterButton="检索"
        size="large"
        value={q}
        loading={loading}
        onChange={(e) => setQ(e.target.value)}
        onSearch={(v) => run(v)}
        maxLength={200}
      />
      <Space wrap>
        <Select
          allowClear
          placeholder="效力状态"
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={LAW_STATUSES.map((s) => ({ value: s, label: s }))}
        />
        <Select
          allowClear
          placeholder="效力级别"
          style={{ width: 140 }}
          value={level}
          onChange={setLevel}
          options={LAW_LEVELS.map((s) => ({ value: s, label: s }))}
        />
        <DatePicker
          placeholder="适用日期（按当时有效版本）"
          style={{ width: 220 }}
          value={asOf}
          onChange={setAsOf}
        />
        {recent.length > 0 && <Typography.Text type="secondary">最近检索：</Typography.Text>}
        {recent.slice(0, 8).map((r) => (
          <Tag
            key={r}
            style={{ cursor: "pointer" }}
            onClick={() => {
              setQ(r);
              run(r);
            }}
          >
            {r}
          </Tag>
        ))}
      </Space>
      {result?.loading && (
        <Alert type="info" showIcon message={result.message ?? "法规库正在加载，请稍候再试"} />
      )}
      {result && result.missingLaws.length > 0 && (
        <Alert
          type="info"
          showIcon
          data-testid="law-missing"
          message={`法规库中没有${result.missingLaws.map((n) => `《${n}》`).join("、")}${
            result.results.length > 0 ? "，以下是引用该条文的规定；也" : "："
          }可输入条文内容检索，或请管理员导入该法规。`}
        />
      )}
      {result && result.missingArticles.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="law-missing-article"
          message={`法规库中的${
            result.missingArticles.map((m) => `《${m.title}》没有${m.articleNumber}`).join("，")
          }，请核对条文序号。`}
        />
      )}
      {result && result.corrections.length > 0 && (
        <Typography.Text type="secondary">
          已按可能的正确写法一并检索：{result.corrections.join("、")}
        </Typography.Text>
      )}
      {result && !result.loading && (
        <List
          data-testid="law-results"
          loading={loading}
          locale={{ emptyText: <Empty description="没有找到相关条文，请换一种说法" /> }}
          dataSource={result.results}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: result.total,
            showSizeChanger: false,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (p) => run(q, p),
          }}
          renderItem={(hit) => (
            <List.Item key={`${hit.lawId}-${hit.articleNumber}`}>
              <Card
                size="small"
                style={{ width: "100%" }}
                title={
                  <Space wrap>
                    <a
                      data-testid="law-hit-title"
                      onClick={() => onOpen({ lawId: hit.lawId, number: hit.articleNumber })}
                    >
                      {hit.title} {hit.articleNumber}
                    </a>
                    <StatusTag status={hit.status} />
                    <Typography.Text type="secondary">{hit.level}</Typography.Text>
                  </Space>
                }
                extra={
                  <Button size="small" onClick={() => copy(hit.title, hit.articleNumber, hit.text)}>
                    复制
                  </Button>
                }
              >
                {hit.path.length > 0 && (
                  <Typography.Text type="secondary">{hit.path.join(" › ")}</Typography.Text>
                )}
                <Typography.Paragraph
                  ellipsis={{ rows: 4, expandable: true, symbol: "展开" }}
                  style={{ marginTop: 4 }}
                >
                  {highlight(hit.text, result.terms)}
                </Typography.Paragraph>
                {hit.status !== "现行有效" && hit.successor && (
                  <Typography.Text type="warning">
                    {hit.status}，现行规定见《{hit.successor}》
                  </Typography.Text>
                )}
              </Card>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
