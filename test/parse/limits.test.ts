import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DiagnosticBag, type Diagnostic } from "../../src/diagnostics/types.js";
import { loadSpecs } from "../../src/inputs/load-specs-sync.js";
import { parseSpecText } from "../../src/parse/index.js";
import { DEFAULT_LIMITS, resolveLimits, type SpecLimits } from "../../src/parse/limits.js";
import { resolveConfig, UsageError } from "../../src/config/load.js";
import { runCli, tempProject } from "../helpers/project.js";
import type { JsonSchema, ToolSpec } from "../../src/ir/types.js";
import { isPlaceholder } from "../../src/parse/primitives/placeholders.js";
import { expectLinear } from "../helpers/growth.js";

// Hostile specs must end in a diagnostic at the right place: never a crash, a hang, or
// gigabytes of memory. No test here bounds time in seconds (the test timeout only ends a
// hang): the parser's budgets show in the diagnostics they end in, and claims of linear
// time are proved by how CPU time grows with the input (expectLinear).
const MD = "specs/demo/MCP_TOOL_SPECIFICATION.md";
const JSON_FILE = "specs/demo/tools.json";

interface Result {
  tools: ToolSpec[];
  diagnostics: Diagnostic[];
  errors: Diagnostic[];
}

function parse(file: string, text: string, limits?: Partial<SpecLimits>): Result {
  const bag = new DiagnosticBag();
  const tools = parseSpecText(file, text, bag, resolveLimits(limits));
  const diagnostics = bag.sorted();
  return { tools, diagnostics, errors: diagnostics.filter((d) => d.severity === "error") };
}

/** The one error expected, with its code and position. */
function expectError(r: Result, code: string, line: number, column?: number): Diagnostic {
  expect(r.errors.map((e) => e.code)).toEqual([code]);
  const e = r.errors[0]!;
  expect(e.loc.line).toBe(line);
  if (column !== undefined) expect(e.loc.column).toBe(column);
  expect(e.help).toBeTruthy();
  return e;
}

/** A Markdown spec with one tool whose input schema is a fenced block (the block starts on line 9). */
function schemaBlock(lang: string, body: string): string {
  return `# Demo\n\n## Tool: \`demo.echo\`\n\nEchoes.\n\n### Input Schema\n\n\`\`\`${lang}\n${body}\n\`\`\`\n`;
}

const TOOL_HEAD = "# Demo\n\n## Tool: `demo.echo`\n\nEchoes.\n\n";

/** 1-based column of `needle` (plus `shift` characters) in a one-line text. */
function columnOf(line: string, needle: string, shift = 0): number {
  const at = line.indexOf(needle);
  if (at < 0) throw new Error(`${needle} not in ${line}`);
  return at + shift + 1;
}

function nestedSchema(levels: number): JsonSchema {
  let s: JsonSchema = { type: "string" };
  for (let i = 0; i < levels; i++) s = { type: "object", properties: { a: s } };
  return s;
}

