import type { JsonSchema, JsonValue } from "../../src/ir/types.js";
import { mapSchema } from "../../src/schema/walk.js";

// json-schema-to-typescript keywords that paste raw text into the output as TypeScript:
// spec text must never become code, so they are removed from untrusted schemas.
const CODE_KEYWORDS = ["tsType", "tsEnumNames", "tsTypeArguments"];

/**
 * Prepares one schema for json-schema-to-typescript: removes keywords that inject code,
 * drops `title`s below the root (json-schema-to-typescript turns each into a stray named
 * type) keeping them as descriptions, and names each definition `<prefix><Key>` so that
 * definitions of different tools in one file cannot clash.
 */
export function prepareSchemaForTypes(schema: JsonSchema, rootName: string, rootDescription: string | undefined, definitionPrefix: string, taken: Set<string>): JsonSchema {
  const definitionNames = new Map<string, string>();
  const prepared = mapSchema(schema, (s, path) => {
    for (const k of CODE_KEYWORDS) delete s[k];
    delete s.$id;
    delete s.$schema;
    const isDefinition = path.length === 2 && (path[0] === "definitions" || path[0] === "$defs");
    if (isDefinition) {
      const key = String(path[1]);
      let name = `${definitionPrefix}${pascal(key)}`;
      for (let i = 2; taken.has(name); i++) name = `${definitionPrefix}${pascal(key)}${i}`;
      taken.add(name);
      definitionNames.set(key, name);
      if (typeof s.title === "string" && !s.description) s.description = s.title;
      s.title = name;
    } else if (path.length > 0 && typeof s.title === "string") {
      if (!s.description) s.description = s.title;
      delete s.title;
    }
    return s;
  });
  prepared.title = rootName;
  if (rootDescription !== undefined) prepared.description = rootDescription;
  else delete prepared.description;
  return prepared;
}

function pascal(key: string): string {
  const words = key.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const out = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
  return /^[0-9]/.test(out) ? `_${out}` : out || "Definition";
}

/** True when a schema describes something other than a JSON object at its root. */
export function isObjectSchema(schema: JsonValue): boolean {
  return !!schema && typeof schema === "object" && !Array.isArray(schema) && (schema.type === "object" || (schema.type === undefined && "properties" in schema));
}
