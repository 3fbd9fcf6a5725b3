/**
 * A cheap, linear look at a Markdown text before the Markdown parser (micromark) reads
 * it. Its cost grows with container nesting (block quotes and list items: every line is
 * checked against every open container, and deep nesting overflows the stack) and with
 * the number of emphasis and link delimiters in one paragraph (matching them is
 * quadratic, and worse). This scan estimates both without building a tree, so a hostile
 * document is refused in milliseconds instead of running for minutes. It also estimates
 * a third cost: each line that ends a block quote or list item makes the Markdown parser
 * (micromark, 4.x) rebuild its event list for the whole document so far, which is
 * quadratic in a long file of short quotes or nested lists (`> a` and a blank line,
 * repeated).
 *
 * The estimates follow CommonMark's container rules closely enough that real documents
 * measure what they look like, and they err towards counting more where a construct is
 * ambiguous, so a text cannot hide nesting or delimiters from the scan.
 */

import { type BacktickRuns, backtickRuns, closingRun } from "./backtick-runs.js";

/** Why a text is refused: where, and the depth or count found there. */
export type MarkdownExcess =
  | { kind: "nesting"; offset: number; depth: number }
  | { kind: "inline"; offset: number; count: number }
  | { kind: "closing"; offset: number; work: number };

/** The limits the scan enforces. */
export interface MarkdownScanLimits {
  /** Deepest nesting of block quotes and list items. */
  maxMarkdownNesting: number;
  /** Most emphasis and link delimiters in one paragraph or table row, outside code. */
  maxInlineDelimiters: number;
  /** Budget for lines that end block quotes or list items: each costs its line number per container ended. */
  maxContainerClosing: number;
}

/** An open fenced code block: its lines are code, not Markdown. */
interface Fence {
  char: string;
  length: number;
  /** Block quote markers the fence sits in. */
  quotes: number;
  /** Column its lines must be indented to, to stay in the fence's list item. */
  column: number;
}

const SPACE = 32;
const TAB = 9;

/** The first place where `text` goes beyond `limits` (nesting, delimiters, or closing cost), or undefined. */
export function findMarkdownExcess(text: string, limits: MarkdownScanLimits): MarkdownExcess | undefined {
  return new Scanner(text, limits).run();
}

class Scanner {
  /** Content columns of the open list items, one stack per block quote level. */
  private readonly items: number[][] = [[]];
  private fence: Fence | undefined;
  private prevBlank = true;
  /** Delimiters in the current paragraph (or table row). */
  private delimiters = 0;
  /** Cells of the previous line, for telling a table header from a paragraph line. */
  private prevCells = -1;
  private inTable = false;
  /** Quote markers on the previous line; fewer on this line ends quotes. */
  private prevQuotes = 0;
  /** Line number (1-based) of the line being scanned. */
  private lineNumber = 0;
  /** Containers the line being scanned ended (or continued lazily). */
  private closed = 0;
  /** Sum over lines of their line number times the containers they ended. */
  private closing = 0;

  constructor(
    private readonly text: string,
    private readonly limits: MarkdownScanLimits,
  ) {}

  run(): MarkdownExcess | undefined {
    const t = this.text;
    let start = 0;
    while (start <= t.length) {
      let end = t.indexOf("\n", start);
      if (end < 0) end = t.length;
      const lineEnd = end > start && t.charCodeAt(end - 1) === 13 ? end - 1 : end;
      this.lineNumber++;
      this.closed = 0;
      const excess = this.line(start, lineEnd) ?? this.closingCost(start);
      if (excess) return excess;
      start = end + 1;
    }
    return undefined;
  }

  /** Adds the cost of a line that ended containers: micromark re-walks every line before it, per container. */
  private closingCost(start: number): MarkdownExcess | undefined {
    if (!this.closed) return undefined;
    this.closing += this.lineNumber * this.closed;
    return this.closing > this.limits.maxContainerClosing
      ? { kind: "closing", offset: start, work: this.closing }
      : undefined;
  }

