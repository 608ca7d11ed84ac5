/**
 * Finds LibreOffice and the Python UNO bridge the PDF converter drives it with. Without them the
 * server still starts: Word output works and PDF requests fail with PDF_CONVERTER_MISSING.
 */

/** What the converter needs: `soffice` (as found on PATH) and a python3 that can `import uno`. */
export interface LibreOfficeInstall {
  soffice: string;
  /** The real binary beside the launcher script; started directly so its pid is the listener's. */
  program: string;
  python: string;
}

const SOFFICE_NAMES = ["soffice", "libreoffice"];
const EXTRA_DIRS = ["/usr/lib/libreoffice/program", "/opt/libreoffice/program"];
// Debian's python3-uno installs into the system Python, which may not be the python3 on PATH.
const PYTHON_CANDIDATES = ["/usr/bin/python3", "python3"];

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** The path of `soffice`, from PATH or the usual install folders, or null when absent. */
export function detectLibreOffice(): string | null {
  const dirs = [...(Deno.env.get("PATH") ?? "").split(":").filter(Boolean), ...EXTRA_DIRS];
  for (const dir of dirs) {
    for (const name of SOFFICE_NAMES) {
      const path = `${dir}/${name}`;
      if (isFile(path)) return path;
    }
  }
  return null;
}

/** A python3 that imports `uno` (package python3-uno), or null. */
export function detectUnoPython(candidates: string[] = PYTHON_CANDIDATES): string | null {
  for (const python of candidates) {
    try {
      const out = new Deno.Command(python, {
        args: ["-c", "import uno"],
        stdout: "null",
        stderr: "null",
      }).outputSync();
      if (out.success) return python;
    } catch {
      // not installed under this name
    }
  }
  return null;
}

/** Both parts, or the reason (English, for the start-up log) why PDF output is unavailable. */
export function detectLibreOfficeInstall(): LibreOfficeInstall | { missing: string } {
  const soffice = detectLibreOffice();
  if (!soffice) return { missing: "LibreOffice (soffice) not found: install libreoffice-writer-nogui" };
  const python = detectUnoPython();
  if (!python) return { missing: "the Python UNO bridge is missing: install python3-uno" };
  let real = soffice;
  try {
    real = Deno.realPathSync(soffice);
  } catch {
    // keep the PATH entry
  }
  const bin = `${real.slice(0, real.lastIndexOf("/"))}/soffice.bin`;
  return { soffice, program: isFile(bin) ? bin : soffice, python };
}
