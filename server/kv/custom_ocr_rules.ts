/**
 * Custom OCR rules (part 4 §3), each user's own.
 *
 * Keys:  ["custom_ocr_rules", userId, id] -> CustomRuleRecord   (ids sort by creation time)
 */
import { newId } from "./ids.ts";

export interface RuleField {
  id: string;
  key: string;
  label: string;
  prompt: string;
}

export interface CustomRuleRecord {
  id: string;
  userId: number;
  ruleName: string;
  description: string;
  patterns: { id: string; pattern: string; fields: RuleField[] }[];
  globalFields: RuleField[];
  createdAt: number;
  updatedAt: number;
}

const PREFIX = "custom_ocr_rules";

export function newRuleId(now: number): string {
  return newId(now);
}

function key(userId: number, id: string): Deno.KvKey {
  return [PREFIX, userId, id];
}

export async function saveRule(kv: Deno.Kv, rule: CustomRuleRecord): Promise<void> {
  await kv.set(key(rule.userId, rule.id), rule);
}

/** One of the user's rules, or null (another user's id finds nothing). */
export async function getRule(kv: Deno.Kv, userId: number, id: string): Promise<CustomRuleRecord | null> {
  if (!/^[0-9a-f]{20}$/.test(id)) return null;
  return (await kv.get<CustomRuleRecord>(key(userId, id))).value;
}

/** The user's rules, newest first. */
export async function listRules(kv: Deno.Kv, userId: number): Promise<CustomRuleRecord[]> {
  const out: CustomRuleRecord[] = [];
  for await (const e of kv.list<CustomRuleRecord>({ prefix: [PREFIX, userId] }, { reverse: true })) {
    out.push(e.value);
  }
  return out;
}

export async function deleteRule(kv: Deno.Kv, rule: Pick<CustomRuleRecord, "userId" | "id">): Promise<void> {
  await kv.delete(key(rule.userId, rule.id));
}
