/**
 * Walking an input schema with the JSON pointer of where each subschema is written, so a
 * converter can say where in the input a refusal or a loss is.
 */
import { escapePointerToken } from "@mcp-specgen/runtime/generator-support";
import type { JsonValue } from "../../ir/types.js";
import type { SchemaObject } from "./nodes.js";

/**
 * The RFC 6901 pointer of `tokens` below `base` (`""` is the root): `pointerTo("",
 * "properties", "a/b")` is `/properties/a~1b`.
 */
export function pointerTo(base: string, ...tokens: string[]): string {
  let out = base;
  for (const token of tokens) out += `/${escapePointerToken(token)}`;
  return out;
}

/** The last token of a pointer, unescaped (`""` for the root). */
export function lastToken(pointer: string): string {
  return pointer
    .slice(pointer.lastIndexOf("/") + 1)
    .replaceAll("~1", "/")
    .replaceAll("~0", "~");
}

/**
 * A name → subschema map (`properties`, `$defs`…) written at `at`, each subschema passed
 * through `convert` with its own pointer, in the order given. The result has own
 * properties only, so a name such as `__proto__` stays a name.
 */
export function mapNamedSubschemas<R extends JsonValue>(
  map: SchemaObject,
  at: string,
  convert: (subschema: JsonValue, at: string) => R,
): { [name: string]: R } {
  const entries: Array<[string, R]> = [];
  for (const name of Object.keys(map)) entries.push([name, convert(map[name]!, pointerTo(at, name))]);
  return Object.fromEntries(entries);
}

/** A list of subschemas (`anyOf`, `allOf`…) written at `at`, each passed through `convert` with its own pointer. */
export function mapSubschemaList<R>(
  list: readonly JsonValue[],
  at: string,
  convert: (subschema: JsonValue, at: string) => R,
): R[] {
  return list.map((subschema, i) => convert(subschema, pointerTo(at, String(i))));
}
