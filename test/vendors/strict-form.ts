// Test helpers for the strict-null round trip: arguments generated from an input schema,
// each with its strict form built the way a model answering the strict schema writes it
// (every omitted optional property sent as `null`, following toStrictSchema's rules), and
// random input schemas within the strict subset.
import fc from "fast-check";
import type { JsonSchema, JsonValue } from "../../src/ir/types.js";

type Schema = { [key: string]: JsonValue };
/** Arguments valid under the original schema, and the same arguments in strict form. */
export type Pair = { original: JsonValue; strict: JsonValue };

const MAX_DEPTH = 6;

const FORMAT_SAMPLES: Record<string, string> = {
  "date-time": "2024-01-02T03:04:05Z",
  date: "2024-01-02",
  time: "03:04:05Z",
  duration: "P1D",
  email: "someone@example.com",
  "idn-email": "someone@example.com",
  hostname: "example.com",
  "idn-hostname": "example.com",
  ipv4: "127.0.0.1",
  ipv6: "::1",
  uri: "https://example.com/a",
  url: "https://example.com/a",
  "uri-reference": "/a/b",
  iri: "https://example.com/a",
  "iri-reference": "/a/b",
  "uri-template": "/a/{b}",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  regex: "^a+$",
  "json-pointer": "/a/0",
  "relative-json-pointer": "0/a",
};

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function resolve(ref: string, root: Schema): Schema | undefined {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const raw of decodeURIComponent(ref.slice(2)).split("/")) {
    const token = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (!isSchema(node) || !Object.hasOwn(node, token)) return undefined;
    node = node[token];
  }
  return isSchema(node) ? node : undefined;
}

const same = (arb: fc.Arbitrary<JsonValue>): fc.Arbitrary<Pair> => arb.map((v) => ({ original: v, strict: v }));

/**
 * Pairs of (arguments valid under `schema`, their strict form), as far as the schema's
 * constraints are generated (types, enum/const, bounds, lengths, patterns, formats); the
 * caller checks validity with ajv and drops the rare miss.
 */
export function pairs(schema: unknown, root: Schema, depth = 0): fc.Arbitrary<Pair> {
  if (schema === true || !isSchema(schema)) return same(fc.constant("x"));
  if (typeof schema.$ref === "string") {
    const target = resolve(schema.$ref, root);
    return target === undefined ? same(fc.constant("x")) : pairs(target, root, depth + 1);
  }
  if (Object.hasOwn(schema, "const")) return same(fc.constant(schema.const as JsonValue));
  if (Array.isArray(schema.enum)) {
    // Only the values `type` allows too (`type: "string"` with `null` listed does not accept null).
    const types = typeof schema.type === "string" ? [schema.type] : (schema.type as string[] | undefined);
    const values = (schema.enum as JsonValue[]).filter(
      (v) => types === undefined || types.includes(v === null ? "null" : Array.isArray(v) ? "array" : typeof v),
    );
    return same(fc.constantFrom(...(values.length > 0 ? values : (schema.enum as JsonValue[]))));
  }
  const anyOf = (schema.anyOf ?? schema.oneOf) as JsonValue[] | undefined;
  if (Array.isArray(anyOf)) {
    const branches = depth > MAX_DEPTH ? anyOf.filter((b) => !JSON.stringify(b).includes("$ref")) : anyOf;
    return fc.oneof(...(branches.length > 0 ? branches : anyOf).map((b) => pairs(b, root, depth + 1)));
  }
  const types =
    typeof schema.type === "string"
      ? [schema.type]
      : Array.isArray(schema.type)
        ? (schema.type as string[])
        : isSchema(schema.properties)
          ? ["object"]
          : schema.items !== undefined
            ? ["array"]
            : ["string"];
  // Deep down, prefer leaves so recursive schemas end.
  const chosen = depth > MAX_DEPTH && types.includes("null") ? ["null"] : types;
  return fc.oneof(...chosen.map((t) => typed(t, schema, root, depth)));
}

function typed(type: string, schema: Schema, root: Schema, depth: number): fc.Arbitrary<Pair> {
  switch (type) {
    case "null":
      return same(fc.constant(null));
    case "boolean":
      return same(fc.boolean());
    case "integer":
    case "number":
      return same(numbers(type, schema));
    case "string":
      return same(strings(schema));
    case "array": {
      const min = typeof schema.minItems === "number" ? schema.minItems : 0;
      const max = typeof schema.maxItems === "number" ? schema.maxItems : min + 3;
      const items = schema.items === undefined ? same(fc.constant("x")) : pairs(schema.items, root, depth + 1);
      return fc
        .array(items, { minLength: min, maxLength: Math.min(max, depth > MAX_DEPTH ? min : min + 3) })
        .map((list) => ({ original: list.map((p) => p.original), strict: list.map((p) => p.strict) }));
    }
    case "object":
      return objects(schema, root, depth);
    default:
      return same(fc.constant("x"));
  }
}

