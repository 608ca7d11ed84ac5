/**
 * Citation check stress test from the library's own texts (no labels needed):
 *
 *   deno run -A scripts/eval_citation_stress.ts [LIBRARY_DIR]
 *
 * - valid: a sample (8 %) of current articles cited by their current number with their first clause
 *   (依照《X》第N条，<clause>。) must come out 现行有效;
 * - renumbered: articles of an older version whose text now sits under another number, cited by the
 *   old number with their first clause (15 % sample), must never be 现行有效.
 * Prints every miss and the two shares. 仲裁法 shows as misses on purpose (validity.json
 * revisedAfterSnapshot: its 2017 numbers are no longer current).
 */
import { buildLibraryFromFiles } from "../server/services/laws/build_library.ts";
import { checkCitationsIn } from "../server/services/laws/check_citations.ts";
import { parseLawFolder } from "../server/services/laws/load_folder.ts";
import { articleText } from "../server/services/laws/library.ts";
const dir = Deno.args[0] ?? new URL("../../shared/data/laws/library", import.meta.url).pathname;
const lib = await buildLibraryFromFiles(await parseLawFolder(dir), "2026-11-28");
let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const clause = (t: string) => {
  const body = t.replace(/^第[^条]+条\s*/, "").split(/\n/)[0];
  const parts = body.split(/[。；]/)[0];
  return parts.slice(0, 40);
};
const short = (title: string) => title.replace(/^中华人民共和国/, "");
let validN = 0, validOk = 0, amendN = 0, amendOk = 0;
const bad: string[] = [];
for (const [group, versions] of lib.groups) {
  const cur = lib.currentVersion(group);
  if (!cur || cur.record.status !== "现行有效") continue;
  // valid: random articles of the current text
  for (const a of cur.articles) {
    if (rnd() > 0.08) continue;
    const text = `依照《${short(cur.record.title)}》${a.number}，${clause(articleText(a))}。`;
    const [c] = checkCitationsIn(lib, text);
    validN++;
    if (c?.status === "valid") validOk++;
    else bad.push(`VALID→${c?.status}: ${text.slice(0, 80)} | ${c?.note.slice(0, 60)}`);
  }
  // renumbered: older version articles whose text sits under another number now
  for (const v of versions) {
    if (v === cur) continue;
    for (const a of v.articles) {
      const oldText = articleText(a).replace(/^第[^条]+条\s*/, "");
      const moved = cur.articles.find((b) => articleText(b).replace(/^第[^条]+条\s*/, "") === oldText);
      const same = lib.article(cur, a.num, a.sub);
      if (!moved || moved.num === a.num || (same && articleText(same).includes(clause(articleText(a))))) {
        continue;
      }
      if (rnd() > 0.15) continue;
      const text = `依照《${short(cur.record.title)}》${a.number}，${clause(articleText(a))}。`;
      const [c] = checkCitationsIn(lib, text);
      amendN++;
      if (c?.status === "amended" || c?.status === "nonexistent" && !same) amendOk++;
      else {bad.push(
          `AMEND→${c?.status}: ${text.slice(0, 80)} | now ${moved.number} | ${c?.note.slice(0, 60)}`,
        );}
    }
  }
}
console.log(bad.join("\n"));
console.log(`valid ${validOk}/${validN}; renumbered ${amendOk}/${amendN}`);
