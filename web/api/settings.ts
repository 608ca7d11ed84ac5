import type { PublicSettings } from "../../common/schemas/settings.ts";
import { api } from "./client.ts";

export interface LoginFeature {
  id: number | string;
  /** An @ant-design/icons component name, e.g. "FileWordOutlined". */
  icon: string;
  title: string;
}

/** Public system settings (login page, shell). GET /api/system/settings */
export function getPublicSettings() {
  return api.get<{ success: true; settings: PublicSettings }>("/api/system/settings", { silent: true });
}

/** The feature list shown on the login page. GET /api/login-features/list */
export function listLoginFeatures() {
  return api.get<{ success: true; features: LoginFeature[] }>("/api/login-features/list", { silent: true });
}
