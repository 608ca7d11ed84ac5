import type { SettingsBody, SystemSettings } from "../../common/schemas/settings.ts";
import { api, requestUpload } from "./client.ts";

/** Every system setting (holders of system_settings get all fields). GET /api/system/settings */
export function getSystemSettings() {
  return api.get<{ success: true; settings: SystemSettings }>("/api/system/settings", { silent: true });
}

/** Save the settings; footer_links goes as JSON text (part 3 §7). POST /api/system/settings */
export function saveSystemSettings(body: SettingsBody) {
  return api.post<{ success: true; settings: SystemSettings }>("/api/system/settings", body, {
    silent: true,
  });
}

/**
 * Upload a logo or favicon; the server stores it and saves its URL in the settings at once.
 * POST /api/settings/upload-logo, POST /api/settings/upload-favicon
 */
export function uploadSiteImage(kind: "logo" | "favicon", file: File) {
  const form = new FormData();
  form.append("file", file);
  return requestUpload<{ success: true; url: string }>(`/api/settings/upload-${kind}`, form, {
    silent: true,
  });
}
