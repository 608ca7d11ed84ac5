import type { MediationBatchStatus } from "../../common/schemas/mediation.ts";
import { AppError } from "../errors.ts";
import { applyRefund, planRefund } from "./quotas.ts";

// Keys:  ["mediation_batches", userId, batchId] -> MediationBatch   (batchId = its first task's id: time-sortable)
//        ["mediation_batch_no", userId, batchNo] -> batchId         (unique per user)
//        ["mediation_batch_count", userId] -> KvU64                 (for the history's total)
//        ["mediation_rows", batchId, index] -> MediationRow         (one per finished row; absent = not done yet)
//        ["mediation_active", batchId] -> MediationRun              (a run in progress; re-enqueued at start-up)
//        ["mediation_settings", userId] -> { namePattern }
//
// A batch is charged for all its rows when it starts (startTask with quota). Each row's outcome is one
// commit that checks the row's previous entry, so a row is recorded, and a failed row refunded
// (refund id "<batchId>:<index>:<attempt>"), exactly once however often a run is delivered.

export type BatchStatus = MediationBatchStatus;

export interface MediationBatch {
  id: string;
  userId: number;
  batchNo: string;
  templateName: string;
  /** A copy of the template in the batch's folder: the batch outlives a deleted template. */
  templateKey: string;
  /** The sheet's data as JSON ({ headers, rows, rowNumbers }) in the batch's folder. */
  rowsKey: string;
  blobPrefix: string;
  total: number;
  namePattern: string;
  status: BatchStatus;
  /** 1 for the first run, +1 for each retry of the failed rows. */
  attempt: number;
  /** The task of the current (latest) run. */
  taskId: string;
  successCount: number;
  failedCount: number;
  /** Whether PDFs were made in the latest run (false when LibreOffice is missing). */
  pdfAvailable: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface MediationRow {
  index: number;
  /** Excel row number (header = 1). */
  row: number;
  status: "done" | "failed";
  fileName: string;
  applicant: string;
  respondent: string;
  caseNumber: string;
  wordKey: string | null;
  pdfKey: string | null;
  /** Why the row failed (Chinese), or why it has no PDF. */
  error?: string;
  attempt: number;
  finishedAt: number;
}

export interface MediationRun {
  batchId: string;
  userId: number;
  taskId: string;
  attempt: number;
}

export function batchKey(userId: number, batchId: string): Deno.KvKey {
  return ["mediation_batches", userId, batchId];
}

export function batchNoKey(userId: number, batchNo: string): Deno.KvKey {
  return ["mediation_batch_no", userId, batchNo];
}

export function activeRunKey(batchId: string): Deno.KvKey {
  return ["mediation_active", batchId];
}

function rowKey(batchId: string, index: number): Deno.KvKey {
  return ["mediation_rows", batchId, index];
}

/** Adds a new batch, its number index, its counter and its active run to a commit. */
export function addBatchToCommit(op: Deno.AtomicOperation, batch: MediationBatch): Deno.AtomicOperation {
  return op.check({ key: batchNoKey(batch.userId, batch.batchNo), versionstamp: null })
    .set(batchKey(batch.userId, batch.id), batch)
    .set(batchNoKey(batch.userId, batch.batchNo), batch.id)
    .sum(["mediation_batch_count", batch.userId], 1n)
    .set(
      activeRunKey(batch.id),
      {
        batchId: batch.id,
        userId: batch.userId,
        taskId: batch.taskId,
        attempt: batch.attempt,
      } satisfies MediationRun,
    );
}

export async function getBatch(kv: Deno.Kv, userId: number, batchId: string): Promise<MediationBatch | null> {
  return (await kv.get<MediationBatch>(batchKey(userId, batchId))).value;
}

/** A user's batch by its number, or null (another user's number finds nothing). */
export async function getBatchByNo(
  kv: Deno.Kv,
  userId: number,
  batchNo: string,
): Promise<MediationBatch | null> {
  const id = (await kv.get<string>(batchNoKey(userId, batchNo))).value;
  return id ? await getBatch(kv, userId, id) : null;
}

/** The user's newest batch, or null. */
export async function getLatestBatch(kv: Deno.Kv, userId: number): Promise<MediationBatch | null> {
  for await (
    const e of kv.list<MediationBatch>({ prefix: ["mediation_batches", userId] }, { reverse: true, limit: 1 })
  ) {
    return e.value;
  }
  return null;
}

/** One page of a user's batches, newest first, and the total. */
export async function listBatches(
  kv: Deno.Kv,
  userId: number,
  page: { offset: number; limit: number },
): Promise<{ records: MediationBatch[]; total: number }> {
  const records: MediationBatch[] = [];
  let skipped = 0;
  for await (
    const e of kv.list<MediationBatch>({ prefix: ["mediation_batches", userId] }, {
      reverse: true,
      limit: page.offset + page.limit,
    })
  ) {
    if (skipped++ < page.offset) continue;
    records.push(e.value);
  }
  const count = (await kv.get<Deno.KvU64>(["mediation_batch_count", userId])).value;
  return { records, total: Number(count?.value ?? 0n) };
}

/** Changes a batch with `change`, retrying on concurrent writes; returns the stored batch or null. */
export async function updateBatch(
  kv: Deno.Kv,
  userId: number,
  batchId: string,
  change: (batch: MediationBatch) => MediationBatch,
): Promise<MediationBatch | null> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const entry = await kv.get<MediationBatch>(batchKey(userId, batchId));
    if (!entry.value) return null;
    const next = change(entry.value);
    if ((await kv.atomic().check(entry).set(entry.key, next).commit()).ok) return next;
  }
  throw new Error("batch update contended");
}

