import { AppError } from "../../errors.ts";

/**
 * A counting semaphore: at most `limit` holders at once, the rest wait in arrival order. A waiter
 * whose signal aborts leaves the queue and gets AI_CANCELLED.
 */
export class Semaphore {
  #free: number;
  #waiters: { grant: () => void }[] = [];

  constructor(readonly limit: number) {
    this.#free = limit;
  }

  /** Holders now. */
  get active(): number {
    return this.limit - this.#free;
  }

  /** Waits for a slot; returns the function that gives it back (call it once). */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) throw new AppError("AI_CANCELLED");
    if (this.#free > 0) {
      this.#free--;
      return this.#releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const waiter = {
        grant: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        reject(new AppError("AI_CANCELLED"));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiters.push(waiter);
    });
    return this.#releaser();
  }

  #releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.#waiters.shift();
      if (next) next.grant(); // the slot passes straight to the next waiter
      else this.#free++;
    };
  }
}
