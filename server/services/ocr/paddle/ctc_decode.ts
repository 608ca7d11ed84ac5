/**
 * Greedy CTC decoding of PP-OCR's recogniser output: the best class per time step, repeats merged,
 * blanks (class 0) left out; class k is the dictionary's entry k − 1 (the dictionary file's lines, then " ").
 */

export interface DecodedLine {
  text: string;
  /** Mean probability of the characters kept (0 when none). */
  confidence: number;
}

/** Decodes sample `n` of an output tensor shaped [batch, steps, classes]. */
export function decodeCtc(
  probs: Float32Array,
  dims: { steps: number; classes: number },
  n: number,
  dictionary: string[],
): DecodedLine {
  const { steps, classes } = dims;
  let text = "", sum = 0, kept = 0, prev = -1;
  for (let t = 0; t < steps; t++) {
    const base = (n * steps + t) * classes;
    let best = 0, bestP = probs[base];
    for (let c = 1; c < classes; c++) {
      const p = probs[base + c];
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== prev) {
      text += dictionary[best - 1] ?? "";
      sum += bestP;
      kept++;
    }
    prev = best;
  }
  return { text, confidence: kept ? sum / kept : 0 };
}

/** The dictionary as PP-OCR reads it: one entry per line of the keys file, then a space. */
export function parseDictionary(keysText: string): string[] {
  return [...keysText.replace(/\r/g, "").split("\n"), " "];
}
