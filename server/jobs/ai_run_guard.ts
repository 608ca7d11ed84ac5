import { errorMessage } from "../../common/errors.ts";
import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { failAiRun } from "../services/ai_metering/ai_run_failure.ts";
import {
  type AiJobMessage,
  aiRunKindOf,
  aiRunKinds,
  enqueueAiJob,
  isAiJobMessage,
} from "../services/ai_metering/ai_run_kinds.ts";
import { isJobMessage } from "../kv/job_messages.ts";

// Keys:  ["ai_jobs_running", type, runId] -> RunningAiJob   (an AI job whose handler started, not yet ended)
//
// The AI jobs (ai_run_kinds.ts) settle each file once, but a throw outside that (KV, blob store, a bug)
// or the end of the whole process would leave their run "processing" with its unsettled files charged.
// runAiJob() wraps each delivery: a handler that throws, or returns with its run still open, ends the
// run failed (failAiRun: unsettled files refunded once, usage records failed). The marker lives while a
// handler runs, so resumeAiRuns() at start finds the runs a stop cut off and enqueues them again, or
// fails them once AI_JOB_MAX_ATTEMPTS deliveries have started without ending.

/** Deliveries of one run that may start; the next one (a run that keeps killing the process) fails it. */
export const AI_JOB_MAX_ATTEMPTS = 3;

interface RunningAiJob {
  msg: AiJobMessage;
  attempts: number;
  startedAt: number;
}

function markerKey(msg: AiJobMessage): [string, string, string] {
  return ["ai_jobs_running", msg.type, aiRunKindOf(msg).runId(msg)];
}

/** Runs being handled in this process, per KV (a duplicate delivery meanwhile is dropped). */
const handlingHere = new WeakMap<Deno.Kv, Set<string>>();

/** The Chinese reason a run failed, from what its handler threw (unknown errors are not shown). */
export function aiRunFailureText(err: unknown): string {
  return errorMessage("AI_RUN_FAILED", err instanceof AppError ? { reason: err.message } : {});
}

/**
 * Ends an AI job's run as failed with `error`, refunding its unsettled files once (failAiRun). Does
 * nothing to a run that is gone, finished or failed. Returns the uses given back.
 */
export async function failAiJob(
  deps: Pick<AppDeps, "kv" | "clock">,
  msg: AiJobMessage,
  error: string,
): Promise<number> {
  return await failAiRun(deps.kv, aiRunKindOf(msg).target(msg), { error, now: deps.clock.now() });
}

async function isRunOpen(kv: Deno.Kv, msg: AiJobMessage): Promise<boolean> {
  const target = aiRunKindOf(msg).target(msg);
  const run = (await kv.get(target.key)).value;
  return run !== null && target.isOpen(run);
}

/**
 * Handles one delivery of an AI job. Throws only when KV cannot record what happened (the start
 * marker, or the failure itself): KV then delivers the message again, and the handler resumes.
 */
export async function runAiJob(
  deps: Pick<AppDeps, "kv" | "clock">,
  msg: AiJobMessage,
  handle: () => Promise<void>,
): Promise<void> {
  const { kv, clock } = deps;
  const key = markerKey(msg);
  const runId = aiRunKindOf(msg).runId(msg);
  const here = handlingHere.get(kv) ?? handlingHere.set(kv, new Set()).get(kv)!;
  const id = JSON.stringify(key);
  if (here.has(id)) return;
  here.add(id);
  try {
    const attempts = ((await kv.get<RunningAiJob>(key)).value?.attempts ?? 0) + 1;
    if (attempts > AI_JOB_MAX_ATTEMPTS) {
      console.error(`[jobs] ${msg.type} ${runId} stopped ${AI_JOB_MAX_ATTEMPTS} times: failing it`);
      await failAiJob(deps, msg, errorMessage("AI_RUN_INTERRUPTED"));
      await kv.delete(key);
      return;
    }
    await kv.set(key, { msg, attempts, startedAt: clock.now() } satisfies RunningAiJob);
    let failure: string | null = null;
    try {
      await handle();
      if (await isRunOpen(kv, msg)) {
        console.error(`[jobs] ${msg.type} ${runId} returned with its run unfinished: failing it`);
        failure = aiRunFailureText(null);
      }
    } catch (err) {
      if (err instanceof AppError) console.warn(`[jobs] ${msg.type} failed: ${err.code} ${err.message}`);
      else console.error(`[jobs] ${msg.type} failed:`, err);
      failure = aiRunFailureText(err);
    }
    if (failure !== null) await failAiJob(deps, msg, failure);
    await kv.delete(key);
  } finally {
    here.delete(id);
  }
}

/**
 * At start-up, for the AI runs the last stop cut off: a run whose handler had started (its marker is
 * left) is enqueued again and resumes where it stopped (settled files are skipped), unless its
 * deliveries are used up, then it fails; a run whose message KV gave up delivering fails. Failing
 * refunds the unsettled files once. Idempotent: a second call finds nothing left to do, and a message
 * enqueued twice is harmless (the handler skips settled files; a duplicate delivery meanwhile is dropped).
 */
export async function resumeAiRuns(
  deps: Pick<AppDeps, "kv" | "clock">,
): Promise<{ resumed: number; failed: number }> {
  const { kv } = deps;
  let resumed = 0;
  let failed = 0;
  const interrupted = errorMessage("AI_RUN_INTERRUPTED");
  for await (const entry of kv.list<RunningAiJob>({ prefix: ["ai_jobs_running"] })) {
    const msg = entry.value?.msg;
    if (!isJobMessage(msg) || !isAiJobMessage(msg) || !(await isRunOpen(kv, msg))) {
      await kv.delete(entry.key);
    } else if (entry.value.attempts >= AI_JOB_MAX_ATTEMPTS) {
      await failAiJob(deps, msg, interrupted);
      await kv.delete(entry.key);
      failed++;
    } else {
      await enqueueAiJob(kv.atomic(), msg).commit();
      resumed++;
    }
  }
  for (const kind of Object.values(aiRunKinds)) {
    for await (const entry of kv.list<unknown>({ prefix: kind.undeliveredPrefix })) {
      const msg = entry.value;
      if (isJobMessage(msg) && isAiJobMessage(msg) && (await isRunOpen(kv, msg))) {
        await failAiJob(deps, msg, interrupted);
        failed++;
      }
      await kv.delete(entry.key);
    }
  }
  return { resumed, failed };
}
