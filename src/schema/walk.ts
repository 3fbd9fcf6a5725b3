import type { JsonSchema, JsonValue } from "../ir/types.js";

type JsonObject = { [k: string]: JsonValue };

// Keywords whose value is a map of name → schema, and those holding one schema or a list
// (exported for the tests' keyword-by-keyword reference walk).
export const SCHEMA_MAPS: readonly string[] = [
  "properties",
  "patternProperties",
  "definitions",
  "$defs",
  "dependentSchemas",
  "dependencies",
];
export const SCHEMA_ONE: readonly string[] = [
  "additionalProperties",
  "items",
  "additionalItems",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
];
export const SCHEMA_LIST: readonly string[] = ["anyOf", "oneOf", "allOf", "prefixItems", "items"];
const SCHEMA_ONE_SET: ReadonlySet<string> = new Set(SCHEMA_ONE);
const SCHEMA_LIST_SET: ReadonlySet<string> = new Set(SCHEMA_LIST);

/**
 * Paths of the boolean subschemas (`true` / `false`) directly below a schema, which
 * {@link walkSchema} does not visit (it visits schema objects).
 */
export function booleanSubschemaPaths(
  schema: JsonObject,
  path: ReadonlyArray<string | number>,
): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [];
  for (const k of SCHEMA_MAPS) {
    const m = schema[k];
    if (isObject(m))
      for (const [name, sub] of Object.entries(m)) if (typeof sub === "boolean") out.push([...path, k, name]);
  }
  for (const k of SCHEMA_ONE) if (typeof schema[k] === "boolean") out.push([...path, k]);
  for (const k of SCHEMA_LIST) {
    const l = schema[k];
    if (Array.isArray(l)) l.forEach((sub, i) => typeof sub === "boolean" && out.push([...path, k, i]));
  }
  return out;
}

/** Keywords whose value maps names (not keywords) to subschemas, such as `properties`. */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set(SCHEMA_MAPS);

/** Every keyword whose value holds subschemas (one, a list, or a map of them). */
export const SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([...SCHEMA_MAPS, ...SCHEMA_ONE, ...SCHEMA_LIST]);

/**
 * A visitor over every subschema; `path` is the JSON path of keys from the root. What it
 * returns (when not undefined) is the `scope` its subschemas are visited with, so a walk
 * can carry state down the tree (such as the base URI that `$id`s establish).
 */
export type SchemaVisitor<S = unknown> = (
  schema: JsonObject,
  path: ReadonlyArray<string | number>,
  scope: S,
  // biome-ignore lint/suspicious/noConfusingVoidType: a visitor that keeps the scope returns nothing
) => S | void;

/**
 * Visits every subschema of a schema, only at keyword positions: a property that happens
 * to be called "type" or "tsType" is a name, not a keyword, and is never visited as one.
 */
export function walkSchema<S = unknown>(
  schema: JsonValue,
  visit: SchemaVisitor<S>,
  path: Array<string | number> = [],
  scope?: S,
): void {
  if (!isObject(schema)) return;
  const inner = visit(schema, path, scope as S) ?? scope;
  // Most nodes are leaves: their few keys are read once instead of two dozen keywords.
  if (!holdsSubschemaKeyword(schema)) return;
  for (const k of SCHEMA_MAPS) {
    const m = schema[k];
    if (isObject(m)) for (const name of Object.keys(m)) walkSchema(m[name]!, visit, [...path, k, name], inner);
  }
  for (const k of SCHEMA_ONE) if (isObject(schema[k])) walkSchema(schema[k], visit, [...path, k], inner);
  for (const k of SCHEMA_LIST) {
    const l = schema[k];
    if (Array.isArray(l)) for (let i = 0; i < l.length; i++) walkSchema(l[i]!, visit, [...path, k, i], inner);
  }
}

/** Whether a schema has a keyword that may hold subschemas: false for a leaf, which has nothing to walk into. */
function holdsSubschemaKeyword(schema: JsonObject): boolean {
  for (const k in schema) if (SUBSCHEMA_KEYWORDS.has(k)) return true;
  return false;
}

/**
 * Whether `test` holds for the schema or any of its subschemas (those {@link walkSchema}
 * visits), stopping at the first: without the paths a walk builds for every subschema.
 */
export function someSubschema(schema: JsonValue, test: (schema: JsonObject) => boolean): boolean {
  if (!isObject(schema)) return false;
  if (test(schema)) return true;
  if (!holdsSubschemaKeyword(schema)) return false;
  // Over the node's own keys, not the keyword lists: a node has a few keys against two dozen
  // keywords, and every build runs this walk several times per schema (the dialect check).
  // Maps, single schemas, then lists, in the order walkSchema visits them.
  const keys = Object.keys(schema);
  for (const k of keys) {
    if (!SCHEMA_MAP_KEYWORDS.has(k)) continue;
    const m = schema[k];
    if (isObject(m)) for (const name in m) if (Object.hasOwn(m, name) && someSubschema(m[name]!, test)) return true;
  }
  for (const k of keys) if (SCHEMA_ONE_SET.has(k) && someSubschema(schema[k]!, test)) return true;
  for (const k of keys) {
    if (!SCHEMA_LIST_SET.has(k)) continue;
    const l = schema[k];
    if (Array.isArray(l)) for (const sub of l) if (someSubschema(sub, test)) return true;
  }
  return false;
}

/**
 * Returns a copy of a schema with every subschema passed through `map`. `map` receives a
 * shallow copy it may modify; nested subschemas are already mapped.
 */
export function mapSchema(
  schema: JsonSchema,
  map: (s: JsonObject, path: ReadonlyArray<string | number>) => JsonObject,
  path: Array<string | number> = [],
): JsonSchema {
  const out: JsonObject = { ...schema };
  if (!holdsSubschemaKeyword(out)) return map(out, path);
  for (const k of SCHEMA_MAPS) {
    const m = out[k];
    if (isObject(m)) {
      const mapped: JsonObject = {};
      for (const name of Object.keys(m)) {
        const sub = m[name]!;
        defineMember(mapped, name, isObject(sub) ? mapSchema(sub, map, [...path, k, name]) : sub);
      }
      out[k] = mapped;
    }
  }
  for (const k of SCHEMA_ONE) if (isObject(out[k])) out[k] = mapSchema(out[k] as JsonObject, map, [...path, k]);
  for (const k of SCHEMA_LIST) {
    const l = out[k];
    if (Array.isArray(l)) out[k] = l.map((sub, i) => (isObject(sub) ? mapSchema(sub, map, [...path, k, i]) : sub));
  }
  return map(out, path);
}

/** Sets an own member, so that one named `__proto__` stays a member instead of setting the prototype. */
function defineMember(object: JsonObject, name: string, value: JsonValue): void {
  if (name === "__proto__")
    Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
  else object[name] = value;
}

/** True for a plain JSON object. */
export function isObject(v: JsonValue | undefined): v is JsonObject {
  return !!v && typeof v === "object" && !Array.isArray(v);
}
