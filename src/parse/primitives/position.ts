/**
 * Conversion from character offsets (what the primitives report) to the
 * 1-based line:column positions diagnostics carry.
 */

/** A 1-based line and column. Columns count UTF-16 code units, like JS string indices. */
export interface LineCol {
  line: number;
  column: number;
}

/**
 * Returns the offsets at which each line of `text` starts. `\r\n`, `\n` and a
 * lone `\r` each end a line, so positions agree with what editors show.
 */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 /* \n */) {
      starts.push(i + 1);
    } else if (ch === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/**
 * Builds a fast offset → line:column lookup for one text, for callers that
 * convert many offsets into the same document.
 */
export function createLineIndex(text: string): (offset: number) => LineCol {
  const starts = lineStarts(text);
  return (offset: number): LineCol => {
    const off = clamp(offset, text.length);
    // Binary search for the last line start <= off.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= off) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: off - starts[lo] + 1 };
  };
}

/**
 * Converts a character offset into `text` to a 1-based line and column.
 * Offsets outside the text are clamped rather than rejected, because callers
 * use this only to point at a place and a nearby place beats an exception.
 */
export function offsetToLineCol(text: string, offset: number): LineCol {
  return createLineIndex(text)(offset);
}

function clamp(offset: number, length: number): number {
  if (!Number.isFinite(offset) || offset < 0) return 0;
  return Math.min(Math.floor(offset), length);
}
