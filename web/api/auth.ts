import type { LoginBody, RegisterBody, ResetPasswordBody, SendCodeBody } from "../../common/schemas/auth.ts";
import type { SessionUser } from "../auth/session.ts";
import { api } from "./client.ts";

export interface SignInResult {
  success: true;
  token: string;
  user: SessionUser;
}

/** Sign in. POST /api/auth/login (errors are shown by the login page). */
export function login(body: LoginBody) {
  return api.post<SignInResult>("/api/auth/login", body, { silent: true });
}

/** Register and sign in. POST /api/auth/register (errors are shown by the login page). */
export function register(body: RegisterBody) {
  return api.post<SignInResult>("/api/auth/register", body, { silent: true });
}

/** End the server session. POST /api/auth/logout */
export function logout() {
  return api.post<{ success: true }>("/api/auth/logout", undefined, { silent: true });
}

/** Mail a password-reset code. POST /api/password/send-code */
export function sendResetCode(body: SendCodeBody) {
  return api.post<{ success: true; message?: string }>("/api/password/send-code", body, { silent: true });
}

/** Set a new password with the mailed code. POST /api/password/reset-password */
export function resetPassword(body: ResetPasswordBody) {
  return api.post<{ success: true; message?: string }>("/api/password/reset-password", body, {
    silent: true,
  });
}
