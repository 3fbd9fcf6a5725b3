import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Ajv } from "ajv";
import { keysFromDictProse, keysFromReturnsList } from "../../src/parse/markdown/output-prose.js";
import { mergeExampleSchemas, schemaFromExample } from "../../src/parse/markdown/output-examples.js";
import type { JsonValue } from "../../src/ir/types.js";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { parseMarkdownSpec } from "../../src/parse/markdown/index.js";

function parse(md: string) {
  const diagnostics = new DiagnosticBag();
  const tools = parseMarkdownSpec("specs/demo/MCP_TOOL_SPECIFICATION.md", md, diagnostics);
  const inferred = diagnostics.items.filter((d) => d.code === "SPEC_OUTPUT_INFERRED");
  return { tools, diagnostics, inferred };
}

const tool = (body: string) => `# Demo\n\n## \`get_note\`\n\nGets a note.\n\n**Parameters**: None\n\n${body}\n`;

describe("output schemas from prose key lists", () => {
  it("reads `Dictionary with` keys in code, with the types their remarks start with, as an info", () => {
    const { tools, inferred } = parse(
      tool(
        "**Returns**: `dict` — Dictionary with `status`, `path` (str), `content` (file contents as string), and `size_bytes` (int).",
      ),
    );
    expect(tools[0]!.outputSchema).toEqual({
      type: "object",
      description: "Dictionary with status, path (str), content (file contents as string), and size_bytes (int).",
      properties: { status: {}, path: { type: "string" }, content: {}, size_bytes: { type: "integer" } },
    });
    expect(inferred).toHaveLength(1);
    expect(inferred[0]!.severity).toBe("info");
    expect(inferred[0]!.loc.line).toBe(9);
    expect(inferred[0]!.message).toContain('"status" (any), "path" (string), "content" (any), "size_bytes" (integer)');
  });

  it("reads a list of bare snake_case keys, nested keys in a remark, and no keys from prose", () => {
    const a = parse(
      tool(
        "**Returns**: `dict` -- Dictionary with sampled_token, greedy_token, top5_tokens (list of mappings with `id` and `prob`), and entropy.",
      ),
    );
    expect(a.tools[0]!.outputSchema!.properties).toEqual({
      sampled_token: {},
      greedy_token: {},
      top5_tokens: { type: "array", items: { type: "object", properties: { id: {}, prob: {} } } },
      entropy: {},
    });
    const b = parse(tool("**Returns**: `dict` -- Dictionary with merged parameter keys and shapes, or error info."));
    expect(b.tools[0]!.outputSchema).toEqual({
      type: "object",
      description: "Dictionary with merged parameter keys and shapes, or error info.",
    });
    expect(b.inferred).toEqual([]);
  });

  it("reads `Returns a dictionary with …` in the description, but not other sentences naming keys", () => {
    const a = parse(
      "# Demo\n\n## `describe_db`\n\nDescribes a database. Returns a dictionary with `tables`, `columns` and `row_count`.\n\n**Parameters**: None\n",
    );
    expect(Object.keys(a.tools[0]!.outputSchema!.properties ?? {})).toEqual(["tables", "columns", "row_count"]);
    const b = parse(
      "# Demo\n\n## `describe_db`\n\nTakes a dictionary with `tables`, `columns` and `row_count`.\n\n**Parameters**: None\n",
    );
    expect(b.tools[0]!.outputSchema).toBeUndefined();
    expect(b.tools[0]!.inputSchema.properties).toEqual({});
  });

  it("reads an inline Returns list: keys in code only, remarks and trailing words skipped", () => {
    const { tools, inferred } = parse(tool("**Returns:** `status`, counts, `tasks` / `responses` per implementation."));
    expect(tools[0]!.outputSchema).toEqual({
      type: "object",
      properties: { status: {}, tasks: {}, responses: {} },
    });
    expect(inferred[0]!.message).toContain("a Returns list");
    const b = parse(tool("**Returns:** `status`, `available`, `backend`, optional `message`."));
    expect(Object.keys(b.tools[0]!.outputSchema!.properties ?? {})).toEqual([
      "status",
      "available",
      "backend",
      "message",
    ]);
  });

  it("reads `Dictionary containing:` followed by bullets as the result's fields", () => {
    const { tools } = parse(
      tool(
        "**Returns**: `dict` — Dictionary containing:\n\n- `tables` (list): Table names\n- `row_count` (int): Rows\n",
      ),
    );
    expect(tools[0]!.outputSchema!.properties).toMatchObject({
      tables: { type: "array" },
      row_count: { type: "integer" },
    });
  });

  it("negative: parameter prose never adds result fields or parameters", () => {
    const { tools, inferred } = parse(
      "# Demo\n\n## `save`\n\nSaves.\n\n**Parameters**: Dictionary with `a`, `b` and `c`.\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n| `path` | string | yes | Where |\n",
    );
    expect(tools[0]!.outputSchema).toBeUndefined();
    expect(Object.keys(tools[0]!.inputSchema.properties ?? {})).toEqual(["path"]);
    expect(inferred).toEqual([]);
  });
});