describe("YAML blocks", () => {
  it("an unquoted `*.txt` is an undefined alias: an error at the `*`, with a hint to quote it", () => {
    const r = parse(
      MD,
      schemaBlock("yaml", "type: object\nproperties:\n  pattern:\n    type: string\n    default: *.txt"),
    );
    const e = expectError(r, "SPEC_YAML_INVALID", 14, 14);
    expect(e.message).toContain("*.txt");
    expect(e.help).toMatch(/quote/);
  });

  it("an alias bomb (billion laughs) is refused at its first alias", () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const [name, prev] = [String.fromCharCode(97 + i), String.fromCharCode(96 + i)];
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(",")}]`);
    }
    const body =
      "type: object\nproperties:\n  x:\n    type: string\n    examples:\n" + levels.map((l) => `      ${l}`).join("\n");
    const r = parse(MD, schemaBlock("yaml", body));
    const e = expectError(r, "SPEC_YAML_INVALID", 16, 14);
    expect(e.message).toMatch(/expand/);
  });

  it("a few aliases within the limit are read as copies", () => {
    const r = parse(MD, schemaBlock("yaml", "type: object\nproperties:\n  a: &s\n    type: string\n  b: *s"));
    expect(r.errors).toEqual([]);
    const props = r.tools[0]!.inputSchema.properties as { [k: string]: JsonSchema };
    expect(props.b).toEqual({ type: "string" });
    expect(props.b).not.toBe(props.a);
  });

  it("an alias inside its own anchor (a cycle) is refused", () => {
    const r = parse(
      MD,
      schemaBlock("yaml", "type: object\nproperties: &p\n  a:\n    type: object\n    properties: *p"),
    );
    expectError(r, "SPEC_YAML_INVALID", 14, 17);
  });

  it("values with no JSON form (.inf, !!binary, !!set) are refused", () => {
    expectError(
      parse(MD, schemaBlock("yaml", "type: object\nproperties:\n  a:\n    type: number\n    maximum: .inf")),
      "SPEC_YAML_INVALID",
      14,
      14,
    );
    expectError(
      parse(MD, schemaBlock("yaml", "type: object\nproperties:\n  a:\n    default: !!binary aGVsbG8=")),
      "SPEC_YAML_INVALID",
      13,
    );
    expectError(
      parse(MD, schemaBlock("yaml", "type: object\nproperties:\n  a:\n    default: !!set {x}")),
      "SPEC_YAML_INVALID",
      13,
    );
  });

  it("YAML nested deeper than the limit is refused, thousands deep without a stack overflow", () => {
    const deep = (n: number) =>
      schemaBlock("yaml", `type: object\nproperties:\n  a:\n    default: ${"[".repeat(n)}${"]".repeat(n)}`);
    expectError(parse(MD, deep(100)), "SPEC_TOO_DEEP", 13);
    expectError(parse(MD, deep(5000)), "SPEC_TOO_DEEP", 13);
    expect(parse(MD, deep(20)).errors).toEqual([]);
  });
});

describe("schema depth", () => {
  it("a JSON spec file 1,000 levels deep is refused before it is parsed, at the place it gets too deep", () => {
    const text = JSON.stringify({ tools: [{ name: "demo.deep", inputSchema: nestedSchema(1000) }] });
    const r = parse(JSON_FILE, text);
    const e = expectError(r, "SPEC_TOO_DEEP", 1);
    expect(e.loc.column).toBeGreaterThan(100);
    expect(r.tools).toEqual([]);
  });

  it("arrays 5,000 deep inside a schema do not overflow the stack", () => {
    const text = `{"name": "demo.deep", "inputSchema": {"type": "object", "default": ${"[".repeat(5000)}${"]".repeat(5000)}}}`;
    expectError(parse(JSON_FILE, text), "SPEC_TOO_DEEP", 1);
  });

  it("a schema just over maxDepth is reported at its deepest key; one within it passes", () => {
    const over = JSON.stringify({ name: "demo.deep", inputSchema: nestedSchema(32) }, null, 1);
    // The leaf schema at depth 65 sits on the `"a": {` line of the 32nd level (3 lines per level).
    const line = 3 + 3 * 32;
    const e = expectError(parse(JSON_FILE, over), "SPEC_TOO_DEEP", line, columnOf(over.split("\n")[line - 1]!, "{"));
    expect(e.message).toContain("input schema");
    expect(e.message).toContain("/properties/a/");
    expect(parse(JSON_FILE, JSON.stringify({ name: "demo.deep", inputSchema: nestedSchema(31) })).errors).toEqual([]);
  });

  it("maxDepth is configurable", () => {
    const text = JSON.stringify({ name: "demo.deep", inputSchema: nestedSchema(3) });
    expect(parse(JSON_FILE, text).errors).toEqual([]);
    expectError(parse(JSON_FILE, text, { maxDepth: 4 }), "SPEC_TOO_DEEP", 1);
  });

  it("deep JSON in Markdown blocks, lenient blocks and inline code spans is refused", () => {
    const deep = JSON.stringify(nestedSchema(1000));
    expectError(parse(MD, schemaBlock("json", deep)), "SPEC_TOO_DEEP", 10);
    expectError(parse(MD, schemaBlock("json", `// lenient\n${deep.slice(0, -1)},}`)), "SPEC_TOO_DEEP", 11);
    expectError(parse(MD, `${TOOL_HEAD}**Input Schema**: \`${deep}\`\n`), "SPEC_TOO_DEEP", 7);
  });

  it("a usage example nested too deep is refused at the example", () => {
    const example = `{"tool_name": "demo.echo", "arguments": {"a": ${"[".repeat(100)}${"]".repeat(100)}}}`;
    const r = parse(MD, `${TOOL_HEAD}### Usage Examples\n\n\`\`\`json\n${example}\n\`\`\`\n`);
    const e = expectError(r, "SPEC_TOO_DEEP", 10, 1);
    expect(e.message).toContain("usage example");
  });
});

