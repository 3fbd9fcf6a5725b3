import type { SyntaxNode } from "@lezer/common";
import type { BlockContent, Code, Heading, Html, List, ListItem, RootContent, Table, TableCell, TableRow } from "mdast";
import { type Container, contentStart } from "./containers.js";
import { decodeString } from "./decode.js";
import { PhrasingBuilder } from "./inline.js";
import { LEFT, NotAdapted } from "./refusals.js";
import type { PointIndex } from "./points.js";

const CONTAINERS = new Set(["Blockquote", "BulletList", "OrderedList"]);

const LAZY_LIST_MARK = /^[ >]*(?:\d{1,9}[.)]|[-*+])(?:[ \t]|$)/m;
const BLOCK_START = /^(?:\d{1,9}[.)]|[-*+>#=_<]|`{3}|~{3})/;
const DELIMITER_CELL = /^:?-+:?$/;

/** Whether one of the lines is a table delimiter row (`| :-- | --: |`, or `-:` for one column). */
function hasDelimiterRow(lines: string): boolean {
  for (const line of lines.split("\n")) {
    let row = line.replace(/^[ >]*/, "").trim();
    if (row.startsWith("|")) row = row.slice(1);
    if (row.endsWith("|")) row = row.slice(0, -1);
    if (row !== "" && row.split("|").every((cell) => DELIMITER_CELL.test(cell.trim()))) return true;
  }
  return false;
}

/** Lezer's block nodes to mdast flow content, for one text. */
export class BlockConverter {
  constructor(
    private readonly points: PointIndex,
    private readonly text: string,
  ) {}

  /** The mdast nodes of the block children of `parent`. */
  flow(parent: SyntaxNode, containers: readonly Container[]): RootContent[] {
    const out: RootContent[] = [];
    for (let child = parent.firstChild; child; child = child.nextSibling) {
      if (child.name === "Table") this.refuseLazyTable(child);
      else if (child.name === "Blockquote") this.refuseQuotedEmptyItem(child);
      const node = this.block(child, containers);
      if (node) out.push(node);
    }
    return out;
  }

  private block(node: SyntaxNode, containers: readonly Container[]): RootContent | undefined {
    switch (node.name) {
      case "Paragraph":
        this.refuseParagraphLines(node, containers.length > 0);
        return {
          type: "paragraph",
          children: this.phrasing(node, node.from, node.to, containers),
          position: this.lineTail(node.from, node.to),
        };
      case "ATXHeading1":
      case "ATXHeading2":
      case "ATXHeading3":
      case "ATXHeading4":
      case "ATXHeading5":
      case "ATXHeading6":
        return this.atxHeading(node);
      case "SetextHeading1":
      case "SetextHeading2":
        this.refuseParagraphLines(node, containers.length > 0);
        return this.setextHeading(node, containers);
      case "HorizontalRule":
        return { type: "thematicBreak", position: this.points.position(node.from, node.to) };
      case "Blockquote":
        return {
          type: "blockquote",
          children: this.flow(node, [...containers, { kind: "quote" }]) as BlockContent[],
          position: this.points.position(node.from, node.to),
        };
      case "BulletList":
      case "OrderedList":
        return this.list(node, containers);
      case "FencedCode":
        return this.fencedCode(node, containers);
      case "CodeBlock":
        return this.indentedCode(node, containers);
      case "HTMLBlock":
      case "CommentBlock":
      case "ProcessingInstructionBlock":
        return this.html(node, containers);
      case "Table":
        return this.table(node);
      case "QuoteMark":
      case "ListMark":
        return undefined;
      case "LinkReference":
        throw new NotAdapted(LEFT.definition);
      default:
        // Every block node of the configured grammar is handled above.
        throw new Error(`unexpected Markdown block node ${node.name}`);
    }
  }

  /**
   * A table right below a block quote or a list, with no blank line between: micromark
   * reads its lines as lazy lines of the paragraph above, lezer as a table. Left to the
   * reference parser.
   */
  private refuseLazyTable(table: SyntaxNode): void {
    const before = table.prevSibling;
    if (!before || !CONTAINERS.has(before.name)) return;
    if (this.points.lineOf(before.to) + 1 >= this.points.lineOf(table.from)) throw new NotAdapted(LEFT.lazyTable);
  }

  /**
   * A block quote right below a paragraph that opens with an empty list item: micromark
   * reads the item's mark as the quote's paragraph, lezer as an item. Left to the
   * reference parser.
   */
  private refuseQuotedEmptyItem(quote: SyntaxNode): void {
    const before = quote.prevSibling;
    if (before?.name !== "Paragraph" || this.points.lineOf(before.to) + 1 !== this.points.lineOf(quote.from)) return;
    let first = quote.firstChild;
    while (first?.name === "QuoteMark") first = first.nextSibling;
    const item = first?.name === "BulletList" || first?.name === "OrderedList" ? first.getChild("ListItem") : null;
    if (item && !item.lastChild?.nextSibling && item.lastChild?.name === "ListMark")
      throw new NotAdapted(LEFT.quotedEmptyItem);
  }

  /**
   * Lines of a paragraph micromark reads otherwise, left to the reference parser: a list
   * mark on a continuation line in a container (micromark starts a list there, lezer
   * continues the paragraph as CommonMark says for an empty item or a number other than
   * 1), and a table delimiter row under a later line of the paragraph (micromark starts a
   * table at that line, lezer only at a paragraph's first line).
   */
  private refuseParagraphLines(node: SyntaxNode, inContainer: boolean): void {
    const source = this.text.slice(node.from, node.to);
    const rest = source.indexOf("\n");
    if (rest < 0) return;
    const lines = source.slice(rest + 1);
    if (inContainer && LAZY_LIST_MARK.test(lines)) throw new NotAdapted(LEFT.lazyListMark);
    if ((lines.includes("|") || lines.includes(":")) && hasDelimiterRow(lines))
      throw new NotAdapted(LEFT.tableInParagraph);
  }

  private phrasing(parent: SyntaxNode, from: number, to: number, containers: readonly Container[] = []) {
    const builder = new PhrasingBuilder(this.points, this.text, true, containers, parent.name === "TableCell");
    builder.addRange(parent, from, to);
    builder.trimEnd();
    return builder.finish();
  }

  /** `[from, end of the line of to)`: paragraphs and headings end with their line's trailing whitespace. */
  private lineTail(from: number, to: number) {
    return this.points.position(from, this.points.lineEnd(this.points.lineOf(to)));
  }

  private atxHeading(node: SyntaxNode): Heading {
    const marks = node.getChildren("HeaderMark");
    const open = marks[0]!;
    const close = marks.length > 1 ? marks[marks.length - 1]! : undefined;
    const depth = (open.to - open.from) as Heading["depth"];
    return {
      type: "heading",
      depth,
      children: this.phrasing(node, open.to, close ? close.from : node.to),
      position: this.lineTail(node.from, node.to),
    };
  }

  private setextHeading(node: SyntaxNode, containers: readonly Container[]): Heading {
    const underline = node.lastChild!;
    return {
      type: "heading",
      depth: node.name === "SetextHeading1" ? 1 : 2,
      children: this.phrasing(node, node.from, this.points.lineEnd(this.points.lineOf(underline.from) - 1), containers),
      position: this.lineTail(node.from, node.to),
    };
  }

  private list(node: SyntaxNode, containers: readonly Container[]): List {
    const items: ListItem[] = [];
    let start: number | null = null;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.name !== "ListItem") continue;
      const mark = child.getChild("ListMark")!;
      if (start === null && node.name === "OrderedList")
        start = Number.parseInt(this.text.slice(mark.from, mark.to), 10);
      const column = this.itemColumn(mark);
      const children = this.flow(child, [...containers, { kind: "item", column }]) as BlockContent[];
      if (!items.length && ((start !== null && start !== 1) || !children.length)) this.refuseInterruptingList(node);
      // An empty item ends after the spaces that follow its mark.
      const end = children.length
        ? children[children.length - 1]!.position!.end.offset!
        : this.points.lineEnd(this.points.lineOf(mark.from));
      items.push({
        type: "listItem",
        spread: this.spread(children),
        checked: null,
        children,
        position: this.points.position(mark.from, end),
      });
    }
    let spread = false;
    for (let i = 1; i < items.length; i++) {
      if (items[i]!.position!.start.line > items[i - 1]!.position!.end.line + 1) spread = true;
    }
    const first = items[0]!.position!.start.offset!;
    let last = items[items.length - 1]!.position!.end.offset!;
    if (containers[containers.length - 1]?.kind === "quote") {
      // In a block quote, micromark keeps a list open over the quote's blank lines after it
      // (its position ends on the last of them), and two of them make it spread.
      const blank = this.blankQuoteLines(this.points.lineOf(last) + 1, containers);
      if (blank.count) last = this.points.lineEnd(blank.last);
      if (blank.count > 1) spread = true;
    }
    return {
      type: "list",
      ordered: node.name === "OrderedList",
      start,
      spread,
      children: items,
      position: this.points.position(first, last),
    };
  }

  /** The run of lines from `line` on that hold only the quote marks of `containers`. */
  private blankQuoteLines(line: number, containers: readonly Container[]): { count: number; last: number } {
    let count = 0;
    for (; line < this.points.lineCount; line++) {
      const start = this.points.lineStart(line);
      const end = this.points.lineEnd(line);
      const content = contentStart(this.text, start, end, containers);
      if (content === start || this.text.slice(content, end).trim()) break;
      count++;
    }
    return { count, last: line - 1 };
  }

  // Right below another block, or anywhere after indented code, micromark begins a list
  // only with a non-empty item, and an ordered one only at 1, as if that block were a paragraph.
  private refuseInterruptingList(list: SyntaxNode): void {
    const before = list.prevSibling;
    if (!before) return;
    if (before.name === "CodeBlock" || this.points.lineOf(before.to) + 1 >= this.points.lineOf(list.from))
      throw new NotAdapted(LEFT.listAfterBlock);
  }

  // An item is spread when a blank line separates two of its blocks.
  private spread(children: readonly RootContent[]): boolean {
    for (let i = 1; i < children.length; i++) {
      if (children[i]!.position!.start.line > children[i - 1]!.position!.end.line + 1) return true;
    }
    return false;
  }

  /** The column an item's content starts at: after the mark and one to four spaces. */
  private itemColumn(mark: SyntaxNode): number {
    const lineStart = this.points.lineStart(this.points.lineOf(mark.from));
    const lineEnd = this.points.lineEnd(this.points.lineOf(mark.from));
    let spaces = 0;
    while (mark.to + spaces < lineEnd && this.text.charCodeAt(mark.to + spaces) === 32) spaces++;
    if (spaces === 0 || spaces > 4 || mark.to + spaces === lineEnd) spaces = 1;
    return mark.to - lineStart + spaces;
  }

  private fencedCode(node: SyntaxNode, containers: readonly Container[]): Code {
    const marks = node.getChildren("CodeMark");
    const open = marks[0]!;
    const close = marks.length > 1 ? marks[marks.length - 1] : undefined;
    const points = this.points;
    const openLine = points.lineOf(open.from);
    const indent = open.from - this.innerColumnStart(openLine, containers);
    const info = this.text.slice(open.to, points.lineEnd(openLine)).trim();
    const space = info.search(/[ \t]/);
    const lang = space < 0 ? info : info.slice(0, space);
    const meta = space < 0 ? "" : info.slice(space).trim();
    let lastLine = close ? points.lineOf(close.from) - 1 : points.lineOf(node.to);
    // An unclosed fence ends at the end of the text, not on the empty line after its last line break.
    if (!close && lastLine > openLine && node.to === points.lineStart(lastLine)) lastLine--;
    const lines: string[] = [];
    for (let line = openLine + 1; line <= lastLine && (close || line > openLine); line++) {
      const end = points.lineEnd(line);
      let at = contentStart(this.text, points.lineStart(line), end, containers);
      for (let n = 0; n < indent && this.text.charCodeAt(at) === 32; n++) at++;
      lines.push(this.text.slice(at, end));
    }
    if (!close && lastLine === openLine) lines.length = 0;
    const end = close ? points.lineEnd(points.lineOf(close.from)) : node.to;
    return {
      type: "code",
      lang: lang ? decodeString(lang) : null,
      meta: meta ? decodeString(meta) : null,
      value: lines.join("\n"),
      position: points.position(open.from, end),
    };
  }

  /** Where content starts on a line (the column of the innermost container's content). */
  private innerColumnStart(line: number, containers: readonly Container[]): number {
    const lineStart = this.points.lineStart(line);
    const inner = containers[containers.length - 1];
    if (inner?.kind === "item") return lineStart + inner.column;
    return contentStart(this.text, lineStart, this.points.lineEnd(line), containers);
  }

  private indentedCode(node: SyntaxNode, containers: readonly Container[]): Code {
    const points = this.points;
    const first = points.lineOf(node.from);
    const last = points.lineOf(node.to);
    const lines: string[] = [];
    const start = this.innerColumnStart(first, containers);
    for (let line = first; line <= last; line++) {
      const end = points.lineEnd(line);
      let at = line === first ? start : contentStart(this.text, points.lineStart(line), end, containers);
      for (let n = 0; n < 4 && this.text.charCodeAt(at) === 32; n++) at++;
      lines.push(this.text.slice(at, Math.min(end, line === last ? node.to : end)));
    }
    return {
      type: "code",
      lang: null,
      meta: null,
      value: lines.join("\n"),
      position: points.position(start, node.to),
    };
  }

  private html(node: SyntaxNode, containers: readonly Container[]): Html {
    const points = this.points;
    const first = points.lineOf(node.from);
    const last = points.lineOf(node.to);
    const start = Math.min(node.from, this.innerColumnStart(first, containers));
    const lines: string[] = [this.text.slice(start, Math.min(points.lineEnd(first), node.to))];
    for (let line = first + 1; line <= last; line++) {
      const end = Math.min(points.lineEnd(line), node.to);
      lines.push(this.text.slice(contentStart(this.text, points.lineStart(line), end, containers), end));
    }
    return { type: "html", value: lines.join("\n"), position: points.position(start, node.to) };
  }

  private table(node: SyntaxNode): Table {
    const rows: TableRow[] = [];
    let align: Table["align"] = [];
    let end = node.from;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.name === "TableDelimiter") align = this.alignments(child.from, child.to);
      else if (child.name === "TableHeader" || child.name === "TableRow") rows.push(this.tableRow(child));
      else continue;
      end = child.to;
    }
    return { type: "table", align, children: rows, position: this.points.position(node.from, end) };
  }

  private alignments(from: number, to: number): Table["align"] {
    let row = this.text.slice(from, to).trim();
    if (row.startsWith("|")) row = row.slice(1);
    if (row.endsWith("|")) row = row.slice(0, -1);
    return row.split("|").map((cell) => {
      const c = cell.trim();
      const left = c.startsWith(":");
      const right = c.endsWith(":");
      return left && right ? "center" : left ? "left" : right ? "right" : null;
    });
  }

  private tableRow(row: SyntaxNode): TableRow {
    // micromark ends a table at a line indented as code; lezer reads it as a row.
    const lineStart = this.points.lineStart(this.points.lineOf(row.from));
    const indent = this.text.slice(lineStart, row.from);
    if (indent.length >= 4 && /^[ >]*$/.test(indent)) throw new NotAdapted(LEFT.indentedRow);
    // And at a line that starts another block (a list, a heading, a fence...), which lezer
    // reads as a row or, under `===` or `---`, turns the table into a heading.
    if (row.name === "TableRow" && BLOCK_START.test(this.text.slice(row.from, row.to)))
      throw new NotAdapted(LEFT.indentedRow);
    const pipes = row.getChildren("TableDelimiter").map((d) => d.from);
    const contents = row.getChildren("TableCell");
    const end = row.to;
    // Cells run from a pipe (or the row's start) to the next pipe; the last one takes the closing pipe.
    const bounds: Array<[number, number]> = [];
    let at = row.from;
    for (const pipe of pipes) {
      if (pipe === row.from) continue;
      bounds.push([at, pipe]);
      at = pipe;
    }
    if (at < end && !(pipes.length && pipes[pipes.length - 1] === end - 1 && at === end - 1)) bounds.push([at, end]);
    else if (bounds.length) bounds[bounds.length - 1]![1] = end;
    else bounds.push([row.from, end]);
    let next = 0;
    const cells: TableCell[] = bounds.map(([from, to]) => {
      while (next < contents.length && contents[next]!.from < from) next++;
      const content = next < contents.length && contents[next]!.to <= to ? contents[next] : undefined;
      return {
        type: "tableCell",
        children: content ? this.phrasing(content, content.from, content.to) : [],
        position: this.points.position(from, to),
      };
    });
    return { type: "tableRow", children: cells, position: this.points.position(row.from, end) };
  }
}
