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
 * unknown keywords, the size limits in {@link OPENAI_STRICT_LIMITS}, and `$ref`s whose
 * inlining would make the schema larger than {@link MAX_INLINED_NODES}. Each refusal
 * names the JSON pointer into the input schema and, when one keyword is at fault, that
 * keyword: it is reported per tool.
 */
import type { JsonSchema, JsonValue } from "../ir/types.js";
import { DEFINITION_KEYWORDS, pruneUnreachableDefs } from "../schema/prune-defs.js";
import { walkSchema } from "../schema/walk.js";
import { convertOrRefuse, refuse, refuseKeyword, type StrictRefusal } from "./transform/findings.js";
import {
  DOCUMENT_ANNOTATIONS,
  isExtensionKeyword,
  isOfKind,
  isSchemaObject,
  JSON_SCHEMA_TYPES,
  type SchemaObject,
  typesOf,
  type ValueKind,
} from "./transform/nodes.js";
import { MAX_INLINED_NODES, RefInlining, refProblemMessage, refSiblings, resolveLocalRef } from "./transform/refs.js";
import { mapNamedSubschemas, mapSubschemaList, pointerTo } from "./transform/walk.js";

/**
 * Result of {@link toStrictSchema}. When refused, `schema` is an unchanged copy of the
 * input, meant for `strict: false`.
 */
export type StrictSchemaResult = { strict: true; schema: JsonSchema } | StrictRefusal;

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

/**
 * Keywords copied as they are, with the JSON type their value must have. These are the
 * value constraints the `openai` package's own strict transform (`lib/transform.ts`) keeps:
 * none of them is in its list of keywords strict Structured Outputs cannot represent
 * (that list has `uniqueItems`, `minProperties`, `maxProperties`, `allOf`, …), so they are
 * sent rather than dropped. Should the API ignore one, the schema is only looser than the
 * tool's: the generated validators still check every constraint on each call.
 */
