import type { Root } from "mdast";
import { BlockConverter, NotAdapted } from "./blocks.js";
import { lezerTree } from "./parser.js";
import { PointIndex } from "./points.js";

// Carriage returns and NUL (micromark rewrites them), a tab in a line's indentation
// (columns), and an escaped backtick right before a backtick (lezer will not open a code
// span there, micromark does).
const UNADAPTED = /[\r\0]|^[ >*+\-.\d]*\t|\\``/m;

/**
 * The mdast tree of a Markdown text (CommonMark + GFM tables) built from lezer's syntax
 * tree, the same tree `mdast-util-from-markdown` gives, positions included; or undefined
 * for a text the adapter leaves to that reference parser: carriage returns, NUL, tabs in
 * indentation (columns), and link reference definitions (references resolve against them).
 */
export function lezerMarkdown(text: string): Root | undefined {
  if (UNADAPTED.test(text)) return undefined;
  const points = new PointIndex(text);
  const tree = lezerTree(text);
  try {
    const children = new BlockConverter(points, text).flow(tree.topNode, []);
    return { type: "root", children, position: points.position(0, text.length) };
  } catch (error) {
    if (error instanceof NotAdapted) return undefined;
    throw error;
  }
}
