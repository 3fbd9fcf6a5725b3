import { describe, expect, it } from "vitest";
import { parseSpecText } from "../../src/parse/index.js";
import { validateTools } from "../../src/validate/index.js";
import { buildNameTable } from "../../src/naming/table.js";
import { DiagnosticBag, type Diagnostic } from "../../src/diagnostics/types.js";
import type { ToolSpec } from "../../src/ir/types.js";

// The common mistakes a new user makes in a spec of their own, each of which used to give
// exit 0 with wrong output: every one is now reported at the line to fix, and the ones that
// would generate a guess are errors.

const FILE = "notes/MCP_TOOL_SPECIFICATION.md";

function read(text: string, file = FILE): { tools: ToolSpec[]; diags: Diagnostic[] } {
  const bag = new DiagnosticBag();
  const tools = parseSpecText(file, text, bag);
  validateTools(tools, bag);
  return { tools, diags: bag.items };
}

const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;

/** A four-tool spec as a new user writes it: tables, a JSON output schema, labels. */
const SPEC = `# Notes

Tools to keep short notes.

## Tool: \`notes.create_note\`

**Read-only**: No
**Idempotent**: No

Creates a note and returns it.

### Parameters

| Name | Type | Required | Default | Description |
|------|------|----------|---------|-------------|
| \`title\` | string | Yes | | The note's title. |
| \`body\` | string | No | \`""\` | The text of the note. |

### Returns

| Field | Type | Required | Description |
|-------|------|----------|-------------|
| \`id\` | string | Yes | The note's id. |

## Tool: \`notes.get_note\`

**Read-only**: Yes
**Idempotent**: Yes

Reads one note.

### Parameters

| Name | Type | Required | Description |
|------|------|----------|-------------|
| \`id\` | string | Yes | The note's id. |

### Returns

\`\`\`json
{
  "type": "object",
  "properties": { "id": { "type": "string" }, "title": { "type": "string" } },
  "required": ["id", "title"]
}
\`\`\`

## Tool: \`notes.list_notes\`

**Read-only**: Yes
**Idempotent**: Yes

Lists notes.

### Parameters

| Name | Type | Required | Description |
|------|------|----------|-------------|
| \`limit\` | integer | No | How many notes at most. |
`;

describe("the spec as written reads cleanly", () => {
  it("has no warnings or errors", () => {
    const { tools, diags } = read(SPEC);
    expect(tools.map((t) => t.name)).toEqual(["notes.create_note", "notes.get_note", "notes.list_notes"]);
    expect(diags.filter((d) => d.severity !== "info")).toEqual([]);
  });
});

describe("a tool heading a level too deep", () => {
  const text = SPEC.replace("## Tool: `notes.get_note`", "### Tool: `notes.get_note`");

  it("is an error at the tool heading, saying which marks to write", () => {
    const errors = read(text).diags.filter((d) => d.severity === "error");
    expect(errors).toHaveLength(1);
    const [e] = errors;
    expect(e!.code).toBe("SPEC_TOOL_HEADING_LEVEL");
    expect(e!.loc.line).toBe(lineOf(text, "### Tool: `notes.get_note`"));
    expect(e!.message).toContain('"Parameters", "Returns"');
    expect(e!.message).toContain("accepting any arguments");
    expect(e!.help).toContain("`##`");
  });

  it("a section a level too high is the line to fix when the tool headings agree", () => {
    const lines = SPEC.split("\n");
    const at = lines.findIndex((l, i) => l === "### Parameters" && i > lineOf(SPEC, "notes.list_notes"));
    lines[at] = "## Parameters";
    const errors = read(lines.join("\n")).diags.filter((d) => d.severity === "error");
    expect(errors.map((d) => [d.code, d.loc.line])).toEqual([["SPEC_TOOL_HEADING_LEVEL", at + 1]]);
    expect(errors[0]!.help).toContain("`###`");
  });

  it("losing only the results is a warning, not an error", () => {
    const lines = SPEC.split("\n");
    const at = lines.findIndex((l, i) => l === "### Returns" && i > lineOf(SPEC, "notes.get_note"));
    lines[at] = "## Returns";
    const found = read(lines.join("\n")).diags.filter((d) => d.code === "SPEC_TOOL_HEADING_LEVEL");
    expect(found.map((d) => [d.severity, d.loc.line])).toEqual([["warning", at + 1]]);
  });
});

describe("a table header short of a cell", () => {
  const text = SPEC.replace(
    "| Name | Type | Required | Default | Description |\n|------|------|----------|---------|-------------|",
    "| Name | Type | Default | Description |\n|------|------|---------|-------------|",
  );

  it("is an error at the header, and the shifted rows are not read", () => {
    const { tools, diags } = read(text);
    const errors = diags.filter((d) => d.severity === "error");
    expect(errors.map((d) => [d.code, d.loc.line])).toEqual([
      ["SPEC_TABLE_HEADER_SHORT", lineOf(text, "| Name | Type | Default | Description |")],
    ]);
    expect(errors[0]!.message).toContain("header has 4 cells but each of its rows has 5");
    // Before: `title` got the default "Yes" and lost its description.
    const create = tools.find((t) => t.name === "notes.create_note")!;
    expect(JSON.stringify(create.inputSchema)).not.toContain('"Yes"');
  });
});

