// "Did you mean" for type words: the known word nearest a misspelt one, with the care a
// word read where prose may stand needs (a short word near a type is often a word of its own).
import { editDistance } from "../../naming/closest.js";
import { knownTypeWords } from "./type-string.js";

/**
 * The known type word closest to a word that is not one (`integr` → `integer`), for a
 * "did you mean" hint; undefined when nothing is within two edits (a note, not a typo).
 */
export function suggestType(word: string): string | undefined {
  const w = word.toLowerCase().replace(/[^a-z0-9-]/g, "");
  if (w.length < 3 || w.length > 40) return undefined;
  let best: { name: string; d: number } | undefined;
  for (const name of knownTypeWords()) {
    if (Math.abs(name.length - w.length) > 2) continue;
    const d = editDistance(w, name);
    if (d <= (w.length <= 4 ? 1 : 2) && (!best || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/**
 * {@link suggestType} for a word read where prose may stand (a remark, a placeholder): a short
 * word only when a letter was lost (`lst` → `list`), since a short word one letter off a type
 * is often a word of its own (`data`, not `date`).
 */
export function suggestTypo(word: string): string | undefined {
  const near = suggestType(word);
  return near && (word.length >= 5 || near.length > word.length) ? near : undefined;
}

/**
 * A two-letter word that is a three-letter type with one letter lost (`it` → `int`), for a
 * word that stands alone where a type is written (`size (it)`); undefined otherwise.
 */
export function suggestShortTypo(word: string): string | undefined {
  const w = word.toLowerCase();
  if (!/^[a-z]{2}$/.test(w)) return undefined;
  return knownTypeWords().find((name) => name.length === 3 && editDistance(w, name) === 1);
}

/** "; did you mean `integer`?" for the first unknown word near a known type. */
export function didYouMean(unknown: readonly string[]): string {
  for (const word of unknown) {
    const near = suggestType(word);
    if (near) return `; did you mean \`${near}\`?`;
  }
  return "";
}
