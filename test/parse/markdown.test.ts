import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { parseMarkdownSpec } from "../../src/parse/markdown/index.js";
import type { JsonSchema, ToolSpec } from "../../src/ir/types.js";
import { validateTools } from "../../src/validate/index.js";
import { schemaProvenance } from "../../src/ir/schema-source.js";

function parse(
  md: string,
  file = "specs/demo/MCP_TOOL_SPECIFICATION.md",
): { tools: ToolSpec[]; diagnostics: DiagnosticBag } {
  const diagnostics = new DiagnosticBag();
  return { tools: parseMarkdownSpec(file, md, diagnostics), diagnostics };
}

const TABLE =
  "| Parameter Name | Type | Required | Description | Example Value |\n| :--- | :--- | :--- | :--- | :--- |\n";

type Case = [string, { given: string; file?: string; want: (tools: ToolSpec[], d: DiagnosticBag) => void }];

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
      given:
        "## Tool: `a.b`\n\n### Idempotency\n\n**Idempotent**: Partially — retries may duplicate.\n\n### Parameters\n\n" +
        TABLE +
        "| `x` | `integer` | Yes | An x. | `1` |\n\n### Description\n\nDoes b.\n",
      want: ([t]) => {
        expect(t!.idempotency).toEqual({ value: "partial", explanation: "retries may duplicate." });
        expect(t!.inputSchema).toEqual({
          type: "object",
          properties: { x: { type: "integer", description: "An x.", examples: [1] } },
          required: ["x"],
          additionalProperties: false,
        });
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
        expect(t!.annotations).toEqual({
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        });
        expect(t!.description).toBe("Text.");
      },
    },
  ],
  [
    "MCP annotation defaults when nothing is stated",
    {
      given: "## Tool: `a.b`\n\nText.\n",
      want: ([t]) =>
        expect(t!.annotations).toEqual({
          readOnlyHint: false,
          destructiveHint: true,
          idempotentHint: false,
          openWorldHint: true,
        }),
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
      given:
        "## Tool: `a.b`\n\n### Input Schema\n\n" +
        TABLE +
        '| `mode` | `enum["fast", "slow"]` | No | Speed (default: `"fast"`). | `"slow"` |\n| `n` | `int` | No | Count (default 5). | |\n| `tags` | `list[str]` | No | Tags. | |\n| `opt` | `str \\| None` | No | Maybe. | |\n',
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
      given:
        "## Tool: `a.b`\n\n### Input Schema\n\n" +
        TABLE +
        '| `x` | `string` | Yes | X. | |\n\n```json\n{"type": "object", "properties": {"x": {"type": "integer"}, "y": {"type": "string"}}, "required": ["x"]}\n```\n',
      want: ([t], d) => {
        expect(t!.inputSchema.properties).toEqual({ x: { type: "integer" }, y: { type: "string" } });
        expect(d.items).toContainEqual(
          expect.objectContaining({
            code: "SPEC_TABLE_SCHEMA_MISMATCH",
            severity: "warning",
            loc: expect.objectContaining({ line: 5, column: 1 }),
          }),
        );
        expect(d.items.find((x) => x.code === "SPEC_TABLE_SCHEMA_MISMATCH")!.message).toMatch(
          /"x" is string in the table but integer in the schema.*"y" is in the schema but not in the table/,
        );
      },
    },
  ],
  [
    "a fenced example instance is not mistaken for a schema",
    {
      given: '## Tool: `a.b`\n\n### Output Schema\n\n```json\n{"type": "user", "name": "Ada"}\n```\n',
      // An example result: its keys become optional fields (`type` is a field here, not a keyword).
      want: ([t]) =>
        expect(t!.outputSchema).toEqual({
          type: "object",
          properties: { type: { type: "string" }, name: { type: "string" } },
        }),
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
      given:
        "## Tool: `a.b`\n\n### Error Handling\n\n- `FileNotFoundError`: no file.\n- **PermissionError** - denied\n\n| Error | When |\n|---|---|\n| `TimeoutError` | slow |\n",
      want: ([t]) =>
        expect(t!.errors).toEqual([
          { type: "FileNotFoundError", description: "no file." },
          { type: "PermissionError", description: "denied" },
          { type: "TimeoutError", description: "slow" },
        ]),
    },
  ],
  [
    "usage examples: calls and results, with their positions",
    {
      given:
        '## Tool: `a.b`\n\n### Usage Examples\n\n```json\n{"tool_name": "a.b", "arguments": {"x": 1}}\n```\n\n```json\n{"status": "success", "data": {"ok": true}}\n```\n',
      want: ([t]) => {
        expect(t!.examples).toEqual([
          {
            kind: "call",
            toolName: "a.b",
            value: { x: 1 },
            loc: { file: "specs/demo/MCP_TOOL_SPECIFICATION.md", line: 6, column: 1 },
          },
          {
            kind: "result",
            value: { status: "success", data: { ok: true } },
            loc: { file: "specs/demo/MCP_TOOL_SPECIFICATION.md", line: 10, column: 1 },
          },
        ]);
      },
    },
  ],
  [
    "several tools per file, each ending at the next heading of its level",
    {
      given:
        "# M\n\n## Tool: `m.one`\n\nFirst.\n\n### Notes\n\n```md\n## Tool: `m.not_a_tool`\n```\n\n## Tool: `m.two`\n\nSecond.\n\n## Appendix\n\nNot part of two.\n",
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
  [
    "`### `x`` under Tools; a table without a Required column infers it from the Default cell and the description",
    {
      given:
        "# M\n\n## Tools\n\n### `chat`\n\nChats.\n\n| Parameter | Type | Default | Description |\n|:--|:--|:--|:--|\n| `message` | string | — | User message |\n| `title` | `str` | *required* | Title |\n| `note` | string | | Note (required) |\n| `model` | string | `qwen-turbo` | Model id |\n| `temperature` | float | `0.7` | Sampling |\n| `key` | string | `null` | Token |\n",
      want: ([t]) => {
        expect(t!.name).toBe("demo.chat");
        expect(t!.inputSchema.required).toEqual(["message", "title", "note"]);
        const p = t!.inputSchema.properties as Record<string, JsonSchema>;
        expect(p.model).toMatchObject({ type: "string", default: "qwen-turbo" });
        expect(p.temperature).toMatchObject({ type: "number", default: 0.7 });
        expect(p.key).toMatchObject({ type: ["string", "null"], default: null });
        expect(schemaProvenance(t!, "inputSchema")).toBe("inferred");
      },
    },
  ],
  [
    "bare `## name` headings with bold labels and parameter bullets",
    {
      given:
        '# M\n\n## fetch_spec\n\n**Description**: Fetches the spec.\n\n**Parameters:**\n- `repo` (string, optional): Repository (default: "ailev/FPF")\n- `depth` (integer, optional, default 1): Depth.\n- `file_path` (string, required): Path.\n- `mode` (str, default `"json"`): Mode.\n- `filters` (object, optional): Filter with:\n  - `status` (string, optional): Status.\n\n**Returns:**\n- `content` (string): The content\n\n## Notes\n\nNot a tool.\n',
      want: (tools) => {
        expect(tools.map((t) => t.name)).toEqual(["demo.fetch_spec"]);
        const [t] = tools;
        expect(t!.description).toBe("Fetches the spec.");
        expect(t!.inputSchema).toMatchObject({
          properties: {
            repo: { type: "string", default: "ailev/FPF" },
            depth: { type: "integer", default: 1 },
            file_path: { type: "string" },
            mode: { type: "string", default: "json" },
            filters: { type: "object", properties: { status: { type: "string" } } },
          },
          required: ["file_path"],
        });
        expect(Object.keys(t!.outputSchema!.properties as object)).toEqual(["content"]);
      },
    },
  ],
  [
    "a one-word heading is a tool under a Tools heading when it documents parameters; elsewhere it is not",
    {
      given:
        "# M\n\n## Tools\n\n### push\n\n- **Parameters**: None\n\n### pop\n\n- **Parameters**:\n  - `n` (integer, optional, default `1`): Scopes.\n\n## Setup\n\n### install\n\n- **Parameters**: None\n",
      want: (tools) => {
        expect(tools.map((t) => t.name)).toEqual(["demo.push", "demo.pop"]);
        expect(tools[0]!.inputSchema).toEqual({ type: "object", properties: {}, additionalProperties: false });
        expect(tools[1]!.inputSchema.properties).toEqual({
          n: { type: "integer", description: "Scopes.", default: 1 },
        });
      },
    },
  ],
  [
    "`#### `pkg.x`` under category headings: a package prefix naming a folder above is dropped",
    {
      file: "src/pkg/pai/MCP_TOOL_SPECIFICATION.md",
      given:
        '# PAI\n\n## Tool Inventory\n\n### File Operations\n\n#### `pkg.read_file`\n\n**Description**: Reads.\n**Input Schema**: `{"type": "object", "properties": {"path": {"type": "strin"}}}`\n**Idempotent**: Yes\n\n### Shell\n\n#### `other.run`\n\n**Description**: Runs.\n',
      want: ([a, b], d) => {
        expect([a!.name, a!.module, b!.name, b!.module]).toEqual(["pai.read_file", "pai", "other.run", "other"]);
        expect(a!.idempotency).toEqual({ value: "yes" });
        expect(schemaProvenance(a!, "inputSchema")).toBe("explicit");
        validateTools([a!], d);
        // Positions point inside the one-line JSON: line 10, at the bad "strin".
        expect(d.items.find((x) => x.code === "SPEC_SCHEMA_INVALID")!.loc).toEqual({
          file: "src/pkg/pai/MCP_TOOL_SPECIFICATION.md",
          line: 10,
          column: 71,
        });
      },
    },
  ],
  [
    "combined headings, numbered headings and headings with a remark",
    {
      given:
        "# M\n\n## Parameters\n\n### `check` / `instructions`\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n| `language` | string | Yes | Language |\n\n### 1. `run_script` — Runs a script\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n| `code` | string | Yes | Code |\n",
      want: (tools) => {
        expect(tools.map((t) => [t.name, Object.keys(t.inputSchema.properties as object)])).toEqual([
          ["demo.check", ["language"]],
          ["demo.instructions", ["language"]],
          ["demo.run_script", ["code"]],
        ]);
      },
    },
  ],
  [
    "tools listed only in a summary table, merged with tools that have their own section",
    {
      given:
        '# M\n\n## Tools\n\n| Tool | Parameters | Summary |\n|---|---|---|\n| `detect` | `input_text: str` | Detects |\n| `process` | `source: str`, `path: str = "/"`, `limit: int \\| None = None` | Processes |\n| `report` | none | Reports |\n| `listed` | | Lists things |\n\n### `listed`\n\nLists.\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n| `q` | string | No | Query |\n',
      want: (tools) => {
        const by = Object.fromEntries(tools.map((t) => [t.name, t]));
        expect(Object.keys(by).sort()).toEqual(["demo.detect", "demo.listed", "demo.process", "demo.report"]);
        expect(by["demo.detect"]!.description).toBe("Detects");
        expect(by["demo.detect"]!.inputSchema).toMatchObject({
          properties: { input_text: { type: "string" } },
          required: ["input_text"],
        });
        expect(by["demo.process"]!.inputSchema).toMatchObject({
          properties: {
            source: { type: "string" },
            path: { type: "string", default: "/" },
            limit: { type: ["integer", "null"], default: null },
          },
          required: ["source"],
        });
        expect(by["demo.report"]!.inputSchema).toEqual({ type: "object", properties: {}, additionalProperties: false });
        expect(by["demo.listed"]!.description).toBe("Lists.");
      },
    },
  ],
  [
    "planned / not-yet-implemented tools are skipped with an info",
    {
      given:
        "# M\n\nNot yet implemented:\n- `later` -- planned\n\n## Tool: `later`\n\nLater.\n\n## Tool: `now`\n\nNow.\n\n## Planned Tools (Not Yet Implemented)\n\n### `future_tool`\n\n**Parameters**: None\n",
      want: (tools, d) => {
        expect(tools.map((t) => t.name)).toEqual(["demo.now"]);
        expect(d.items.filter((x) => x.code === "SPEC_TOOL_PLANNED").map((x) => [x.severity, x.loc.line])).toEqual([
          ["info", 6],
          ["info", 16],
        ]);
      },
    },
  ],
  [
    "Python signatures after a Parameters label, and in a def",
    {
      given:
        "# M\n\n## Tools\n\n### `detect_changes`\n\n- **Purpose**: Detects changes.\n- **Parameters**: `config_paths: list[str]`, `workspace_dir: str | None = None`\n- **Returns**: `status` and `changes`.\n\n### `fn`\n\n```python\ndef fn(path: str, limit: int = 10, *args, **kwargs) -> dict:\n    ...\n```\n",
      want: ([a, b]) => {
        expect(a!.description).toBe("Detects changes.");
        expect(a!.inputSchema).toMatchObject({
          properties: {
            config_paths: { type: "array", items: { type: "string" } },
            workspace_dir: { type: ["string", "null"], default: null },
          },
          required: ["config_paths"],
        });
        expect(a!.outputSchema).toEqual({ type: "object", properties: { status: {}, changes: {} } });
        expect(b!.inputSchema).toMatchObject({
          properties: { path: { type: "string" }, limit: { type: "integer", default: 10 } },
          required: ["path"],
        });
      },
    },
  ],
  [
    "MCP descriptor JSON, a property map and a YAML descriptor",
    {
      given:
        '# M\n\n## Tools\n\n### audio_transcribe\n\n#### Schema\n\n```json\n{"name": "audio_transcribe", "description": "Transcribes.", "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}\n```\n\n### `mapped`\n\n**Parameters**:\n```json\n{"a": {"type": "string", "required": true}, "b": {"type": "integer", "default": 0}}\n```\n\n### claude_stream\n\n```yaml\nname: claude_stream\ndescription: Streams\nparameters:\n  type: object\n  required: [prompt]\n  properties:\n    prompt:\n      type: string\n      description: Model to use (default: x)\n    n:\n      type: int\nreturns:\n  type: stream\n```\n',
      want: ([a, b, c], d) => {
        expect(a!.description).toBe("Transcribes.");
        expect(a!.inputSchema).toEqual({
          type: "object",
          properties: { path: { type: "string" } },
          required: ["path"],
        });
        expect(b!.inputSchema).toEqual({
          type: "object",
          properties: { a: { type: "string" }, b: { type: "integer", default: 0 } },
          required: ["a"],
        });
        expect(c!.inputSchema).toEqual({
          type: "object",
          required: ["prompt"],
          properties: { prompt: { type: "string", description: "Model to use (default: x)" }, n: { type: "integer" } },
        });
        expect(c!.outputSchema).toEqual({});
        expect(d.sorted().map((x) => [x.code, x.loc.line, x.loc.column])).toEqual([
          ["SPEC_JSON_LENIENT", 31, 20],
          ["SPEC_UNKNOWN_TYPE", 35, 9],
        ]);
      },
    },
  ],
  [
    "a broken `\\ |` escape and a missing `|` are repaired, with a warning at the row",
    {
      given:
        "## Tool: `a.b`\n\n### Input Schema\n\n| Name | Type | Required | Default | Description |\n|---|---|---|---|---|\n| `branch` | `str \\ | null` | No | `null` Branch to walk |\n| `who` | `List[str] \\ | None` | No Attendees |\n",
      want: ([t], d) => {
        const p = t!.inputSchema.properties as Record<string, JsonSchema>;
        expect(p.branch).toEqual({ type: ["string", "null"], description: "Branch to walk", default: null });
        expect(p.who).toMatchObject({ anyOf: [{ type: "array", items: { type: "string" } }, { type: "null" }] });
        expect(t!.inputSchema.required).toBeUndefined();
        expect(d.items.filter((x) => x.code === "SPEC_TABLE_REPAIRED").map((x) => [x.loc.line, x.loc.column])).toEqual([
          [7, 3],
          [8, 3],
        ]);
      },
    },
  ],
  [
    "nested fields from dotted names and a second table introduced by the field's name",
    {
      given:
        '## Tool: `a.b`\n\n### Input Schema\n\n| Parameter Name | Type | Required | Description |\n|---|---|---|---|\n| `messages` | `array[object]` | Yes | Messages |\n| `messages[].role` | `enum["user", "assistant"]` | Yes | Role |\n| `options` | `object` | No | Options |\n| `options.temperature` | `float` | No | Default: 0.8 |\n| `circuit` | `object` | No | A circuit |\n\nThe `circuit` object schema:\n\n| Field | Type | Required | Description |\n|---|---|---|---|\n| `num_qubits` | `integer` | Yes | Qubits |\n',
      want: ([t]) => {
        expect(t!.inputSchema).toMatchObject({
          properties: {
            messages: {
              type: "array",
              items: {
                type: "object",
                properties: { role: { type: "string", enum: ["user", "assistant"] } },
                required: ["role"],
              },
            },
            options: { type: "object", properties: { temperature: { type: "number", default: 0.8 } } },
            circuit: { type: "object", properties: { num_qubits: { type: "integer" } }, required: ["num_qubits"] },
          },
          required: ["messages"],
        });
      },
    },
  ],
  [
    "every 'no parameters' wording gives a closed empty object; saying nothing leaves it open",
    {
      given:
        "# M\n\n## Tool: `a`\n\n**Parameters:** None\n\n## Tool: `b`\n\nNo parameters. **Returns:** `budgets`, `alerts`.\n\n## Tool: `c`\n\n| Parameter | Type | Required | Default | Description |\n|---|---|---|---|---|\n| none | - | - | - | No input parameters |\n\n## Tool: `d`\n\n### Parameters\n\nNone.\n\n## Tool: `e`\n\nThis tool takes no arguments.\n\n## Tool: `f`\n\nDoes something.\n",
      want: (tools) => {
        const closed = { type: "object", properties: {}, additionalProperties: false };
        expect(tools.map((t) => t.inputSchema)).toEqual([closed, closed, closed, closed, closed, { type: "object" }]);
        expect(schemaProvenance(tools[5]!, "inputSchema")).toBe("undocumented");
        expect(tools[1]!.description).toBe("");
      },
    },
  ],
  [
    "examples: flat envelope, JSON-RPC, comments and several values, Python calls, elided values",
    {
      given:
        '## Tool: `x.run`\n\n### Usage Examples\n\n```json\n// Request\n{"tool": "run", "a": 1}\n// Response\n{"status": "success", "data": {}}\n```\n\n```json\n{"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "run", "arguments": {"a": 2}}}\n```\n\n```python\nresult = run(a=3, b=[1, 2], c=None)\nmcp.call_tool("run", {"a": 4})\n```\n\n```json\n{"tool_name": "run", "arguments": {"a": {...}}}\n```\n',
      want: ([t]) => {
        expect(t!.examples.map((e) => [e.kind, e.value, e.placeholder ?? false, e.loc.line])).toEqual([
          ["call", { a: 1 }, false, 7],
          ["result", { status: "success", data: {} }, false, 9],
          ["call", { a: 2 }, false, 13],
          ["call", { a: 3, b: [1, 2], c: null }, false, 17],
          ["call", { a: 4 }, false, 18],
          ["call", { a: {} }, true, 22],
        ]);
      },
    },
  ],
  [
    "an example that fails a schema inferred from a table is a warning; against a JSON Schema it is an error",
    {
      given:
        '# M\n\n## Tool: `a.table`\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n| `n` | integer | Yes | N |\n\n### Example\n\n```json\n{"tool_name": "a.table", "arguments": {"n": "x"}}\n```\n\n## Tool: `a.schema`\n\n### Input Schema\n\n```json\n{"type": "object", "properties": {"n": {"type": "integer"}}}\n```\n\n### Example\n\n```json\n{"tool_name": "a.schema", "arguments": {"n": "x"}}\n```\n',
      want: (tools, d) => {
        validateTools(tools, d);
        expect(
          d.items.filter((x) => x.code.startsWith("SPEC_EXAMPLE")).map((x) => [x.code, x.severity, x.loc.line]),
        ).toEqual([
          ["SPEC_EXAMPLE_MISMATCH", "warning", 12],
          ["SPEC_EXAMPLE_INVALID", "error", 26],
        ]);
      },
    },
  ],
  [
    "an unfilled template section is skipped with an info",
    {
      given:
        '# M\n\n## Available Tools\n\n### `tool_name`\n\n**Description**: [Tool description]\n\n**Parameters**:\n```json\n{"param1": {"type": "string", "required": true}}\n```\n\n## Tool: `real`\n\nReal.\n',
      want: (tools, d) => {
        expect(tools.map((t) => t.name)).toEqual(["demo.real"]);
        expect(d.items).toContainEqual(
          expect.objectContaining({
            code: "SPEC_TEMPLATE_SKIPPED",
            severity: "info",
            loc: expect.objectContaining({ line: 5 }),
          }),
        );
      },
    },
  ],
  [
    "type strings: notes beside a known type are ignored, flags are read, unknown types warn",
    {
      given:
        "## Tool: `a.b`\n\n| Parameter | Type | Description |\n|---|---|---|\n| `when` | string (ISO 8601) | When |\n| `tag` | string, optional | Tag |\n| `model` | `MyModel` | Model |\n",
      want: ([t], d) => {
        const p = t!.inputSchema.properties as Record<string, JsonSchema>;
        expect(p.when!.type).toBe("string");
        expect(p.tag!.type).toBe("string");
        expect(p.model!.type).toBeUndefined();
        expect(t!.inputSchema.required).toEqual(["when", "model"]);
        expect(d.items.filter((x) => x.severity !== "info").map((x) => [x.code, x.loc.line])).toEqual([
          ["SPEC_UNKNOWN_TYPE", 7],
        ]);
        // The table has no Required column: the rule applied is noted at it.
        expect(d.items.find((x) => x.code === "SPEC_TABLE_REQUIRED_RULE")?.loc.line).toBe(3);
      },
    },
  ],
  [
    "outputs: a type with a description, an example instance (typed from its values), a field table",
    {
      given:
        '# M\n\n## Tools\n\n### `a`\n\n**Parameters**: None\n\n**Returns**: `dict` -- Dictionary with status.\n\n### `b`\n\n**Parameters**: None\n\n**Returns:**\n\n```json\n{"status": "success", "pipeline": {"name": "<name>"}}\n```\n\n### `c`\n\n#### Parameters\n\nNone.\n\n#### Return Schema\n\n| Field | Type | Description |\n|---|---|---|\n| `status` | `str` | Status |\n',
      want: ([a, b, c]) => {
        expect(a!.outputSchema).toEqual({ type: "object", description: "Dictionary with status." });
        expect(b!.outputSchema).toEqual({
          type: "object",
          properties: {
            status: { type: "string" },
            pipeline: { type: "object", properties: { name: { type: "string" } } },
          },
        });
        // No Required column: required unless a default or "optional" is written, as for parameters.
        expect(c!.outputSchema).toEqual({
          type: "object",
          properties: { status: { type: "string", description: "Status" } },
          required: ["status"],
        });
      },
    },
  ],
  [
    "a tool list under a Tools heading; a list under a 'No tools' heading is not one",
    {
      given:
        "# M\n\n## Available Tools\n\n- `read_file` — Reads a file\n- `write_file`: Writes a file\n\n## Status: No MCP Tools Defined\n\n- `other.run_tests` — defined elsewhere\n",
      want: (tools) =>
        expect(tools.map((t) => [t.name, t.description])).toEqual([
          ["demo.read_file", "Reads a file"],
          ["demo.write_file", "Writes a file"],
        ]),
    },
  ],
  [
    "idempotency wordings: depends, mixed per action, yes with a 'no-op' explanation",
    {
      given:
        '# M\n\n## Tool: `a`\n\n**Idempotent**: Depends on function called\n\n## Tool: `b`\n\n### Idempotency\n\n- **push**: Not idempotent (increments version).\n- **pull**: Idempotent.\n\n## Tool: `c`\n\n### Idempotency\n\n- **Idempotent**: Yes. Adding an existing node is a no-op.\n\n## Tool: `d`\n\n**Idempotent**: No for "record", Yes for "summary"\n',
      want: (tools) => expect(tools.map((t) => t.idempotency?.value)).toEqual(["partial", "partial", "yes", "partial"]),
    },
  ],
  [
    "defaults in prose: an unquoted word is behaviour, not a value; quoted or in code it is a value",
    {
      given:
        '## Tool: `a.b`\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n| `backend` | string | No | Backend (default: all) |\n| `mode` | string | No | Mode (default: `fast`) |\n| `ns` | string | No | Namespace. Default: "main" |\n| `n` | integer | No | Count. Default: 30 |\n| `d` | string | No | Description (default empty) |\n',
      want: ([t]) => {
        const p = t!.inputSchema.properties as Record<string, JsonSchema>;
        expect([p.backend!.default, p.mode!.default, p.ns!.default, p.n!.default, p.d!.default]).toEqual([
          undefined,
          "fast",
          "main",
          30,
          "",
        ]);
      },
    },
  ],
  [
    "a table headed Name under a Tools heading lists tools; hyphenated names are MCP names (a style warning, not an error)",
    {
      given:
        "# M\n\n## Available Tools\n\n| Name | Description |\n|---|---|\n| `get-sum` | Adds two numbers |\n| `echo` | Echoes |\n",
      want: (tools, d) => {
        expect(tools.map((t) => [t.name, t.description])).toEqual([
          ["demo.get-sum", "Adds two numbers"],
          ["demo.echo", "Echoes"],
        ]);
        validateTools(tools, d);
        expect(d.items.filter((x) => x.code.startsWith("SPEC_NAME")).map((x) => [x.code, x.severity])).toEqual([
          ["SPEC_NAME_STYLE", "warning"],
        ]);
      },
    },
  ],
  [
    "tools as list items under a Tools heading, with their parameters in nested items",
    {
      given:
        "# S\n\n## Tools\n\n### Repositories\n\n1. `create_repository` - Create a repository\n   - `name`: Repository name (string, required)\n   - `private`: Private or not (boolean, optional)\n   - Returns: the repository\n\n### Files\n\n- **read_file**\n  - Read a file\n  - Input: `path` (string)\n- **write_file**\n  - Write a file\n  - Inputs:\n    - `path` (string): Where\n    - `content` (string): What\n- **list_dirs**\n  - List directories\n  - No input required\n\n## Configuration\n\n- `TOKEN` - your token\n",
      want: (tools) => {
        expect(tools.map((t) => [t.name, t.description, Object.keys(t.inputSchema.properties as object)])).toEqual([
          ["demo.create_repository", "Create a repository", ["name", "private"]],
          ["demo.read_file", "Read a file", ["path"]],
          ["demo.write_file", "Write a file", ["path", "content"]],
          ["demo.list_dirs", "List directories", []],
        ]);
        expect(tools[0]!.inputSchema).toMatchObject({
          properties: { name: { type: "string" }, private: { type: "boolean" } },
          required: ["name"],
        });
      },
    },
  ],
  [
    "MCP tool definitions in a JSON block outside any tool section: a tools/list result",
    {
      given:
        '# W\n\n## Tool definitions\n\n```json\n{"tools": [{"name": "get_forecast", "description": "Forecast.", "inputSchema": {"type": "object", "properties": {"city": {"type": "strng"}}}, "annotations": {"readOnlyHint": true, "idempotentHint": true}}]}\n```\n',
      want: ([t], d) => {
        expect([t!.name, t!.description, t!.annotations.readOnlyHint, t!.idempotency?.value]).toEqual([
          "demo.get_forecast",
          "Forecast.",
          true,
          "yes",
        ]);
        validateTools([t!], d);
        expect(d.items.map((x) => [x.code, x.loc.line, x.loc.column])).toEqual([["SPEC_SCHEMA_INVALID", 6, 131]]);
      },
    },
  ],
];

describe("parseMarkdownSpec", () => {
  it.each(cases)("%s", (_name, { given, file, want }) => {
    const { tools, diagnostics } = parse(given, file);
    want(tools, diagnostics);
  });
});
