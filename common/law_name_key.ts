/**
 * The one comparable key of a law's name, shared by the law library's title index (server/kv/laws.ts)
 * and the services that look laws up by name (server/services/laws/law_names.ts and the rest).
 */

/** The ordinals of numbered interpretations (解释（一）…（十）). */
export const LAW_ORDINALS = "一二三四五六七八九十";

/** One comparable key for a law's name: NFKC, no quotes or brackets, no 中华人民共和国 / 最高人民法院关于, 司法解释 -> 解释, （一） -> 一. */
export function normalizeLawName(name: string): string {
  let s = name.normalize("NFKC").replace(/[\s\u3000\u200b]/g, "");
  s = s.replace(/\(\d{4}-\d{2}-\d{2}\)$/, "");
  s = s.replace(/[《》〈〉<>"“”'‘’「」『』]/g, "");
  s = s.replace(/中华人民共和国/g, "");
  s = s.replace(/^最高人民法院/, "").replace(/^关于/, "");
  s = s.replace(/司法解释/g, "解释");
  s = s.replace(new RegExp(`\\(([${LAW_ORDINALS}]+)\\)`, "g"), "$1");
  return s;
}