const PASSTHROUGH: Record<string, ValueKind> = {
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

/** Annotations left out (besides `x-*` and the root's `$id`). */
const DROPPED: ReadonlySet<string> = new Set([...DOCUMENT_ANNOTATIONS, "default", "examples"]);

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

interface Context {
  root: SchemaObject;
  /** `$ref`s being inlined, to stop on cycles, and nodes produced, against {@link MAX_INLINED_NODES}. */
  inlining: RefInlining;
}

/** How refusals name the `$ref`s strict mode can send. */
const SUPPORTED_REFS = "#, #/$defs/... or #/definitions/...";

/**
 * Converts an input schema to OpenAI strict form, or explains why it cannot be.
 * Never mutates `schema`; both results hold fresh copies. On refusal `schema` is
 * an unchanged copy of the input (the generators send `strict: false` tools with
 * unreachable definitions pruned: `nonStrictSchema` in forms.ts).
 *
 * A property made nullable here means "not given": callers dispatching a strict
 * call should drop `null` values of originally optional properties.
 */
export function toStrictSchema(schema: JsonSchema): StrictSchemaResult {
  return convertOrRefuse(
    (): StrictSchemaResult => {
      if (!isSchemaObject(schema)) refuse("", "root schema must be an object");
      // Pruning keeps the names (and so the pointers) of the definitions it keeps. Read, never
      // changed: every node of the result is made anew, and the arrays kept are copied.
      const root = pruneUnreachableDefs(schema).schema;
      if (!Object.hasOwn(root, "type")) refuse("", 'root schema must have type: "object"', "type");
      if (root.type !== "object") refuse("/type", 'root schema must have type: "object"', "type");
      if (Object.hasOwn(root, "anyOf")) refuse("/anyOf", "root schema must not be anyOf", "anyOf");
      // Inlining a `$ref` (to carry its description) may leave its definition unused.
      const ctx: Context = { root, inlining: new RefInlining() };
      const converted = pruneUnreachableDefs(convert(root, "", ctx, 0, true)).schema;
      checkLimits(converted);
      return { strict: true, schema: converted };
    },
    () => structuredClone(schema),
  );
}

/**
 * Converts one subschema; `node` is read, never changed, and the output holds none of its
 * objects or arrays (the arrays of primitives it keeps are copied).
 * `path` is its pointer in the input schema; `depth` the number of objects around it.
 */
function convert(node: JsonValue, path: string, ctx: Context, depth: number, isRoot = false): SchemaObject {
  ctx.inlining.countNode();
  if (!isSchemaObject(node)) refuse(path, "boolean or non-object schemas are not supported");
  if (Object.hasOwn(node, "$ref")) return convertRef(node, path, ctx, depth);
  // Checked here rather than on the output, whose wrappers would shift the pointers.
  const level = typesOf(node).includes("object") ? depth + 1 : depth;
  if (level > OPENAI_STRICT_LIMITS.maxObjectDepth) {
    refuse(path, `objects nested deeper than ${OPENAI_STRICT_LIMITS.maxObjectDepth} levels`);
  }

  const out: Array<[string, JsonValue]> = [];
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key) || isExtensionKeyword(key) || (isRoot && key === "$id")) continue;
    if (Object.hasOwn(REFUSED, key)) refuseKeyword(path, key, REFUSED[key]);
    if (Object.hasOwn(PASSTHROUGH, key)) {
      const want = PASSTHROUGH[key]!;
      if (!isOfKind(value, want)) refuseKeyword(path, key, `${key} must be a ${want}`);
      out.push([key, value]);
      continue;
    }
    switch (key) {
      case "type":
        checkType(value, path);
        out.push([key, Array.isArray(value) ? [...value] : value]);
        break;
      case "format":
        if (typeof value !== "string") refuseKeyword(path, key, "format must be a string");
        if (OPENAI_STRICT_FORMATS.has(value)) out.push([key, value]);
        break;
      case "enum":
        if (!Array.isArray(value) || value.length === 0) refuseKeyword(path, key, "enum must be a non-empty array");
        if (value.some((v) => typeof v === "object" && v !== null))
          refuseKeyword(path, key, "enum values must be primitives");
        checkLargeEnum(value, path);
        // Beside `const`, the enum only allows what the const already says (the intersection);
        // keeping both would let a nullable optional become `enum: [...values, null]` without the const.
        if (Object.hasOwn(node, "const")) {
          if (!value.includes(node.const as JsonValue))
            refuseKeyword(path, "const", "const is not one of the enum values beside it (no value is valid)");
          break;
        }
        out.push([key, [...value]]);
        break;
      case "const":
        if (typeof value === "object" && value !== null) refuseKeyword(path, key, "const must be a primitive");
        out.push([key, value]);
        break;
      case "properties": {
        if (!isSchemaObject(value)) refuseKeyword(path, key, "properties must be an object");
        out.push([key, mapNamedSubschemas(value, pointerTo(path, key), (sub, at) => convert(sub, at, ctx, level))]);
        break;
      }
      case "required":
        if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
          refuseKeyword(path, key, "required must be an array of strings");
        }
        out.push([key, [...value]]);
        break;
      case "additionalProperties":
        if (value !== false) {
          refuseKeyword(
            path,
            key,
            "additionalProperties must be false or absent (maps with arbitrary keys are not supported)",
          );
        }
        out.push([key, false]);
        break;
      case "items":
        if (Array.isArray(value)) refuseKeyword(path, key, "tuple-form items is not supported");
        out.push([key, convert(value, pointerTo(path, key), ctx, level)]);
        break;
      case "anyOf":
        if (!Array.isArray(value) || value.length === 0) refuseKeyword(path, key, "anyOf must be a non-empty array");
        out.push([key, mapSubschemaList(value, pointerTo(path, key), (branch, at) => convert(branch, at, ctx, level))]);
        break;
      case "$defs":
      case "definitions": {
        if (!isRoot) refuseKeyword(path, key, `${key} is only supported at the root`);
        if (!isSchemaObject(value)) refuseKeyword(path, key, `${key} must be an object`);
        // Definitions are counted from their own root: recursion makes any other depth undefined.
        out.push([key, mapNamedSubschemas(value, pointerTo(path, key), (sub, at) => convert(sub, at, ctx, 0))]);
        break;
      }
      // biome-ignore lint/suspicious/noFallthroughSwitchClause: refuse() throws
      case "$id":
        refuseKeyword(path, key, "$id is only supported at the root");
      default:
        refuseKeyword(path, key, `unsupported keyword ${JSON.stringify(key)}`);
    }
  }

  let result = Object.fromEntries(out) as SchemaObject;
  const types = typesOf(result);
  if (types.length === 0) {
    if (Object.hasOwn(result, "anyOf")) return result;
    if (Object.hasOwn(result, "enum") || Object.hasOwn(result, "const")) return withInferredType(result, path);
    refuse(path, "schema has no type (strict mode needs a type, enum, const, anyOf or $ref)", "type");
  }
  if (Object.hasOwn(result, "anyOf")) refuseKeyword(path, "anyOf", "type together with anyOf is not supported");
  if (types.includes("object")) result = strictObject(result, path, isRoot);
  if (types.includes("array") && !Object.hasOwn(result, "items")) refuse(path, "arrays need items", "items");
  const structured = types.filter((t) => t === "object" || t === "array");
  if (structured.length > 0 && types.length > 1) {
    if (types.length !== 2 || !types.includes("null") || structured.length !== 1) {
      refuseKeyword(
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
  if (!types || types.length === 0 || types.some((t) => typeof t !== "string" || !JSON_SCHEMA_TYPES.has(t))) {
    refuseKeyword(path, "type", `unsupported type ${JSON.stringify(value)}`);
  }
  if (new Set(types).size !== types.length) refuseKeyword(path, "type", "duplicate entries in type");
}

/** Adds `additionalProperties: false` and a complete `required`, making optional properties nullable. */
function strictObject(node: SchemaObject, path: string, isRoot: boolean): SchemaObject {
  const props = isSchemaObject(node.properties) ? node.properties : {};
  const names = Object.keys(props);
  if (!isRoot && names.length === 0 && node.additionalProperties !== false) {
    refuse(path, "free-form object (no properties) cannot be expressed in strict mode", "properties");
  }
  const required = (node.required as string[] | undefined) ?? [];
  const originallyRequired = new Set(required);
  for (const [i, name] of required.entries()) {
    if (!names.includes(name)) {
      refuse(
        pointerTo(path, "required", String(i)),
        `required property ${JSON.stringify(name)} is not in properties`,
        "required",
      );
    }
  }
  const properties: SchemaObject = Object.fromEntries(
    names.map((name): [string, JsonValue] => {
      const sub = props[name] as SchemaObject;
      return [name, originallyRequired.has(name) ? sub : makeNullable(sub)];
    }),
  );

  // Existing keys keep their place; a missing `required` follows `properties`, a
  // missing `additionalProperties` follows `required`; without `properties`, at the end.
  const needRequired = !Object.hasOwn(node, "required");
  let needAdditional = !Object.hasOwn(node, "additionalProperties");
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
  if (!Object.hasOwn(node, "properties")) {
    entries.push(["properties", properties]);
    if (needRequired) pushRequired();
  }
  if (needAdditional) entries.push(["additionalProperties", false]);
  return Object.fromEntries(entries) as SchemaObject;
}

/**
 * Whether a converted schema accepts `null`: every keyword present must allow it (an
 * enum listing `null` under `type: "string"` does not). A `$ref` counts as not: wrapping
 * it is harmless even when its target accepts null.
 */
function allowsNull(node: SchemaObject): boolean {
  if (Object.hasOwn(node, "$ref")) return false;
  let constrained = false;
  if (Object.hasOwn(node, "type")) {
    if (!typesOf(node).includes("null")) return false;
    constrained = true;
  }
  if (Object.hasOwn(node, "enum")) {
    if (!(node.enum as JsonValue[]).includes(null)) return false;
    constrained = true;
  }
  if (Object.hasOwn(node, "const")) {
    if (node.const !== null) return false;
    constrained = true;
  }
  if (Object.hasOwn(node, "anyOf")) {
    if (!(node.anyOf as SchemaObject[]).some(allowsNull)) return false;
    constrained = true;
  }
  return constrained;
}

/** Lets an already converted schema also accept `null`, without changing what else it accepts. */
function makeNullable(node: SchemaObject): SchemaObject {
  if (allowsNull(node)) return node;
  if (Object.hasOwn(node, "$ref")) return { anyOf: [node, { type: "null" }] };
  if (Object.hasOwn(node, "anyOf")) return { ...node, anyOf: [...(node.anyOf as JsonValue[]), { type: "null" }] };
  const types = typesOf(node);
  if (types.length === 1 && (types[0] === "object" || types[0] === "array")) return wrapNullable(node);
  const entries = Object.entries(node).map(([key, value]): [string, JsonValue] => {
    if (key === "type") return [key, types.includes("null") ? value : [...types, "null"]];
    if (key === "enum") return [key, (value as JsonValue[]).includes(null) ? value : [...(value as JsonValue[]), null]];
    if (key === "const") return ["enum", [value, null]];
    return [key, value];
  });
  return Object.fromEntries(entries) as SchemaObject;
}

/** `anyOf: [schema, {type: "null"}]`, with annotations moved out so the model sees them first. */
function wrapNullable(node: SchemaObject): SchemaObject {
  const outer: SchemaObject = {};
  const inner: SchemaObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "title" || key === "description") outer[key] = value;
    else inner[key] = value;
  }
  outer.anyOf = [inner, { type: "null" }];
  return outer;
}

