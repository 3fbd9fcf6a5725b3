import type { JsonSchema } from "../ir/types.js";
import { isObject, walkSchema } from "./walk.js";

/**
 * The most items a `uniqueItems` array of objects or arrays may have. Every pair is
 * compared; the runtime's equality rejects unequal items by a fingerprint computed once
 * per item, so 1,000 items (half a million pairs) take milliseconds whatever their size.
 */
export const MAX_ITEMS_FOR_DEEP_UNIQUE = 1000;

const SCALAR_TYPES = new Set(["string", "number", "integer", "boolean", "null"]);

/**
 * Paths of `uniqueItems: true` whose items may be objects or arrays and whose length is
 * not bounded by a `maxItems` of at most {@link MAX_ITEMS_FOR_DEEP_UNIQUE}. Validators check
 * such arrays by comparing every pair of items, so a request carrying a long array would
 * keep a server busy for minutes; items of scalar types are checked in linear time.
 */
export function unboundedDeepUniqueItems(schema: JsonSchema): Array<ReadonlyArray<string | number>> {
  const found: Array<ReadonlyArray<string | number>> = [];
  walkSchema(schema, (sub, path) => {
    if (sub.uniqueItems !== true) return;
    if (typeof sub.maxItems === "number" && sub.maxItems <= MAX_ITEMS_FOR_DEEP_UNIQUE) return;
    const type = isObject(sub.items) ? sub.items.type : undefined;
    const types = typeof type === "string" ? [type] : Array.isArray(type) ? type : [];
    if (types.length && types.every((t) => typeof t === "string" && SCALAR_TYPES.has(t))) return;
    found.push([...path, "uniqueItems"]);
  });
  return found;
}
