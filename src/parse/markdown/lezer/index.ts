import type { Root } from "mdast";
import { BlockConverter } from "./blocks.js";
import { LEFT as LEFT_IN_CONVERSION, NotAdapted } from "./refusals.js";
import { lezerTree } from "./parser.js";
import { PointIndex } from "./points.js";

// Carriage returns and NUL (micromark rewrites them), a tab in a line's indentation
// (columns), an escaped backtick right before a backtick (lezer will not open a code span
// there, micromark does), and `<!` before a lowercase letter (HTML declarations: lezer
// takes only uppercase ones, as an older CommonMark did), and a line that starts with a tag
// lezer's HTML block pattern takes and CommonMark does not: an underscore in its name
// (`<file_path>` alone on a line is a paragraph) or a no-break or other Unicode space in it.
const UNADAPTED =
  /[\r\0]|^[ >*+\-.\d]*\t|\\``|<![a-z]|^[ >*+\-.\d]*<\/?[a-zA-Z][a-zA-Z\d-]*_|^[ >*+\-.\d]*<[^\n]*[\v\f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/m;

/** Why the adapter leaves a text to the reference parser. */
export const LEFT = {
  ...LEFT_IN_CONVERSION,
  characters:
    "a carriage return, a NUL, a tab in indentation, an escaped backtick before a backtick, `<!` before a lowercase letter, or a line starting with a tag CommonMark does not read as HTML (an underscore in its name, a Unicode space in it)",
} as const;

/** Whether the text holds a character or line the adapter leaves to the reference parser (checked before parsing). */
export function leftToReference(text: string): boolean {
  return UNADAPTED.test(text);
}

/** The adapter's tree of a text, or why it leaves the text to the reference parser. */
export type Adapted = { tree: Root } | { left: string };

/**
 * The mdast tree of a Markdown text (CommonMark + GFM tables) built from lezer's syntax
 * tree, the same tree `mdast-util-from-markdown` gives, positions included; or, for a
 * text the adapter leaves to that reference parser, the reason (see LEFT).
 */
export function adaptMarkdown(text: string): Adapted {
  if (leftToReference(text)) return { left: LEFT.characters };
  const points = new PointIndex(text);
  const tree = lezerTree(text);
  try {
    const children = new BlockConverter(points, text).flow(tree.topNode, []);
    return { tree: { type: "root", children, position: points.position(0, text.length) } };
  } catch (error) {
    if (error instanceof NotAdapted) return { left: error.message };
    throw error;
  }
}

/** {@link adaptMarkdown}'s tree, or undefined for a text left to the reference parser. */
export function lezerMarkdown(text: string): Root | undefined {
  const adapted = adaptMarkdown(text);
  return "tree" in adapted ? adapted.tree : undefined;
}
