import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import type { JsonSchema, ToolSpec } from "../../src/ir/types.js";
import { parseMarkdownSpec } from "../../src/parse/markdown/index.js";
import { coerceDefault, withNull } from "../../src/parse/primitives/defaults.js";
import { validateTools } from "../../src/validate/index.js";

function tool(body: string): ToolSpec {
  const diagnostics = new DiagnosticBag();
  const md = `## Tool: \`find\`\n\nFinds.\n\n### Parameters\n\n${body}\n`;
  const tools = parseMarkdownSpec("specs/demo/MCP_TOOL_SPECIFICATION.md", md, diagnostics);
  expect(tools).toHaveLength(1);
  const checked = new DiagnosticBag();
  validateTools(tools, checked);
  expect(checked.items.filter((d) => d.severity === "error")).toEqual([]);
  return tools[0]!;
}

const props = (t: ToolSpec) => (t.inputSchema.properties ?? {}) as Record<string, JsonSchema>;
const TABLE = "| Name | Type | Required | Default | Description |\n|---|---|---|---|---|\n";

describe("a null default makes the type nullable", () => {
  it.each([
    ["(str, default None)", "- `q` (str, default None): query"],
    ["(str, optional, default: null)", "- `q` (str, optional, default: null): query"],
    ["Default: None in the description", "- `q` (string): query. Default: None"],
    ["defaults to None", "- `q` (string): query; defaults to None."],
    ["a Python signature", "- `q: str = None`"],
    ["a Python signature with a description", "- `q: str = None` — query"],
    ["a table Default cell `None`", `${TABLE}| \`q\` | string | No | \`None\` | query |`],
    ["a table Default cell null", `${TABLE}| \`q\` | string | No | null | query |`],
  ])("%s", (_name, body) => {
    const q = props(tool(body)).q!;
    expect(q.type).toEqual(["string", "null"]);
    expect(q.default).toBeNull();
  });

  it("keeps an already nullable type as it is", () => {
    expect(props(tool("- `q: str | None = None`")).q).toEqual({ type: ["string", "null"], default: null });
    expect(props(tool("- `q` (Optional[list[int]], default None): ids")).q).toMatchObject({ default: null });
  });

  it("adds null to an enum", () => {
    const t = tool('- `level` (enum["low", "high"], default None): level');
    expect(props(t).level).toMatchObject({ enum: ["low", "high", null], default: null });
  });

  it("does not touch an untyped parameter", () => {
    expect(props(tool("- `q`: query. Default: None")).q).toEqual({
      description: "query. Default: None",
      default: null,
    });
  });
});

describe("lowercase none is not a null value", () => {
  it("`Default: none` in prose means no default and stays in the description", () => {
    const t = tool(`${TABLE}| \`threshold\` | float | No | | Minimum similarity score (0-1). Default: none |`);
    expect(props(t).threshold).toEqual({
      type: "number",
      description: "Minimum similarity score (0-1). Default: none",
    });
  });

  it("a bullet's `default none` is kept as text, with the type unchanged", () => {
    const q = props(tool("- `q` (int, default none): count")).q!;
    expect(q.type).toBe("integer");
    expect(q.default).toBeUndefined();
    expect(q.description).toBe("count. Default: none");
  });

  it("is an enum member when the enum lists it", () => {
    const t = tool('- `mode` (enum["none", "gzip"], default none): compression');
    expect(props(t).mode).toMatchObject({ enum: ["none", "gzip"], default: "none" });
  });

  it("coerceDefault reads None and null as null, but not none", () => {
    expect(coerceDefault("None", { type: "string" })).toEqual({ value: null, parsed: true });
    expect(coerceDefault("NULL", { type: "integer" })).toEqual({ value: null, parsed: true });
    expect(coerceDefault("none", { type: "string" })).toEqual({ parsed: false });
    expect(coerceDefault("NONE", { type: "string" })).toEqual({ parsed: false });
    expect(coerceDefault('"none"', { type: "string" })).toEqual({ value: "none", parsed: true });
  });
});

describe("withNull", () => {
  it.each<[string, JsonSchema, JsonSchema]>([
    ["a type", { type: "integer", minimum: 0 }, { type: ["integer", "null"], minimum: 0 }],
    ["a type list", { type: ["string", "number"] }, { type: ["string", "number", "null"] }],
    ["an enum", { enum: ["a", "b"] }, { enum: ["a", "b", null] }],
    ["a typed enum", { type: "string", enum: ["a"] }, { type: ["string", "null"], enum: ["a", null] }],
    [
      "anyOf",
      { anyOf: [{ type: "string" }, { type: "integer" }] },
      { anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] },
    ],
    ["oneOf", { oneOf: [{ type: "string" }] }, { oneOf: [{ type: "string" }, { type: "null" }] }],
    ["a const", { const: "x", description: "d" }, { anyOf: [{ const: "x" }, { type: "null" }], description: "d" }],
    ["a $ref", { $ref: "#/$defs/a" }, { anyOf: [{ $ref: "#/$defs/a" }, { type: "null" }] }],
  ])("%s", (_name, given, want) => {
    expect(withNull(given)).toEqual(want);
  });

  it.each<[string, JsonSchema]>([
    ["unconstrained", {}],
    ["nullable type", { type: ["string", "null"] }],
    ["null branch", { anyOf: [{ type: "string" }, { type: "null" }] }],
    ["unconstrained branch", { anyOf: [{ type: "string" }, {}] }],
    ["enum with null", { enum: ["a", null] }],
  ])("leaves %s as it is", (_name, given) => {
    expect(withNull(given)).toBe(given);
  });
});
