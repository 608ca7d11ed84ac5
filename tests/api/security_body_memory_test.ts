/**
 * Finding 1 of issue #17, measured on the real server process: a 300 MB body to each public POST route,
 * sent once with a declared Content-Length and once chunked, is refused quickly with 413 and the
 * server's resident memory (VmRSS in /proc/PID/status) grows by a few MB at most.
 */
import * as assert from "node:assert/strict";
import { API_ACCESS } from "../../common/permissions.ts";
import { startServer } from "../helpers/server_process.ts";

const MiB = 1024 * 1024;
const BODY_BYTES = 300 * MiB;
const CHUNK = new Uint8Array(64 * 1024).fill(0x61);
/** Each refusal must come this fast; reading 300 MB into a string takes far longer. */
const MAX_MS = 5_000;
/**
 * Allowed RSS growth from one 300 MB request (before the fix one request added 1.4-2.6 GB). A refused
 * chunked body leaves up to 1 MiB read plus its string as garbage; V8 grows its heap for that garbage
 * before collecting it, so RSS climbs a few MB a request and then levels off (about 120 MB above the
 * start after 130 such requests when measured), hence a separate cap on the whole run.
 */
const MAX_STEP = 16 * MiB;
/** Allowed RSS growth over the three measured rounds (30 requests, 9 GB offered). */
const MAX_GROWTH = 96 * MiB;

const PUBLIC_POSTS = Object.entries(API_ACCESS)
  .filter(([key, access]) => access === "public" && key.startsWith("POST "))
  .map(([key]) => key.slice("POST ".length));

async function rssOf(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!kb) throw new Error("no VmRSS");
  return Number(kb[1]) * 1024;
}

/** POST with `Content-Length: 300 MB` over a raw socket; writes until the server answers or hangs up. */
async function postDeclared(port: number, path: string): Promise<{ status: number; sent: number }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${BODY_BYTES}\r\nConnection: close\r\n\r\n`;
  let sent = 0;
  let answered = false;
  const reading = (async () => {
    const buf = new Uint8Array(4096);
    const n = await conn.read(buf);
    answered = true;
    return n === null ? "" : new TextDecoder().decode(buf.subarray(0, n));
  })();
  try {
    await conn.write(new TextEncoder().encode(head));
    while (!answered && sent < BODY_BYTES) {
      await conn.write(CHUNK);
      sent += CHUNK.length;
    }
  } catch {
    // the server closed the connection after answering
  }
  const text = await reading;
  conn.close();
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  return { status, sent };
}

/** POST with a chunked 300 MB body through fetch. */
async function postChunked(url: string): Promise<{ status: number; sent: number }> {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= BODY_BYTES) return controller.close();
      sent += CHUNK.length;
      controller.enqueue(CHUNK.slice());
    },
  });
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  await res.body?.cancel();
  return { status: res.status, sent };
}

Deno.test({
  name: "a 300 MB body to each public POST route: quick 413, server memory grows by a few MB",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await using server = await startServer();
    const port = Number(new URL(server.url).port);
    const figures: string[] = [];
    const start = await rssOf(server.pid);
    let last = start;
    async function round(label: string): Promise<void> {
      for (const path of PUBLIC_POSTS) {
        for (const kind of ["declared", "chunked"] as const) {
          const started = performance.now();
          const { status, sent } = kind === "declared"
            ? await postDeclared(port, path)
            : await postChunked(`${server.url}${path}`);
          const ms = Math.round(performance.now() - started);
          const rss = await rssOf(server.pid);
          figures.push(
            `${label} ${path} ${kind}: ${status} in ${ms} ms, ${(sent / MiB).toFixed(1)} MB sent, ` +
              `RSS ${(rss / MiB).toFixed(1)} MB`,
          );
          assert.equal(status, 413, `${path} ${kind}`);
          assert.ok(ms < MAX_MS, `${path} ${kind} took ${ms} ms`);
          // The warm-up also loads code on first use; its growth is capped as a whole below.
          if (label !== "warm-up") {
            assert.ok(rss - last < MAX_STEP, `${path} ${kind}: RSS +${((rss - last) / MiB).toFixed(1)} MB`);
          }
          last = rss;
        }
      }
    }
    // The first round also loads and compiles the code on this path and lets V8 size its heap.
    await round("warm-up");
    const before = await rssOf(server.pid);
    for (let i = 1; i <= 3; i++) await round(`round ${i}`);
    const after = await rssOf(server.pid);
    console.log(
      `server RSS: ${(start / MiB).toFixed(1)} MB at start, ${
        (before / MiB).toFixed(1)
      } MB after the warm-up, ` +
        `${(after / MiB).toFixed(1)} MB after 3 more rounds\n${figures.join("\n")}`,
    );
    assert.ok(
      before - start < MAX_GROWTH,
      `RSS grew by ${((before - start) / MiB).toFixed(1)} MB in the warm-up`,
    );
    assert.ok(after - before < MAX_GROWTH, `RSS grew by ${((after - before) / MiB).toFixed(1)} MB`);
  },
});
