import assert from "node:assert/strict";
import "../auth/test_storage.ts";
import { TEST_USER as USER } from "../auth/test_user.ts";
import { clearSession, consumeEndedByApp, getToken, getUser, startSession } from "../auth/session.ts";
import { registerMessage } from "../components/feedback.ts";
import { api, ApiError, errorText } from "./client.ts";
import { registerNavigator } from "./navigation.ts";

type Toast = { type: string; text: string };
const toasts: Toast[] = [];
const visited: string[] = [];

function record(type: string) {
  return (arg: unknown) => {
    toasts.push({
      type,
      text: typeof arg === "string" ? arg : String((arg as { content: unknown }).content),
    });
  };
}
registerMessage(
  {
    error: record("error"),
    warning: record("warning"),
    success: record("success"),
    info: record("info"),
    loading: record("loading"),
    open: (args: { type: string; content: string }) => toasts.push({ type: args.type, text: args.content }),
    destroy: () => {},
  } as unknown as Parameters<typeof registerMessage>[0],
);
registerNavigator((path) => visited.push(path));

/** A server answering from `handler`, plus fresh session and recorders. */
function setup(handler: (req: Request, calls: number) => Response) {
  toasts.length = 0;
  visited.length = 0;
  startSession("old-token", USER);
  let calls = 0;
  const seen: { authorization: string | null; url: string; body: string }[] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    calls += 1;
    seen.push({ authorization: req.headers.get("authorization"), url: req.url, body: await req.text() });
    return handler(req, calls);
  });
  const base = `http://127.0.0.1:${server.addr.port}`;
  return {
    base,
    seen,
    calls: () => calls,
    [Symbol.asyncDispose]: async () => {
      await server.shutdown();
      clearSession();
      consumeEndedByApp();
    },
  };
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers });
}

Deno.test("api.get() sends the bearer token, returns the body and stores a new-token header", async () => {
  await using s = setup(() => json({ success: true, value: 42 }, 200, { "new-token": "fresh-token" }));
  const body = await api.get<{ value: number }>(`${s.base}/api/x`, { query: { page: 2, q: undefined } });
  assert.equal(body.value, 42);
  assert.equal(s.seen[0].authorization, "Bearer old-token");
  assert.equal(new URL(s.seen[0].url).search, "?page=2");
  assert.equal(getToken(), "fresh-token");
});

Deno.test("api.post() throws ApiError with the server's code and text and shows it once", async () => {
  await using s = setup(() =>
    json({ success: false, code: "ROLE_NAME_TAKEN", error: "角色名称已存在" }, 409)
  );
  const err = await api.post(`${s.base}/api/roles`, { name: "x" }).catch((e) => e);
  assert.ok(err instanceof ApiError);
  assert.deepEqual([err.status, err.code, err.message, err.serverMessage], [
    409,
    "ROLE_NAME_TAKEN",
    "角色名称已存在",
    "角色名称已存在",
  ]);
  assert.deepEqual(JSON.parse(s.seen[0].body), { name: "x" });
  assert.deepEqual(toasts, [{ type: "error", text: "角色名称已存在" }]);
  assert.equal(errorText(err, "保存失败"), "角色名称已存在");
});

Deno.test("a silent call shows no toast; a failure without text falls back to 请求失败", async () => {
  await using s = setup(() => new Response("boom", { status: 500 }));
  const silent = await api.get<null>(`${s.base}/api/x`, { silent: true }).catch((e: unknown) => e);
  assert.ok(silent instanceof ApiError);
  assert.equal(silent.message, "请求失败");
  assert.equal(errorText(silent, "登录失败"), "登录失败");
  assert.deepEqual(toasts, []);
  await api.get(`${s.base}/api/x`).catch(() => {});
  assert.deepEqual(toasts, [{ type: "error", text: "请求失败" }]);
});

Deno.test("a 401 clears the session, goes to /login and shows the server text", async () => {
  await using s = setup(() =>
    json({ success: false, code: "TOKEN_INVALID", error: "Token已失效，请重新登录" }, 401)
  );
  await assert.rejects(api.get(`${s.base}/api/x`), ApiError);
  assert.equal(getToken(), null);
  assert.equal(getUser(), null);
  assert.deepEqual(visited, ["/login"]);
  assert.deepEqual(toasts, [{ type: "error", text: "Token已失效，请重新登录" }]);
});

