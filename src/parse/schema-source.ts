import type { JsonSchema, SourceLocation } from "../ir/types.js";

/** Finds the source location of a path inside a schema (keys from the schema root). */
export type SchemaLocator = (path: ReadonlyArray<string | number>) => SourceLocation;

// Diagnostics about a schema should point inside it, at the offending keyword. Parsers
// record how to find positions for the schema objects they produce; it is only a lookup
// for error messages (never a cache key), so keying by object identity is right here.
const locators = new WeakMap<object, SchemaLocator>();

/** Records how to locate positions inside a schema object produced by a parser. */
export function recordSchemaLocator(schema: JsonSchema, locate: SchemaLocator): void {
  locators.set(schema, locate);
}

/** Location of `path` inside `schema`, falling back to `fallback` when unknown. */
export function locateInSchema(
  schema: JsonSchema,
  path: ReadonlyArray<string | number>,
  fallback: SourceLocation,
): SourceLocation {
  const locate = locators.get(schema);
  return locate ? locate(path) : fallback;
}

/** Splits an ajv JSON pointer (`/properties/a/type`) into path segments. */
export function pointerToPath(pointer: string): string[] {
  return pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * Lets a rewritten copy of a schema (same key paths, see `resolveSchemaResources`) find
 * positions the way its original does.
 */
export function carrySchemaLocator(from: JsonSchema, to: JsonSchema): void {
  const locate = locators.get(from);
  if (locate) locators.set(to, locate);
}
