// Random input schemas for comparing vendor conversions: mostly shaped like tool inputs
// (a root object with properties, definitions and local `$ref`s), with every keyword any
// of the three vendor converters treats specially, each with well-formed and malformed
// values, so that conversions, refusals and losses are all reached.
import fc from "fast-check";
import type { JsonSchema, JsonValue } from "../../src/ir/types.js";

type Schema = { [key: string]: JsonValue };

/** Property and definition names, including ones a JSON pointer must escape and `__proto__`. */
const NAMES = ["p0", "p1", "p2", "a/b", "t~x", "__proto__", "type", "x-y"];
const DEF_NAMES = ["A", "B", "a/b", "%41"];

/** `$ref` values: local ones that resolve, and every way one can fail to. */
const REFS: JsonValue[] = [
  ...Array.from({ length: 6 }, () => "#/$defs/A"),
  ...Array.from({ length: 4 }, () => "#/$defs/B"),
  "#/definitions/C",
  "#/definitions/C",
  "#/$defs/a~1b",
  "#/$defs/a~1b",
  "#/$defs/%2541",
  "#",
  "#/$defs/a%2Fb",
  "#/$defs/%zz",
  "#/$defs/Missing",
  "#/$defs/A/properties/p0",
  "#/properties/p0",
  "#/",
  "#/$defs",
  "#/$defs/0",
  "#anchor",
  "https://example.com/s.json",
  7,
];
const TYPES = ["string", "number", "integer", "boolean", "object", "array", "null"];
const FORMATS = ["date-time", "date", "email", "uri", "uuid", "ipv4", "regex", "custom"];

const primitive: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom<JsonValue>("a", "b", "", "x/y", 1, 2, 1.5, -3, 0, true, false, null),
  fc.string({ maxLength: 4 }),
);
const anyValue: fc.Arbitrary<JsonValue> = fc.oneof(
  { weight: 4, arbitrary: primitive },
  { weight: 1, arbitrary: fc.constantFrom<JsonValue>({ a: 1 }, [1, 2], [], {}) },
);

const typeValue: fc.Arbitrary<JsonValue> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...TYPES) },
  { weight: 3, arbitrary: fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom<JsonValue>(["string", "string"], [], "date", 3, ["object", 1]) },
);

const enumValue: fc.Arbitrary<JsonValue> = fc.oneof(
  { weight: 6, arbitrary: fc.array(primitive, { minLength: 1, maxLength: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom<JsonValue>([], "a", [{ a: 1 }], [[1]]) },
);

const numberValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<JsonValue>(0, 1, 2, 5, 10, 1.5, -1) },
  { weight: 1, arbitrary: fc.constantFrom<JsonValue>("3", true, null) },
);

const stringValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<JsonValue>("text", "", "Line\nbreak", "^a+$") },
  { weight: 1, arbitrary: fc.constantFrom<JsonValue>(3, null, ["x"]) },
);

/** Keywords whose value is not a subschema, with a value arbitrary each. */
const VALUE_KEYWORDS: Record<string, fc.Arbitrary<JsonValue>> = {
  title: stringValue,
  description: stringValue,
  pattern: stringValue,
  format: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...FORMATS) }, { weight: 1, arbitrary: numberValue }),
  minLength: numberValue,
  maxLength: numberValue,
  minimum: numberValue,
  maximum: numberValue,
  exclusiveMinimum: fc.oneof(numberValue, fc.constant<JsonValue>(true), fc.constant<JsonValue>(false)),
  exclusiveMaximum: fc.oneof(numberValue, fc.constant<JsonValue>(true)),
  multipleOf: numberValue,
  minItems: numberValue,
  maxItems: numberValue,
  minProperties: numberValue,
  maxProperties: numberValue,
  uniqueItems: fc.boolean(),
  minContains: numberValue,
  maxContains: numberValue,
  default: anyValue,
  examples: fc.array(anyValue, { maxLength: 2 }),
  example: anyValue,
  $comment: stringValue,
  $schema: fc.constantFrom<JsonValue>("https://json-schema.org/draft/2020-12/schema", "x"),
  $id: fc.constantFrom<JsonValue>("https://example.com/t", "#x"),
  $anchor: fc.constant<JsonValue>("x"),
  $dynamicAnchor: fc.constant<JsonValue>("x"),
  $recursiveAnchor: fc.boolean(),
  $dynamicRef: fc.constant<JsonValue>("#x"),
  $recursiveRef: fc.constant<JsonValue>("#"),
  $vocabulary: fc.constant<JsonValue>({}),
  deprecated: fc.boolean(),
  readOnly: fc.boolean(),
  writeOnly: fc.boolean(),
  contentMediaType: fc.constant<JsonValue>("text/plain"),
  contentEncoding: fc.constant<JsonValue>("base64"),
  nullable: fc.boolean(),
  dependentRequired: fc.constant<JsonValue>({ p0: ["p1"] }),
  dependencies: fc.constant<JsonValue>({ p0: ["p1"] }),
  "x-extra": anyValue,
  "ui:widget": anyValue,
  enum: enumValue,
  const: anyValue,
};

