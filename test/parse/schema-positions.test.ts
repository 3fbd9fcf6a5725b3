import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import type { ToolSpec } from "../../src/ir/types.js";
import { locateInSchema } from "../../src/ir/schema-source.js";
import { parseJsonSpec } from "../../src/parse/json/index.js";
import { parseMarkdownSpec } from "../../src/parse/markdown/index.js";
import { validateTools } from "../../src/validate/index.js";
import { lintTools } from "../../src/lint/index.js";

// What the parsers record in the IR about where a schema's parts are written
// (`schemaSources[side].positions`), and the checks that point there.

const MD = "specs/demo/MCP_TOOL_SPECIFICATION.md";

function md(schemaLang: string, schema: string, extra = ""): string {
  return `# Demo\n\n## Tool: \`demo.run\`\n\nRuns.\n\n### Input Schema\n\n\`\`\`${schemaLang}\n${schema}\n\`\`\`\n${extra}`;
}

function check(tools: ToolSpec[]) {
  const diagnostics = new DiagnosticBag();
  validateTools(tools, diagnostics);
  return diagnostics.sorted().map((d) => `${d.code} ${d.loc.line}:${d.loc.column} ${d.message.split(": ").pop()}`);
}

describe("schema positions", () => {
  it("point a meta-schema error inside an array at the item, in JSON as in YAML", () => {
    const text =
      '{"name": "demo.run", "description": "Runs.", "inputSchema": {"type": "object", "required": ["a", 1]}}';
    const json = parseJsonSpec("specs/tools.json", text, new DiagnosticBag());
    // At the `1`; before the IR kept positions, an error in a JSON array pointed at the array.
    expect(check(json)).toEqual([`SPEC_SCHEMA_INVALID 1:${text.indexOf("1]") + 1} /required/1 must be string`]);
    const yaml = parseMarkdownSpec(MD, md("yaml", "type: object\nrequired:\n  - a\n  - 1"), new DiagnosticBag());
    expect(check(yaml)).toEqual([
      'SPEC_MISSING_IDEMPOTENCY 3:1 tool "demo.run" does not state whether it is idempotent',
      "SPEC_SCHEMA_INVALID 13:5 /required/1 must be string",
    ]);
  });

  it("keep a YAML type the parser removed, where a diagnostic about the missing type points", () => {
    const tools = parseMarkdownSpec(
      MD,
      md("yaml", "type: stream\nproperties:\n  a:\n    type: string"),
      new DiagnosticBag(),
    );
    expect(tools[0]!.inputSchema.type).toBeUndefined();
    expect(check(tools).filter((d) => d.startsWith("SPEC_INPUT_NOT_OBJECT"))).toEqual([
      expect.stringMatching(/^SPEC_INPUT_NOT_OBJECT 10:7 /),
    ]);
  });

  it("leave out the inside of data values and parts the text does not have", () => {
    const a = { type: "string", default: { deep: [1, 2] }, examples: [{ x: 1 }], enum: [{ y: 1 }, "b"] };
    const text = `{"name": "demo.run", "inputSchema": {"type": "object", "properties": {"a": ${JSON.stringify(a)}, "default": {"type": "integer"}, "__proto__": {"type": "boolean"}}}}`;
    const [tool] = parseJsonSpec("specs/tools.json", text, new DiagnosticBag());
    const positions = tool!.schemaSources!.inputSchema!.positions!;
    const atA = positions[2]!.properties![2]!.a!;
    expect(Object.keys(atA[2]!)).toEqual(["type", "default", "examples", "enum"]);
    expect(atA[2]!.default![2]).toBeUndefined();
    expect(atA[2]!.examples![2]).toBeUndefined();
    expect(Object.keys(atA[2]!.enum![2]!)).toEqual(["0", "1"]);
    expect(atA[2]!.enum![2]!["0"]![2]).toBeUndefined();
    // A property called `default` is a schema like any other, and `__proto__` a property.
    expect(Object.keys(positions[2]!.properties![2]!.default![2]!)).toEqual(["type"]);
    expect(Object.hasOwn(positions[2]!.properties![2]!, "__proto__")).toBe(true);
    expect(locateInSchema(tool!, "inputSchema", ["properties", "__proto__", "type"])).toEqual({
      file: "specs/tools.json",
      line: 1,
      column: text.indexOf('"boolean"') + 1,
    });
    // Deeper than recorded: the nearest recorded part.
    const at = locateInSchema(tool!, "inputSchema", ["properties", "a", "default", "deep", 1]);
    expect(at.column).toBe(text.indexOf('{"deep"') + 1);
    // Inferred from prose: no positions, the section instead.
    const prose = parseMarkdownSpec(
      MD,
      "# Demo\n\n## Tool: `demo.run`\n\nRuns.\n\n### Parameters\n\n- `a` (string): A.\n",
      new DiagnosticBag(),
    );
    expect(prose[0]!.schemaSources!.inputSchema).toEqual({ provenance: "inferred" });
    expect(locateInSchema(prose[0]!, "inputSchema", ["properties", "a"])).toEqual(prose[0]!.locations.inputSchema);
  });
});

