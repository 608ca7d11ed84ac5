/**
 * Imports law files into the library (issue #14 §1): uploaded files (.md, .txt, .docx, .zip) are parsed
 * in a permission-less worker; a folder on the server (LAWS_DIR) is read directly. New versions are
 * stored, duplicates of stored texts skipped, and every version's status resolved again (a newer
 * version marks the older one 已被修改). Administrator corrections are kept.
 */
import type { ImportReport, LawImportStatus } from "../../../common/schemas/law_search.ts";
import { chinaDay } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { newId } from "../../kv/ids.ts";
import { createLaw, deleteLaw, getLawRecord, listLawRecords, saveLawRecords } from "../../kv/laws.ts";
import { runInWorker } from "../../workers/run_in_worker.ts";
import type { LawImportWorkerInput, LawImportWorkerResult } from "../../workers/law_import_worker.ts";
import type {
  LawCorpusEvent,
  LawCorpusWorkerInput,
  LawCorpusWorkerResult,
} from "../../workers/law_corpus_worker.ts";
import { assembleLaws, EMPTY_LAW_FILE, resolveStatuses } from "./assemble.ts";
import { normalizeLawName } from "../../../common/law_name_key.ts";
import { invalidateLawLibrary, type LawDeps } from "./library_store.ts";
import { walkLawFiles } from "./load_folder.ts";
import type { LawLevel, LawRecord, LawStatus, ParsedLawFile } from "./types.ts";

const WORKER_URL = new URL("../../workers/law_import_worker.ts", import.meta.url);
export const LAW_IMPORT_MAX_BYTES = 100 * 1024 * 1024;
const WORKER_TIMEOUT_MS = 120_000;
const CORPUS_WORKER_URL = new URL("../../workers/law_corpus_worker.ts", import.meta.url);
/** The built-in corpus takes about 15 CPU seconds in the worker; a busy machine may need much longer. */
const CORPUS_WORKER_TIMEOUT_MS = 30 * 60_000;

export type { ImportReport };
export type ImportProgress = LawImportStatus;

type ProgressFn = (p: ImportProgress) => void;

/** Files per batch when a large set is imported: each batch is assembled and stored, then progress moves. */
const BATCH_FILES = 50;

/**
 * Assembles parsed files into versions and stores them with a provisional status; `seen` holds the
 * sha256 of every stored version (duplicates) and gains the new ones.
 */
async function storeBatch(deps: LawDeps, parsed: ParsedLawFile[], seen: Map<string, string>) {
  const now = deps.clock.now();
  const { laws, duplicates } = await assembleLaws(parsed, {
    now,
    newId: () => newId(now),
    existingHashes: seen,
  });
  for (const l of laws) {
    seen.set(l.record.sha256, l.record.title);
    await createLaw(deps.kv, deps.blobs, l.record, l.text);
  }
  return { laws, duplicates };
}

/** Resolves every stored version's status again and saves the changed records. */
async function resolveStored(deps: LawDeps): Promise<Map<string, LawRecord>> {
  const all = await listLawRecords(deps.kv);
  const resolved = new Map(resolveStatuses(all, chinaDay(deps.clock.now())).map((r) => [r.id, r]));
  const stored = new Map(all.map((r) => [r.id, r]));
  const changed = [...resolved.values()].filter((r) => {
    const s = stored.get(r.id)!;
    return r.status !== s.status || r.statusBasis !== s.statusBasis || r.successor !== s.successor;
  });
  await saveLawRecords(deps.kv, changed);
  return resolved;
}

/**
 * Stores parsed files: in batches of whole laws (all files of one title stay together, so 民法典's
 * parts become one version), then every status resolved once and the library rebuilt.
 */
