/**
 * The optional model path: the model reads numbered lines ("[f1 p1 l12] text"), answers each field with the
 * value and the ids of the lines it came from, and a value is kept as verified only when it is found
 * (normalised) in the cited lines. Otherwise it is kept as `unverified` (模型推断，无原文), which merge never
 * lets win over a verified candidate. Used only when an LlmClient is passed.
 */
import { z } from "zod";
import type { DocumentText } from "../doc_text/types.ts";
import type { LlmClient } from "../llm/types.ts";
import type { FieldPlan } from "./field_plan.ts";
import { normalizeByType } from "./label_values.ts";
import { unionBox } from "./lines.ts";
import { compactText, toHalfWidth } from "./normalize.ts";
import type { DocFacts } from "./rules_extractor.ts";
import type { FieldCandidate } from "./types.ts";
import type { FileCandidates } from "./merge.ts";
import { UNVERIFIED_CHECK } from "../../../common/schemas/ocr.ts";

/** Lines sent to the model per call at most (long cases are cut; the rules still read everything). */
const MAX_LINES = 1200;

export const modelAnswerSchema = z.object({
  fields: z.array(z.object({
    key: z.string(),
    value: z.union([z.string(), z.number()]).nullable(),
    lines: z.array(z.string()).default([]),
  })),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

interface NumberedLine {
  id: string;
  fileIndex: number;
  page: number;
  line: number;
  text: string;
  box?: [number, number, number, number];
  confidence: number;
}

/** Numbers every line of the case: f<file> p<page> l<line>, all 1-based. */
export function numberLines(docs: DocumentText[]): NumberedLine[] {
  const out: NumberedLine[] = [];
  docs.forEach((doc, fi) => {
    for (const page of doc.pages) {
      page.lines.forEach((l, li) => {
        out.push({
          id: `f${fi + 1} p${page.page} l${li + 1}`,
          fileIndex: fi,
          page: page.page,
          line: li + 1,
          text: l.text,
          box: l.box,
          confidence: l.confidence,
        });
      });
    }
  });
  return out;
}

const EMPTY_ANSWER = /^(未知|无|不详|null|none|n\/a|na|-|—|未提及|未找到)$/i;

function squash(s: string): string {
  return compactText(toHalfWidth(s)).replace(/[\s|，,。；;：:（）()]/g, "");
}

/** Whether the value (or its normalised form) is in the cited lines. */
export function valueInLines(value: string, normalized: string, cited: string[]): boolean {
  const text = squash(cited.join(""));
  if (!text) return false;
  if (text.includes(squash(value))) return true;
  const digits = text.replace(/,/g, "");
  return normalized.length >= 2 && (text.includes(normalized) || digits.includes(normalized));
}

/** Asks the model for the fields and checks each answer against the lines it cites. */
export async function extractWithModel(
  llm: LlmClient,
  input: { docs: DocumentText[]; facts: DocFacts[]; plans: FieldPlan[]; signal?: AbortSignal },
): Promise<FileCandidates> {
  const lines = numberLines(input.docs).slice(0, MAX_LINES);
  const byId = new Map(lines.map((l) => [l.id.replace(/\s+/g, " "), l]));
  const fieldList = input.plans.map((p) => `- ${p.key}：${p.label}${p.prompt ? `（${p.prompt}）` : ""}`).join(
    "\n",
  );
  const kinds = input.facts.map((f, i) => `f${i + 1} = ${f.fileName}（${f.kind}）`).join("\n");
  const system = "你是法律文书信息抽取助手。只能从给出的文本行中抽取，不得推测或编造。" +
    "每个字段给出原文中的值和它所在行的编号；原文没有的字段 value 为 null。只输出 JSON。";
  const user = `文件：\n${kinds}\n\n字段：\n${fieldList}\n\n文本行（[文件 页 行] 内容）：\n` +
    lines.map((l) => `[${l.id}] ${l.text}`).join("\n") +
    `\n\n按如下格式输出：{"fields":[{"key":"字段key","value":"原文中的值或null","lines":["f1 p1 l3"]}]}`;
  const answer = await llm.chatJson(
    [{ role: "system", content: system }, { role: "user", content: user }],
    modelAnswerSchema,
    { timeoutMs: 90_000, temperature: 0, signal: input.signal },
  );
  const out: FileCandidates = {};
  const plansByKey = new Map(input.plans.map((p) => [p.key, p]));
  for (const f of answer.fields) {
    const plan = plansByKey.get(f.key);
    if (!plan || f.value === null) continue;
    const raw = String(f.value).trim();
    if (!raw || EMPTY_ANSWER.test(raw)) continue;
    const norm = normalizeByType(plan, raw) ?? { value: raw, normalized: raw.replace(/\s/g, "") };
    const cited = f.lines.map((id) => byId.get(id.replace(/[\[\]]/g, "").trim().replace(/\s+/g, " "))).filter(
      (
        l,
      ): l is NumberedLine => !!l,
    );
    const verified = cited.length > 0 && valueInLines(raw, norm.normalized, cited.map((l) => l.text));
    const first = cited[0];
    const fileIndex = first?.fileIndex ?? 0;
    // The cited lines of the first one's page, marked together on its image.
    const boxes = cited.flatMap((l) =>
      l.box && l.fileIndex === fileIndex && l.page === first?.page ? [l.box] : []
    );
    const facts = input.facts[fileIndex];
    const candidate: FieldCandidate = {
      value: norm.value,
      normalized: norm.normalized,
      source: {
        fileName: input.docs[fileIndex]?.fileName ?? "",
        page: first?.page ?? 1,
        line: first?.line ?? 1,
        snippet: cited.map((l) => l.text).join("\n"),
        ...(boxes.length ? { box: unionBox(boxes) } : {}),
        ...(boxes.length > 1 ? { boxes } : {}),
      },
      method: "model",
      confidence: verified ? Math.round((first?.confidence ?? 1) * 0.8 * 1000) / 1000 : 0.2,
      docKind: facts?.kind,
      rank: facts?.rank,
    };
    if (!verified) {
      candidate.unverified = true;
      candidate.checks = [UNVERIFIED_CHECK];
    }
    (out[f.key] ??= []).push(candidate);
  }
  return out;
}
