import type { QuotaKind } from "../../common/constants.ts";
import { QUOTA_FIELDS, QUOTA_KINDS, QUOTA_LABELS, QUOTA_MAX } from "../../common/constants.ts";
import { AppError } from "../errors.ts";

// Keys:  ["quotas", userId, kind] -> number (remaining uses of one counter)
//        ["quota_refunds", refundId] -> QuotaRefund (one refund per id)
//
// Every change to a counter is a compare-and-set on its versionstamp: read, check, write, and on a
// lost race read again. Concurrent spenders can never take a counter below zero or spend one use twice.

export function quotaKey(userId: number, kind: QuotaKind): Deno.KvKey {
  return ["quotas", userId, kind];
}

function refundKey(refundId: string): Deno.KvKey {
  return ["quota_refunds", refundId];
}

export interface QuotaSet {
  mediationLimit: number;
  pdfConvertLimit: number;
  aiLimit: number;
}

export interface QuotaRefund {
  userId: number;
  kind: QuotaKind;
  amount: number;
  at: number;
}

/** A commit refused by a check the caller added through `extend` (not by the counter itself). */
export class CommitRejected extends Error {
  constructor() {
    super("commit rejected by a check added in extend()");
  }
}

/** Attempts before a contended counter answers QUOTA_BUSY. */
const MAX_ATTEMPTS = 200;

/** A short random pause after a lost race, growing with the attempt number (at most ~20 ms). */
function backoff(attempt: number): Promise<void> {
  const ms = Math.random() * Math.min(20, 1 + attempt);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw new Error(`quota amount must be a positive integer, got ${amount}`);
  }
}

/** The three remaining-use counters of a user (absent counters read as 0). */
export async function getQuotas(kv: Deno.Kv, userId: number): Promise<QuotaSet> {
  const entries = await kv.getMany<number[]>(QUOTA_KINDS.map((k) => quotaKey(userId, k)));
  const set: QuotaSet = { mediationLimit: 0, pdfConvertLimit: 0, aiLimit: 0 };
  QUOTA_KINDS.forEach((kind, i) => {
    set[QUOTA_FIELDS[kind]] = entries[i].value ?? 0;
  });
  return set;
}

/** Throws QUOTA_INSUFFICIENT unless `amount` uses of `kind` are left. A check only: nothing is deducted. */
export async function assertQuotaLeft(
  kv: Deno.Kv,
  input: { userId: number; kind: QuotaKind; amount: number },
): Promise<number> {
  const left = (await kv.get<number>(quotaKey(input.userId, input.kind))).value ?? 0;
  if (left < input.amount) {
    throw new AppError("QUOTA_INSUFFICIENT", { label: QUOTA_LABELS[input.kind], need: input.amount, left });
  }
  return left;
}

export interface SpendQuotaInput {
  userId: number;
  kind: QuotaKind;
  amount: number;
  /**
   * Adds the caller's writes (task record, enqueue) to the deduction's commit, so either both happen
   * or neither. Called once per attempt with the count that will remain.
   */
  extend?: (op: Deno.AtomicOperation, left: number) => void;
}

/**
 * Deducts `amount` uses atomically and returns what remains.
 * Throws QUOTA_INSUFFICIENT ({label, need, left}) when not enough is left, QUOTA_BUSY when the
 * counter stays contended, and CommitRejected when a check added by `extend` fails.
 */
export async function spendQuota(kv: Deno.Kv, input: SpendQuotaInput): Promise<number> {
  assertAmount(input.amount);
  const key = quotaKey(input.userId, input.kind);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const entry = await kv.get<number>(key);
    const left = entry.value ?? 0;
    if (left < input.amount) {
      throw new AppError("QUOTA_INSUFFICIENT", { label: QUOTA_LABELS[input.kind], need: input.amount, left });
    }
    const op = kv.atomic().check(entry).set(key, left - input.amount);
    input.extend?.(op, left - input.amount);
    if ((await op.commit()).ok) return left - input.amount;
    // Lost the race on the counter: read again. Otherwise the caller's own check failed.
    if (input.extend && (await kv.get(key)).versionstamp === entry.versionstamp) throw new CommitRejected();
    await backoff(attempt);
  }
  throw new AppError("QUOTA_BUSY");
}

/** What a refund will write; null from planRefund() means the refund id was already used. */
export interface RefundPlan {
  counter: Deno.KvEntryMaybe<number>;
  marker: Deno.KvEntryMaybe<QuotaRefund>;
  refundId: string;
  refund: QuotaRefund;
}

export interface RefundInput {
  refundId: string;
  userId: number;
  kind: QuotaKind;
  amount: number;
  at?: number;
}

