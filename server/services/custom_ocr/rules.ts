/**
 * Custom OCR rules: build a record from the editor's body, answer it in the spec's shape, and route
 * file names through a rule's patterns (part 4 §3, §5).
 */
import type { CustomRuleBody, CustomRuleView } from "../../../common/schemas/custom_ocr.ts";
import { compileUserPattern, type UserPattern, userPatternsProblem } from "../../../common/user_pattern.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import {
  type CustomRuleRecord,
  deleteRule,
  getRule,
  newRuleId,
  type RuleField,
  saveRule,
} from "../../kv/custom_ocr_rules.ts";
import type { FieldSpec } from "../../../common/field_spec.ts";
import { deleteRecordEntry, type FolderRecord, listRecords } from "../../kv/custom_ocr_records.ts";
import { userItemPrefix } from "../../blobs/blob_keys.ts";
import { DOC_TEXT_KINDS, hasKind } from "../../../common/document_kinds.ts";

type RuleDeps = Pick<AppDeps, "kv" | "clock" | "blobs">;

function shortId(): string {
  return crypto.randomUUID().replaceAll("-", "").slice(0, 12);
}

function toFields(fields: CustomRuleBody["global_fields"]): RuleField[] {
  return fields.map((f) => ({ id: shortId(), key: f.key, label: f.label, prompt: f.prompt }));
}

/** The stored form of an editor body (new ids for patterns and fields). */
function fromBody(
  body: CustomRuleBody,
): Pick<CustomRuleRecord, "ruleName" | "description" | "patterns" | "globalFields"> {
  return {
    ruleName: body.rule_name,
    description: body.description,
    patterns: body.patterns.map((p) => ({ id: shortId(), pattern: p.pattern, fields: toFields(p.fields) })),
    globalFields: toFields(body.global_fields),
  };
}

export function toRuleView(rule: CustomRuleRecord): CustomRuleView {
  const view = (f: RuleField, patternId: string | null) => ({
    id: f.id,
    pattern_id: patternId,
    field_key: f.key,
    field_label: f.label,
    field_prompt: f.prompt,
  });
  return {
    id: rule.id,
    rule_name: rule.ruleName,
    description: rule.description,
    patterns: rule.patterns.map((p) => ({ id: p.id, file_pattern: p.pattern })),
    fields: [
      ...rule.globalFields.map((f) => view(f, null)),
      ...rule.patterns.flatMap((p) => p.fields.map((f) => view(f, p.id))),
    ],
    created_at: new Date(rule.createdAt).toISOString(),
    updated_at: new Date(rule.updatedAt).toISOString(),
  };
}

export async function createRule(
  deps: RuleDeps,
  userId: number,
  body: CustomRuleBody,
): Promise<CustomRuleRecord> {
  const now = deps.clock.now();
  const rule: CustomRuleRecord = {
    id: newRuleId(now),
    userId,
    ...fromBody(body),
    createdAt: now,
    updatedAt: now,
  };
  await saveRule(deps.kv, rule);
  return rule;
}

/** One of the user's rules; CUSTOM_RULE_NOT_FOUND otherwise. */
export async function requireRule(
  deps: Pick<AppDeps, "kv">,
  userId: number,
  id: string,
): Promise<CustomRuleRecord> {
  const rule = await getRule(deps.kv, userId, id);
  if (!rule) throw new AppError("CUSTOM_RULE_NOT_FOUND");
  return rule;
}

/**
 * requireRule() for a run: also refuses (CUSTOM_RULE_PATTERN_INVALID, before anything is stored or
 * charged) a rule holding a pattern the pattern engine cannot run, e.g. one saved before patterns
 * ran on RE2 (a back-reference or look-around).
 */
export async function requireRunnableRule(
  deps: Pick<AppDeps, "kv">,
  userId: number,
  id: string,
): Promise<CustomRuleRecord> {
  const rule = await requireRule(deps, userId, id);
  rulePatterns(rule);
  return rule;
}

