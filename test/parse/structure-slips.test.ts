import { describe, expect, it } from "vitest";
import { parseSpecText } from "../../src/parse/index.js";
import { parseJsonSpec } from "../../src/parse/json/index.js";
import { validateTools } from "../../src/validate/index.js";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import type { ToolSpec } from "../../src/ir/types.js";

// Slips in a spec's structure (heading levels, lost headings) and schema readings that
// were silent: each now says what was read, where.

function read(text: string): { tools: ToolSpec[]; diags: string[] } {
  const bag = new DiagnosticBag();
  const tools = parseSpecText("notes/MCP_TOOL_SPECIFICATION.md", text, bag);
  return { tools, diags: bag.items.map((d) => `${d.loc.line} ${d.severity} ${d.code} ${d.message}`) };
}

const params = (name: string) =>
  `| Parameter | Type | Required | Description |\n|---|---|---|---|\n| \`${name}\` | string | Yes | A |\n`;

describe("structure slips", () => {
  it("a tool heading a level deeper than the tool above it is an error at its heading (the tool is lost) and a warning at the outer one", () => {
    const text = `# Notes\n\n## Tools\n\n### add_note\n\nAdds.\n\n${params("text")}\n#### delete_note\n\nDeletes.\n\n${params("id")}`;
    const { tools, diags } = read(text);
    expect(tools.map((t) => t.name)).toEqual(["notes.add_note"]);
    const nested = diags.filter((d) => d.includes("SPEC_TOOL_NESTED"));
    expect(nested.map((d) => d.split(" ").slice(0, 2).join(" "))).toEqual(["13 error", "5 warning"]);
    expect(nested[0]).toContain('"delete_note" is named like a tool');
    expect(nested[0]).toContain('"delete_note" would not be generated');
    expect(nested[1]).toContain('tool "add_note" holds the heading of what reads as another tool');
  });

  it("a code-span tool heading nested in another tool is reported at the outer tool too", () => {
    const text = `# Notes\n\n## Tools\n\n### \`add_note\`\n\nAdds.\n\n${params("text")}\n#### \`delete_note\`\n\nDeletes.\n\n${params("id")}`;
    const { diags } = read(text);
    expect(diags.some((d) => /^5 warning SPEC_TOOL_NESTED tool "add_note"/.test(d))).toBe(true);
    expect(diags.some((d) => /^13 error SPEC_TOOL_NESTED /.test(d) && d.includes("delete_note"))).toBe(true);
    expect(diags.filter((d) => d.startsWith("13 "))).toHaveLength(1);
  });

  it("a sub-heading that is not named like a tool is no slip", () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\nAdds.\n\n### Parameters\n\n${params("text")}\n### Returns\n\nThe id.\n`;
    expect(read(text).diags.filter((d) => d.includes("SPEC_TOOL_NESTED"))).toEqual([]);
  });

  it("a parameter table in a section that is no tool's is a warning where the lost tool's text starts", () => {
    const text = `# Notes\n\n## Overview\n\nNotes.\n\n${params("text")}\n## Tool: \`delete_note\`\n\nDeletes.\n\n${params("id")}`;
    const { diags } = read(text);
    expect(diags.filter((d) => d.includes("SPEC_TOOL_PARTS_OUTSIDE"))).toEqual([
      "5 warning SPEC_TOOL_PARTS_OUTSIDE a parameter table (line 7) is a part of a tool, but it is under no tool heading, so it is not read as any tool's part (is the tool's heading missing here?)",
    ]);
  });

  it('"Navigation" without its heading markers is a warning', () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\nAdds.\n\n${params("text")}\nNavigation\n\n- [README](README.md)\n`;
    expect(
      read(text).diags.some((d) => /^11 warning SPEC_CONTENT_IGNORED "Navigation" reads like a heading/.test(d)),
    ).toBe(true);
  });
});

describe("results given in prose", () => {
  const tool = (ret: string) => `# Notes\n\n## Tool: \`count_notes\`\n\nCounts.\n\n**Parameters**: None\n\n${ret}\n`;

  it.each([
    ["**Returns**: list of strings", { type: "array", items: { type: "string" } }],
    ["**Returns**: integer", { type: "integer" }],
    ["**Returns**: An integer — the number of notes", { type: "integer", description: "the number of notes" }],
    ["### Returns\n\nA list of strings.", { type: "array", items: { type: "string" } }],
  ])("%s is the output schema", (ret, want) => {
    expect(read(tool(ret)).tools[0]!.outputSchema).toEqual(want);
  });

  it("prose that is not a type is not an output schema", () => {
    expect(read(tool("**Returns**: the notes the user owns")).tools[0]!.outputSchema).toBeUndefined();
  });
});

