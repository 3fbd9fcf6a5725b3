import { describe, expect, it } from "vitest";
import { parseSpecText } from "../../src/parse/index.js";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import type { ToolSpec } from "../../src/ir/types.js";

// Each slip of issue 13 ("never silent"): the spec either still means what it meant, or a
// diagnostic at the slip says what was assumed.

function read(text: string): { tools: ToolSpec[]; diags: string[] } {
  const bag = new DiagnosticBag();
  const tools = parseSpecText("notes/MCP_TOOL_SPECIFICATION.md", text, bag);
  return { tools, diags: bag.items.map((d) => `${d.loc.line} ${d.severity} ${d.code} ${d.message}`) };
}

const tool = (body: string) => `# Notes\n\n## Tool: \`notes.add_note\`\n\n### Description\n\nAdds a note.\n\n${body}`;

describe("never silent", () => {
  it("an unreadable JSON schema block is an error, not an open schema", () => {
    const { diags } = read(
      tool('### Input Schema\n\n```json\n{"type": "object", "properties": {"id": {"type": "string"}}\n```\n'),
    );
    // At the line where the JSON breaks (its end: the last `}` is missing), not at the fence.
    expect(diags.some((d) => /^12 error SPEC_SCHEMA_UNREADABLE/.test(d))).toBe(true);
    const out = read(tool('### Output Schema\n\n```json\n{"type": "object", "properties": {\n```\n'));
    expect(out.diags.some((d) => /error SPEC_SCHEMA_UNREADABLE .*output/.test(d))).toBe(true);
  });

  it("a table row with an extra or missing cell is a warning", () => {
    const { diags } = read(
      tool(
        "### Parameters\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n| `a` | string | Yes | A | extra |\n| `b` | string |\n",
      ),
    );
    expect(diags.filter((d) => d.includes("SPEC_TABLE_ROW_CELLS"))).toHaveLength(2);
  });

  it("a table without a separator row is a warning", () => {
    const { diags } = read(tool("### Parameters\n\n| Parameter | Type |\n| `a` | string |\n"));
    expect(diags.some((d) => /^11 warning SPEC_TABLE_NO_SEPARATOR/.test(d))).toBe(true);
  });

  it("a Required cell that is not yes or no is a warning, and the field is optional", () => {
    const { tools, diags } = read(
      tool(
        "### Parameters\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n| `a` | string | Maybe | A |\n",
      ),
    );
    expect(diags.some((d) => d.includes("SPEC_REQUIRED_UNCLEAR") && d.includes("optional"))).toBe(true);
    expect(tools[0]!.inputSchema.required ?? []).not.toContain("a");
  });

  it("a default its property rejects: an error in JSON Schema, a warning when inferred", () => {
    const json = read(
      tool(
        '### Input Schema\n\n```json\n{"type": "object", "properties": {"n": {"type": "integer", "default": "twenty"}}}\n```\n',
      ),
    );
    expect(json.diags.some((d) => /^12 error SPEC_DEFAULT_INVALID/.test(d))).toBe(true);
  });

  it("an unknown type says `unknown` and suggests the type meant", () => {
    const { tools, diags } = read(
      tool(
        "### Parameters\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n| `n` | integr | No | N |\n",
      ),
    );
    expect(diags.some((d) => d.includes("SPEC_UNKNOWN_TYPE") && d.includes("did you mean `integer`"))).toBe(true);
    expect((tools[0]!.inputSchema.properties as Record<string, { type?: unknown }>).n!.type).toBeUndefined();
  });

  it("a description that starts like a label stays the description", () => {
    const { tools } = read(tool("").replace("Adds a note.", "Returns one text block: the note id."));
    expect(tools[0]!.description).toBe("Returns one text block: the note id.");
  });

  it("a bare name heading with a plain Parameters: label is read as a tool", () => {
    const { tools } = read(
      "# Notes\n\n## delete_note\n\nDeletes a note.\n\nParameters:\n\n- `id` (string, required): the note id\n",
    );
    expect(tools.map((t) => t.name)).toEqual(["notes.delete_note"]);
    expect(Object.keys(tools[0]!.inputSchema.properties ?? {})).toEqual(["id"]);
  });

  it("an unclosed code fence and a heading that lost its markers are warnings", () => {
    expect(read(tool("### Input Schema\n\n````json\n{}\n```\n\n## Tool: `notes.b`\n\nB.\n")).diags.join("\n")).toMatch(
      /warning SPEC_CODE_FENCE/,
    );
    expect(read(`${tool("### Parameters\n\nNone.\n")}\nTool: \`notes.b\`\n\nB.\n`).diags.join("\n")).toMatch(
      /warning SPEC_CONTENT_IGNORED .*heading without its # markers/,
    );
  });

  it("an unmatched backtick is a warning", () => {
    const { diags } = read(
      tool(
        "### Parameters\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n| `n | string | No | N |\n",
      ),
    );
    expect(diags.some((d) => d.includes("SPEC_CODE_FENCE") && d.includes("unmatched backtick"))).toBe(true);
  });
});

describe("never silent: JSON specs", () => {
  it.each([[true], [false], ['"string"'], [[1]]])("an outputSchema of %j is an error, not dropped", (output) => {
    const bag = new DiagnosticBag();
    const text = JSON.stringify({
      tools: [{ name: "a.b", description: "d", inputSchema: { type: "object" }, outputSchema: output }],
    });
    parseSpecText("specs/tools.json", text, bag);
    expect(bag.items.map((d) => `${d.severity} ${d.code} ${d.message}`)).toEqual([
      expect.stringMatching(/^error SPEC_JSON_SHAPE tool "a\.b" has an "outputSchema" that is not a schema object/),
    ]);
  });
});
