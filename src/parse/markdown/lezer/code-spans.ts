import type { InlineContext, MarkdownConfig } from "@lezer/markdown";
import { type BacktickRuns, backtickRuns, closingRun } from "../backtick-runs.js";

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
        const close = closingRun(runsOf(cx), size, end);
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

/** An inline context with its backtick runs. */
type WithRuns = InlineContext & { backtickRuns?: BacktickRuns };

function runsOf(cx: InlineContext): BacktickRuns {
  const withRuns = cx as WithRuns;
  withRuns.backtickRuns ??= backtickRuns(cx.text, 0, cx.text.length, cx.offset);
  return withRuns.backtickRuns;
}
