import assert from "node:assert/strict";
import { AppError } from "../../server/errors.ts";

/** Awaits a promise that must reject with an AppError, and returns that error for further checks. */
export async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof AppError, `expected an AppError, got ${err}`);
    return err;
  }
  assert.fail("expected a rejection");
}