function objects(schema: Schema, root: Schema, depth: number): fc.Arbitrary<Pair> {
  const props = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const names = Object.keys(props);
  const fields = names.map((name) => {
    const value = pairs(props[name], root, depth + 1);
    if (required.has(name)) return value.map((p): Pair | undefined => p);
    // Optional: left out (strict form: null) or given; deep down always left out.
    if (depth > MAX_DEPTH) return fc.constant(undefined);
    return fc.option(value, { nil: undefined, freq: 2 });
  });
  return fc.tuple(...fields).map((values) => {
    const original: Array<[string, JsonValue]> = [];
    const strict: Array<[string, JsonValue]> = [];
    values.forEach((pair, i) => {
      if (pair === undefined) {
        strict.push([names[i], null]);
      } else {
        original.push([names[i], pair.original]);
        strict.push([names[i], pair.strict]);
      }
    });
    // fromEntries: a property named `__proto__` must stay an own key.
    return { original: Object.fromEntries(original), strict: Object.fromEntries(strict) };
  });
}

function numbers(type: string, schema: Schema): fc.Arbitrary<JsonValue> {
  const num = (key: string): number | undefined =>
    typeof schema[key] === "number" ? (schema[key] as number) : undefined;
  let lo = num("minimum") ?? -1000;
  let hi = num("maximum") ?? 1000;
  const exMin = num("exclusiveMinimum");
  const exMax = num("exclusiveMaximum");
  if (exMin !== undefined) lo = Math.max(lo, exMin + (type === "integer" ? 1 : 0.001));
  if (exMax !== undefined) hi = Math.min(hi, exMax - (type === "integer" ? 1 : 0.001));
  if (schema.exclusiveMinimum === true) lo += 1;
  if (schema.exclusiveMaximum === true) hi -= 1;
  lo = Math.max(lo, -1e6);
  hi = Math.min(hi, 1e6);
  const step = num("multipleOf");
  if (step !== undefined) {
    const kLo = Math.ceil(lo / step);
    const kHi = Math.max(kLo, Math.floor(hi / step));
    return fc.integer({ min: kLo, max: kHi }).map((k) => k * step);
  }
  const ints = fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.floor(hi)) });
  if (type === "integer") return ints;
  return fc.oneof(ints, fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }));
}

function strings(schema: Schema): fc.Arbitrary<JsonValue> {
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Math.max(min, 12);
  if (typeof schema.format === "string" && Object.hasOwn(FORMAT_SAMPLES, schema.format)) {
    return fc.constant(FORMAT_SAMPLES[schema.format]);
  }
  if (typeof schema.pattern === "string") {
    try {
      // No length filter: a pattern may allow no string of the lengths below (validation drops misses).
      return fc.stringMatching(new RegExp(schema.pattern, "u"));
    } catch {
      // A pattern fast-check cannot generate from: plain strings, mostly dropped by validation.
    }
  }
  return fc.string({ minLength: min, maxLength: Math.min(max, min + 12) });
}

// Random input schemas within the strict subset. anyOf branches are told apart by type or
// by a `kind` constant: a strict-form value that fits several branches may have come from
// any of them, and no mapping back can know which (see the README of the test).
// No `__proto__`: ajv wrongly reports it as an additional property under
// `additionalProperties: false`, so the strict schema's check would fail; the mapping back
// handles it (see strip-nulls.test.ts).
const NAMES = ["a", "b", "path", "limit", "constructor", "toString", "a b", "x/y", "$ref", "default"];
const PLAIN_LEAVES: Schema[] = [
  { type: "string" },
  { type: "string", minLength: 1, maxLength: 5 },
  { type: "integer", minimum: 0 },
  { type: "number" },
  { type: "boolean" },
  { type: "string", enum: ["fast", "slow"] },
  { enum: [1, 2, 3] },
  { const: "fixed" },
  { type: "string", format: "date-time" },
  // `null` listed, but `type` refuses it: not nullable (the transform must still add null).
  { type: "string", enum: ["on", "off", null] },
];
// Nullable: `null` is a value of these, so a null sent for them is kept.
const NULLABLE_LEAVES: Schema[] = [
  { type: ["string", "null"] },
  { type: ["integer", "null"], maximum: 9 },
  { type: ["string", "null"], enum: ["on", "off", null] },
];

