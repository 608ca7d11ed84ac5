import { Button, Divider, Drawer, Space, Spin, Typography } from "antd";
import { useEffect, useState } from "react";
import { formatFullCitation } from "../../../common/schemas/law_search.ts";
import { type ArticleDetail, getArticle } from "../../api/law_search.ts";
import { copyText } from "../../components/copy_text.ts";
import { toast } from "../../components/feedback.ts";
import { StatusTag } from "./law_view.tsx";

/** One article in its chapter: path, text, the two articles around it, the same number in other versions. */
export function ArticleDrawer(
  { target, onClose, onOpen }: {
    target: { lawId: string; number: string } | null;
    onClose: () => void;
    onOpen: (t: { lawId: string; number: string }) => void;
  },
) {
  const [detail, setDetail] = useState<ArticleDetail | null>(null);
  useEffect(() => {
    setDetail(null);
    if (!target) return;
    getArticle(target.lawId, target.number).then(setDetail).catch(() => onClose());
  }, [target?.lawId, target?.number]);

  async function copy() {
    if (!detail) return;
    const ok = await copyText(
      formatFullCitation(detail.law.title, detail.article.number, detail.article.paragraphs),
    );
    toast()[ok ? "success" : "error"](ok ? "已复制条文及完整出处" : "复制失败，请手动选择文字复制");
  }

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      width={720}
      title={detail ? `${detail.law.title} ${detail.article.number}` : "条文"}
    >
      {!detail ? <Spin /> : (
        <div data-testid="article-view">
          <Space wrap>
            <StatusTag status={detail.law.status} />
            <Typography.Text type="secondary">{detail.law.level}</Typography.Text>
            {detail.law.effectiveDate && (
              <Typography.Text type="secondary">施行日期 {detail.law.effectiveDate}</Typography.Text>
            )}
            <Button size="small" onClick={copy}>复制条文</Button>
          </Space>
          {detail.law.status !== "现行有效" && (
            <Typography.Paragraph type="warning" style={{ marginTop: 8 }}>
              {detail.law.statusBasis}
              {detail.law.successor ? `；现行规定见《${detail.law.successor}》` : ""}
            </Typography.Paragraph>
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {detail.article.path.join(" › ") || "（无章节）"}
          </Typography.Paragraph>
          {detail.before.map((a) => (
            <Typography.Paragraph key={a.number} type="secondary">
              <a onClick={() => onOpen({ lawId: detail.law.id, number: a.number })}>{a.number}</a>{" "}
              {a.paragraphs.join(" ")}
            </Typography.Paragraph>
          ))}
          <div style={{ background: "#fffbe6", padding: 12, borderRadius: 6 }}>
            <Typography.Text strong>{detail.article.number}</Typography.Text>
            {detail.article.paragraphs.map((p, i) => (
              <Typography.Paragraph key={i} style={{ marginBottom: 4 }}>{p}</Typography.Paragraph>
            ))}
          </div>
          {detail.after.map((a) => (
            <Typography.Paragraph key={a.number} type="secondary" style={{ marginTop: 8 }}>
              <a
                onClick={() =>
                  onOpen({ lawId: detail.law.id, number: a.number })}
              >
                {a.number}
              </a>{" "}
              {a.paragraphs.join(" ")}
            </Typography.Paragraph>
          ))}
          {detail.versions.length > 0 && (
            <>
              <Divider>其他版本</Divider>
              {detail.versions.map((v) => (
                <Typography.Paragraph key={v.law.id}>
                  <StatusTag status={v.law.status} /> {v.law.publishDate ?? "日期不详"}版：
                  {v.article
                    ? (
                      <a onClick={() => onOpen({ lawId: v.law.id, number: v.article!.number })}>
                        {v.article.number} {v.article.paragraphs.join(" ").slice(0, 60)}…
                      </a>
                    )
                    : "该版本没有此条"}
                </Typography.Paragraph>
              ))}
            </>
          )}
        </div>
      )}
    </Drawer>
  );
}
