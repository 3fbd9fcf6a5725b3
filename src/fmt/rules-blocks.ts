import type { Code, Heading, Root } from "mdast";
import { type Change, lineStarts, lineText } from "./edits.js";
import { endLine, positionedBlocks, startLine } from "./tree.js";

/** End of line `n` (1-based), before its line break. */
function lineEnd(text: string, starts: readonly number[], n: number): number {
  return starts[n - 1]! + lineText(text, starts, n).length;
}

/**
 * Top-level headings are written `## Title`: ATX with one space, no indentation and no
 * closing hashes; a one-line Setext heading (`Title` over `===`) becomes ATX. The title's
 * text is kept as written.
 */
export function headingChanges(text: string, root: Root): Change[] {
  const starts = lineStarts(text);
  const changes: Change[] = [];
  for (const node of positionedBlocks(root)) {
    if (node.type !== "heading") continue;
    const title = headingSource(text, node);
    if (title === undefined) continue;
    const first = startLine(node);
    const start = starts[first - 1]!;
    const end = lineEnd(text, starts, endLine(node));
    changes.push({
      what: "the heading",
      line: first,
      edits: [{ start, end, text: "#".repeat(node.depth) + (title ? ` ${title}` : "") }],
    });
  }
  return changes;
}

/** The heading's text as written, or undefined when it cannot be moved onto one ATX line as it is. */
function headingSource(text: string, node: Heading): string | undefined {
  const kids = node.children;
  if (!kids.length) return "";
  const from = kids[0]!.position?.start.offset;
  const to = kids.at(-1)!.position?.end.offset;
  if (from === undefined || to === undefined) return undefined;
  const title = text.slice(from, to);
  // A line break inside, or hashes at the end that ATX would read as a closing sequence.
  if (/[\r\n]/.test(title) || /(^|[ \t])#+$/.test(title)) return undefined;
  return title;
}

/**
 * Fenced code blocks at the top level and not indented are fenced with backticks: three,
 * or one more than the longest backtick line inside. The info string loses its spaces
 * around; the content is kept byte for byte. Unclosed fences are left alone.
 */
export function fenceChanges(text: string, root: Root): Change[] {
  const starts = lineStarts(text);
  const changes: Change[] = [];
  for (const node of positionedBlocks(root)) {
    if (node.type !== "code") continue;
    const change = fenceChange(text, starts, node);
    if (change) changes.push(change);
  }
  return changes;
}

function fenceChange(text: string, starts: readonly number[], node: Code): Change | undefined {
  const first = startLine(node);
  const last = endLine(node);
  if (node.position!.start.column !== 1 || last <= first) return undefined;
  const opening = /^(`{3,}|~{3,})(.*)$/.exec(lineText(text, starts, first));
  if (!opening) return undefined;
  const [, fence, rest] = opening as unknown as [string, string, string];
  const closing = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(lineText(text, starts, last));
  if (!closing || closing[1]![0] !== fence[0] || closing[1]!.length < fence.length) return undefined;
  const info = rest.trim();
  if (info.includes("`")) return undefined;
  let longest = 0;
  for (let n = first + 1; n < last; n++) {
    const run = /^ {0,3}(`+)[ \t]*$/.exec(lineText(text, starts, n));
    if (run) longest = Math.max(longest, run[1]!.length);
  }
  const canonical = "`".repeat(Math.max(3, longest + 1));
  return {
    what: "the code fence",
    line: first,
    edits: [
      { start: starts[first - 1]!, end: lineEnd(text, starts, first), text: canonical + info },
      { start: starts[last - 1]!, end: lineEnd(text, starts, last), text: canonical },
    ],
  };
}
