import type { KeyPath } from "./schema-facts.js";

/**
 * The name of the field at a schema path, as a caller writes it: `a.b` for nested
 * properties, `a[]` for array items, `a[0]` for tuple members; `""` for the root. Keywords
 * on the way (`anyOf/1`, `additionalProperties`) are named in brackets.
 */
export function fieldName(path: KeyPath): string {
  let out = "";
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const next = path[i + 1];
    if (key === "properties" && next !== undefined) {
      out += out ? `.${next}` : String(next);
      i++;
    } else if (key === "items" && typeof next !== "number") out += "[]";
    else if ((key === "prefixItems" || key === "items") && typeof next === "number") {
      out += `[${next}]`;
      i++;
    } else if ((key === "anyOf" || key === "oneOf") && typeof next === "number") {
      out += `(${key} ${next})`;
      i++;
    } else if (key === "additionalProperties") out += out ? ".*" : "*";
  }
  return out;
}
