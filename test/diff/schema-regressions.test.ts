// Regressions (adversarial review) of the schema comparison of `mcp-specgen diff`: equivalent
// spellings of a union reported as major, an added keyword reported as minor, recursive
// schemas that overflowed the stack, and a shared definition reported once per path (2^n).
import { afterEach, describe, expect, it } from "vitest";
import { compareSchemas } from "../../src/diff/compare-schema.js";
import type { JsonValue } from "../../src/ir/types.js";
import { runCli, tempProject, type TempProject } from "../helpers/project.js";

let project: TempProject | undefined;
afterEach(() => {
  project?.dispose();
  project = undefined;
});

type Schema = { [key: string]: JsonValue };
const args = (properties: Schema, extra: Schema = {}): Schema => ({ type: "object", properties, ...extra });

/** `mcp-specgen diff a.json b.json --json` over one tool `t` with these input schemas. */
async function diffInputs(before: Schema, after: Schema): Promise<{ code: number; impact: string; codes: string[] }> {
  const list = (inputSchema: Schema) => JSON.stringify({ tools: [{ name: "t", description: "T.", inputSchema }] });
  project = tempProject({ "a/tools.json": list(before), "b/tools.json": list(after) });
  const run = await runCli(["diff", "a/tools.json", "b/tools.json", "--json"], project.dir);
  const out = JSON.parse(run.stdout) as { impact: string; changes: Array<{ code: string }> };
  return { code: run.code, impact: out.impact, codes: out.changes.map((c) => c.code) };
}

describe("diff: equivalent spellings of a union are not changes", () => {
  // A nullable parameter written as a type list and as anyOf (what Pydantic/FastMCP emit for
  // Optional[str]) accepts exactly the same values; it was reported as a major change.
  it("type: [string, null] rewritten as anyOf [string, null] is not a major change", async () => {
    const r = await diffInputs(
      args({ a: { type: ["string", "null"] } }),
      args({ a: { anyOf: [{ type: "string" }, { type: "null" }] } }),
    );
    expect(r.codes).not.toContain("INPUT_TYPE_NARROWED");
    expect(r.impact).not.toBe("major");
  });

  it("enum [x, y] rewritten as anyOf [const x, const y] is not a major change", async () => {
    const r = await diffInputs(
      args({ a: { enum: ["x", "y"] } }),
      args({ a: { anyOf: [{ const: "x" }, { const: "y" }] } }),
    );
    expect(r.codes).not.toContain("INPUT_ENUM_VALUE_REMOVED");
    expect(r.impact).not.toBe("major");
  });
});

describe("diff: a real change across union spellings is still reported by its rule", () => {
  const kinds = (before: Schema, after: Schema) =>
    compareSchemas(args({ a: before }), args({ a: after }), "input").map((c) => c.kind);

  it("a value left out of the anyOf of consts is an enum value removed", () => {
    expect(kinds({ type: "string", enum: ["x", "y", "z"] }, { anyOf: [{ const: "x" }, { const: "y" }] })).toEqual([
      "enum-value-removed",
    ]);
  });

  it("a string bound of a type list applies to the string member only", () => {
    const before = { type: ["string", "null"], minLength: 1 };
    expect(kinds(before, { anyOf: [{ type: "string", minLength: 1 }, { type: "null" }] })).toEqual([]);
    expect(kinds(before, { anyOf: [{ type: "string", minLength: 2 }, { type: "null" }] })).toEqual([
      "constraint-tightened",
    ]);
  });
});

describe("diff: a breaking input change the structural rules do not know is not reported as minor", () => {
  // `{a: "x"}` was accepted and is now rejected (b is required with a): a breaking change.
  it("dependentRequired added to the arguments is major", async () => {
    const props = { a: { type: "string" }, b: { type: "string" } };
    const r = await diffInputs(args(props), args(props, { dependentRequired: { a: ["b"] } }));
    expect(r.impact).toBe("major");
  });

  it("if/then making a parameter required is major", async () => {
    const props = { a: { type: "string" }, b: { type: "integer" } };
    const r = await diffInputs(
      args(props),
      args(props, { if: { properties: { a: { const: "x" } }, required: ["a"] }, then: { required: ["b"] } }),
    );
    expect(r.impact).toBe("major");
  });
});

describe("diff: recursive schemas end", () => {
  // Both are legal JSON Schema; the comparison recurses without end and the CLI prints
  // "internal error: Maximum call stack size exceeded".
  it("a definition whose allOf refers to itself does not overflow the stack", () => {
    const side = (type: string): Schema => ({
      type: "object",
      $defs: { a: { allOf: [{ $ref: "#/$defs/a" }], type } },
      properties: { a: { $ref: "#/$defs/a" } },
    });
    let changes: unknown[] = [];
    expect(() => {
      changes = compareSchemas(side("string"), side("integer"), "input");
    }).not.toThrow();
    expect(changes.length).toBeGreaterThan(0);
  });

  it("a union member that refers to its own union does not overflow the stack", () => {
    const side = (type: string): Schema => ({
      type: "object",
      $defs: { j: { anyOf: [{ $ref: "#/$defs/j" }, { type }] } },
      properties: { a: { $ref: "#/$defs/j" } },
    });
    expect(() => compareSchemas(side("string"), side("integer"), "input")).not.toThrow();
  });
});

describe("diff: a change in a shared definition is reported once, not once per path to it", () => {
  // d0 → d1 → … → dn, each through two properties: 2^n paths reach dn. One changed leaf is
  // reported once per path, 2^n times, and the time grows with it.
  const chain = (n: number, leaf: string): Schema => {
    const defs: Schema = {};
    for (let i = 0; i < n; i++)
      defs[`d${i}`] = {
        type: "object",
        properties: { x: { $ref: `#/$defs/d${i + 1}` }, y: { $ref: `#/$defs/d${i + 1}` } },
      };
    defs[`d${n}`] = { type: leaf };
    return { type: "object", $defs: defs, properties: { r: { $ref: "#/$defs/d0" } } };
  };

  it("the number of changes does not grow with the number of paths to the definition", () => {
    const small = compareSchemas(chain(4, "string"), chain(4, "integer"), "input").length;
    const large = compareSchemas(chain(10, "string"), chain(10, "integer"), "input").length;
    expect(small).toBeGreaterThan(0);
    // One change per changed definition (or per definition on the way) at most: not 2^n.
    expect(large).toBeLessThanOrEqual(small * 3);
  });
});
