import { describe, expect, it } from "vitest";
import { parseSpecText } from "../../src/parse/index.js";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import type { ToolSpec } from "../../src/ir/types.js";

// Slips the mutation test found silent: a lost first tool heading (its content reads as the
// file's introduction), a separator row written twice, a misspelled type in result prose.

function read(text: string): { tools: ToolSpec[]; diags: string[] } {
  const bag = new DiagnosticBag();
  const tools = parseSpecText("notes/MCP_TOOL_SPECIFICATION.md", text, bag);
  return { tools, diags: bag.items.map((d) => `${d.loc.line} ${d.severity} ${d.code} ${d.message}`) };
}

const params = (name: string) =>
  `| Parameter | Type | Required | Description |\n|---|---|---|---|\n| \`${name}\` | string | Yes | A |\n`;

describe("a lost first tool heading", () => {
  it("numbered sections under no tool heading are a warning where the tool's labels start", () => {
    const text = [
      "# Notes - MCP Tool Specification",
      "",
      "---",
      "",
      "**Version**: 1.0.0",
      "**Read-only**: Yes",
      "",
      "### 1. Tool Purpose and Description",
      "",
      "Adds a note.",
      "",
      "### 2. Invocation Name",
      "",
      "`notes.add_note`",
      "",
      "### 3. Input Schema (Parameters)",
      "",
      params("text"),
    ].join("\n");
    const { tools, diags } = read(text);
    expect(tools).toEqual([]);
    expect(diags.filter((d) => d.includes("SPEC_TOOL_PARTS_OUTSIDE"))).toEqual([
      "5 warning SPEC_TOOL_PARTS_OUTSIDE the section \"2. Invocation Name\" (line 12) is a part of a tool, but it is under no tool heading, so it is not read as any tool's part (is the tool's heading missing here?)",
    ]);
  });

  it("a tool's text under a Tools heading is a warning at its first paragraph", () => {
    const text = `# Notes\n\n## Tool Reference\n\n**Description**: Adds a note.\n\n**Parameters**:\n\n${params("text")}\n### \`delete_note\`\n\n**Description**: Deletes.\n\n**Parameters**:\n\n${params("id")}`;
    const { tools, diags } = read(text);
    expect(tools.map((t) => t.name)).toEqual(["notes.delete_note"]);
    expect(diags.filter((d) => d.includes("SPEC_TOOL_PARTS_OUTSIDE"))).toEqual([
      "5 warning SPEC_TOOL_PARTS_OUTSIDE the label \"Parameters\" (line 7) is a part of a tool, but it is under no tool heading, so it is not read as any tool's part (is the tool's heading missing here?)",
    ]);
  });

  it('is no slip for a "Parameters" heading over the tools\' own headings, or file-level "Input Validation" notes', () => {
    const text = `# Notes\n\n## Parameters\n\n### \`add_note\`\n\n${params("text")}\n## Security\n\n### Input Validation\n\nEvery input is checked.\n`;
    const { tools, diags } = read(text);
    expect(tools.map((t) => t.name)).toEqual(["notes.add_note"]);
    expect(diags.filter((d) => d.includes("SPEC_TOOL_PARTS_OUTSIDE"))).toEqual([]);
  });
});

describe("table and type slips", () => {
  it("a separator row written twice is a warning at the second", () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\nAdds.\n\n### Parameters\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n|:---|:---|:---|:---|\n| \`text\` | string | Yes | A |\n`;
    const { diags } = read(text);
    expect(diags.filter((d) => d.includes("SPEC_TABLE_SEPARATOR_TWICE")).map((d) => d.split(" ")[0])).toEqual(["11"]);
  });

  it("a misspelled type after a result key in prose is a warning with the type meant", () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\nAdds.\n\n${params("text")}\n**Returns**: \`dict\` — Dictionary with \`id\` (int), \`tags\` (lst) and \`ok\` (bool).\n`;
    const { tools, diags } = read(text);
    expect(diags.filter((d) => d.includes("SPEC_UNKNOWN_TYPE"))).toEqual([
      '11 warning SPEC_UNKNOWN_TYPE "lst" after the result key "tags" is no type, so the key is read without one (any value); did you mean `list`?',
    ]);
    expect((tools[0]!.outputSchema?.properties as Record<string, unknown>).tags).toEqual({});
  });
});
