import { escapePointerToken, pointerTokens } from "@mcp-specgen/runtime/generator-support";
import type { SchemaPosition, SchemaProvenance, SourceLocation, ToolSpec, UntypedField } from "./types.js";

/** One of a tool's two schemas. */
export type SchemaSide = "inputSchema" | "outputSchema";

/** The JSON pointer (RFC 6901) of a path of keys: `""` for the root, `/properties/a~1b`. */
export function jsonPointer(path: ReadonlyArray<string | number>): string {
  let out = "";
  for (const key of path) out += `/${escapePointerToken(String(key))}`;
  return out;
}

/**
 * The keys of a JSON pointer, unescaped (`/properties/a~1b` → `["properties", "a/b"]`).
 * Array indices stay strings (`"0"`), as in the pointers ajv reports.
 */
export function pointerPath(pointer: string): string[] {
  return pointerTokens(pointer);
}

/** How a tool's schema was obtained (`explicit` when the parser recorded nothing). */
export function schemaProvenance(tool: ToolSpec, side: SchemaSide): SchemaProvenance {
  return tool.schemaSources?.[side]?.provenance ?? "explicit";
}

/** The fields of a tool's schema that the spec lists without a type. */
export function untypedFields(tool: ToolSpec, side: SchemaSide): readonly UntypedField[] {
  return tool.schemaSources?.[side]?.untyped ?? [];
}

/**
 * Where `path` (keys from the schema root, such as an ajv error's path) inside one of a
 * tool's schemas is written: its recorded position, else that of its nearest recorded
 * ancestor (see `SchemaPosition`). Without positions, the schema's section, else the tool.
 */
export function locateInSchema(tool: ToolSpec, side: SchemaSide, path: ReadonlyArray<string | number>): SourceLocation {
  const root = tool.schemaSources?.[side]?.positions;
  if (!root) return tool.locations[side] ?? tool.locations.tool;
  let node: SchemaPosition = root;
  for (const key of path) {
    const members = node[2];
    // Array items are recorded by their index as a string, the way ajv's paths name them.
    const name = String(key);
    if (!members || !Object.hasOwn(members, name)) break;
    node = members[name]!;
  }
  return { file: tool.locations.tool.file, line: node[0], column: node[1] };
}
