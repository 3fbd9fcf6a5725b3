/**
 * Conversion of a tool's input schema to OpenAI Structured Outputs "strict" form.
 *
 * Strict mode only accepts a subset of JSON Schema. This module rewrites what can be
 * rewritten without changing which arguments a well-behaved model produces, and
 * refuses (with a reason) anything else, so the generator can fall back to
 * `strict: false` instead of emitting a schema the API rejects.
 *
 * Rewrites:
 * - every object gets `additionalProperties: false` and lists all its properties in
 *   `required`; properties that were optional become nullable (`null` = "absent"):
 *   `type: T` → `[T, "null"]` (unions get `"null"` added), `null` is added to `enum`,
 *   `const c` → `enum: [c, null]`, `anyOf` gets a `{type:"null"}` branch, and `$ref`,
 *   object and array schemas are wrapped in `anyOf: [schema, {type:"null"}]` (with
 *   `description`/`title` moved to the wrapper);
 * - `type: ["object"|"array", "null"]` becomes the same `anyOf` wrapper;
 * - `enum`/`const` without `type` get the type inferred from their values;
 * - `const` beside `enum`: the enum is dropped when it holds the const (the const alone
 *   allows the same values), refused when it does not (no value would be valid);
 * - `$ref` with only `description`/`title` beside it is inlined (OpenAI rejects
 *   siblings of `$ref`);
 * - annotations strict mode rejects or ignores are dropped: `default`, `examples`,
 *   `$comment`, `$schema`, root `$id`, `deprecated`, `readOnly`, `writeOnly`,
 *   `contentMediaType`, `contentEncoding`, `x-*`, and `format` values outside
 *   {@link OPENAI_STRICT_FORMATS}. They never restrict valid values, so dropping
 *   them cannot make the model send arguments the tool rejects for that reason alone.
 *
 * Before any of this, root definitions that no `$ref` reaches are dropped
 * (`pruneUnreachableDefs`): an unused definition outside the subset must not block the tool.
 *
 * Refusals: root not a plain `type: "object"`, `allOf`, `oneOf`, `not`,
 * `if`/`then`/`else`, `dependent*`, `patternProperties` and other object/array
 * keywords outside the subset, tuple `items`, explicit `additionalProperties` other
 * than `false`, free-form nested objects, schemas without a type, non-local `$ref`,
 * unknown keywords, and the size limits in {@link OPENAI_STRICT_LIMITS}. Each refusal
 * names the JSON pointer into the input schema and, when one keyword is at fault, that
 * keyword: it is reported per tool.
 */
import type { JsonSchema, JsonValue } from "../../src/ir/types.js";
import { pruneUnreachableDefs } from "../../src/schema/prune-defs.js";

/** Result of {@link toStrictSchema}. */
export type StrictSchemaResult =
  | { strict: true; schema: JsonSchema }
  | {
      strict: false;
      /** An unchanged copy of the input, meant for `strict: false`. */
      schema: JsonSchema;
      /** Why, ending with where: `allOf is not supported (at #/properties/a/allOf)`. */
      reason: string;
      /**
       * RFC 6901 JSON pointer into the input schema (`""` is the root): the keyword at
       * fault when there is one, else the subschema. Schema-wide limits point at the root.
       */
      pointer: string;
      /** The keyword at fault (`allOf`, `additionalProperties`, `type`…), when one is. */
      keyword?: string;
    };

/**
 * Size limits of strict mode. The string-length limits are the older, lower
 * published values; staying under them is safe on every API version.
 */
export const OPENAI_STRICT_LIMITS = {
  /** Object nesting levels; the root object is level 1. */
  maxObjectDepth: 10,
  /** Properties across all objects, `$defs` included. */
  maxProperties: 5000,
  /** Enum values across all enums. */
  maxEnumValues: 1000,
  /** Above this many string values, one enum's total string length is capped. */
  largeEnumThreshold: 250,
  /** Total length of one large enum's string values. */
  maxLargeEnumStringLength: 7500,
  /** Total length of property names, definition names, enum and const strings. */
  maxTotalStringLength: 15000,
} as const;

/** `format` values strict mode accepts; others are dropped. */
export const OPENAI_STRICT_FORMATS: ReadonlySet<string> = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
]);

