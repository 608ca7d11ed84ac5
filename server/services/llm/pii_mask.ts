import type { StreamRewriter, TextRewriter } from "./sensitive_filter.ts";

/**
 * Masking of personal numbers before text leaves for a model (issue #10 §3, beyond the spec, on by
 * default: common/constants.ts AI_MASK_PERSONAL_DATA). ID numbers, bank card numbers, mobile and
 * landline numbers become placeholders such as 〔身份证1〕; the same number keeps the same placeholder
 * within one call, and the answer gets the numbers back (also when a placeholder is split across
 * streamed chunks). A model that writes 【身份证1】 or [身份证1] is understood too.
 */

interface Pattern {
  label: string;
  re: RegExp;
}

// Order matters: an 18-digit ID is taken before the 16-19 digit card rule can see it.
const PATTERNS: Pattern[] = [
  {
    label: "身份证",
    re:
      /(?<![0-9A-Za-z])[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![0-9A-Za-z])/g,
  },
  { label: "银行卡", re: /(?<![0-9A-Za-z])(?:\d{4}[ -]){3,4}\d{1,7}(?![0-9A-Za-z])/g },
  { label: "银行卡", re: /(?<![0-9A-Za-z])\d{16,19}(?![0-9A-Za-z])/g },
  { label: "手机号", re: /(?<!\d)(?:(?:\+|＋)?86[- ]?)?1[3-9]\d[ -]?\d{4}[ -]?\d{4}(?!\d)/g },
  { label: "电话", re: /(?<!\d)0\d{2,3}-\d{7,8}(?!\d)/g },
];

const PLACEHOLDER = /[〔【\[](身份证|银行卡|手机号|电话)(\d{1,4})[〕】\]]/g;
/** Longest placeholder text, to bound how much a stream holds back. */
const MAX_PLACEHOLDER = 10;

export interface MaskSession {
  /** Replaces personal numbers in `text` by placeholders, remembering them. */
  mask(text: string): string;
  /** Puts the remembered numbers back into an answer (whole or streamed). */
  readonly restorer: TextRewriter;
  /** How many distinct numbers were masked. */
  readonly size: number;
}

function digitsOf(value: string): string {
  return value.replace(/[^0-9Xx]/g, "").toUpperCase();
}

function cardDigitsOk(value: string): boolean {
  const n = digitsOf(value).length;
  return n >= 16 && n <= 19;
}

/** A fresh masking session for one model call (or one conversation turn). */
export function createMaskSession(): MaskSession {
  const byDigits = new Map<string, string>(); // label + digits -> placeholder
  const byPlaceholder = new Map<string, string>(); // "身份证1" -> original text
  const counters = new Map<string, number>();

  function placeholderFor(label: string, original: string): string {
    const key = `${label}:${digitsOf(original)}`;
    const known = byDigits.get(key);
    if (known) return known;
    const n = (counters.get(label) ?? 0) + 1;
    counters.set(label, n);
    const name = `${label}${n}`;
    byDigits.set(key, `〔${name}〕`);
    byPlaceholder.set(name, original);
    return `〔${name}〕`;
  }

  function mask(text: string): string {
    let out = text;
    for (const p of PATTERNS) {
      out = out.replace(p.re, (m) => {
        if (p.label === "银行卡" && !cardDigitsOk(m)) return m;
        return placeholderFor(p.label, m);
      });
    }
    return out;
  }

  function restore(text: string): string {
    return text.replace(PLACEHOLDER, (m, label: string, n: string) => byPlaceholder.get(`${label}${n}`) ?? m);
  }

  function stream(): StreamRewriter {
    let pending = "";
    return {
      push(piece) {
        const text = pending + piece;
        // Hold back an opening bracket near the end that is not closed yet.
        const open = Math.max(text.lastIndexOf("〔"), text.lastIndexOf("【"), text.lastIndexOf("["));
        if (open >= 0 && text.length - open < MAX_PLACEHOLDER && !/[〕】\]]/.test(text.slice(open))) {
          pending = text.slice(open);
          return restore(text.slice(0, open));
        }
        pending = "";
        return restore(text);
      },
      flush() {
        const rest = restore(pending);
        pending = "";
        return rest;
      },
    };
  }

  return {
    mask,
    restorer: { apply: restore, stream },
    get size() {
      return byPlaceholder.size;
    },
  };
}