describe("schema size", () => {
  it("an enum of 100,000 values is refused (meta-schema checks of it would be quadratic)", () => {
    const values = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
    const text = JSON.stringify({
      name: "demo.enum",
      inputSchema: { type: "object", properties: { x: { type: "string", enum: values } } },
    });
    const e = expectError(parse(JSON_FILE, text), "SPEC_SCHEMA_TOO_LARGE", 1, columnOf(text, '"enum":', 7));
    expect(e.message).toContain("100000");
    expect(e.message).toContain("/properties/x/enum");
  });

  it("enums within the limit pass; the limit is configurable", () => {
    const schema = { type: "object", properties: { x: { enum: ["a", "b", "c"] } } };
    const text = JSON.stringify({ name: "demo.enum", inputSchema: schema });
    expect(parse(JSON_FILE, text).errors).toEqual([]);
    expectError(parse(JSON_FILE, text, { maxEnumValues: 2 }), "SPEC_SCHEMA_TOO_LARGE", 1);
  });

  it("too many properties in one object, at the object", () => {
    const properties = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}`, { type: "string" }]));
    const text = JSON.stringify({ name: "demo.props", inputSchema: { type: "object", properties } }, null, 2);
    const e = expectError(parse(JSON_FILE, text, { maxProperties: 10 }), "SPEC_SCHEMA_TOO_LARGE", 5, 19);
    expect(e.message).toContain("11 members");
    expect(parse(JSON_FILE, text).errors).toEqual([]);
  });

  it("a schema larger than maxSchemaBytes", () => {
    const text = JSON.stringify({ name: "demo.big", inputSchema: { type: "object", description: "x".repeat(2000) } });
    expectError(parse(JSON_FILE, text, { maxSchemaBytes: 1000 }), "SPEC_SCHEMA_TOO_LARGE", 1);
    expect(parse(JSON_FILE, text).errors).toEqual([]);
  });

  it("the same limits apply to schemas from Markdown JSON and YAML blocks", () => {
    const json = '{"type": "object", "properties": {"x": {"enum": [1, 2, 3]}}}';
    expectError(
      parse(MD, schemaBlock("json", json), { maxEnumValues: 2 }),
      "SPEC_SCHEMA_TOO_LARGE",
      10,
      columnOf(json, "[1"),
    );
    expectError(
      parse(MD, schemaBlock("yaml", "type: object\nproperties:\n  x:\n    enum: [1, 2, 3]"), { maxEnumValues: 2 }),
      "SPEC_SCHEMA_TOO_LARGE",
      13,
      11,
    );
  });
});

describe("Markdown nesting and inline delimiters", () => {
  const list = (n: number) => Array.from({ length: n }, (_, i) => `${"  ".repeat(i)}- item`).join("\n");

  it("lists nested 2,000 deep are refused at the line that goes past the limit", () => {
    const e = expectError(parse(MD, `${TOOL_HEAD}${list(2000)}\n`), "SPEC_TOO_DEEP", 7 + 32, 65);
    expect(e.message).toContain("33 levels");
  });

  it("block quotes nested 2,000 deep are refused", () => {
    expectError(parse(MD, `${TOOL_HEAD}${">".repeat(2000)} hi\n`), "SPEC_TOO_DEEP", 7, 33);
    expectError(parse(MD, `${TOOL_HEAD}${"> - ".repeat(1000)}hi\n`), "SPEC_TOO_DEEP", 7);
  });

  it("nesting within the limit is read", () => {
    const r = parse(MD, `${TOOL_HEAD}${list(30)}\n`);
    expect(r.errors).toEqual([]);
    expect(r.tools.map((t) => t.name)).toEqual(["demo.echo"]);
    expectError(parse(MD, `${TOOL_HEAD}${list(30)}\n`, { maxMarkdownNesting: 10 }), "SPEC_TOO_DEEP", 7 + 10);
  });

  it("emphasis runs that make remark quadratic (and overflow) are refused", () => {
    for (const text of ["*".repeat(20_000) + "a" + "*".repeat(20_000), "*a".repeat(20_000), "*_".repeat(20_000)]) {
      const e = expectError(parse(MD, `${TOOL_HEAD}${text}\n`), "SPEC_MARKDOWN_TOO_COMPLEX", 7);
      expect(e.loc.column).toBeLessThanOrEqual(2002);
    }
  });

  it("thousands of short block quotes or nested lists (quadratic in remark) are refused", () => {
    // Each line that ends a quote (the blank lines 8, 10, 12, …) costs its line number:
    // 8 + 10 + … + 6324 is the first sum over the budget of 10,000,000.
    const quotes = parse(MD, `${TOOL_HEAD}${"> a\n\n".repeat(20_000)}`);
    const e = expectError(quotes, "SPEC_MARKDOWN_TOO_COMPLEX", 6324, 1);
    expect(e.message).toContain("maxContainerClosing");
    // Here each `- a` line ends two items (weight 2): the budget runs out near line 4,470.
    const lists = parse(MD, `${TOOL_HEAD}${"- a\n  - b\n".repeat(20_000)}`);
    expect(lists.errors.map((d) => [d.code, Math.round(d.loc.line / 100)])).toEqual([
      ["SPEC_MARKDOWN_TOO_COMPLEX", 45],
    ]);
    // Lazy continuation lines cost the same (remark re-scans the open paragraph for each).
    expectError(parse(MD, `${TOOL_HEAD}- item\n${"x\n".repeat(20_000)}`), "SPEC_MARKDOWN_TOO_COMPLEX", 4472);
    expect(parse(MD, `${TOOL_HEAD}${"> a\n\n- b\n  - c\n\n".repeat(100)}`).errors).toEqual([]);
    expectError(
      parse(MD, `${TOOL_HEAD}${"> a\n\n".repeat(100)}`, { maxContainerClosing: 1000 }),
      "SPEC_MARKDOWN_TOO_COMPLEX",
      64,
    );
  });

  it("code, table rows and separate paragraphs do not add up", () => {
    // Each holds well over 1,000 delimiters in all, but few in any one paragraph or row.
    const code = "```\n" + "a_b_c *x* ".repeat(300) + "\n```\n";
    const table = "| Name | Required |\n| --- | --- |\n" + "| **x_y** | **Yes** |\n".repeat(150);
    const paragraphs = "Some *emphasis* and **bold** and a [link](x).\n\n".repeat(250);
    const r = parse(MD, `${TOOL_HEAD}${code}\n${table}\n${paragraphs}`);
    expect(r.errors).toEqual([]);
  });
});

describe("backtracking in the parser's own patterns", () => {
  it("a broken YAML block followed by many blank lines is repaired in linear time", () => {
    const spec = (n: number) => schemaBlock("yaml", `type: object\nproperties:\n  a: [\n${" \n".repeat(n)}`);
    const r = parse(MD, spec(4_000));
    expect(r.errors.filter((e) => e.code === "SPEC_INTERNAL")).toEqual([]);
    expectLinear({ input: spec, run: (text) => parse(MD, text) }, 1_000);
  });

  it("runs of dots are not an exponential placeholder check", () => {
    const r = parse(
      MD,
      `${TOOL_HEAD}### Input Parameters\n\n| Name | Type | Required | Description |\n| --- | --- | --- | --- |\n| \`a\` | string | Yes | …${".".repeat(5000)} x |\n`,
    );
    expect(r.tools.map((t) => t.name)).toEqual(["demo.echo"]);
    // Any answer will do: it used to take longer than the test's life.
    expect(typeof isPlaceholder(`…${".".repeat(5000)}x y`)).toBe("boolean");
    expect(["...", "……", ". . .", "...…..."].map((t) => isPlaceholder(t))).toEqual([true, true, true, true]);
  });

  it("long runs of spaces or commas in descriptions, labels and names are read in linear time", () => {
    const description = (n: number) => `${TOOL_HEAD.replace("Echoes.", `Echoes${" ".repeat(n)}all.\nNext  \n  line.`)}`;
    const label = (n: number) => `${TOOL_HEAD}**Parameters**: ${",".repeat(n)} end\n`;
    const name = (n: number) =>
      `${TOOL_HEAD}### Input Parameters\n\n| Name | Type | Required | Description |\n| --- | --- | --- | --- |\n| a${" ".repeat(n)}b | string | Yes | d |\n| \`c\` (optional) | string | No | d |\n`;
    const run = 20_000;
    // (Compared by hand: a failing comparison of 20,000 spaces would print them all.)
    expect(parse(MD, description(run)).tools[0]!.description === `Echoes${" ".repeat(run)}all. Next line.`).toBe(true);
    expect(parse(MD, label(run)).tools).toHaveLength(1);
    expect(Object.keys(parse(MD, name(run)).tools[0]!.inputSchema.properties as object).map((k) => k.length)).toEqual([
      1,
    ]);
    for (const [what, input] of Object.entries({ description, label, name }))
      expectLinear({ input, run: (text) => parse(MD, text) }, 5_000, what);
  });

  it("a long run of spaces inside parentheses is read in linear time, and required markers still count", () => {
    const head = "### Input Parameters\n\n| Name | Type | Required | Description |\n| --- | --- | --- | --- |\n";
    const table = (n: number) => `${TOOL_HEAD}${head}| \`a\` | string | - | X (${" ".repeat(n)}) |\n`;
    const paragraph = (n: number) => `${TOOL_HEAD}X (${" ".repeat(n)})\n`;
    const bullets = (n: number) =>
      `${TOOL_HEAD}**Parameters:**\n- \`a\` (string): X (${" ".repeat(n)})\n- \`b\` (string, required): Y (${" ".repeat(n)}, **required** )\n`;
    const [tbl, para, bullet] = [table, paragraph, bullets].map((spec) => parse(MD, spec(20_000)));
    for (const [what, input] of Object.entries({ table, paragraph, bullets }))
      expectLinear({ input, run: (text) => parse(MD, text) }, 5_000, what);
    expect([tbl, para, bullet].map((r) => r.tools.length)).toEqual([1, 1, 1]);
    expect(bullet.tools[0]!.inputSchema.required).toEqual(["b"]);
    // Markers in parentheses, alone or among other notes; not a word inside a longer part.
    const req = (d: string) =>
      parse(MD, `${TOOL_HEAD}**Parameters:**\n- \`a\`: ${d}\n`).tools[0]!.inputSchema.required ?? [];
    expect(req("The name (string, required)")).toEqual(["a"]);
    expect(req("The name (_required_; string)")).toEqual(["a"]);
    expect(req("The name (optional)")).toEqual([]);
    expect(req("The name (required for push)")).toEqual([]);
  });

  it("a type cell of a long run of spaces, commas or parentheses is read in linear time", () => {
    const table = (type: string) =>
      `${TOOL_HEAD}### Input Parameters\n\n| Name | Type | Required | Description |\n| --- | --- | --- | --- |\n| \`a\` | ${type} | Yes | d |\n`;
    for (const filler of [" ", ",", "("]) {
      const cell = (n: number) => table(`string${filler.repeat(n)}x`);
      expect(parse(MD, cell(20_000)).tools).toHaveLength(1);
      expectLinear({ input: cell, run: (text) => parse(MD, text) }, 20_000, JSON.stringify(filler));
    }
    // Short cells keep their notes.
    const r = parse(MD, table("integer, default: 5"));
    expect((r.tools[0]!.inputSchema.properties as { [k: string]: JsonSchema }).a).toMatchObject({
      type: "integer",
      default: 5,
    });
  });
});

