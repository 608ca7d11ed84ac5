import { handleCleanup } from "./cleanup_job.ts";
import type { JobHandlers } from "./dispatch.ts";
import { handleMediationGenerate } from "../services/mediation/generate_batch.ts";

/** The handler of every job type; the compiler insists on one per JobMessage variant. */
export const jobHandlers: JobHandlers = {
  "maintenance.cleanup": handleCleanup,
  "mediation.generate": handleMediationGenerate,
};
