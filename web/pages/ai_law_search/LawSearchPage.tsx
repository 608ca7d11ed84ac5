import { Alert, Card, Tabs, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { getLawOverview, type LawOverview } from "../../api/law_search.ts";
import { ArticleDrawer } from "./ArticleDrawer.tsx";
import { AskTab } from "./AskTab.tsx";
import { CheckTab } from "./CheckTab.tsx";
import { LibraryTab } from "./LibraryTab.tsx";
import { SearchTab } from "./SearchTab.tsx";

/** /ai-law-search (issue #14): article search, citation check, grounded answers, library management. */
export function LawSearchPage() {
  const [overview, setOverview] = useState<LawOverview | null>(null);
  const [article, setArticle] = useState<{ lawId: string; number: string } | null>(null);
  const loadOverview = useCallback(() => {
    getLawOverview().then(setOverview).catch(() => {});
  }, []);
  useEffect(loadOverview, [loadOverview]);

  const items = [
    { key: "search", label: "法条检索", children: <SearchTab onOpen={setArticle} /> },
    { key: "check", label: "引用核对", children: <CheckTab onOpen={setArticle} /> },
    {
      key: "ask",
      label: "AI问答",
      children: <AskTab aiConfigured={overview?.aiConfigured ?? false} onOpen={setArticle} />,
    },
    ...(overview?.isAdmin
      ? [{ key: "library", label: "法规库管理", children: <LibraryTab onChanged={loadOverview} /> }]
      : []),
  ];

  return (
    <Card>
      <Typography.Paragraph type="secondary">
        {overview ? `法规库：${overview.laws} 部法规（含历史版本），${overview.articles} 条。` : ""}
        检索与引用核对免费；默认优先现行有效的规定。
      </Typography.Paragraph>
      {overview && overview.laws === 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="法规库为空"
          description={overview.isAdmin ? "请在“法规库管理”中导入法规文件。" : "请联系管理员导入法规。"}
        />
      )}
      <Tabs items={items} destroyOnHidden={false} />
      <ArticleDrawer target={article} onClose={() => setArticle(null)} onOpen={setArticle} />
    </Card>
  );
}
