import { Button } from "antd";
import { Component, type ReactNode } from "react";
import { ChunkLoadTimeoutError } from "./lazy_page.ts";

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches a page that failed to load or render and offers 重新加载 (a full reload). */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error(error);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const timedOut = error instanceof ChunkLoadTimeoutError;
    const chunkFailed = timedOut ||
      /dynamically imported module|Importing a module script failed|preload/i.test(
        error.message,
      );
    // Plain markup, not antd Result: this boundary is on every first load and Result's
    // illustrations would add ~30 KB to it.
    return (
      <div role="alert" style={{ textAlign: "center", padding: "80px 24px" }}>
        <h2 style={{ fontSize: 20, margin: "0 0 8px" }}>{chunkFailed ? "页面加载失败" : "页面出错了"}</h2>
        <p style={{ color: "rgba(0, 0, 0, 0.55)", margin: "0 0 24px" }}>
          {timedOut
            ? "页面脚本加载超时，请检查网络后重新加载"
            : chunkFailed
            ? "页面脚本加载失败，请检查网络后重新加载"
            : "页面运行出错，请重新加载后再试"}
        </p>
        <Button type="primary" onClick={() => globalThis.location.reload()}>
          重新加载
        </Button>
      </div>
    );
  }
}
