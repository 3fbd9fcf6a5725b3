import { createRequire } from "node:module";
import type { fromMarkdown as FromMarkdown } from "mdast-util-from-markdown";
import type { gfmTable as GfmTable } from "micromark-extension-gfm-table";
import type { gfmTableFromMarkdown as GfmTableFromMarkdown } from "mdast-util-gfm-table";
import type { Root, RootContent, Heading, InlineCode, PhrasingContent } from "mdast";
import type { SourceLocation } from "../../ir/types.js";
import { createLineIndex, type LineCol } from "../primitives/position.js";
import {
  applyJoins,
  continuationLocations,
  findContinuations,
  type Join,
  remapPositions,
} from "./table-continuation.js";
import { parseInSections, type SectionTrees } from "./sectioned-parse.js";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import { lezerMarkdown } from "./lezer/index.js";
import type { SpecLimits } from "../limits.js";
import { countBelow } from "../primitives/sorted.js";

/**
 * The Markdown parser's tree of a whole text: lezer's tree turned into mdast (lezer/),
 * or, for the few constructs the adapter leaves to it, micromark's (mdast-util-from-markdown).
 */
export const parseTree = (text: string): Root => lezerMarkdown(text) ?? micromarkTree(text);

/** A constant: resolves modules from this file. */
const requireHere = createRequire(import.meta.url);

/**
 * micromark's tree of a text, with CommonMark plus GFM tables, and nothing else the reader
 * does not use: GFM's autolink literals, footnotes, strikethrough and task lists only change
 * how text it reads as text is split into nodes. Its packages are loaded on first use (most
 * specs never need them; Node keeps the loaded modules, so later calls only look them up).
 */
