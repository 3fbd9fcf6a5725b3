import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import type { JsonSchema, ToolSpec } from "../../src/ir/types.js";
import type { FieldSpec } from "../../src/parse/markdown/fields.js";
import { parseMarkdownSpec } from "../../src/parse/markdown/index.js";
import { findProseList, withProseEnums } from "../../src/parse/markdown/prose-enum.js";

const loc = { file: "spec.md", line: 1, column: 1 };
const field = (over: Partial<FieldSpec>): FieldSpec => ({
  name: "mode",
  schema: { type: "string" },
  required: false,
  requiredStated: true,
  loc,
  ...over,
});

describe("findProseList", () => {
  it.each([
    ["One of: `a`, `b`, `c`", ["a", "b", "c"]],
    ["`fast` or `exact`", ["fast", "exact"]],
    ['Mode: "sequential", "parallel"', ["sequential", "parallel"]],
    ["Must be one of fast, slow.", ["fast", "slow"]],
    ["The mode; must be one of the following: `x`, `y` and `z`.", ["x", "y", "z"]],
    ["either `x` or `y`", ["x", "y"]],
    ["Valid values: low, medium, high", ["low", "medium", "high"]],
    ["Allowed values are `on`, `off`", ["on", "off"]],
    ["Sort order (`asc` | `desc`)", ["asc", "desc"]],
    ["Sort order (`asc` \\| `desc`)", ["asc", "desc"]],
    ['Named template: `"bell"`, `"ghz"`, or `"qft"`', ["bell", "ghz", "qft"]],
    ['Key type. One of: "aes128" (16 bytes), "aes256" (32 bytes)', ["aes128", "aes256"]],
    ['Quantization method -- "int8" or "fp4"', ["int8", "fp4"]],
    ["Strategy — `a`, `b`, or `c`", ["a", "b", "c"]],
    ["`general`, `security`, `performance`", ["general", "security", "performance"]],
    ["Merge method ('slerp' or 'linear')", ["slerp", "linear"]],
    ['Bucket: "day" (YYYY-MM-DD), "week" (YYYY-WNN)', ["day", "week"]],
    ['Hash (default: `"sha256"`). One of: `"sha256"`, `"sha512"`', ["sha256", "sha512"]],
    ["string (one of: a, b)", ["a", "b"]],
  ])("%s", (text, values) => {
    expect(findProseList(text)?.values).toEqual(values);
  });

  it.each([
    "e.g. `a` or `b`",
    'Name of the agent (e.g., "claude", "gemini")',
    "A format such as `json` or `yaml`",
    "For example `json` or `yaml`",
    "Formats like `png` or `jpg`",
    "Backends, including `a` or `b`",
    "Example: `a`, `b`",
    "`a`, `b`, etc.",
    "`a`, `b`, ...",
    "Required for `ghz`, `qft`, or custom circuits",
    "Required when `mode` is `a` or `b`",
    "one of the supported models",
    "Use `json` or `yaml` files",
    'Present when `status="error"`',
    "If `True`, recurse into subdirectories",
    "Files `.json` or `.yaml`",
    "`a` and `b` are both read",
    "Channel (telegram, slack, discord, etc)",
    "Filter: low, medium, high and more",
    "The `a` option, `b`, and others",
    "Only `a`",
    // Usual values, not all of them.
    "Typically one of `a`, `b`",
    "Value typically `a` or `b`",
    "Common values: `gpt-4`, `claude-3`",
    "Commonly `a` or `b`",
    "Usually `a` or `b`",
    "Recommended: `fast`, `slow`",
    "Suggested values are `fast` or `slow`",
    "Model, e.g. one of `a`, `b`",
    // A remark in the same or the next sentence leaves the list open.
    "One of `a`, `b` (more coming soon)",
    "One of `openai`, `anthropic`. Other values are passed through to litellm.",
    "One of: `a`, `b`; custom providers are also accepted",
    "`fast` or `exact`. Custom modes are allowed too.",
    "Valid values: `a`, `b`, but not limited to these",
    // A label that says the list is something else.
    "Defaults: `fast`, `slow`",
  ])("not an enum: %s", (text) => {
    expect(findProseList(text)).toBeUndefined();
  });

  it("a list naming fields of the same table is about the fields", () => {
    expect(findProseList("Either `path` or `url` must be given", new Set(["path", "url"]))).toBeUndefined();
    expect(findProseList("One of `path` or `url` is required", new Set(["path", "url"]))).toBeUndefined();
  });

  it("a remark two sentences later does not open the list", () => {
    expect(findProseList("One of `a`, `b`, the mode. Other values are passed through.")).toBeUndefined();
    expect(findProseList("One of `a`, `b`. The mode. Other tools accept other values too.")?.values).toEqual([
      "a",
      "b",
    ]);
    expect(findProseList("One of `a`, `b`. Applied to all requests.")?.values).toEqual(["a", "b"]);
  });

  it("two different lists in one text are ambiguous", () => {
    expect(findProseList("`a` or `b` on input; `c` or `d` on output")).toBeUndefined();
  });
});

