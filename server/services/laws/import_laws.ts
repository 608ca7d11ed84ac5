/**
 * Imports law files into the library (issue #14 §1): uploaded files (.md, .txt, .docx, .zip) are parsed
 * in a permission-less worker; a folder on the server (LAWS_DIR) is read directly. New versions are
 * stored, duplicates of stored texts skipped, and every version's status resolved again (a newer
 * version marks the older one 已被修改). Administrator corrections are kept.
 */
import { chinaDay } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { newId } from "../../kv/ids.ts";
import {
  countLaws,
  createLaw,
  deleteLaw,
  getLawRecord,
  listLawRecords,
  saveLawRecords,
} from "../../kv/laws.ts";
import { runInWorker } from "../../workers/run_in_worker.ts";
import type { LawImportWorkerInput, LawImportWorkerResult } from "../../workers/law_import_worker.ts";
import { assembleLaws, resolveStatuses } from "./assemble.ts";
import { invalidateLawLibrary, type LawDeps } from "./library_store.ts";
import { parseLawFolder } from "./load_folder.ts";
import type { LawLevel, LawRecord, LawStatus, ParsedLawFile } from "./types.ts";

const WORKER_URL = new URL("../../workers/law_import_worker.ts", import.meta.url);
export const LAW_IMPORT_MAX_BYTES = 100 * 1024 * 1024;
const WORKER_TIMEOUT_MS = 120_000;

export interface ImportReport {
  imported: { id: string; title: string; articleCount: number; status: LawStatus }[];
  duplicates: { source: string; of: string }[];
  skipped: { name: string; reason: string }[];
}

async function storeParsed(deps: LawDeps, parsed: ParsedLawFile[]): Promise<ImportReport> {
  const existing = await listLawRecords(deps.kv);
  const now = deps.clock.now();
  const { laws, duplicates } = await assembleLaws(parsed, {
    now,
    newId: () => newId(now),
    existingHashes: new Map(existing.map((r) => [r.sha256, r.title])),
  });
  const all = [...existing, ...laws.map((l) => l.record)];
  const resolved = new Map(resolveStatuses(all, chinaDay(now)).map((r) => [r.id, r]));
  for (const l of laws) await createLaw(deps.kv, deps.blobs, resolved.get(l.record.id)!, l.text);
  const changed = existing.map((r) => resolved.get(r.id)!).filter((r, i) =>
    r.status !== existing[i].status || r.statusBasis !== existing[i].statusBasis ||
    r.successor !== existing[i].successor
  );
  await saveLawRecords(deps.kv, changed);
  if (laws.length > 0 || changed.length > 0) await invalidateLawLibrary(deps);
  return {
    imported: laws.map((l) => {
      const r = resolved.get(l.record.id)!;
      return { id: r.id, title: r.title, articleCount: r.articleCount, status: r.status };
    }),
    duplicates,
    skipped: [],
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
      result.skipped.length === 1 && files.length === 1 && result.skipped[0].reason !== "没有找到标题或条文"
    ) {
      throw new AppError("LAW_FILE_UNREADABLE", { name: files[0].name, reason: result.skipped[0].reason });
    }
    throw new AppError("LAW_IMPORT_EMPTY");
  }
  const report = await storeParsed(deps, result.parsed);
  return { ...report, skipped: result.skipped };
}

/** A folder on the server (the administrator's own files): every .md/.txt below it. */
export async function importLawFolder(deps: LawDeps, dir: string): Promise<ImportReport> {
  return await storeParsed(deps, await parseLawFolder(dir));
}

/** LAWS_DIR at start: imports once, into an empty library only. Returns null when it did nothing. */
export async function importLawsDirAtStart(deps: LawDeps, dir: string): Promise<ImportReport | null> {
  if (await countLaws(deps.kv) > 0) return null;
  return await importLawFolder(deps, dir);
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