function micromarkTree(text: string): Root {
  const { fromMarkdown } = requireHere("mdast-util-from-markdown") as { fromMarkdown: typeof FromMarkdown };
  const { gfmTable } = requireHere("micromark-extension-gfm-table") as { gfmTable: typeof GfmTable };
  const { gfmTableFromMarkdown } = requireHere("mdast-util-gfm-table") as {
    gfmTableFromMarkdown: typeof GfmTableFromMarkdown;
  };
  return fromMarkdown(text, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
}

/** A Markdown file parsed once, with helpers to get positions and source text back. */
export interface MarkdownDocument {
  file: string;
  text: string;
  root: Root;
  /** Table rows continued on an indented next line and joined (see table-continuation.ts): the lines. */
  continuations?: SourceLocation[];
  /** The joins of those rows: each written range `[from, to)` was read as one space (sorted). */
  joins?: readonly Join[];
  /** Line and column of an offset in `text`, made on first use (see `locAtOffset`). */
  lineIndex?: (offset: number) => LineCol;
  /** `text` split into lines, made on first use (see `linesOf`). */
  lines?: readonly string[];
  /** The limits the document is read under and where refusals go (see guard.ts). */
  guard?: DocumentGuard;
}

/** The limits a document is read under, and where refusals are reported (see guard.ts). */
export interface DocumentGuard {
  limits: SpecLimits;
  diagnostics?: DiagnosticBag;
  /** Nodes already refused: a block read twice (as a schema, then as an example) is reported once. */
  reported: WeakSet<object>;
}

/** A heading with the top-level nodes that belong to it (up to the next heading of any level). */
export interface Block {
  heading?: Heading;
  /** Plain text of the heading, inline code unwrapped. */
  title: string;
  depth: number;
  nodes: RootContent[];
}

/**
 * Parses Markdown (CommonMark + GFM tables) into a document; headings inside code fences
 * stay text. A table row continued on the next line is joined first, and the tree's
 * positions point into `text` as written (see table-continuation.ts). With `sections`, the
 * sections of the text found there are not parsed again (see sectioned-parse.ts).
 */
export function parseMarkdown(file: string, text: string, sections?: SectionTrees): MarkdownDocument {
  const parse = sections ? (t: string) => parseInSections(t, parseTree, sections) : parseTree;
  const root = parse(text);
  const joins = findContinuations(text, root);
  if (!joins.length) return { file, text, root };
  const joined = parse(applyJoins(text, joins));
  remapPositions(joined, text, joins);
  return { file, text, root: joined, continuations: continuationLocations(file, text, joins), joins };
}

/**
 * The written text `[start, end)` as the parser read it: each continuation join inside it
 * (a continued row's closing `|`, the line break and the indentation) is one space. With
 * `offsetOf`, which maps an offset of that text back to the file as written.
 */
export function joinedSource(
  doc: MarkdownDocument,
  start: number,
  end: number,
): { text: string; offsetOf: (i: number) => number } {
  const inside = (doc.joins ?? []).filter((j) => j.from >= start && j.to <= end);
  if (!inside.length) return { text: doc.text.slice(start, end), offsetOf: (i) => start + i };
  // Pieces of the read text: where each begins in it, and in the written text.
  const read: number[] = [];
  const written: number[] = [];
  let text = "";
  let at = start;
  for (const j of inside) {
    read.push(text.length);
    written.push(at);
    text += `${doc.text.slice(at, j.from)} `;
    at = j.to;
  }
  read.push(text.length);
  written.push(at);
  text += doc.text.slice(at, end);
  const offsetOf = (i: number): number => {
    let k = read.length - 1;
    while (k > 0 && read[k]! > i) k--;
    return written[k]! + (i - read[k]!);
  };
  return { text, offsetOf };
}

/** Splits the document into blocks at every heading. Content before the first heading has depth 0. */
export function splitBlocks(doc: MarkdownDocument): Block[] {
  const blocks: Block[] = [{ title: "", depth: 0, nodes: [] }];
  for (const node of doc.root.children) {
    if (node.type === "heading") {
      blocks.push({ heading: node, title: inlineText(node.children).trim(), depth: node.depth, nodes: [] });
    } else {
      blocks[blocks.length - 1]!.nodes.push(node);
    }
  }
  return blocks;
}

/** Plain text of inline content: code spans keep their text, emphasis is unwrapped. */
export function inlineText(nodes: readonly PhrasingContent[]): string {
  let out = "";
  for (const n of nodes) {
    if (n.type === "text" || n.type === "inlineCode") out += n.value;
    else if (n.type === "break") out += "\n";
    else if (n.type === "html" && /^<br\s*\/?>$/i.test(n.value.trim())) out += "\n";
    // A tag is text the author wrote (`Path like <dir>/<name>`, a placeholder CommonMark reads
    // as a tag); a comment, declaration or processing instruction is hidden on purpose.
    else if (n.type === "html" && /^<\/?[a-zA-Z]/.test(n.value)) out += n.value;
    else if ("children" in n) out += inlineText(n.children as PhrasingContent[]);
  }
  return out;
}

/**
 * The name a run of inline content gives (a label's value, a table cell): the text of its
 * first code span, else `fallback` (what the caller reads from the plain text); trimmed.
 * With the code span, so the name can be located exactly.
 */
export function codeSpanName(nodes: readonly PhrasingContent[], fallback: string): { name: string; code?: InlineCode } {
  const code = nodes.find((n): n is InlineCode => n.type === "inlineCode");
  return code ? { name: code.value.trim(), code } : { name: fallback.trim() };
}

/** Location of a character offset in the file. */
export function locAtOffset(doc: MarkdownDocument, offset: number): SourceLocation {
  const { line, column } = (doc.lineIndex ??= createLineIndex(doc.text))(offset);
  return { file: doc.file, line, column };
}

/** The document's lines (split at `\n` or `\r\n`), split once per document rather than once per reader. */
export function linesOf(doc: MarkdownDocument): readonly string[] {
  return (doc.lines ??= doc.text.split(/\r?\n/));
}

/**
 * Location of an offset inside an inline code span's value: the span's source is
 * searched for the value, so backtick runs of any length are skipped exactly.
 */
export function locInInlineCode(
  doc: MarkdownDocument,
  node: { value: string; position?: { start: { offset?: number }; end: { offset?: number } } },
  offset: number,
): SourceLocation {
  const start = node.position?.start.offset ?? 0;
  const source = sourceOf(doc, node);
  const at = source.indexOf(node.value);
  return locAtOffset(doc, start + Math.max(at, 0) + offset);
}

/** For each block, the index of the nearest earlier block with a smaller depth (-1 for none). */
export function blockParents(blocks: readonly Block[]): number[] {
  const parents: number[] = [];
  const stack: number[] = [];
  blocks.forEach((b, i) => {
    while (stack.length && blocks[stack[stack.length - 1]!]!.depth >= b.depth) stack.pop();
    parents.push(stack.length ? stack[stack.length - 1]! : -1);
    stack.push(i);
  });
  return parents;
}

/** Location of a node's start, or of the file start when the node has no position. */
export function locOf(
  doc: MarkdownDocument,
  node: { position?: { start: { line: number; column: number } } } | undefined,
): SourceLocation {
  const p = node?.position?.start;
  return { file: doc.file, line: p?.line ?? 1, column: p?.column ?? 1 };
}

/** The exact source text of a node, as the author wrote it. */
export function sourceOf(
  doc: MarkdownDocument,
  node: { position?: { start: { offset?: number }; end: { offset?: number } } },
): string {
  const s = node.position?.start.offset;
  const e = node.position?.end.offset;
  return s === undefined || e === undefined ? "" : doc.text.slice(s, e);
}

/**
 * Location of an offset inside a fenced code block's content. The Markdown parser
 * (micromark) strips the fence line and the block's indentation, so the content starts
 * one line below the fence.
 */
export function locInCode(
  doc: MarkdownDocument,
  code: { value: string; position?: { start: { line: number; column: number } } },
  offset: number,
): SourceLocation {
  const start = code.position?.start ?? { line: 1, column: 1 };
  let line = start.line + 1;
  let lastNl = -1;
  for (let i = 0; i < offset && i < code.value.length; i++) {
    if (code.value.charCodeAt(i) === 10) {
      line++;
      lastNl = i;
    }
  }
  return { file: doc.file, line, column: start.column + (offset - lastNl - 1) };
}

/**
 * {@link locInCode} for many offsets into one code block (every node of a schema): the
 * block's line breaks are found once, and each offset is a binary search.
 */
export function codeLocator(
  doc: MarkdownDocument,
  code: { value: string; position?: { start: { line: number; column: number } } },
): (offset: number) => SourceLocation {
  const start = code.position?.start ?? { line: 1, column: 1 };
  const breaks: number[] = [];
  for (let i = code.value.indexOf("\n"); i >= 0; i = code.value.indexOf("\n", i + 1)) breaks.push(i);
  return (offset) => {
    // The number of line breaks before `offset`, and where the last of them is.
    const lo = countBelow(breaks, offset);
    const lastNl = lo > 0 ? breaks[lo - 1]! : -1;
    return { file: doc.file, line: start.line + 1 + lo, column: start.column + (offset - lastNl - 1) };
  };
}

/** The source text of a run of inline nodes, as the author wrote it (code spans keep their backticks). */
export function sourceOfNodes(doc: MarkdownDocument, nodes: readonly PhrasingContent[]): string {
  const withPos = nodes.filter((n) => n.position);
  if (!withPos.length)
    return nodes
      .map((n) => inlineText([n]))
      .join("")
      .trim();
  const start = withPos[0]!.position!.start.offset;
  const end = withPos[withPos.length - 1]!.position!.end.offset;
  return start === undefined || end === undefined ? "" : doc.text.slice(start, end).trim();
}