describe("withProseEnums", () => {
  it("adds the enum and keeps the description", () => {
    const d = new DiagnosticBag();
    const [f] = withProseEnums([field({ description: "One of: fast, exact", default: "fast" })], d);
    expect(f!.schema).toEqual({ type: "string", enum: ["fast", "exact"] });
    expect(f!.description).toBe("One of: fast, exact");
    expect(d.items.map((x) => x.code)).toEqual(["SPEC_ENUM_FROM_PROSE"]);
  });

  it("says every enum read from prose with an info at the field, naming the values", () => {
    const d = new DiagnosticBag();
    const at = { file: "spec.md", line: 7, column: 3 };
    withProseEnums([field({ description: "One of: `fast`, `exact`", loc: at })], d);
    expect(d.items).toHaveLength(1);
    expect(d.items[0]).toMatchObject({ code: "SPEC_ENUM_FROM_PROSE", severity: "info", loc: at });
    expect(d.items[0]!.message).toContain('"mode" accepts only "fast", "exact"');
    expect(d.items[0]!.help).toContain('enum["fast","exact"]');
  });

  it("no info when no enum is read (no list, or a list of examples)", () => {
    const d = new DiagnosticBag();
    withProseEnums(
      [
        field({ name: "a", description: "The mode to use" }),
        field({ name: "b", description: "Typically `fast` or `exact`" }),
        field({ name: "c", schema: { type: "string", enum: ["x"] }, description: "`x` or `y`" }),
      ],
      d,
    );
    expect(d.items).toEqual([]);
  });

  it("types the values by the field's type", () => {
    const d = new DiagnosticBag();
    const [i, n, s, u, nul] = withProseEnums(
      [
        field({ name: "i", schema: { type: "integer" }, description: "Block size, one of 1, 2, 4", default: 2 }),
        field({ name: "n", schema: { type: "number" }, description: "`0.5` or `1.5`" }),
        field({ name: "s", description: "one of 1, 2, 4" }),
        field({ name: "u", schema: {}, description: "`x` or `y`" }),
        field({ name: "z", schema: { type: ["string", "null"] }, description: "`x` or `y`" }),
      ],
      d,
    );
    expect(i!.schema).toEqual({ type: "integer", enum: [1, 2, 4] });
    expect(n!.schema).toEqual({ type: "number", enum: [0.5, 1.5] });
    expect(s!.schema).toEqual({ type: "string", enum: ["1", "2", "4"] });
    expect(u!.schema).toEqual({ enum: ["x", "y"] });
    expect(nul!.schema).toEqual({ type: ["string", "null"], enum: ["x", "y", null] });
    expect(d.items.map((x) => `${x.severity} ${x.code}`)).toEqual(Array(5).fill("info SPEC_ENUM_FROM_PROSE"));
    expect(d.items[0]!.message).toContain("accepts only 1, 2, 4");
  });

  it("leaves an integer field alone when the values are not integers", () => {
    const [f] = withProseEnums(
      [field({ schema: { type: "integer" }, description: "`fast` or `exact`" })],
      new DiagnosticBag(),
    );
    expect(f!.schema).toEqual({ type: "integer" });
  });

  it("keeps an enum from the type, and leaves booleans, objects and arrays alone", () => {
    const d = new DiagnosticBag();
    const schemas: JsonSchema[] = [
      { type: "string", enum: ["a", "b", "c"] },
      { type: "boolean" },
      { type: "object" },
      { type: "array", items: { type: "string" } },
    ];
    const out = withProseEnums(
      schemas.map((schema, i) => field({ name: `f${i}`, schema, description: "`x` or `y`" })),
      d,
    );
    expect(out.map((f) => f.schema)).toEqual(schemas);
    expect(d.items).toEqual([]);
  });

  it("a default outside the list is a warning and no enum", () => {
    const d = new DiagnosticBag();
    const [f] = withProseEnums([field({ description: "`fast` or `exact`", default: "auto" })], d);
    expect(f!.schema).toEqual({ type: "string" });
    expect(d.items).toHaveLength(1);
    expect(d.items[0]).toMatchObject({ code: "SPEC_ENUM_CONFLICT", severity: "warning", loc });
    expect(d.items[0]!.message).toContain('default "auto" is not one of them');
  });

  it("an example outside the list is a warning and no enum", () => {
    const d = new DiagnosticBag();
    const [f] = withProseEnums([field({ schema: { type: "integer" }, description: "one of 1, 2, 4", example: 3 })], d);
    expect(f!.schema).toEqual({ type: "integer" });
    expect(d.items.map((x) => x.code)).toEqual(["SPEC_ENUM_CONFLICT"]);
    expect(d.items[0]!.message).toContain("example 3");
  });

  it("a null default does not conflict", () => {
    const d = new DiagnosticBag();
    const [f] = withProseEnums([field({ description: "`a` or `b`", default: null })], d);
    expect(f!.schema.enum).toEqual(["a", "b"]);
    expect(d.items.map((x) => x.code)).toEqual(["SPEC_ENUM_FROM_PROSE"]);
  });

  it("reads code spans from the spec's text (the description read has none)", () => {
    const text = "| `focus` | string | `general` | `general`, `security`, `style` |";
    const f = field({ name: "focus", description: "general, security, style", default: "general" });
    expect(withProseEnums([f], new DiagnosticBag())[0]!.schema.enum).toBeUndefined();
    expect(withProseEnums([f], new DiagnosticBag(), text.split("\n"))[0]!.schema.enum).toEqual([
      "general",
      "security",
      "style",
    ]);
  });

  it("does not read another row's line", () => {
    const text = "| `tool` | `x: str` | `status`, `allowed` |";
    const f = field({ name: "x", description: undefined });
    expect(withProseEnums([f], new DiagnosticBag(), text.split("\n"))[0]!.schema).toEqual({ type: "string" });
  });
});

