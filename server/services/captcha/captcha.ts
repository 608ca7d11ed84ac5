import svgCaptcha from "svg-captcha";
import { CAPTCHA_IMAGE_SIZE, CAPTCHA_LENGTH, CAPTCHA_MAX_WRONG_TRIES } from "../../../common/constants.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { getCaptchaEntry, recordWrongCaptcha, saveCaptcha, takeCaptcha } from "../../kv/captchas.ts";

/**
 * The characters a captcha is drawn from: upper-case letters and digits without any pair that a
 * distorted image makes confusable (0/O/Q/D, 1/I/L, 8/B, 2/Z, 5/S, 6/G, U/V); answers are checked
 * case-insensitively, so the case of a letter never matters.
 */
export const CAPTCHA_CHARSET = "3479ACEFHJKMNPRTWXY";
const IMAGE_OPTIONS = {
  ...CAPTCHA_IMAGE_SIZE,
  fontSize: 56,
  noise: 1,
  // No background: svg-captcha then draws the letters near black (#000-#444) instead of pale colours.
  color: false,
};
/** An opaque white ground under the near-black letters, added after drawing (see IMAGE_OPTIONS). */
const WHITE_GROUND = '<rect width="100%" height="100%" fill="#ffffff"/>';

/** svg-captcha's module is itself the "draw this text" function; its typings omit that call signature. */
const drawText = svgCaptcha as unknown as (text: string, options: typeof IMAGE_OPTIONS) => string;

function withWhiteGround(svg: string): string {
  return svg.replace(/^(<svg[^>]*>)/, `$1${WHITE_GROUND}`);
}

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
    image = withWhiteGround(drawText(testText, IMAGE_OPTIONS));
  } else {
    const drawn = svgCaptcha.create({ ...IMAGE_OPTIONS, size: CAPTCHA_LENGTH, charPreset: CAPTCHA_CHARSET });
    text = drawn.text;
    image = withWhiteGround(drawn.data);
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