describe("what the IR records beside the schemas", () => {
  it("untyped fields and stated hints of a Markdown section, for lint", () => {
    const text =
      "# Demo\n\n## Tool: `demo.show_note`\n\n**Destructive**: Yes\n**Read Only**: No\n\nShows.\n\n### Parameters\n\n| Name | Type | Description |\n|---|---|---|\n| id | string | The id |\n| mode | | The mode |\n";
    const [tool] = structuredClone(parseMarkdownSpec(MD, text, new DiagnosticBag()));
    expect(tool!.statedAnnotations).toEqual({ destructiveHint: true, readOnlyHint: false });
    expect(tool!.schemaSources!.inputSchema).toEqual({
      provenance: "inferred",
      untyped: [{ name: "mode", loc: { file: MD, line: 15, column: 3 } }],
    });
    const diagnostics = new DiagnosticBag();
    lintTools([tool!], diagnostics);
    const codes = diagnostics.items.map((d) => `${d.code} ${d.message}`);
    expect(codes).toContainEqual(expect.stringMatching(/^LINT_SECURITY_MISSING .*it is marked destructive/));
    expect(codes).toContainEqual(expect.stringMatching(/^LINT_PARAM_UNTYPED parameter "mode"/));
  });

  it("no stated hints for MCP JSON, whose annotations object is the definition's own", () => {
    const text =
      '{"name": "demo.show_note", "annotations": {"destructiveHint": true}, "inputSchema": {"type": "object"}}';
    const [tool] = parseJsonSpec("specs/tools.json", text, new DiagnosticBag());
    expect(tool!.statedAnnotations).toBeUndefined();
    expect(tool!.annotations.destructiveHint).toBe(true);
  });
});

describe("one definition each in the Markdown reader", () => {
  const read = (body: string) =>
    parseMarkdownSpec(MD, `# Demo\n\n## Tool: \`demo.run\`\n\nRuns.\n\n${body}`, new DiagnosticBag())[0]!;

  it("a version ends at a space, `|` or `,`, after a label and in a Version section alike", () => {
    expect(read("**Version**: 1.2.0, released in May").version).toBe("1.2.0");
    expect(read("### Version\n\n1.2.0, released in May").version).toBe("1.2.0");
    expect(read("### Version\n\nv2.0.0-beta.1 (preview)").version).toBe("2.0.0-beta.1");
  });

  it("a name after a label or in a section is its code span, else its first word", () => {
    expect(read("**Invocation Name**: `demo.go` (preferred)").name).toBe("demo.go");
    expect(read("**Tool Name**: demo.go now").name).toBe("demo.go");
    expect(read("### Name\n\n`demo.go` is its name").name).toBe("demo.go");
    // Stray emphasis around the first word is not part of it.
    expect(read("### Name\n\n* demo.go").name).toBe("demo.run");
  });

  it('"takes no parameters" is both evidence of a tool and the statement that it has none', () => {
    // One phrase for both: a heading whose text says so documents a tool (not "takes no time").
    const tools = parseMarkdownSpec(
      MD,
      "# Demo\n\n## Reference\n\n### get_time\n\nThis tool takes no parameters.\n\n### run_fast\n\nTakes no time at all.\n",
      new DiagnosticBag(),
    );
    expect(tools.map((t) => t.name)).toEqual(["demo.get_time"]);
    expect(tools[0]!.inputSchema).toEqual({ type: "object", properties: {}, additionalProperties: false });
  });
});
