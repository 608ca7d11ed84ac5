import { assembleLaws, EMPTY_LAW_FILE, folderHint, isEmptyLawFile } from "../services/laws/assemble.ts";
import { decodeLawArchive } from "../services/laws/law_archive.ts";
import { normalizeLawName } from "../../common/law_name_key.ts";
import { parseLawFile } from "../services/laws/parse_markdown.ts";
import type { ParsedLawFile } from "../services/laws/types.ts";
import { type EmitEvent, serveWorker } from "./worker_protocol.ts";

/**
 * The CPU part of a large import (the built-in corpus, LAWS_DIR) off the server's thread (issue #24):
 * decodes the .tar.xz, parses every file and assembles versions in batches of whole laws (all files of
 * one title together, so 民法典's parts become one version), emitting each batch as it is ready; the
 * caller stores them and assigns ids. Started only by services/laws/import_laws.ts.
 */

export interface LawCorpusWorkerInput {
  /** A .tar.xz of law files, or the files already read. */
  archive?: Uint8Array;
  files?: { path: string; text: string }[];
  /** sha256 -> title of the versions already stored: their texts are duplicates. */
  existingHashes: [string, string][];
  now: number;
  batchFiles: number;
}

export type LawCorpusEvent =
  | { kind: "read"; done: number; total: number }
  | {
    kind: "batch";
    laws: Awaited<ReturnType<typeof assembleLaws>>["laws"];
    duplicates: { source: string; of: string }[];
    /** Files handled so far, skipped ones included. */
    done: number;
  };

export interface LawCorpusWorkerResult {
  files: number;
  skipped: { name: string; reason: string }[];
}

async function run(input: LawCorpusWorkerInput, emit: EmitEvent): Promise<LawCorpusWorkerResult> {
  const files = input.archive ? await decodeLawArchive(input.archive) : input.files ?? [];
  const parsed: ParsedLawFile[] = [];
  const skipped: { name: string; reason: string }[] = [];
  emit({ kind: "read", done: 0, total: files.length } satisfies LawCorpusEvent);
  for (const [i, f] of files.entries()) {
    const parts = f.path.split("/").filter(Boolean);
    const p = parseLawFile(f.text, parts[parts.length - 1], folderHint(parts));
    if (isEmptyLawFile(p)) skipped.push({ name: f.path, reason: EMPTY_LAW_FILE });
    else parsed.push(p);
    if ((i + 1) % input.batchFiles === 0) {
      emit({ kind: "read", done: i + 1, total: files.length } satisfies LawCorpusEvent);
    }
  }
  const byTitle = new Map<string, ParsedLawFile[]>();
  for (const p of parsed) {
    const key = normalizeLawName(p.title);
    byTitle.set(key, [...(byTitle.get(key) ?? []), p]);
  }
  const seen = new Map(input.existingHashes);
  let batch: ParsedLawFile[] = [];
  let done = skipped.length;
  const flush = async () => {
    const { laws, duplicates } = await assembleLaws(batch, {
      now: input.now,
      newId: () => "",
      existingHashes: seen,
    });
    for (const l of laws) seen.set(l.record.sha256, l.record.title);
    done += batch.length;
    batch = [];
    emit({ kind: "batch", laws, duplicates, done } satisfies LawCorpusEvent);
  };
  for (const group of byTitle.values()) {
    batch.push(...group);
    if (batch.length >= input.batchFiles) await flush();
  }
  if (batch.length > 0) await flush();
  return { files: files.length, skipped };
}

serveWorker<LawCorpusWorkerInput, LawCorpusWorkerResult>(run);