/** Every recorded row of a batch, in row order. */
export async function listRows(kv: Deno.Kv, batchId: string, limit?: number): Promise<MediationRow[]> {
  const rows: MediationRow[] = [];
  for await (const e of kv.list<MediationRow>({ prefix: ["mediation_rows", batchId] }, { limit })) {
    rows.push(e.value);
  }
  return rows;
}

export async function getRow(kv: Deno.Kv, batchId: string, index: number): Promise<MediationRow | null> {
  return (await kv.get<MediationRow>(rowKey(batchId, index))).value;
}

/**
 * Records one row's outcome for a run, once: the commit checks that the row holds nothing newer than
 * an earlier attempt's failure. A failed row gives its use back in the same commit. Returns false
 * when the row was already recorded for this attempt (a redelivered run).
 */
export async function recordRowOutcome(
  kv: Deno.Kv,
  input: { batch: Pick<MediationBatch, "id" | "userId">; row: MediationRow; now: number },
): Promise<boolean> {
  const key = rowKey(input.batch.id, input.row.index);
  for (let attempt = 0; attempt < 50; attempt++) {
    const current = await kv.get<MediationRow>(key);
    if (current.value && (current.value.attempt >= input.row.attempt || current.value.status === "done")) {
      return false;
    }
    const op = kv.atomic().check(current).set(key, input.row);
    if (input.row.status === "failed") {
      const plan = await planRefund(kv, {
        refundId: `${input.batch.id}:${input.row.index}:${input.row.attempt}`,
        userId: input.batch.userId,
        kind: "mediation",
        amount: 1,
        at: input.now,
      });
      if (plan) applyRefund(op, plan);
    }
    if ((await op.commit()).ok) return true;
  }
  throw new Error("row outcome contended");
}

/**
 * Deletes a batch's records: its rows in commits of 500, then the batch, its number, its active run
 * and one off the user's count in a commit that checks the batch is still the one read, so deleting
 * twice (a click and the clean-up) counts once. The caller removes the blob folder first and makes
 * sure the batch is finished. Returns false when the batch was not there (any more).
 */
export async function deleteBatchRecords(
  kv: Deno.Kv,
  batch: Pick<MediationBatch, "id" | "userId">,
): Promise<boolean> {
  const entry = await kv.get<MediationBatch>(batchKey(batch.userId, batch.id));
  if (!entry.value) return false;
  const keys: Deno.KvKey[] = [];
  for await (const e of kv.list({ prefix: ["mediation_rows", batch.id] })) keys.push(e.key);
  for (let i = 0; i < keys.length; i += 500) {
    const op = kv.atomic();
    for (const key of keys.slice(i, i + 500)) op.delete(key);
    if (!(await op.commit()).ok) throw new Error("batch rows delete rejected");
  }
  const res = await kv.atomic()
    .check(entry)
    .delete(entry.key)
    .delete(batchNoKey(batch.userId, entry.value.batchNo))
    .delete(activeRunKey(batch.id))
    .sum(["mediation_batch_count", batch.userId], 0xffffffffffffffffn) // -1 modulo 2^64
    .commit();
  if (res.ok) return true;
  // Changed meanwhile: deleted by someone else (false), or a retry started on it.
  if (!(await kv.get(entry.key)).value) return false;
  throw new AppError("BATCH_RUNNING");
}

/**
 * Every user's batches that are finished ("done" or "failed") and unchanged since before `before`
 * (ms): the clean-up's candidates. Reads all batch records (not their rows).
 */
export async function* listBatchesIdleBefore(kv: Deno.Kv, before: number): AsyncIterable<MediationBatch> {
  for await (const e of kv.list<MediationBatch>({ prefix: ["mediation_batches"] })) {
    const batch = e.value;
    if ((batch.status === "done" || batch.status === "failed") && batch.updatedAt < before) yield batch;
  }
}

/** The runs in progress (for resuming after a restart). */
export async function listActiveRuns(kv: Deno.Kv): Promise<MediationRun[]> {
  const runs: MediationRun[] = [];
  for await (const e of kv.list<MediationRun>({ prefix: ["mediation_active"] })) runs.push(e.value);
  return runs;
}

export async function getNamePattern(kv: Deno.Kv, userId: number): Promise<string | null> {
  return (await kv.get<{ namePattern: string }>(["mediation_settings", userId])).value?.namePattern ?? null;
}

export async function setNamePattern(kv: Deno.Kv, userId: number, namePattern: string): Promise<void> {
  await kv.set(["mediation_settings", userId], { namePattern });
}
