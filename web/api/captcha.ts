import type { CaptchaVerifyBody } from "../../common/schemas/auth.ts";
import { api } from "./client.ts";

export interface Captcha {
  success: true;
  captchaId: string;
  /** SVG markup. */
  captchaImage: string;
}

/** A new image captcha. GET /api/captcha/generate */
export function generateCaptcha() {
  return api.get<Captcha>("/api/captcha/generate", { silent: true });
}

/** Checks an answer without using the captcha up. POST /api/captcha/verify */
export function verifyCaptcha(body: CaptchaVerifyBody) {
  return api.post<{ success: true }>("/api/captcha/verify", body, { silent: true });
}
