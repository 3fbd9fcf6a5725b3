import type { Root } from "mdast";

/** A position as mdast nodes carry it. */
export type Position = NonNullable<Root["position"]>;
/** A point as mdast positions carry it. */
export type Point = Position["start"];

/**
 * Offsets to the line/column/offset points mdast positions carry, for one text. Lines end
 * at `\n` only: texts with other line endings are not given to the adapter (see index.ts).
 */
export class PointIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }

  /** The 0-based line an offset is on. */
  lineOf(offset: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Offset of the start of a 0-based line. */
  lineStart(line: number): number {
    return this.starts[line] ?? this.text.length;
  }

  /** Offset of the end of a 0-based line (before its line break). */
  lineEnd(line: number): number {
    const next = this.starts[line + 1];
    return next === undefined ? this.text.length : next - 1;
  }

  /** Number of lines. */
  get lineCount(): number {
    return this.starts.length;
  }

  /** The point of an offset. */
  point(offset: number): Point {
    const line = this.lineOf(offset);
    return { line: line + 1, column: offset - this.starts[line]! + 1, offset };
  }

  /** The position of the range `[from, to)`. */
  position(from: number, to: number): Position {
    return { start: this.point(from), end: this.point(to) };
  }
}
