import { serveWorker } from "../worker_protocol.ts";

/** Tries to read a file and reports what happened (tests that workers get no permissions). */
serveWorker(async (input: { path: string }) => {
  try {
    await Deno.readTextFile(input.path);
    return { read: true, error: "" };
  } catch (err) {
    return { read: false, error: err instanceof Error ? err.name : String(err) };
  }
});
