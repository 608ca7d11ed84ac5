import assert from "node:assert/strict";
import { retrieveForAnswer } from "./ask_law.ts";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFolder } from "./load_folder.ts";
import { mendedAs } from "./relevance.ts";

const DATA = new URL("../../../../shared/data/laws/", import.meta.url).pathname;

Deno.test("mendedAs() finds the corrected bigram a typed one became", () => {
  assert.equal(mendedAs("结昏", ["结婚", "离婚"]), "结婚");
  assert.equal(mendedAs("松费", ["诉讼", "讼费"]), "讼费");
  assert.equal(mendedAs("结昏", ["离婚"]), null, "two characters differ");
  assert.equal(mendedAs("朋友", ["一致"]), null);
  assert.equal(mendedAs("结婚", ["结婚"]), null, "not a correction of itself");
});

Deno.test("retrieveForAnswer() judges a mistyped word as the word meant, not as a word the library lacks", async () => {
  const lib = await buildLibraryFromFiles(await parseLawFolder(`${DATA}library`), "2026-01-01");
  // 诉松费 (诉讼费 typed by sound): counted as unknown words it left too little of the question covered.
  assert.ok(retrieveForAnswer(lib, "去法院打官司要交多少诉松费").length > 0);
});
