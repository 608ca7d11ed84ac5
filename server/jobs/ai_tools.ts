import type { FieldSpec } from "../../common/field_spec.ts";
import type { AppDeps } from "../deps.ts";
import { readDocumentText } from "../services/doc_text/read_document_text.ts";
import type { DocumentText } from "../services/doc_text/types.ts";
import { extractCaseFields } from "../services/extraction/extract_case_fields.ts";
import { extractKeyFacts, type KeyFacts } from "../services/extraction/key_facts.ts";
import type { CaseExtraction } from "../services/extraction/types.ts";
import { getLlmClient } from "../services/llm/llm_client.ts";
import type { LlmClient } from "../services/llm/types.ts";

/** How far the file being read has got: pages read so far and the file's pages (issue #26). */
export interface PageProgress {
  pagesDone: number;
  pagesTotal: number;
}

/**
 * Everything an AI job reads with: the document-text service, the key-facts reader and the user's model.
 * Every AI job's handler (OCR识别, OCR信息提取, custom OCR) takes one, so a test hands in its own
 * (tests/helpers/ai_tools.ts); AI_TOOLS binds the real modules.
 */
export interface AiTools {
  /** A file's text, page by page; `onPage` is called as pages are read. */
  readDocumentText(
    deps: AppDeps,
    input: { bytes: Uint8Array; fileName: string; onPage?: (progress: PageProgress) => void },
  ): Promise<DocumentText>;
  /** Key facts of one document (names, ID numbers, amounts...) for the /ocr panel. */
  extractKeyFacts(doc: DocumentText): KeyFacts;
  /** The model client for this user's run when one is configured (null: rules only). */
  llm(deps: AppDeps, userId: number): Promise<LlmClient | null>;
}

/** The real tools. A background run waits for the user's model slots instead of being refused (semaphore.ts). */
export const AI_TOOLS: AiTools = {
  readDocumentText: (deps, input) => readDocumentText(deps, input),
  extractKeyFacts,
  llm: (deps, userId) => getLlmClient(deps, { user: userId, whenBusy: "wait" }),
};

/**
 * The fields of a case from its documents: with the user's model when one is configured, and the rules
 * alone when there is none, when it cannot be reached, or when it fails.
 */
export async function extractWithTools(
  deps: AppDeps,
  input: { docs: DocumentText[]; fields: FieldSpec[]; userId: number; tools: AiTools; area: string },
): Promise<CaseExtraction> {
  let llm: LlmClient | null = null;
  try {
    llm = await input.tools.llm(deps, input.userId);
  } catch (err) {
    console.warn(`[${input.area}] model client unavailable, rules only:`, err);
  }
  if (llm) {
    try {
      return await extractCaseFields(input.docs, input.fields, { llm });
    } catch (err) {
      console.warn(`[${input.area}] model extraction failed, rules only:`, err);
    }
  }
  return await extractCaseFields(input.docs, input.fields, {});
}
