import type { JsonSchema, JsonValue, SourceLocation } from "../../ir/types.js";

/**
 * One parameter or result field as a person described it (a table row, a bullet…),
 * already mapped to JSON Schema. Every prose format is reduced to a list of these.
 */
export interface FieldSpec {
  name: string;
  schema: JsonSchema;
  required: boolean;
  /** False when the source did not say (e.g. a table without a Required column). */
  requiredStated: boolean;
  description?: string;
  default?: JsonValue;
  /** Default stated as text that could not be read as a value of the field's type. */
  defaultText?: string;
  example?: JsonValue;
  loc: SourceLocation;
}

/** Builds the object schema described by a list of fields, keeping their order. */
export function fieldsToSchema(fields: readonly FieldSpec[]): JsonSchema {
  const properties: { [k: string]: JsonValue } = {};
  const required: string[] = [];
  for (const f of fields) {
    const prop: JsonSchema = { ...f.schema };
    if (f.description) prop.description = f.description;
    if (f.default !== undefined) prop.default = f.default;
    if (f.example !== undefined) prop.examples = [f.example];
    // defineProperty, not assignment: a field called "__proto__" must stay a field.
    Object.defineProperty(properties, f.name, { value: prop, enumerable: true, writable: true, configurable: true });
    if (f.required) required.push(f.name);
  }
  const schema: JsonSchema = { type: "object", properties };
  if (required.length) schema.required = required;
  return schema;
}