describe("files", () => {
  const root = mkdtempSync(path.join(tmpdir(), "mcp-specgen-limits-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;

  /** Writes files into a fresh directory and loads it. */
  function load(files: Record<string, string | Buffer>, limits?: Partial<SpecLimits>): Result {
    const dir = path.join(root, `p${n++}`);
    for (const [rel, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), content);
    }
    const bag = new DiagnosticBag();
    const specs = loadSpecs(["specs"], bag, { cwd: dir, ...(limits ? { limits: resolveLimits(limits) } : {}) });
    const diagnostics = bag.sorted();
    return { tools: specs.tools, diagnostics, errors: diagnostics.filter((d) => d.severity === "error") };
  }

  it("a Markdown file over the size limit is refused without being read", () => {
    const big = TOOL_HEAD + "text ".repeat(DEFAULT_LIMITS.maxMarkdownBytes / 5 + 1);
    const r = load({ "specs/a/MCP_TOOL_SPECIFICATION.md": big, "specs/b/MCP_TOOL_SPECIFICATION.md": TOOL_HEAD });
    const e = expectError(r, "SPEC_FILE_TOO_LARGE", 1, 1);
    expect(e.loc.file).toBe("specs/a/MCP_TOOL_SPECIFICATION.md");
    expect(r.tools.map((t) => t.locations.tool.file)).toEqual(["specs/b/MCP_TOOL_SPECIFICATION.md"]);
  });

  it("JSON and Markdown have their own, configurable size limits", () => {
    const json = JSON.stringify({ name: "demo.x", inputSchema: { type: "object" } });
    expectError(load({ "specs/tools.json": json }, { maxJsonBytes: 10 }), "SPEC_FILE_TOO_LARGE", 1, 1);
    expect(load({ "specs/tools.json": json }, { maxMarkdownBytes: 10 }).errors).toEqual([]);
  });

  it("a tools/list of 10,000 benchmark tools fits the JSON limit, compact and pretty-printed", async () => {
    // The benchmark's generator (plain JS, so imported through a path TypeScript does not resolve).
    const synthetic = "../../bench/synthetic.js";
    const { jsonTools } = (await import(synthetic)) as { jsonTools: (count: number) => unknown[] };
    const list = { tools: jsonTools(10_000) };
    expect(Buffer.byteLength(JSON.stringify(list))).toBeLessThan(DEFAULT_LIMITS.maxJsonBytes);
    expect(Buffer.byteLength(JSON.stringify(list, null, 2))).toBeLessThan(DEFAULT_LIMITS.maxJsonBytes);
  });

  it("binary, UTF-16 and NUL-holding files are refused as not UTF-8 text, at the first bad byte", () => {
    const binary = Buffer.from([0x23, 0x20, 0x41, 0x0a, 0x62, 0xff, 0xfe, 0x00]);
    expectError(load({ "specs/MCP_TOOL_SPECIFICATION.md": binary }), "SPEC_TEXT_INVALID", 2, 2);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TOOL_HEAD, "utf16le")]);
    expectError(load({ "specs/MCP_TOOL_SPECIFICATION.md": utf16 }), "SPEC_TEXT_INVALID", 1, 1);
    expectError(load({ "specs/MCP_TOOL_SPECIFICATION.md": `${TOOL_HEAD}a\0b\n` }), "SPEC_TEXT_INVALID", 7, 2);
    const nul = '{"name": "a.b", "inputSchema": {}}\0';
    expectError(load({ "specs/tools.json": nul }), "SPEC_TEXT_INVALID", 1, columnOf(nul, "\0"));
    // Overlong forms and encoded surrogates are not UTF-8 either.
    expectError(
      load({ "specs/MCP_TOOL_SPECIFICATION.md": Buffer.from([0x61, 0xc0, 0xaf]) }),
      "SPEC_TEXT_INVALID",
      1,
      2,
    );
    expectError(
      load({ "specs/MCP_TOOL_SPECIFICATION.md": Buffer.from([0x61, 0xed, 0xa0, 0x80]) }),
      "SPEC_TEXT_INVALID",
      1,
      2,
    );
  });

  it("a UTF-8 byte-order mark and CRLF line endings read the same as plain LF", () => {
    const text = schemaBlock("json", '{"type": "object", "properties": {"a": {"type": "string"}}}');
    const plain = load({ "specs/demo/MCP_TOOL_SPECIFICATION.md": text });
    const bomCrlf = load({ "specs/demo/MCP_TOOL_SPECIFICATION.md": "\uFEFF" + text.replace(/\n/g, "\r\n") });
    expect(bomCrlf.diagnostics).toEqual(plain.diagnostics);
    expect(bomCrlf.tools).toEqual(plain.tools);
  });

  it("garbage, empty files, huge lines and odd JSON shapes end in diagnostics, never an exception", () => {
    const garbage = Array.from(
      { length: 3000 },
      (_, i) => "#|`*_[]()<>!-+=>\\{}".slice(i % 7) + "#|`".slice(i % 3),
    ).join("\n");
    const r = load({
      "specs/a/MCP_TOOL_SPECIFICATION.md": garbage,
      "specs/b/MCP_TOOL_SPECIFICATION.md": "",
      "specs/c/MCP_TOOL_SPECIFICATION.md": TOOL_HEAD + "x".repeat(900_000) + "\n",
      "specs/d/tools.json": '{[}]}:,,"\\u12',
      "specs/e/tools.json": "",
      "specs/f/tools.json": '{"tools": [null, 1, "x", [], {"name": 5}, {"name": "a.b", "inputSchema": []}]}',
      "specs/g/tools.json": "42",
    });
    expect(r.errors.every((e) => e.code !== "SPEC_INTERNAL")).toBe(true);
    expect(r.errors.filter((e) => e.code === "SPEC_JSON_SYNTAX").map((e) => e.loc.file)).toEqual([
      "specs/d/tools.json",
      "specs/e/tools.json",
    ]);
  });

  it("an input that is not a regular file is reported, not read (a device would block)", {
    skip: process.platform === "win32",
  }, () => {
    const bag = new DiagnosticBag();
    loadSpecs(["/dev/null"], bag, { cwd: root });
    expect(bag.sorted().map((d) => d.code)).toEqual(["INPUT_UNREADABLE"]);
  });

  it("any unexpected exception while reading a file becomes SPEC_INTERNAL at that file", () => {
    const dir = path.join(root, "internal");
    mkdirSync(path.join(dir, "specs"), { recursive: true });
    writeFileSync(path.join(dir, "specs/MCP_TOOL_SPECIFICATION.md"), TOOL_HEAD);
    // Limits whose every read throws stand in for a bug some input trips.
    const trap = new Proxy({} as SpecLimits, {
      get() {
        throw new Error("boom");
      },
    });
    const bag = new DiagnosticBag();
    expect(() => loadSpecs(["specs"], bag, { cwd: dir, limits: trap })).not.toThrow();
    const [d] = bag.sorted();
    expect(d).toMatchObject({
      code: "SPEC_INTERNAL",
      severity: "error",
      loc: { file: "specs/MCP_TOOL_SPECIFICATION.md", line: 1, column: 1 },
    });
    expect(d!.message).toContain("boom");
    expect(d!.help).toMatch(/report/);
  });
});

