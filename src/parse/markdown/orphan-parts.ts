import type { RootContent, Table } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import { inlineText, locOf, type Block, type MarkdownDocument } from "./document.js";
import type { Discovery } from "./discover.js";
import { normalizeTitle } from "./sections.js";
import { cellText, isFieldTable } from "./table.js";
import { labelSegments } from "./tool-labels.js";

/**
 * Titles of parts only a tool has: its parameters and the name to call it by. (Titles that
 * merely mention input, such as "Input Validation" under a file's security notes, are not.)
 */
const TOOL_ONLY =
  /^(input schema|inputs?|parameters?|params|arguments?|args|invocation( name)?|tool name|(json |tool |mcp )?schema)( \(.*\))?$/;
const toolOnly = (title: string) => TOOL_ONLY.test(normalizeTitle(title));
/** A result label ("**Returns:**", "**Output**:"): in a file-level paragraph, the lost tool's results. */
const RETURNS_LABEL = /^(returns?|return value|outputs?|output schema)$/;
/** What results say about the tools in general ("Returns: every tool returns …", "all tools return …"): the file's own text. */
const ABOUT_THE_TOOLS = /\b(all|every|each|both)\b[^.]*\btools?\b|\btools\b/i;

/** Where a run of tool parts outside any tool starts, and what marks it as a tool's. */
interface OrphanRun {
  /** The node or heading where the lost tool's content starts: the line to put a heading above. */
  start: RootContent;
  /** What reads as a tool's part: a section title, a label or "a parameter table". */
  what: string;
  /** The node that shows it (for the message's line). */
  evidence: RootContent;
}

/**
 * Reports a tool's parts (a Parameters or Invocation section or label, a parameter table)
 * in a file-level section, where they belong to no tool: what a deleted or lost tool heading
 * leaves, most often the first tool's, whose content then reads as the file's introduction
 * or as the text of a "Tools" heading. Nothing is read from them, so the tool is lost or
 * merged; the warning is where the tool's content starts (where its heading belongs).
 * `skip` holds the file-level blocks already reported as cut off from a tool by a heading
 * level (heading-slips.ts).
 */
export function reportOrphanToolParts(
  doc: MarkdownDocument,
  blocks: readonly Block[],
  found: Discovery,
  skip: ReadonlySet<Block>,
  diagnostics: DiagnosticBag,
): void {
  const fileSet = new Set(found.fileBlocks);
  const heads = new Set(found.sections.map((s) => s.head));
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (!fileSet.has(b) || heads.has(b) || skip.has(b)) continue;
    const run = orphanIn(blocks, i, fileSet, heads);
    if (!run) continue;
    const evidenceLine = locOf(doc, run.evidence).line;
    diagnostics.warning(
      "SPEC_TOOL_PARTS_OUTSIDE",
      locOf(doc, run.start),
      `${run.what} (line ${evidenceLine}) is a part of a tool, but it is under no tool heading, so it is not read as any tool's part (is the tool's heading missing here?)`,
      'add the tool\'s heading (for example "## Tool: `name`") above its description, at the level of the other tools',
    );
    // One warning per lost tool: skip the rest of its sections (at this level or deeper).
    while (
      i + 1 < blocks.length &&
      fileSet.has(blocks[i + 1]!) &&
      !heads.has(blocks[i + 1]) &&
      blocks[i + 1]!.depth >= b.depth
    )
      i++;
  }
}

/** The tool part in block `i` (its heading, a label or a parameter table), with where its tool's content starts. */
function orphanIn(
  blocks: readonly Block[],
  i: number,
  fileSet: ReadonlySet<Block>,
  heads: ReadonlySet<Block | undefined>,
): OrphanRun | undefined {
  const b = blocks[i]!;
  // A "Parameters" heading above the tools' own headings is a container, not a lost part.
  if (b.heading && toolOnly(b.title) && !holdsTool(blocks, i, heads))
    return { start: startBefore(blocks, i, fileSet, heads), what: `the section "${b.title}"`, evidence: b.heading };
  for (let k = 0; k < b.nodes.length; k++) {
    const what = toolPart(b.nodes[k]!);
    if (!what) continue;
    // Back over the paragraphs before it in this block (the tool's description and labels).
    let s = k;
    while (s > 0 && b.nodes[s - 1]!.type === "paragraph") s--;
    return { start: b.nodes[s]!, what, evidence: b.nodes[k]! };
  }
  return undefined;
}

