/**
 * The sensitive-word filter (part 3: "replaces listed words with configured replies"): every listed
 * word, matched case-insensitively, leftmost and longest first, becomes its replacement. Used on
 * everything sent to the model and everything shown from it; the streaming form holds back only a
 * tail that could still grow into a word, so a word split across chunks is caught too.
 */
export interface WordRule {
  word: string;
  replacement: string;
}

export interface TextRewriter {
  /** Rewrites a whole text. */
  apply(text: string): string;
  /** A fresh stream state: push pieces, then flush the held-back tail at the end. */
  stream(): StreamRewriter;
}

export interface StreamRewriter {
  push(piece: string): string;
  flush(): string;
}

/** A rewriter that changes nothing (filter off, or no words). */
export const IDENTITY_REWRITER: TextRewriter = {
  apply: (text) => text,
  stream: () => ({ push: (piece) => piece, flush: () => "" }),
};

/** Builds the filter for a word list (empty words are ignored). */
export function createWordFilter(rules: WordRule[]): TextRewriter {
  const words = rules
    .filter((r) => r.word.length > 0)
    .map((r) => ({ lower: r.word.toLowerCase(), replacement: r.replacement }))
    // Longest first, so 赌博网站 wins over 赌博 at the same position.
    .sort((a, b) => b.lower.length - a.lower.length);
  if (words.length === 0) return IDENTITY_REWRITER;
  const byFirst = new Map<string, typeof words>();
  for (const w of words) {
    const first = w.lower[0];
    byFirst.set(first, [...(byFirst.get(first) ?? []), w]);
  }

  /** Rewrites `text`; when `final` is false, stops before a tail that is the start of a word. */
  function rewrite(text: string, final: boolean): { out: string; rest: string } {
    const lower = text.toLowerCase();
    // toLowerCase keeps UTF-16 length for the scripts we meet; fall back to exact matching if not.
    const hay = lower.length === text.length ? lower : text;
    let out = "";
    let i = 0;
    outer: while (i < text.length) {
      const candidates = byFirst.get(hay[i]);
      if (candidates) {
        if (!final) {
          // Hold back a tail that a longer word may still complete (also when a shorter word matches).
          const tail = hay.slice(i);
          if (candidates.some((w) => w.lower.length > tail.length && w.lower.startsWith(tail))) {
            return { out, rest: text.slice(i) };
          }
        }
        for (const w of candidates) {
          if (hay.startsWith(w.lower, i)) {
            out += w.replacement;
            i += w.lower.length;
            continue outer;
          }
        }
      }
      out += text[i];
      i++;
    }
    return { out, rest: "" };
  }

  return {
    apply: (text) => rewrite(text, true).out,
    stream() {
      let pending = "";
      return {
        push(piece) {
          const { out, rest } = rewrite(pending + piece, false);
          pending = rest;
          return out;
        },
        flush() {
          const { out } = rewrite(pending, true);
          pending = "";
          return out;
        },
      };
    },
  };
}

/** Chains rewriters: the output of the first goes into the second. */
export function chainRewriters(first: TextRewriter, second: TextRewriter): TextRewriter {
  return {
    apply: (text) => second.apply(first.apply(text)),
    stream() {
      const a = first.stream();
      const b = second.stream();
      return {
        push: (piece) => b.push(a.push(piece)),
        flush: () => {
          const fromA = b.push(a.flush());
          return fromA + b.flush();
        },
      };
    },
  };
}
