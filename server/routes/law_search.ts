import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import {
  askLawBody,
  checkCitationsBody,
  LAW_LIBRARY_LOADING_TEXT,
  lawListQuery,
  lawPatchBody,
  lawSearchQuery,
} from "../../common/schemas/law_search.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { listRecentLawSearches, recordLawSearch } from "../kv/law_searches.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { getLlmClient } from "../services/llm/llm_client.ts";
import { startLawAnswer } from "../services/laws/ask_law.ts";
import { checkCitationsIn } from "../services/laws/check_citations.ts";
import { importLawFiles, removeLaw, updateLaw } from "../services/laws/import_laws.ts";
import { getLawImportStatus } from "../services/laws/first_start_laws.ts";
import { getLawLibrary, peekLawLibrary } from "../services/laws/library_store.ts";
import { getArticleView, getLawView, libraryOverview, listLaws } from "../services/laws/law_views.ts";
import { searchLaws } from "../services/laws/search.ts";
import { bodyLimit } from "hono/body-limit";
import { LAW_IMPORT_MAX_BYTES } from "../services/laws/import_laws.ts";

const importSizeLimit = bodyLimit({
  maxSize: LAW_IMPORT_MAX_BYTES,
  onError: () => {
    throw new AppError("FILE_TOO_LARGE", { limit: "100MB" });
  },
});

/** AI law search (issue #14): search, articles and citation check are free; ask costs one AI use. */
export const lawSearchRoutes = new Hono<AppEnv>()
  .get("/law-search/overview", async (c) => {
    const deps = c.var.deps;
    const lib = peekLawLibrary(deps);
    const client = await getLlmClient(deps);
    return c.json({
      success: true,
      ...libraryOverview(lib, currentUser(c)),
      aiConfigured: client !== null,
      importing: getLawImportStatus(deps.kv),
    });
  })
  .get("/law-search/search", validate("query", lawSearchQuery), async (c) => {
    const query = c.req.valid("query");
    const lib = peekLawLibrary(c.var.deps);
    if (!lib || lib.versions.length === 0 && getLawImportStatus(c.var.deps.kv)) {
      // Answered at once while the library is built after a start (not seconds later), or while the
      // first-start import fills the empty library.
      const empty = {
        total: 0,
        results: [],
        terms: [],
        corrections: [],
        missingLaws: [],
        missingArticles: [],
      };
      return c.json({ success: true, ...empty, loading: true, message: LAW_LIBRARY_LOADING_TEXT });
    }
    const result = searchLaws(lib, query);
    if (query.page === 1) {
      await recordLawSearch(c.var.deps.kv, currentUser(c).id, query.q, c.var.deps.clock.now());
    }
    return c.json({ success: true, ...result, loading: false });
  })
  .get("/law-search/recent", async (c) => {
    return c.json({ success: true, searches: await listRecentLawSearches(c.var.deps.kv, currentUser(c).id) });
  })
  .get("/law-search/laws", validate("query", lawListQuery), async (c) => {
    const lib = await getLawLibrary(c.var.deps);
    return c.json({ success: true, ...listLaws(lib, c.req.valid("query")) });
  })
  .get("/law-search/laws/:id", async (c) => {
    const lib = await getLawLibrary(c.var.deps);
    return c.json({ success: true, ...getLawView(lib, c.req.param("id")) });
  })
  .get("/law-search/laws/:id/articles/:number", async (c) => {
    const lib = await getLawLibrary(c.var.deps);
    return c.json({ success: true, ...getArticleView(lib, c.req.param("id"), c.req.param("number")) });
  })
  .post("/law-search/check-citations", validate("json", checkCitationsBody), async (c) => {
    const lib = await getLawLibrary(c.var.deps);
    return c.json({ success: true, citations: checkCitationsIn(lib, c.req.valid("json").text) });
  })
  .post("/law-search/ask", validate("json", askLawBody), async (c) => {
    const deps = c.var.deps;
    const user = currentUser(c);
    const abort = new AbortController();
    c.req.raw.signal.addEventListener("abort", () => abort.abort());
    const events = await startLawAnswer(deps, {
      user,
      question: c.req.valid("json").question,
      client: await getLlmClient(deps, { user: user.id }),
      signal: abort.signal,
    });
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => abort.abort());
      for await (const e of events) {
        await stream.writeSSE({ event: e.event, data: JSON.stringify(e.data) });
      }
    });
  })
  .post("/law-search/laws/import", importSizeLimit, async (c) => {
    const form = await c.req.formData().catch(() => {
      throw new AppError("LAW_FILES_REQUIRED");
    });
    const files: { name: string; bytes: Uint8Array }[] = [];
    for (const value of [...form.getAll("files"), ...form.getAll("file")]) {
      if (value instanceof File) {
        files.push({ name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
      }
    }
    const report = await importLawFiles(c.var.deps, files);
    return c.json({ success: true, ...report });
  })
  .patch("/law-search/laws/:id", validate("json", lawPatchBody), async (c) => {
    const law = await updateLaw(c.var.deps, c.req.param("id"), c.req.valid("json"));
    return c.json({ success: true, law });
  })
  .delete("/law-search/laws/:id", async (c) => {
    await removeLaw(c.var.deps, c.req.param("id"));
    return c.json({ success: true });
  });
