/**
 * Reading a model's JSON answer (AI-NOTES.md): models wrap JSON in ```json fences, put reasoning in
 * <think> blocks, add a sentence before it, or (DeepSeek's JSON mode) return nothing. Missing values
 * come back as 未知 / 无 / N/A: those become "".
 */

/** Strings that mean "no value"; compared after trimming, case-insensitively. */
const EMPTY_WORDS = new Set([
  "未知",
  "无",
  "n/a",
  "na",
  "none",
  "null",
  "不详",
  "暂无",
  "未提及",
  "未提供",
  "-",
  "—",
  "/",
]);

/** Removes reasoning the model put into the content (<think>…</think>). */
export function stripReasoning(text: string): string {
  return text.replace(/<think>[\s\S]*?<\/think>/gi, "").replace(/^[\s\S]*<\/think>/i, "");
}

export type JsonRead = { ok: true; value: unknown } | { ok: false; problem: string };

/** Finds and parses the JSON value in a model's answer. */
export function readJsonAnswer(raw: string): JsonRead {
  const text = stripReasoning(raw).trim();
  if (text === "") return { ok: false, problem: "是空的" };
  const fenced = text.match(/```(?:json)?\s*([\s\S]*?)```/i);
  const body = fenced ? fenced[1].trim() : text;
  const attempts = [body];
  const start = body.search(/[{[]/);
  if (start > 0 || (start === 0 && !/[}\]]$/.test(body))) {
    const open = body[start];
    const end = body.lastIndexOf(open === "{" ? "}" : "]");
    if (end > start) attempts.push(body.slice(start, end + 1));
  }
  for (const candidate of attempts) {
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch {
      // try the next candidate
    }
  }
  return { ok: false, problem: "不是有效的JSON" };
}

/** Replaces "no value" words by "" and applies `mapString` to every other string, recursively. */
export function normaliseJsonStrings(value: unknown, mapString: (s: string) => string = (s) => s): unknown {
  if (typeof value === "string") {
    return EMPTY_WORDS.has(value.trim().toLowerCase()) ? "" : mapString(value);
  }
  if (Array.isArray(value)) return value.map((v) => normaliseJsonStrings(v, mapString));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map((
        [k, v],
      ) => [k, normaliseJsonStrings(v, mapString)]),
    );
  }
  return value;
}
