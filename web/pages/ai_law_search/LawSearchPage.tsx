import { Alert, Card, Progress, Tabs, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { getLawOverview, type LawImportStatus, type LawOverview } from "../../api/law_search.ts";
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
  // While the first-start import runs or the library is being built after a start, the overview is read
  // again every 2 s until the library is ready.
  const importing = overview?.importing ?? null;
  const loading = overview?.loading ?? false;
  useEffect(() => {
    if (!importing && !loading) return;
    const timer = setTimeout(loadOverview, 2000);
    return () => clearTimeout(timer);
  }, [importing, loading, overview, loadOverview]);

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
        {overview && !importing && !loading
          ? `法规库：${overview.laws} 部法规（含历史版本），${overview.articles} 条。`
          : ""}
        检索与引用核对免费；默认优先现行有效的规定。
      </Typography.Paragraph>
      {importing && <ImportingAlert status={importing} />}
      {loading && !importing && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="法规库正在加载"
          description="服务器启动后正在建立检索索引，通常需要几秒钟，完成后即可检索。"
        />
      )}
      {overview && overview.laws === 0 && !importing && !loading && (
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

const PHASE_TEXT: Record<LawImportStatus["phase"], string> = {
  reading: "正在读取法规文件",
  importing: "正在保存法规",
  indexing: "正在建立检索索引",
};

/** The first-start import: 正在导入法规库 x/y with a bar; search finds the laws once it ends. */
function ImportingAlert({ status }: { status: LawImportStatus }) {
  const percent = status.total > 0 ? Math.floor((status.done / status.total) * 100) : 0;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      message={status.total > 0 ? `正在导入法规库 ${status.done}/${status.total}` : "正在导入法规库…"}
      description={
        <>
          <div>{PHASE_TEXT[status.phase]}，完成后即可检索全部法规（约需一两分钟）。</div>
          <Progress percent={percent} size="small" status="active" />
        </>
      }
    />
  );
}
