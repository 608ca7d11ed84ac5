import { useEffect, useRef, useState } from "react";
import { getProgress, type RunProgress } from "../../api/custom_ocr.ts";

/** Part 4 §4: polled every 2 s while processing, 5 s after a polling error; stops at completed or failed. */
export const POLL_MS = 2_000;
export const POLL_RETRY_MS = 5_000;

/** The progress of a run, polled until it ends; `reload` fetches once more (after a change). */
export function useRunProgress(batchId: string | null) {
  const [progress, setProgress] = useState<RunProgress | null>(null);
  const [tick, setTick] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!batchId) {
      setProgress(null);
      return;
    }
    let stopped = false;
    async function poll() {
      try {
        const p = await getProgress(batchId!);
        if (stopped) return;
        setProgress(p);
        if (p.status === "processing" || p.status === "pending") timer.current = setTimeout(poll, POLL_MS);
      } catch {
        if (!stopped) timer.current = setTimeout(poll, POLL_RETRY_MS);
      }
    }
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer.current);
    };
  }, [batchId, tick]);
  return { progress, reload: () => setTick((n) => n + 1) };
}
