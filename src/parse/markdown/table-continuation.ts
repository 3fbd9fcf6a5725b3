import type { Root } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { SourceLocation } from "../../ir/types.js";
import { createLineIndex } from "../primitives/position.js";
import { countBelow } from "../primitives/sorted.js";

/**
 * Table rows continued on the next line. People wrap a long cell as they would in prose:
 *
 * ```
 * | `path` | string | yes | The file path to read,
 *     relative to the workspace root |
 * | `limit` | int | no | Max lines |
 * ```
 *
 * Markdown does not allow this: the indented line ends the table (as an indented code
 * block, or as a row of its own), and the rows after it become a paragraph. Such a line
 * is joined to the row above, into its last cell, before the Markdown parser (micromark)
 * reads the text; node positions are then mapped back to the text as written, so every
 * location (and every `sourceOf`) still points into the author's file.
 *
 * A line is a continuation when it follows a row of a table written with leading pipes,
 * is not blank, does not start with `|`, and either
 * - is indented more than the table, and the table goes on after it (the next line is a
 *   row) or the line closes the row with a `|`; or
 * - is not indented, but is plainly the rest of an unfinished row: the row above lacks
 *   the closing `|` the header has, and the line holds a single `|`, at its end.
 * Anything else (a heading, a paragraph, code after the table) is left alone.
 */

/** One join: the text `[from, to)` of the written file is read as a single space. */
export interface Join {
  from: number;
  to: number;
  /** Offset of the continuation line's first character in the written text. */
  line: number;
}

/** Longest run of continuation lines joined to one row. */
const MAX_RUN = 20;

/** Lines of a text: start, end of content (without `\r\n`). */
interface Line {
  start: number;
  end: number;
}

function splitLines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl;
    out.push({ start, end: end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end });
    if (nl < 0) return out;
    start = nl + 1;
  }
}

/** Columns of leading whitespace (a tab counts to the next multiple of 4). */
function indentOf(s: string): number {
  let col = 0;
  for (const ch of s) {
    if (ch === " ") col++;
    else if (ch === "\t") col += 4 - (col % 4);
    else break;
  }
  return col;
}

/** Unescaped pipes of a line, outside code spans. */
function pipes(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === "\\") i++;
    else if (ch === "`") {
      let n = i;
      while (s[n] === "`") n++;
      const close = s.indexOf("`".repeat(n - i), n);
      i = close < 0 ? n - 1 : close + (n - i) - 1;
    } else if (ch === "|") out.push(i);
  }
  return out;
}

/** True when a line's last non-space character is an unescaped `|`. */
function endsWithPipe(s: string): boolean {
  const t = s.trimEnd();
  const p = pipes(t);
  return p.length > 0 && p[p.length - 1] === t.length - 1;
}

/** Start lines (0-based) of the tables the Markdown parser (micromark) found, at any depth. */
function tableLines(root: Root): number[] {
  const out: number[] = [];
  const visit = (node: { type: string; position?: { start: { line: number } }; children?: unknown[] }): void => {
    if (node.type === "table") {
      if (node.position) out.push(node.position.start.line - 1);
      return;
    }
    if (node.children) for (const c of node.children) visit(c as typeof node);
  };
  visit(root);
  return out;
}

