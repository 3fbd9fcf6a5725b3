import type { List, ListItem, Nodes, Root } from "mdast";
import { type Change, type Edit, lineStarts, lineText } from "./edits.js";
import { positionedBlocks, startLine } from "./tree.js";

/**
 * List markers are written `-` (bullets) and `1.` (numbers, kept), followed by one space;
 * the lines of each item move left with its text, so the item holds what it held. A
 * top-level list is one change with the lists nested in it; lists in block quotes and
 * lists indented with tabs are left alone.
 */
export function listChanges(text: string, root: Root): Change[] {
  const starts = lineStarts(text);
  const changes: Change[] = [];
  for (const node of positionedBlocks(root)) {
    if (node.type !== "list") continue;
    const change = listChange(text, starts, node);
    if (change) changes.push(change);
  }
  return changes;
}

function listChange(text: string, starts: readonly number[], list: List): Change | undefined {
  const markers: Edit[] = [];
  // Spaces to take from the start of each line (1-based line → count), summed over the items holding it.
  const dedent = new Map<number, number>();
  const items: ListItem[] = [];
  let blocked = false;
  const visit = (node: Nodes) => {
    if (node.type === "blockquote") blocked = true;
    if (node.type === "listItem") items.push(node);
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(list);
  if (blocked) return undefined;
  for (const item of items) {
    const pos = item.position;
    if (!pos || pos.start.offset === undefined) return undefined;
    const at = pos.start.offset;
    const marker = /^(?:[*+-]|(\d{1,9})[.)])/.exec(text.slice(at, at + 11));
    if (!marker) return undefined;
    const canonical = marker[1] === undefined ? "-" : `${marker[1]}.`;
    const after = at + marker[0].length;
    const spaces = /^[ \t]*/.exec(text.slice(after, after + 8))![0];
    const child = item.children[0]?.position;
    const sameLine = child !== undefined && child.start.line === pos.start.line;
    if (spaces.includes("\t")) return undefined;
    // Content after more than four spaces is indented code: its column is one past the marker's space.
    const shift = sameLine && spaces.length <= 4 ? spaces.length - 1 : 0;
    markers.push(
      shift > 0 || (sameLine && spaces.length <= 4)
        ? { start: at, end: after + spaces.length, text: `${canonical} ` }
        : { start: at, end: after, text: canonical },
    );
    if (shift <= 0) continue;
    const contentIndent = child!.start.column - 1;
    for (let n = pos.start.line + 1; n <= pos.end.line; n++) {
      const line = lineText(text, starts, n);
      const lead = /^[ \t]*/.exec(line)![0];
      if (lead.includes("\t")) return undefined;
      if (lead.length === line.length || lead.length < contentIndent) continue;
      dedent.set(n, (dedent.get(n) ?? 0) + shift);
    }
  }
  const edits = [...markers];
  for (const [n, count] of dedent) edits.push({ start: starts[n - 1]!, end: starts[n - 1]! + count, text: "" });
  return { what: "the list", line: startLine(list), edits };
}