describe("output schemas from example results", () => {
  it("types a Response example: nested objects, arrays of objects with merged keys, numbers as number, null unconstrained", () => {
    const { tools, inferred } = parse(
      tool(
        '#### Response\n\n```json\n{\n  "success": true,\n  "result": {\n    "count": 2,\n    "score": 0.5,\n    "next": null,\n    "tags": ["a"],\n    "segments": [{"start": 0.0, "text": "hi"}, {"start": 1, "end": 2.5}],\n    "empty": []\n  }\n}\n```',
      ),
    );
    expect(tools[0]!.outputSchema).toEqual({
      type: "object",
      properties: {
        success: { type: "boolean" },
        result: {
          type: "object",
          properties: {
            count: { type: "number" },
            score: { type: "number" },
            next: {},
            tags: { type: "array", items: { type: "string" } },
            segments: {
              type: "array",
              items: {
                type: "object",
                properties: { start: { type: "number" }, text: { type: "string" }, end: { type: "number" } },
              },
            },
            empty: { type: "array" },
          },
        },
      },
    });
    expect(tools[0]!.outputSchema!.required).toBeUndefined();
    expect(inferred).toHaveLength(1);
    expect(inferred[0]!.loc.line).toBe(12);
    expect(inferred[0]!.message).toContain("an example result");
  });

  it("reads type placeholders (`<int>`, `<dict|null>`, `<any>`) and keeps `<name>` a string", () => {
    const { tools } = parse(
      tool(
        '- **Returns**: `{"status": "<sat|unsat>", "index": <int>, "model": <dict|null>, "value": <any>, "item": "<name>"}`',
      ),
    );
    expect(tools[0]!.outputSchema!.properties).toEqual({
      status: { type: "string" },
      index: { type: "integer" },
      model: { type: ["object", "null"] },
      value: {},
      item: { type: "string" },
    });
  });

  it("merges a success and an error example; a field null in one is unconstrained", () => {
    const { tools, inferred } = parse(
      tool(
        '**Returns** (success):\n```json\n{"status": "success", "stdout": "...", "error": null}\n```\n\n**Returns** (error):\n```json\n{"status": "error", "message": "not found", "error": "x"}\n```',
      ),
    );
    expect(tools[0]!.outputSchema!.properties).toEqual({
      status: { type: "string" },
      stdout: { type: "string" },
      error: {},
      message: { type: "string" },
    });
    expect(inferred).toHaveLength(1);
    expect(inferred[0]!.message).toMatch(/lines 11, 16/);
  });

  it("reads an `Output Schema` section holding an instance, an inline `**Output**:` example and an `Example Response`", () => {
    const a = parse(tool('### Output Schema\n\n```json\n{"status": "ok", "event_id": "abc"}\n```'));
    expect(Object.keys(a.tools[0]!.outputSchema!.properties ?? {})).toEqual(["status", "event_id"]);
    const b = parse(tool('**Output**: `{"content": "...", "size": 1234}` or `{"error": "..."}`'));
    expect(b.tools[0]!.outputSchema!.properties).toEqual({
      content: { type: "string" },
      size: { type: "number" },
      error: { type: "string" },
    });
    const c = parse(tool('#### Example Response\n\n```json\n{"id": "n1", "title": "T"}\n```'));
    expect(Object.keys(c.tools[0]!.outputSchema!.properties ?? {})).toEqual(["id", "title"]);
  });

  it("an inline input schema and an inline output example on consecutive label lines: both read, no error", () => {
    const { tools, diagnostics } = parse(
      '# Demo\n\n## `git_status`\n\n**Description**: Status.\n**Input Schema**: `{"type": "object", "properties": {"path": {"type": "string"}}}`\n**Output**: `{"branch": "main", "changes": [...], "clean": false}`\n',
    );
    expect(diagnostics.items.filter((d) => d.severity === "error")).toEqual([]);
    expect(Object.keys(tools[0]!.inputSchema.properties ?? {})).toEqual(["path"]);
    expect(tools[0]!.outputSchema!.properties).toEqual({
      branch: { type: "string" },
      changes: { type: "array" },
      clean: { type: "boolean" },
    });
  });

  it("an output table or JSON Schema wins over examples and prose, with no info", () => {
    const table = parse(
      tool(
        '**Returns**: `dict` — Dictionary with `a` and `b`.\n\n#### Output\n\n| Field | Type | Description |\n|---|---|---|\n| `id` | string | Id |\n\n#### Response\n\n```json\n{"id": "x", "extra": 1}\n```',
      ),
    );
    expect(Object.keys(table.tools[0]!.outputSchema!.properties ?? {})).toEqual(["id"]);
    expect(table.inferred).toEqual([]);
    const schema = parse(
      tool(
        '#### Output Schema\n\n```json\n{"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}\n```\n\n#### Example Response\n\n```json\n{"id": "x", "extra": 1}\n```',
      ),
    );
    expect(schema.tools[0]!.outputSchema).toEqual({
      type: "object",
      properties: { id: { type: "string" } },
      required: ["id"],
    });
    expect(schema.inferred).toEqual([]);
  });

  it("negative: a call example in an examples section is not a result, and an array example gives no schema", () => {
    const a = parse(tool('#### Example\n\n```json\n{"name": "get_note", "arguments": {}}\n```'));
    expect(a.tools[0]!.outputSchema).toBeUndefined();
    const b = parse(tool('#### Response\n\n```json\n[{"id": 1}]\n```'));
    expect(b.tools[0]!.outputSchema).toBeUndefined();
  });
});

