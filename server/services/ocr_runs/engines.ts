import type { AppDeps } from "../../deps.ts";
import type { DocumentText } from "../doc_text/types.ts";
import { readDocumentText } from "../doc_text/read_document_text.ts";
import { extractKeyFacts } from "../extraction/key_facts.ts";

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

// TODO(#10): buildSearchablePdf is looked up at run time until it is committed; the rest is imported.
const SEARCHABLE_PDF_MODULES = ["../doc_text/searchable_pdf.ts", "../doc_text/read_document_text.ts"];

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

/** The real engines: the document-text service and the key-facts reader of issue #10. */
export function loadOcrEngines(): Promise<OcrEngines> {
  cached ??= (async () => {
    let pdf: OcrEngines["buildSearchablePdf"] | undefined;
    for (const specifier of SEARCHABLE_PDF_MODULES) {
      pdf ??= (await tryImport(specifier))?.buildSearchablePdf as
        | OcrEngines["buildSearchablePdf"]
        | undefined;
    }
    return {
      readDocumentText: (deps, input) => readDocumentText(deps, input),
      extractKeyFacts,
      ...(pdf ? { buildSearchablePdf: pdf } : {}),
    };
  })();
  // A load that failed is tried again next time (a module being edited, a transient error).
  cached.catch(() => (cached = null));
  return cached;
}
