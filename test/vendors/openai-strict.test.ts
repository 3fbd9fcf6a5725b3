import { describe, expect, expectTypeOf, it } from "vitest";
import type { ChatCompletionTool } from "openai/resources/chat/completions";
import type { FunctionTool } from "openai/resources/responses/responses";
import { OPENAI_STRICT_LIMITS, toStrictSchema, type StrictSchemaResult } from "../../src/vendors/openai-strict.js";
import type { JsonSchema } from "../../src/ir/types.js";

type Want = { strict: true; schema: JsonSchema } | { strict: false; reason: RegExp };

/** An object schema nested `levels` objects deep (the root counts as one). */
function nested(levels: number): JsonSchema {
  let schema: JsonSchema = { type: "object", properties: { leaf: { type: "string" } }, required: ["leaf"] };
  for (let i = 1; i < levels; i++) schema = { type: "object", properties: { child: schema }, required: ["child"] };
  return schema;
}

const converted: Array<[string, { given: JsonSchema; want: Want }]> = [
  [
    "empty root object",
    {
      given: { type: "object" },
      want: { strict: true, schema: { type: "object", properties: {}, required: [], additionalProperties: false } },
    },
  ],
  [
    "MCP no-parameter schema keeps key order",
    {
      given: { type: "object", additionalProperties: false },
      want: { strict: true, schema: { type: "object", additionalProperties: false, properties: {}, required: [] } },
    },
  ],
  [
    "all-required primitives get additionalProperties: false",
    {
      given: { type: "object", properties: { a: { type: "integer" }, b: { type: "boolean" } }, required: ["b", "a"] },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: { a: { type: "integer" }, b: { type: "boolean" } },
          required: ["a", "b"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "optional primitive becomes nullable and required",
    {
      given: {
        type: "object",
        properties: { path: { type: "string", description: "file" }, limit: { type: "integer", minimum: 1 } },
        required: ["path"],
      },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: {
            path: { type: "string", description: "file" },
            limit: { type: ["integer", "null"], minimum: 1 },
          },
          required: ["path", "limit"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "defaults and other annotations are dropped",
    {
      given: {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        $id: "urn:x",
        $comment: "c",
        "x-internal": true,
        type: "object",
        properties: { n: { type: "number", default: 3, examples: [1], deprecated: true, readOnly: false } },
        required: ["n"],
      },
      want: {
        strict: true,
        schema: { type: "object", properties: { n: { type: "number" } }, required: ["n"], additionalProperties: false },
      },
    },
  ],
  [
    "enum with an optional property gets null",
    {
      given: { type: "object", properties: { mode: { type: "string", enum: ["fast", "slow"], default: "fast" } } },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: { mode: { type: ["string", "null"], enum: ["fast", "slow", null] } },
          required: ["mode"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "enum without type gets an inferred type",
    {
      given: {
        type: "object",
        properties: { level: { enum: [1, 2.5] }, tag: { enum: ["a", "b"] } },
        required: ["level", "tag"],
      },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: { level: { type: "number", enum: [1, 2.5] }, tag: { type: "string", enum: ["a", "b"] } },
          required: ["level", "tag"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "optional const becomes an enum with null",
    {
      given: { type: "object", properties: { kind: { type: "string", const: "file" } } },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: { kind: { type: ["string", "null"], enum: ["file", null] } },
          required: ["kind"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "optional type union gets null added",
    {
      given: { type: "object", properties: { id: { type: ["string", "integer"] } } },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: { id: { type: ["string", "integer", "null"] } },
          required: ["id"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "optional property that is already nullable is unchanged",
    {
      given: { type: "object", properties: { note: { type: ["string", "null"] } } },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: { note: { type: ["string", "null"] } },
          required: ["note"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "optional enum listing null under a non-null type is made nullable once",
    {
      given: { type: "object", properties: { s: { type: "string", enum: ["on", null] } } },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: { s: { type: ["string", "null"], enum: ["on", null] } },
          required: ["s"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "optional anyOf whose only null-listing branch refuses null gets a null branch",
    {
      given: {
        type: "object",
        properties: { v: { anyOf: [{ type: "string", enum: ["a", null] }, { type: "integer" }] } },
      },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: {
            v: { anyOf: [{ type: "string", enum: ["a", null] }, { type: "integer" }, { type: "null" }] },
          },
          required: ["v"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "nested required object is made strict",
    {
      given: {
        type: "object",
        properties: { opts: { type: "object", properties: { deep: { type: "boolean" } } } },
        required: ["opts"],
      },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: {
            opts: {
              type: "object",
              properties: { deep: { type: ["boolean", "null"] } },
              required: ["deep"],
              additionalProperties: false,
            },
          },
          required: ["opts"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "optional nested object is wrapped in anyOf with the description outside",
    {
      given: {
        type: "object",
        properties: {
          opts: { type: "object", description: "options", properties: { x: { type: "string" } }, required: ["x"] },
        },
      },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: {
            opts: {
              description: "options",
              anyOf: [
                { type: "object", properties: { x: { type: "string" } }, required: ["x"], additionalProperties: false },
                { type: "null" },
              ],
            },
          },
          required: ["opts"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "array of objects",
    {
      given: {
        type: "object",
        properties: {
          rows: {
            type: "array",
            minItems: 1,
            items: {
              type: "object",
              properties: { id: { type: "integer" }, tag: { type: "string" } },
              required: ["id"],
            },
          },
        },
        required: ["rows"],
      },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: {
            rows: {
              type: "array",
              minItems: 1,
              items: {
                type: "object",
                properties: { id: { type: "integer" }, tag: { type: ["string", "null"] } },
                required: ["id", "tag"],
                additionalProperties: false,
              },
            },
          },
          required: ["rows"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "optional array is wrapped in anyOf",
    {
      given: { type: "object", properties: { tags: { type: "array", items: { type: "string" } } } },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: { tags: { anyOf: [{ type: "array", items: { type: "string" } }, { type: "null" }] } },
          required: ["tags"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "optional anyOf gets a null branch",
    {
      given: {
        type: "object",
        properties: {
          v: {
            anyOf: [{ type: "string" }, { type: "object", properties: { n: { type: "number" } }, required: ["n"] }],
          },
        },
      },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: {
            v: {
              anyOf: [
                { type: "string" },
                { type: "object", properties: { n: { type: "number" } }, required: ["n"], additionalProperties: false },
                { type: "null" },
              ],
            },
          },
          required: ["v"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "optional $ref is wrapped, $defs are converted",
    {
      given: {
        type: "object",
        properties: { p: { $ref: "#/$defs/Point", default: null } },
        $defs: {
          Point: { type: "object", properties: { x: { type: "number" }, y: { type: "number" } }, required: ["x", "y"] },
        },
      },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: { p: { anyOf: [{ $ref: "#/$defs/Point" }, { type: "null" }] } },
          required: ["p"],
          additionalProperties: false,
          $defs: {
            Point: {
              type: "object",
              properties: { x: { type: "number" }, y: { type: "number" } },
              required: ["x", "y"],
              additionalProperties: false,
            },
          },
        },
      },
    },
  ],
  [
    "$ref with a description is inlined, and its definition, now unused, dropped",
    {
      given: {
        type: "object",
        properties: { size: { $ref: "#/definitions/Size", description: "how big" } },
        required: ["size"],
        definitions: { Size: { type: "string", enum: ["s", "m"], description: "a size" } },
      },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: { size: { type: "string", enum: ["s", "m"], description: "how big" } },
          required: ["size"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "recursive schema through $defs",
    {
      given: {
        type: "object",
        properties: { tree: { $ref: "#/$defs/Node" } },
        required: ["tree"],
        $defs: {
          Node: {
            type: "object",
            properties: { value: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Node" } } },
            required: ["value", "children"],
          },
        },
      },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: { tree: { $ref: "#/$defs/Node" } },
          required: ["tree"],
          additionalProperties: false,
          $defs: {
            Node: {
              type: "object",
              properties: { value: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Node" } } },
              required: ["value", "children"],
              additionalProperties: false,
            },
          },
        },
      },
    },
  ],
  [
    "[object, null] type becomes anyOf",
    {
      given: {
        type: "object",
        properties: { meta: { type: ["object", "null"], properties: { k: { type: "string" } }, required: ["k"] } },
        required: ["meta"],
      },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: {
            meta: {
              anyOf: [
                { type: "object", properties: { k: { type: "string" } }, required: ["k"], additionalProperties: false },
                { type: "null" },
              ],
            },
          },
          required: ["meta"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "supported formats kept, others dropped; string and number constraints kept",
    {
      given: {
        type: "object",
        properties: {
          when: { type: "string", format: "date-time" },
          url: { type: "string", format: "uri", pattern: "^https://", minLength: 8, maxLength: 2048 },
          pct: { type: "number", exclusiveMinimum: 0, maximum: 100, multipleOf: 0.5 },
        },
        required: ["when", "url", "pct"],
      },
      want: {
        strict: true,
        schema: {
          type: "object",
          properties: {
            when: { type: "string", format: "date-time" },
            url: { type: "string", pattern: "^https://", minLength: 8, maxLength: 2048 },
            pct: { type: "number", exclusiveMinimum: 0, maximum: 100, multipleOf: 0.5 },
          },
          required: ["when", "url", "pct"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "properties named like keywords or __proto__ are kept",
    {
      given: JSON.parse(
        '{"type":"object","properties":{"default":{"type":"string"},"__proto__":{"type":"integer"}},"required":["default"]}',
      ) as JsonSchema,
      want: {
        strict: true,
        schema: JSON.parse(
          '{"type":"object","properties":{"default":{"type":"string"},"__proto__":{"type":["integer","null"]}},"required":["default","__proto__"],"additionalProperties":false}',
        ) as JsonSchema,
      },
    },
  ],
  [
    "10 levels of objects is within the limit",
    { given: nested(10), want: { strict: true, schema: expect.any(Object) as JsonSchema } },
  ],
];

const refused: Array<[string, { given: JsonSchema; want: Want }]> = [
  [
    "root is not an object",
    { given: { type: "string" }, want: { strict: false, reason: /root schema must have type: "object"/ } },
  ],
  ["root without type", { given: { properties: {} }, want: { strict: false, reason: /root schema must have type/ } }],
  [
    "root anyOf",
    {
      given: { type: "object", anyOf: [{ type: "object" }] },
      want: { strict: false, reason: /root schema must not be anyOf/ },
    },
  ],
  [
    "allOf",
    {
      given: { type: "object", properties: { a: { allOf: [{ type: "string" }] } } },
      want: { strict: false, reason: /allOf is not supported \(at #\/properties\/a\/allOf\)/ },
    },
  ],
  [
    "oneOf is not turned into anyOf",
    {
      given: { type: "object", properties: { a: { oneOf: [{ type: "string" }, { type: "integer" }] } } },
      want: { strict: false, reason: /oneOf is not supported/ },
    },
  ],
  [
    "not",
    {
      given: { type: "object", properties: { a: { type: "string", not: { const: "x" } } } },
      want: { strict: false, reason: /not is not supported/ },
    },
  ],
  [
    "if/then/else",
    {
      given: { type: "object", if: { required: ["a"] }, then: { required: ["b"] } },
      want: { strict: false, reason: /if\/then\/else/ },
    },
  ],
  [
    "dependentRequired",
    {
      given: { type: "object", properties: { a: { type: "string" } }, dependentRequired: { a: ["b"] } },
      want: { strict: false, reason: /dependentRequired/ },
    },
  ],
  [
    "dependentSchemas",
    {
      given: { type: "object", dependentSchemas: { a: { required: ["b"] } } },
      want: { strict: false, reason: /dependentSchemas/ },
    },
  ],
  [
    "patternProperties",
    {
      given: { type: "object", patternProperties: { "^x": { type: "string" } } },
      want: { strict: false, reason: /patternProperties/ },
    },
  ],
  [
    "additionalProperties: true",
    {
      given: { type: "object", properties: { a: { type: "string" } }, additionalProperties: true },
      want: { strict: false, reason: /additionalProperties must be false/ },
    },
  ],
  [
    "additionalProperties schema",
    {
      given: { type: "object", properties: { m: { type: "object", additionalProperties: { type: "string" } } } },
      want: {
        strict: false,
        reason: /additionalProperties must be false or absent .*\(at #\/properties\/m\/additionalProperties\)/,
      },
    },
  ],
  [
    "free-form nested object",
    {
      given: { type: "object", properties: { meta: { type: "object" } } },
      want: { strict: false, reason: /free-form object/ },
    },
  ],
  [
    "tuple items",
    {
      given: { type: "object", properties: { p: { type: "array", items: [{ type: "number" }] } } },
      want: { strict: false, reason: /tuple-form items/ },
    },
  ],
  [
    "array without items",
    {
      given: { type: "object", properties: { p: { type: "array" } } },
      want: { strict: false, reason: /arrays need items/ },
    },
  ],
  [
    "uniqueItems",
    {
      given: { type: "object", properties: { p: { type: "array", items: { type: "string" }, uniqueItems: true } } },
      want: { strict: false, reason: /uniqueItems/ },
    },
  ],
  [
    "remote $ref",
    {
      given: { type: "object", properties: { a: { $ref: "https://example.com/s.json" } } },
      want: { strict: false, reason: /only local \$refs/ },
    },
  ],
  [
    "$ref to a missing definition",
    {
      given: { type: "object", properties: { a: { $ref: "#/$defs/Nope" } } },
      want: { strict: false, reason: /does not exist/ },
    },
  ],
  [
    "$ref with a constraining sibling",
    {
      given: {
        type: "object",
        properties: { a: { $ref: "#/$defs/S", maxLength: 3 } },
        $defs: { S: { type: "string" } },
      },
      want: { strict: false, reason: /\$ref with sibling keywords \(maxLength\)/ },
    },
  ],
  [
    "schema without a type",
    { given: { type: "object", properties: { any: {} } }, want: { strict: false, reason: /schema has no type/ } },
  ],
  [
    "boolean schema",
    { given: { type: "object", properties: { any: true } }, want: { strict: false, reason: /boolean or non-object/ } },
  ],
  [
    "unknown keyword",
    {
      given: { type: "object", properties: { a: { type: "string", "ui:widget": "x" } } },
      want: { strict: false, reason: /unsupported keyword "ui:widget"/ },
    },
  ],
  [
    "OpenAPI nullable",
    {
      given: { type: "object", properties: { a: { type: "string", nullable: true } } },
      want: { strict: false, reason: /OpenAPI keyword/ },
    },
  ],
  [
    "nested $defs",
    {
      given: { type: "object", properties: { a: { type: "string", $defs: {} } } },
      want: { strict: false, reason: /only supported at the root/ },
    },
  ],
  [
    "required name missing from properties",
    {
      given: { type: "object", properties: {}, required: ["ghost"] },
      want: { strict: false, reason: /"ghost" is not in properties/ },
    },
  ],
  [
    "union of object and string",
    {
      given: {
        type: "object",
        properties: { a: { type: ["object", "string"], properties: { b: { type: "string" } } } },
      },
      want: { strict: false, reason: /type union/ },
    },
  ],
  [
    "more than 10 levels of objects",
    { given: nested(11), want: { strict: false, reason: /nested deeper than 10 levels/ } },
  ],
  [
    "more than 5000 properties",
    {
      given: {
        type: "object",
        properties: Object.fromEntries(
          Array.from({ length: 2 }, (_, i) => [
            `o${i}`,
            {
              type: "object",
              properties: Object.fromEntries(Array.from({ length: 2500 }, (_, j) => [`p${j}`, { type: "boolean" }])),
            },
          ]),
        ),
      },
      want: { strict: false, reason: /5002 properties exceed the limit of 5000/ },
    },
  ],
  [
    "more than 1000 enum values",
    {
      given: {
        type: "object",
        properties: {
          a: { type: "integer", enum: Array.from({ length: 600 }, (_, i) => i) },
          b: { type: "integer", enum: Array.from({ length: 401 }, (_, i) => i) },
        },
        // Required, so no `null` is added: the count is of the emitted enums.
        required: ["a", "b"],
      },
      want: { strict: false, reason: /1001 enum values exceed the limit of 1000/ },
    },
  ],
  [
    "optional enums count the added nulls",
    {
      given: {
        type: "object",
        properties: { a: { type: "integer", enum: Array.from({ length: 1000 }, (_, i) => i) } },
      },
      want: { strict: false, reason: /1001 enum values exceed/ },
    },
  ],
  [
    "large enum with long strings",
    {
      given: {
        type: "object",
        properties: {
          a: { type: "string", enum: Array.from({ length: 300 }, (_, i) => `value-number-${i}-${"x".repeat(20)}`) },
        },
      },
      want: { strict: false, reason: /enum with more than 250 values exceeds 7500 characters/ },
    },
  ],
];

describe("toStrictSchema", () => {
  it.each([...converted, ...refused])("%s", (_name, { given, want }) => {
    const got = toStrictSchema(given);
    if (want.strict) {
      expect(got).toEqual({ strict: true, schema: want.schema });
    } else {
      expect(got.strict).toBe(false);
      if (got.strict) return;
      expect(got.reason).toMatch(want.reason);
      // A refusal hands back the input unchanged, for `strict: false`.
      expect(got.schema).toEqual(given);
      expect(got.schema).not.toBe(given);
    }
  });

  it.each([...converted, ...refused])("%s: input is not mutated", (_name, { given }) => {
    const before = structuredClone(given);
    const result = toStrictSchema(deepFreeze(structuredClone(given)));
    expect(given).toEqual(before);
    expect(result.schema).not.toBe(given);
  });

  it("output shares no objects with the input", () => {
    const input: JsonSchema = { type: "object", properties: { a: { type: "string", enum: ["x"] } }, required: ["a"] };
    const result = toStrictSchema(input);
    (result.schema.properties as { a: { enum: string[] } }).a.enum.push("y");
    expect(input).toEqual({ type: "object", properties: { a: { type: "string", enum: ["x"] } }, required: ["a"] });
  });

  it("is idempotent on its own output", () => {
    for (const [, { given }] of converted) {
      const once = toStrictSchema(given);
      expect(toStrictSchema(once.schema)).toEqual(once);
    }
  });

  it("every converted object has additionalProperties: false and all properties required", () => {
    for (const [, { given }] of converted) {
      const result = toStrictSchema(given);
      expect(result.strict).toBe(true);
      walkObjects(result.schema, (node) => {
        expect(node.additionalProperties).toBe(false);
        expect(node.required).toEqual(Object.keys(node.properties as object));
      });
    }
  });

  it("limits are the documented OpenAI values", () => {
    expect(OPENAI_STRICT_LIMITS).toMatchObject({ maxObjectDepth: 10, maxProperties: 5000, maxEnumValues: 1000 });
  });
});

describe("toStrictSchema: unreachable definitions and refusal pointers", () => {
  it("drops unused definitions before converting, so they no longer block strict mode", () => {
    const given: JsonSchema = {
      type: "object",
      properties: { page: { $ref: "#/$defs/Page" } },
      required: ["page"],
      $defs: {
        Page: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
        // Unused, and outside the subset (a map): refused before pruning existed.
        Props: { type: "object", additionalProperties: { type: "string" } },
      },
    };
    const got = toStrictSchema(given);
    expect(got).toEqual({
      strict: true,
      schema: {
        type: "object",
        properties: { page: { $ref: "#/$defs/Page" } },
        required: ["page"],
        additionalProperties: false,
        $defs: {
          Page: {
            type: "object",
            properties: { id: { type: "string" } },
            required: ["id"],
            additionalProperties: false,
          },
        },
      },
    });
  });

  it("a used definition outside the subset still refuses, pointing into the definition", () => {
    const got = toStrictSchema({
      type: "object",
      properties: { p: { $ref: "#/definitions/Props" } },
      definitions: { Props: { type: "object", additionalProperties: { type: "string" } } },
    });
    expect(got).toMatchObject({
      strict: false,
      pointer: "/definitions/Props/additionalProperties",
      keyword: "additionalProperties",
      reason: expect.stringMatching(/\(at #\/definitions\/Props\/additionalProperties\)$/),
    });
  });

  it("a definition inlined for its description reports refusals at the definition", () => {
    const got = toStrictSchema({
      type: "object",
      properties: { p: { $ref: "#/$defs/A~1B", description: "d" } },
      required: ["p"],
      $defs: { "A/B": { type: "string", not: { const: "" } } },
    });
    expect(got).toMatchObject({ strict: false, pointer: "/$defs/A~1B/not", keyword: "not" });
  });

  it.each<[string, JsonSchema, string, string | undefined]>([
    ["root without type", { properties: {} }, "", "type"],
    ["root of another type", { type: "array" }, "/type", "type"],
    [
      "a refused keyword",
      { type: "object", properties: { a: { type: "string", not: {} } } },
      "/properties/a/not",
      "not",
    ],
    [
      "an unknown keyword",
      { type: "object", properties: { "a/b": { type: "string", "ui:x": 1 } } },
      "/properties/a~1b/ui:x",
      "ui:x",
    ],
    ["a schema without a type", { type: "object", properties: { a: {} } }, "/properties/a", "type"],
    ["a free-form object", { type: "object", properties: { m: { type: "object" } } }, "/properties/m", "properties"],
    ["an array without items", { type: "object", properties: { l: { type: "array" } } }, "/properties/l", "items"],
    [
      "a missing required property",
      { type: "object", properties: {}, required: ["x", "ghost"] },
      "/required/0",
      "required",
    ],
    [
      "a constraining $ref sibling",
      { type: "object", properties: { a: { $ref: "#/$defs/S", maxLength: 3 } }, $defs: { S: { type: "string" } } },
      "/properties/a/maxLength",
      "maxLength",
    ],
    [
      "a remote $ref",
      { type: "object", properties: { a: { $ref: "https://x/s.json" } } },
      "/properties/a/$ref",
      "$ref",
    ],
    // The 11th object: the root's child's child… ten levels down.
    ["too deep", nested(11), "/properties/child".repeat(10), undefined],
    [
      "too many enum values in total",
      {
        type: "object",
        properties: { a: { type: "integer", enum: Array.from({ length: 1001 }, (_, i) => i) } },
        required: ["a"],
      },
      "",
      undefined,
    ],
  ])("pointer and keyword of the refusal: %s", (_name, given, pointer, keyword) => {
    const got = toStrictSchema(given);
    expect(got.strict).toBe(false);
    if (got.strict) return;
    expect(got.pointer).toBe(pointer);
    expect(got.keyword).toBe(keyword);
    expect(got.reason.endsWith(`(at #${pointer})`)).toBe(true);
    if (keyword === undefined) expect(got).not.toHaveProperty("keyword");
  });
});

describe("OpenAI SDK types accept the output", () => {
  const parameters: JsonSchema = { type: "object", properties: { path: { type: "string" } } };
  const result: StrictSchemaResult = toStrictSchema(parameters);

  it("as a Chat Completions tool", () => {
    // Compile-time check: this assignment fails `tsc` if the shape is wrong.
    const tool: ChatCompletionTool = {
      type: "function",
      function: {
        name: "file_utility__read",
        description: "Read a file",
        parameters: result.schema,
        strict: result.strict,
      },
    };
    expectTypeOf({
      type: "function" as const,
      function: { name: "x", parameters: result.schema, strict: result.strict },
    }).toExtend<ChatCompletionTool>();
    expect(tool.type).toBe("function");
    expect(result.strict).toBe(true);
  });

  it("as a Responses API function tool", () => {
    const tool: FunctionTool = {
      type: "function",
      name: "file_utility__read",
      parameters: result.schema,
      strict: result.strict,
    };
    expectTypeOf(result.schema).toExtend<FunctionTool["parameters"]>();
    expect(tool.strict).toBe(true);
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

function walkObjects(node: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) {
    node.forEach((n) => walkObjects(n, visit));
    return;
  }
  if (typeof node !== "object" || node === null) return;
  const record = node as Record<string, unknown>;
  if (record.type === "object") visit(record);
  for (const [key, value] of Object.entries(record)) {
    if (key === "properties" || key === "$defs" || key === "definitions") {
      Object.values(value as object).forEach((v) => walkObjects(v, visit));
    } else if (key === "items" || key === "anyOf") {
      walkObjects(value, visit);
    }
  }
}

describe("toStrictSchema: const beside enum", () => {
  it("keeps the const (the enum's intersection with it) when the property becomes nullable", () => {
    const got = toStrictSchema({
      type: "object",
      properties: { a: { type: "string", const: "x", enum: ["x", "y"] } },
    });
    expect(got).toEqual({
      strict: true,
      schema: {
        type: "object",
        properties: { a: { type: ["string", "null"], enum: ["x", null] } },
        required: ["a"],
        additionalProperties: false,
      },
    });
  });

  it("keeps a required const alone", () => {
    const got = toStrictSchema({
      type: "object",
      properties: { a: { enum: ["x", "y"], const: "x" } },
      required: ["a"],
    });
    expect(got.strict).toBe(true);
    expect((got.schema.properties as Record<string, JsonSchema>).a).toMatchObject({ const: "x" });
    expect((got.schema.properties as Record<string, JsonSchema>).a).not.toHaveProperty("enum");
  });

  it("refuses a const that is not one of the enum values", () => {
    const got = toStrictSchema({
      type: "object",
      properties: { a: { type: "string", const: "z", enum: ["x", "y"] } },
    });
    expect(got.strict).toBe(false);
    if (got.strict) return;
    expect(got.reason).toMatch(/const is not one of the enum values .* \(at #\/properties\/a\/const\)/);
  });
});
