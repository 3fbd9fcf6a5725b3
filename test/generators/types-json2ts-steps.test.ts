import { afterEach, describe, expect, it, vi } from "vitest";
import { createRequire } from "node:module";
import fc from "fast-check";
import { compile } from "json-schema-to-typescript";
import type { JSONSchema4 } from "json-schema";
import type { JsonSchema } from "../../src/ir/types.js";
import {
  compileSchemaTypes,
  hasDirectSteps,
  needsDereferencing,
  typeCompileOptions,
} from "../../generators/types/json2ts-steps.js";
import { prepareSchemaForTypes } from "../../generators/types/sanitize.js";
import { generate, makeTool } from "../helpers/make-tool.js";

// The types generator runs json-schema-to-typescript's steps itself for schemas with no
// `$ref` or `$id`, skipping its reference parser: the output must be what `compile` writes.

const GIVEN = {
  bannerComment: "",
  format: false,
  additionalProperties: false,
  declareExternallyReferenced: true,
  unreachableDefinitions: false,
  unknownAny: true,
  strictIndexSignatures: true,
  ignoreMinAndMaxItems: true,
};
const OPTIONS = typeCompileOptions(GIVEN);

/** What json-schema-to-typescript's own `compile` writes for the prepared schema. */
const viaCompile = (schema: JsonSchema, name: string) => compile(schema as JSONSchema4, name, GIVEN);

const prepared = (schema: JsonSchema, name = "ToolArgs") =>
  prepareSchemaForTypes(schema, name, "Arguments of the tool.", "Tool", new Set([name]));

const SCHEMAS: JsonSchema[] = [
  {
    type: "object",
    properties: {
      query: { type: "string", minLength: 1, description: "Search *text*." },
      limit: { type: "integer", default: 10 },
      mode: { type: "string", enum: ["fast", "exact"] },
      tags: { type: "array", items: { type: "string" } },
      filter: {
        type: "object",
        properties: { field: { type: "string" }, value: { type: ["string", "number", "null"] } },
        required: ["field"],
        additionalProperties: false,
      },
      pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], minItems: 1 },
      either: { anyOf: [{ type: "string" }, { type: "object", properties: { a: { const: 1 } } }] },
      both: { allOf: [{ type: "object", properties: { a: { type: "string" } } }, { required: ["a"] }] },
      one: { oneOf: [{ type: "boolean" }, { type: "integer" }] },
      map: { type: "object", additionalProperties: { type: "number" } },
      patterned: { type: "object", patternProperties: { "^x-": { type: "string" } } },
      anything: {},
      old: { type: "string", deprecated: true, title: "Old field" },
    },
    required: ["query"],
  },
  { type: "object", properties: { hasOwnProperty: { type: "string" }, constructor: { type: "number" } } },
  {
    type: "object",
    properties: { a: { type: "object", properties: { b: { type: "array", items: { enum: [1, "x", null] } } } } },
  },
  { anyOf: [{}, { type: "string" }] },
  { type: "object", $defs: { Thing: { type: "string" } }, properties: { n: { type: "integer" } } },
];