describe("prose enums in a Markdown spec", () => {
  const TABLE = "| Parameter | Type | Required | Default | Description |\n| --- | --- | --- | --- | --- |\n";
  function parse(md: string): { tools: ToolSpec[]; diagnostics: DiagnosticBag } {
    const diagnostics = new DiagnosticBag();
    return { tools: parseMarkdownSpec("specs/demo/MCP_TOOL_SPECIFICATION.md", md, diagnostics), diagnostics };
  }
  const props = (t: ToolSpec) => t.inputSchema.properties as Record<string, JsonSchema>;

  it("table rows, type cells and bullets", () => {
    const { tools, diagnostics } = parse(
      "## Tool: `run`\n\n### Input Schema\n\n" +
        TABLE +
        '| `mode` | string | No | `"fast"` | Speed: `fast` or `exact` |\n' +
        "| `level` | integer | No | `2` | Level, one of 1, 2, 3 |\n" +
        "| `kind` | string (one of: a, b) | No | - | The kind |\n" +
        "| `agent` | string | No | - | Agent (e.g. `claude` or `gemini`) |\n" +
        '\n## Tool: `walk`\n\n**Parameters:**\n- `pace` (string, required): Pace ("slow" or "quick")\n',
    );
    expect(diagnostics.items.filter((d) => d.code === "SPEC_ENUM_CONFLICT")).toEqual([]);
    const run = props(tools[0]!);
    expect(run.mode).toMatchObject({ type: "string", enum: ["fast", "exact"], description: "Speed: fast or exact" });
    expect(run.level).toMatchObject({ type: "integer", enum: [1, 2, 3], default: 2 });
    expect(run.kind).toMatchObject({ type: "string", enum: ["a", "b"] });
    expect(run.agent!.enum).toBeUndefined();
    expect(props(tools[1]!).pace).toMatchObject({ type: "string", enum: ["slow", "quick"] });
  });

  it("lists every enum read from prose as an info, and reads none from examples or names", () => {
    const { tools, diagnostics } = parse(
      "## Tool: `search`\n\n### Input Schema\n\n" +
        TABLE +
        "| `city` | string | Yes | - | Name of the city (Paris, London, Tokyo) |\n" +
        "| `query` | string | Yes | - | Examples: cats, dogs, birds |\n" +
        "| `provider` | string | No | - | One of `openai`, `anthropic`. Other values are passed through to litellm. |\n" +
        "| `model` | string | No | - | Typical values are `gpt-4` or `claude-3` |\n" +
        "| `tag` | string | No | - | Default: latest, stable, beta |\n" +
        "| `mode` | string | No | - | `fast` or `exact` |\n",
    );
    const p = props(tools[0]!);
    for (const name of ["city", "query", "provider", "model", "tag"]) expect(p[name]!.enum, name).toBeUndefined();
    expect(p.mode!.enum).toEqual(["fast", "exact"]);
    const infos = diagnostics.items.filter((d) => d.code === "SPEC_ENUM_FROM_PROSE");
    expect(infos).toHaveLength(1);
    expect(infos[0]).toMatchObject({ severity: "info", loc: { line: 12, column: 3 } });
  });

  it("a default outside the list is reported at the field", () => {
    const { tools, diagnostics } = parse(
      "## Tool: `run`\n\n### Input Schema\n\n" + TABLE + '| `mode` | string | No | `"auto"` | `fast` or `exact` |\n',
    );
    expect(props(tools[0]!).mode!.enum).toBeUndefined();
    const found = diagnostics.items.filter((d) => d.code === "SPEC_ENUM_CONFLICT");
    expect(found).toHaveLength(1);
    expect(found[0]!.loc.line).toBe(7);
  });
});