/** Subschemas; with `nullable`, also types, objects and anyOf branches that accept null. */
function nodes(nullable: boolean): fc.Arbitrary<Schema> {
  const leaf = fc.constantFrom(...PLAIN_LEAVES, ...(nullable ? NULLABLE_LEAVES : []));
  const orNull = (branches: Schema[]): Schema[] => (nullable ? [...branches, { type: "null" }] : branches);
  return fc.letrec<{ schema: Schema; object: Schema }>((tie) => ({
    schema: fc.oneof(
      { depthSize: "small", maxDepth: 4, withCrossShrink: true },
      leaf,
      tie("object"),
      tie("schema").map((items) => ({ type: "array", items })),
      tie("object").map((o) => (nullable ? { ...o, type: ["object", "null"] } : o)),
      tie("object").map((o) => ({ ...o, description: "wrapped when optional" })),
      fc.tuple(leaf, tie("object")).map(([a, o]) => ({ anyOf: [a, o] })),
      fc.tuple(tie("object"), tie("object")).map(([x, y]) => ({ anyOf: orNull([withKind(x, "x"), withKind(y, "y")]) })),
    ),
    object: fc
      .uniqueArray(fc.tuple(fc.constantFrom(...NAMES), tie("schema"), fc.boolean()), {
        minLength: 1,
        maxLength: 3,
        selector: ([name]) => name,
      })
      .map((entries) => ({
        type: "object",
        properties: Object.fromEntries(entries.map(([name, sub]) => [name, sub])),
        required: entries.filter(([, , req]) => req).map(([name]) => name),
      })),
  })).schema;
}

const NODES = { plain: nodes(false), nullable: nodes(true) };

function withKind(object: Schema, kind: string): Schema {
  const properties = { kind: { const: kind }, ...(object.properties as Schema) };
  const required = ["kind", ...(object.required as string[]).filter((n) => n !== "kind")];
  return { ...object, type: "object", properties, required };
}

/**
 * Random tool input schemas of the strict subset: an object root, nested objects, arrays,
 * enums, anyOf, nullable types (in half of them: the other half has no `null` anywhere, so
 * their round trip must be exact), and, half the time, some properties moved to `$defs`
 * and referenced (plus an unused definition the pruning drops).
 */
export const inputSchemas: fc.Arbitrary<JsonSchema> = fc
  .boolean()
  .chain((nullable) =>
    fc.tuple(
      fc.uniqueArray(
        fc.tuple(fc.constantFrom(...NAMES), NODES[nullable ? "nullable" : "plain"], fc.boolean(), fc.boolean()),
        {
          minLength: 1,
          maxLength: 5,
          selector: ([name]) => name,
        },
      ),
      fc.boolean(),
    ),
  )
  .map(([entries, withDefs]) => {
    const defs: Array<[string, JsonValue]> = [];
    const properties = entries.map(([name, sub, , useRef], i): [string, JsonValue] => {
      if (!withDefs || !useRef) return [name, sub];
      const defName = `Def ${i}/~`;
      defs.push([defName, sub]);
      const ref = `#/$defs/${encodeURIComponent(defName.replaceAll("~", "~0").replaceAll("/", "~1"))}`;
      // A description beside the $ref makes the transform inline the definition.
      return [name, i % 2 === 0 ? { $ref: ref } : { $ref: ref, description: "referenced" }];
    });
    const schema: Schema = {
      type: "object",
      properties: Object.fromEntries(properties),
      required: entries.filter(([, , req]) => req).map(([name]) => name),
    };
    if (withDefs) schema.$defs = Object.fromEntries([...defs, ["Unused", { type: "object" }]]);
    return schema;
  });

/**
 * True when `back` is `original` with, at most, `null`s added for properties `original`
 * leaves out: the nulls a strict-form call carries for them that the original schema
 * accepts, and so keeps. Counts those in `kept`.
 */
export function equalUpToKeptNulls(original: unknown, back: unknown, kept = { count: 0 }): boolean {
  if (Array.isArray(original)) {
    return (
      Array.isArray(back) &&
      back.length === original.length &&
      original.every((item, i) => equalUpToKeptNulls(item, back[i], kept))
    );
  }
  if (isSchema(original)) {
    if (!isSchema(back)) return false;
    for (const key of Object.keys(back)) {
      if (Object.hasOwn(original, key)) continue;
      if (back[key] !== null) return false;
      kept.count++;
    }
    return Object.keys(original).every(
      (key) => Object.hasOwn(back, key) && equalUpToKeptNulls(original[key], back[key], kept),
    );
  }
  return Object.is(original, back) || (original === 0 && back === 0);
}