async function storeParsed(
  deps: LawDeps,
  parsed: ParsedLawFile[],
  onProgress?: ProgressFn,
): Promise<Omit<ImportReport, "files" | "skipped">> {
  const existing = await listLawRecords(deps.kv);
  const seen = new Map(existing.map((r) => [r.sha256, r.title]));
  const byTitle = new Map<string, ParsedLawFile[]>();
  for (const p of parsed) {
    const key = normalizeLawName(p.title);
    byTitle.set(key, [...(byTitle.get(key) ?? []), p]);
  }
  // Records only: the texts are stored, and holding them while the library is rebuilt costs memory.
  const laws: LawRecord[] = [];
  const duplicates: { source: string; of: string }[] = [];
  let batch: ParsedLawFile[] = [];
  let done = 0;
  const flush = async () => {
    const r = await storeBatch(deps, batch, seen);
    laws.push(...r.laws.map((l) => l.record));
    duplicates.push(...r.duplicates);
    done += batch.length;
    batch = [];
    onProgress?.({ phase: "importing", done, total: parsed.length });
  };
  for (const group of byTitle.values()) {
    batch.push(...group);
    if (batch.length >= BATCH_FILES) await flush();
  }
  if (batch.length > 0) await flush();
  return await finishImport(deps, { existing, laws, duplicates, total: parsed.length, onProgress });
}

/** After the versions are stored: every status resolved once, the library rebuilt, the report. */
async function finishImport(
  deps: LawDeps,
  input: {
    existing: LawRecord[];
    /** The new versions' records. */
    laws: LawRecord[];
    duplicates: { source: string; of: string }[];
    total: number;
    onProgress?: ProgressFn;
  },
): Promise<Omit<ImportReport, "files" | "skipped">> {
  const { existing, laws, total, onProgress } = input;
  const resolved = await resolveStored(deps);
  const changed = laws.length > 0 || existing.some((r) => {
    const n = resolved.get(r.id);
    return n && (n.status !== r.status || n.successor !== r.successor);
  });
  if (changed) {
    onProgress?.({ phase: "indexing", done: total, total });
    await invalidateLawLibrary(deps);
  }
  return {
    imported: laws.map((l) => {
      const r = resolved.get(l.id)!;
      return {
        id: r.id,
        title: r.title,
        articleCount: r.articleCount,
        status: r.status,
        files: l.sources.length,
      };
    }),
    duplicates: input.duplicates,
  };
}

/** Uploaded files: parsed in the worker, then stored. */
export async function importLawFiles(
  deps: LawDeps,
  files: { name: string; bytes: Uint8Array }[],
): Promise<ImportReport> {
  if (files.length === 0) throw new AppError("LAW_FILES_REQUIRED");
  for (const f of files) if (!/\.(md|txt|docx|zip)$/i.test(f.name)) throw new AppError("LAW_FILE_TYPE");
  const input: LawImportWorkerInput = { files, maxUncompressedBytes: 4 * LAW_IMPORT_MAX_BYTES };
  const result = await runInWorker<LawImportWorkerResult>(WORKER_URL, input, {
    timeoutMs: WORKER_TIMEOUT_MS,
    maxInputBytes: LAW_IMPORT_MAX_BYTES,
  });
  if (result.parsed.length === 0) {
    if (
      result.skipped.length === 1 && files.length === 1 && result.skipped[0].reason !== EMPTY_LAW_FILE
    ) {
      throw new AppError("LAW_FILE_UNREADABLE", { name: files[0].name, reason: result.skipped[0].reason });
    }
    throw new AppError("LAW_IMPORT_EMPTY");
  }
  const report = await storeParsed(deps, result.parsed);
  return { files: result.parsed.length + result.skipped.length, ...report, skipped: result.skipped };
}

/**
 * A large import (the built-in .tar.xz, or files read from a folder): decoding, parsing and assembling
 * run in a worker so the server keeps answering; each batch it sends is stored here (ids given here),
 * with progress. Files without a title or articles are skipped with the reason.
 */
