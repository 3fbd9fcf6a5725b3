import type { JsonValue } from "../ir/types.js";
import { isObject } from "../schema/walk.js";

const SCHEMA_KEYWORDS = new Set([
  "$schema",
  "$ref",
  "$defs",
  "definitions",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "oneOf",
  "allOf",
  "enum",
  "const",
  "patternProperties",
]);
const TYPE_NAMES = new Set(["object", "array", "string", "number", "integer", "boolean", "null"]);

/**
 * Tells a JSON Schema from an example instance of the data it describes.
 * A schema has a `type` naming JSON types together with schema keywords, or `$schema`;
 * an instance that happens to have a `type` field (`{"type": "user"}`) is not a schema.
 */
export function looksLikeSchema(value: JsonValue): value is { [k: string]: JsonValue } {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  if ("$schema" in value) return true;
  const t = value.type;
  const typeOk =
    typeof t === "string"
      ? TYPE_NAMES.has(t)
      : Array.isArray(t) && t.length > 0 && t.every((x) => typeof x === "string" && TYPE_NAMES.has(x));
  const keywords = Object.keys(value).filter((k) => SCHEMA_KEYWORDS.has(k));
  if (typeOk) {
    if (t === "object" || (Array.isArray(t) && t.includes("object"))) {
      return (
        keywords.length > 0 || Object.keys(value).every((k) => k === "type" || k === "description" || k === "title")
      );
    }
    return true;
  }
  return (
    keywords.includes("properties") && isObject(value.properties) && Object.values(value.properties).every(isObject)
  );
}
