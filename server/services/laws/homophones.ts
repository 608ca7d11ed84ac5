/**
 * Homophones for typo correction in law search: users type a character that sounds like the right
 * one (离昏 for 离婚, 赔尝 for 赔偿, 遗属 for 遗嘱). The table maps each toneless Pinyin syllable to the
 * corpus characters read that way; it is built once per character list, on first use (one pinyin-pro
 * call over the whole list, ~0.1-0.3 s for the national corpus), so start-up does not pay for it.
 */
import { pinyin } from "pinyin-pro";

/** Toneless readings of one character, every reading of a polyphone (属: shu, zhu). */
export function readingsOf(ch: string): string[] {
  const out = pinyin(ch, { toneType: "none", multiple: true, type: "array" });
  return out.filter((r) => /^[a-zü]+$/.test(r));
}

const tables = new WeakMap<readonly string[], Map<string, string[]>>();

/** Syllable -> the characters of `chars` whose usual reading it is. */
export function homophoneTable(chars: readonly string[]): Map<string, string[]> {
  let table = tables.get(chars);
  if (table) return table;
  table = new Map();
  // Space-separated so each character gets its own reading, not one chosen from a neighbouring word.
  const readings = pinyin(chars.join(" "), { toneType: "none", type: "array" }).filter((r) => r !== " ");
  if (readings.length === chars.length) {
    chars.forEach((ch, i) => {
      const r = readings[i];
      if (!/^[a-zü]+$/.test(r)) return;
      const list = table!.get(r) ?? [];
      list.push(ch);
      table!.set(r, list);
    });
  } else {
    for (const ch of chars) {
      for (const r of readingsOf(ch)) {
        const list = table.get(r) ?? [];
        list.push(ch);
        table.set(r, list);
      }
    }
  }
  tables.set(chars, table);
  return table;
}

/** Characters of `chars` that sound like `ch` (any of its readings, tone ignored), `ch` itself excluded. */
export function homophonesOf(chars: readonly string[], ch: string): string[] {
  const table = homophoneTable(chars);
  const out = new Set<string>();
  for (const r of readingsOf(ch)) for (const c of table.get(r) ?? []) if (c !== ch) out.add(c);
  return [...out];
}
