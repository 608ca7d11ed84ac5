import svgCaptcha from "svg-captcha";
import { CAPTCHA_LENGTH, CAPTCHA_MAX_WRONG_TRIES } from "../../../common/constants.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { getCaptchaEntry, recordWrongCaptcha, saveCaptcha, takeCaptcha } from "../../kv/captchas.ts";

/** Characters that look alike in a distorted image are left out. */
const IGNORE_CHARS = "0oO1iIlL";
const IMAGE_OPTIONS = { width: 120, height: 40, fontSize: 44, noise: 2, color: true, background: "#f2f4f7" };

/** svg-captcha's module is itself the "draw this text" function; its typings omit that call signature. */
const drawText = svgCaptcha as unknown as (text: string, options: typeof IMAGE_OPTIONS) => string;

export interface NewCaptcha {
  captchaId: string;
  /** SVG text */
  captchaImage: string;
}

/**
 * Draws a captcha and stores its answer. With `config.captchaTestText` set (tests, e2e) the answer
 * and the drawn text are that text.
 */
export async function generateCaptcha(deps: Pick<AppDeps, "kv" | "clock" | "config">): Promise<NewCaptcha> {
  const testText = deps.config.captchaTestText;
  let text: string;
  let image: string;
  if (testText) {
    text = testText;
    image = drawText(testText, IMAGE_OPTIONS);
  } else {
    const drawn = svgCaptcha.create({ ...IMAGE_OPTIONS, size: CAPTCHA_LENGTH, ignoreChars: IGNORE_CHARS });
    text = drawn.text;
    image = drawn.data;
  }
  const captchaId = await saveCaptcha(deps.kv, text, deps.clock.now());
  return { captchaId, captchaImage: image };
}

export interface CheckCaptchaOptions {
  /**
   * True for sign-in and registration: the captcha is used up whatever the outcome (one captcha,
   * one attempt). False for the verify call: a right answer leaves it for the sign-in that follows,
   * and a wrong one counts, so the verify call cannot be used to guess at leisure.
   */
  consume: boolean;
}

/**
 * Checks an answer (case-insensitive). Throws CAPTCHA_EXPIRED when the captcha is gone, used or past
 * its time, CAPTCHA_INVALID when the answer is wrong.
 */
export async function checkCaptcha(
  deps: Pick<AppDeps, "kv" | "clock">,
  input: { captchaId: string; captchaText: string },
  options: CheckCaptchaOptions,
): Promise<void> {
  const now = deps.clock.now();
  const entry = await getCaptchaEntry(deps.kv, input.captchaId);
  if (entry.value === null) throw new AppError("CAPTCHA_EXPIRED", {}, { field: "captchaText" });
  const stored = entry as Deno.KvEntry<typeof entry.value>;
  if (stored.value.expiresAt <= now) {
    await takeCaptcha(deps.kv, stored);
    throw new AppError("CAPTCHA_EXPIRED", {}, { field: "captchaText" });
  }
  const right = input.captchaText.trim().toLowerCase() === stored.value.answer;
  if (options.consume) {
    // Whoever deletes it first owns the attempt; a concurrent second use finds it gone.
    if (!await takeCaptcha(deps.kv, stored)) {
      throw new AppError("CAPTCHA_EXPIRED", {}, { field: "captchaText" });
    }
  } else if (!right) {
    if (stored.value.wrongTries + 1 >= CAPTCHA_MAX_WRONG_TRIES) await takeCaptcha(deps.kv, stored);
    else await recordWrongCaptcha(deps.kv, stored, now);
  }
  if (!right) throw new AppError("CAPTCHA_INVALID", {}, { field: "captchaText" });
}
