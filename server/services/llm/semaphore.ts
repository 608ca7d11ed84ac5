import { AppError } from "../../errors.ts";

/** Whose call a slot is for, and what to do when that user already has their share. */
export interface AcquireOptions {
  /** Ends the wait with AI_CANCELLED. */
  signal?: AbortSignal;
  /** The user the call is made for; calls without one share one anonymous lane with no per-user cap. */
  user?: number | string;
  /**
   * When the user already has `perUser` calls running or waiting: "refuse" (the default; for calls a
   * person waits on) throws AI_USER_BUSY at once, "wait" (background jobs) queues behind them.
   */
  whenBusy?: "refuse" | "wait";
}

interface Waiter {
  grant: () => void;
}

const ANONYMOUS = "\u0000";

/**
 * The model slots of one server: at most `limit` calls at once (AI_MAX_CONCURRENT_CALLS), at most
 * `perUser` of them for any one user (AI_MAX_CALLS_PER_USER). Waiting calls queue per user and a
 * freed slot goes round-robin to the next user who has a waiting call and is under the cap, so one
 * user's burst never holds every slot or starves another user (issue #25 finding 4). A waiter whose
 * signal aborts leaves the queue and gets AI_CANCELLED.
 */
export class Semaphore {
  #active = 0;
  /** Calls holding a slot, per user. */
  #holding = new Map<string, number>();
  /** Waiting calls per user; the map's order is the round-robin order of users. */
  #lanes = new Map<string, Waiter[]>();

  constructor(readonly limit: number, readonly perUser: number = Infinity) {}

  /** Holders now. */
  get active(): number {
    return this.#active;
  }

  /** Calls of this user holding a slot or waiting for one. */
  pendingFor(user: number | string): number {
    const lane = String(user);
    return (this.#holding.get(lane) ?? 0) + (this.#lanes.get(lane)?.length ?? 0);
  }

  /** True when a new call of this user would be refused under "refuse". */
  isBusy(user: number | string): boolean {
    return this.pendingFor(user) >= this.perUser;
  }

  /** Waits for a slot; returns the function that gives it back (call it once). */
  async acquire(options: AcquireOptions = {}): Promise<() => void> {
    const { signal } = options;
    if (signal?.aborted) throw new AppError("AI_CANCELLED");
    const lane = options.user === undefined ? ANONYMOUS : String(options.user);
    const capped = lane !== ANONYMOUS;
    if (capped && (options.whenBusy ?? "refuse") === "refuse" && this.isBusy(lane)) {
      throw new AppError("AI_USER_BUSY");
    }
    if (this.#canRun(lane) && !this.#lanes.has(lane)) {
      this.#take(lane);
      return this.#releaser(lane);
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const queue = this.#lanes.get(lane)?.filter((w) => w !== waiter) ?? [];
        if (queue.length) this.#lanes.set(lane, queue);
        else this.#lanes.delete(lane);
        reject(new AppError("AI_CANCELLED"));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      const queue = this.#lanes.get(lane);
      if (queue) queue.push(waiter);
      else this.#lanes.set(lane, [waiter]);
    });
    return this.#releaser(lane);
  }

  #canRun(lane: string): boolean {
    if (this.#active >= this.limit) return false;
    return lane === ANONYMOUS || (this.#holding.get(lane) ?? 0) < this.perUser;
  }

  #take(lane: string): void {
    this.#active++;
    this.#holding.set(lane, (this.#holding.get(lane) ?? 0) + 1);
  }

  /** Hands free slots to waiting users in turn; a user served goes to the back of the order. */
  #dispatch(): void {
    let granted = true;
    while (granted && this.#active < this.limit) {
      granted = false;
      for (const [lane, queue] of this.#lanes) {
        if (!this.#canRun(lane)) continue;
        const waiter = queue.shift()!;
        this.#lanes.delete(lane);
        if (queue.length) this.#lanes.set(lane, queue); // back of the round-robin order
        this.#take(lane);
        waiter.grant();
        granted = true;
        break;
      }
    }
  }

  #releaser(lane: string): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#active--;
      const held = (this.#holding.get(lane) ?? 1) - 1;
      if (held > 0) this.#holding.set(lane, held);
      else this.#holding.delete(lane);
      this.#dispatch();
    };
  }
}