/** True when a tool's heading is among the subsections of block `i`. */
function holdsTool(blocks: readonly Block[], i: number, heads: ReadonlySet<Block | undefined>): boolean {
  for (let j = i + 1; j < blocks.length && blocks[j]!.depth > blocks[i]!.depth; j++)
    if (heads.has(blocks[j])) return true;
  return false;
}

/** A node that only a tool has: a Parameters / Invocation label, or a parameter table. */
function toolPart(node: RootContent): string | undefined {
  if (node.type === "paragraph") {
    // "**Returns:** `status`, `help_text`" as a label: what one tool returns (a heading "Returns" may be the file's).
    const seg = labelSegments(node.children, false).find(
      (s) =>
        s.label &&
        (toolOnly(s.label) ||
          (RETURNS_LABEL.test(normalizeTitle(s.label)) && !ABOUT_THE_TOOLS.test(inlineText(s.nodes)))),
    );
    return seg?.label ? `the label "${seg.label}"` : undefined;
  }
  if (node.type === "table" && isParameterTable(node)) return "a parameter table";
  if (node.type === "code" && node.lang && /^ya?ml$/i.test(node.lang)) {
    const name = yamlDescriptorName(node.value);
    if (name) return `the descriptor of "${name}"`;
  }
  // "- **Parameters**: `a: str`" among a tool's bullet list (a numbered list names a spec's sections).
  if (node.type === "list" && !node.ordered)
    for (const item of node.children) {
      const para = item.children[0];
      const found = para?.type === "paragraph" ? toolPart(para) : undefined;
      if (found) return found;
    }
  return undefined;
}

/**
 * The name of a YAML tool descriptor written as a tool's section is (`name: x` and
 * `parameters:` at the top level), which only a tool's heading makes read; undefined otherwise.
 */
function yamlDescriptorName(text: string): string | undefined {
  let name: string | undefined;
  let params = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("name:")) name = line.slice(5).trim();
    else if (line.startsWith("parameters:") || line.startsWith("inputSchema:") || line.startsWith("input_schema:"))
      params = true;
  }
  return name && params ? name : undefined;
}

/** A field table whose first column names parameters. */
function isParameterTable(table: Table): boolean {
  const first = cellText(table.children[0]?.children[0]).toLowerCase();
  return isFieldTable(table) && (first.startsWith("param") || first.startsWith("arg"));
}

/**
 * The heading where a lost tool's sections start: back over the file-level sections at the
 * same level before block `i` ("1. Tool Purpose" before "2. Invocation Name"); then, when
 * the block above them ends in labelled paragraphs ("**Version**: 1.0"), the first of those.
 */
function startBefore(
  blocks: readonly Block[],
  i: number,
  fileSet: ReadonlySet<Block>,
  heads: ReadonlySet<Block | undefined>,
): RootContent {
  const depth = blocks[i]!.depth;
  let j = i;
  while (j > 0) {
    const prev = blocks[j - 1]!;
    if (!fileSet.has(prev) || heads.has(prev) || prev.depth < depth) break;
    j--;
  }
  const above = j > 0 ? blocks[j - 1] : undefined;
  if (above && fileSet.has(above) && !heads.has(above)) {
    const nodes = above.nodes;
    let s = nodes.length;
    while (s > 0 && isLabelled(nodes[s - 1]!)) s--;
    if (s < nodes.length) return nodes[s]!;
  }
  return blocks[j]!.heading ?? blocks[j]!.nodes[0]!;
}

const isLabelled = (node: RootContent) =>
  node.type === "paragraph" && labelSegments(node.children, false).some((s) => s.label);
