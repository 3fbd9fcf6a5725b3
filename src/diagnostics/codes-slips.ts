import type { DiagnosticCodeInfo } from "./codes-info.js";

/**
 * Codes for common slips in a Markdown spec's structure (a heading a level off, a table
 * header short of a cell) and the reading rules they bring into view. Part of the
 * catalogue in codes.ts, kept in their own file so that it stays readable.
 */
export const SLIP_CODES = {
  SPEC_TOOL_HEADING_LEVEL: {
    severity: "error",
    alsoReportedAs: ["warning"],
    summary:
      "A tool's sections (Parameters, Returns…) are cut off from it by a heading level: the tool heading is as deep as its sections, or a section is as high as the tool heading.",
    cause:
      "A tool heading has one `#` too many (`### Tool: x` above `### Parameters`) or a section one too few, so Markdown ends the tool where its section starts; it is an error when the tool would lose its parameters and accept any arguments.",
    fix: "give the tool heading one `#` fewer than its sections (for example `## Tool: x` above `### Parameters`)",
  },
  SPEC_TOOL_HEADING_MISSING: {
    severity: "warning",
    summary:
      "A tool's section holds a second Parameters, Returns or Invocation part, a second tool descriptor naming another tool, or a parameter table after its results: the heading of the next tool looks lost, so two tools are read as one.",
    cause:
      "A tool heading was deleted or lost its `#` marks, so Markdown continues the tool above it; the second tool's description is read as part of the first tool and its own parts are dropped.",
    fix: 'add the missing tool heading (for example "## Tool: `name`") above the second tool\'s description',
  },
  SPEC_TOOL_PARTS_OUTSIDE: {
    severity: "warning",
    summary:
      "A Parameters or Invocation section or label, a Returns label, a parameter table or a YAML tool descriptor sits under no tool heading (in the introduction or a file-level section): a tool heading above it looks lost.",
    cause:
      "A tool heading was deleted or lost its `#` marks where no tool comes before it (most often the first tool's), so its content reads as the file's introduction or as the text of a heading such as \"Tools\"; no tool is read from it.",
    fix: 'add the tool\'s heading (for example "## Tool: `name`") above its description, at the level of the other tools',
  },
  SPEC_TOOL_COUNT_MISMATCH: {
    severity: "warning",
    summary:
      'The file\'s introduction states more tools ("Three MCP tools…", "All 7 tools…") than the file defines: a tool heading looks lost.',
    cause:
      'A tool heading was deleted or lost its `#` marks, so its tool\'s text is read as part of the introduction or of the tool above it (a tool written in prose only leaves nothing else to show it), or the stated number is out of date; only a larger count is reported, and approximate ones ("~300 tools") or ones in a sentence about a wider scope ("the server registers 120 tools") are not read.',
    fix: 'add the missing tool\'s heading (for example "## Tool: `name`") above its description, or correct the number',
  },
  SPEC_TOOL_PROSE_UNREAD: {
    severity: "warning",
    summary:
      "A tool holds prose after its Parameters that is not read (it has a description above them, or a description right after them already): the heading of another tool looks lost.",
    cause:
      "Prose after a tool's parameter list is read as the description only when the tool has none, so with a description above the parameters it is dropped; that is what a deleted heading of a tool that starts with its parameters leaves, whose parameters and description then join the tool above (a note after the parameters under an Input Schema heading is that section's own and is reported as SPEC_CONTENT_IGNORED instead).",
    fix: "if the parameters and the text after them are another tool's, add its heading (for example \"## Tool: `name`\") above them; if the text is this tool's, move it into the description",
  },
  SPEC_TABLE_HEADER_SHORT: {
    severity: "error",
    summary: "A table's header row has fewer cells than its rows, so every row would be read one column off.",
    cause:
      "A header cell (or a `|` between two) was lost while the rows kept theirs; Markdown drops the cells past the header's count and the rest no longer line up with their columns.",
    fix: "give the header one cell per column of the rows (restore the lost column name)",
  },
  SPEC_TABLE_SEPARATOR_TWICE: {
    severity: "warning",
    summary: "A table row holds only dashes (`|---|---|`): a separator row written twice, read as a row of the table.",
    cause:
      "Markdown reads a second separator row as an ordinary row, so a field named `---` (or a row of dashes) is read from it.",
    fix: "delete the second separator row: a table has one, right under its header",
  },
  SPEC_TABLE_REQUIRED_RULE: {
    severity: "info",
    summary:
      "A parameter or result table has no Required column: each field is read as required unless the row gives a default or says it is optional.",
    cause:
      "Without a Required column a table does not say which fields may be left out, so one rule is applied to parameter and result tables alike (see docs/spec-format.md).",
    fix: "add a Required column (Yes/No) to state it for each field",
  },
  SPEC_MODULE_PREFIX_FOLDER: {
    severity: "info",
    summary: "A tool's `module.` prefix names another module than the folder its spec is in.",
    cause:
      "The written prefix decides the tool's module, so the tool's generated code goes with that module's files, not with the folder's.",
    fix: "check the prefix: drop it to use the folder's module, or keep it if the tool belongs to that module",
  },
} as const satisfies Readonly<Record<string, DiagnosticCodeInfo>>;
