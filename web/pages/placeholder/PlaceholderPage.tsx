import { Card, Result } from "antd";
import { usePageMeta } from "../../components/page_meta.ts";

/** Stands in for a screen a later issue builds: says so plainly, with the page title. */
export function PlaceholderPage() {
  const { title } = usePageMeta();
  return (
    <Card>
      <Result status="info" title={title} subTitle="此功能正在建设中" />
    </Card>
  );
}
