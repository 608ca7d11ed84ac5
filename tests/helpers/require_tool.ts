/**
 * Tests that need a system tool call requireTool() first. A missing tool fails the test with a message
 * naming the tool and the Debian package that brings it (scripts/setup.sh installs them all), instead of
 * an `ignore:` or an early return that reads as a pass in the summary.
 */
import {
  detectLibreOfficeInstall,
  type LibreOfficeInstall,
} from "../../server/services/pdf/detect_libreoffice.ts";

/** Each tool a test may need, and the Debian package(s) that install it. */
const TOOL_PACKAGES = {
  unzip: "unzip",
  pdftotext: "poppler-utils",
  pdftoppm: "poppler-utils",
  tesseract: "tesseract-ocr tesseract-ocr-chi-sim",
  libreoffice: "libreoffice-writer-nogui python3-uno",
} as const;

export type Tool = keyof typeof TOOL_PACKAGES;

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

function missingMessage(tool: Tool, why: string): string {
  return `${tool} is required by this test but ${why}: install it with scripts/setup.sh ` +
    `(Debian: apt-get install ${TOOL_PACKAGES[tool]})`;
}

/**
 * Throws unless `tool` is installed. `libreoffice` means soffice plus a python3 that imports uno, as
 * the PDF converter needs, and returns what was found; the other tools are looked up on `searchPath`
 * (default: PATH) and return their path.
 */
export function requireTool(tool: "libreoffice"): LibreOfficeInstall;
export function requireTool(tool: Exclude<Tool, "libreoffice">, options?: { searchPath?: string }): string;
export function requireTool(tool: Tool, options: { searchPath?: string } = {}): string | LibreOfficeInstall {
  if (tool === "libreoffice") {
    const found = detectLibreOfficeInstall();
    if ("missing" in found) throw new Error(missingMessage(tool, found.missing));
    return found;
  }
  const dirs = (options.searchPath ?? Deno.env.get("PATH") ?? "").split(":").filter(Boolean);
  for (const dir of dirs) {
    if (isFile(`${dir}/${tool}`)) return `${dir}/${tool}`;
  }
  throw new Error(missingMessage(tool, "it is not on PATH"));
}
