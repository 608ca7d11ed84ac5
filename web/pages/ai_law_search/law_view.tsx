import { Tag } from "antd";
import type { ReactNode } from "react";
import type { CitationStatus, LawStatus } from "../../../common/schemas/law_search.ts";

const STATUS_COLORS: Record<LawStatus, string> = {
  现行有效: "green",
  已被修改: "orange",
  已废止: "red",
  尚未生效: "blue",
};

export function StatusTag({ status }: { status: LawStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{status}</Tag>;
}

export const CITATION_BADGES: Record<CitationStatus, { text: string; color: string }> = {
  valid: { text: "✓ 现行", color: "green" },
  amended: { text: "⚠ 已修改", color: "orange" },
  repealed: { text: "✗ 已废止", color: "red" },
  nonexistent: { text: "✗ 不存在", color: "red" },
  unknown_law: { text: "? 库中未收录", color: "default" },
};

export function CitationBadge({ status }: { status: CitationStatus }) {
  const b = CITATION_BADGES[status];
  return <Tag color={b.color} data-testid="citation-badge">{b.text}</Tag>;
}

/** Text with every occurrence of the terms wrapped in <mark>. */
export function highlight(text: string, terms: string[]): ReactNode[] {
  const words = [...new Set(terms.filter((t) => t.length > 1))].sort((a, b) => b.length - a.length);
  if (words.length === 0) return [text];
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const parts = text.split(new RegExp(`(${escaped.join("|")})`, "g"));
  return parts.map((p, i) => (i % 2 === 1 ? <mark key={i}>{p}</mark> : p));
}
