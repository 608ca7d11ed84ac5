import type { OcrBatchResult } from "../../../common/schemas/ocr.ts";

/**
 * Several cases' merged results as one sheet (issue #27 item 6): one row per case, the case's name, template
 * and time first, then one column per field label in the order they first appear (cases of different
 * templates share a column when their labels are the same).
 */
export function casesSheet(
  cases: { caseName: string; result: OcrBatchResult }[],
): { header: string[]; rows: string[][] } {
  const labels: string[] = [];
  for (const { result } of cases) {
    for (const key of result.fieldOrder) {
      const label = result.mergedResult[key]?.label ?? key;
      if (!labels.includes(label)) labels.push(label);
    }
  }
  const rows = cases.map(({ caseName, result }) => {
    const byLabel = new Map<string, string>();
    for (const key of result.fieldOrder) {
      const field = result.mergedResult[key];
      if (field && !byLabel.has(field.label)) byLabel.set(field.label, field.value ?? "");
    }
    return [
      caseName,
      result.templateName,
      result.createdAt.slice(0, 10),
      ...labels.map((l) => byLabel.get(l) ?? ""),
    ];
  });
  return { header: ["案件", "模板", "处理日期", ...labels], rows };
}
