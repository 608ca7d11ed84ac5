import { newId } from "./ids.ts";

// Keys:  ["pdf_batches", userId, batchNo] -> PdfBatch             (batchNo yyyymmdd_hhmmss sorts by time)
//        ["pdf_batch_files", userId, batchNo] -> KvU64            (links in the batch, bumped per upload)
//        ["pdf_batch_count", userId, "created" | "deleted"] -> KvU64  (total = created - deleted)
//        ["pdf_links", linkId] -> PdfLink
//        ["pdf_links_by_batch", userId, batchNo, linkId] -> linkId  (linkId sorts by upload time)
//        ["pdf_link_tokens", token] -> linkId                     (the public link's secret part)
//        ["pdf_link_opens", linkId] -> KvU64                      (times the link was opened)
//        ["pdf_link_last_open", linkId] -> number                 (ms of the latest open)
//
// A link's record never changes except for its expiry and revocation; counters live beside it so a
// popular link's opens never contend with those edits.

export interface PdfBatch {
  userId: number;
  batchNo: string;
  createdAt: number;
}

export interface PdfLink {
  id: string;
  userId: number;
  batchNo: string;
  /** 160 random bits (hex): the link's path segment. */
  token: string;
  originalFilename: string;
  fileSize: number;
  blobKey: string;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
}

export interface PdfLinkStats {
  openCount: number;
  lastOpenedAt: number | null;
}

export function pdfBatchKey(userId: number, batchNo: string): Deno.KvKey {
  return ["pdf_batches", userId, batchNo];
}

function filesKey(userId: number, batchNo: string): Deno.KvKey {
  return ["pdf_batch_files", userId, batchNo];
}

function toNumber(value: unknown): number {
  return value instanceof Deno.KvU64 ? Number(value.value) : 0;
}

/** A new link id (time-sortable). */
export function newPdfLinkId(now: number): string {
  return newId(now);
}

/**
 * Adds a stored PDF's link to a commit (the quota deduction's, see services/pdf_links/upload_pdf.ts):
 * the record, its batch index and token, the batch's file count, and the batch itself when
 * `batch` says it is new. `batch` is the entry read before: a new batch is checked absent, an
 * existing one checked unchanged, so a batch deleted meanwhile makes the commit fail.
 */
export function addPdfLinkToCommit(
  op: Deno.AtomicOperation,
  input: { link: PdfLink; batch: Deno.KvEntryMaybe<PdfBatch> },
): Deno.AtomicOperation {
  const { link, batch } = input;
  op.check(batch)
    .check({ key: ["pdf_link_tokens", link.token], versionstamp: null })
    .set(["pdf_links", link.id], link)
    .set(["pdf_links_by_batch", link.userId, link.batchNo, link.id], link.id)
    .set(["pdf_link_tokens", link.token], link.id)
    .sum(filesKey(link.userId, link.batchNo), 1n);
  if (batch.versionstamp === null) {
    op.set(
      pdfBatchKey(link.userId, link.batchNo),
      {
        userId: link.userId,
        batchNo: link.batchNo,
        createdAt: link.createdAt,
      } satisfies PdfBatch,
    )
      .sum(["pdf_batch_count", link.userId, "created"], 1n);
  }
  return op;
}

export async function getPdfBatchEntry(
  kv: Deno.Kv,
  userId: number,
  batchNo: string,
): Promise<Deno.KvEntryMaybe<PdfBatch>> {
  return await kv.get<PdfBatch>(pdfBatchKey(userId, batchNo));
}

export interface PdfBatchSummary extends PdfBatch {
  totalFiles: number;
}

/** One user's batches, newest first, one page of them, with the total number of batches. */
export async function listPdfBatches(
  kv: Deno.Kv,
  input: { userId: number; page: number; pageSize: number },
): Promise<{ batches: PdfBatchSummary[]; total: number }> {
  const skip = (input.page - 1) * input.pageSize;
  const batches: PdfBatch[] = [];
  let seen = 0;
  const iter = kv.list<PdfBatch>({ prefix: ["pdf_batches", input.userId] }, {
    reverse: true,
    limit: skip + input.pageSize,
  });
  for await (const entry of iter) if (seen++ >= skip) batches.push(entry.value);
  const counts = await getManyValues(kv, batches.map((b) => filesKey(input.userId, b.batchNo)));
  const [created, deleted] = await kv.getMany([
    ["pdf_batch_count", input.userId, "created"],
    ["pdf_batch_count", input.userId, "deleted"],
  ]);
  return {
    batches: batches.map((b, i) => ({ ...b, totalFiles: toNumber(counts[i]) })),
    total: Math.max(0, toNumber(created.value) - toNumber(deleted.value)),
  };
}

/** getMany takes at most 10 keys per call. */
async function getManyValues(kv: Deno.Kv, keys: Deno.KvKey[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let i = 0; i < keys.length; i += 10) {
    const entries = await kv.getMany(keys.slice(i, i + 10));
    for (const e of entries) out.push(e.value);
  }
  return out;
}

