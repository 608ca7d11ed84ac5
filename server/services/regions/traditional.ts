/**
 * Traditional characters in an address (廣東省深圳市南山區) become simplified ones, character by character,
 * from traditional_table.json: OpenCC's traditional → mainland table without the characters official
 * division and town names use (traditional_table_build.ts builds it; 乾安县 must not become 干安县).
 * A data file rather than opencc-js at run time: the matcher also starts in every case-split worker.
 */
import table from "./traditional_table.json" with { type: "json" };

const TABLE = new Map<string, string>();
for (let i = 0; i < table.traditional.length; i++) TABLE.set(table.traditional[i], table.simplified[i]);
const TRADITIONAL = new RegExp(`[${table.traditional}]`);
const TRADITIONAL_ALL = new RegExp(`[${table.traditional}]`, "g");

/** The text with traditional Han characters simplified (everything else unchanged). */
export function toSimplified(text: string): string {
  return TRADITIONAL.test(text) ? text.replace(TRADITIONAL_ALL, (ch) => TABLE.get(ch)!) : text;
}
