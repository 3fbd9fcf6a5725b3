import type { SyntaxNode } from "@lezer/common";
import type { PhrasingContent, Text } from "mdast";
import { type Container, contentStart } from "./containers.js";
import { decodeEntity, decodeString } from "./decode.js";
import { LEFT, NotAdapted } from "./refusals.js";
import type { PointIndex } from "./points.js";

// A `*`, or a `_` not between two letters or digits: a mark that could open or close emphasis.
const EMPHASIS_MARK = /\*|(?:^|[^\p{L}\p{N}])_|_(?:$|[^\p{L}\p{N}])/u;

/**
 * Lezer's inline nodes to mdast phrasing content. Lezer marks only the constructs; the
 * text between them is read from the source the way micromark reads it: escapes and
 * character references joined into the text around them, spaces and tabs dropped at the
 * end of a line and at the start of the next, block quote marks inside a paragraph skipped.
 */
export class PhrasingBuilder {
  readonly out: PhrasingContent[] = [];
  /**
   * The open text node's value, in the pieces it was read in: joined once when the node
   * closes. A string grown by `+=` is a rope, and reading its last characters (to trim a
   * line's end) flattens it, a copy of the whole value at every line of a paragraph.
   */
  private pieces: string[] = [];
  private length = 0;
  /** Spaces and tabs at the end of the value. */
  private trailing = 0;
  private start = -1;
  private end = -1;
  /** At the start of a line (or after a block quote mark): spaces and tabs are skipped. */
  private lineStart = false;

  constructor(
    private readonly points: PointIndex,
    private readonly text: string,
    atBlockStart: boolean,
    /** The containers of the paragraph, whose marks and indentation code spans drop at line starts. */
    private readonly containers: readonly Container[],
    /** In a table cell, where `\|` in a code span is a pipe (GFM). */
    private readonly inCell = false,
  ) {
    this.lineStart = atBlockStart;
  }

  /** Appends the content of `parent` between `from` and `to` (its inline children and the text between them). */
  addRange(parent: SyntaxNode, from: number, to: number): void {
    let at = from;
    for (let child = parent.firstChild; child; child = child.nextSibling) {
      if (child.to <= from || child.from >= to) continue;
      if (child.from < at) {
        // A run of spaces that begins on a block quote mark (lezer reads marks as spaces).
        if (child.to > at) this.addRange(child, at, child.to);
        at = child.to;
        continue;
      }
      if (child.from > at) this.addText(at, child.from);
      this.addNode(child);
      at = Math.max(at, child.to);
    }
    if (at < to) this.addText(at, to);
  }

  /** The phrasing content, with the last text node closed. */
  finish(): PhrasingContent[] {
    this.flush();
    return this.out;
  }

  private addNode(node: SyntaxNode): void {
    switch (node.name) {
      case "QuoteMark":
        this.lineStart = true;
        return;
      case "Escape":
        this.addValue(this.text.slice(node.from + 1, node.to), node.from, node.to);
        return;
      case "Entity": {
        const source = this.text.slice(node.from, node.to);
        this.addValue(decodeEntity(source) ?? source, node.from, node.to);
        return;
      }
      case "HardBreak":
        this.push({ type: "break", position: this.points.position(node.from, node.to) });
        this.lineStart = true;
        return;
      case "Emphasis":
      case "StrongEmphasis":
        this.push({
          type: node.name === "Emphasis" ? "emphasis" : "strong",
          children: this.inner(node, marksEnd(node), marksStart(node)),
          position: this.points.position(node.from, node.to),
        });
        return;
      case "InlineCode":
        this.push({
          type: "inlineCode",
          value: this.codeSpanValue(node),
          position: this.points.position(node.from, node.to),
        });
        return;
      case "Link":
      case "Image":
        this.addLink(node);
        return;
      case "Autolink":
        this.addAutolink(node);
        return;
      case "HTMLTag":
      case "Comment":
      case "ProcessingInstruction":
        this.push({
          type: "html",
          value: this.text.slice(node.from, node.to),
          position: this.points.position(node.from, node.to),
        });
        return;
      default:
        // A mark, or a run of spaces (see parser.ts), read as text; the block quote marks
        // lezer puts inside a run are skipped as anywhere else.
        this.addRange(node, node.from, node.to);
    }
  }

  private inner(node: SyntaxNode, from: number, to: number): PhrasingContent[] {
    const builder = new PhrasingBuilder(this.points, this.text, false, this.containers, this.inCell);
    builder.addRange(node, from, to);
    return builder.finish();
  }

  /**
   * A code span's value: its lines without their containers' marks and indentation, one
   * space or line ending stripped from both ends when both have one.
   */
  private codeSpanValue(node: SyntaxNode): string {
    const text = this.text;
    const open = node.firstChild;
    const close = node.lastChild;
    const from = open?.to ?? node.from;
    const to = close && close !== open ? close.from : node.to;
    let value = "";
    let at = from;
    for (let nl = text.indexOf("\n", at); nl >= 0 && nl < to; nl = text.indexOf("\n", at)) {
      value += text.slice(at, nl + 1);
      at = this.containers.length
        ? contentStart(text, nl + 1, this.points.lineEnd(this.points.lineOf(nl + 1)), this.containers)
        : nl + 1;
    }
    value += text.slice(at, to);
    if (this.inCell) value = value.replace(/\\\|/g, "|");
    const padded = (c: number) => c === 32 || c === 10;
    if (
      value.length > 2 &&
      padded(value.charCodeAt(0)) &&
      padded(value.charCodeAt(value.length - 1)) &&
      /[^ \n]/.test(value)
    )
      value = value.slice(1, -1);
    return value;
  }

