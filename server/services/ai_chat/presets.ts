import { z } from "zod";
import { type Preset, presetSchema, type PresetView } from "../../../common/schemas/ai_chat.ts";
import { AppError } from "../../errors.ts";
import {
  createStoredPreset,
  deleteStoredPreset,
  getStoredPreset,
  listStoredPresets,
} from "../../kv/ai_chat_presets.ts";
import presetData from "./presets.json" with { type: "json" };

/**
 * Drafting presets (issue #15 §3): the element-based (要素式) forms as data, in presets.json. A preset
 * is its fields, its blocks in order, and a prompt. A "fixed" block is filled by code: each `${字段}`
 * gets the case value, or a marked gap 〔待填写：标签〕 when the case has none; ${起诉日期} is today.
 * A "model" block is the narrative the model writes (its prompt may use `${字段}` too); without a
 * model it stays a marked gap. Adding a preset is adding an entry to presets.json, or an administrator's
 * POST /api/ai-chat/presets (kept in KV): no code either way.
 */

/** Values code fills in without asking: the filing date. */
const AUTO_FIELDS = {
  起诉日期: (now: Date) => `${now.getFullYear()}年${now.getMonth() + 1}月${now.getDate()}日`,
};

const PRESETS: Preset[] = z.array(presetSchema).parse(presetData);

/** The built-in presets, in the file's order. */
export function listPresets(): Preset[] {
  return PRESETS;
}

/** A built-in preset by id; throws AI_CHAT_PRESET_NOT_FOUND. */
export function requirePreset(id: string): Preset {
  const p = PRESETS.find((x) => x.id === id);
  if (!p) throw new AppError("AI_CHAT_PRESET_NOT_FOUND");
  return p;
}

/** Built-in presets, then the ones administrators added. */
export async function listAllPresets(kv: Deno.Kv): Promise<Preset[]> {
  return [...PRESETS, ...await listStoredPresets(kv)];
}

/** A built-in or added preset by id; throws AI_CHAT_PRESET_NOT_FOUND. */
export async function findPreset(kv: Deno.Kv, id: string): Promise<Preset> {
  const builtIn = PRESETS.find((x) => x.id === id);
  if (builtIn) return builtIn;
  const stored = await getStoredPreset(kv, id);
  if (!stored) throw new AppError("AI_CHAT_PRESET_NOT_FOUND");
  return stored;
}

/** Adds an administrator's preset; throws AI_CHAT_PRESET_TAKEN when the id is in use. */
export async function addPreset(kv: Deno.Kv, preset: Preset): Promise<Preset> {
  if (PRESETS.some((x) => x.id === preset.id) || !(await createStoredPreset(kv, preset))) {
    throw new AppError("AI_CHAT_PRESET_TAKEN", {}, { field: "id" });
  }
  return preset;
}

/** Removes an administrator's preset; built-in ones stay (AI_CHAT_PRESET_BUILTIN). */
export async function removePreset(kv: Deno.Kv, id: string): Promise<void> {
  if (PRESETS.some((x) => x.id === id)) throw new AppError("AI_CHAT_PRESET_BUILTIN");
  if (!(await deleteStoredPreset(kv, id))) throw new AppError("AI_CHAT_PRESET_NOT_FOUND");
}

/** What the screen needs to pick a preset and show its case form. */
export function presetView(p: Preset): PresetView {
  return {
    id: p.id,
    title: p.title,
    category: p.category,
    fields: p.fields,
    modelBlocks: p.blocks.filter((b) => b.kind === "model").map((b) => b.title),
  };
}

/** The marked gap for a missing case value. */
export function gapFor(label: string): string {
  return `〔待填写：${label}〕`;
}

/** The marked gap for a narrative block no model wrote. */
export function narrativeGap(title: string): string {
  return `〔待撰写：${title}。管理员尚未配置AI模型，请手工填写〕`;
}

/** Replaces `${字段}` by the case value, the automatic value, or a marked gap. */
export function fillTemplate(
  preset: Preset,
  template: string,
  caseData: Record<string, string>,
  now: Date,
): string {
  return template.replace(/\$\{([^}]+)\}/g, (_m, key: string) => {
    const value = caseData[key]?.trim();
    if (value) return value;
    const auto = AUTO_FIELDS[key as keyof typeof AUTO_FIELDS];
    if (auto) return auto(now);
    const label = preset.fields.find((f) => f.key === key)?.label ?? key;
    return gapFor(label);
  });
}

/** One piece of a draft, in order: text code wrote, or a block the model writes. */
export type DraftPiece = { kind: "text"; text: string } | { kind: "model"; title: string; prompt: string };

/**
 * The draft's pieces in order. The text uses "# " for the document title and "## " for block
 * headings (the export turns them into court formatting); each line is a paragraph.
 */
export function draftPieces(preset: Preset, caseData: Record<string, string>, now: Date): DraftPiece[] {
  const pieces: DraftPiece[] = [];
  let head = `# ${preset.docTitle}\n`;
  if (preset.docSubtitle) head += `${preset.docSubtitle}\n`;
  pieces.push({ kind: "text", text: head });
  for (const block of preset.blocks) {
    const heading = block.title === "落款" || block.title === "抬头" ? "" : `\n## ${block.title}\n`;
    if (block.kind === "fixed") {
      const lines = block.lines.map((l) => fillTemplate(preset, l, caseData, now));
      pieces.push({ kind: "text", text: `${heading || "\n"}${lines.join("\n")}\n` });
    } else {
      pieces.push({ kind: "text", text: heading });
      pieces.push({
        kind: "model",
        title: block.title,
        prompt: fillTemplate(preset, block.prompt, caseData, now),
      });
      pieces.push({ kind: "text", text: "\n" });
    }
  }
  return pieces;
}

/** The case data as lines for a prompt ("字段：值"), only the fields that have a value. */
export function caseContext(preset: Preset | null, caseData: Record<string, string>): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(caseData)) {
    if (!value.trim()) continue;
    const label = preset?.fields.find((f) => f.key === key)?.label ?? key;
    lines.push(`${label}：${value.trim()}`);
  }
  return lines.join("\n");
}

/** A preset conversation's title: the preset, and the parties when the case names them (李明诉王强). */
export function presetConversationTitle(preset: Preset, caseData: Record<string, string>): string {
  const plaintiff = (caseData["原告姓名"] || caseData["原告名称"] || "").trim();
  const defendant = (caseData["被告姓名"] || caseData["被告名称"] || "").trim();
  const parties = plaintiff && defendant ? `${plaintiff}诉${defendant}` : plaintiff || defendant;
  return (parties ? `${preset.title}·${parties}` : preset.title).slice(0, 100);
}
