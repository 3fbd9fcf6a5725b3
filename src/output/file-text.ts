import type { GeneratedFile } from "../generator-kit/contract.js";

/**
 * Output text, whole or as a list of strings (joined, they are the text): a file's
 * `GeneratedFile.contents`. The files that hold every tool are lists (each tool's part and
 * the text around them): in a rebuild of `generate --watch` an unchanged tool's part is the
 * very string of the previous build, and the file is written, hashed and compared a string
 * at a time without ever being made whole. A whole one would be a fresh string of megabytes
 * each rebuild, and the first touch of each of its pages costs. Only the writer, the hasher
 * and the comparer (src/output/, src/cache/) read a list as such.
 */
export type FileText = GeneratedFile["contents"];

/** Length of the text in UTF-16 code units. */
export function textLength(text: FileText): number {
  if (typeof text === "string") return text.length;
  let length = 0;
  for (const piece of text) length += piece.length;
  return length;
}

/** Length of the text as UTF-8 bytes. */
export function utf8Length(text: FileText): number {
  if (typeof text === "string") return Buffer.byteLength(text);
  // String by string, except that a pair split between two strings is one 4-byte character,
  // not two halves of 3 bytes each.
  let length = 0;
  let afterHigh = false;
  for (const piece of text) {
    if (!piece) continue;
    length += Buffer.byteLength(piece);
    if (afterHigh && isLowSurrogate(piece.charCodeAt(0))) length -= 2;
    afterHigh = isHighSurrogate(piece.charCodeAt(piece.length - 1));
  }
  return length;
}

/**
 * Whether two texts are the same, compared a stretch at a time and never joined. Strings
 * split alike are compared whole, which is the common case of a rebuild and cheap (an
 * unchanged tool's part is the same string, and `===` of a string with itself is at once
 * true); strings split otherwise, where they overlap.
 */
export function sameText(a: FileText, b: FileText): boolean {
  if (typeof a === "string" && typeof b === "string") return a === b;
  if (textLength(a) !== textLength(b)) return false;
  const left = typeof a === "string" ? [a] : a;
  const right = typeof b === "string" ? [b] : b;
  // A piece of each side and how far into it the comparison is.
  let i = 0;
  let j = 0;
  let at = 0;
  let bt = 0;
  while (i < left.length && j < right.length) {
    const x = left[i]!;
    const y = right[j]!;
    const n = Math.min(x.length - at, y.length - bt);
    const whole = at === 0 && bt === 0 && n === x.length && n === y.length;
    if (n > 0 && !(whole ? x === y : x.slice(at, at + n) === y.slice(bt, bt + n))) return false;
    at += n;
    bt += n;
    if (at === x.length) [i, at] = [i + 1, 0];
    if (bt === y.length) [j, bt] = [j + 1, 0];
  }
  // The lengths agree: what is left of either side is empty strings.
  return true;
}

/** The first half of a surrogate pair. */
export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The second half of a surrogate pair. */
export function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
