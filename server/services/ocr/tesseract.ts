import { AppError } from "../../errors.ts";
import { mergeIntoRows, type Segment } from "../doc_text/layout.ts";
import { runTool } from "../doc_text/run_tool.ts";
import type { LineBox } from "../doc_text/types.ts";
import type { OcrLine } from "./ocr_engine.ts";

/**
 * Tesseract 5 `chi_sim`, the fallback engine (OCR-NOTES.md): psm 3 with Sauvola thresholding
 * (`-c thresholding_method=2`), one OpenMP thread (two threads collapse under load), TSV out for boxes and
 * confidences. One CLI call per page, the PNG on stdin.
 */

export async function isTesseractAvailable(): Promise<boolean> {
  try {
    const out = await runTool("tesseract", ["--list-langs"], { timeoutMs: 10_000 });
    return out.code === 0 && /^chi_sim$/m.test(new TextDecoder().decode(out.stdout));
  } catch {
    return false;
  }
}

export async function recognizeWithTesseract(
  png: Uint8Array,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<OcrLine[]> {
  let out;
  try {
    out = await runTool(
      "tesseract",
      ["stdin", "stdout", "-l", "chi_sim", "--psm", "3", "-c", "thresholding_method=2", "tsv"],
      { ...options, stdin: png, env: { OMP_THREAD_LIMIT: "1" } },
    );
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) {
      throw new AppError("OCR_ENGINE_FAILED", { reason: "未安装Tesseract" });
    }
    throw err;
  }
  if (out.code !== 0) throw new AppError("OCR_ENGINE_FAILED", { reason: "Tesseract无法读取该页图片" });
  return parseTesseractTsv(new TextDecoder().decode(out.stdout));
}

/** Words of the TSV grouped into Tesseract's lines, then into visual rows. */
export function parseTesseractTsv(tsv: string): OcrLine[] {
  const lines = new Map<string, { words: string[]; box: LineBox; conf: number[] }>();
  for (const row of tsv.split("\n").slice(1)) {
    const c = row.split("\t");
    if (c.length < 12 || c[0] !== "5") continue;
    const text = c.slice(11).join("\t").trim();
    const conf = Number(c[10]);
    if (!text || conf < 0) continue;
    const [left, top, width, height] = [c[6], c[7], c[8], c[9]].map(Number);
    const key = `${c[1]}/${c[2]}/${c[3]}/${c[4]}`;
    const line = lines.get(key);
    const box: LineBox = [left, top, left + width, top + height];
    if (!line) lines.set(key, { words: [text], box, conf: [conf] });
    else {
      line.words.push(text);
      line.conf.push(conf);
      line.box = [
        Math.min(line.box[0], box[0]),
        Math.min(line.box[1], box[1]),
        Math.max(line.box[2], box[2]),
        Math.max(line.box[3], box[3]),
      ];
    }
  }
  const segments: Segment[] = [...lines.values()].map((l) => ({
    text: joinWords(l.words),
    box: l.box,
    confidence: l.conf.reduce((a, b) => a + b, 0) / l.conf.length / 100,
  }));
  return mergeIntoRows(segments);
}

/** Tesseract cuts Chinese into one "word" per few characters: join CJK neighbours without a space. */
function joinWords(words: string[]): string {
  let text = words[0] ?? "";
  const cjk = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/u;
  for (const w of words.slice(1)) {
    text += cjk.test(text.at(-1) ?? "") || cjk.test(w[0]) ? w : ` ${w}`;
  }
  return text;
}