describe("output inference on arbitrary text and values (property)", () => {
  const word = fc.constantFrom(
    "status",
    "row_count",
    "dict",
    "and",
    "or",
    "optional",
    "list",
    "int",
    "the",
    "of",
    "map",
  );
  const token = fc.oneof(
    word,
    word.map((w) => `\`${w}\``),
    fc.constantFrom(
      ",",
      ", ",
      " and ",
      "/",
      "(",
      ")",
      "(int)",
      ". ",
      ";",
      "Dictionary with ",
      "Returns a dict containing ",
    ),
    fc.string({ maxLength: 4 }),
  );
  const text = fc.array(token, { maxLength: 30 }).map((t) => t.join(" "));

  it("every key read from prose is written in the text, as a word of its own", () => {
    fc.assert(
      fc.property(text, (t) => {
        for (const keys of [keysFromDictProse(t), keysFromDictProse(t, true), keysFromReturnsList(t)])
          for (const k of keys ?? [])
            expect(new RegExp(`(^|[^\\w])${k.name}([^\\w]|$)`).test(t), `${k.name} in ${t}`).toBe(true);
      }),
      { seed: 20260728, numRuns: 500 },
    );
  });

  it("an example's schema accepts the example itself; merging two accepts both", () => {
    const ajv = new Ajv({ strict: false });
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 3 }), (a, b) => {
        const sa = schemaFromExample(a as JsonValue);
        const sb = schemaFromExample(b as JsonValue);
        expect(ajv.validate(sa, a)).toBe(true);
        const merged = mergeExampleSchemas(sa, sb);
        expect(ajv.validate(merged, a) && ajv.validate(merged, b)).toBe(true);
      }),
      { seed: 20260728, numRuns: 300 },
    );
  });
});

describe("an example result whose value has another type than the one stated", () => {
  const example = '#### Response\n\n```json\n{"returncode": "0", "stdout": "hi"}\n```';
  const mismatches = (d: DiagnosticBag) =>
    d.items.filter((x) => x.code === "SPEC_EXAMPLE_MISMATCH").map((x) => `${x.severity} ${x.message}`);

  it("the type stated in prose wins, and a warning at the example says so", () => {
    const { tools, diagnostics } = parse(
      tool(`**Returns**: \`dict\` — Dictionary with \`returncode\` (int) and \`stdout\` (str).\n\n${example}`),
    );
    expect((tools[0]!.outputSchema!.properties as Record<string, unknown>).returncode).toEqual({ type: "integer" });
    expect(mismatches(diagnostics)).toEqual([
      'warning this example result gives "returncode" a value of type string, but line 9 states integer; the output schema uses the stated type',
    ]);
  });

  it("the type stated in an output table wins, and a warning at the example says so", () => {
    const table =
      "**Returns**:\n\n| Field | Type | Required | Description |\n|---|---|---|---|\n| `returncode` | integer | Yes | Exit code |\n| `stdout` | string | Yes | Output |";
    const { tools, diagnostics } = parse(tool(`${table}\n\n${example}`));
    expect((tools[0]!.outputSchema!.properties as Record<string, { type?: string }>).returncode!.type).toBe("integer");
    expect(mismatches(diagnostics)).toHaveLength(1);
  });

  it("an example that agrees (an integer beside a number) gives no warning", () => {
    const { diagnostics } = parse(
      tool(
        '**Returns**: `dict` — Dictionary with `returncode` (float) and `stdout` (str).\n\n#### Response\n\n```json\n{"returncode": 0, "stdout": "hi"}\n```',
      ),
    );
    expect(mismatches(diagnostics)).toEqual([]);
  });

  it("when only an example states the fields, the info lists the types it gives them for review", () => {
    const { inferred } = parse(tool(example));
    expect(inferred[0]!.message).toContain('"returncode" (string), "stdout" (string)');
  });
});
