import assert from "node:assert/strict";
import "../auth/test_storage.ts";
import { clearSession, getToken, startSession } from "../auth/session.ts";
import { registerMessage } from "../components/feedback.ts";
import { ApiError, fileNameOf, requestBlob } from "./client.ts";

const toasts: string[] = [];
registerMessage(
  { error: (text: string) => toasts.push(text) } as unknown as Parameters<typeof registerMessage>[0],
);

function serve(handler: (req: Request) => Response) {
  toasts.length = 0;
  startSession("old-token", {
    id: 9,
    username: "lawyer",
    email: "a@b.cn",
    role: "普通用户",
    permissions: ["mediation"],
    domain: "",
  });
  const seen: { url: string; authorization: string | null }[] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    seen.push({ url: req.url, authorization: req.headers.get("authorization") });
    return handler(req);
  });
  return {
    base: `http://127.0.0.1:${server.addr.port}`,
    seen,
    [Symbol.asyncDispose]: async () => {
      await server.shutdown();
      clearSession();
    },
  };
}

Deno.test("fileNameOf() prefers the RFC 6266 UTF-8 name and falls back to the plain one", () => {
  assert.equal(
    fileNameOf(`attachment; filename="a.docx"; filename*=UTF-8''%E8%B0%83%E8%A7%A3%E4%B9%A6.docx`),
    "调解书.docx",
  );
  assert.equal(fileNameOf(`attachment; filename="plain.zip"`), "plain.zip");
  assert.equal(fileNameOf(null), null);
  assert.equal(fileNameOf("inline"), null);
});

Deno.test("requestBlob() sends the bearer token and returns the bytes with their file name", async () => {
  await using s = serve(() =>
    new Response(new Uint8Array([1, 2, 3]), {
      headers: {
        "content-type": "application/zip",
        "content-disposition": "attachment; filename*=UTF-8''20250305_080000.zip",
        "new-token": "fresh",
      },
    })
  );
  const file = await requestBlob(`${s.base}/api/mediation/batch/x/download`, { query: { type: "word" } });
  assert.deepEqual([...new Uint8Array(await file.blob.arrayBuffer())], [1, 2, 3]);
  assert.equal(file.fileName, "20250305_080000.zip");
  assert.equal(s.seen[0].authorization, "Bearer old-token");
  assert.equal(new URL(s.seen[0].url).search, "?type=word");
  assert.equal(getToken(), "fresh");
});

Deno.test("requestBlob() turns the server's JSON error into an ApiError; silent shows no toast", async () => {
  await using s = serve(() =>
    Response.json({ success: false, code: "PDF_CONVERTER_MISSING", error: "服务器未安装 LibreOffice" }, {
      status: 503,
    })
  );
  const err = await requestBlob(`${s.base}/api/x`, { silent: true }).catch((e: unknown) => e);
  assert.ok(err instanceof ApiError);
  assert.deepEqual([err.status, err.code, err.serverMessage], [
    503,
    "PDF_CONVERTER_MISSING",
    "服务器未安装 LibreOffice",
  ]);
  assert.deepEqual(toasts, []);
});

Deno.test("requestBlob() times out with 请求超时，请重试", async () => {
  await using s = serve(() => new Response(new ReadableStream({ start() {} })));
  const err = await requestBlob(`${s.base}/api/slow`, { timeoutMs: 100 }).catch((e: unknown) => e);
  assert.ok(err instanceof ApiError);
  assert.equal(err.code, "TIMEOUT");
  assert.deepEqual(toasts, ["请求超时，请重试"]);
});
