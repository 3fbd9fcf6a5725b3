/**
 * Drops the root `$defs` / `definitions` entries that no `$ref` can reach.
 *
 * MCP servers often ship every definition their schema generator knows with each tool,
 * used or not. Vendor conversions (OpenAI strict mode, Anthropic, Gemini) have to convert
 * or reject every definition they are given, so one unused definition outside a vendor's
 * subset would otherwise block the whole tool.
 *
 * Reachability is computed conservatively: a definition is kept when anything could refer
 * to it. The walk starts at the root (minus its definition maps) and follows every local
 * `$ref` (`#/$defs/Name…`, `#/definitions/Name…`, JSON-pointer and percent escaped),
 * transitively. When the schema holds a reference this cannot follow (a relative or remote
 * URI, an anchor, `$dynamicRef`…) or a nested `$id` (which changes what `$ref`s mean),
 * nothing is pruned.
 */
import type { JsonSchema, JsonValue } from "../ir/types.js";

/** The root keywords holding named definitions. */
export const DEFINITION_KEYWORDS = ["$defs", "definitions"] as const;

/** A root definition, as `keyword` (`$defs` or `definitions`) and name. */
export interface DefinitionName {
  keyword: (typeof DEFINITION_KEYWORDS)[number];
  name: string;
}

/** Result of {@link pruneUnreachableDefs}. */
export interface PruneResult {
  /** The schema without the unreachable definitions (the input itself when nothing was dropped). */
  schema: JsonSchema;
  /** The dropped definitions, in their original order. */
  removed: DefinitionName[];
}

// Keywords whose value is data, not subschemas: a `$ref` key inside them means nothing.
const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples"]);
// Keywords whose value maps names (not keywords) to subschemas.
const NAME_MAPS = new Set([
  "properties",
  "patternProperties",
  "dependentSchemas",
  "dependencies",
  "$defs",
  "definitions",
]);
// Reference-like keywords this walk cannot resolve to a root definition.
const UNFOLLOWABLE = new Set(["$dynamicRef", "$recursiveRef"]);

type Node = { [key: string]: JsonValue };

class Unprunable extends Error {}

/**
 * Returns `schema` without the root definitions that no `$ref` reaches from the root.
 * Never mutates `schema`; the result shares unchanged subschemas with it. A definition
 * map left empty is dropped too. Schemas whose references cannot all be followed are
 * returned unchanged (see the module comment).
 */
export function pruneUnreachableDefs(schema: JsonSchema): PruneResult {
  if (!isNode(schema)) return { schema, removed: [] };
  const maps = DEFINITION_KEYWORDS.filter((k) => isNode(schema[k]));
  if (maps.length === 0) return { schema, removed: [] };

  const reached = new Set<string>();
  const queue: Node[] = [];
  const visit = (node: JsonValue, isRoot: boolean): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, false);
      return;
    }
    if (!isNode(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref") {
        if (typeof value === "string") follow(value);
        continue;
      }
      if (UNFOLLOWABLE.has(key)) throw new Unprunable();
      if (key === "$id" && !isRoot) throw new Unprunable();
      if (DATA_KEYWORDS.has(key)) continue;
      if (isRoot && (key === "$defs" || key === "definitions")) continue;
      if (NAME_MAPS.has(key) && isNode(value)) {
        for (const sub of Object.values(value)) visit(sub, false);
      } else {
        // Unknown keywords are walked too: anything that might hold a `$ref` keeps its target.
        visit(value, false);
      }
    }
  };
  const follow = (ref: string): void => {
    if (!ref.startsWith("#")) throw new Unprunable();
    if (ref === "#" || ref === "#/") return;
    if (!ref.startsWith("#/")) throw new Unprunable(); // an anchor such as `#node`
    let tokens: string[];
    try {
      tokens = decodeURIComponent(ref.slice(2))
        .split("/")
        .map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"));
    } catch {
      throw new Unprunable();
    }
    const [keyword, name] = tokens;
    // A pointer elsewhere in the root (`#/properties/a`) is inside what is walked anyway.
    if ((keyword !== "$defs" && keyword !== "definitions") || name === undefined) return;
    const defs = schema[keyword];
    if (!isNode(defs) || !Object.hasOwn(defs, name)) return;
    const id = `${keyword}/${name}`;
    if (reached.has(id)) return;
    reached.add(id);
    const target = defs[name];
    if (isNode(target)) queue.push(target);
  };

  try {
    visit(schema, true);
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) visit(next, false);
  } catch (error) {
    if (error instanceof Unprunable) return { schema, removed: [] };
    throw error;
  }

  const removed: DefinitionName[] = [];
  // Entries, not assignments: a key such as `__proto__` must stay an own property.
  const out: Array<[string, JsonValue]> = [];
  for (const [key, value] of Object.entries(schema)) {
    if (!maps.includes(key as DefinitionName["keyword"])) {
      out.push([key, value]);
      continue;
    }
    const keyword = key as DefinitionName["keyword"];
    const kept = Object.entries(value as Node).filter(([name]) => {
      if (reached.has(`${keyword}/${name}`)) return true;
      removed.push({ keyword, name });
      return false;
    });
    if (kept.length > 0) out.push([key, Object.fromEntries(kept)]);
  }
  return removed.length === 0 ? { schema, removed } : { schema: Object.fromEntries(out), removed };
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
