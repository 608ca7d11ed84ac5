import { Button, Result } from "antd";
import { useNavigate } from "react-router";

/**
 * What the content area shows on a page the user may not open (part 1 §4 keeps the user on it):
 * the guard's message as a 403 result, with a way to the user's landing page.
 */
export function ForbiddenResult({ message, landing }: { message: string; landing: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403"
      subTitle={message}
      extra={
        <Button type="primary" onClick={() => navigate(landing)}>
          返回首页
        </Button>
      }
    />
  );
}