Deno.test("a 401 without text shows Token已失效，请重新登录 even on a silent call", async () => {
  await using s = setup(() => new Response(null, { status: 401 }));
  await assert.rejects(api.get(`${s.base}/api/x`, { silent: true }), ApiError);
  assert.deepEqual(toasts, [{ type: "error", text: "Token已失效，请重新登录" }]);
  assert.deepEqual(visited, ["/login"]);
});

Deno.test("SESSION_TIMEOUT and TOKEN_EXPIRED warn with their own texts and go to /login", async () => {
  for (
    const [code, status, text] of [
      ["SESSION_TIMEOUT", 401, "会话已超时，请重新登录"],
      ["SESSION_TIMEOUT", 403, "会话已超时，请重新登录"],
      ["TOKEN_EXPIRED", 403, "登录已过期，请重新登录"],
    ] as const
  ) {
    await using s = setup(() => json({ success: false, code, error: "服务器文本" }, status));
    await api.get(`${s.base}/api/x`).catch(() => {});
    assert.deepEqual(toasts, [{ type: "warning", text }], code);
    assert.deepEqual(visited, ["/login"]);
    assert.equal(getToken(), null);
  }
});

Deno.test("a 500 AUTH_ERROR shows 验证失败，请重新登录 and goes to /login", async () => {
  await using s = setup(() => json({ success: false, code: "AUTH_ERROR", error: "x" }, 500));
  await api.get(`${s.base}/api/x`).catch(() => {});
  assert.deepEqual(toasts, [{ type: "error", text: "验证失败，请重新登录" }]);
  assert.deepEqual(visited, ["/login"]);
});

Deno.test("a 503 is retried once after 2 s with 服务暂时不可用，正在重试...", async () => {
  await using s = setup((_req, calls) =>
    calls === 1
      ? json({ success: false, code: "QUOTA_BUSY", error: "系统繁忙，请稍后重试" }, 503)
      : json({ success: true, ok: 1 })
  );
  const started = performance.now();
  const body = await api.get<{ ok: number }>(`${s.base}/api/x`);
  assert.equal(body.ok, 1);
  assert.equal(s.calls(), 2);
  assert.ok(performance.now() - started >= 1900);
  assert.deepEqual(toasts, [{ type: "warning", text: "服务暂时不可用，正在重试..." }]);
});

Deno.test("a 503 that fails again is shown once and not retried a second time", async () => {
  await using s = setup(() =>
    json({ success: false, code: "QUOTA_BUSY", error: "系统繁忙，请稍后重试" }, 503)
  );
  await assert.rejects(api.get(`${s.base}/api/x`), ApiError);
  assert.equal(s.calls(), 2);
  assert.deepEqual(toasts.map((t) => t.text), ["服务暂时不可用，正在重试...", "系统繁忙，请稍后重试"]);
});

Deno.test("a 503 mentioning a failed permission check signs out with 系统错误，请重新登录", async () => {
  await using s = setup(() => json({ success: false, code: "INTERNAL", error: "权限检查失败" }, 503));
  await assert.rejects(api.get(`${s.base}/api/x`), ApiError);
  assert.equal(s.calls(), 1);
  assert.deepEqual(toasts, [{ type: "error", text: "系统错误，请重新登录" }]);
  assert.deepEqual(visited, ["/login"]);
  assert.equal(getToken(), null);
});

Deno.test("no response shows 网络错误，请检查网络连接", async () => {
  const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  toasts.length = 0;
  const err = await api.get(`http://127.0.0.1:${port}/api/x`).catch((e) => e);
  assert.ok(err instanceof ApiError);
  assert.equal(err.code, "NETWORK");
  assert.deepEqual(toasts, [{ type: "error", text: "网络错误，请检查网络连接" }]);
  assert.equal(errorText(err, "登录失败"), "网络错误，请检查网络连接");
});

Deno.test("a success whose body is cut off fails with 网络错误 instead of resolving empty; the stored user stays", async () => {
  const logError = console.error;
  console.error = () => {}; // Deno.serve reports the body stream's error
  try {
    await cutOffAnswer();
  } finally {
    console.error = logError;
  }
});

async function cutOffAnswer() {
  await using server = setup(() =>
    new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"success":true,"user":{"id":9,'));
          controller.error(new Error("connection dropped"));
        },
      }),
      { headers: { "content-type": "application/json" } },
    )
  );
  const err = await api.get(`${server.base}/api/user/profile`).catch((e) => e);
  assert.ok(err instanceof ApiError, String(err));
  assert.equal(err.code, "NETWORK");
  assert.deepEqual(toasts, [{ type: "error", text: "网络错误，请检查网络连接" }]);
  assert.deepEqual(getUser(), USER);
  assert.equal(getToken(), "old-token");
}
