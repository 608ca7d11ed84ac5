import type { AppDeps } from "../deps.ts";
import { enqueueCleanup } from "./cleanup_job.ts";

/** 19:30 UTC is 03:30 in China (UTC+8): the quietest hour for a law office. */
export const CLEANUP_SCHEDULE = "30 19 * * *";

/**
 * Registers the process's cron jobs. Each only enqueues work, so the job listener does it with the
 * usual retry and task bookkeeping. Call once per process.
 */
export function registerCrons(deps: AppDeps): void {
  Deno.cron("cleanup", CLEANUP_SCHEDULE, async () => {
    try {
      await enqueueCleanup(deps);
    } catch (err) {
      console.error("[cron] could not enqueue the cleanup:", err);
    }
  });
}
