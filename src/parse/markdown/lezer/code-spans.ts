import type { InlineContext, MarkdownConfig } from "@lezer/markdown";

/**
 * Code spans, as lezer's own parser reads them, found without its quadratic scan: lezer
 * looks for an opening backtick run's closing run by scanning to the end of the paragraph,
 * again for every run that has none (runs of growing length in one paragraph). Here the
 * paragraph's runs are listed once, by length, and a closing run is a binary search.
 * The list is kept on the paragraph's inline context, which lezer makes for each paragraph.
 */
export const CODE_SPANS: MarkdownConfig = {
  remove: ["InlineCode"],
  parseInline: [
    {
      name: "CodeSpan",
      before: "HTMLTag",
      parse(cx, next, start) {
        // Only at the start of a run, as lezer (an escaped backtick before it included).
        if (next !== 96 || (start && cx.char(start - 1) === 96)) return -1;
        let end = start + 1;
        while (end < cx.end && cx.char(end) === 96) end++;
        const size = end - start;
        const close = closingRun(runsOf(cx).get(size), end);
        if (close < 0) return -1;
        return cx.addElement(
          cx.elt("InlineCode", start, close + size, [
            cx.elt("CodeMark", start, end),
            cx.elt("CodeMark", close, close + size),
          ]),
        );
      },
    },
  ],
};

/** An inline context with its backtick runs: start offsets by run length, in order. */
type WithRuns = InlineContext & { backtickRuns?: Map<number, number[]> };

function runsOf(cx: InlineContext): Map<number, number[]> {
  const withRuns = cx as WithRuns;
  if (withRuns.backtickRuns) return withRuns.backtickRuns;
  const runs = new Map<number, number[]>();
  const text = cx.text;
  for (let i = text.indexOf("`"); i >= 0; i = text.indexOf("`", i)) {
    let j = i + 1;
    while (text.charCodeAt(j) === 96) j++;
    const list = runs.get(j - i);
    if (list) list.push(cx.offset + i);
    else runs.set(j - i, [cx.offset + i]);
    i = j;
  }
  withRuns.backtickRuns = runs;
  return runs;
}

/** The first run start at or after `from` in a sorted list, or -1. */
function closingRun(starts: readonly number[] | undefined, from: number): number {
  if (!starts) return -1;
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < starts.length ? starts[lo]! : -1;
}
