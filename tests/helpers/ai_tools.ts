import type { AiTools } from "../../server/jobs/ai_tools.ts";

/** A test's AI tools (server/jobs/ai_tools.ts): its own reader; no key facts and no model unless given. */
export function testAiTools(tools: Pick<AiTools, "readDocumentText"> & Partial<AiTools>): AiTools {
  return {
    extractKeyFacts: (doc) => ({ fileName: doc.fileName, kind: "", facts: [] }),
    llm: () => Promise.resolve(null),
    ...tools,
  };
}
