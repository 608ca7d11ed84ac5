import assert from "node:assert/strict";
import { appErrorOf } from "../../../tests/helpers/app_error.ts";
import { signDownloadToken, verifyDownloadToken } from "./download_links.ts";

const KEY = new TextEncoder().encode("a-signing-key-of-at-least-32-bytes!!");
const claims = { taskId: "0123456789abcdef0123", userId: 7, expiresAt: 1_000_000 };

Deno.test("verifyDownloadToken() accepts its own token until it expires", async () => {
  const token = await signDownloadToken(KEY, claims);
  assert.deepEqual(await verifyDownloadToken(KEY, token, 999_999), claims);
  const expired = await appErrorOf(verifyDownloadToken(KEY, token, 1_000_000));
  assert.equal(expired.message, "下载链接无效或已过期，请刷新页面后重试");
});

Deno.test("verifyDownloadToken() refuses another key, a changed owner and garbage", async () => {
  const token = await signDownloadToken(KEY, claims);
  const other = new TextEncoder().encode("another-signing-key-of-32-bytes!!!!");
  for (
    const [key, text] of [
      [other, token],
      [KEY, token.replace(".7.", ".8.")],
      [KEY, "not-a-token"],
      [KEY, token.slice(0, -1)],
    ] as const
  ) {
    assert.equal((await appErrorOf(verifyDownloadToken(key, text, 0))).code, "CASE_SPLIT_LINK_INVALID");
  }
});