describe("property names that are Object.prototype members", () => {
  const NAMES = ["hasOwnProperty", "__proto__", "constructor", "toString"];
  const schema = (name: string) =>
    `{"type": "object", "properties": {${JSON.stringify(name)}: {"type": "string"}}, "required": [${JSON.stringify(name)}]}`;
  const sources: Array<[string, (name: string) => [string, string]]> = [
    [
      "a JSON spec file",
      (name) => [JSON_FILE, `{"name": "demo.echo", "description": "d", "inputSchema": ${schema(name)}}`],
    ],
    ["a Markdown JSON block", (name) => [MD, schemaBlock("json", schema(name))]],
    ["a lenient Markdown JSON block", (name) => [MD, schemaBlock("json", `// lenient\n${schema(name)}`)]],
    [
      "a Markdown YAML block",
      (name) => [
        MD,
        schemaBlock(
          "yaml",
          `type: object\nproperties:\n  ${JSON.stringify(name)}:\n    type: string\nrequired: [${JSON.stringify(name)}]`,
        ),
      ],
    ],
    [
      "a parameter table",
      (name) => [
        MD,
        `${TOOL_HEAD}### Input Parameters\n\n| Name | Type | Required | Description |\n| --- | --- | --- | --- |\n| \`${name}\` | string | Yes | x |\n`,
      ],
    ],
  ];

  for (const [source, make] of sources) {
    it(`stay ordinary properties in ${source}`, () => {
      for (const name of NAMES) {
        const [file, text] = make(name);
        const r = parse(file, text);
        expect(r.errors).toEqual([]);
        const props = r.tools[0]!.inputSchema.properties as object;
        expect(Object.keys(props)).toEqual([name]);
        expect(Object.getOwnPropertyDescriptor(props, name)?.value).toMatchObject({ type: "string" });
      }
    });
  }

  it("nested table fields under `__proto__` do not pollute Object.prototype", () => {
    const table =
      "| Name | Type | Required | Description |\n| --- | --- | --- | --- |\n| `__proto__[].x` | string | Yes | x |\n| `constructor.y` | string | Yes | y |\n| `constructor` | object | No | c |\n";
    const r = parse(MD, `${TOOL_HEAD}### Input Parameters\n\n${table}`);
    expect(({} as { type?: unknown }).type).toBeUndefined();
    expect(({} as { items?: unknown }).items).toBeUndefined();
    const props = r.tools[0]!.inputSchema.properties as { [k: string]: JsonSchema };
    expect(Object.keys(props)).toEqual(["__proto__", "constructor"]);
    expect(Object.getOwnPropertyDescriptor(props, "__proto__")?.value).toMatchObject({
      type: "array",
      items: { properties: { x: { type: "string" } } },
    });
    expect(props.constructor).toMatchObject({ type: "object", properties: { y: { type: "string" } } });
  });
});