/** The links of one batch in upload order (at most `limit`), each with its open statistics. */
export async function listPdfLinks(
  kv: Deno.Kv,
  input: { userId: number; batchNo: string; limit?: number },
): Promise<{ link: PdfLink; stats: PdfLinkStats }[]> {
  const ids: string[] = [];
  const iter = kv.list<string>({ prefix: ["pdf_links_by_batch", input.userId, input.batchNo] }, {
    limit: input.limit,
  });
  for await (const entry of iter) ids.push(entry.value);
  const links = await getManyValues(kv, ids.map((id) => ["pdf_links", id])) as (PdfLink | null)[];
  const opens = await getManyValues(kv, ids.map((id) => ["pdf_link_opens", id]));
  const lastOpens = await getManyValues(kv, ids.map((id) => ["pdf_link_last_open", id]));
  const out: { link: PdfLink; stats: PdfLinkStats }[] = [];
  links.forEach((link, i) => {
    if (!link) return;
    out.push({
      link,
      stats: { openCount: toNumber(opens[i]), lastOpenedAt: (lastOpens[i] as number | null) ?? null },
    });
  });
  return out;
}

/** Number of links in a batch. */
export async function countPdfLinks(kv: Deno.Kv, userId: number, batchNo: string): Promise<number> {
  return toNumber((await kv.get(filesKey(userId, batchNo))).value);
}

/** A link by id, only when it belongs to `userId` (another user's link reads as absent). */
export async function getPdfLinkOf(kv: Deno.Kv, userId: number, linkId: string): Promise<PdfLink | null> {
  const link = (await kv.get<PdfLink>(["pdf_links", linkId])).value;
  return link && link.userId === userId ? link : null;
}

/** The link a public token opens, or null. */
export async function getPdfLinkByToken(kv: Deno.Kv, token: string): Promise<PdfLink | null> {
  const id = (await kv.get<string>(["pdf_link_tokens", token])).value;
  if (!id) return null;
  return (await kv.get<PdfLink>(["pdf_links", id])).value;
}

/** Changes a link's expiry or revocation (compare-and-set on the record). Returns the new record. */
export async function updatePdfLink(
  kv: Deno.Kv,
  input: { userId: number; linkId: string; patch: Partial<Pick<PdfLink, "expiresAt" | "revokedAt">> },
): Promise<PdfLink | null> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await kv.get<PdfLink>(["pdf_links", input.linkId]);
    if (!entry.value || entry.value.userId !== input.userId) return null;
    const next = { ...entry.value, ...input.patch };
    if ((await kv.atomic().check(entry).set(entry.key, next).commit()).ok) return next;
  }
  throw new Error("pdf link update contended");
}

/** Counts one open of a link: the count goes up by one, the last-open time is set. */
export async function recordPdfLinkOpen(kv: Deno.Kv, linkId: string, at: number): Promise<void> {
  await kv.atomic()
    .sum(["pdf_link_opens", linkId], 1n)
    .set(["pdf_link_last_open", linkId], at)
    .commit();
}

/**
 * Deletes a batch's records: every link with its token, counters and index, then the batch itself.
 * Links go first, in commits of 50, so a token never outlives its batch; the last commit checks the
 * batch's file counter, so a link added meanwhile is found on another pass. The blobs are the
 * caller's (one deletePrefix of the batch folder). False when there was no such batch.
 */
export async function deletePdfBatch(kv: Deno.Kv, userId: number, batchNo: string): Promise<boolean> {
  for (let pass = 0; pass < 20; pass++) {
    const [batch, files] = await kv.getMany<[PdfBatch, Deno.KvU64]>([
      pdfBatchKey(userId, batchNo),
      filesKey(userId, batchNo),
    ]);
    if (!batch.value) return false;
    const ids: string[] = [];
    for await (const e of kv.list<string>({ prefix: ["pdf_links_by_batch", userId, batchNo] })) {
      ids.push(e.value);
    }
    for (let i = 0; i < ids.length; i += 50) {
      const chunk = ids.slice(i, i + 50);
      const links = await getManyValues(kv, chunk.map((id) => ["pdf_links", id])) as (PdfLink | null)[];
      const op = kv.atomic();
      chunk.forEach((id, j) => {
        const link = links[j];
        if (link) op.delete(["pdf_link_tokens", link.token]);
        op.delete(["pdf_links", id])
          .delete(["pdf_links_by_batch", userId, batchNo, id])
          .delete(["pdf_link_opens", id])
          .delete(["pdf_link_last_open", id]);
      });
      if (!(await op.commit()).ok) throw new Error("pdf batch delete failed");
    }
    const res = await kv.atomic()
      .check(batch, files)
      .delete(batch.key)
      .delete(files.key)
      .sum(["pdf_batch_count", userId, "deleted"], 1n)
      .commit();
    if (res.ok) return true;
  }
  throw new Error("pdf batch delete contended");
}

/**
 * Every user's batches whose newest link was uploaded before `before` (ms), or that hold no link and
 * were created before it: the clean-up's candidates. Link ids sort by upload time, so the newest is
 * the last key of the batch's index. A link's own expiry does not keep its batch: the retention
 * setting bounds what is stored (docs/decisions/003-cleanup-hooks.md).
 */
export async function* listPdfBatchesIdleBefore(kv: Deno.Kv, before: number): AsyncIterable<PdfBatch> {
  for await (const e of kv.list<PdfBatch>({ prefix: ["pdf_batches"] })) {
    const batch = e.value;
    let lastUpload = batch.createdAt;
    const newest = kv.list<string>({ prefix: ["pdf_links_by_batch", batch.userId, batch.batchNo] }, {
      reverse: true,
      limit: 1,
    });
    for await (const id of newest) {
      const link = (await kv.get<PdfLink>(["pdf_links", id.value])).value;
      if (link) lastUpload = Math.max(lastUpload, link.createdAt);
    }
    if (lastUpload < before) yield batch;
  }
}
