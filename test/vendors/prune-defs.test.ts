import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../src/ir/types.js";
import { pruneUnreachableDefs } from "../../src/schema/prune-defs.js";

const str = { type: "string" };

describe("pruneUnreachableDefs", () => {
  it("keeps what the root reaches, transitively, and drops the rest", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { a: { $ref: "#/$defs/A" } },
      $defs: {
        A: { type: "object", properties: { b: { $ref: "#/$defs/B" } } },
        B: { type: "array", items: { $ref: "#/definitions/C" } },
        Unused: { $ref: "#/$defs/AlsoUnused" },
        AlsoUnused: str,
      },
      definitions: { C: str, D: str },
    };
    const got = pruneUnreachableDefs(schema);
    expect(Object.keys(got.schema.$defs as object)).toEqual(["A", "B"]);
    expect(Object.keys(got.schema.definitions as object)).toEqual(["C"]);
    expect(got.removed).toEqual([
      { keyword: "$defs", name: "Unused" },
      { keyword: "$defs", name: "AlsoUnused" },
      { keyword: "definitions", name: "D" },
    ]);
  });

  it("decodes JSON-pointer and percent escapes in names", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { a: { $ref: "#/$defs/a~1b" }, b: { $ref: "#/$defs/t~0x" }, c: { $ref: "#/$defs/sp%20ace" } },
      $defs: { "a/b": str, "t~x": str, "sp ace": str, other: str },
    };
    expect(Object.keys(pruneUnreachableDefs(schema).schema.$defs as object)).toEqual(["a/b", "t~x", "sp ace"]);
  });

  it("a pointer into a definition keeps the whole definition", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { a: { $ref: "#/$defs/A/properties/x" } },
      $defs: { A: { type: "object", properties: { x: { $ref: "#/$defs/X" } } }, X: str, Y: str },
    };
    expect(pruneUnreachableDefs(schema).removed).toEqual([{ keyword: "$defs", name: "Y" }]);
  });

  it("follows recursion and refs in any subschema position, but not in data", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: {
        tree: { $ref: "#/$defs/Node" },
        e: { enum: [{ $ref: "#/$defs/InEnum" }] },
        d: { type: "object", default: { $ref: "#/$defs/InDefault" }, properties: {} },
      },
      $defs: {
        Node: { type: "object", properties: { kids: { type: "array", items: { $ref: "#/$defs/Node" } } } },
        InEnum: str,
        InDefault: str,
      },
    };
    const got = pruneUnreachableDefs(schema);
    expect(Object.keys(got.schema.$defs as object)).toEqual(["Node"]);
  });

  it("a property named $defs or default is a property, not a keyword", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { $defs: { $ref: "#/$defs/A" }, default: { $ref: "#/$defs/B" } },
      $defs: { A: str, B: str, C: str },
    };
    expect(pruneUnreachableDefs(schema).removed).toEqual([{ keyword: "$defs", name: "C" }]);
  });

  it("drops a definition map left empty, returns the input itself when nothing is dropped", () => {
    const unused: JsonSchema = { type: "object", $defs: { X: str } };
    expect(pruneUnreachableDefs(unused).schema).toEqual({ type: "object" });
    const used: JsonSchema = { type: "object", properties: { x: { $ref: "#/$defs/X" } }, $defs: { X: str } };
    expect(pruneUnreachableDefs(used).schema).toBe(used);
  });

  it.each<[string, JsonSchema]>([
    ["a remote $ref", { type: "object", properties: { a: { $ref: "other.json#/$defs/X" } }, $defs: { X: str } }],
    ["an anchor $ref", { type: "object", properties: { a: { $ref: "#x" } }, $defs: { X: { $anchor: "x", ...str } } }],
    ["a nested $id", { type: "object", properties: { a: { $id: "urn:a", type: "string" } }, $defs: { X: str } }],
    ["a $dynamicRef", { type: "object", properties: { a: { $dynamicRef: "#n" } }, $defs: { X: str } }],
    ["a malformed escape", { type: "object", properties: { a: { $ref: "#/$defs/%E0" } }, $defs: { X: str } }],
  ])("prunes nothing when it cannot follow every reference: %s", (_name, schema) => {
    expect(pruneUnreachableDefs(schema)).toEqual({ schema, removed: [] });
  });

  it("never mutates its input, and keeps __proto__ an own key", () => {
    const schema = JSON.parse(
      '{"type":"object","__proto__":{"x":1},"properties":{"a":{"$ref":"#/$defs/__proto__"}},"$defs":{"__proto__":{"type":"string"},"b":{"type":"string"}}}',
    ) as JsonSchema;
    const before = structuredClone(schema);
    const got = pruneUnreachableDefs(schema);
    expect(schema).toEqual(before);
    expect(Object.hasOwn(got.schema, "__proto__")).toBe(true);
    expect(Object.hasOwn(got.schema.$defs as object, "__proto__")).toBe(true);
    expect(got.removed).toEqual([{ keyword: "$defs", name: "b" }]);
  });
});
