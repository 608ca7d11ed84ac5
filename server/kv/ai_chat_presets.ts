import type { Preset } from "../../common/schemas/ai_chat.ts";

// Keys:  ["ai_chat_presets", id] -> Preset   (presets an administrator added; the built-in ones are presets.json)

/** The presets administrators added, oldest id first. */
export async function listStoredPresets(kv: Deno.Kv): Promise<Preset[]> {
  const out: Preset[] = [];
  for await (const e of kv.list<Preset>({ prefix: ["ai_chat_presets"] })) out.push(e.value);
  return out;
}

export async function getStoredPreset(kv: Deno.Kv, id: string): Promise<Preset | null> {
  return (await kv.get<Preset>(["ai_chat_presets", id])).value;
}

/** Stores a new preset; false when the id is taken. */
export async function createStoredPreset(kv: Deno.Kv, preset: Preset): Promise<boolean> {
  const key = ["ai_chat_presets", preset.id];
  const res = await kv.atomic().check({ key, versionstamp: null }).set(key, preset).commit();
  return res.ok;
}

/** Deletes a stored preset; false when there was none. */
export async function deleteStoredPreset(kv: Deno.Kv, id: string): Promise<boolean> {
  const entry = await kv.get(["ai_chat_presets", id]);
  if (entry.value === null) return false;
  return (await kv.atomic().check(entry).delete(["ai_chat_presets", id]).commit()).ok;
}
