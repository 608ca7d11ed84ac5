import assert from "node:assert/strict";
import "../auth/test_storage.ts";
import { TEST_USER } from "../auth/test_user.ts";
import { clearSession, consumeEndedByApp, getToken, startSession } from "../auth/session.ts";
import { registerMessage } from "../components/feedback.ts";
import { ApiError, requestStream } from "./client.ts";
import type { ServerEvent } from "./event_stream.ts";
import { registerNavigator } from "./navigation.ts";

const toasts: string[] = [];
const visited: string[] = [];
registerMessage(
  {
    error: (text: string) => toasts.push(text),
    open: (args: { content: string }) => toasts.push(args.content),
  } as unknown as Parameters<typeof registerMessage>[0],
);
registerNavigator((path) => visited.push(path));

function serve(handler: (req: Request) => Response | Promise<Response>) {
  toasts.length = 0;
  visited.length = 0;
  startSession("old-token", TEST_USER);
  const seen: { authorization: string | null; accept: string | null; body: string }[] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    seen.push({
      authorization: req.headers.get("authorization"),
      accept: req.headers.get("accept"),
      body: await req.text(),
    });
    return handler(req);
  });
  return {
    base: `http://127.0.0.1:${server.addr.port}`,
    seen,
    [Symbol.asyncDispose]: async () => {
      await server.shutdown();
      clearSession();
      consumeEndedByApp();
    },
  };
}

Deno.test("requestStream() posts JSON with the token, hands over each event and stores new-token", async () => {
  await using s = serve(() =>
    new Response('event: start\ndata: {"id":"m1"}\n\nevent: delta\ndata: {"text":"你好"}\n\n', {
      headers: { "content-type": "text/event-stream", "new-token": "fresh" },
    })
  );
  const events: ServerEvent[] = [];
  await requestStream(`${s.base}/api/x`, { body: { content: "问" }, onEvent: (e) => events.push(e) });
  assert.deepEqual(events, [{ event: "start", data: '{"id":"m1"}' }, {
    event: "delta",
    data: '{"text":"你好"}',
  }]);
  assert.deepEqual(s.seen, [{
    authorization: "Bearer old-token",
    accept: "text/event-stream",
    body: '{"content":"问"}',
  }]);
  assert.equal(getToken(), "fresh");
});

Deno.test("requestStream() throws the server's refusal before the stream as ApiError; silent shows no toast", async () => {
  await using s = serve(() =>
    Response.json({ success: false, code: "AI_QUOTA_INSUFFICIENT", error: "AI使用次数不足" }, { status: 402 })
  );
  const err = await requestStream(`${s.base}/api/x`, { silent: true, onEvent: () => {} }).catch((e) => e);
  assert.ok(err instanceof ApiError);
  assert.deepEqual([err.status, err.code, err.serverMessage], [
    402,
    "AI_QUOTA_INSUFFICIENT",
    "AI使用次数不足",
  ]);
  assert.deepEqual(toasts, []);
  assert.equal(getToken(), "old-token");
});

Deno.test("requestStream() ends the session on a 401, silent or not", async () => {
  await using s = serve(() =>
    Response.json({ success: false, code: "TOKEN_INVALID", error: "Token已失效，请重新登录" }, {
      status: 401,
    })
  );
  await assert.rejects(requestStream(`${s.base}/api/x`, { silent: true, onEvent: () => {} }), ApiError);
  assert.equal(getToken(), null);
  assert.deepEqual(visited, ["/login"]);
  assert.deepEqual(toasts, ["Token已失效，请重新登录"]);
});

Deno.test("requestStream() stopped by its signal mid-stream rejects with ABORTED", async () => {
  let close = () => {};
  await using s = serve(() =>
    new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("data: 1\n\n"));
          close = () => controller.close();
        },
      }),
      { headers: { "content-type": "text/event-stream" } },
    )
  );
  const stop = new AbortController();
  const seen: string[] = [];
  const err = await requestStream(`${s.base}/api/x`, {
    signal: stop.signal,
    onEvent: (e) => {
      seen.push(e.data);
      stop.abort();
    },
  }).catch((e) => e);
  close();
  assert.deepEqual(seen, ["1"]);
  assert.ok(err instanceof ApiError);
  assert.equal(err.code, "ABORTED");
});
