/**
 * The law library at the first start (issue #24 §1): an empty library is filled in the background from
 * the built-in national corpus (data/national.tar.xz, 1 510 files) or, when LAWS_DIR is set, from that
 * folder. Progress is kept per KV store for GET /api/law-search/overview, so the screen can show
 * 正在导入法规库 x/y. A marker in KV makes it happen once: an import cut off by a stop resumes at the
 * next start (versions already stored are skipped as duplicates); a library that already holds laws,
 * or one an administrator emptied after the first import, is left alone.
 */
import { countLaws, getLawLibrarySetup, setLawLibrarySetup } from "../../kv/laws.ts";
import type { AppConfig } from "../../config.ts";
import { importLawArchive, importLawFolder, type ImportProgress, type ImportReport } from "./import_laws.ts";
import { BUILTIN_LAWS_ARCHIVE } from "./law_archive.ts";
import { getLawLibrary, type LawDeps } from "./library_store.ts";

export type FirstStartLaws = NonNullable<AppConfig["firstStartLaws"]>;

/** What the screen shows while the first-start import runs. */
export type LawImportStatus = ImportProgress;

const running = new WeakMap<Deno.Kv, LawImportStatus>();

/** The running first-start import of this KV store, or null when none runs. */
export function getLawImportStatus(kv: Deno.Kv): LawImportStatus | null {
  const s = running.get(kv);
  return s ? { ...s } : null;
}

function sourceName(source: FirstStartLaws): string {
  return source.kind === "dir" ? source.dir : "builtin";
}

/**
 * Imports the first-start library when this store has never had one. Resolves with the report, or
 * null when nothing was to be done; the status is visible from the call until the rebuilt library is
 * ready. Requests meanwhile keep the library loaded before the import (empty on a fresh install).
 */
export async function importLawsAtFirstStart(
  deps: LawDeps,
  source: FirstStartLaws,
): Promise<ImportReport | null> {
  const setup = await getLawLibrarySetup(deps.kv);
  if (setup?.state === "done") return null;
  if (!setup && await countLaws(deps.kv) > 0) {
    // A library filled before this marker existed (an earlier version, an administrator's imports).
    await setLawLibrarySetup(deps.kv, { state: "done", source: "existing", at: deps.clock.now() });
    return null;
  }
  const status: LawImportStatus = { phase: "reading", done: 0, total: 0 };
  running.set(deps.kv, status);
  try {
    await getLawLibrary(deps);
    await setLawLibrarySetup(deps.kv, { state: "running", source: sourceName(source), at: deps.clock.now() });
    const onProgress = (p: ImportProgress) => Object.assign(status, p);
    let report: ImportReport;
    if (source.kind === "dir") report = await importLawFolder(deps, source.dir, onProgress);
    else {
      report = await importLawArchive(deps, await Deno.readFile(BUILTIN_LAWS_ARCHIVE), onProgress);
    }
    await setLawLibrarySetup(deps.kv, { state: "done", source: sourceName(source), at: deps.clock.now() });
    return report;
  } finally {
    running.delete(deps.kv);
  }
}
