import type { Nodes } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import { inlineText, type MarkdownDocument } from "./document.js";
import { classifySection } from "./sections.js";

// A code fence that is not closed, or closed where the author opened a new one, turns the
// rest of the file (or the text between two blocks) into code: whole tools and schemas
// vanish without a word. These are the slips that do it, each found by its shape.

/** An opening fence line: three or more backticks or tildes, then an optional info string. */
const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;

/** Reports fences that swallow content: unclosed blocks, fences with a language inside a block, two-backtick fences. */
export function checkFences(doc: MarkdownDocument, diagnostics: DiagnosticBag): void {
  const lines = doc.text.split("\n");
  visit(doc.root, "code", (node) => {
    if (node.type !== "code") return;
    const start = node.position?.start.line;
    const end = node.position?.end.line;
    if (start === undefined || end === undefined) return;
    const open = FENCE.exec(lines[start - 1] ?? "");
    if (!open) return; // an indented code block
    const last = lines[end - 1] ?? "";
    const closed =
      end > start && new RegExp(`^ {0,3}${open[1]![0] === "`" ? "`" : "~"}{${open[1]!.length},}\\s*$`).test(last);
    // Where a swallowed block shows it: its first Markdown heading, near a lost closing fence.
    const lostClose = (upTo: number) => {
      if (/^(markdown|md|text|txt)$/i.test(open[2] ?? "")) return;
      for (let l = start + 1; l < upTo; l++)
        if (/^#{2,6}\s+\S/.test(lines[l - 1] ?? "")) {
          diagnostics.warning(
            "SPEC_CODE_FENCE",
            { file: doc.file, line: l, column: 1 },
            `a Markdown heading inside the code block opened at line ${start}: the block was probably meant to end before it, and its closing fence is missing`,
            `close the block with a line of ${open[1]} before this heading`,
          );
          return;
        }
    };
    if (!closed && end >= lines.length - 1 && node.value.trim()) {
      lostClose(end + 1);
      diagnostics.warning(
        "SPEC_CODE_FENCE",
        { file: doc.file, line: start, column: 1 },
        `this code block (opened with ${open[1]}) is never closed, so everything after line ${start} is read as code`,
        `close it with a line of ${open[1]}`,
      );
      return;
    }
    // A closing fence has no info string, so "```json" inside a block is a fence someone opened.
    for (let l = start + 1; l < end; l++) {
      const inner = FENCE.exec(lines[l - 1] ?? "");
      if (inner?.[2] && inner[1]![0] === open[1]![0]) {
        lostClose(l);
        diagnostics.warning(
          "SPEC_CODE_FENCE",
          { file: doc.file, line: l, column: 1 },
          `a fence with a language (${inner[1]}${inner[2]}) inside the code block opened at line ${start}: the block before it was probably not closed, and what lies between is read as code`,
          `close the earlier block with a line of ${open[1]}`,
        );
        return;
      }
    }
  });
  // A bare fence on the line right after a closing fence: the closing fence was doubled, so
  // this one opens a block that swallows the text up to the next fence (and turns the code
  // after that into text).
  visit(doc.root, "code", (node) => {
    if (node.type !== "code" || node.lang || !node.position) return;
    const start = node.position.start.line;
    if (!/^ {0,3}(`{3,}|~{3,})\s*$/.test(lines[start - 1] ?? "")) return;
    if (!/^ {0,3}(`{3,}|~{3,})\s*$/.test(lines[start - 2] ?? "")) return;
    diagnostics.warning(
      "SPEC_CODE_FENCE",
      { file: doc.file, line: start, column: 1 },
      `this fence right after the closing fence of line ${start - 1} opens a new code block that runs to line ${node.position.end.line}, so the text in between is read as code: is the closing fence doubled?`,
      "remove the doubled fence",
    );
  });
  // Code right before a bare fence, with no blank line between: the fence closed a block
  // whose opening fence is lost, so the code reads as text and the fence opens a new block.
  visit(doc.root, "code", (node) => {
    if (node.type !== "code" || node.lang || !node.position) return;
    const start = node.position.start.line;
    if (!/^ {0,3}(`{3,}|~{3,})\s*$/.test(lines[start - 1] ?? "")) return;
    const before = lines[start - 2] ?? "";
    if (!before.trim() || /:\s*$/.test(before) || /^ {0,3}(`{3,}|~{3,})/.test(before)) return;
    let first = start - 1;
    while (first > 1 && (lines[first - 2] ?? "").trim() && !/^ {0,3}(`{3,}|~{3,}|#)/.test(lines[first - 2]!)) first--;
    if (!/^\s*([{}[\]]|"[^"]*"\s*:|[A-Za-z_][\w.]*\s*(:\s|:$|=|\())/.test(lines[first - 1] ?? "")) return;
    diagnostics.warning(
      "SPEC_CODE_FENCE",
      { file: doc.file, line: first, column: 1 },
      `these lines look like code, and the bare fence right after them (line ${start}) looks like a closing one: the block's opening fence is probably missing, so they are read as text and the fence opens a code block instead`,
      "open the block with a line such as ```json before the code",
    );
  });
  // "``json" or "````" lost or gained a backtick and is now inline code around a whole block.
  visit(doc.root, "paragraph", (node) => {
    if (node.type !== "paragraph") return;
    const start = node.position?.start.line;
    const end = node.position?.end.line;
    if (start === undefined || end === undefined) return;
    for (let l = start; l <= end; l++)
      if (/^ {0,3}``(?!`)[A-Za-z]*\s*$/.test(lines[l - 1] ?? "")) {
        diagnostics.warning(
          "SPEC_CODE_FENCE",
          { file: doc.file, line: l, column: 1 },
          "a line of two backticks looks like a code fence that lost a backtick; the block is read as text",
          "open and close code blocks with three backticks",
        );
        return;
      }
  });
}

/**
 * Reports each text with a backtick Markdown left as a literal character: an unmatched
 * backtick, which turns a name, a type or a default into text (or opens a code span that
 * swallows the cell separators after it). One finding per line.
 */
export function checkBackticks(doc: MarkdownDocument, diagnostics: DiagnosticBag): void {
  const lines = doc.text.split("\n");
  const seen = new Set<number>();
  visit(doc.root, "text", (node) => {
    if (node.type !== "text" || !node.value.includes("`") || !node.position) return;
    const start = node.position.start;
    const before = node.value.slice(0, node.value.indexOf("`"));
    const line = start.line + (before.match(/\n/g)?.length ?? 0);
    // A pipe escape broken by a space (`` `str \ | None` ``) splits a code span; the table
    // reader repairs that row and reports it (SPEC_TABLE_REPAIRED).
    if (seen.has(line) || /\\\s+\|/.test(lines[line - 1] ?? "")) return;
    // Only when the source holds the backtick itself, not an escaped "\`" (written on purpose).
    const src = doc.text.slice(start.offset ?? 0, node.position.end.offset ?? 0);
    if (!/(^|[^\\])`/.test(src)) return;
    seen.add(line);
    const column = before.includes("\n") ? before.length - before.lastIndexOf("\n") : start.column + before.length;
    diagnostics.warning(
      "SPEC_CODE_FENCE",
      { file: doc.file, line, column },
      "an unmatched backtick: the text after it is not code, and a name, type or default written there may be read as prose",
      "pair every backtick (write a literal one as \\`)",
    );
  });
}

/**
 * Reports a one-line paragraph that reads as a heading which lost its `#` markers: a
 * "Tool: `x`" line, or a bare section title ("Input Schema", "3. Output Schema") right before
 * a table, list or code block. As a paragraph it opens nothing: the tool or section vanishes.
 */
export function checkLostHeadings(doc: MarkdownDocument, diagnostics: DiagnosticBag): void {
  const nodes = doc.root.children;
  nodes.forEach((node, i) => {
    // "### 2. Invocation Name" without its markers is an ordered list of one item.
    const item = node.type === "list" && node.children.length === 1 ? node.children[0]!.children : undefined;
    const para =
      node.type === "paragraph" ? node : item?.length === 1 && item[0]!.type === "paragraph" ? item[0] : undefined;
    if (!para || !node.position) return;
    const whole = inlineText(para.children).trim();
    // "### 1. Tool Purpose and Description" without its markers, the description on the next
    // line: the title and the description are one list item.
    const first = whole.split("\n")[0]!.trim();
    const titled =
      node.type === "list" &&
      node.ordered === true &&
      first !== whole &&
      first.split(/\s+/).length <= 6 &&
      !/[.:;,!?]$/.test(first) &&
      classifySection(first) !== "other";
    if (node.position.start.line !== node.position.end.line && !titled) return;
    const text = titled ? first : whole;
    const next = nodes[i + 1];
    const prev = nodes[i - 1];
    // `## get_user` without its markers: a name alone on a line, after content rather than
    // under a heading (where it would be an invocation name), with the tool's content after it.
    const name =
      node.type === "paragraph" &&
      /^`?[a-z][a-z0-9]*([_.][a-z0-9]+)+`?$/.test(text) &&
      prev !== undefined &&
      // Right under "## Tool Reference" a name is a tool's lost heading; under "### Invocation Name" it is the name.
      (prev.type !== "heading" || /\btools?\b/i.test(inlineText(prev.children))) &&
      next !== undefined &&
      next.type !== "heading";
    const tool = /^tool(?:\s+#?\d+)?\s*[:\-–—]\s*`?[A-Za-z_][\w.-]*`?$/i.test(text);
    const section =
      text.split(/\s+/).length <= 6 &&
      !/[.:;,!?]$/.test(text) &&
      ((["input", "output", "schema", "invocation"].includes(classifySection(text)) &&
        (next?.type === "table" || next?.type === "code" || next?.type === "list")) ||
        // "### 1. Tool Purpose and Description" without its markers: a numbered section title.
        (item !== undefined && node.type === "list" && node.ordered === true && classifySection(text) !== "other"));
    // "## Navigation" or "## See Also" without its markers: its links join the tool above.
    const fileSection =
      /^(navigation|see also|related( \w+)?|dependencies|changelog|error contract)$/i.test(text) &&
      prev !== undefined &&
      prev.type !== "heading" &&
      (next?.type === "list" || next?.type === "table");
    // "`notes.add_note`" alone between the description and the next section: an invocation
    // name whose "### Invocation Name" heading was lost, read as part of the description.
    const invocation =
      !name &&
      node.type === "paragraph" &&
      para.children.length === 1 &&
      para.children[0]!.type === "inlineCode" &&
      /^[a-z][a-z0-9]*([_.][a-z0-9]+)+$/.test(text) &&
      prev?.type === "paragraph" &&
      next?.type === "heading";
    if (invocation) {
      diagnostics.warning(
        "SPEC_CONTENT_IGNORED",
        { file: doc.file, line: node.position.start.line, column: node.position.start.column },
        `"${text}" alone after the description reads like an invocation name whose heading is lost; it is read as part of the description`,
        "put it under its own heading (for example `### Invocation Name`), or remove it",
      );
      return;
    }
    // "## Usage via MCP Client" without its markers between two code blocks: a title (short,
    // capitalised, no closing punctuation) that joins the description of the tool above.
    const between =
      node.type === "paragraph" &&
      prev?.type === "code" &&
      (next?.type === "code" || next?.type === "list" || next?.type === "table") &&
      text.split(/\s+/).length <= 6 &&
      /^[A-Z]/.test(text) &&
      !/[.:;,!?)]$/.test(text);
    if (!tool && !section && !name && !fileSection && !between) return;
    diagnostics.warning(
      "SPEC_CONTENT_IGNORED",
      { file: doc.file, line: node.position.start.line, column: node.position.start.column },
      `"${text}" reads like a heading without its # markers; as a paragraph it ${tool || name ? "starts no tool" : "opens no section"}`,
      "write it as a heading (for example `### Input Schema`, or `## Tool: `name``)",
    );
  });
}

/** Calls `fn` on every node of `type` below `node` (iteratively: lists nest deeply in hostile input). */
function visit(root: Nodes, type: string, fn: (node: Nodes) => void): void {
  const stack: Nodes[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === type) fn(node);
    if ("children" in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
  }
}
