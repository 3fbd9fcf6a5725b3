// A JSON Schema as the rows of a parameters (or output fields) table: one row per property,
// nested properties of objects and of array items under a dotted path, with the type, the
// required flag, the default, the enum values and the other constraints written out.
import type { JsonSchema, JsonValue } from "../ir/types.js";

/** One property of a schema, as a table row. */
export interface SchemaRow {
  /** The property's path: `name`, `options.depth`, `items[].id`. */
  path: string;
  /** Nesting depth: 0 for a top-level property. */
  depth: number;
  /** The type as a reader writes it: `string`, `integer[]`, `"a" | "b"`, `Filter` (a `$ref`). */
  type: string;
  required: boolean;
  /** The default, as JSON text. */
  defaultValue?: string;
  /** The allowed values, each as JSON text. */
  enumValues?: string[];
  /** Other constraints, each as `keyword: value` (`minimum: 1`, `pattern: ^a`, `format: uri`). */
  constraints: string[];
  description?: string;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
}

// Keywords shown as constraints, in this order; the rest of the schema is in the JSON shown beside the table.
const CONSTRAINT_KEYWORDS = [
  "const",
  "format",
  "minimum",
  "exclusiveMinimum",
  "maximum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "contentMediaType",
  "contentEncoding",
] as const;

/** How deep nested properties are listed; deeper ones are in the JSON Schema shown beside the table. */
const MAX_DEPTH = 4;

/** The rows of `schema`'s properties (of its root object), in the schema's order. */
export function schemaRows(schema: JsonSchema): SchemaRow[] {
  const rows: SchemaRow[] = [];
  addProperties(schema, schema, "", 0, rows, new Set());
  return rows;
}

/** The type of a schema as a reader writes it (see {@link SchemaRow.type}). */
export function schemaType(schema: JsonValue | undefined, root: JsonSchema): string {
  if (schema === true || schema === undefined) return "any";
  if (schema === false) return "never";
  if (!isObject(schema)) return "any";
  if (typeof schema.$ref === "string") return refName(schema.$ref);
  if ("const" in schema) return JSON.stringify(schema.const) ?? "any";
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.length <= 6 && !schema.type)
    return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonValue;
  if (Array.isArray(alternatives) && !schema.type) return alternatives.map((s) => schemaType(s, root)).join(" | ");
  const types = Array.isArray(schema.type)
    ? schema.type.map(String)
    : typeof schema.type === "string"
      ? [schema.type]
      : [];
  if (types.length === 0) {
    if (isObject(schema.properties)) return "object";
    if (schema.items !== undefined) return `${schemaType(schema.items, root)}[]`;
    if (Array.isArray(schema.allOf)) return schema.allOf.map((s) => schemaType(s, root)).join(" & ");
    return "any";
  }
  return types.map((t) => (t === "array" ? arrayType(schema, root) : t)).join(" | ");
}

function arrayType(schema: JsonSchema, root: JsonSchema): string {
  if (schema.items === undefined || schema.items === true) return "array";
  const item = schemaType(schema.items, root);
  return item.includes(" ") ? `(${item})[]` : `${item}[]`;
}

function addProperties(
  schema: JsonSchema,
  root: JsonSchema,
  prefix: string,
  depth: number,
  rows: SchemaRow[],
  seen: ReadonlySet<string>,
): void {
  const properties = schema.properties;
  if (!isObject(properties)) return;
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  for (const [name, value] of Object.entries(properties)) {
    const path = prefix + name;
    const property = isObject(value) ? value : {};
    rows.push(rowOf(path, depth, property, required.has(name), root));
    if (depth + 1 >= MAX_DEPTH) continue;
    for (const [nested, suffix, ref] of nestedObjects(property, root, seen))
      addProperties(nested, root, `${path}${suffix}.`, depth + 1, rows, ref ? new Set([...seen, ref]) : seen);
  }
}

/** The object schemas below a property whose properties are listed too: itself, or its items. */
function nestedObjects(
  property: JsonSchema,
  root: JsonSchema,
  seen: ReadonlySet<string>,
): Array<[JsonSchema, string, string | undefined]> {
  const found: Array<[JsonSchema, string, string | undefined]> = [];
  const add = (s: JsonValue | undefined, suffix: string) => {
    if (!isObject(s)) return;
    const ref = typeof s.$ref === "string" ? s.$ref : undefined;
    // A recursive definition is listed once: its second appearance names it only.
    if (ref !== undefined && seen.has(ref)) return;
    const target = ref !== undefined ? resolveLocalRef(root, ref) : s;
    if (target && isObject(target.properties)) found.push([target, suffix, ref]);
  };
  add(property, "");
  add(property.items, "[]");
  return found;
}

function rowOf(path: string, depth: number, property: JsonSchema, required: boolean, root: JsonSchema): SchemaRow {
  const described = typeof property.$ref === "string" ? (resolveLocalRef(root, property.$ref) ?? property) : property;
  const row: SchemaRow = { path, depth, type: schemaType(property, root), required, constraints: [] };
  if ("default" in property) row.defaultValue = JSON.stringify(property.default);
  const values = property.enum ?? (isObject(property.items) ? property.items.enum : undefined);
  if (Array.isArray(values)) row.enumValues = values.map((v) => JSON.stringify(v));
  for (const keyword of CONSTRAINT_KEYWORDS)
    if (keyword in property && !(keyword === "const" && row.type === JSON.stringify(property.const)))
      row.constraints.push(`${keyword}: ${constraintText(property[keyword]!)}`);
  const description = property.description ?? described.description ?? property.title;
  if (typeof description === "string" && description !== "") row.description = description;
  if (property.deprecated === true) row.deprecated = true;
  if (property.readOnly === true) row.readOnly = true;
  if (property.writeOnly === true) row.writeOnly = true;
  return row;
}

function constraintText(value: JsonValue): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The name a reference is shown by: the last segment of its pointer (`#/$defs/Filter` → `Filter`). */
function refName(ref: string): string {
  const last = ref.split("/").pop() ?? ref;
  return last === "" || last === "#" ? ref : decodePointerSegment(last);
}

/** The schema a local reference (`#/…`) points at in `root`, when there is one. */
function resolveLocalRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith("#")) return undefined;
  let at: JsonValue = root;
  for (const segment of ref.slice(1).split("/").slice(1)) {
    if (!isObject(at) && !Array.isArray(at)) return undefined;
    at = (at as Record<string, JsonValue>)[decodePointerSegment(segment)] as JsonValue;
    if (at === undefined) return undefined;
  }
  return isObject(at) ? at : undefined;
}

function decodePointerSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Not percent-encoded: used as written.
  }
  return decoded.replace(/~1/g, "/").replace(/~0/g, "~");
}

function isObject(value: JsonValue | undefined): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
