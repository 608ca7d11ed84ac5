/**
 * The message protocol between runInWorker() and a worker module. A worker module calls
 * serveWorker(fn) once; fn gets the posted input and returns the result (or throws ParseFailure
 * with a Chinese reason the user may see; any other error becomes a generic reason).
 */

export type WorkerReply<O> = { ok: true; result: O } | { ok: false; reason: string };

/** A message a worker sends before its reply (progress, a chunk of output); see RunInWorkerOptions.onEvent. */
export interface WorkerEvent {
  event: unknown;
}

/** Sends one event to the caller; buffers in `transfer` are moved, not copied. */
export type EmitEvent = (event: unknown, transfer?: ArrayBuffer[]) => void;

/** A failure whose message is a Chinese reason safe to show to the user. */
export class ParseFailure extends Error {}

export const GENERIC_FAILURE_REASON = "文件内容无法识别，可能已损坏";

interface WorkerScope {
  onmessage: ((e: MessageEvent) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

/** Answers the single input this worker receives with fn's result; fn may emit events before it. */
export function serveWorker<I, O>(fn: (input: I, emit: EmitEvent) => O | Promise<O>): void {
  const scope = globalThis as unknown as WorkerScope;
  const emit: EmitEvent = (event, transfer = []) =>
    scope.postMessage({ event } satisfies WorkerEvent, transfer);
  scope.onmessage = async (e: MessageEvent) => {
    let reply: WorkerReply<O>;
    try {
      reply = { ok: true, result: await fn(e.data as I, emit) };
    } catch (err) {
      reply = { ok: false, reason: err instanceof ParseFailure ? err.message : GENERIC_FAILURE_REASON };
    }
    scope.postMessage(reply);
  };
}