const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

/**
 * Keywords copied as they are, with the JSON type their value must have. These are the
 * value constraints the `openai` package's own strict transform (`lib/transform.ts`) keeps:
 * none of them is in its list of keywords strict Structured Outputs cannot represent
 * (that list has `uniqueItems`, `minProperties`, `maxProperties`, `allOf`, …), so they are
 * sent rather than dropped. Should the API ignore one, the schema is only looser than the
 * tool's: the generated validators still check every constraint on each call.
 */
const PASSTHROUGH: Record<string, "string" | "number" | "integer"> = {
  title: "string",
  description: "string",
  pattern: "string",
  minLength: "integer",
  maxLength: "integer",
  minimum: "number",
  maximum: "number",
  exclusiveMinimum: "number",
  exclusiveMaximum: "number",
  multipleOf: "number",
  minItems: "integer",
  maxItems: "integer",
};

const DROPPED = new Set([
  "default",
  "examples",
  "$comment",
  "$schema",
  "deprecated",
  "readOnly",
  "writeOnly",
  "contentMediaType",
  "contentEncoding",
]);

/** Keywords known to be outside the strict subset, with why. */
const REFUSED: Record<string, string> = {
  allOf: "allOf is not supported",
  oneOf: "oneOf is not supported (rewriting it to anyOf would accept values matching several branches)",
  not: "not is not supported",
  if: "if/then/else is not supported",
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, as data
  then: "if/then/else is not supported",
  else: "if/then/else is not supported",
  dependentRequired: "dependentRequired is not supported",
  dependentSchemas: "dependentSchemas is not supported",
  dependencies: "dependencies is not supported",
  patternProperties: "patternProperties is not supported",
  propertyNames: "propertyNames is not supported",
  unevaluatedProperties: "unevaluatedProperties is not supported",
  minProperties: "minProperties is not supported",
  maxProperties: "maxProperties is not supported",
  prefixItems: "prefixItems is not supported",
  additionalItems: "additionalItems is not supported",
  unevaluatedItems: "unevaluatedItems is not supported",
  contains: "contains is not supported",
  minContains: "minContains is not supported",
  maxContains: "maxContains is not supported",
  uniqueItems: "uniqueItems is not supported",
  contentSchema: "contentSchema is not supported",
  $anchor: "$anchor is not supported",
  $dynamicRef: "$dynamicRef is not supported",
  $dynamicAnchor: "$dynamicAnchor is not supported",
  $recursiveRef: "$recursiveRef is not supported",
  $recursiveAnchor: "$recursiveAnchor is not supported",
  $vocabulary: "$vocabulary is not supported",
  nullable: 'nullable is an OpenAPI keyword, not JSON Schema; use type: [T, "null"]',
};

class Refusal extends Error {
  constructor(
    message: string,
    readonly pointer: string,
    readonly keyword: string | undefined,
  ) {
    super(message);
  }
}

type Schema = { [key: string]: JsonValue };

interface Context {
  root: Schema;
  /** `$ref`s being inlined, to stop on cycles. */
  inlining: Set<string>;
}

/**
 * Converts an input schema to OpenAI strict form, or explains why it cannot be.
 * Never mutates `schema`; both results hold fresh copies. On refusal `schema` is
 * an unchanged copy of the input (the generators send `strict: false` tools with
 * unreachable definitions pruned: `nonStrictSchema` in src/vendors/forms.ts).
 *
 * A property made nullable here means "not given": callers dispatching a strict
 * call should drop `null` values of originally optional properties.
 */
export function toStrictSchema(schema: JsonSchema): StrictSchemaResult {
  try {
    if (!isPlainObject(schema)) fail("", "root schema must be an object");
    // Pruning keeps the names (and so the pointers) of the definitions it keeps.
    const root = structuredClone(pruneUnreachableDefs(schema).schema);
    if (!has(root, "type")) fail("", 'root schema must have type: "object"', "type");
    if (root.type !== "object") fail("/type", 'root schema must have type: "object"', "type");
    if (has(root, "anyOf")) fail("/anyOf", "root schema must not be anyOf", "anyOf");
    // Inlining a `$ref` (to carry its description) may leave its definition unused.
    const converted = pruneUnreachableDefs(convert(root, "", { root, inlining: new Set() }, 0, true)).schema;
    checkLimits(converted);
    return { strict: true, schema: converted };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const refused = {
      strict: false as const,
      schema: structuredClone(schema),
      reason: `${error.message} (at #${error.pointer})`,
      pointer: error.pointer,
    };
    return error.keyword === undefined ? refused : { ...refused, keyword: error.keyword };
  }
}

