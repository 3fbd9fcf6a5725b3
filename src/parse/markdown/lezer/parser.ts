import type { Tree, TreeFragment } from "@lezer/common";
import { type MarkdownConfig, parser, Table } from "@lezer/markdown";
import { CODE_SPANS } from "./code-spans.js";
import { HTML_TAGS } from "./html-tags.js";

/** The longest run at a line's start left to lezer: the marks of 32 nested block quotes. */
const LINE_START_RUN = 64;

/**
 * A run of two or more spaces that does not end a line, as one node the adapter reads as
 * text. Lezer's hard break parser scans forward from every space for a line break, which
 * is quadratic in the length of a run; taking the run whole at its first space keeps the
 * scan linear, and a run that ends a line is still left to the hard break parser.
 */
const SPACE_RUNS: MarkdownConfig = {
  defineNodes: ["SpaceRun"],
  parseInline: [
    {
      name: "SpaceRun",
      before: "HardBreak",
      parse(cx, next, start) {
        if (next !== 32) return -1;
        let end = start + 1;
        while (cx.char(end) === 32) end++;
        if (end - start < 2 || cx.char(end) === 10) return -1;
        // At a line's start a short run is what lezer left of block quote marks (it reads
        // `> ` as spaces) or indentation: left to the hard break parser (a short scan),
        // since lezer adds a paragraph's quote marks into its inline nodes one at a time,
        // moving every later node: a node per line here made that quadratic in the lines.
        if ((start === cx.offset || cx.char(start - 1) === 10) && end - start <= LINE_START_RUN) return -1;
        return cx.addElement(cx.elt("SpaceRun", start, end));
      },
    },
  ],
};

// CommonMark plus GFM tables, and nothing else the readers use (the same grammar the
// reference parser is configured with in ../document.ts). Built once: it is a constant.
const COMMONMARK_TABLES = parser.configure([Table, SPACE_RUNS, CODE_SPANS, HTML_TAGS]);

/**
 * The lezer syntax tree of a Markdown text (CommonMark + GFM tables); with `fragments`
 * (of an earlier tree, see `TreeFragment.applyChanges`), lezer's incremental re-parse.
 */
export function lezerTree(text: string, fragments?: readonly TreeFragment[]): Tree {
  return COMMONMARK_TABLES.parse(text, fragments);
}