  private line(start: number, end: number): MarkdownExcess | undefined {
    if (this.fence && this.inFence(start, end)) return undefined;
    let pos = start;
    let col = 0;
    let quotes = 0;
    let markers = false;
    // Container markers, left to right: `>` opens a quote level, a list marker an item.
    for (;;) {
      const [at, c] = this.skipSpaces(pos, end, col);
      if (at >= end) {
        pos = at;
        col = c;
        break;
      }
      const level = this.levelStack(quotes);
      const parent = level.length ? level[level.length - 1]! : 0;
      if (c - parent >= 4) {
        // Indented code (or continuation text) inside the innermost item: no more markers.
        pos = at;
        col = c;
        break;
      }
      if (this.text.charCodeAt(at) === 62 /* > */) {
        this.popDeeper(level, c);
        quotes++;
        markers = true;
        const depth = this.depth(quotes);
        if (depth > this.limits.maxMarkdownNesting) return { kind: "nesting", offset: at, depth };
        pos = at + 1;
        if (this.text.charCodeAt(pos) === SPACE) pos++;
        col = 0;
        continue;
      }
      const width = this.listMarker(at, end);
      if (!width) {
        pos = at;
        col = c;
        break;
      }
      this.popDeeper(level, c);
      // A list item is never a lazy continuation line: quote levels beyond this one ended.
      this.truncate(quotes);
      // The item's content starts after the marker and 1–4 spaces (more is indented code).
      const [after, afterCol] = this.skipSpaces(at + width, end, c + width);
      const empty = after >= end;
      const codeStart = !empty && afterCol - (c + width) > 4;
      level.push(empty || codeStart ? c + width + 1 : afterCol);
      const depth = this.depth(quotes);
      if (depth > this.limits.maxMarkdownNesting) return { kind: "nesting", offset: at, depth };
      if (!empty && this.canInterrupt(at)) this.delimiters = 0;
      markers = true;
      pos = after;
      col = afterCol;
      if (empty || codeStart) break;
    }
    if (quotes < this.prevQuotes) this.closed += this.prevQuotes - quotes;
    this.prevQuotes = quotes;
    const blank = pos >= end;
    if (blank) {
      this.prevBlank = true;
      this.delimiters = 0;
      this.prevCells = -1;
      this.inTable = false;
      return undefined;
    }
    const level = this.levelStack(quotes);
    // Text after a blank line is not a lazy continuation: it closes items it is not indented into.
    if (!markers && this.prevBlank) {
      this.popDeeper(level, col);
      this.truncate(quotes);
    } else if (!markers && level.length && col < level[level.length - 1]!) {
      // A lazy continuation line: micromark re-scans the open paragraph's events for each.
      this.closed++;
    }
    this.prevBlank = false;
    const parent = level.length ? level[level.length - 1]! : 0;
    if (col - parent < 4 && this.opensFence(pos, end, quotes, parent)) {
      this.delimiters = 0;
      this.prevCells = -1;
      return undefined;
    }
    return this.inline(pos, end);
  }

  /** Counts emphasis and link delimiters in the rest of a line, outside code spans. */
  private inline(start: number, end: number): MarkdownExcess | undefined {
    const t = this.text;
    const rest = t.slice(start, end);
    if (/^#{1,6}(\s|$)/.test(rest) || /^([-*_])(\s*\1){2,}\s*$/.test(rest)) {
      // Headings and thematic breaks stand alone.
      this.delimiters = 0;
      this.prevCells = -1;
      return undefined;
    }
    const cells = tableCells(rest);
    if (
      !this.inTable &&
      cells > 0 &&
      /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(rest) &&
      cells === this.prevCells
    ) {
      // A delimiter row under a header: every row of the table is parsed on its own.
      this.inTable = true;
      this.delimiters = 0;
      return undefined;
    }
    this.prevCells = cells;
    if (this.inTable) this.delimiters = 0;
    let runs: BacktickRuns | undefined;
    for (let i = start; i < end; i++) {
      const ch = t.charCodeAt(i);
      if (ch === 92 /* \ */) {
        i++;
      } else if (ch === 96 /* ` */) {
        i = skipCodeSpan(t, i, end, (runs ??= backtickRuns(t, start, end)));
      } else if (ch === 42 /* * */ || ch === 95 /* _ */ || ch === 126 /* ~ */ || ch === 91 /* [ */) {
        if (++this.delimiters > this.limits.maxInlineDelimiters)
          return { kind: "inline", offset: i, count: this.delimiters };
      }
    }
    return undefined;
  }

  /**
   * For a line inside a fenced code block: true when the line is code (or the closing
   * fence) and so not Markdown. A line that leaves the fence's container ends it.
   */
  private inFence(start: number, end: number): boolean {
    const fence = this.fence!;
    let pos = start;
    for (let q = 0; q < fence.quotes; q++) {
      const [at, c] = this.skipSpaces(pos, end, 0);
      if (at >= end) return true;
      if (this.text.charCodeAt(at) !== 62 || c > 3) {
        this.fence = undefined;
        return false;
      }
      pos = at + 1;
      if (this.text.charCodeAt(pos) === SPACE) pos++;
    }
    const [at, col] = this.skipSpaces(pos, end, 0);
    if (at >= end) return true;
    if (col < fence.column) {
      this.fence = undefined;
      return false;
    }
    const rest = this.text.slice(at, end).trimEnd();
    if (col - fence.column < 4 && rest.length >= fence.length && [...rest].every((ch) => ch === fence.char))
      this.fence = undefined;
    return true;
  }

