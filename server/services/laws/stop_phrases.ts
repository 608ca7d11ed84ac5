/** Question words (怎么办, 请问) from synonyms.json's stopPhrases: they say nothing about the answer. */
import synonymData from "./synonyms.json" with { type: "json" };

const STOP_PHRASES = [...synonymData.stopPhrases].sort((a, b) => b.length - a.length);

/** The text with every stop phrase replaced by a space (longest first). */
export function stripStopPhrases(text: string): string {
  let s = text;
  for (const p of STOP_PHRASES) s = s.split(p).join(" ");
  return s;
}
