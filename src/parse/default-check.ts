import type { DiagnosticBag } from "../diagnostics/types.js";
import type { JsonSchema, JsonValue, SourceLocation } from "../ir/types.js";

// A default that its own property would reject is a silent change of meaning: a client that
// omits the argument gets a value the server's validator refuses, and the generated type
// becomes an intersection such as `number & string`. The checks here cover what a default
// can contradict without resolving references: the type, `const`/`enum`, and numeric and
// length bounds.

/** Where a default sits: the key path from the side's root to the property holding it. */
export type DefaultPath = ReadonlyArray<string | number>;

/** Why `value` does not validate against `schema` (shallow, no `$ref`), or undefined when it does. */
export function defaultProblem(value: JsonValue, schema: JsonSchema): string | undefined {
  const t = schema.type;
  const types = typeof t === "string" ? [t] : Array.isArray(t) ? (t as string[]) : undefined;
  if (types && !types.some((ty) => hasType(value, ty)))
    return `${JSON.stringify(value)} is not of type ${types.join(" | ")}`;
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => same(e, value)))
    return `${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`;
  if ("const" in schema && !same(schema.const as JsonValue, value))
    return `${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`;
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum)
      return `${value} is below the minimum ${schema.minimum}`;
    if (typeof schema.maximum === "number" && value > schema.maximum)
      return `${value} is above the maximum ${schema.maximum}`;
  }
  return undefined;
}

/**
 * Reports every property default of `schema` that its property rejects: an error when the
 * schema was written as JSON Schema (`explicit`), a warning when it was inferred from prose.
 */
export function checkDefaults(
  schema: JsonSchema,
  explicit: boolean,
  locate: (path: DefaultPath) => SourceLocation,
  diagnostics: DiagnosticBag,
): void {
  const visit = (s: JsonSchema, path: Array<string | number>, depth: number) => {
    // Schemas are bounded by the parse limits; the depth cap only keeps this walk cheap.
    if (depth > 32 || !s || typeof s !== "object" || Array.isArray(s)) return;
    if ("default" in s && s.default !== undefined) {
      // In prose, `None`/`null` as a default is Python's "not given", not a value to send.
      const problem = explicit || s.default !== null ? defaultProblem(s.default as JsonValue, s) : undefined;
      if (problem) {
        const message = `the default of ${path.length ? `"${path.filter((p) => typeof p === "string" && p !== "properties" && p !== "items").join(".")}"` : "this schema"} does not validate: ${problem}`;
        const help = "give a default of the property's type, or fix the property's type";
        if (explicit) diagnostics.error("SPEC_DEFAULT_INVALID", locate([...path, "default"]), message, help);
        else
          diagnostics.warning(
            "SPEC_DEFAULT_MISMATCH",
            locate(path),
            `${message}; the default is kept as written`,
            help,
          );
      }
    }
    const props = s.properties;
    if (props && typeof props === "object" && !Array.isArray(props))
      for (const [k, v] of Object.entries(props)) visit(v as JsonSchema, [...path, "properties", k], depth + 1);
    if (s.items && typeof s.items === "object" && !Array.isArray(s.items))
      visit(s.items as JsonSchema, [...path, "items"], depth + 1);
  };
  visit(schema, [], 0);
}

function hasType(v: JsonValue, type: string): boolean {
  switch (type) {
    case "null":
      return v === null;
    case "boolean":
      return typeof v === "boolean";
    case "string":
      return typeof v === "string";
    case "number":
      return typeof v === "number";
    case "integer":
      return typeof v === "number" && Number.isInteger(v);
    case "array":
      return Array.isArray(v);
    case "object":
      return v !== null && typeof v === "object" && !Array.isArray(v);
    default:
      return true;
  }
}

function same(a: JsonValue, b: JsonValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