function withInferredType(node: SchemaObject, path: string): SchemaObject {
  const values = Object.hasOwn(node, "enum") ? (node.enum as JsonValue[]) : [node.const];
  const types: string[] = [];
  for (const v of values) {
    const t = v === null ? "null" : typeof v === "number" ? (Number.isInteger(v) ? "integer" : "number") : typeof v;
    if (!types.includes(t)) types.push(t);
  }
  // An enum of 1 and 1.5 is a "number" enum, not "integer" plus "number".
  const merged = types.includes("number") ? types.filter((t) => t !== "integer") : types;
  if (merged.some((t) => !JSON_SCHEMA_TYPES.has(t))) {
    refuseKeyword(path, Object.hasOwn(node, "enum") ? "enum" : "const", "cannot infer a type for enum/const");
  }
  return { type: merged.length === 1 ? merged[0] : merged, ...node };
}

/** Converts a subschema with a `$ref`, written at `path`: kept as a `$ref`, or inlined to carry its description. */
function convertRef(node: SchemaObject, path: string, ctx: Context, depth: number): SchemaObject {
  const ref = node.$ref;
  if (typeof ref !== "string") refuseKeyword(path, "$ref", "$ref must be a string");
  const target = resolveLocalRef(ctx.root, ref, "definitions");
  if (!target.ok) refuseKeyword(path, "$ref", refProblemMessage(target.problem, ref, SUPPORTED_REFS));
  const siblings = refSiblings(node, (key) => DROPPED.has(key) || isExtensionKeyword(key));
  if (siblings.length === 0) return { $ref: ref };
  const constraining = siblings.filter((k) => k !== "description" && k !== "title");
  if (constraining.length > 0) {
    refuseKeyword(path, constraining[0]!, `$ref with sibling keywords (${siblings.join(", ")}) is not supported`);
  }
  for (const key of siblings) {
    if (typeof node[key] !== "string") refuseKeyword(path, key, `${key} must be a string`);
  }
  // OpenAI rejects siblings of $ref, so inline the target and let them override its annotations.
  if (ref === "#") refuseKeyword(path, "$ref", '$ref: "#" with a description cannot be inlined');
  if (ctx.inlining.isInlining(ref))
    refuseKeyword(path, "$ref", `circular $ref ${ref} with a description cannot be inlined`);
  if (!isSchemaObject(target.value)) refuseKeyword(path, "$ref", `$ref target ${ref} is not a schema object`);
  const merged: SchemaObject = { ...structuredClone(target.value) };
  for (const key of siblings) merged[key] = node[key]!;
  if (ctx.inlining.exhausted)
    refuseKeyword(path, "$ref", `inlining $ref ${ref} would exceed ${MAX_INLINED_NODES} schema nodes`);
  // Refusals inside point at the definition, where the offending keyword is written.
  return ctx.inlining.inline(ref, () => convert(merged, target.pointer, ctx, depth));
}

