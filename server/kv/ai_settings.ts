import { AI_DEFAULTS } from "../../common/schemas/ai_settings.ts";

// Keys:  ["ai_settings"] -> StoredAiSettings (one record; the provider key only in sealed form)

export interface StoredAiSettings {
  model: string;
  /** sealSecret() output (services/llm/secret_box.ts), or "" when no key was entered. */
  apiKeySealed: string;
  base_url: string;
  temperature: number;
  max_tokens: number;
  system_prompt: string;
  enable_sensitive_filter: boolean;
  updatedAt: number | null;
}

/** The stored AI settings, or the part 3 §3 defaults (no key) when none were saved. */
export async function getAiSettings(kv: Deno.Kv): Promise<StoredAiSettings> {
  const stored = (await kv.get<StoredAiSettings>(["ai_settings"])).value;
  return stored ?? { ...AI_DEFAULTS, apiKeySealed: "", updatedAt: null };
}

/** Replaces the AI settings in one write. */
export async function saveAiSettings(kv: Deno.Kv, settings: StoredAiSettings): Promise<void> {
  const res = await kv.atomic().set(["ai_settings"], settings).commit();
  if (!res.ok) throw new Error("could not save the AI settings");
}
