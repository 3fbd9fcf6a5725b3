/**
 * Where OpenAI's strict mode would lose meaning: an optional property whose own schema
 * already accepts `null`.
 *
 * Strict mode makes every optional property required and nullable, so a model sends `null`
 * for a property it leaves out. On the way back, that `null` is removed only where the
 * tool's schema does not accept it (`stripStrictNulls`); where it does, "left out" and "set
 * to null" arrive as the same `null`, and a tool for which they differ ("omitted: unchanged;
 * null: cleared") cannot tell them apart. Such a tool is sent without strict mode instead.
 */
import type { JsonSchema, JsonValue } from "../ir/types.js";
import { walkSchema } from "../schema/walk.js";
import { resolveLocalRef } from "./transform/refs.js";
import { pointerTo } from "./transform/walk.js";

/** An optional property whose schema accepts `null`. */
export interface NullableOptional {
  /** The property's name. */
  name: string;
  /** RFC 6901 pointer to the property's schema in the input schema. */
  pointer: string;
}

/**
 * Every optional property (in the `properties` of an object, not in its `required`) whose
 * schema accepts `null`, anywhere in `schema` (definitions included), in document order —
 * except one whose `default` is `null`: its schema says that leaving it out means null.
 */
export function nullableOptionals(schema: JsonSchema): NullableOptional[] {
  const found: NullableOptional[] = [];
  // Per schema object, for this call only: `$ref`s may share and cycle.
  const memo = new Map<object, boolean>();
  walkSchema(schema, (node, path) => {
    const properties = node.properties;
    if (!isObject(properties)) return;
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    for (const [name, sub] of Object.entries(properties)) {
      if (required.has(name) || defaultsToNull(sub) || !acceptsNull(schema, sub, memo)) continue;
      found.push({ name, pointer: pointerTo("", ...path.map(String), "properties", name) });
    }
  });
  return found;
}

/**
 * Whether `node` accepts `null`, from the keywords strict mode keeps: `type`, `enum`,
 * `const`, `anyOf`/`oneOf` and local `$ref`s (each must allow it). A schema without any of
 * them accepts null (strict mode refuses such a schema before this is asked).
 */
function acceptsNull(root: JsonSchema, node: JsonValue | undefined, memo: Map<object, boolean>): boolean {
  if (node === true) return true;
  if (!isObject(node)) return false;
  const known = memo.get(node);
  if (known !== undefined) return known;
  // A `$ref` cycle back to this schema decides nothing: taken as not accepting null.
  memo.set(node, false);
  const accepts = ownAcceptsNull(root, node, memo);
  memo.set(node, accepts);
  return accepts;
}

function ownAcceptsNull(root: JsonSchema, node: { [key: string]: JsonValue }, memo: Map<object, boolean>): boolean {
  if (typeof node.$ref === "string") {
    const target = resolveLocalRef(root, node.$ref, "definitions");
    if (!target.ok || !acceptsNull(root, target.value, memo)) return false;
  }
  if (node.type !== undefined) {
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (!types.includes("null")) return false;
  }
  if (Array.isArray(node.enum)) {
    if (!node.enum.includes(null)) return false;
  }
  if (Object.hasOwn(node, "const")) {
    if (node.const !== null) return false;
  }
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = node[keyword];
    if (!Array.isArray(branches)) continue;
    if (!branches.some((b) => acceptsNull(root, b, memo))) return false;
  }
  return true;
}

function defaultsToNull(node: JsonValue): boolean {
  return isObject(node) && Object.hasOwn(node, "default") && node.default === null;
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return !!value && typeof value === "object" && !Array.isArray(value);
}
