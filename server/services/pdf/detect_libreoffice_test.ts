import assert from "node:assert/strict";
import { detectLibreOffice, detectLibreOfficeInstall, detectUnoPython } from "./detect_libreoffice.ts";

Deno.test("detectLibreOffice() finds soffice on this machine, or null with an empty PATH", () => {
  const found = detectLibreOffice();
  if (found !== null) assert.match(found, /\/(soffice|libreoffice)$/);
  const path = Deno.env.get("PATH") ?? "";
  try {
    Deno.env.set("PATH", "/nonexistent");
    const withoutPath = detectLibreOffice();
    // the usual install folder is still searched, so only a machine without LibreOffice gives null
    assert.equal(withoutPath === null, found === null);
  } finally {
    Deno.env.set("PATH", path);
  }
});

Deno.test("detectUnoPython() returns null when no candidate can import uno", () => {
  assert.equal(detectUnoPython(["/nonexistent/python3"]), null);
});

Deno.test("detectLibreOfficeInstall() gives the real soffice.bin and a python that imports uno", () => {
  const found = detectLibreOfficeInstall();
  if ("missing" in found) {
    assert.match(found.missing, /soffice|python3-uno/);
    return;
  }
  assert.ok(Deno.statSync(found.program).isFile);
  const out = new Deno.Command(found.python, { args: ["-c", "import uno"] }).outputSync();
  assert.ok(out.success);
});
