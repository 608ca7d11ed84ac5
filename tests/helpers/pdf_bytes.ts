/**
 * A small valid one-page PDF (hand-written, with a correct xref table) whose page shows `text`, plus
 * `padding` random bytes in a stream object so sizes and contents differ between files.
 */
export function makePdf(text = "hello", padding = 0): Uint8Array<ArrayBuffer> {
  const enc = new TextEncoder();
  const content = `BT /F1 24 Tf 72 720 Td (${text.replace(/[()\\]/g, "")}) Tj ET`;
  const pad = new Uint8Array(padding);
  // getRandomValues fills at most 64 KiB per call
  for (let at = 0; at < padding; at += 65_536) crypto.getRandomValues(pad.subarray(at, at + 65_536));
  const objects: Uint8Array[] = [
    enc.encode("<< /Type /Catalog /Pages 2 0 R >>"),
    enc.encode("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    enc.encode(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R " +
        "/Resources << /Font << /F1 5 0 R >> >> >>",
    ),
    enc.encode(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`),
    enc.encode("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"),
    concat(enc.encode(`<< /Length ${pad.length} >>\nstream\n`), pad, enc.encode("\nendstream")),
  ];
  const parts: Uint8Array[] = [enc.encode("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = concat(enc.encode(`${i + 1} 0 obj\n`), body, enc.encode("\nendobj\n"));
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`]
    .concat(offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)).join("");
  parts.push(
    enc.encode(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
    ),
  );
  return concat(...parts);
}

function concat(...chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
