import type { SessionUser } from "../auth/session.ts";
import { api } from "./client.ts";

/** The signed-in user, read fresh from the server. GET /api/user/profile */
export function getProfile() {
  return api.get<{ success: true; user: SessionUser }>("/api/user/profile", { silent: true });
}
