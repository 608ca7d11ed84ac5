import assert from "node:assert/strict";
import { requireTool } from "./require_tool.ts";

Deno.test("requireTool() fails with the tool and its Debian package named when the tool is not found", () => {
  assert.throws(
    () => requireTool("unzip", { searchPath: "/nonexistent" }),
    {
      message: "unzip is required by this test but it is not on PATH: install it with scripts/setup.sh " +
        "(Debian: apt-get install unzip)",
    },
  );
  assert.throws(() => requireTool("pdftoppm", { searchPath: "" }), /apt-get install poppler-utils/);
});

Deno.test("requireTool() returns the path of a tool found on the search path", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/unzip`, "");
    assert.equal(requireTool("unzip", { searchPath: `/nonexistent:${dir}` }), `${dir}/unzip`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
