/**
 * The one progress poller of the browser app (OCR runs, case splits, Excel batches, document
 * generation, custom OCR). One request at a time: the next waits `intervalMs` after an answer, never
 * overlapping a slow one. It stops when an answer is `done`, when its key changes or the page
 * unmounts (a late answer is then dropped), and after a failed request unless `retryMs` says to try
 * again.
 */
import { useEffect, useRef } from "react";

export interface PollingOptions<T> {
  /** One progress request. */
  fetch: () => Promise<T>;
  /** Each answer, in order. */
  onValue?: (value: T) => void;
  /** True when this answer is the last one needed (completed, failed...). */
  done: (value: T) => boolean;
  /** Wait between an answer and the next request. */
  intervalMs: number;
  /** After a failed request: wait this long and try again. Absent: stop polling there. */
  retryMs?: number;
  /** A failed request (called before the retry, or once when polling stops there). */
  onError?: (err: unknown) => void;
  /** Wait one interval before the first request (the page already holds a fresh answer). */
  delayFirst?: boolean;
}

/** Starts polling with `options`; the returned function stops it and drops a late answer. */
export function startPolling<T>(options: PollingOptions<T>): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = (ms: number) => {
    timer = setTimeout(poll, ms);
  };
  async function poll() {
    let value: T;
    try {
      value = await options.fetch();
    } catch (err) {
      if (stopped) return;
      options.onError?.(err);
      if (options.retryMs !== undefined && !stopped) later(options.retryMs);
      return;
    }
    if (stopped) return;
    options.onValue?.(value);
    if (!stopped && !options.done(value)) later(options.intervalMs);
  }
  if (options.delayFirst) later(options.intervalMs);
  else void poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Polls while `key` is not null, restarting when it changes. The options are read when used, so
 * callbacks may close over the latest state without restarting the polling.
 */
export function usePolling<T>(key: string | null, options: PollingOptions<T>): void {
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    if (key === null) return;
    return startPolling<T>({
      fetch: () => latest.current.fetch(),
      onValue: (value) => latest.current.onValue?.(value),
      done: (value) => latest.current.done(value),
      onError: (err) => latest.current.onError?.(err),
      intervalMs: latest.current.intervalMs,
      retryMs: latest.current.retryMs,
      delayFirst: latest.current.delayFirst,
    });
  }, [key]);
}
