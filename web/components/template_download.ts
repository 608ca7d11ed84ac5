import { ApiError } from "../api/client.ts";

/** Part 2 §8 "Template managers": the message for a failed template download. */
export function templateDownloadErrorText(err: unknown): string {
  if (err instanceof ApiError && err.code === "TIMEOUT") return "下载超时，请重试";
  const reason = err instanceof ApiError
    ? err.serverMessage ?? (err.status === 0 ? err.message : null)
    : null;
  return `下载失败: ${reason || "未知错误"}`;
}
