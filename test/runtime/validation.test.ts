import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  canonicalJson,
  compileSchema,
  issuesFromErrors,
  ToolRegistry,
  type ValidateFunction,
} from "@mcp-specgen/runtime";

const require = createRequire(import.meta.url);

function issuesFor(schema: object, data: unknown) {
  const validate = compileSchema(schema as Record<string, unknown>);
  expect(validate(data)).toBe(false);
  return issuesFromErrors(validate.errors, data);
}

describe("issuesFromErrors", () => {
  const schema = {
    type: "object",
    properties: {
      count: { type: "integer", minimum: 1 },
      mode: { enum: ["fast", "slow"] },
      kind: { const: "fixed" },
      items: {
        type: "array",
        items: {
          type: "object",
          properties: { name: { type: "string" } },
          required: ["name"],
          additionalProperties: false,
        },
      },
    },
    required: ["count", "items"],
    additionalProperties: false,
  };

  it("lists every failing field with a JSON pointer, the keyword and the value", () => {
    const data = { count: 0, mode: "medium", kind: "other", items: [{ name: 1 }, { extra: true }], "a/b": 1 };
    expect(issuesFor(schema, data)).toEqual([
      { pointer: "/a~1b", rule: "additionalProperties", message: "is not allowed (unknown property)", value: 1 },
      { pointer: "/count", rule: "minimum", message: "must be >= 1", value: 0 },
      { pointer: "/mode", rule: "enum", message: 'must be one of ["fast","slow"]', value: "medium" },
      { pointer: "/kind", rule: "const", message: 'must be "fixed"', value: "other" },
      { pointer: "/items/0/name", rule: "type", message: "must be string", value: 1 },
      { pointer: "/items/1/name", rule: "required", message: "is required" },
      {
        pointer: "/items/1/extra",
        rule: "additionalProperties",
        message: "is not allowed (unknown property)",
        value: true,
      },
    ]);
  });

  it("points required errors at the missing property", () => {
    expect(issuesFor(schema, {})).toEqual([
      { pointer: "/count", rule: "required", message: "is required" },
      { pointer: "/items", rule: "required", message: "is required" },
    ]);
  });

  it("reports a root type error at the empty pointer", () => {
    expect(issuesFor(schema, [])).toEqual([{ pointer: "", rule: "type", message: "must be object", value: [] }]);
  });

  it("copes with validators that leave no errors", () => {
    expect(issuesFromErrors(null, 5)).toEqual([
      { pointer: "", rule: "schema", message: "does not match the schema", value: 5 },
    ]);
  });

  it("drops duplicate issues", () => {
    const errors = [
      { instancePath: "/a", schemaPath: "#/x", keyword: "type", params: {}, message: "must be string" },
      { instancePath: "/a", schemaPath: "#/y", keyword: "type", params: {}, message: "must be string" },
    ];
    expect(issuesFromErrors(errors, { a: 1 })).toHaveLength(1);
  });
});

describe("canonicalJson", () => {
  it("ignores key order and undefined properties", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"x":1,"y":2}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  it("is the JSON text of any JSON value with every object's keys sorted", () => {
    // The definition, one level joined at a time.
    const reference = (value: unknown): string => {
      if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
      if (Array.isArray(value)) return `[${value.map(reference).join(",")}]`;
      const record = value as Record<string, unknown>;
      const members = Object.keys(record)
        .sort()
        .filter((k) => record[k] !== undefined)
        .map((k) => `${JSON.stringify(k)}:${reference(record[k])}`);
      return `{${members.join(",")}}`;
    };
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        // Through JSON.parse, as data arrives: a `__proto__` key is then an own key.
        const parsed = JSON.parse(JSON.stringify(value)) as unknown;
        expect(canonicalJson(parsed)).toBe(reference(parsed));
      }),
      { seed: 20261128, numRuns: 300 },
    );
    // Values JSON.stringify writes otherwise than the definition (and keys an object orders itself).
    const fn = () => 1;
    for (const odd of [
      { b: 1, 10: "ten", 9: "nine", a: [3, { 2: 0, 1: 0 }] },
      JSON.parse('{"__proto__": {"b": 1, "a": 2}, "x": [1]}') as unknown,
      { f: fn, s: Symbol("s"), u: undefined, list: [fn, undefined, Symbol("t")] },
      { when: new Date(0), boxed: Object("text") as unknown, own: { toJSON: () => "own" } },
      Object.assign(Object.create(null) as object, { b: 2, a: 1 }),
      fn,
      undefined,
      [undefined, null, -0, Number.NaN],
    ])
      expect(canonicalJson(odd)).toBe(reference(odd));
  });
});