describe("lone surrogates", () => {
  it("in a property name of a JSON spec file: SPEC_TEXT_INVALID at the key, and the tool is left out", () => {
    const text = '{"name": "demo.p", "inputSchema": {"type": "object", "properties": {"\\uD800": {"type": "string"}}}}';
    const r = parse(JSON_FILE, text);
    // At the property's schema (the value under the key).
    const e = expectError(r, "SPEC_TEXT_INVALID", 1, columnOf(text, '{"type": "string"'));
    expect(e.message).toContain("\\uD800");
    expect(r.tools).toEqual([]);
  });

  it("in a name or description", () => {
    expectError(
      parse(JSON_FILE, '{"name": "demo.\\ud800", "inputSchema": {"type": "object"}}'),
      "SPEC_TEXT_INVALID",
      1,
      10,
    );
    expectError(
      parse(JSON_FILE, '{"name": "demo.p",\n "description": "x\\udc00", "inputSchema": {"type": "object"}}'),
      "SPEC_TEXT_INVALID",
      2,
      17,
    );
  });

  it("in Markdown JSON, lenient JSON and YAML blocks", () => {
    expectError(
      parse(
        MD,
        schemaBlock("json", '{"type": "object", "properties": {"a": {"type": "string", "default": "\\uD800"}}}'),
      ),
      "SPEC_TEXT_INVALID",
      10,
      70,
    );
    expectError(
      parse(MD, schemaBlock("json", "{type: 'object', properties: {a: {type: 'string', default: '\\uD800'}}}")),
      "SPEC_TEXT_INVALID",
      10,
    );
    expectError(
      parse(MD, schemaBlock("yaml", 'type: object\nproperties:\n  "\\uD800":\n    type: string')),
      "SPEC_TEXT_INVALID",
      13,
    );
  });

  it("surrogate pairs (emoji) are fine", () => {
    expect(
      parse(JSON_FILE, '{"name": "demo.p", "description": "\\ud83d\\ude00 😀", "inputSchema": {"type": "object"}}')
        .errors,
    ).toEqual([]);
  });
});