/** Reads what a refund needs. Returns null when `refundId` has been refunded before. */
export async function planRefund(kv: Deno.Kv, input: RefundInput): Promise<RefundPlan | null> {
  assertAmount(input.amount);
  const [counter, marker] = await kv.getMany<[number, QuotaRefund]>([
    quotaKey(input.userId, input.kind),
    refundKey(input.refundId),
  ]);
  if (marker.versionstamp !== null) return null;
  const refund = { userId: input.userId, kind: input.kind, amount: input.amount, at: input.at ?? Date.now() };
  return { counter, marker, refundId: input.refundId, refund };
}

/** Adds a planned refund to a commit: the counter goes up and the refund id is marked used. */
export function applyRefund(op: Deno.AtomicOperation, plan: RefundPlan): Deno.AtomicOperation {
  return op.check(plan.counter, plan.marker)
    .set(quotaKey(plan.refund.userId, plan.refund.kind), (plan.counter.value ?? 0) + plan.refund.amount)
    .set(refundKey(plan.refundId), plan.refund);
}

/**
 * Gives `amount` uses back, exactly once per `refundId` (a task id, say): a second call with the same id
 * returns false and changes nothing. A refund is not capped at QUOTA_MAX: it returns what was spent.
 */
export async function refundQuota(kv: Deno.Kv, input: RefundInput): Promise<boolean> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const plan = await planRefund(kv, input);
    if (!plan) return false;
    if ((await applyRefund(kv.atomic(), plan).commit()).ok) return true;
    await backoff(attempt);
  }
  throw new AppError("QUOTA_BUSY");
}

function assertQuotaValue(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > QUOTA_MAX) {
    throw new AppError("QUOTA_OUT_OF_RANGE", { max: QUOTA_MAX }, { field: "limit" });
  }
}

/** Sets a counter to `value` (0..QUOTA_MAX), for administrators. Returns the new value. */
export async function setQuota(
  kv: Deno.Kv,
  input: { userId: number; kind: QuotaKind; value: number },
): Promise<number> {
  assertQuotaValue(input.value);
  const res = await kv.atomic().set(quotaKey(input.userId, input.kind), input.value).commit();
  if (!res.ok) throw new AppError("QUOTA_BUSY");
  return input.value;
}

export interface ChangeQuotaInput {
  userId: number;
  kind: QuotaKind;
  /** The new value from the current one; throw (e.g. QUOTA_OUT_OF_RANGE) to refuse. */
  next: (before: number) => number;
  /**
   * Adds the caller's writes (audit entry, usage record) to the change's commit with the exact
   * before and after values of that attempt, so a change is never left unrecorded.
   */
  extend?: (op: Deno.AtomicOperation, change: { before: number; after: number }) => void;
}

/**
 * An administrator's change to one counter (set or top-up) as compare-and-set: `before` is the value
 * the change replaced even when others spend or change the counter at the same moment. The result
 * must stay within 0..QUOTA_MAX (QUOTA_OUT_OF_RANGE otherwise). Returns before and after.
 */
export async function changeQuota(
  kv: Deno.Kv,
  input: ChangeQuotaInput,
): Promise<{ before: number; after: number }> {
  const key = quotaKey(input.userId, input.kind);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const entry = await kv.get<number>(key);
    const before = entry.value ?? 0;
    const after = input.next(before);
    assertQuotaValue(after);
    const op = kv.atomic().check(entry).set(key, after);
    input.extend?.(op, { before, after });
    if ((await op.commit()).ok) return { before, after };
    await backoff(attempt);
  }
  throw new AppError("QUOTA_BUSY");
}

/**
 * Adds `amount` uses (a top-up, for administrators). Throws QUOTA_OUT_OF_RANGE when the result would
 * leave 0..QUOTA_MAX. Returns the new value.
 */
export async function addQuota(
  kv: Deno.Kv,
  input: { userId: number; kind: QuotaKind; amount: number },
): Promise<number> {
  if (!Number.isSafeInteger(input.amount) || input.amount < 1) {
    throw new AppError("QUOTA_OUT_OF_RANGE", { max: QUOTA_MAX }, { field: "amount" });
  }
  const key = quotaKey(input.userId, input.kind);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const entry = await kv.get<number>(key);
    const next = (entry.value ?? 0) + input.amount;
    if (next > QUOTA_MAX) throw new AppError("QUOTA_OUT_OF_RANGE", { max: QUOTA_MAX }, { field: "amount" });
    if ((await kv.atomic().check(entry).set(key, next).commit()).ok) return next;
    await backoff(attempt);
  }
  throw new AppError("QUOTA_BUSY");
}
