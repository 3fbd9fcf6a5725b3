/**
 * What the vendor schema converters ask of a schema node: its JSON kind, its types, and
 * the annotations every vendor leaves out.
 */
import type { JsonValue } from "../../ir/types.js";

/** A schema object (not a boolean schema), or any JSON object read as one. */
export type SchemaObject = { [key: string]: JsonValue };

/** The type names of JSON Schema's `type` keyword. */
export const JSON_SCHEMA_TYPES: ReadonlySet<string> = new Set([
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
]);

/**
 * Annotations about the schema document rather than the values it allows: no vendor is
 * sent them, and leaving them out never changes which values are valid.
 */
export const DOCUMENT_ANNOTATIONS: ReadonlySet<string> = new Set([
  "$schema",
  "$comment",
  "deprecated",
  "readOnly",
  "writeOnly",
  "contentMediaType",
  "contentEncoding",
]);

/** Whether `value` is a JSON object (not an array, not null). */
export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether `value` is a string, number, boolean or null. */
export function isPrimitive(value: JsonValue): boolean {
  return value === null || typeof value !== "object";
}

/** Whether `key` is an extension keyword (`x-…`), which constrains nothing. */
export function isExtensionKeyword(key: string): boolean {
  return key.startsWith("x-");
}

/** The names `type` lists: one, several, or none when it is absent or not a name or list. */
export function typesOf(node: SchemaObject): string[] {
  const t = node.type;
  return typeof t === "string" ? [t] : Array.isArray(t) ? (t as string[]) : [];
}

/** The JSON kinds a keyword's value may be checked against. */
export type ValueKind = "string" | "number" | "integer" | "boolean";

/** Whether `value` is of `kind` (an integer is any number without a fraction). */
export function isOfKind(value: JsonValue, kind: ValueKind): boolean {
  if (kind === "string") return typeof value === "string";
  if (kind === "integer") return Number.isInteger(value);
  if (kind === "boolean") return typeof value === "boolean";
  return typeof value === "number";
}
