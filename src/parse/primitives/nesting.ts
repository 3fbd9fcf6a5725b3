/**
 * A linear, non-recursive look at how deeply a JSON-like text nests, run before any
 * parser that recurses per level (jsonc-parser's syntax tree, the lenient reader), so
 * a text thousands of levels deep is refused instead of overflowing the stack.
 */

/**
 * Offset of the first `{`, `[` or `(` that opens a level deeper than `max`, or -1 when
 * the text stays within it. Double-quoted strings (with escapes) are skipped; every
 * other bracket counts, so comments or single-quoted text can only make the count
 * larger, never hide nesting from the check.
 */
export function deepNestingOffset(text: string, max: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34 /* " */) {
      // Skip the string; an unterminated one runs to the end of its line, as parsers report it.
      for (i++; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 92 /* \ */) i++;
        else if (c === 34 || c === 10) break;
      }
    } else if (ch === 123 /* { */ || ch === 91 /* [ */ || ch === 40 /* ( */) {
      if (++depth > max) return i;
    } else if ((ch === 125 /* } */ || ch === 93 /* ] */ || ch === 41) /* ) */ && depth > 0) {
      depth--;
    }
  }
  return -1;
}
