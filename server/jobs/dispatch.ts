import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { failTask } from "../kv/tasks.ts";
import { runAiJob } from "./ai_run_guard.ts";
import { isAiJobMessage } from "../services/ai_metering/ai_run_kinds.ts";
import { isJobMessage, type JobMessage, type JobMessageOf, type JobType } from "../kv/job_messages.ts";

/** One handler per job type, each typed with its own message. */
export type JobHandlers = { [T in JobType]: (deps: AppDeps, msg: JobMessageOf<T>) => Promise<void> };

/**
 * Runs the handler of one queue message. An unknown message is logged and dropped, and a handler that
 * fails marks its task failed (which refunds its quota) instead of being redelivered, so a broken input
 * cannot loop. The AI jobs that keep their own run record (ai_run_kinds.ts) go through runAiJob(): a
 * handler that throws ends its run failed with its unsettled files refunded. Throws only when KV
 * cannot record an AI run's start or failure, so KV delivers the message again. Handlers still have to
 * be idempotent: KV delivers at least once.
 */
export async function dispatchJob(deps: AppDeps, handlers: JobHandlers, msg: unknown): Promise<void> {
  if (!isJobMessage(msg) || !Object.hasOwn(handlers, msg.type)) {
    console.error("[jobs] dropped a message of unknown type:", msg);
    return;
  }
  const handler = handlers[msg.type] as (deps: AppDeps, msg: JobMessage) => Promise<void>;
  if (isAiJobMessage(msg)) return await runAiJob(deps, msg, () => handler(deps, msg));
  try {
    await handler(deps, msg);
  } catch (err) {
    if (err instanceof AppError) console.warn(`[jobs] ${msg.type} failed: ${err.code} ${err.message}`);
    else console.error(`[jobs] ${msg.type} failed:`, err);
    if (!("taskId" in msg)) return;
    const code = err instanceof AppError ? err.code : "INTERNAL";
    const params = err instanceof AppError ? err.params : {};
    const message = err instanceof AppError ? err.message : undefined;
    await failTask(deps.kv, msg.taskId, { code, params, message, now: deps.clock.now() })
      .catch((e) => console.error(`[jobs] could not mark task ${msg.taskId} failed:`, e));
  }
}

const listening = new WeakSet<Deno.Kv>();

/**
 * Starts the process's one `kv.listenQueue`. The promise settles when the KV is closed.
 * A second call on the same KV throws: two listeners would split the messages between handler maps.
 */
export function startJobListener(deps: AppDeps, handlers: JobHandlers): Promise<void> {
  if (listening.has(deps.kv)) throw new Error("the job listener is already running on this KV");
  listening.add(deps.kv);
  return deps.kv.listenQueue((msg: unknown) => dispatchJob(deps, handlers, msg));
}
