import type { CreateUserBody, UpdateUserBody, UserRow } from "../../common/schemas/users.ts";
import { api } from "./client.ts";

export type { UserRow };

/** Every user (the user manager pages on the client). GET /api/users */
export function listUsers() {
  return api.get<{ success: true; users: UserRow[] }>("/api/users", { silent: true });
}

/** Create a user. POST /api/users */
export function createUser(body: CreateUserBody) {
  return api.post<{ success: true; user: UserRow }>("/api/users", body, { silent: true });
}

/** Edit a user; a blank password keeps the old one. PUT /api/users/{id} */
export function updateUser(id: number, body: UpdateUserBody) {
  return api.put<{ success: true; user: UserRow }>(`/api/users/${id}`, body, { silent: true });
}

/** Delete a user. DELETE /api/users/{id} */
export function deleteUser(id: number) {
  return api.delete<{ success: true }>(`/api/users/${id}`, { silent: true });
}
