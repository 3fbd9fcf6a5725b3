import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { parseMarkdownSpec } from "../../src/parse/markdown/index.js";
import type { ToolSpec } from "../../src/ir/types.js";

function parse(md: string, file = "specs/demo/MCP_TOOL_SPECIFICATION.md"): { tools: ToolSpec[]; diagnostics: DiagnosticBag } {
  const diagnostics = new DiagnosticBag();
  return { tools: parseMarkdownSpec(file, md, diagnostics), diagnostics };
}

const TABLE = "| Parameter Name | Type | Required | Description | Example Value |\n| :--- | :--- | :--- | :--- | :--- |\n";

type Case = [string, { given: string; want: (tools: ToolSpec[], d: DiagnosticBag) => void }];

const cases: Case[] = [
  [
    "bare name takes its module from the folder",
    {
      given: "## Tool: `echo`\n\nEchoes.\n",
      want: ([t]) => {
        expect(t!.name).toBe("demo.echo");
        expect(t!.module).toBe("demo");
        expect(t!.description).toBe("Echoes.");
      },
    },
  ],
  [
    "invocation name section overrides the heading",
    {
      given: "## Tool: `Echo Tool`\n\n### 2. Invocation Name\n\n`text.echo`\n",
      want: ([t]) => {
        expect(t!.name).toBe("text.echo");
        expect(t!.module).toBe("text");
        expect(t!.locations.name).toEqual({ file: "specs/demo/MCP_TOOL_SPECIFICATION.md", line: 5, column: 1 });
      },
    },
  ],
  [
    "sections are matched by title, not number",
    {
      given: "## Tool: `a.b`\n\n### Idempotency\n\n**Idempotent**: Partially — retries may duplicate.\n\n### Parameters\n\n" + TABLE + "| `x` | `integer` | Yes | An x. | `1` |\n\n### Description\n\nDoes b.\n",
      want: ([t]) => {
        expect(t!.idempotency).toEqual({ value: "partial", explanation: "retries may duplicate." });
        expect(t!.inputSchema).toEqual({ type: "object", properties: { x: { type: "integer", description: "An x.", examples: [1] } }, required: ["x"], additionalProperties: false });
        expect(t!.description).toBe("Does b.");
      },
    },
  ],
  [
    "version, title and annotation labels",
    {
      given: "## Tool: `a.b`\n\n**Version**: 2.1.0\n**Title**: Bee\n**Read-only**: Yes\n**Open-world**: No\n\nText.\n",
      want: ([t]) => {
        expect(t!.version).toBe("2.1.0");
        expect(t!.title).toBe("Bee");
        expect(t!.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
        expect(t!.description).toBe("Text.");
      },
    },
  ],
  [
    "MCP annotation defaults when nothing is stated",
    {
      given: "## Tool: `a.b`\n\nText.\n",
      want: ([t]) => expect(t!.annotations).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }),
    },
  ],
  [
    "destructive tool and deprecation",
    {
      given: "## Tool: `a.rm`\n\n**Destructive**: Yes\n**Deprecated**: since 1.4.0, use a.remove\n",
      want: ([t]) => {
        expect(t!.annotations.destructiveHint).toBe(true);
        expect(t!.deprecation).toEqual({ since: "1.4.0", message: "since 1.4.0, use a.remove" });
      },
    },
  ],
  [
    "table types, enums, defaults and optional fields",
    {
      given: "## Tool: `a.b`\n\n### Input Schema\n\n" + TABLE + '| `mode` | `enum["fast", "slow"]` | No | Speed (default: `"fast"`). | `"slow"` |\n| `n` | `int` | No | Count (default 5). | |\n| `tags` | `list[str]` | No | Tags. | |\n| `opt` | `str \\| None` | No | Maybe. | |\n',
      want: ([t]) => {
        const p = t!.inputSchema.properties as Record<string, Record<string, unknown>>;
        expect(p.mode).toMatchObject({ type: "string", enum: ["fast", "slow"], default: "fast" });
        expect(p.n).toMatchObject({ type: "integer", default: 5 });
        expect(p.tags).toMatchObject({ type: "array", items: { type: "string" } });
        expect(p.opt).toMatchObject({ type: ["string", "null"] });
        expect(t!.inputSchema.required).toBeUndefined();
      },
    },
  ],
  [
    "JSON Schema wins over the table and a disagreement is a warning at the table",
    {
      given: "## Tool: `a.b`\n\n### Input Schema\n\n" + TABLE + '| `x` | `string` | Yes | X. | |\n\n```json\n{"type": "object", "properties": {"x": {"type": "integer"}, "y": {"type": "string"}}, "required": ["x"]}\n```\n',
      want: ([t], d) => {
        expect(t!.inputSchema.properties).toEqual({ x: { type: "integer" }, y: { type: "string" } });
        expect(d.items).toContainEqual(expect.objectContaining({ code: "SPEC_TABLE_SCHEMA_MISMATCH", severity: "warning", loc: expect.objectContaining({ line: 5, column: 1 }) }));
        expect(d.items.find((x) => x.code === "SPEC_TABLE_SCHEMA_MISMATCH")!.message).toMatch(/"x" is string in the table but integer in the schema.*"y" is in the schema but not in the table/);
      },
    },
  ],
  [
    "a fenced example instance is not mistaken for a schema",
    {
      given: '## Tool: `a.b`\n\n### Output Schema\n\n```json\n{"type": "user", "name": "Ada"}\n```\n',
      want: ([t]) => expect(t!.outputSchema).toBeUndefined(),
    },
  ],
  [
    "no-parameter wording gives a closed empty object",
    {
      given: "## Tool: `a.b`\n\n### Input Schema\n\nThis tool takes no parameters.\n",
      want: ([t]) => expect(t!.inputSchema).toEqual({ type: "object", properties: {}, additionalProperties: false }),
    },
  ],
  [
    "error types from a list and a table",
    {
      given: "## Tool: `a.b`\n\n### Error Handling\n\n- `FileNotFoundError`: no file.\n- **PermissionError** - denied\n\n| Error | When |\n|---|---|\n| `TimeoutError` | slow |\n",
      want: ([t]) => expect(t!.errors).toEqual([{ type: "FileNotFoundError", description: "no file." }, { type: "PermissionError", description: "denied" }, { type: "TimeoutError", description: "slow" }]),
    },
  ],
  [
    "usage examples: calls and results, with their positions",
    {
      given: '## Tool: `a.b`\n\n### Usage Examples\n\n```json\n{"tool_name": "a.b", "arguments": {"x": 1}}\n```\n\n```json\n{"status": "success", "data": {"ok": true}}\n```\n',
      want: ([t]) => {
        expect(t!.examples).toEqual([
          { kind: "call", toolName: "a.b", value: { x: 1 }, loc: { file: "specs/demo/MCP_TOOL_SPECIFICATION.md", line: 6, column: 1 } },
          { kind: "result", value: { status: "success", data: { ok: true } }, loc: { file: "specs/demo/MCP_TOOL_SPECIFICATION.md", line: 10, column: 1 } },
        ]);
      },
    },
  ],
  [
    "several tools per file, each ending at the next heading of its level",
    {
      given: "# M\n\n## Tool: `m.one`\n\nFirst.\n\n### Notes\n\n```md\n## Tool: `m.not_a_tool`\n```\n\n## Tool: `m.two`\n\nSecond.\n\n## Appendix\n\nNot part of two.\n",
      want: (tools) => {
        expect(tools.map((t) => [t.name, t.description])).toEqual([
          ["m.one", "First."],
          ["m.two", "Second."],
        ]);
      },
    },
  ],
  [
    "template placeholders are skipped with an info",
    {
      given: "## Tool: `[YourToolName]`\n\nTemplate.\n",
      want: (tools, d) => {
        expect(tools).toEqual([]);
        expect(d.items).toContainEqual(expect.objectContaining({ code: "SPEC_TEMPLATE_SKIPPED", severity: "info" }));
      },
    },
  ],
  [
    "a file without tools is an info, not an error",
    {
      given: "# Just a README\n",
      want: (tools, d) => {
        expect(tools).toEqual([]);
        expect(d.items).toEqual([expect.objectContaining({ code: "SPEC_NO_TOOLS", severity: "info" })]);
      },
    },
  ],
];

describe("parseMarkdownSpec", () => {
  it.each(cases)("%s", (_name, { given, want }) => {
    const { tools, diagnostics } = parse(given);
    want(tools, diagnostics);
  });
});
