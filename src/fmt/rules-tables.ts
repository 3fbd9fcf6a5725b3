import type { AlignType, Root, Table } from "mdast";
import { type Change, lineStarts, lineText } from "./edits.js";
import { endLine, positionedBlocks, startLine } from "./tree.js";

/**
 * Top-level tables are written `| a | b |`: leading and trailing pipes, one space around
 * each cell's text (kept as written, escapes included), no indentation, and a delimiter row
 * as wide as the header cells that keeps each column's alignment. Tables whose rows go on
 * over several lines, or have more or fewer cells than the header, are left alone.
 */
export function tableChanges(text: string, root: Root): Change[] {
  const starts = lineStarts(text);
  const changes: Change[] = [];
  for (const node of positionedBlocks(root)) {
    if (node.type !== "table") continue;
    const change = tableChange(text, starts, node);
    if (change) changes.push(change);
  }
  return changes;
}

function tableChange(text: string, starts: readonly number[], table: Table): Change | undefined {
  const first = startLine(table);
  const last = endLine(table);
  if (last - first + 1 !== table.children.length + 1) return undefined;
  const rows: string[][] = [];
  for (let n = first; n <= last; n++) rows.push(splitRow(lineText(text, starts, n)));
  const width = rows[0]!.length;
  if (rows.some((r) => r.length !== width) || !rows[1]!.every((c) => /^:?-+:?$/.test(c))) return undefined;
  const align = table.align ?? [];
  const delimiter = rows[0]!.map((cell, i) => delimiterCell(align[i] ?? null, Math.max(3, cell.length)));
  const lines = rows.map((cells, i) => `| ${(i === 1 ? delimiter : cells).join(" | ")} |`);
  const end = starts[last - 1]! + lineText(text, starts, last).length;
  return { what: "the table", line: first, edits: [{ start: starts[first - 1]!, end, text: lines.join("\n") }] };
}

function delimiterCell(align: AlignType, width: number): string {
  if (align === "left") return `:${"-".repeat(width - 1)}`;
  if (align === "right") return `${"-".repeat(width - 1)}:`;
  if (align === "center") return `:${"-".repeat(width - 2)}:`;
  return "-".repeat(width);
}

/**
 * The cells of a table row as GFM splits them: at each pipe not escaped by a backslash
 * (`\\` is an escaped backslash), without the optional outer pipes; each cell trimmed.
 */
export function splitRow(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === "\\" && (line[i + 1] === "\\" || line[i + 1] === "|")) {
      cell += ch + line[i + 1];
      i++;
    } else if (ch === "|") {
      cells.push(cell);
      cell = "";
    } else cell += ch;
  }
  cells.push(cell);
  const trimmed = cells.map((c) => c.trim());
  if (trimmed.length > 1 && /^[ \t]*\|/.test(line)) trimmed.shift();
  if (trimmed.length > 1 && trimmed.at(-1) === "" && /\|[ \t]*$/.test(line)) trimmed.pop();
  return trimmed;
}