describe("compileSchema", () => {
  it("reads only an argument's own properties, never inherited members", () => {
    const optional = compileSchema({
      type: "object",
      properties: { constructor: { type: "object", required: ["x"] } },
    });
    expect(optional({})).toBe(true);
    const required = compileSchema({
      type: "object",
      properties: { toString: { type: "string" } },
      required: ["toString"],
    });
    expect(required({})).toBe(false);
    expect(required({ toString: "s" })).toBe(true);
  });

  it("caches by content, not by object identity", () => {
    const a = compileSchema({ type: "object", properties: { x: { type: "string", minLength: 3 } } });
    const b = compileSchema({ properties: { x: { minLength: 3, type: "string" } }, type: "object" });
    const c = compileSchema({ type: "object", properties: { x: { type: "string", minLength: 4 } } });
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it("validates formats (ajv-formats)", () => {
    const validate = compileSchema({ type: "string", format: "email" });
    expect(validate("a@example.com")).toBe(true);
    expect(validate("not an email")).toBe(false);
  });

  it("picks the dialect from $schema", () => {
    const v2020 = compileSchema({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "array",
      prefixItems: [{ type: "number" }],
      items: false,
    });
    expect(v2020([1])).toBe(true);
    expect(v2020([1, 2])).toBe(false);
    const v7 = compileSchema({ $schema: "http://json-schema.org/draft-07/schema#", type: "number" });
    expect(v7(1)).toBe(true);
    const v4 = compileSchema({ $schema: "http://json-schema.org/draft-04/schema#", type: "number" });
    expect(v4("x")).toBe(false);
  });

  it("compiles different schemas that share an $id", () => {
    const v1 = compileSchema({ $id: "urn:test:same-id", type: "string" });
    const v2 = compileSchema({ $id: "urn:test:same-id", type: "number" });
    expect(v1("x")).toBe(true);
    expect(v2(1)).toBe(true);
    expect(v2("x")).toBe(false);
  });

  it("throws for an invalid schema", () => {
    expect(() => compileSchema({ type: "no-such-type" })).toThrow();
  });
});

describe("ajv standalone validators", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-runtime-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("are accepted as precompiled validateInput / validateOutput", async () => {
    const Ajv = require("ajv").default;
    const standaloneCode = require("ajv/dist/standalone").default;
    const inputSchema = {
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
      additionalProperties: false,
    };
    const outputSchema = { type: "object", properties: { sum: { type: "number" } }, required: ["sum"] };
    // Both validators in one ESM module, as generated code would ship them.
    const ajv = new Ajv({ code: { source: true, esm: true }, allErrors: true, strict: false });
    ajv.addSchema(inputSchema, "input");
    ajv.addSchema(outputSchema, "output");
    const file = join(dir, "validators.mjs");
    writeFileSync(file, standaloneCode(ajv, { validateInput: "input", validateOutput: "output" }));
    const mod = (await import(file)) as { validateInput: ValidateFunction; validateOutput: ValidateFunction };

    const registry = new ToolRegistry({
      // Proves nothing is compiled at run time when validators are given.
      compileSchema: () => {
        throw new Error("should not compile");
      },
    });
    registry.register(
      {
        name: "math.sum",
        inputSchema,
        outputSchema,
        validateInput: mod.validateInput,
        validateOutput: mod.validateOutput,
      },
      ({ a, b }: { a: number; b: number }) => ({ sum: a + b }),
    );
    expect(await registry.execute({ tool_name: "math.sum", arguments: { a: 1, b: 2 } })).toEqual({
      status: "success",
      data: { sum: 3 },
    });
    const bad = await registry.execute({ tool_name: "math.sum", arguments: { a: "1" } });
    expect(bad.error?.error_details).toEqual({
      errors: [
        { pointer: "/b", rule: "required", message: "is required" },
        { pointer: "/a", rule: "type", message: "must be number", value: "1" },
      ],
    });
  });
});
