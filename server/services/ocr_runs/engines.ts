import type { AppDeps } from "../../deps.ts";
import type { DocumentText } from "../doc_text/types.ts";
import { buildSearchablePdf, readDocumentText } from "../doc_text/read_document_text.ts";
import { extractKeyFacts } from "../extraction/key_facts.ts";

/**
 * What an OCR run needs from the document-text service and the extraction core (issue #10), behind one
 * seam so tests can hand in their own. `loadOcrEngines()` binds the real modules.
 */
export interface OcrEngines {
  readDocumentText(
    deps: AppDeps,
    input: {
      bytes: Uint8Array;
      fileName: string;
      onPage?: (progress: { pagesDone: number; pagesTotal: number }) => void;
    },
  ): Promise<DocumentText>;
  /** Key facts of one document (names, ID numbers, amounts...): a list, or `{ facts: [...] }`. */
  extractKeyFacts(doc: DocumentText): unknown;
  /** The page images with an invisible text layer, for scans; absent when not available. */
  buildSearchablePdf?: (
    deps: AppDeps,
    input: { bytes: Uint8Array; fileName: string; doc: DocumentText },
  ) => Promise<Uint8Array>;
}

/** The key facts of whatever extractKeyFacts() returned: a list, or the `facts` of a KeyFacts object. */
export function keyFactList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const facts = (value as { facts?: unknown } | null)?.facts;
  return Array.isArray(facts) ? facts : [];
}

const REAL_ENGINES: OcrEngines = {
  readDocumentText: (deps, input) => readDocumentText(deps, input),
  extractKeyFacts,
  buildSearchablePdf: (deps, input) => buildSearchablePdf(deps, input),
};

/** The real engines: the document-text service and the key-facts reader of issue #10. */
export function loadOcrEngines(): Promise<OcrEngines> {
  return Promise.resolve(REAL_ENGINES);
}
