/**
 * THE way a pattern a user typed is run (custom OCR file-name rules, part 4 §5): with RE2 (the
 * pure-JavaScript `re2js`), whose matching time grows linearly with the text whatever the pattern,
 * never with the backtracking engine of `RegExp`, where `a{0,40}a{0,40}a{0,40}a{0,40}!` on a
 * 120-character name blocks the server for seconds. The spec writes patterns in JavaScript syntax
 * (`new RegExp(pattern).test(fileName)`, no flags); this module translates that syntax to RE2's
 * with the same meaning, and refuses, in Chinese, what RE2 cannot run: back-references and
 * look-around. The rule editor (save time) and the runs (use time) both go through it.
 */
import { RE2JS } from "re2js";

/** A pattern is at most this many characters (part 4 §5's editor field). */
export const USER_PATTERN_MAX = 255;

/** A compiled user pattern: `test` finds it anywhere in the text (RegExp.prototype.test semantics). */
export interface UserPattern {
  readonly source: string;
  test(text: string): boolean;
}

export type CompiledUserPattern = { ok: true; pattern: UserPattern } | { ok: false; problem: string };

/** JavaScript's \s: the white space and line terminators of ECMA-262, as an RE2 class body. */
const JS_SPACE = "\\t\\n\\v\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}" +
  "\\x{3000}\\x{feff}";
/** JavaScript's `.` without the s flag: anything but a line terminator. */
const JS_DOT = "[^\\n\\r\\x{2028}\\x{2029}]";

class Refused extends Error {}

function isHex(s: string): boolean {
  return /^[0-9a-fA-F]+$/.test(s);
}

/**
 * The RE2 form of a JavaScript pattern (no flags: not unicode mode, so an unknown letter escape
 * such as `\A` or `\Q` is the letter itself). Throws Refused for back-references and look-around.
 */
function translate(source: string): string {
  const backRef = `匹配规则“${source}”不支持反向引用（如 \\1、\\k<名称>）`;
  const lookAround = `匹配规则“${source}”不支持前瞻或后顾断言（?=、?!、?<=、?<!）`;
  let out = "";
  let inClass = false;
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === "\\") {
      const n = source[i + 1] ?? "";
      i += 2;
      if (/[1-9]/.test(n) || (n === "k" && source[i] === "<")) throw new Refused(backRef);
      if ("dDwWnrtfv".includes(n)) out += `\\${n}`;
      else if (n === "s") out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      else if (n === "S") out += inClass ? "\\S" : `[^${JS_SPACE}]`;
      else if (n === "b" || n === "B") out += inClass ? (n === "b" ? "\\x{8}" : "B") : `\\${n}`;
      else if (n === "0" && !/[0-9]/.test(source[i] ?? "")) out += "\\x{0}";
      else if (n === "0") throw new Refused(backRef); // legacy octal \012 reads like a back-reference
      else if (n === "c" && /[A-Za-z]/.test(source[i] ?? "")) {
        out += `\\x{${(source.charCodeAt(i) % 32).toString(16)}}`;
        i += 1;
      } else if (n === "x" && isHex(source.slice(i, i + 2)) && source.slice(i, i + 2).length === 2) {
        out += `\\x{${source.slice(i, i + 2)}}`;
        i += 2;
      } else if (n === "u" && source.slice(i, i + 4).length === 4 && isHex(source.slice(i, i + 4))) {
        let code = parseInt(source.slice(i, i + 4), 16);
        i += 4;
        const low = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(source.slice(i));
        if (code >= 0xd800 && code < 0xdc00 && low) {
          code = 0x10000 + ((code - 0xd800) << 10) + (parseInt(low[1], 16) - 0xdc00);
          i += 6;
        }
        out += `\\x{${code.toString(16)}}`;
      } else if (/[A-Za-z]/.test(n)) out += n; // an identity escape: the letter itself
      else if (/[\x21-\x7e]/.test(n)) out += `\\${n}`; // escaped punctuation stays escaped
      else if (n !== "") {
        const cp = source.codePointAt(i - 1)!;
        const char = String.fromCodePoint(cp);
        i += char.length - 1;
        out += char;
      }
      continue;
    }
    if (inClass) {
      if (ch === "]") inClass = false;
      out += ch === "[" ? "\\[" : ch; // `[` inside a class is a plain character in JavaScript
      i++;
      continue;
    }
    if (source.startsWith("[^]", i)) {
      out += "(?s:.)";
      i += 3;
    } else if (source.startsWith("[]", i)) {
      out += "[^\\x{0}-\\x{10ffff}]"; // JavaScript's empty class matches nothing
      i += 2;
    } else if (ch === "[") {
      inClass = true;
      out += "[";
      i++;
      if (source[i] === "^") {
        out += "^";
        i++;
      }
    } else if (ch === "(" && source[i + 1] === "?") {
      const kind = source.slice(i + 2, i + 4);
      if (kind[0] === "=" || kind[0] === "!" || kind === "<=" || kind === "<!") throw new Refused(lookAround);
      if (kind[0] === "<") {
        out += "(?P<";
        i += 3;
      } else {
        out += "(?";
        i += 2;
      }
    } else if (ch === ".") {
      out += JS_DOT;
      i++;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/**
 * The most a pattern may expand to (each atom counted once per repetition, `x{0,50}` as 50 atoms).
 * RE2 expands counted repeats into its program, and its time per name grows with the program: at
 * 1000, `.{0,1000}` written 28 times took 2.6 s to compile and `[\s\S]{99}` ten times 95 ms per name;
 * at 512 the worst we found (`[\s\S]{51}` ten times) is about 10 ms per 255-character name and 60 ms
 * to compile. Real rules weigh a few dozen; the a{0,60}×5! weighs 301.
 */
export const USER_PATTERN_MAX_WEIGHT = 512;
/** The most all patterns of one rule may weigh together: a name is tested against each of them. */
export const USER_PATTERNS_MAX_TOTAL_WEIGHT = 1024;

/**
 * An upper bound of the size RE2's program has for this pattern: atoms counted once, a counted
 * repeat multiplying what it repeats by its largest count, alternatives added up.
 */
export function userPatternWeight(source: string): number {
  const frames: number[] = [0];
  let last = 0; // weight of the atom a quantifier would repeat
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === "\\") {
      i += 2;
      last = 1;
      frames[frames.length - 1] += 1;
      continue;
    }
    if (ch === "[") {
      for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++;
      i++;
      last = 1;
      frames[frames.length - 1] += 1;
      continue;
    }
    if (ch === "(") {
      frames.push(0);
      i++;
      last = 0;
      continue;
    }
    if (ch === ")") {
      last = Math.max(1, frames.pop() ?? 0);
      if (frames.length === 0) frames.push(0);
      frames[frames.length - 1] += last;
      i++;
      continue;
    }
    const brace = ch === "{" ? /^\{(\d+)(?:,(\d*))?\}/.exec(source.slice(i)) : null;
    if (brace) {
      const most = brace[2] === undefined
        ? Number(brace[1])
        : brace[2] === ""
        ? Number(brace[1]) + 1
        : Number(brace[2]);
      frames[frames.length - 1] += last * Math.max(0, most - 1);
      last = last * Math.max(1, most);
      i += brace[0].length;
      continue;
    }
    if (ch === "|" || ch === "*" || ch === "+" || ch === "?" || ch === "^" || ch === "$") {
      i++;
      continue;
    }
    last = 1;
    frames[frames.length - 1] += 1;
    i++;
  }
  return frames.reduce((a, b) => a + b, 0);
}

