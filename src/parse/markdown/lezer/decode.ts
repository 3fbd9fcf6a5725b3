import { decodeNamedCharacterReference } from "decode-named-character-reference";

// What CommonMark makes of escapes and character references in text, link destinations,
// titles and info strings: the same decoding the reference parser (micromark) applies.

/** The text of a character reference (`&amp;`, `&#35;`, `&#x22;`), or undefined when it is not one. */
export function decodeEntity(source: string): string | undefined {
  if (!REFERENCE.test(source)) return undefined;
  if (source.charCodeAt(1) === 35 /* # */) {
    const hex = source.charCodeAt(2) === 120 || source.charCodeAt(2) === 88;
    const code = Number.parseInt(source.slice(hex ? 3 : 2, -1), hex ? 16 : 10);
    return fromCodePoint(code);
  }
  const named = decodeNamedCharacterReference(source.slice(1, -1));
  return named === false ? undefined : named;
}

// A numeric reference to nothing, a surrogate or a control character reads as U+FFFD
// (micromark-util-decode-numeric-character-reference).
function fromCodePoint(code: number): string {
  if (
    code < 9 ||
    code === 11 ||
    (code > 13 && code < 32) ||
    (code > 126 && code < 160) ||
    (code > 55_295 && code < 57_344) ||
    (code > 64_975 && code < 65_008) ||
    (code & 65_535) === 65_535 ||
    (code & 65_535) === 65_534 ||
    code > 1_114_111
  ) {
    return "\uFFFD";
  }
  return String.fromCodePoint(code);
}

const REFERENCE = /^&(?:#\d{1,7}|#[xX][\da-fA-F]{1,6}|[\da-zA-Z]{1,31});$/;
const ESCAPE_OR_REFERENCE = /\\([!-/:-@[-`{-~])|&(#\d{1,7}|#[xX][\da-fA-F]{1,6}|[\da-zA-Z]{1,31});/g;

/** A string with backslash escapes and character references decoded (destinations, titles, info strings). */
export function decodeString(source: string): string {
  if (source.indexOf("\\") < 0 && source.indexOf("&") < 0) return source;
  return source.replace(ESCAPE_OR_REFERENCE, (whole, escaped: string | undefined) => {
    if (escaped !== undefined) return escaped;
    return decodeEntity(whole) ?? whole;
  });
}

/** A link label as an identifier: whitespace collapsed, trimmed, case folded (micromark-util-normalize-identifier). */
export function normalizeIdentifier(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, " ")
    .replace(/^ | $/g, "")
    .toLowerCase()
    .toUpperCase();
}