  /** Opens a fenced code block when the rest of the line is a fence. */
  private opensFence(pos: number, end: number, quotes: number, column: number): boolean {
    const m = /^(`{3,}|~{3,})(.*)$/.exec(this.text.slice(pos, end));
    if (!m || (m[1]![0] === "`" && m[2]!.includes("`"))) return false;
    this.fence = { char: m[1]![0]!, length: m[1]!.length, quotes, column };
    return true;
  }

  /** Width of a list marker (`-`, `+`, `*`, `1.`, `1)`) at `at`, or 0; thematic breaks are not markers. */
  private listMarker(at: number, end: number): number {
    const t = this.text;
    const ch = t.charCodeAt(at);
    let width = 0;
    if (ch === 45 || ch === 43 || ch === 42) width = 1;
    else {
      let i = at;
      while (i < end && i - at < 9 && t.charCodeAt(i) >= 48 && t.charCodeAt(i) <= 57) i++;
      if (i > at && (t.charCodeAt(i) === 46 || t.charCodeAt(i) === 41)) width = i - at + 1;
    }
    if (!width) return 0;
    const next = t.charCodeAt(at + width);
    if (at + width < end && next !== SPACE && next !== TAB) return 0;
    if (width === 1 && /^([-*_])([ \t]*\1){2,}[ \t]*$/.test(t.slice(at, end))) return 0;
    return width;
  }

  /** Whether a list item may start a new paragraph (CommonMark: `1.` and bullets with content). */
  private canInterrupt(at: number): boolean {
    const ch = this.text.charCodeAt(at);
    return ch === 45 || ch === 43 || ch === 42 || /^0*1[.)]/.test(this.text.slice(at, at + 11));
  }

  /** Closes the list items a line at `column` is not indented into. */
  private popDeeper(stack: number[], column: number): void {
    while (stack.length && stack[stack.length - 1]! > column) {
      stack.pop();
      this.closed++;
    }
  }

  /** Ends the quote levels (and their list items) deeper than `quotes`. */
  private truncate(quotes: number): void {
    for (let q = quotes + 1; q < this.items.length; q++) this.closed += this.items[q]!.length;
    this.items.length = quotes + 1;
  }

  private levelStack(quotes: number): number[] {
    while (this.items.length <= quotes) this.items.push([]);
    return this.items[quotes]!;
  }

  /** Open containers: quote markers plus the list items at every level up to `quotes`. */
  private depth(quotes: number): number {
    let depth = quotes;
    for (let q = 0; q <= quotes && q < this.items.length; q++) depth += this.items[q]!.length;
    return depth;
  }

  /** Skips spaces and tabs; returns the new offset and column (tabs stop every 4 columns). */
  private skipSpaces(pos: number, end: number, col: number): [number, number] {
    const t = this.text;
    while (pos < end) {
      const ch = t.charCodeAt(pos);
      if (ch === SPACE) col++;
      else if (ch === TAB) col += 4 - (col % 4);
      else break;
      pos++;
    }
    return [pos, col];
  }
}

/** After a run of backticks at `i`: the end of its code span, or the run itself when unclosed on this line (`runs`: the line's). */
function skipCodeSpan(t: string, i: number, end: number, runs: BacktickRuns): number {
  let n = i;
  while (n < end && t.charCodeAt(n) === 96) n++;
  const close = closingRun(runs, n - i, n);
  return close < 0 ? n - 1 : close + (n - i) - 1;
}

/** Cells of a possible table row (unescaped pipes outside code spans), or 0 without a pipe. */
function tableCells(line: string): number {
  let pipes = 0;
  let runs: BacktickRuns | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line.charCodeAt(i);
    if (ch === 92) i++;
    else if (ch === 96) i = skipCodeSpan(line, i, line.length, (runs ??= backtickRuns(line)));
    else if (ch === 124) pipes++;
  }
  if (!pipes) return 0;
  const s = line.trim();
  return pipes + 1 - (s.startsWith("|") ? 1 : 0) - (s.endsWith("|") && s.length > 1 ? 1 : 0);
}
