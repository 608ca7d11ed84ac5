import type { LoginFeatureBody } from "../../common/schemas/login_features.ts";
import { api } from "./client.ts";
import type { LoginFeature } from "./settings.ts";

// The list itself: listLoginFeatures() in settings.ts (GET /api/login-features/list, public).

/** Add a feature (appended). POST /api/login-features */
export function createLoginFeature(body: LoginFeatureBody) {
  return api.post<{ success: true; feature: LoginFeature }>("/api/login-features", body, { silent: true });
}

/** Change a feature's icon and title. PUT /api/login-features/{id} */
export function updateLoginFeature(id: string, body: LoginFeatureBody) {
  return api.put<{ success: true; feature: LoginFeature }>(`/api/login-features/${id}`, body, {
    silent: true,
  });
}

/** Delete a feature. DELETE /api/login-features/{id} */
export function deleteLoginFeature(id: string) {
  return api.delete<{ success: true }>(`/api/login-features/${id}`, { silent: true });
}

/** Set the display order: every feature's id, in order. POST /api/login-features/reorder */
export function reorderLoginFeatures(ids: string[]) {
  return api.post<{ success: true; features: LoginFeature[] }>("/api/login-features/reorder", { ids }, {
    silent: true,
  });
}
