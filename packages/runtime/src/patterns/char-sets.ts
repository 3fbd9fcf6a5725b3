/**
 * Sets of code points as sorted, disjoint `[first, last]` ranges, and the sets of the
 * ECMAScript escapes whose meaning differs between JavaScript and RE2 — written out so the
 * translated pattern says exactly what JavaScript means, whatever RE2's own escapes mean.
 */

/** A set of code points: sorted, disjoint, non-adjacent `[first, last]` ranges. */
export type CodePointRanges = ReadonlyArray<readonly [number, number]>;

/** The largest code point. */
export const MAX_CODE_POINT = 0x10ffff;

/** `\d` in Unicode mode without `i`: the ASCII digits. */
export const DIGIT: CodePointRanges = [[0x30, 0x39]];

/** `\w` in Unicode mode without `i`: ASCII letters, digits and `_`. */
export const WORD: CodePointRanges = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];

/**
 * `\s`: ECMAScript's WhiteSpace and LineTerminator — tab, line feed, vertical tab, form
 * feed, carriage return, space, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F,
 * U+205F, U+3000 and U+FEFF (the Space_Separator category plus the others). RE2's `\s` is
 * ASCII only and leaves out vertical tab.
 */
export const SPACE: CodePointRanges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

/** ECMAScript's line terminators, which `.` does not match (without the `s` flag). */
export const LINE_TERMINATOR: CodePointRanges = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

/** `\p{ASCII}`. */
export const ASCII: CodePointRanges = [[0, 0x7f]];

/** `\p{Any}`: every code point, lone surrogates included. */
export const ANY: CodePointRanges = [[0, MAX_CODE_POINT]];

/** The union of sets, normalised (sorted, overlapping and adjacent ranges merged). */
export function union(...sets: CodePointRanges[]): CodePointRanges {
  const all = sets.flat().sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [first, last] of all) {
    const previous = out[out.length - 1];
    if (previous && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last);
    else out.push([first, last]);
  }
  return out;
}

/** Every code point not in `set` (which must be normalised). */
export function complement(set: CodePointRanges): CodePointRanges {
  const out: Array<[number, number]> = [];
  let next = 0;
  for (const [first, last] of set) {
    if (first > next) out.push([next, first - 1]);
    next = last + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/** A code point as an RE2 escape, `\x{…}`: valid in and out of classes, whatever the code point. */
export function codePointEscape(codePoint: number): string {
  return `\\x{${codePoint.toString(16).toUpperCase()}}`;
}

/** The ranges as the inside of an RE2 character class (without the brackets). */
export function classItems(set: CodePointRanges): string {
  return set
    .map(([first, last]) =>
      first === last ? codePointEscape(first) : `${codePointEscape(first)}-${codePointEscape(last)}`,
    )
    .join("");
}