/** Compiled patterns by source: a run tests every file name against the same few patterns. */
const CACHE = new Map<string, CompiledUserPattern>();
const CACHE_MAX = 500;

function compileUncached(source: string): CompiledUserPattern {
  if (source.trim() === "") return { ok: false, problem: "存在空的匹配规则" };
  if (source.length > USER_PATTERN_MAX) {
    return { ok: false, problem: `匹配规则不能超过${USER_PATTERN_MAX}个字符` };
  }
  try {
    // Syntax only: the pattern is compiled by JavaScript to check it is valid, never run by it.
    new RegExp(source);
  } catch {
    return { ok: false, problem: `匹配规则“${source}”不是有效的正则表达式` };
  }
  if (userPatternWeight(source) > USER_PATTERN_MAX_WEIGHT) {
    return { ok: false, problem: `匹配规则“${source}”的重复次数过大，请简化` };
  }
  let re2: RE2JS;
  try {
    re2 = RE2JS.compile(translate(source));
  } catch (err) {
    if (err instanceof Refused) return { ok: false, problem: err.message };
    return { ok: false, problem: `匹配规则“${source}”使用了不支持的写法（或重复次数过大），请简化` };
  }
  return { ok: true, pattern: { source, test: (text: string) => re2.test(text) } };
}

/**
 * A user's pattern compiled for linear-time matching, or the Chinese reason it is refused: empty,
 * longer than USER_PATTERN_MAX, not a valid JavaScript pattern, a back-reference, look-around, or
 * beyond RE2 (a repeat count over 1000, nested repeats that would make the program too large).
 */
export function compileUserPattern(source: string): CompiledUserPattern {
  let compiled = CACHE.get(source);
  if (!compiled) {
    compiled = compileUncached(source);
    if (CACHE.size >= CACHE_MAX) CACHE.clear();
    CACHE.set(source, compiled);
  }
  return compiled;
}

/** Why a user's pattern is refused (Chinese), or null when it can be run. */
export function userPatternProblem(source: string): string | null {
  const compiled = compileUserPattern(source);
  return compiled.ok ? null : compiled.problem;
}

/** Why a set of patterns tested together (one rule's) is refused, or null: each one, then their total. */
export function userPatternsProblem(sources: readonly string[]): string | null {
  for (const source of sources) {
    const problem = userPatternProblem(source);
    if (problem) return problem;
  }
  const total = sources.reduce((sum, source) => sum + userPatternWeight(source), 0);
  return total > USER_PATTERNS_MAX_TOTAL_WEIGHT ? "匹配规则的重复次数合计过大，请减少或简化匹配规则" : null;
}