describe("limits in the config", () => {
  it("default when unset, merged when partly set", () => {
    expect(resolveConfig("/x", {}).limits).toEqual(DEFAULT_LIMITS);
    expect(resolveConfig("/x", { limits: { maxDepth: 10 } }).limits).toEqual({ ...DEFAULT_LIMITS, maxDepth: 10 });
  });

  it("unknown names and values that are not positive integers are usage errors", () => {
    expect(() => resolveConfig("/x", { limits: { maxDepth: 0 } })).toThrow(UsageError);
    expect(() => resolveConfig("/x", { limits: { maxDepth: 1.5 } })).toThrow(/positive integer/);
    expect(() => resolveConfig("/x", { limits: { maxDeep: 3 } as Partial<SpecLimits> })).toThrow(
      /unknown limit "maxDeep"/,
    );
  });

  it("reach generate and lint through the config file", async () => {
    const deep = {
      type: "object",
      properties: {
        a: { type: "object", properties: { b: { type: "object", properties: { c: { type: "string" } } } } },
      },
    };
    const project = tempProject({
      "specs/tools.json": JSON.stringify({ name: "demo.deep", description: "d", inputSchema: deep }),
      "mcp-specgen.config.json": JSON.stringify({ limits: { maxDepth: 4 } }),
    });
    try {
      const gen = await runCli(["generate"], project.dir);
      expect(gen.code).toBe(1);
      expect(gen.stderr).toMatch(/specs\/tools\.json:1:\d+ error SPEC_TOO_DEEP/);
      const lint = await runCli(["lint"], project.dir);
      expect(lint.stdout + lint.stderr).toMatch(/SPEC_TOO_DEEP/);
      project.write("mcp-specgen.config.json", JSON.stringify({ limits: { maxDepth: 64 } }));
      expect((await runCli(["generate"], project.dir)).code).toBe(0);
    } finally {
      project.dispose();
    }
  });
});
