import { describe, expect, it } from "vitest";
import { schemaRows, schemaType } from "../../src/catalogue/schema-rows.js";
import type { JsonSchema } from "../../src/ir/types.js";

describe("schemaRows", () => {
  it("lists each property with its type, required flag, default, allowed values and constraints", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: {
        query: { type: "string", minLength: 1, maxLength: 200, pattern: "^[a-z]+$", description: "What to find." },
        limit: { type: "integer", minimum: 1, maximum: 50, default: 10 },
        sort: { type: "string", enum: ["asc", "desc"], default: "asc" },
        tags: { type: "array", items: { type: "string", enum: ["a", "b"] }, uniqueItems: true, maxItems: 5 },
        when: { type: ["string", "null"], format: "date-time", deprecated: true },
      },
      required: ["query"],
    };
    expect(schemaRows(schema)).toEqual([
      {
        path: "query",
        depth: 0,
        type: "string",
        required: true,
        constraints: ["minLength: 1", "maxLength: 200", "pattern: ^[a-z]+$"],
        description: "What to find.",
      },
      {
        path: "limit",
        depth: 0,
        type: "integer",
        required: false,
        defaultValue: "10",
        constraints: ["minimum: 1", "maximum: 50"],
      },
      {
        path: "sort",
        depth: 0,
        type: "string",
        required: false,
        defaultValue: '"asc"',
        enumValues: ['"asc"', '"desc"'],
        constraints: [],
      },
      {
        path: "tags",
        depth: 0,
        type: "string[]",
        required: false,
        enumValues: ['"a"', '"b"'],
        constraints: ["maxItems: 5", "uniqueItems: true"],
      },
      {
        path: "when",
        depth: 0,
        type: "string | null",
        required: false,
        constraints: ["format: date-time"],
        deprecated: true,
      },
    ]);
  });

  it("lists nested properties of objects, array items and local $refs, and a recursive definition once", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: {
        options: { type: "object", properties: { depth: { type: "integer" } }, required: ["depth"] },
        items: { type: "array", items: { $ref: "#/$defs/Node" } },
      },
      $defs: {
        Node: {
          type: "object",
          description: "A node.",
          properties: { id: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Node" } } },
        },
      },
    };
    expect(schemaRows(schema).map((r) => [r.path, r.depth, r.type, r.required])).toEqual([
      ["options", 0, "object", false],
      ["options.depth", 1, "integer", true],
      ["items", 0, "Node[]", false],
      ["items[].id", 1, "string", false],
      ["items[].children", 1, "Node[]", false],
    ]);
  });

  it("has no rows for a schema without properties", () => {
    expect(schemaRows({ type: "object", additionalProperties: false })).toEqual([]);
    expect(schemaRows({ type: "array", items: { type: "string" } })).toEqual([]);
  });
});

describe("schemaType", () => {
  it.each([
    [{ type: "string" }, "string"],
    [{ const: "x" }, '"x"'],
    [{ enum: [1, 2] }, "1 | 2"],
    [{ anyOf: [{ type: "string" }, { type: "null" }] }, "string | null"],
    [{ type: "array", items: { anyOf: [{ type: "string" }, { type: "integer" }] } }, "(string | integer)[]"],
    [{ type: "array" }, "array"],
    [{ $ref: "#/$defs/a~1b" }, "a/b"],
    [{ allOf: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/B" }] }, "A & B"],
    [{}, "any"],
  ] as Array<[JsonSchema, string]>)("%j is %s", (schema, type) => {
    expect(schemaType(schema, schema)).toBe(type);
  });
});