/** Refuses an enum too large for strict mode (checked on the input, for an exact pointer). */
function checkLargeEnum(values: JsonValue[], path: string): void {
  const L = OPENAI_STRICT_LIMITS;
  const strings = values.filter((v): v is string => typeof v === "string");
  const length = strings.reduce((n, s) => n + s.length, 0);
  if (strings.length > L.largeEnumThreshold && length > L.maxLargeEnumStringLength) {
    refuseKeyword(
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
function checkLimits(root: SchemaObject): void {
  const L = OPENAI_STRICT_LIMITS;
  let properties = 0;
  let enumValues = 0;
  let stringLength = 0;
  walkSchema(root, (node) => {
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      for (const v of node.enum) if (typeof v === "string") stringLength += v.length;
    }
    if (typeof node.const === "string") stringLength += node.const.length;
    if (isSchemaObject(node.properties)) {
      for (const name of Object.keys(node.properties)) {
        properties++;
        stringLength += name.length;
      }
    }
    for (const key of DEFINITION_KEYWORDS) {
      const defs = node[key];
      if (isSchemaObject(defs)) for (const name of Object.keys(defs)) stringLength += name.length;
    }
  });

  if (properties > L.maxProperties) refuse("", `${properties} properties exceed the limit of ${L.maxProperties}`);
  if (enumValues > L.maxEnumValues) refuse("", `${enumValues} enum values exceed the limit of ${L.maxEnumValues}`);
  if (stringLength > L.maxTotalStringLength) {
    refuse(
      "",
      `names and enum/const strings total ${stringLength} characters, over the limit of ${L.maxTotalStringLength}`,
    );
  }
}
