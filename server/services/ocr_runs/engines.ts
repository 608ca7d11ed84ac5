import type { AppDeps } from "../../deps.ts";
import type { DocumentText } from "../doc_text/types.ts";
import { AppError } from "../../errors.ts";

/**
 * What an OCR run needs from the document-text service and the extraction core (issue #10), behind one
 * seam so tests can hand in their own. `loadOcrEngines()` binds the real modules.
 */
export interface OcrEngines {
  readDocumentText(deps: AppDeps, input: { bytes: Uint8Array; fileName: string }): Promise<DocumentText>;
  /** Key facts of one document (names, ID numbers, amounts...): a list, or `{ facts: [...] }`. */
  extractKeyFacts(doc: DocumentText): unknown;
  /** The page images with an invisible text layer, for scans; absent when not available. */
  buildSearchablePdf?: (
    deps: AppDeps,
    input: { bytes: Uint8Array; fileName: string; doc: DocumentText },
  ) => Promise<Uint8Array>;
}

// TODO(#10): static imports once doc_text/read_document_text.ts and extraction/key_facts.ts are committed.
// Until then they are looked up at run time, so this area compiles whichever lands first.
const DOC_TEXT_MODULE = "../doc_text/read_document_text.ts";
const KEY_FACTS_MODULE = "../extraction/key_facts.ts";

async function tryImport(specifier: string): Promise<Record<string, unknown> | null> {
  try {
    return await import(new URL(specifier, import.meta.url).href);
  } catch (err) {
    if (err instanceof TypeError && /Module not found|Cannot find module/i.test(err.message)) return null;
    throw err;
  }
}

let cached: Promise<OcrEngines> | null = null;

/** The key facts of whatever extractKeyFacts() returned: a list, or the `facts` of a KeyFacts object. */
export function keyFactList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const facts = (value as { facts?: unknown } | null)?.facts;
  return Array.isArray(facts) ? facts : [];
}

/** The real engines. A missing text service fails each file with a Chinese message (and a refund). */
export function loadOcrEngines(): Promise<OcrEngines> {
  cached ??= (async () => {
    const [docText, keyFacts] = await Promise.all([tryImport(DOC_TEXT_MODULE), tryImport(KEY_FACTS_MODULE)]);
    const read = docText?.readDocumentText as OcrEngines["readDocumentText"] | undefined;
    const facts = keyFacts?.extractKeyFacts as OcrEngines["extractKeyFacts"] | undefined;
    const pdf = docText?.buildSearchablePdf as OcrEngines["buildSearchablePdf"] | undefined;
    return {
      readDocumentText: read ?? (() => Promise.reject(new AppError("OCR_ENGINE_UNAVAILABLE"))),
      extractKeyFacts: facts ?? (() => []),
      ...(pdf ? { buildSearchablePdf: pdf } : {}),
    };
  })();
  // A load that failed is tried again next time (a module being edited, a transient error).
  cached.catch(() => (cached = null));
  return cached;
}
