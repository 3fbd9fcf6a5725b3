import type { RootContent } from "mdast";
import { inlineText, locOf, sourceOf } from "./document.js";
import type { SummaryRow, ToolSection } from "./discover.js";
import { classifySection, LOCKED_KINDS, normalizeTitle, RESULT_EXAMPLES, type SectionKind } from "./sections.js";
import { assembleTool, type ReadResult } from "./tool-assemble.js";
import { readCode } from "./tool-code.js";
import { readList } from "./tool-lists.js";
import { readParagraph } from "./tool-paragraphs.js";
import { addDescription, type Parts, type ReadContext, type State, type ToolReader } from "./tool-reader.js";
import { readRow } from "./tool-rows.js";
import { readTable } from "./tool-tables.js";
import { applySummaryParams, summaryParamFields } from "./summary-params.js";
import { looksLikeTable } from "./table-shape.js";

// Reading one tool section, in files by concern: tool-reader (what the parts share),
// tool-labels (splitting paragraphs at bold labels), tool-facts (labels that state a fact),
// tool-paragraphs, tool-lists, tool-tables, tool-code and tool-rows (each kind of block),
// tool-sides (what is said about parameters and results), tool-errors, tool-idempotency,
// tool-side-schema (choosing each side's schema) and tool-assemble (the ToolContent).

export type { ReadContext } from "./tool-reader.js";
export type { ReadResult } from "./tool-assemble.js";

/**
 * Reads one tool: the content under its heading (description, bold labels), then each
 * subsection, classified by title; within a section, bold labels (`**Parameters**:`,
 * `- **Returns**: …`) switch what the following content describes.
 */
export function readTool(section: ToolSection, ctx: ReadContext, summary?: SummaryRow): ReadResult {
  const parts: Parts = {
    description: [],
    stated: {},
    input: {},
    output: {},
    errors: [],
    examples: [],
    security: [],
    stray: [],
    breaks: [],
  };
  const reader: ToolReader = {
    ctx,
    doc: ctx.doc,
    parts,
    ownName: section.name.split(".").pop()!,
    walk: (nodes, state) => walk(reader, nodes, state),
  };
  if (section.row) {
    // Parameters in prose in the row's cell (`\`query\` (string), \`limit\` (int, optional)`).
    const fields = section.row.params
      ? summaryParamFields(ctx.doc, section.row.params, { deferToSignatures: true })
      : undefined;
    if (fields) {
      parts.input.fields = { value: fields, loc: section.row.params!.loc };
      const { params: _read, ...row } = section.row;
      readRow(reader, { ...section, row });
    } else readRow(reader, section);
  }
  if (section.head) reader.walk(section.head.nodes, { kind: "description", locked: false });
  let current: { kind: SectionKind; depth: number } | undefined;
  for (const block of section.body) {
    // A subsection of a classified section (e.g. "#### JSON Schema" under "### Input") belongs to it.
    let own = classifySection(block.title);
    if (own === "schema")
      own = current && block.depth > current.depth && current.kind === "output" ? "output" : "input";
    const kind = own === "other" && current && block.depth > current.depth ? current.kind : own;
    if (own !== "other" || !current || block.depth <= current.depth) current = { kind, depth: block.depth };
    const nestedLine = block.heading ? locOf(ctx.doc, block.heading).line : 0;
    if (own === "other" && block.heading && nestedToolName(block) && !ctx.nestedToolLines?.has(nestedLine)) {
      // `#### \`other_tool\`` under `### \`this_tool\``: a heading level off by one folds a tool into this one.
      ctx.diagnostics.warning(
        "SPEC_CONTENT_IGNORED",
        locOf(ctx.doc, block.heading),
        `the heading "${block.title}" is named like a tool but sits one level below the tool "${section.name}", so it is read as part of that tool`,
        "give every tool heading the same level",
      );
    }
    if ((kind === "input" || kind === "output") && !parts[kind].loc) {
      parts[kind].loc = locOf(ctx.doc, block.heading);
      parts[kind].fromHeading = !!block.heading;
    }
    if (kind === "examples") parts.examplesLoc ??= locOf(ctx.doc, block.heading);
    if (kind === "security" && block.nodes.length) parts.securityLoc ??= locOf(ctx.doc, block.heading);
    if (kind === "errors" && block.nodes.length) parts.errorsLoc ??= locOf(ctx.doc, block.heading);
    const results = kind === "examples" && RESULT_EXAMPLES.test(normalizeTitle(block.title));
    reader.walk(block.nodes, { kind, locked: LOCKED_KINDS.has(kind), ...(results ? { results } : {}) });
  }
  if (!section.row) applySummaryParams(reader, summary);
  return assembleTool(reader, section);
}

/** Reads blocks in a section state, each by its kind. */
function walk(r: ToolReader, nodes: readonly RootContent[], state: State): void {
  for (const node of nodes) {
    switch (node.type) {
      case "paragraph":
        if (looksLikeTable(sourceOf(r.doc, node)))
          r.ctx.diagnostics.warning(
            "SPEC_TABLE_NO_SEPARATOR",
            locOf(r.doc, node),
            "these lines look like a table but have no separator row (`|---|---|`) under the header, so they are read as text and no parameters are taken from them",
            "add a separator row such as `|---|---|---|` right under the header row",
          );
        readParagraph(r, node, state);
        state.intro = inlineText(node.children);
        continue;
      case "list":
        readList(r, node, state);
        break;
      case "table":
        readTable(r, node, state);
        break;
      case "code":
        readCode(r, node, state);
        break;
      case "thematicBreak":
        r.parts.breaks.push(locOf(r.doc, node).line);
        break;
      case "blockquote":
        if (state.kind === "description") addDescription(r, sourceOf(r.doc, node).trim(), locOf(r.doc, node));
        break;
      default:
        break;
    }
    state.intro = undefined;
  }
}

/** True for a heading that is only a snake_case or dotted name in code (`` `get_user` ``), with parameters or results under it. */
function nestedToolName(block: { heading?: { children: unknown[] }; nodes: readonly RootContent[] }): boolean {
  const kids = block.heading?.children ?? [];
  const only = kids.length === 1 ? (kids[0] as { type: string; value?: string }) : undefined;
  if (only?.type !== "inlineCode" || !/^[a-z][a-z0-9]*([_.][a-z0-9]+)+$/.test(only.value ?? "")) return false;
  return block.nodes.some((n) => n.type === "table" || n.type === "code" || n.type === "list");
}
