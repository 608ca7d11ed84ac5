import { Button, Card, Result } from "antd";
import { useNavigate } from "react-router";

/** A path that is not in the route table. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status="404"
        title="页面不存在"
        subTitle="您访问的页面不存在，请从左侧菜单选择功能"
        extra={<Button type="primary" onClick={() => navigate("/")}>返回首页</Button>}
      />
    </Card>
  );
}