/** A rule's patterns compiled, in order; CUSTOM_RULE_PATTERN_INVALID names the first refused one. */
function rulePatterns(rule: CustomRuleRecord): { id: string; matcher: UserPattern }[] {
  const together = userPatternsProblem(rule.patterns.map((p) => p.pattern));
  if (together) throw new AppError("CUSTOM_RULE_PATTERN_INVALID", { problem: together });
  return rule.patterns.map((p) => {
    const compiled = compileUserPattern(p.pattern);
    if (!compiled.ok) throw new AppError("CUSTOM_RULE_PATTERN_INVALID", { problem: compiled.problem });
    return { id: p.id, matcher: compiled.pattern };
  });
}

export async function updateRule(
  deps: RuleDeps,
  input: { userId: number; id: string; body: CustomRuleBody },
): Promise<CustomRuleRecord> {
  const old = await requireRule(deps, input.userId, input.id);
  const rule: CustomRuleRecord = { ...old, ...fromBody(input.body), updatedAt: deps.clock.now() };
  await saveRule(deps.kv, rule);
  return rule;
}

/** Deletes one folder record with its files (texts, extraction, generated documents, uploads). */
export async function deleteRecordWithFiles(
  deps: Pick<AppDeps, "kv" | "blobs">,
  record: Pick<FolderRecord, "userId" | "id">,
): Promise<void> {
  await deleteRecordEntry(deps.kv, record);
  await deps.blobs.deletePrefix(userItemPrefix(record.userId, "custom_ocr", record.id));
}

/** Deletes a rule, then its records with their files (the confirmation says they go too). */
export async function removeRule(deps: RuleDeps, userId: number, id: string): Promise<void> {
  const rule = await requireRule(deps, userId, id);
  await deleteRule(deps.kv, rule);
  for (const record of await listRecords(deps.kv, userId)) {
    if (record.ruleId === rule.id) await deleteRecordWithFiles(deps, record);
  }
}

export type RoutedFile =
  | { fileName: string; status: "matched"; patternIds: string[]; fields: FieldSpec[] }
  | {
    fileName: string;
    status: "skipped";
    reason: "label_file" | "type" | "name" | "no_pattern";
    message: string;
  };

/**
 * Which fields a rule asks of a file: those of every pattern whose regular expression finds the file
 * name (search semantics, run in linear time by common/user_pattern.ts), plus the global fields when at least
 * one pattern matched. Skipped, costing nothing: a test set's label file (expected.json), a type a run
 * cannot read (不支持的文件类型), a file no pattern matches.
 */
export function routeFile(rule: CustomRuleRecord, fileName: string): RoutedFile {
  if (fileName.toLowerCase() === "expected.json") {
    return { fileName, status: "skipped", reason: "label_file", message: "标注文件，不处理" };
  }
  // Custom OCR reads every kind the text service reads (part 4 §5 "Custom upload").
  if (!hasKind(fileName, DOC_TEXT_KINDS)) {
    return { fileName, status: "skipped", reason: "type", message: "不支持的文件类型" };
  }
  if (fileName.length > 255) return { fileName, status: "skipped", reason: "name", message: "文件名过长" };
  const found = new Set(rulePatterns(rule).filter((p) => p.matcher.test(fileName)).map((p) => p.id));
  const matched = rule.patterns.filter((p) => found.has(p.id));
  if (matched.length === 0) {
    return { fileName, status: "skipped", reason: "no_pattern", message: "没有匹配的文件规则" };
  }
  const fields = new Map<string, FieldSpec>();
  for (const f of [...matched.flatMap((p) => p.fields), ...rule.globalFields]) {
    if (!fields.has(f.key)) {
      fields.set(f.key, { key: f.key, label: f.label, ...(f.prompt ? { prompt: f.prompt } : {}) });
    }
  }
  return { fileName, status: "matched", patternIds: matched.map((p) => p.id), fields: [...fields.values()] };
}
