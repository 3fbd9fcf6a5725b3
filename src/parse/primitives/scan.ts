/**
 * Small linear scans that replace regexes which backtracked super-linearly on untrusted spec
 * text. "Whitespace" is exactly what a regex's `\s` (and `String.prototype.trim`) matches.
 */

const SPACE = /\s/;

/** Whether the code unit at `i` is whitespace in the sense of a regex's `\s`. */
export function isSpaceAt(s: string, i: number): boolean {
  return i >= 0 && i < s.length && SPACE.test(s[i]!);
}

/** The first index at or after `from` that is not whitespace (or `s.length`). */
export function skipSpace(s: string, from: number): number {
  let i = from;
  while (i < s.length && isSpaceAt(s, i)) i++;
  return i;
}

/** The start of the run of whitespace that ends at `to` (exclusive), stopping at `min`. */
export function spaceRunStart(s: string, to: number, min: number): number {
  let j = to;
  while (j > min && isSpaceAt(s, j - 1)) j--;
  return j;
}
