import type { Root } from "mdast";
import { type Change, lineStarts, lineText } from "./edits.js";
import { endLine, positionedBlocks, startLine, verbatimLines } from "./tree.js";

/** `\r\n` and lone `\r` line breaks become `\n`, in the whole file. */
export function lineEndingChanges(text: string): Change[] {
  if (!text.includes("\r")) return [];
  return [
    { what: "the line endings", line: 1, edits: [{ start: 0, end: text.length, text: text.replace(/\r\n?/g, "\n") }] },
  ];
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
    const trailing = /[ \t]+$/.exec(line);
    if (!trailing) continue;
    const next = n < starts.length ? lineText(text, starts, n + 1) : "";
    const hardBreak =
      trailing[0].startsWith("  ") && !trailing[0].includes("\t") && line.trim() !== "" && next.trim() !== "";
    if (hardBreak) continue;
    const start = starts[n - 1]! + trailing.index;
    changes.push({
      what: "trailing whitespace",
      line: n,
      edits: [{ start, end: start + trailing[0].length, text: "" }],
    });
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
  const tailStart = lastEnd < starts.length ? starts[lastEnd]! - 1 : text.length;
  const tail = text.slice(tailStart);
  if (tail !== "\n" && tail.trim() === "" && tailStart >= last.position!.end.offset!)
    changes.push({
      what: "the end of the file",
      line: lastEnd,
      edits: [{ start: tailStart, end: text.length, text: "\n" }],
    });
  return changes;
}