describe("json-schema-to-typescript's steps without the reference parser", () => {
  it("write what compile writes, for every schema without $ref or $id", async () => {
    for (const [i, schema] of SCHEMAS.entries()) {
      const p = prepared(schema);
      expect(needsDereferencing(p), `schema ${i}`).toBe(false);
      expect(await compileSchemaTypes(p, "ToolArgs", OPTIONS), `schema ${i}`).toBe(await viaCompile(p, "ToolArgs"));
    }
  });

  it("write what compile writes, for random schemas (fast-check, fixed seed)", async () => {
    const leaf = fc.oneof(
      fc.constantFrom<JsonSchema>(
        { type: "string" },
        { type: "integer", minimum: 0 },
        { type: ["number", "null"] },
        { type: "boolean", description: "a flag" },
        { enum: ["a", "b", 3] },
        { const: "x" },
        {},
      ),
    );
    const schema = fc.letrec<{ node: JsonSchema }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        fc.dictionary(fc.stringMatching(/^[a-z][a-zA-Z_]{0,6}$/), tie("node"), { maxKeys: 4 }).chain((properties) =>
          fc.record({
            type: fc.constant("object"),
            properties: fc.constant(properties),
            required: fc.subarray(Object.keys(properties)),
            additionalProperties: fc.boolean(),
            description: fc.string({ maxLength: 12 }),
          }),
        ),
        fc.record({ type: fc.constant("array"), items: tie("node") }),
        fc.record({ anyOf: fc.array(tie("node"), { minLength: 1, maxLength: 3 }) }),
        fc.record({ allOf: fc.array(tie("node"), { minLength: 1, maxLength: 2 }) }),
      ),
    })).node;
    await fc.assert(
      fc.asyncProperty(schema, async (s) => {
        const p = prepared({ type: "object", properties: { root: s } });
        expect(await compileSchemaTypes(p, "ToolArgs", OPTIONS)).toBe(await viaCompile(p, "ToolArgs"));
      }),
      { seed: 32, numRuns: 150 },
    );
  });

  it("are used with the installed version (the one they were compared on), else compile runs", () => {
    // A version outside the tested ones falls back to compile for every schema; the
    // installed one must be a tested one, or this file compares nothing.
    expect(hasDirectSteps()).toBe(true);
  });

  it("type a const or enum value shaped like a reference as itself, on both paths", async () => {
    const literal = { $ref: "#/properties/b" };
    const props = (a: JsonSchema): Record<string, JsonSchema> => ({ a, b: { type: "string" } });
    const values: JsonSchema[] = [{ const: literal }, { enum: [literal, { x: [{ $ref: "#/nowhere" }] }] }];
    for (const a of values) {
      // Without a $ref the steps run directly; with one the reference parser runs first.
      const direct = { type: "object", properties: props(a) };
      const dereferenced = {
        type: "object",
        $defs: { S: { type: "string" } },
        properties: { ...props(a), c: { $ref: "#/$defs/S" } },
      };
      for (const s of [direct, dereferenced]) {
        const code = await compileSchemaTypes(prepared(s), "ToolArgs", OPTIONS);
        expect(code, JSON.stringify(s)).toContain('a?: {"$ref":"#/properties/b"}');
      }
    }
  });

  it("leave schemas with $ref or $id to compile", () => {
    expect(needsDereferencing({ type: "object", properties: { a: { $ref: "#/$defs/A" } } })).toBe(true);
    expect(needsDereferencing({ anyOf: [{ $id: "#thing", type: "string" }] })).toBe(true);
    // A property named "$ref" is a name, not a keyword; its subschema has no $ref.
    expect(needsDereferencing({ type: "object", properties: { $ref: { type: "string" } } })).toBe(false);
  });
});

describe("types generator: the reference parser runs only for schemas that need it", () => {
  const require = createRequire(import.meta.url);
  const { $RefParser } = require("@apidevtools/json-schema-ref-parser") as {
    $RefParser: { prototype: { dereference: (...args: unknown[]) => unknown } };
  };
  afterEach(() => vi.restoreAllMocks());

  it("dereferences no schema of tools without $ref, and each schema of tools with one", async () => {
    const plain = (i: number) =>
      makeTool({
        name: `m.tool_${i}`,
        inputSchema: { type: "object", properties: { q: { type: "string" } } },
        outputSchema: { type: "object", properties: { n: { type: "integer" } } },
      });
    const withRef = (i: number) =>
      makeTool({
        name: `m.ref_${i}`,
        inputSchema: { type: "object", $defs: { Q: { type: "string" } }, properties: { q: { $ref: "#/$defs/Q" } } },
      });
    const dereference = vi.spyOn($RefParser.prototype, "dereference");
    const files = await generate(
      [...Array.from({ length: 8 }, (_, i) => plain(i)), ...Array.from({ length: 3 }, (_, i) => withRef(i))],
      ["types"],
    );
    expect(files.some((f) => f.path === "types/m.ts")).toBe(true);
    expect(dereference).toHaveBeenCalledTimes(3);
  });
});