/**
 * Refuses. `where` is the pointer of the keyword at fault when `keyword` is given (its
 * last token), else of the subschema.
 */
function fail(where: string, message: string, keyword?: string): never {
  throw new Refusal(message, where, keyword);
}

/** Refuses because of `key` in the subschema at `path`. */
function failAt(path: string, key: string, message: string): never {
  fail(pointer(path, key), message, key);
}

function isPlainObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function has(node: Schema, key: string): boolean {
  return Object.hasOwn(node, key);
}

function pointer(path: string, ...segments: string[]): string {
  return path + segments.map((s) => `/${s.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}

function typesOf(node: Schema): string[] {
  const t = node.type;
  return typeof t === "string" ? [t] : Array.isArray(t) ? (t as string[]) : [];
}

/**
 * Converts one subschema; `node` is a private copy and may be reused in the output.
 * `path` is its pointer in the input schema; `depth` the number of objects around it.
 */
function convert(node: JsonValue, path: string, ctx: Context, depth: number, isRoot = false): Schema {
  if (!isPlainObject(node)) fail(path, "boolean or non-object schemas are not supported");
  if (has(node, "$ref")) return convertRef(node, path, ctx, depth);
  // Checked here rather than on the output, whose wrappers would shift the pointers.
  const level = typesOf(node).includes("object") ? depth + 1 : depth;
  if (level > OPENAI_STRICT_LIMITS.maxObjectDepth) {
    fail(path, `objects nested deeper than ${OPENAI_STRICT_LIMITS.maxObjectDepth} levels`);
  }

  const out: Array<[string, JsonValue]> = [];
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key) || key.startsWith("x-") || (isRoot && key === "$id")) continue;
    if (Object.hasOwn(REFUSED, key)) failAt(path, key, REFUSED[key]);
    if (Object.hasOwn(PASSTHROUGH, key)) {
      const want = PASSTHROUGH[key];
      const ok =
        want === "string"
          ? typeof value === "string"
          : want === "integer"
            ? Number.isInteger(value)
            : typeof value === "number";
      if (!ok) failAt(path, key, `${key} must be a ${want}`);
      out.push([key, value]);
      continue;
    }
    switch (key) {
      case "type":
        checkType(value, path);
        out.push([key, value]);
        break;
      case "format":
        if (typeof value !== "string") failAt(path, key, "format must be a string");
        if (OPENAI_STRICT_FORMATS.has(value)) out.push([key, value]);
        break;
      case "enum":
        if (!Array.isArray(value) || value.length === 0) failAt(path, key, "enum must be a non-empty array");
        if (value.some((v) => typeof v === "object" && v !== null)) failAt(path, key, "enum values must be primitives");
        checkLargeEnum(value, path);
        // Beside `const`, the enum only allows what the const already says (the intersection);
        // keeping both would let a nullable optional become `enum: [...values, null]` without the const.
        if (has(node, "const")) {
          if (!value.includes(node.const as JsonValue))
            failAt(path, "const", "const is not one of the enum values beside it (no value is valid)");
          break;
        }
        out.push([key, value]);
        break;
      case "const":
        if (typeof value === "object" && value !== null) failAt(path, key, "const must be a primitive");
        out.push([key, value]);
        break;
      case "properties": {
        if (!isPlainObject(value)) failAt(path, key, "properties must be an object");
        const props = Object.entries(value).map(([name, sub]): [string, JsonValue] => [
          name,
          convert(sub, pointer(path, key, name), ctx, level),
        ]);
        out.push([key, Object.fromEntries(props)]);
        break;
      }
      case "required":
        if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
          failAt(path, key, "required must be an array of strings");
        }
        out.push([key, value]);
        break;
      case "additionalProperties":
        if (value !== false) {
          failAt(
            path,
            key,
            "additionalProperties must be false or absent (maps with arbitrary keys are not supported)",
          );
        }
        out.push([key, false]);
        break;
      case "items":
        if (Array.isArray(value)) failAt(path, key, "tuple-form items is not supported");
        out.push([key, convert(value, pointer(path, key), ctx, level)]);
        break;
      case "anyOf":
        if (!Array.isArray(value) || value.length === 0) failAt(path, key, "anyOf must be a non-empty array");
        out.push([key, value.map((branch, i) => convert(branch, pointer(path, key, String(i)), ctx, level))]);
        break;
      case "$defs":
      case "definitions": {
        if (!isRoot) failAt(path, key, `${key} is only supported at the root`);
        if (!isPlainObject(value)) failAt(path, key, `${key} must be an object`);
        // Definitions are counted from their own root: recursion makes any other depth undefined.
        const defs = Object.entries(value).map(([name, sub]): [string, JsonValue] => [
          name,
          convert(sub, pointer(path, key, name), ctx, 0),
        ]);
        out.push([key, Object.fromEntries(defs)]);
        break;
      }
      // biome-ignore lint/suspicious/noFallthroughSwitchClause: fail() throws
      case "$id":
        failAt(path, key, "$id is only supported at the root");
      default:
        failAt(path, key, `unsupported keyword ${JSON.stringify(key)}`);
    }
  }

  let result = Object.fromEntries(out) as Schema;
  const types = typesOf(result);
  if (types.length === 0) {
    if (has(result, "anyOf")) return result;
    if (has(result, "enum") || has(result, "const")) return withInferredType(result, path);
    fail(path, "schema has no type (strict mode needs a type, enum, const, anyOf or $ref)", "type");
  }
  if (has(result, "anyOf")) failAt(path, "anyOf", "type together with anyOf is not supported");
  if (types.includes("object")) result = strictObject(result, path, isRoot);
  if (types.includes("array") && !has(result, "items")) fail(path, "arrays need items", "items");
  const structured = types.filter((t) => t === "object" || t === "array");
  if (structured.length > 0 && types.length > 1) {
    if (types.length !== 2 || !types.includes("null") || structured.length !== 1) {
      failAt(
        path,
        "type",
        `type union ${JSON.stringify(types)} mixing objects/arrays with other types is not supported`,
      );
    }
    // [object|array, null] is only reliably accepted as anyOf.
    result = wrapNullable({ ...result, type: structured[0] });
  }
  return result;
}

function checkType(value: JsonValue, path: string): void {
  const types = typeof value === "string" ? [value] : Array.isArray(value) ? value : undefined;
  if (!types || types.length === 0 || types.some((t) => typeof t !== "string" || !TYPES.has(t))) {
    failAt(path, "type", `unsupported type ${JSON.stringify(value)}`);
  }
  if (new Set(types).size !== types.length) failAt(path, "type", "duplicate entries in type");
}

/** Adds `additionalProperties: false` and a complete `required`, making optional properties nullable. */
function strictObject(node: Schema, path: string, isRoot: boolean): Schema {
  const props = isPlainObject(node.properties) ? node.properties : {};
  const names = Object.keys(props);
  if (!isRoot && names.length === 0 && node.additionalProperties !== false) {
    fail(path, "free-form object (no properties) cannot be expressed in strict mode", "properties");
  }
  const required = (node.required as string[] | undefined) ?? [];
  const originallyRequired = new Set(required);
  for (const [i, name] of required.entries()) {
    if (!names.includes(name)) {
      fail(
        pointer(path, "required", String(i)),
        `required property ${JSON.stringify(name)} is not in properties`,
        "required",
      );
    }
  }
  const properties: Schema = Object.fromEntries(
    names.map((name): [string, JsonValue] => {
      const sub = props[name] as Schema;
      return [name, originallyRequired.has(name) ? sub : makeNullable(sub)];
    }),
  );

  // Existing keys keep their place; a missing `required` follows `properties`, a
  // missing `additionalProperties` follows `required`; without `properties`, at the end.
  const needRequired = !has(node, "required");
  let needAdditional = !has(node, "additionalProperties");
  const entries: Array<[string, JsonValue]> = [];
  const pushRequired = (): void => {
    entries.push(["required", names]);
    if (needAdditional) entries.push(["additionalProperties", false]);
    needAdditional = false;
  };
  for (const [key, value] of Object.entries(node)) {
    if (key === "properties") {
      entries.push([key, properties]);
      if (needRequired) pushRequired();
    } else if (key === "required") {
      pushRequired();
    } else {
      entries.push([key, value]);
    }
  }
  if (!has(node, "properties")) {
    entries.push(["properties", properties]);
    if (needRequired) pushRequired();
  }
  if (needAdditional) entries.push(["additionalProperties", false]);
  return Object.fromEntries(entries) as Schema;
}

/**
 * Whether a converted schema accepts `null`: every keyword present must allow it (an
 * enum listing `null` under `type: "string"` does not). A `$ref` counts as not: wrapping
 * it is harmless even when its target accepts null.
 */
function allowsNull(node: Schema): boolean {
  if (has(node, "$ref")) return false;
  let constrained = false;
  if (has(node, "type")) {
    if (!typesOf(node).includes("null")) return false;
    constrained = true;
  }
  if (has(node, "enum")) {
    if (!(node.enum as JsonValue[]).includes(null)) return false;
    constrained = true;
  }
  if (has(node, "const")) {
    if (node.const !== null) return false;
    constrained = true;
  }
  if (has(node, "anyOf")) {
    if (!(node.anyOf as Schema[]).some(allowsNull)) return false;
    constrained = true;
  }
  return constrained;
}

/** Lets an already converted schema also accept `null`, without changing what else it accepts. */
function makeNullable(node: Schema): Schema {
  if (allowsNull(node)) return node;
  if (has(node, "$ref")) return { anyOf: [node, { type: "null" }] };
  if (has(node, "anyOf")) return { ...node, anyOf: [...(node.anyOf as JsonValue[]), { type: "null" }] };
  const types = typesOf(node);
  if (types.length === 1 && (types[0] === "object" || types[0] === "array")) return wrapNullable(node);
  const entries = Object.entries(node).map(([key, value]): [string, JsonValue] => {
    if (key === "type") return [key, types.includes("null") ? value : [...types, "null"]];
    if (key === "enum") return [key, (value as JsonValue[]).includes(null) ? value : [...(value as JsonValue[]), null]];
    if (key === "const") return ["enum", [value, null]];
    return [key, value];
  });
  return Object.fromEntries(entries) as Schema;
}

/** `anyOf: [schema, {type: "null"}]`, with annotations moved out so the model sees them first. */
function wrapNullable(node: Schema): Schema {
  const outer: Schema = {};
  const inner: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "title" || key === "description") outer[key] = value;
    else inner[key] = value;
  }
  outer.anyOf = [inner, { type: "null" }];
  return outer;
}

function withInferredType(node: Schema, path: string): Schema {
  const values = has(node, "enum") ? (node.enum as JsonValue[]) : [node.const];
  const types: string[] = [];
  for (const v of values) {
    const t = v === null ? "null" : typeof v === "number" ? (Number.isInteger(v) ? "integer" : "number") : typeof v;
    if (!types.includes(t)) types.push(t);
  }
  // An enum of 1 and 1.5 is a "number" enum, not "integer" plus "number".
  const merged = types.includes("number") ? types.filter((t) => t !== "integer") : types;
  if (merged.some((t) => !TYPES.has(t))) {
    failAt(path, has(node, "enum") ? "enum" : "const", "cannot infer a type for enum/const");
  }
  return { type: merged.length === 1 ? merged[0] : merged, ...node };
}

function convertRef(node: Schema, path: string, ctx: Context, depth: number): Schema {
  const ref = node.$ref;
  if (typeof ref !== "string") failAt(path, "$ref", "$ref must be a string");
  const target = resolveLocalRef(ref, path, ctx.root);
  const siblings = Object.keys(node).filter((k) => k !== "$ref" && !DROPPED.has(k) && !k.startsWith("x-"));
  if (siblings.length === 0) return { $ref: ref };
  const constraining = siblings.filter((k) => k !== "description" && k !== "title");
  if (constraining.length > 0) {
    failAt(path, constraining[0], `$ref with sibling keywords (${siblings.join(", ")}) is not supported`);
  }
  for (const key of siblings) {
    if (typeof node[key] !== "string") failAt(path, key, `${key} must be a string`);
  }
  // OpenAI rejects siblings of $ref, so inline the target and let them override its annotations.
  if (ref === "#") failAt(path, "$ref", '$ref: "#" with a description cannot be inlined');
  if (ctx.inlining.has(ref)) failAt(path, "$ref", `circular $ref ${ref} with a description cannot be inlined`);
  if (!isPlainObject(target.schema)) failAt(path, "$ref", `$ref target ${ref} is not a schema object`);
  const merged: Schema = { ...structuredClone(target.schema) };
  for (const key of siblings) merged[key] = node[key];
  ctx.inlining.add(ref);
  try {
    // Refusals inside point at the definition, where the offending keyword is written.
    return convert(merged, target.path, ctx, depth);
  } finally {
    ctx.inlining.delete(ref);
  }
}

/** Resolves `#`, `#/$defs/Name` and `#/definitions/Name` (with its pointer); everything else is refused. */
function resolveLocalRef(ref: string, path: string, root: Schema): { schema: JsonValue; path: string } {
  if (ref === "#") return { schema: root, path: "" };
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  if (!match) {
    failAt(
      path,
      "$ref",
      `only local $refs to #, #/$defs/... or #/definitions/... are supported, got ${JSON.stringify(ref)}`,
    );
  }
  let name: string;
  try {
    name = decodeURIComponent(match[2]).replaceAll("~1", "/").replaceAll("~0", "~");
  } catch {
    failAt(path, "$ref", `malformed $ref ${JSON.stringify(ref)}`);
  }
  const defs = root[match[1]];
  if (!isPlainObject(defs) || !Object.hasOwn(defs, name)) failAt(path, "$ref", `$ref target ${ref} does not exist`);
  return { schema: defs[name], path: pointer("", match[1], name) };
}

/** Refuses an enum too large for strict mode (checked on the input, for an exact pointer). */
function checkLargeEnum(values: JsonValue[], path: string): void {
  const L = OPENAI_STRICT_LIMITS;
  const strings = values.filter((v): v is string => typeof v === "string");
  const length = strings.reduce((n, s) => n + s.length, 0);
  if (strings.length > L.largeEnumThreshold && length > L.maxLargeEnumStringLength) {
    failAt(
      path,
      "enum",
      `enum with more than ${L.largeEnumThreshold} values exceeds ${L.maxLargeEnumStringLength} characters`,
    );
  }
}

/**
 * Applies the schema-wide limits to the converted schema (so the `null`s added to enums
 * count). Depth and single-enum limits are checked during conversion.
 */
function checkLimits(root: Schema): void {
  const L = OPENAI_STRICT_LIMITS;
  let properties = 0;
  let enumValues = 0;
  let stringLength = 0;

  const walk = (node: JsonValue): void => {
    if (!isPlainObject(node)) return;
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      for (const v of node.enum) if (typeof v === "string") stringLength += v.length;
    }
    if (typeof node.const === "string") stringLength += node.const.length;
    if (isPlainObject(node.properties)) {
      for (const [name, sub] of Object.entries(node.properties)) {
        properties++;
        stringLength += name.length;
        walk(sub);
      }
    }
    if (node.items !== undefined) walk(node.items);
    if (Array.isArray(node.anyOf)) node.anyOf.forEach(walk);
    for (const key of ["$defs", "definitions"]) {
      const defs = node[key];
      if (!isPlainObject(defs)) continue;
      for (const [name, sub] of Object.entries(defs)) {
        stringLength += name.length;
        walk(sub);
      }
    }
  };
  walk(root);

  if (properties > L.maxProperties) fail("", `${properties} properties exceed the limit of ${L.maxProperties}`);
  if (enumValues > L.maxEnumValues) fail("", `${enumValues} enum values exceed the limit of ${L.maxEnumValues}`);
  if (stringLength > L.maxTotalStringLength) {
    fail(
      "",
      `names and enum/const strings total ${stringLength} characters, over the limit of ${L.maxTotalStringLength}`,
    );
  }
}
