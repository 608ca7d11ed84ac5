import type { ChangeEmailBody, ChangePasswordBody } from "../../common/schemas/account.ts";
import { api } from "./client.ts";

/** Change one's own password (the old one is required). PUT /api/account/password */
export function changePassword(body: ChangePasswordBody) {
  return api.put<{ success: true; token: string }>("/api/account/password", body, { silent: true });
}

/** Change one's own e-mail address. PUT /api/account/email */
export function changeEmail(body: ChangeEmailBody) {
  return api.put<{ success: true; email: string }>("/api/account/email", body, { silent: true });
}
