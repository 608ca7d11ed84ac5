/** Time source; tests pass a clock they can move forward. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock for tests: starts at `start` and moves only when told. */
export function manualClock(start = Date.UTC(2026, 0, 5, 2, 0, 0)): Clock & { advance(ms: number): void } {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

const CHINA_OFFSET_MS = 8 * 60 * 60_000;

/** The calendar day in China (UTC+8) of a timestamp, as YYYY-MM-DD. */
export function chinaDay(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}