  private addLink(node: SyntaxNode): void {
    const marks = childrenNamed(node, "LinkMark");
    const open = marks[0]!;
    const close = marks[1];
    const inline = marks[2] && this.text.charCodeAt(marks[2].from) === 40; /* ( */
    if (!close || !inline) {
      // A reference with no definition is text (documents with definitions go to the
      // reference parser): the brackets stay, the content is read. Lezer has taken the
      // brackets before emphasis, which micromark does not for brackets that are no link.
      if (EMPHASIS_MARK.test(this.text.slice(node.from, node.to))) throw new NotAdapted(LEFT.bracketEmphasis);
      this.addText(node.from, open.to);
      if (close) {
        this.addRange(node, open.to, close.from);
        this.addText(close.from, node.to);
      } else this.addRange(node, open.to, node.to);
      return;
    }
    const url = node.getChild("URL");
    const title = node.getChild("LinkTitle");
    const destination = url ? stripAngles(this.text.slice(url.from, url.to)) : "";
    const fields = {
      title: title ? decodeString(this.text.slice(title.from + 1, title.to - 1)) : null,
      url: decodeString(destination),
    };
    const children = this.inner(node, open.to, close.from);
    const position = this.points.position(node.from, node.to);
    if (node.name === "Image") this.push({ type: "image", ...fields, alt: plainText(children), position });
    else this.push({ type: "link", ...fields, children, position });
  }

  private addAutolink(node: SyntaxNode): void {
    const value = this.text.slice(node.from + 1, node.to - 1);
    const email = !/^[a-zA-Z][a-zA-Z\d+.-]{1,31}:/.test(value);
    this.push({
      type: "link",
      title: null,
      url: email ? `mailto:${value}` : value,
      children: [{ type: "text", value, position: this.points.position(node.from + 1, node.to - 1) }],
      position: this.points.position(node.from, node.to),
    });
  }

  /** Source text read as text: line ends and the whitespace around them as micromark reads them. */
  private addText(from: number, to: number): void {
    const text = this.text;
    let runStart = -1;
    for (let i = from; i < to; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10) {
        if (runStart >= 0) this.addValue(text.slice(runStart, i), runStart, i);
        runStart = -1;
        this.trimLineEnd();
        this.addValue("\n", i, i + 1);
        this.lineStart = true;
      } else if (this.lineStart && (ch === 32 || ch === 9)) {
        // Indentation of a continuation line.
      } else {
        this.lineStart = false;
        if (runStart < 0) runStart = i;
      }
    }
    if (runStart >= 0) this.addValue(text.slice(runStart, to), runStart, to);
  }

  private addValue(value: string, from: number, to: number): void {
    if (this.start < 0) this.start = from;
    this.pieces.push(value);
    this.length += value.length;
    const blank = value.length - trimmedLength(value);
    this.trailing = blank === value.length ? this.trailing + blank : blank;
    this.end = to;
    this.lineStart = false;
  }

  // Spaces and tabs before a line ending are not part of the text.
  private trimLineEnd(): void {
    this.dropTrailing();
    if (!this.length) this.start = -1;
  }

  /** Drops spaces and tabs at the end of the content (a paragraph's or a heading's). */
  trimEnd(): void {
    if (!this.length) return;
    this.end -= this.trailing;
    this.dropTrailing();
  }

  /** Drops the spaces and tabs the value ends with, from its last pieces. */
  private dropTrailing(): void {
    let drop = this.trailing;
    this.length -= drop;
    this.trailing = 0;
    while (drop > 0) {
      const last = this.pieces[this.pieces.length - 1]!;
      if (last.length <= drop) {
        this.pieces.pop();
        drop -= last.length;
      } else {
        this.pieces[this.pieces.length - 1] = last.slice(0, last.length - drop);
        drop = 0;
      }
    }
  }

  private push(node: PhrasingContent): void {
    this.flush();
    this.out.push(node);
    this.lineStart = false;
  }

  private flush(): void {
    if (this.length) {
      const value = this.pieces.join("");
      const node: Text = { type: "text", value, position: this.points.position(this.start, this.end) };
      this.out.push(node);
    }
    this.pieces = [];
    this.length = 0;
    this.trailing = 0;
    this.start = -1;
  }
}

/** The length of `value` without the spaces and tabs it ends with (a loop: a regex anchored at the end backtracks). */
function trimmedLength(value: string): number {
  let end = value.length;
  while (end > 0 && (value.charCodeAt(end - 1) === 32 || value.charCodeAt(end - 1) === 9)) end--;
  return end;
}

function childrenNamed(node: SyntaxNode, name: string): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) if (child.name === name) found.push(child);
  return found;
}

// Emphasis content lies between its first and last mark.
function marksEnd(node: SyntaxNode): number {
  return node.firstChild?.to ?? node.from;
}
function marksStart(node: SyntaxNode): number {
  return node.lastChild?.from ?? node.to;
}

function stripAngles(destination: string): string {
  return destination.startsWith("<") && destination.endsWith(">") ? destination.slice(1, -1) : destination;
}

/** Plain text of phrasing content (an image's alt text). */
function plainText(nodes: readonly PhrasingContent[]): string {
  let out = "";
  for (const n of nodes) {
    if ("value" in n) out += n.value;
    else if ("alt" in n) out += n.alt ?? "";
    else if ("children" in n) out += plainText(n.children);
  }
  return out;
}
