import { parser, Table } from "@lezer/markdown";
import type { Tree } from "@lezer/common";

// CommonMark plus GFM tables, and nothing else the readers use (the same grammar the
// reference parser is configured with in ../document.ts). Built once: it is a constant.
const COMMONMARK_TABLES = parser.configure([Table]);

/** The lezer syntax tree of a Markdown text (CommonMark + GFM tables). */
export function lezerTree(text: string): Tree {
  return COMMONMARK_TABLES.parse(text);
}
