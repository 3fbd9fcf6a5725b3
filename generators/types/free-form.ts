import type { JsonSchema } from "../../src/ir/types.js";

// Keywords that describe a schema without constraining its values.
const ANNOTATIONS = new Set(["description", "title", "deprecated", "readOnly"]);

/**
 * The TypeScript type of a schema that json-schema-to-typescript would get wrong, given as
 * its `tsType` (a constant of ours: the copy it sees has every `tsType` of the spec removed),
 * or undefined to leave the schema to it:
 *
 * - a schema that allows any value (`{}`, or one with annotations only — what `any`, `json`
 *   or an unknown type word in a Markdown table becomes) is `unknown`: json-schema-to-typescript
 *   reads one with a description as an open object, `{ [k: string]: unknown }`, which refuses
 *   a string or an array the schema accepts;
 * - so does a union (`anyOf` / `oneOf`) with such a member, as `result | any` becomes;
 * - an object without `properties`, `patternProperties` or an `additionalProperties` schema
 *   (`dict`, `object`) is `object`: under closed objects it would be `{}`, which in
 *   TypeScript accepts a string. Not `Record<string, unknown>`: an interface (every generated
 *   definition is one) has no index signature, so a handler could not put a value of one
 *   there.
 *
 * `schema` is the copy already reduced to type keywords, its subschemas already mapped.
 */
export function freeFormType(schema: JsonSchema): string | undefined {
  if (allowsAnyValue(schema) || isUnionWithAnyValue(schema)) return "unknown";
  if (schema.type !== "object") return undefined;
  for (const key of Object.keys(schema)) {
    if (key === "type" || ANNOTATIONS.has(key)) continue;
    if (key === "additionalProperties" && (schema[key] === true || isAnyValueSchema(schema[key]))) continue;
    if (key === "properties" && isEmptyObject(schema[key])) continue;
    return undefined;
  }
  return "object";
}

function allowsAnyValue(schema: JsonSchema): boolean {
  return Object.keys(schema).every((key) => ANNOTATIONS.has(key) || (key === "tsType" && schema[key] === "unknown"));
}

function isUnionWithAnyValue(schema: JsonSchema): boolean {
  const constraints = Object.keys(schema).filter((key) => !ANNOTATIONS.has(key));
  if (constraints.length !== 1 || (constraints[0] !== "anyOf" && constraints[0] !== "oneOf")) return false;
  const members = schema[constraints[0]];
  return Array.isArray(members) && members.some((m) => m === true || isAnyValueSchema(m));
}

function isAnyValueSchema(value: unknown): boolean {
  return isObject(value) && allowsAnyValue(value);
}

function isEmptyObject(value: unknown): boolean {
  return isObject(value) && Object.keys(value).length === 0;
}

function isObject(value: unknown): value is JsonSchema {
  return !!value && typeof value === "object" && !Array.isArray(value);
}
