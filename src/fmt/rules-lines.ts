import type { Root } from "mdast";
import { type Change, lineStarts, lineText } from "./edits.js";
import { endLine, positionedBlocks, startLine, verbatimLines } from "./tree.js";

/**
 * `\r\n` and lone `\r` line breaks become `\n`: one change per top-level block (a block's
 * text may be read as written, line breaks included) and one for the lines between blocks.
 */
export function lineEndingChanges(text: string, root: Root): Change[] {
  if (!text.includes("\r")) return [];
  const starts = lineStarts(text);
  const blockOf = new Map<number, number>();
  const blocks = positionedBlocks(root);
  blocks.forEach((b, i) => {
    for (let n = startLine(b); n <= endLine(b); n++) blockOf.set(n, i);
  });
  const groups = new Map<number, Change>();
  for (let i = text.indexOf("\r"); i >= 0; i = text.indexOf("\r", i + 1)) {
    const crlf = text[i + 1] === "\n";
    // The line the break ends: the last start at or before `i`.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= i) lo = mid;
      else hi = mid - 1;
    }
    const block = blockOf.get(lo + 1) ?? -1;
    let change = groups.get(block);
    if (!change) {
      change = {
        what: block < 0 ? "the line endings between blocks" : "the line endings of this block",
        line: block < 0 ? lo + 1 : startLine(blocks[block]!),
        edits: [],
      };
      groups.set(block, change);
    }
    change.edits.push({ start: i, end: crlf ? i + 2 : i + 1, text: "\n" });
    if (crlf) i++;
  }
  return [...groups.values()].sort((a, b) => a.line - b.line);
}

/**
 * Spaces and tabs at the end of lines are removed, outside code and HTML blocks. Two or
 * more spaces before a line that goes on are a hard line break and stay.
 */
export function trailingWhitespaceChanges(text: string, root: Root): Change[] {
  const starts = lineStarts(text);
  const verbatim = verbatimLines(root);
  const changes: Change[] = [];
  for (let n = 1; n <= starts.length; n++) {
    if (verbatim.has(n)) continue;
    const line = lineText(text, starts, n);
    let kept = line.length;
    while (kept > 0 && (line[kept - 1] === " " || line[kept - 1] === "\t")) kept--;
    if (kept === line.length) continue;
    const trailing = line.slice(kept);
    const next = n < starts.length ? lineText(text, starts, n + 1) : "";
    const hardBreak = trailing.startsWith("  ") && !trailing.includes("\t") && kept > 0 && next.trim() !== "";
    if (hardBreak) continue;
    const start = starts[n - 1]! + kept;
    changes.push({ what: "trailing whitespace", line: n, edits: [{ start, end: start + trailing.length, text: "" }] });
  }
  return changes;
}

/**
 * One blank line between top-level blocks (none before the first, and the file ends with
 * one line break). Consecutive link reference definitions stay together.
 */
export function blankLineChanges(text: string, root: Root): Change[] {
  const starts = lineStarts(text);
  const blocks = positionedBlocks(root);
  const changes: Change[] = [];
  const lineStart = (n: number) => (n <= starts.length ? starts[n - 1]! : text.length);
  const blankBetween = (from: number, to: number) => {
    for (let n = from; n < to; n++) if (lineText(text, starts, n).trim() !== "") return false;
    return true;
  };
  if (!blocks.length) return [];
  const first = startLine(blocks[0]!);
  if (first > 1 && blankBetween(1, first) && !text.startsWith("\uFEFF"))
    changes.push({
      what: "the blank lines at the start",
      line: 1,
      edits: [{ start: 0, end: lineStart(first), text: "" }],
    });
  for (let i = 1; i < blocks.length; i++) {
    const a = blocks[i - 1]!;
    const b = blocks[i]!;
    if (a.type === "definition" && b.type === "definition") continue;
    const from = endLine(a) + 1;
    const to = startLine(b);
    if (to < from || !blankBetween(from, to) || to - from === 1) continue;
    changes.push({
      what: "the blank lines between blocks",
      line: from,
      edits: [{ start: lineStart(from), end: lineStart(to), text: "\n" }],
    });
  }
  const last = blocks.at(-1)!;
  const lastEnd = endLine(last);
  const tailStart =
    lastEnd <= starts.length ? starts[lastEnd - 1]! + lineText(text, starts, lastEnd).length : text.length;
  const tail = text.slice(tailStart);
  // A code block without its closing fence, or an HTML block that runs to the end, takes
  // in whatever ends the file: the ending is theirs and stays.
  const open =
    (last.type === "code" || last.type === "html") &&
    last.position!.end.offset === text.length &&
    !(
      last.type === "code" &&
      lastEnd > startLine(last) &&
      /^ {0,3}(`{3,}|~{3,})[ \t]*$/.test(lineText(text, starts, lastEnd))
    );
  if (!open && tail !== "\n" && tail.trim() === "" && tailStart >= last.position!.end.offset!)
    changes.push({
      what: "the end of the file",
      line: lastEnd,
      edits: [{ start: tailStart, end: text.length, text: "\n" }],
    });
  return changes;
}
