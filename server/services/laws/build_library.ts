/** A library straight from parsed files, without storage (tests, benchmarks, evaluation). */
import { assembleLaws, resolveStatuses } from "./assemble.ts";
import { LawLibrary } from "./library.ts";
import type { ParsedLawFile } from "./types.ts";

export async function buildLibraryFromFiles(files: ParsedLawFile[], today: string): Promise<LawLibrary> {
  let n = 0;
  const { laws } = await assembleLaws(files, { now: Date.now(), newId: () => `law${++n}` });
  const records = resolveStatuses(laws.map((l) => l.record), today);
  const byId = new Map(laws.map((l) => [l.record.id, l.text]));
  return new LawLibrary(records.map((record) => ({ record, text: byId.get(record.id)! })));
}