describe("bare-word lists", () => {
  it("are values when they are the whole text after a label, or close it in parentheses", () => {
    expect(findProseList("Priority: low, medium, high, critical")?.values).toEqual([
      "low",
      "medium",
      "high",
      "critical",
    ]);
    expect(findProseList("Filter: inbox, assigned, in_progress, done")?.values).toEqual([
      "inbox",
      "assigned",
      "in_progress",
      "done",
    ]);
    expect(findProseList("Type of shell to launch (bash, zsh, python, codomyrmex)")?.values).toEqual([
      "bash",
      "zsh",
      "python",
      "codomyrmex",
    ]);
    expect(findProseList("Output format (json, yaml, or toml).")?.values).toEqual(["json", "yaml", "toml"]);
    expect(findProseList("Filter by status (Stable, Draft, Stub, New)")?.values).toEqual([
      "Stable",
      "Draft",
      "Stub",
      "New",
    ]);
    expect(findProseList("Type of formatting (success, error, warning, info)")?.values).toEqual([
      "success",
      "error",
      "warning",
      "info",
    ]);
    expect(findProseList("Sort direction (asc, desc, random)")?.values).toEqual(["asc", "desc", "random"]);
    expect(findProseList("Output format: json, yaml, toml")?.values).toEqual(["json", "yaml", "toml"]);
  });

  it("are not values after a label that says they are examples, tags, a default or a note", () => {
    for (const text of [
      "Examples: cats, dogs, birds",
      "Example: foo, bar, baz",
      "Comma-separated tags: python, rust, go",
      "Multiple languages: python, rust, go",
      "Default: latest, stable, beta",
      "Defaults: latest, stable, beta",
      "Sample: foo, bar, baz",
      "Ex: foo, bar, baz",
      "Note: timeout, retries, backoff",
      "Keywords: search, find, query",
      "Tags: python, rust, go",
      "Typical: fast, slow, auto",
    ])
      expect(findProseList(text), text).toBeUndefined();
  });

  it("in parentheses, are values only after a kind word (type, mode, status, format…)", () => {
    for (const text of [
      "Name of the city (Paris, London, Tokyo)",
      "Author names (alice, bob, carol)",
      "Identifier of the resource (uuid, slug, name)",
      "Git ref (branch, tag, commit)",
      "Model name (gpt4, claude, llama)",
      "Languages to scan (python, javascript, go)",
    ])
      expect(findProseList(text), text).toBeUndefined();
  });

  it("are not values elsewhere, as examples, as types, or with fewer than three words", () => {
    for (const text of [
      "Languages to scan, such as (python, rust, go)",
      "Comma-separated list of tags (python, rust, go)",
      "The value (string, number, boolean, object, or array)",
      "Mode (fast, exact)",
      "Runs bash, zsh, python or codomyrmex when asked",
      "Priority: low, medium, high, and anything else you like",
      "Shell (bash, zsh, bash)",
      "Name of the file (relative paths, absolute paths, or URLs)",
    ])
      expect(findProseList(text), text).toBeUndefined();
  });
});
