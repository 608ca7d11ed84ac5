import { useEffect, useState } from "react";
import { getProgress, type RunProgress } from "../../api/custom_ocr.ts";
import { usePolling } from "../../components/use_polling.ts";

/** Part 4 §4: polled every 2 s while processing, 5 s after a polling error; stops at completed or failed. */
export const POLL_MS = 2_000;
export const POLL_RETRY_MS = 5_000;

/** The progress of a run, polled until it ends; `reload` fetches once more (after a change). */
export function useRunProgress(batchId: string | null) {
  const [progress, setProgress] = useState<RunProgress | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!batchId) setProgress(null);
  }, [batchId]);
  usePolling(batchId ? `${batchId}#${tick}` : null, {
    fetch: () => getProgress(batchId!),
    onValue: setProgress,
    done: (p) => p.status !== "processing" && p.status !== "pending",
    intervalMs: POLL_MS,
    retryMs: POLL_RETRY_MS,
  });
  return { progress, reload: () => setTick((n) => n + 1) };
}