describe("a table without a Required column", () => {
  const dropRequired = (text: string) =>
    text
      .split("\n")
      .map((l) => {
        if (!l.startsWith("|")) return l;
        const cells = l.split("|");
        return cells.length >= 6 ? [...cells.slice(0, 3), ...cells.slice(4)].join("|") : l;
      })
      .join("\n");
  const text = dropRequired(SPEC);

  it("reads parameters and results by one rule: required unless a default or 'optional' is written", () => {
    const { tools } = read(text);
    const create = tools.find((t) => t.name === "notes.create_note")!;
    expect(create.inputSchema.required).toEqual(["title"]);
    // Before: the result table's fields came out optional (`created.id!` in client code).
    expect(create.outputSchema?.required).toEqual(["id"]);
  });

  it("is noted once per file, at the first such table", () => {
    const notes = read(text).diags.filter((d) => d.code === "SPEC_TABLE_REQUIRED_RULE");
    expect(notes).toHaveLength(1);
    expect(notes[0]!.severity).toBe("info");
    expect(notes[0]!.loc.line).toBe(lineOf(text, "| Name | Type | Default | Description |"));
    expect(notes[0]!.message).toContain("and 3 more in this file");
  });

  it("a field whose description says optional stays optional", () => {
    const t = text.replace("| How many notes at most. |", "| Optional. How many notes at most. |");
    const list = read(t).tools.find((x) => x.name === "notes.list_notes")!;
    expect(list.inputSchema.required).toBeUndefined();
  });
});

describe("unreadable JSON", () => {
  it("is reported at the line and column where it breaks, not at the fence", () => {
    const text = SPEC.replace('"title": { "type": "string" } }', '"title": { "type": "string" ]] }');
    const e = read(text).diags.find((d) => d.code === "SPEC_SCHEMA_UNREADABLE")!;
    const line = lineOf(text, "]]");
    expect([e.loc.line, e.loc.column]).toEqual([line, text.split("\n")[line - 1]!.indexOf("]]") + 1]);
    expect(e.message).not.toMatch(/position \d/);
  });

  it("a block that lost its first `{` is unreadable, not a string", () => {
    const text = SPEC.replace('```json\n{\n  "type"', '```json\n\n  "type"');
    const e = read(text).diags.find((d) => d.code === "SPEC_SCHEMA_UNREADABLE");
    expect(e?.severity).toBe("error");
  });
});

describe("a duplicated tool", () => {
  it("is exactly one error, without naming advice that would not fix it", () => {
    const start = SPEC.indexOf("## Tool: `notes.list_notes`");
    const text = `${SPEC}\n${SPEC.slice(start)}`;
    const bag = new DiagnosticBag();
    const tools = parseSpecText(FILE, text, bag);
    validateTools(tools, bag);
    buildNameTable(tools, "tool", 64, bag);
    const errors = bag.items.filter((d) => d.severity === "error");
    expect(errors.map((d) => d.code)).toEqual(["SPEC_DUPLICATE_NAME"]);
  });
});

describe("a module prefix that disagrees with the folder", () => {
  it("is an info at the tool, naming both modules", () => {
    const text = SPEC.replace("## Tool: `notes.list_notes`", "## Tool: `memo.list_notes`");
    const { tools, diags } = read(text);
    expect(tools.map((t) => t.module)).toContain("memo");
    const info = diags.filter((d) => d.code === "SPEC_MODULE_PREFIX_FOLDER");
    expect(info.map((d) => [d.severity, d.loc.line])).toEqual([["info", lineOf(text, "memo.list_notes")]]);
    expect(info[0]!.message).toContain('module "notes"');
  });

  it("says nothing when the prefix matches", () => {
    expect(read(SPEC).diags.filter((d) => d.code === "SPEC_MODULE_PREFIX_FOLDER")).toEqual([]);
  });
});

describe("slips the mutation test found", () => {
  it("a deleted tool heading that merges two tools is a warning at the second tool's description", () => {
    const text = SPEC.replace("## Tool: `notes.get_note`\n\n", "");
    const w = read(text).diags.filter((d) => d.code === "SPEC_TOOL_HEADING_MISSING");
    expect(w.map((d) => [d.severity, d.loc.line])).toEqual([["warning", lineOf(text, "**Read-only**: Yes")]]);
  });

  it("a doubled closing fence is a warning at the second fence", () => {
    const text = SPEC.replace('"required": ["id", "title"]\n}\n```\n', '"required": ["id", "title"]\n}\n```\n```\n');
    const at = lineOf(text, '"required": ["id", "title"]') + 3;
    const w = read(text).diags.filter((d) => d.code === "SPEC_CODE_FENCE");
    expect(w.filter((d) => d.message.includes("doubled")).map((d) => d.loc.line)).toEqual([at]);
  });
});
