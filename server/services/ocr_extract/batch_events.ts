import type { OcrBatchEvent, OcrBatchResult } from "../../../common/schemas/ocr.ts";
import type { AppDeps } from "../../deps.ts";
import { isBatchFileFinished, type OcrBatch } from "../../kv/ocr_batches.ts";

/** A comment line every so often keeps proxies and browsers from closing a stream while a file is slow. */
export const HEARTBEAT_MS = 10_000;

/** One event line as sent: `data: <json>` and a blank line (Server-Sent Events framing). */
export function eventLine(event: OcrBatchEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/** Reads a stored batch result. */
export async function readBatchResult(deps: AppDeps, batch: OcrBatch): Promise<OcrBatchResult | null> {
  if (!batch.resultKey) return null;
  const bytes = await deps.blobs.read(batch.resultKey);
  return bytes ? JSON.parse(new TextDecoder().decode(bytes)) as OcrBatchResult : null;
}

/**
 * The event stream of a batch (part 4 §7): progress (current, total) each time a file is settled, error
 * (fileName, error) before the progress of a file that failed, complete (result) at the end. It follows
 * the batch record with kv.watch, so it only reports: the work runs in the job, and a client that goes
 * away stops the reporting, never the processing or its settling of AI uses.
 */
export function batchEventStream(
  deps: AppDeps,
  batchId: string,
  options: { heartbeatMs?: number } = {},
): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  let watch: ReadableStreamDefaultReader<Deno.KvEntryMaybe<unknown>[]> | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let closed = false;
  function stop() {
    closed = true;
    clearInterval(timer);
    watch?.cancel().catch(() => {});
  }
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const push = (text: string) => {
        if (!closed) controller.enqueue(enc.encode(text));
      };
      timer = setInterval(() => push(": heartbeat\n\n"), options.heartbeatMs ?? HEARTBEAT_MS);
      const reported = new Set<number>();
      let lastPages = "";
      let sentStart = false;
      try {
        watch = deps.kv.watch([["ocr_batches", batchId]]).getReader();
        while (!closed) {
          const next = await watch.read();
          if (next.done) break;
          const batch = next.value[0].value as OcrBatch | null;
          if (!batch) break;
          const total = batch.files.length;
          if (!sentStart) {
            sentStart = true;
            push(eventLine({ type: "progress", current: 0, total }));
          }
          for (const f of batch.files) {
            if (!isBatchFileFinished(f) || reported.has(f.index)) continue;
            reported.add(f.index);
            if (f.status === "failed") {
              push(eventLine({ type: "error", fileName: f.fileName, error: f.error ?? "" }));
            }
            push(eventLine({ type: "progress", current: reported.size, total, fileName: f.fileName }));
          }
          // The file being read, page by page (no fileName: the file is not finished).
          const reading = batch.files.find((f) => f.status === "processing" && f.pagesTotal);
          const pages = reading ? `${reading.index}:${reading.pagesDone}/${reading.pagesTotal}` : "";
          if (reading && pages !== lastPages) {
            push(eventLine({
              type: "progress",
              current: reported.size,
              total,
              pagesDone: reading.pagesDone ?? 0,
              pagesTotal: reading.pagesTotal!,
            }));
          }
          lastPages = pages;
          if (batch.resultKey) {
            const result = await readBatchResult(deps, batch);
            if (result) push(eventLine({ type: "complete", result }));
            break;
          }
          // Failed as a whole (ai_run_guard.ts): its unread files were reported failed above, then the
          // batch's own reason (no file name: it may have stopped after the last file); no result.
          if (batch.status === "failed") {
            if (batch.error) push(eventLine({ type: "error", fileName: "", error: batch.error }));
            break;
          }
        }
      } catch (err) {
        if (!closed) console.error("[ocr_extract] event stream failed:", err);
      } finally {
        const wasClosed = closed;
        stop();
        if (!wasClosed) controller.close();
      }
    },
    cancel() {
      stop();
    },
  });
}
