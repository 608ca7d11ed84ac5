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

/** Characters per pinyin-pro call of a stepwise build (a few milliseconds each). */
const CHARS_PER_STEP = 50;

/** Syllable -> the characters of `chars` whose usual reading it is. */
export function homophoneTable(chars: readonly string[]): Map<string, string[]> {
  const steps = homophoneTableSteps(chars);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * homophoneTable() in steps (a yield between slices of CHARS_PER_STEP characters), so a server can build
 * it at library load without holding its thread; the table is cached for homophoneTable() as well.
 */
export function* homophoneTableSteps(chars: readonly string[]): Generator<void, Map<string, string[]>> {
  const cached = tables.get(chars);
  if (cached) return cached;
  // pinyin-pro sets itself up on its first call (~0.1-0.2 s): a step of its own.
  pinyin("法", { toneType: "none", type: "array" });
  yield;
  const table = new Map<string, string[]>();
  const add = (r: string, ch: string) => {
    const list = table.get(r) ?? [];
    list.push(ch);
    table.set(r, list);
  };
  for (let at = 0; at < chars.length; at += CHARS_PER_STEP) {
    const slice = chars.slice(at, at + CHARS_PER_STEP);
    // Space-separated so each character gets its own reading, not one chosen from a neighbouring word.
    const readings = pinyin(slice.join(" "), { toneType: "none", type: "array" }).filter((r) => r !== " ");
    if (readings.length === slice.length) {
      slice.forEach((ch, i) => {
        if (/^[a-zü]+$/.test(readings[i])) add(readings[i], ch);
      });
    } else {
      for (const ch of slice) for (const r of readingsOf(ch)) add(r, ch);
    }
    yield;
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

const readingCache = new Map<string, string[]>();

/** Every reading of a character with its tone as a digit (hun1), cached (queries repeat characters). */
function tonedReadings(ch: string): string[] {
  let r = readingCache.get(ch);
  if (!r) {
    r = pinyin(ch, { toneType: "num", multiple: true, type: "array" }).filter((x) =>
      /^[a-zü]+[0-5]?$/.test(x)
    );
    if (readingCache.size < 20000) readingCache.set(ch, r);
  }
  return r;
}

const toneless = (s: string) => s.replace(/[0-5]/g, "");

/** Two characters share a reading: with the same tone when `toned`, else any tone (every polyphone reading). */
export function soundsAlike(a: string, b: string, toned: boolean): boolean {
  const ra = tonedReadings(a);
  const rb = new Set(tonedReadings(b).map((r) => toned ? r : toneless(r)));
  return ra.some((r) => rb.has(toned ? r : toneless(r)));
}

/**
 * Known words heard in a text: for each word of `vocabulary` (2-4 Han characters), the spans of the
 * text that sound the same but are written differently: 高利代 -> 高利贷, 终断 -> 中断, 使用期 -> 试用期.
 * Two characters must match with their tones (else 买房 would be heard as 卖房, 打伤 as 打赏); three or
 * four may differ in tone. Every reading of a typed polyphone counts (遗属 -> 遗嘱). Returns
 * [span as typed, word].
 */
export class SoundIndex {
  #bySound = new Map<string, string[]>();

  constructor(vocabulary: Iterable<string>) {
    for (const w of vocabulary) {
      if (w.length < 2 || w.length > 4 || !/^[\u3400-\u9fff]+$/.test(w)) continue;
      const toned = pinyin(w, { toneType: "num", type: "array" }).join(" ");
      const sound = w.length === 2 ? toned : toneless(toned);
      const list = this.#bySound.get(sound) ?? [];
      list.push(w);
      this.#bySound.set(sound, list);
    }
  }

  heard(text: string): [string, string][] {
    const out: [string, string][] = [];
    for (const m of text.matchAll(/[\u3400-\u9fff]{2,}/g)) {
      const run = m[0];
      const readings = [...run].map(tonedReadings);
      for (let len = 2; len <= 4; len++) {
        for (let i = 0; i + len <= run.length; i++) {
          const span = run.slice(i, i + len);
          let sounds = [""];
          for (let k = i; k < i + len && sounds.length <= 16; k++) {
            const rs = readings[k].length ? readings[k] : [run[k]];
            sounds = sounds.flatMap((s) => rs.map((r) => s ? `${s} ${r}` : r));
          }
          for (const sound of new Set(len === 2 ? sounds : sounds.map(toneless))) {
            for (const w of this.#bySound.get(sound) ?? []) {
              if (w !== span && !out.some((o) => o[1] === w)) out.push([span, w]);
            }
          }
        }
      }
    }
    return out;
  }
}
