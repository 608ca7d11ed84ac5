import { handleCleanup } from "./cleanup_job.ts";
import type { JobHandlers } from "./dispatch.ts";

/** The handler of every job type; the compiler insists on one per JobMessage variant. */
export const jobHandlers: JobHandlers = {
  "maintenance.cleanup": handleCleanup,
};