describe("the dialect of a schema without $schema", () => {
  it("an array `items` is an info at it, naming the tool and side", () => {
    const text =
      '{"name": "pair", "description": "P.", "inputSchema": {"type": "object", "properties": {"p": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}]}}}}';
    const tools = parseJsonSpec("specs/tools.json", text, new DiagnosticBag());
    const bag = new DiagnosticBag();
    validateTools(tools, bag);
    const info = bag.items.filter((d) => d.code === "SPEC_SCHEMA_DIALECT_INFERRED");
    expect(info).toHaveLength(1);
    expect(info[0]!.severity).toBe("info");
    expect(info[0]!.loc.column).toBe(text.indexOf("[{") + 1);
    expect(info[0]!.message).toContain('input schema of "pair"');
    expect(info[0]!.help).toContain("prefixItems");
  });

  it("says nothing when $schema names draft-07 or items is a schema", () => {
    const bag = new DiagnosticBag();
    validateTools(
      parseJsonSpec(
        "specs/tools.json",
        '{"name": "pair", "description": "P.", "inputSchema": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"p": {"type": "array", "items": [{"type": "string"}]}, "q": {"type": "array", "items": {"type": "string"}}}}}',
        new DiagnosticBag(),
      ),
      bag,
    );
    expect(bag.items.filter((d) => d.code === "SPEC_SCHEMA_DIALECT_INFERRED")).toEqual([]);
  });
});

describe("inline result shapes", () => {
  const tool = (ret: string) => `# Notes\n\n## Tool: \`list_notes\`\n\nLists.\n\n**Parameters**: None\n\n${ret}\n`;

  it("brackets that do not pair up are a warning, and no fields are read", () => {
    const { tools, diags } = read(tool("**Returns:** `{is_valid, errors: [{field, message], warnings: [...]}`"));
    expect(diags.some((d) => /^9 warning SPEC_CONTENT_IGNORED the brackets in this inline/.test(d))).toBe(true);
    expect(tools[0]!.outputSchema).toBeUndefined();
  });

  it("a shape whose brackets pair up is read", () => {
    const { tools } = read(tool("**Returns:** `{is_valid, errors: [{field, message}], warnings: [...]}`"));
    expect(Object.keys(tools[0]!.outputSchema?.properties ?? {})).toEqual(["is_valid", "errors", "warnings"]);
  });
});

describe("code fences", () => {
  it("code right before a bare fence is a warning at the code: its opening fence was lost", () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\nAdds.\n\n### Example\n\n{\n  "tool_name": "add_note",\n  "arguments": {"text": "a"}\n}\n\`\`\`\n\nMore text.\n\n\`\`\`json\n{"a": 1}\n\`\`\`\n`;
    const { diags } = read(text);
    expect(diags.some((d) => /^9 warning SPEC_CODE_FENCE these lines look like code/.test(d))).toBe(true);
  });

  it("a heading inside a block that swallowed the next one is a warning at the heading", () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\nAdds.\n\n\`\`\`yaml\na: 1\n\n## Tool: \`delete_note\`\n\nDeletes.\n\n\`\`\`json\n{"a": 1}\n\`\`\`\n`;
    const { diags } = read(text);
    expect(
      diags.some((d) =>
        /^10 warning SPEC_CODE_FENCE a Markdown heading inside the code block opened at line 7/.test(d),
      ),
    ).toBe(true);
  });
});

describe("lost section headings", () => {
  it("a parameter table in a file without any tool heading is a warning where the lost tool's text starts", () => {
    const text = `# Notes\n\n## Overview\n\nNotes.\n\nAdds a note.\n\n${params("text")}`;
    expect(
      read(text).diags.some((d) => /^5 warning SPEC_TOOL_PARTS_OUTSIDE a parameter table \(line 9\)/.test(d)),
    ).toBe(true);
  });

  it("a list of links to documents at the end of a tool is a warning", () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\nAdds.\n\n${params("text")}\n- **Parent**: [notes](../README.md)\n- [Spec](SPEC.md)\n`;
    expect(
      read(text).diags.some((d) => /^11 warning SPEC_CONTENT_IGNORED this list only links to other documents/.test(d)),
    ).toBe(true);
  });

  it("links under their own heading are no slip", () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\nAdds.\n\n${params("text")}\n## Navigation\n\n- [Spec](SPEC.md)\n`;
    expect(read(text).diags.filter((d) => d.includes("links to other documents"))).toEqual([]);
  });
});

describe("headings without their markers", () => {
  it("a tool name right under a Tools heading is a warning", () => {
    const text = `# Notes\n\n## Tool Reference\n\n\`add_note\`\n\n**Description**: Adds a note.\n\n${params("text")}`;
    expect(
      read(text).diags.some((d) => /^5 warning SPEC_CONTENT_IGNORED "add_note" reads like a heading/.test(d)),
    ).toBe(true);
  });

  it("a name under an Invocation Name heading is the name, not a slip", () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\n### Invocation Name\n\n\`notes.add_note\`\n\n### Input Schema\n\n${params("text")}`;
    expect(read(text).diags.filter((d) => d.includes("reads like a heading"))).toEqual([]);
  });

  it("a numbered section title is a warning", () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\n1. Tool Purpose and Description\n\nAdds a note.\n\n### 2. Input Schema\n\n${params("text")}`;
    expect(
      read(text).diags.some((d) =>
        /^5 warning SPEC_CONTENT_IGNORED "Tool Purpose and Description" reads like a heading/.test(d),
      ),
    ).toBe(true);
  });
});