/** Keywords holding one subschema. */
const ONE_SCHEMA = [
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contentSchema",
  "additionalItems",
];

const depthIdentifier = fc.createDepthIdentifier();

/** Any subschema: mostly well-formed, with the odd keyword, boolean or junk. */
export const subschema: fc.Arbitrary<JsonValue> = fc.letrec<{
  schema: JsonValue;
  shaped: Schema;
  wild: Schema;
}>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true, depthIdentifier },
    { weight: 8, arbitrary: tie("shaped") },
    { weight: 2, arbitrary: tie("wild") },
    { weight: 2, arbitrary: fc.record({ $ref: fc.constantFrom(...REFS) }) },
    { weight: 1, arbitrary: fc.constantFrom<JsonValue>(true, false, {}, 3) },
  ),
  // Objects, arrays and primitives as tool inputs write them.
  shaped: fc.oneof(
    { depthSize: "small", depthIdentifier },
    fc
      .tuple(
        fc.constantFrom<JsonValue>("string", "integer", "number", "boolean", ["string", "null"], ["integer", "string"]),
        fc.constantFrom<JsonValue | undefined>(undefined, undefined, "d"),
        fc.oneof(
          fc.constant<Array<[string, JsonValue]>>([]),
          fc
            .array(primitive, { minLength: 1, maxLength: 3 })
            .map((values): Array<[string, JsonValue]> => [["enum", values]]),
          primitive.map((value): Array<[string, JsonValue]> => [["const", value]]),
          fc.array(primitive, { minLength: 1, maxLength: 3 }).chain((values) =>
            fc.constantFrom(...values, "other").map(
              (value): Array<[string, JsonValue]> => [
                ["enum", values],
                ["const", value],
              ],
            ),
          ),
        ),
        fc.subarray<[string, JsonValue]>(
          [
            ["format", "date-time"],
            ["format", "uri"],
            ["minLength", 1],
            ["maximum", 9],
            ["default", "x"],
            ["examples", ["x"]],
            ["x-hint", 1],
          ],
          { maxLength: 2 },
        ),
      )
      .map(([type, description, literals, more]) =>
        entries([
          ["type", literals.length > 0 && description === undefined ? undefined : type],
          ["description", description],
          ...literals,
          ...more,
        ]),
      ),
    fc
      .tuple(
        fc.dictionary(fc.constantFrom(...NAMES), tie("schema"), { maxKeys: 3 }),
        fc.subarray(NAMES, { maxLength: 3 }),
        fc.boolean(),
        fc.constantFrom<JsonValue | undefined>(undefined, undefined, false, false, true, { type: "string" }, {}),
        fc.constantFrom<JsonValue>("object", "object", ["object", "null"], ["object", "string"]),
        fc.option(fc.constantFrom<JsonValue>("an object", 4), { nil: undefined }),
      )
      .map(([properties, names, requireGiven, additional, type, title]) =>
        entries([
          ["type", type],
          ["title", title],
          ["properties", Object.keys(properties).length > 0 ? ownEntries(properties) : undefined],
          [
            "required",
            names.length === 0 ? undefined : requireGiven ? names.filter((n) => Object.hasOwn(properties, n)) : names,
          ],
          ["additionalProperties", additional],
        ]),
      ),
    fc
      .tuple(
        fc.option(tie("schema"), { nil: undefined, freq: 8 }),
        fc.constantFrom<JsonValue>("array", ["array", "null"]),
        fc.option(numberValue),
      )
      .map(([items, type, minItems]) =>
        entries([
          ["type", type],
          ["items", items],
          ["minItems", minItems ?? undefined],
        ]),
      ),
    fc
      .tuple(
        fc.constantFrom("anyOf", "anyOf", "oneOf", "allOf"),
        fc.array(tie("schema"), { minLength: 1, maxLength: 3 }),
        fc.constantFrom<Array<[string, JsonValue]>>([], [], [], [["type", "string"]], [["description", "d"]]),
      )
      .map(([keyword, branches, more]) => entries([...more, [keyword, branches]])),
    // Odd but well-formed pieces: each reaches one rule.
    fc.constantFrom<Schema>(
      { enum: [] },
      { type: "string", enum: [] },
      { type: "object", properties: {}, $defs: { A: { type: "string" } } },
      { type: "object", properties: {}, definitions: [] },
      { type: "object", properties: { a: { type: "string" } }, required: ["a", "a"] },
      { type: "integer", enum: [1, 1.5] },
      { const: null },
      { enum: ["a", null, 1] },
      { type: ["string", "null"], enum: ["a"] },
      { type: "string", const: "a", enum: ["a", "b"] },
    ),
    fc
      .tuple(fc.constantFrom(...REFS), fc.constantFrom<JsonValue>("d", 3), fc.constantFrom("description", "title"))
      .map(([ref, text, key]) => ({ $ref: ref, [key]: text })),
  ),
  // A bag of keywords, any of them, with the odd malformed value.
  wild: fc
    .tuple(
      fc
        .subarray(Object.keys(VALUE_KEYWORDS), { maxLength: 4 })
        .chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, VALUE_KEYWORDS[k]!])))),
      fc.dictionary(fc.constantFrom(...ONE_SCHEMA, "items", "additionalProperties"), tie("schema"), { maxKeys: 2 }),
      fc.option(typeValue, { nil: undefined }),
      fc.option(fc.dictionary(fc.constantFrom(...NAMES), tie("schema"), { maxKeys: 2 }), { nil: undefined }),
      fc.option(fc.constantFrom(...REFS), { nil: undefined }),
      fc.option(fc.constantFrom<JsonValue>(["p0"], ["ghost"], "p0", [1]), { nil: undefined }),
      fc.option(
        fc
          .constantFrom("prefixItems", "items", "anyOf", "oneOf", "allOf")
          .chain((k) => fc.array(tie("schema"), { maxLength: 2 }).map((list): [string, JsonValue] => [k, list])),
        { nil: undefined },
      ),
      fc.option(
        fc
          .constantFrom("patternProperties", "dependentSchemas", "$defs", "definitions")
          .chain((k) =>
            fc
              .dictionary(fc.constantFrom(...DEF_NAMES), tie("schema"), { maxKeys: 2 })
              .map((map): [string, JsonValue] => [k, ownEntries(map)]),
          ),
        { nil: undefined },
      ),
    )
    .map(([values, oneSchema, type, properties, ref, required, list, map]) => {
      const pairs: Array<[string, JsonValue | undefined]> = [["type", type]];
      for (const [key, value] of Object.entries(values)) pairs.push([key, value as JsonValue]);
      for (const [key, value] of Object.entries(oneSchema)) pairs.push([key, value]);
      if (properties) pairs.push(["properties", ownEntries(properties)]);
      pairs.push(["required", required], ["$ref", ref]);
      if (list) pairs.push(list);
      if (map) pairs.push(map);
      return entries(pairs);
    }),
})).schema;

