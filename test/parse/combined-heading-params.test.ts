import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { parseMarkdownSpec } from "../../src/parse/markdown/index.js";

function parse(md: string) {
  const diagnostics = new DiagnosticBag();
  const tools = parseMarkdownSpec("specs/demo/MCP_TOOL_SPECIFICATION.md", md, diagnostics);
  return { tools, diagnostics };
}

const byName = (tools: ReturnType<typeof parse>["tools"]) =>
  Object.fromEntries(tools.map((t) => [t.name, t.inputSchema]));

describe("two tools under one heading, parameters in a `Tool | Key parameters` table", () => {
  it("each tool takes its own row of a table under the combined heading", () => {
    const { tools, diagnostics } = parse(
      "# Notes\n\n## `read_note` / `delete_note`\n\nRead or delete a note.\n\n| Tool | Key parameters |\n|---|---|\n| `read_note` | `id` (string), `format` (string, optional) |\n| `delete_note` | `id` (string), `force` (bool, optional) |\n",
    );
    expect(byName(tools)).toEqual({
      "demo.read_note": {
        type: "object",
        properties: { id: { type: "string" }, format: { type: "string" } },
        required: ["id"],
        additionalProperties: false,
      },
      "demo.delete_note": {
        type: "object",
        properties: { id: { type: "string" }, force: { type: "boolean" } },
        required: ["id"],
        additionalProperties: false,
      },
    });
    expect(diagnostics.items.filter((d) => d.severity !== "info").map((d) => d.code)).not.toContain(
      "SPEC_SUMMARY_PARAMS_UNREADABLE",
    );
  });

  it("each tool takes its own row of a summary table elsewhere in the file", () => {
    const { tools } = parse(
      "# Notes\n\n## Tools\n\n| Tool | Key parameters | Description |\n|---|---|---|\n| `read_note` | `id` (string) | Read |\n| `delete_note` | `id` (string), `force` (bool, optional) | Delete |\n\n## `read_note` / `delete_note`\n\nRead or delete a note.\n",
    );
    expect(Object.keys(byName(tools)["demo.delete_note"]!.properties ?? {})).toEqual(["id", "force"]);
    expect(Object.keys(byName(tools)["demo.read_note"]!.properties ?? {})).toEqual(["id"]);
  });

  it("a cell that cannot be read is a warning at the cell, once per tool, and the input stays open", () => {
    const { tools, diagnostics } = parse(
      "# Notes\n\n## Tools\n\n| Tool | Key parameters | Description |\n|---|---|---|\n| `read_note` | id, format | Read |\n| `delete_note` | id | Delete |\n| `list_notes` | None | List |\n\n## `read_note` / `delete_note`\n\nRead or delete a note.\n\n## `list_notes`\n\nLists notes.\n",
    );
    expect(byName(tools)["demo.read_note"]).toEqual({ type: "object" });
    const warnings = diagnostics.items.filter((d) => d.code === "SPEC_SUMMARY_PARAMS_UNREADABLE");
    expect(warnings.map((d) => [d.severity, d.loc.line, /"(\w+)"/.exec(d.message)![1]])).toEqual([
      ["warning", 7, "read_note"],
      ["warning", 8, "delete_note"],
    ]);
  });

  it("negative: no warning when the tool has parameters of its own", () => {
    const { diagnostics } = parse(
      "# Notes\n\n## Tools\n\n| Tool | Key parameters |\n|---|---|\n| `read_note` | the id and a format |\n\n## `read_note`\n\nRead.\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n| `id` | string | yes | Id |\n",
    );
    expect(diagnostics.items.some((d) => d.code === "SPEC_SUMMARY_PARAMS_UNREADABLE")).toBe(false);
  });
});
