import {
  DEFAULT_SETTINGS,
  PUBLIC_SETTING_FIELDS,
  type PublicSettings,
  type SystemSettings,
} from "../../common/schemas/settings.ts";

// Keys:  ["settings"] -> SystemSettings (one record; missing fields read as DEFAULT_SETTINGS)

export async function getSettings(kv: Deno.Kv): Promise<SystemSettings> {
  const stored = (await kv.get<Partial<SystemSettings>>(["settings"])).value ?? {};
  return { ...DEFAULT_SETTINGS, ...stored };
}

/** Merges a patch into the stored settings; undefined fields keep their value. */
export async function saveSettings(kv: Deno.Kv, patch: Partial<SystemSettings>): Promise<SystemSettings> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await kv.get<Partial<SystemSettings>>(["settings"]);
    const next: SystemSettings = { ...DEFAULT_SETTINGS, ...entry.value };
    for (const [key, value] of Object.entries(patch)) {
      if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
    }
    if ((await kv.atomic().check(entry).set(["settings"], next).commit()).ok) return next;
  }
  throw new Error("settings are too contended");
}

/** Only the fields the login page and shell need; safe to show anyone. */
export function toPublicSettings(settings: SystemSettings): PublicSettings {
  return Object.fromEntries(PUBLIC_SETTING_FIELDS.map((k) => [k, settings[k]])) as PublicSettings;
}
