import { AppError } from "../errors.ts";
import type { WorkerEvent, WorkerReply } from "./worker_protocol.ts";

export interface RunInWorkerOptions {
  /** The worker is terminated after this long (FILE_PARSE_TIMEOUT). */
  timeoutMs: number;
  /** Input whose binary parts add up to more than this is refused unread (FILE_TOO_LARGE). */
  maxInputBytes: number;
  /**
   * Receives the events the worker emits before its reply (serveWorker's `emit`), in order. Without it
   * an event is ignored. A throw here stops the worker and rejects with the thrown error.
   */
  onEvent?: (event: unknown) => void;
}

/** "10MB", "512KB": a byte limit as the user reads it. */
export function formatByteLimit(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)}MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024}KB`;
  return `${bytes}字节`;
}

/** Binary parts of the input (itself, or its top-level fields). */
function binaryParts(input: unknown): (ArrayBuffer | ArrayBufferView)[] {
  const candidates = input !== null && typeof input === "object" && !ArrayBuffer.isView(input) &&
      !(input instanceof ArrayBuffer)
    ? Object.values(input)
    : [input];
  return candidates.filter((v): v is ArrayBuffer | ArrayBufferView =>
    v instanceof ArrayBuffer || ArrayBuffer.isView(v)
  );
}

/**
 * Runs one call of a worker module (see worker_protocol.ts) in a Web Worker with no permissions at all:
 * no files, network, environment or subprocesses, so a crafted file that exploits the parser finds
 * nothing to reach. Binary input is transferred, not copied: the caller's buffers are detached.
 *
 * Throws FILE_TOO_LARGE before starting when the input is over `maxInputBytes`, FILE_PARSE_TIMEOUT when
 * the worker runs past `timeoutMs`, and FILE_PARSE_FAILED {reason} when it fails. The worker is
 * terminated in every case.
 */
export function runInWorker<O>(
  moduleUrl: URL | string,
  input: unknown,
  options: RunInWorkerOptions,
): Promise<O> {
  const parts = binaryParts(input);
  const size = parts.reduce((sum, p) => sum + p.byteLength, 0);
  if (size > options.maxInputBytes) {
    return Promise.reject(new AppError("FILE_TOO_LARGE", { limit: formatByteLimit(options.maxInputBytes) }));
  }
  const transfer = new Set<ArrayBuffer>();
  for (const p of parts) {
    const buffer = p instanceof ArrayBuffer ? p : p.buffer;
    // A view over part of a buffer is copied: transferring would hand over bytes that are not ours.
    if (buffer instanceof ArrayBuffer && (p instanceof ArrayBuffer || p.byteLength === buffer.byteLength)) {
      transfer.add(buffer);
    }
  }

  return new Promise<O>((resolve, reject) => {
    const worker = new Worker(moduleUrl, { type: "module", deno: { permissions: "none" } });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new AppError("FILE_PARSE_TIMEOUT"))),
      options.timeoutMs,
    );
    worker.onmessage = (e: MessageEvent<WorkerReply<O> | WorkerEvent>) => {
      const reply = e.data;
      if (reply !== null && typeof reply === "object" && "event" in reply) {
        try {
          options.onEvent?.(reply.event);
        } catch (err) {
          finish(() => reject(err));
        }
        return;
      }
      if (reply?.ok === true) finish(() => resolve(reply.result));
      else {
        const reason = typeof reply?.reason === "string" ? reply.reason : "文件内容无法识别，可能已损坏";
        finish(() => reject(new AppError("FILE_PARSE_FAILED", { reason })));
      }
    };
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      console.error(`[worker] ${String(moduleUrl)}: ${e.message}`);
      finish(() => reject(new AppError("FILE_PARSE_FAILED", { reason: "文件处理程序出错" })));
    };
    worker.onmessageerror = () => {
      finish(() => reject(new AppError("FILE_PARSE_FAILED", { reason: "文件处理结果无法读取" })));
    };
    worker.postMessage(input, [...transfer]);
  });
}
