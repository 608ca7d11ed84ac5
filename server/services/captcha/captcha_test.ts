import assert from "node:assert/strict";
import { CAPTCHA_LENGTH } from "../../../common/constants.ts";
import { testApp } from "../../../tests/helpers/test_app.ts";
import { CAPTCHA_CHARSET, checkCaptcha, generateCaptcha } from "./captcha.ts";

/** Pairs a distorted image makes confusable (#16 item 3): at most one of each may be drawn. */
const CONFUSABLE = ["0Oo", "1lIi", "8B", "2Zz", "5Ss"];

/** WCAG relative luminance of #rgb / #rrggbb. */
function luminance(hex: string): number {
  const full = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (d) => d + d) : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255)
    .map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

Deno.test("the captcha charset holds no confusable character", () => {
  for (const group of CONFUSABLE) {
    for (const ch of group) assert.ok(!CAPTCHA_CHARSET.toLowerCase().includes(ch.toLowerCase()), ch);
  }
});

Deno.test("a drawn captcha is at least 150×50, dark letters on white, from the safe charset", async () => {
  using t = await testApp({ captchaTestText: null });
  for (let i = 0; i < 30; i++) {
    const { captchaId, captchaImage } = await generateCaptcha(t.deps);
    const size = /^<svg[^>]*width="(\d+)" height="(\d+)"/.exec(captchaImage);
    assert.ok(size && Number(size[1]) >= 150 && Number(size[2]) >= 50, captchaImage.slice(0, 120));
    assert.match(captchaImage, /^<svg[^>]*><rect width="100%" height="100%" fill="#ffffff"\/>/);
    // Letters are the filled paths (noise lines are strokes): each needs 7:1 contrast on white.
    const fills = [...captchaImage.matchAll(/<path fill="(#[0-9a-f]+)"/gi)].map((m) => m[1]);
    assert.equal(fills.length, CAPTCHA_LENGTH);
    for (const fill of fills) assert.ok(1.05 / (luminance(fill) + 0.05) >= 7, `contrast of ${fill}`);
    const answer = (await t.kv.get<{ answer: string }>(["captchas", captchaId])).value?.answer ?? "";
    assert.equal(answer.length, CAPTCHA_LENGTH);
    for (const ch of answer) assert.ok(CAPTCHA_CHARSET.toLowerCase().includes(ch), ch);
    // Case-insensitive either way round.
    await checkCaptcha(t.deps, { captchaId, captchaText: answer.toUpperCase() }, { consume: false });
  }
});
