import type { SensitiveWordBody } from "../../common/schemas/ai_settings.ts";
import { AppError } from "../errors.ts";
import { newId } from "./ids.ts";

// Keys:  ["sensitive_words", id] -> SensitiveWord
//        ["sensitive_words_by_word", lowercase word] -> id (unique, case-insensitive)

export interface SensitiveWord {
  id: string;
  word: string;
  replacement: string;
  createdAt: number;
}

function wordKey(word: string): Deno.KvKey {
  return ["sensitive_words_by_word", word.trim().toLowerCase()];
}

/** All sensitive words, oldest first. */
export async function listSensitiveWords(kv: Deno.Kv): Promise<SensitiveWord[]> {
  const words: SensitiveWord[] = [];
  for await (const e of kv.list<SensitiveWord>({ prefix: ["sensitive_words"] })) words.push(e.value);
  return words;
}

export async function getSensitiveWord(kv: Deno.Kv, id: string): Promise<SensitiveWord | null> {
  return (await kv.get<SensitiveWord>(["sensitive_words", id])).value;
}

/** Adds a word. Throws SENSITIVE_WORD_TAKEN when it exists (case-insensitive). */
export async function createSensitiveWord(
  kv: Deno.Kv,
  input: SensitiveWordBody,
  now = Date.now(),
): Promise<SensitiveWord> {
  const word: SensitiveWord = {
    id: newId(now),
    word: input.word,
    replacement: input.replacement,
    createdAt: now,
  };
  const res = await kv.atomic()
    .check({ key: wordKey(word.word), versionstamp: null })
    .set(["sensitive_words", word.id], word)
    .set(wordKey(word.word), word.id)
    .commit();
  if (!res.ok) throw new AppError("SENSITIVE_WORD_TAKEN", {}, { field: "word" });
  return word;
}

/**
 * Changes a word and its replacement, moving the unique index when the word changes.
 * Throws SENSITIVE_WORD_NOT_FOUND or SENSITIVE_WORD_TAKEN.
 */
export async function updateSensitiveWord(
  kv: Deno.Kv,
  id: string,
  input: SensitiveWordBody,
): Promise<{ before: SensitiveWord; after: SensitiveWord }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await kv.get<SensitiveWord>(["sensitive_words", id]);
    if (!entry.value) throw new AppError("SENSITIVE_WORD_NOT_FOUND");
    const after = { ...entry.value, word: input.word, replacement: input.replacement };
    const op = kv.atomic().check(entry).set(["sensitive_words", id], after);
    const oldKey = wordKey(entry.value.word);
    const newKey = wordKey(after.word);
    if (oldKey[1] !== newKey[1]) {
      const taken = await kv.get(newKey);
      if (taken.value !== null) throw new AppError("SENSITIVE_WORD_TAKEN", {}, { field: "word" });
      op.check(taken).delete(oldKey).set(newKey, id);
    }
    if ((await op.commit()).ok) return { before: entry.value, after };
  }
  throw new AppError("QUOTA_BUSY");
}

/** Deletes a word and its index. Throws SENSITIVE_WORD_NOT_FOUND. */
export async function deleteSensitiveWord(kv: Deno.Kv, id: string): Promise<SensitiveWord> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await kv.get<SensitiveWord>(["sensitive_words", id]);
    if (!entry.value) throw new AppError("SENSITIVE_WORD_NOT_FOUND");
    const res = await kv.atomic().check(entry)
      .delete(["sensitive_words", id])
      .delete(wordKey(entry.value.word))
      .commit();
    if (res.ok) return entry.value;
  }
  throw new AppError("QUOTA_BUSY");
}
