import type { Node, Root, RootContent } from "mdast";
import type { MemoStore } from "../../memo/store.js";

/**
 * Parsing a Markdown file section by section, so that a rebuild of `generate --watch`
 * after an edit parses only the sections that changed: one tool's section is a few
 * milliseconds of parsing where its whole file is a few hundred.
 *
 * A section starts at a line that begins with an ATX heading mark (`#` to `######`, then a
 * space, a tab or the line's end). Each section is parsed as a document of its own, with
 * the next section's heading line appended, and the split is kept only if that line comes
 * out as a top-level heading. Then the split is exact: a top-level ATX heading closes
 * every open block, so what follows it is parsed as at the start of a document, and
 * parsing the section alone gives the nodes the whole file gives there. (A heading line
 * inside a fenced code block or an HTML block is not a heading, and the check fails.)
 * Link reference definitions are the one thing a section sees of the others: a file that
 * has any is parsed whole. When splitting does not pay (no heading to split at) or a
 * check fails more often than it should, the whole file is parsed, as without sections.
 */

/** Section trees by text, kept between parses (`generate --watch` keeps a bounded memory store of them). */
export type SectionTrees = MemoStore;

interface Section {
  start: number;
  /** 1-based line of `start`. */
  line: number;
  text: string;
  /** The next section's heading line, appended to check the split; "" for the last section. */
  next: string;
}

/** A parsed section: its nodes, positioned as if the section were the whole file. */
interface SectionTree {
  children: RootContent[];
}

/**
 * The tree `parse(text)` gives, built from sections found in `trees` or parsed now (and
 * stored there), with every position in `text`'s terms.
 */
export function parseInSections(text: string, parse: (text: string) => Root, trees: SectionTrees): Root {
  try {
    return parseSectioned(text, parse, trees);
  } catch (error) {
    // Deeply nested Markdown (allowed by a raised nesting limit) can overflow the stack
    // walking section trees; the whole parse is what parsing without sections does.
    if (error instanceof RangeError) return parse(text);
    throw error;
  }
}

function parseSectioned(text: string, parse: (text: string) => Root, trees: SectionTrees): Root {
  // A byte order mark is dropped by the parser, which would put later sections one character off.
  if (text.charCodeAt(0) === 0xfeff) return parse(text);
  const sections = splitAtHeadings(text);
  if (sections.length < 2) return parse(text);
  // Parsing text twice at most: past that, a file whose splits keep failing is parsed whole.
  let budget = text.length * 2;
  const children: RootContent[] = [];
  for (let i = 0; i < sections.length; i++) {
    let section = sections[i]!;
    let tree: SectionTree | undefined;
    for (;;) {
      tree = trees.get(keyOf(section)) as SectionTree | undefined;
      if (tree) break;
      budget -= section.text.length + section.next.length;
      if (budget < 0) return parse(text);
      const parsed = parseSection(section, parse);
      if (parsed === "definitions") return parse(text);
      if (parsed) {
        trees.set(keyOf(section), (tree = parsed));
        break;
      }
      // The next heading line is not a heading here: the two sections are one.
      const after = sections[++i]!;
      section = { start: section.start, line: section.line, text: section.text + after.text, next: after.next };
    }
    for (const node of tree.children) children.push(shifted(node, section.line - 1, section.start));
  }
  return { type: "root", children, position: rootPosition(text) };
}

/** Sections of `text` at lines that may be ATX headings (only the first when there are none). */
function splitAtHeadings(text: string): Section[] {
  const starts: Array<{ start: number; line: number }> = [{ start: 0, line: 1 }];
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Markdown's line endings: \n, \r\n and a lone \r.
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    else if (c !== 10 && c !== 13) continue;
    line++;
    if (isHeadingMark(text, i + 1)) starts.push({ start: i + 1, line });
  }
  return starts.map((s, k) => {
    const end = starts[k + 1]?.start ?? text.length;
    return { ...s, text: text.slice(s.start, end), next: k + 1 < starts.length ? firstLine(text, end) : "" };
  });
}

/** Whether an ATX heading mark starts at `at`: 1 to 6 `#`, then a space, a tab or a line end. */
function isHeadingMark(text: string, at: number): boolean {
  let n = 0;
  while (n < 7 && text.charCodeAt(at + n) === 35) n++;
  if (n === 0 || n > 6) return false;
  const c = text.charCodeAt(at + n);
  return Number.isNaN(c) || c === 32 || c === 9 || c === 10 || c === 13;
}

/** The line starting at `at`, without its line ending. */
function firstLine(text: string, at: number): string {
  let end = at;
  while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
  return text.slice(at, end);
}

/** The store key of a section: its next heading line (length first, so no text can pass for another) and its text. */
function keyOf(section: Section): string {
  return `${section.next.length}:${section.next}\0${section.text}`;
}

/**
 * The section's nodes, or undefined when its next heading line is not a top-level heading
 * after it, or "definitions" when it has link reference definitions (which reach every
 * section of a file).
 */
function parseSection(section: Section, parse: (text: string) => Root): SectionTree | "definitions" | undefined {
  const root = parse(section.next ? section.text + section.next : section.text);
  const children = root.children;
  // A definition needs "]:"; only then is the tree searched (they may sit in lists and quotes too).
  if (section.text.includes("]:") && hasDefinition(root)) return "definitions";
  if (!section.next) return { children };
  const last = children[children.length - 1];
  if (last?.type !== "heading" || last.position?.start.offset !== section.text.length) return undefined;
  return { children: children.slice(0, -1) };
}

function hasDefinition(node: Node): boolean {
  if (node.type === "definition") return true;
  const children = (node as { children?: Node[] }).children;
  return children ? children.some(hasDefinition) : false;
}

/** A copy of `node` with its positions (and its descendants') moved down `lines` lines and on `offset` characters. */
function shifted<T extends Node>(node: T, lines: number, offset: number): T {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "position" && value) {
      const p = value as NonNullable<Node["position"]>;
      copy.position = { start: movedPoint(p.start, lines, offset), end: movedPoint(p.end, lines, offset) };
    } else if (key === "children" && Array.isArray(value)) {
      copy.children = value.map((child: Node) => shifted(child, lines, offset));
    } else {
      copy[key] = value !== null && typeof value === "object" ? structuredClone(value) : value;
    }
  }
  return copy as T;
}

function movedPoint(
  point: { line: number; column: number; offset?: number },
  lines: number,
  offset: number,
): { line: number; column: number; offset?: number } {
  const moved = { line: point.line + lines, column: point.column, offset: point.offset };
  if (point.offset !== undefined) moved.offset = point.offset + offset;
  else delete moved.offset;
  return moved;
}

/** The root's position as the Markdown parser gives it: from the first character to the end of the text. */
function rootPosition(text: string): NonNullable<Root["position"]> {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    else if (c !== 10 && c !== 13) continue;
    line++;
    lineStart = i + 1;
  }
  return {
    start: { line: 1, column: 1, offset: 0 },
    end: { line, column: text.length - lineStart + 1, offset: text.length },
  };
}