/** Finds the continuation lines of the tables in `text` (see the module comment). */
export function findContinuations(text: string, root: Root): Join[] {
  const starts = tableLines(root);
  if (!starts.length) return [];
  const lines = splitLines(text);
  const raw = (i: number) => text.slice(lines[i]!.start, lines[i]!.end);
  const blank = (i: number) => !raw(i).trim();
  const joins: Join[] = [];
  for (const h of starts) {
    const header = raw(h);
    if (!/^[ \t]*\|/.test(header)) continue;
    const indent = indentOf(header);
    const headerClosed = endsWithPipe(header);
    const isRow = (i: number) => /^[ \t]*\|/.test(raw(i)) && indentOf(raw(i)) <= indent + 3;
    let lastRow = -1;
    let i = h + 2;
    while (i < lines.length && !blank(i)) {
      if (isRow(i)) {
        lastRow = i;
        i++;
        continue;
      }
      if (lastRow < 0) break;
      let j = i;
      while (j < lines.length && j - i < MAX_RUN && !blank(j) && !isRow(j)) j++;
      const run = Array.from({ length: j - i }, (_, k) => i + k);
      const indented = run.every((k) => indentOf(raw(k)) > indent);
      const goesOn = (j < lines.length && isRow(j)) || endsWithPipe(raw(j - 1));
      const unfinished =
        run.length === 1 &&
        headerClosed &&
        !endsWithPipe(raw(lastRow)) &&
        pipes(raw(i).trimEnd()).length === 1 &&
        endsWithPipe(raw(i));
      if (!((indented && goesOn) || unfinished)) break;
      for (const k of run) {
        // The previous line's closing pipe goes, so the text joins its last cell.
        const prev = raw(k - 1).trimEnd();
        const prevEnd = endsWithPipe(prev) ? prev.slice(0, -1).trimEnd().length : prev.length;
        const content = lines[k]!.start + (raw(k).length - raw(k).trimStart().length);
        joins.push({ from: lines[k - 1]!.start + prevEnd, to: content, line: content });
      }
      i = j;
    }
  }
  return joins.sort((a, b) => a.from - b.from);
}

/** The text with every join applied: each joined range becomes one space. */
export function applyJoins(text: string, joins: readonly Join[]): string {
  let out = "";
  let at = 0;
  for (const j of joins) {
    out += `${text.slice(at, j.from)} `;
    at = j.to;
  }
  return out + text.slice(at);
}

interface Point {
  line: number;
  column: number;
  offset?: number;
}

/**
 * Moves every node position of a tree parsed from the joined text back onto the text as
 * written: offsets after a join shift by what it removed, and lines and columns are
 * recomputed from the written text.
 */
export function remapPositions(root: Root, written: string, joins: readonly Join[]): void {
  // Start of each join's space in the joined text, and the shift after it.
  const at: number[] = [];
  const shift: number[] = [];
  let removed = 0;
  for (const j of joins) {
    at.push(j.from - removed);
    removed += j.to - j.from - 1;
    shift.push(removed);
  }
  const index = createLineIndex(written);
  const map = (offset: number): number => {
    const k = countBelow(at, offset, true) - 1;
    if (k < 0) return offset;
    return offset === at[k] ? joins[k]!.from : offset + shift[k]!;
  };
  const fix = (p: Point): void => {
    if (p.offset === undefined) return;
    const offset = map(p.offset);
    const { line, column } = index(offset);
    p.offset = offset;
    p.line = line;
    p.column = column;
  };
  const visit = (node: { position?: { start: Point; end: Point }; children?: unknown[] }): void => {
    if (node.position) {
      fix(node.position.start);
      fix(node.position.end);
    }
    if (node.children) for (const c of node.children) visit(c as typeof node);
  };
  visit(root);
}

/** Reports each joined continuation line, at the line, as SPEC_TABLE_CELL_CONTINUED. */
export function reportContinuations(
  doc: { file: string; continuations?: readonly SourceLocation[] },
  diagnostics: DiagnosticBag,
): void {
  for (const loc of doc.continuations ?? [])
    diagnostics.warning(
      "SPEC_TABLE_CELL_CONTINUED",
      loc,
      "this line continues the table row above (Markdown would end the table here and drop the rows after it); it was joined to the row's last cell",
      "write the whole row on one line, with `<br>` where the cell needs a line break",
    );
}

/** Locations of the continuation lines, for {@link reportContinuations}. */
export function continuationLocations(file: string, text: string, joins: readonly Join[]): SourceLocation[] {
  const index = createLineIndex(text);
  return joins.map((j) => ({ file, ...index(j.line) }));
}
