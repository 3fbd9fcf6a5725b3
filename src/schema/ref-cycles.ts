import type { JsonSchema } from "../ir/types.js";
import { pointerOf } from "./resources.js";
import { isObject, someSubschema, walkSchema } from "./walk.js";

// Applicators that apply their subschemas to the same value (not to a property or item):
// following only these never consumes any input.
const IN_PLACE_LISTS = ["allOf", "anyOf", "oneOf"];
const IN_PLACE_ONE = ["not", "if", "then", "else"];
const IN_PLACE_MAPS = ["dependentSchemas", "dependencies"];

/**
 * Finds `$ref`s that lead back to where they started without descending into a property
 * or an item, such as `{"$ref": "#"}` at the root or two definitions that refer to each
 * other through `allOf`. Validating any value against such a schema never ends (the
 * validator recurses until the stack overflows), so each is reported. Returns the paths of
 * the `$ref` keywords that close a cycle. Expects `$ref`s already resolved to `#/…`
 * pointers (see `resolveSchemaResources`).
 */
export function findRefCycles(schema: JsonSchema): Array<ReadonlyArray<string | number>> {
  // Without a `$ref` every edge leads down the tree, so there is no cycle: found without
  // building the graph (a pointer per subschema) for the many schemas that have none.
  if (!someSubschema(schema, (sub) => Object.hasOwn(sub, "$ref"))) return [];
  const edges = new Map<string, string[]>();
  const refAt = new Map<string, ReadonlyArray<string | number>>();
  walkSchema(schema, (sub, path) => {
    const from = pointerOf(path);
    const to: string[] = [];
    for (const k of IN_PLACE_LISTS) {
      const list = sub[k];
      if (Array.isArray(list)) list.forEach((s, i) => isObject(s) && to.push(pointerOf([...path, k, i])));
    }
    for (const k of IN_PLACE_ONE) if (isObject(sub[k])) to.push(pointerOf([...path, k]));
    for (const k of IN_PLACE_MAPS) {
      const map = sub[k];
      if (isObject(map))
        for (const [name, s] of Object.entries(map)) if (isObject(s)) to.push(pointerOf([...path, k, name]));
    }
    if (typeof sub.$ref === "string") {
      to.push(normalize(sub.$ref));
      refAt.set(from, [...path, "$ref"]);
    }
    edges.set(from, to);
  });

  // Iterative three-colour depth-first search: schemas can be deep, recursion is not safe.
  const state = new Map<string, 1 | 2>();
  const closing = new Set<string>();
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    const stack: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    state.set(start, 1);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const out = edges.get(top.node) ?? [];
      if (top.next >= out.length) {
        state.set(top.node, 2);
        stack.pop();
        continue;
      }
      const child = out[top.next++]!;
      const s = state.get(child);
      if (s === 1) {
        // Back edge: the cycle is closed by the innermost `$ref` on the stack's path.
        const from = stack.findIndex((f) => f.node === child);
        const ref = stack
          .slice(from)
          .reverse()
          .find((f) => refAt.has(f.node));
        if (ref) closing.add(ref.node);
      } else if (s === undefined && edges.has(child)) {
        state.set(child, 1);
        stack.push({ node: child, next: 0 });
      }
    }
  }
  return [...closing].sort().map((p) => refAt.get(p)!);
}

function normalize(ref: string): string {
  return ref === "#/" ? "#" : ref;
}
