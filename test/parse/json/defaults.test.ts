import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../../src/diagnostics/types.js";
import { parseJsonSpec } from "../../../src/parse/json/index.js";

// A default its own property rejects is an error in a JSON spec file, as in a JSON Schema
// block of a Markdown spec, and it points at the default.

function read(text: string) {
  const bag = new DiagnosticBag();
  const tools = parseJsonSpec("specs/tools.json", text, bag);
  return { tools, diags: bag.items.map((d) => `${d.loc.line}:${d.loc.column} ${d.severity} ${d.code} ${d.message}`) };
}

describe("defaults in JSON specs", () => {
  it("a default of the wrong type is SPEC_DEFAULT_INVALID at the default", () => {
    const text = `{
  "name": "count",
  "description": "Counts.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "n": {"type": "integer", "default": "twenty"}
    }
  }
}`;
    const { diags } = read(text);
    const col = text.split("\n")[6]!.indexOf('"twenty"') + 1;
    expect(diags).toEqual([
      `7:${col} error SPEC_DEFAULT_INVALID the default of "n" does not validate: "twenty" is not of type integer`,
    ]);
  });

  it("checks enum and bounds, nested properties and the output schema", () => {
    const { diags } = read(
      JSON.stringify({
        tools: [
          {
            name: "a",
            description: "A.",
            inputSchema: {
              type: "object",
              properties: { o: { type: "object", properties: { m: { enum: ["x", "y"], default: "z" } } } },
            },
            outputSchema: { type: "object", properties: { k: { type: "number", maximum: 3, default: 4 } } },
          },
        ],
      }),
    );
    expect(diags.map((d) => d.replace(/^\S+ /, ""))).toEqual([
      'error SPEC_DEFAULT_INVALID the default of "o.m" does not validate: "z" is not one of ["x","y"]',
      'error SPEC_DEFAULT_INVALID the default of "k" does not validate: 4 is above the maximum 3',
    ]);
  });

  it("a default that validates says nothing", () => {
    const { diags } = read(
      '{"name": "a", "description": "A.", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer", "default": 3}}}}',
    );
    expect(diags).toEqual([]);
  });
});
