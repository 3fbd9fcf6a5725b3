import type { ts as TS } from "@ts-morph/common";
import type { JsonValue } from "../../src/ir/types.js";
import type { Dialect } from "../../src/schema/ajv.js";
import { parseGenerated } from "./typescript.js";

// json-schema-to-typescript knows tuples only as draft-07 writes them (`items: [...]` and
// `additionalItems`), makes every element required (the generator ignores minItems and
// maxItems, which would otherwise become unions of every length) and, when
// `additionalItems` is absent, forgets that more items of any type are allowed. Tuples are
// therefore rewritten, in the copy given to it, to a draft-07 tuple that says everything:
// the rest is explicit (`{}` when anything may follow, `false` when nothing may, as when
// `maxItems` is within the prefix), and each element at or beyond `minItems` is marked
// optional with a stand-in type that {@link markOptionalElements} turns into TypeScript's
// `T?` in the generated code.

/** The stand-in type of an optional tuple element. `$` never occurs in a generated type name. */
export const OPTIONAL_ELEMENT = "McpSpecgen$Optional";

/**
 * Rewrites a tuple schema (already sanitized below) for json-schema-to-typescript, in
 * place: 2020-12 `prefixItems` with `items` as the rest, or draft-07 / 2019-09 `items: [...]`
 * with `additionalItems` as the rest. Keywords of another dialect are dropped (a 2020-12
 * `additionalItems`, a draft-07 `prefixItems`), as validators ignore them.
 */
export function prepareTuple(s: { [k: string]: JsonValue }, dialect: Dialect): void {
  let prefix: JsonValue[] | undefined;
  let rest: JsonValue | undefined;
  if (dialect === "2020") {
    delete s.additionalItems;
    if (!Array.isArray(s.prefixItems)) return;
    prefix = s.prefixItems;
    rest = s.items;
  } else {
    if (!Array.isArray(s.items)) {
      delete s.additionalItems;
      return;
    }
    prefix = s.items;
    rest = s.additionalItems;
  }
  delete s.prefixItems;
  const min = typeof s.minItems === "number" ? s.minItems : 0;
  // No element beyond maxItems can be present, and nothing follows the prefix when
  // maxItems is within it.
  const max = typeof s.maxItems === "number" && s.maxItems >= 0 ? Math.floor(s.maxItems) : Number.POSITIVE_INFINITY;
  s.items = prefix
    .slice(0, max)
    .map((element, i) =>
      i < min ? element : { anyOf: [element === true ? {} : element, { tsType: OPTIONAL_ELEMENT }] },
    );
  s.additionalItems = max <= prefix.length ? false : rest === undefined || rest === true ? {} : rest;
}

/**
 * Replaces every tuple element typed `X | McpSpecgen$Optional` in generated code by the
 * optional element `X?`, with TypeScript's parser (`typeScript` gives it; called only when
 * the code holds a stand-in, so code without tuples does not load it). Throws if a
 * stand-in is left anywhere.
 */
export function markOptionalElements(code: string, typeScript: () => typeof TS): string {
  let out = code;
  while (out.includes(OPTIONAL_ELEMENT)) {
    const edits = optionalElementEdits(out, typeScript());
    if (edits.length === 0) throw new Error(`a tuple stand-in type is left outside a tuple: ${OPTIONAL_ELEMENT}`);
    // Only the innermost edits in one pass (an element holding an optional element of a
    // nested tuple is rewritten in the next pass, which re-parses), from the end backwards.
    const innermost = edits.filter((e) => !edits.some((o) => o !== e && o.start >= e.start && o.end <= e.end));
    for (const edit of innermost.sort((x, y) => y.start - x.start))
      out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

function optionalElementEdits(code: string, ts: typeof TS): Array<{ start: number; end: number; text: string }> {
  const file = parseGenerated(ts, code, true);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const isMarker = (n: TS.TypeNode) => ts.isTypeReferenceNode(n) && n.typeName.getText(file) === OPTIONAL_ELEMENT;
  const visit = (node: TS.Node): void => {
    if (ts.isTupleTypeNode(node)) {
      for (const element of node.elements) {
        let inner: TS.TypeNode = element;
        while (ts.isParenthesizedTypeNode(inner)) inner = inner.type;
        if (!ts.isUnionTypeNode(inner) || !inner.types.some(isMarker)) continue;
        const others = inner.types.filter((t) => !isMarker(t));
        const single = others.length === 1 ? others[0]! : undefined;
        const text = others.map((t) => t.getText(file)).join(" | ");
        const bare =
          single !== undefined &&
          !ts.isUnionTypeNode(single) &&
          !ts.isIntersectionTypeNode(single) &&
          !ts.isFunctionTypeNode(single) &&
          !ts.isConstructorTypeNode(single) &&
          !ts.isConditionalTypeNode(single) &&
          !ts.isTypeOperatorNode(single);
        edits.push({ start: element.getStart(file), end: element.getEnd(), text: bare ? `${text}?` : `(${text})?` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return edits;
}
