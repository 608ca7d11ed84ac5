/**
 * Whether two PDFs read and look the same to a reader: each page's words with their boxes (pdftotext
 * -bbox, to 0.1 pt) and each page as a grey image at 100 dpi (pdftoppm), allowing anti-aliasing on
 * fewer than 0.05 % of a page's pixels. Used to hold merged PDF groups to "the same output" as a
 * document converted alone (server/services/pdf/pdf_groups_test.ts, bench/pdf_groups_check.ts).
 */
import { requireTool } from "./require_tool.ts";

export interface PdfView {
  words: string[][];
  images: Uint8Array[];
}

/** Reads what a reader sees of a PDF (poppler's pdftotext and pdftoppm). */
export async function viewPdf(pdf: Uint8Array): Promise<PdfView> {
  const dir = await Deno.makeTempDir({ prefix: "pdf-compare-" });
  try {
    await Deno.writeFile(`${dir}/in.pdf`, pdf);
    const [text, render] = await Promise.all([
      new Deno.Command(requireTool("pdftotext"), {
        args: ["-bbox", `${dir}/in.pdf`, "-"],
        stdout: "piped",
        stderr: "null",
      })
        .output(),
      new Deno.Command(requireTool("pdftoppm"), {
        args: ["-r", "100", "-gray", `${dir}/in.pdf`, `${dir}/p`],
        stderr: "null",
      })
        .output(),
    ]);
    if (!text.success || !render.success) throw new Error("poppler could not read the PDF");
    const words = new TextDecoder().decode(text.stdout).split("<page ").slice(1).map((page) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g)]
        .map(([, ...values]) => values.join(" "))
    );
    const names = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.endsWith(".pgm")).sort();
    return { words, images: await Promise.all(names.map((n) => Deno.readFile(`${dir}/${n}`))) };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** How `actual` differs from `expected` for a reader, one line per difference; empty when it does not. */
export function pdfDifferences(actual: PdfView, expected: PdfView): string[] {
  if (actual.words.length !== expected.words.length) {
    return [`${actual.words.length} pages instead of ${expected.words.length}`];
  }
  const found: string[] = [];
  const near = (a: string, b: string) => {
    const [x, y] = [a.split(" "), b.split(" ")];
    return x[4] === y[4] && x.slice(0, 4).every((v, i) => Math.abs(Number(v) - Number(y[i])) < 0.1);
  };
  for (const [p, words] of expected.words.entries()) {
    const page = `page ${p + 1}`;
    if (actual.words[p].length !== words.length) {
      found.push(`${page}: ${actual.words[p].length} words instead of ${words.length}`);
      continue;
    }
    const moved = words.findIndex((w, i) => !near(actual.words[p][i], w));
    if (moved >= 0) found.push(`${page}: "${actual.words[p][moved]}" where "${words[moved]}" was`);
    const [a, b] = [actual.images[p], expected.images[p]];
    let differing = a.length === b.length ? 0 : Infinity;
    for (let i = 0; i < a.length && differing < Infinity; i++) if (a[i] !== b[i]) differing++;
    if (differing >= b.length * 0.0005) found.push(`${page}: ${differing} pixels differ`);
  }
  return found;
}