/** An object of the entries whose value is defined, as own properties (so `__proto__` stays a key). */
function entries(pairs: Array<[string, JsonValue | undefined]>): Schema {
  return Object.fromEntries(pairs.filter((p): p is [string, JsonValue] => p[1] !== undefined));
}

function ownEntries(map: Record<string, JsonValue>): Schema {
  return Object.fromEntries(Object.entries(map));
}

/** A tool's input schema: a root object, usually with properties, `required` and root definitions. */
export const inputSchema: fc.Arbitrary<JsonSchema> = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...NAMES), subschema, { maxKeys: 4 }),
    fc.subarray(NAMES, { maxLength: 3 }),
    fc.boolean(),
    fc.option(fc.dictionary(fc.constantFrom(...DEF_NAMES), subschema, { minKeys: 1, maxKeys: 3 }), {
      nil: undefined,
      freq: 4,
    }),
    fc.option(fc.dictionary(fc.constantFrom("C", "D"), subschema, { minKeys: 1, maxKeys: 2 }), { nil: undefined }),
    fc.oneof(
      { weight: 12, arbitrary: fc.constant<JsonValue>("object") },
      { weight: 1, arbitrary: fc.constantFrom<JsonValue | undefined>("array", undefined, ["object", "null"]) },
    ),
    fc.oneof(
      { weight: 6, arbitrary: fc.constant<Array<[string, JsonValue]>>([]) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<Array<[string, JsonValue]>>(
          [["additionalProperties", false]],
          [["$schema", "https://json-schema.org/draft/2020-12/schema"]],
          [["$id", "https://example.com/tool"]],
          [["anyOf", [{ required: ["p0"] }]]],
          [["description", "Root."]],
          [["x-root", 1]],
        ),
      },
    ),
  )
  .map(([properties, names, requireGiven, defs, definitions, type, extra]) =>
    entries([
      ["type", type],
      ["properties", ownEntries(properties)],
      [
        "required",
        names.length === 0 ? undefined : requireGiven ? names.filter((n) => Object.hasOwn(properties, n)) : names,
      ],
      ...extra,
      ["$defs", defs ? ownEntries(defs) : undefined],
      ["definitions", definitions ? ownEntries(definitions) : undefined],
    ]),
  );
