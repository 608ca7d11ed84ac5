import assert from "node:assert/strict";
import { encodePgm, isPgm, parsePgm } from "./pgm.ts";

Deno.test("encodePgm / parsePgm round-trip the pixels; the parsed data is a view, not a copy", () => {
  const img = { width: 3, height: 2, data: Uint8Array.from([0, 10, 20, 200, 250, 255]) };
  const pgm = encodePgm(img);
  assert.ok(isPgm(pgm));
  assert.equal(new TextDecoder().decode(pgm.subarray(0, 11)), "P5\n3 2\n255\n");
  const back = parsePgm(pgm)!;
  assert.deepEqual([back.width, back.height, [...back.data]], [3, 2, [...img.data]]);
  assert.equal(back.data.buffer, pgm.buffer);
});

Deno.test("parsePgm reads headers with comments (as tools write them) and refuses what is not an 8-bit P5", () => {
  const body = Uint8Array.from([1, 2, 3, 4]);
  const withComment = new Uint8Array([
    ...new TextEncoder().encode("P5\n# made by a tool\n2 2\n255\n"),
    ...body,
  ]);
  assert.deepEqual([...parsePgm(withComment)!.data], [1, 2, 3, 4]);
  const text = (s: string) => new TextEncoder().encode(s);
  assert.equal(parsePgm(text("P2\n2 2\n255\n1 2 3 4")), null); // ASCII PGM
  assert.equal(parsePgm(new Uint8Array([...text("P5\n2 2\n65535\n"), ...body, ...body])), null); // 16 bit
  assert.equal(parsePgm(new Uint8Array([...text("P5\n2 2\n255\n"), 1, 2, 3])), null); // cut short
  assert.equal(parsePgm(text("\x89PNG\r\n\x1a\n")), null);
  assert.equal(parsePgm(text("P5\n0 2\n255\n")), null);
});