async function importInWorker(
  deps: LawDeps,
  source: { archive: Uint8Array } | { files: { path: string; text: string }[] },
  onProgress?: ProgressFn,
): Promise<ImportReport> {
  const existing = await listLawRecords(deps.kv);
  const now = deps.clock.now();
  const events: LawCorpusEvent[] = [];
  let wake = () => {};
  const input: LawCorpusWorkerInput = {
    ...source,
    existingHashes: existing.map((r) => [r.sha256, r.title]),
    now,
    batchFiles: BATCH_FILES,
  };
  let finished = false;
  const result = runInWorker<LawCorpusWorkerResult>(CORPUS_WORKER_URL, input, {
    timeoutMs: CORPUS_WORKER_TIMEOUT_MS,
    maxInputBytes: LAW_IMPORT_MAX_BYTES,
    onEvent: (e) => {
      events.push(e as LawCorpusEvent);
      wake();
    },
  }).finally(() => {
    finished = true;
    wake();
  });
  const laws: LawRecord[] = [];
  const duplicates: { source: string; of: string }[] = [];
  let total = 0;
  while (!finished || events.length > 0) {
    const e = events.shift();
    if (!e) {
      await new Promise<void>((resolve) => wake = resolve);
      continue;
    }
    if (e.kind === "read") {
      total = e.total;
      onProgress?.({ phase: "reading", done: e.done, total });
      continue;
    }
    for (const l of e.laws) {
      l.record.id = newId(now);
      await createLaw(deps.kv, deps.blobs, l.record, l.text);
      laws.push(l.record);
    }
    duplicates.push(...e.duplicates);
    onProgress?.({ phase: "importing", done: e.done, total });
  }
  const { files, skipped } = await result;
  const report = await finishImport(deps, { existing, laws, duplicates, total: files, onProgress });
  return { files, ...report, skipped };
}

/** Law files already read as text (a folder on the server): parsed and stored in batches, with progress. */
export async function importLawTexts(
  deps: LawDeps,
  files: { path: string; text: string }[],
  onProgress?: ProgressFn,
): Promise<ImportReport> {
  return await importInWorker(deps, { files }, onProgress);
}

/** A .tar.xz of law files (the built-in national corpus). */
export async function importLawArchive(
  deps: LawDeps,
  archive: Uint8Array,
  onProgress?: ProgressFn,
): Promise<ImportReport> {
  return await importInWorker(deps, { archive }, onProgress);
}

/** A folder on the server (the administrator's own files): every .md/.txt below it. */
export async function importLawFolder(
  deps: LawDeps,
  dir: string,
  onProgress?: ProgressFn,
): Promise<ImportReport> {
  const files: { path: string; text: string }[] = [];
  for await (const f of walkLawFiles(dir)) files.push({ path: f.rel, text: await Deno.readTextFile(f.path) });
  return await importLawTexts(deps, files, onProgress);
}

export interface LawPatch {
  status?: LawStatus;
  statusBasis?: string;
  publishDate?: string | null;
  effectiveDate?: string | null;
  level?: LawLevel;
  successor?: string | null;
  /** true hands status back to automatic resolution. */
  automatic?: boolean;
}

/** An administrator's correction: status, basis, dates, level, successor. */
export async function updateLaw(deps: LawDeps, id: string, patch: LawPatch): Promise<LawRecord> {
  const record = await getLawRecord(deps.kv, id);
  if (!record) throw new AppError("LAW_NOT_FOUND");
  const next: LawRecord = { ...record };
  for (const k of ["status", "statusBasis", "publishDate", "effectiveDate", "level", "successor"] as const) {
    if (patch[k] !== undefined) (next as unknown as Record<string, unknown>)[k] = patch[k];
  }
  next.statusManual = patch.automatic ? false : patch.status !== undefined || record.statusManual;
  if (patch.status !== undefined && patch.statusBasis === undefined) next.statusBasis = "管理员更正";
  const others = (await listLawRecords(deps.kv)).filter((r) => r.id !== id);
  const resolved = resolveStatuses([...others, next], chinaDay(deps.clock.now()));
  const before = new Map(others.map((r) => [r.id, r]));
  const changed = resolved.filter((r) => {
    const b = before.get(r.id);
    return !b || b.status !== r.status || b.statusBasis !== r.statusBasis || b.successor !== r.successor;
  });
  await saveLawRecords(deps.kv, changed);
  await invalidateLawLibrary(deps);
  return resolved.find((r) => r.id === id)!;
}

export async function removeLaw(deps: LawDeps, id: string): Promise<void> {
  const record = await getLawRecord(deps.kv, id);
  if (!record) throw new AppError("LAW_NOT_FOUND");
  await deleteLaw(deps.kv, deps.blobs, record);
  const rest = await listLawRecords(deps.kv);
  const resolved = resolveStatuses(rest, chinaDay(deps.clock.now()));
  const before = new Map(rest.map((r) => [r.id, r]));
  await saveLawRecords(deps.kv, resolved.filter((r) => before.get(r.id)!.status !== r.status));
  await invalidateLawLibrary(deps);
}
