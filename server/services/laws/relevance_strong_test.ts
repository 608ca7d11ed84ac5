import assert from "node:assert/strict";
import { retrieveForAnswer } from "./ask_law.ts";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFolder } from "./load_folder.ts";

const DATA = new URL("../../../../shared/data/laws/", import.meta.url).pathname;

Deno.test("retrieveForAnswer() answers an everyday question the library matches strongly and fully", async () => {
  const lib = await buildLibraryFromFiles(await parseLawFolder(`${DATA}library`), "2026-01-01");
  // No remembered real question used 周末, 加班 or 工资, so the question did not sound "asked"; its
  // match (劳动法第四十四条) is strong and covers all of it.
  assert.ok(retrieveForAnswer(lib, "周末加班的工资怎么算").length > 0);
  // Off-topic questions stay refused.
  assert.equal(retrieveForAnswer(lib, "怎么提高跑步的速度").length, 0);
});
