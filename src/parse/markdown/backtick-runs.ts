import { countBelow } from "../primitives/sorted.js";
/**
 * The backtick runs of a stretch of text, for finding where a code span closes without
 * scanning ahead from every opening run (which is quadratic in a line or paragraph of
 * runs that never close): the runs are listed once, by length, and the closing run of an
 * opening one is the first later run of the same length, a binary search.
 */
export type BacktickRuns = ReadonlyMap<number, readonly number[]>;

/** The maximal backtick runs in `text` between `from` and `to`: their start offsets (plus `shift`), in order, by run length. */
export function backtickRuns(text: string, from = 0, to = text.length, shift = 0): BacktickRuns {
  const runs = new Map<number, number[]>();
  for (let i = text.indexOf("`", from); i >= 0 && i < to; i = text.indexOf("`", i)) {
    let j = i + 1;
    while (j < to && text.charCodeAt(j) === 96) j++;
    const list = runs.get(j - i);
    if (list) list.push(i + shift);
    else runs.set(j - i, [i + shift]);
    i = j;
  }
  return runs;
}

/** The start of the first run of `length` backticks at or after `from`, or -1. */
export function closingRun(runs: BacktickRuns, length: number, from: number): number {
  const starts = runs.get(length);
  if (!starts) return -1;
  const lo = countBelow(starts, from);
  return lo < starts.length ? starts[lo]! : -1;
}
