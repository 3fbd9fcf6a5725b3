import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import type { JsonSchema, ToolSpec } from "../../src/ir/types.js";
import type { List } from "mdast";
import { fieldsFromList } from "../../src/parse/markdown/bullets.js";
import { parseMarkdown } from "../../src/parse/markdown/document.js";
import { parseMarkdownSpec } from "../../src/parse/markdown/index.js";
import { expectLinear } from "../helpers/growth.js";

function tool(bullets: string): ToolSpec {
  const diagnostics = new DiagnosticBag();
  const md = `## Tool: \`move\`\n\nMoves.\n\n### Parameters\n\n${bullets}\n`;
  const tools = parseMarkdownSpec("specs/demo/MCP_TOOL_SPECIFICATION.md", md, diagnostics);
  expect(tools).toHaveLength(1);
  return tools[0]!;
}

const props = (t: ToolSpec) => (t.inputSchema.properties ?? {}) as Record<string, JsonSchema>;

describe("bullets naming several parameters", () => {
  it("splits a comma-separated list of code-span names sharing a type and description", () => {
    const t = tool("- `x`, `y`, `z` (float, required): coordinates");
    expect(props(t)).toEqual({
      x: { type: "number", description: "coordinates" },
      y: { type: "number", description: "coordinates" },
      z: { type: "number", description: "coordinates" },
    });
    expect(t.inputSchema.required).toEqual(["x", "y", "z"]);
  });

  it("splits names separated by a slash", () => {
    const t = tool("- `x` / `y` (int): position");
    expect(props(t)).toEqual({
      x: { type: "integer", description: "position" },
      y: { type: "integer", description: "position" },
    });
    expect(t.inputSchema.required ?? []).toEqual([]);
  });

  it("gives every name the shared default", () => {
    const t = tool("- `width`, `height` (integer, optional, default 0): size in pixels");
    expect(props(t)).toEqual({
      width: { type: "integer", description: "size in pixels", default: 0 },
      height: { type: "integer", description: "size in pixels", default: 0 },
    });
  });

  it("reads bold names and `and` / `, and` separators", () => {
    const t = tool("- **a**, **b**, and **c** (string): letters\n- **d** and **e**: more letters");
    expect(Object.keys(props(t))).toEqual(["a", "b", "c", "d", "e"]);
    expect(props(t).c).toEqual({ type: "string", description: "letters" });
    expect(props(t).e).toEqual({ description: "more letters" });
  });

  it("reads the names alone, and a dash before the description", () => {
    const t = tool("- `x`, `y` — the point\n- `u`, `v`");
    expect(Object.keys(props(t))).toEqual(["x", "y", "u", "v"]);
    expect(props(t).y!.description).toBe("the point");
  });

  it("gives each field the location of its own name, and reports an unknown type once", () => {
    const doc = parseMarkdown("a.md", "- `x`, `y` (flaot): point\n");
    const diagnostics = new DiagnosticBag();
    const fields = fieldsFromList(doc, doc.root.children[0] as List, diagnostics)!;
    expect(fields.map((f) => [f.name, f.loc.column])).toEqual([
      ["x", 3],
      ["y", 8],
    ]);
    expect(diagnostics.items.filter((d) => d.code === "SPEC_UNKNOWN_TYPE")).toHaveLength(1);
    // Separate copies: changing one field's schema leaves the other alone.
    fields[0]!.schema.type = "string";
    expect(fields[1]!.schema.type).toBeUndefined();
  });

  it("does not split when later code spans are values in the description", () => {
    const t = tool("- `mode` (string): one of `fast`, `slow`\n- `level`: `low`, `high`");
    expect(Object.keys(props(t))).toEqual(["mode", "level"]);
  });

  it("does not split names followed by other text, nor names of different kinds", () => {
    const t = tool(
      "- `GOOGLE_CLIENT_ID` and `GOOGLE_CLIENT_SECRET` environment variables\n- `p`, **q** (int): mixed\n- `r` (int): ok",
    );
    expect(Object.keys(props(t))).toEqual(["r"]);
  });

  it("reads names joined by `or` as alternatives: each an optional parameter of the shared type", () => {
    const t = tool(
      "- `path` or `url` (string, required): the target\n- `a`, `b`, or `c` (int): either\n- `d` (int, required): ok",
    );
    expect(props(t)).toEqual({
      path: { type: "string", description: "the target" },
      url: { type: "string", description: "the target" },
      a: { type: "integer", description: "either" },
      b: { type: "integer", description: "either" },
      c: { type: "integer", description: "either" },
      d: { type: "integer", description: "ok" },
    });
    expect(t.inputSchema.required).toEqual(["d"]);
  });

  it("negative: `or` followed by prose is not a list of names", () => {
    const t = tool("- `a` or `b` files are read\n- `c` (int): ok");
    expect(Object.keys(props(t))).toEqual(["c"]);
  });

  it("reads long runs of spaces between names in linear time", () => {
    const bullets = (n: number) => `- \`a\`,${" ".repeat(n)}\`b\` (int): both\n- \`c\`,${" ".repeat(n)}x`;
    expect(Object.keys(props(tool(bullets(40_000))))).toEqual(["a", "b"]);
    expectLinear({ input: bullets, run: tool }, 10_000);
  });

  it("gives nested fields to every name of an object bullet", () => {
    const t = tool("- `src`, `dst` (object): endpoints\n  - `host` (string): host name");
    expect(props(t).src).toMatchObject({ type: "object", properties: { host: { type: "string" } } });
    expect(props(t).dst).toMatchObject({ type: "object", properties: { host: { type: "string" } } });
  });
});
