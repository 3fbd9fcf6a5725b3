import type { Node } from "@babel/types";
import type { JsonValue } from "../../src/ir/types.js";
import type { Dialect } from "../../src/schema/ajv.js";
import { forEachChild, isStackOverflow, parseTypeModule } from "./declarations.js";

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
 * optional element `X?`, with the parser of generated type modules (called only when the
 * code holds the stand-in's name). Throws if a stand-in type is left anywhere else.
 */
export function markOptionalElements(code: string): string {
  if (!code.includes(OPTIONAL_ELEMENT)) return code;
  const { edits, markers } = optionalElements(code);
  const consumed = edits.reduce((n, edit) => n + edit.markers, 0);
  if (consumed !== markers) throw new Error(`a tuple stand-in type is left outside a tuple: ${OPTIONAL_ELEMENT}`);
  // One parse, one pass: an element that holds a tuple with optional elements of its own is
  // written from its rewritten parts (re-parsing between nested rewrites would read a tuple
  // whose optional element is followed by a required one not rewritten yet, which is a syntax error).
  const rewrite = (start: number, end: number): string => {
    let out = "";
    let at = start;
    let i = firstStartingAt(edits, start);
    while (i < edits.length && edits[i]!.start < end) {
      const edit = edits[i]!;
      // One that ends beyond `end` holds this extent (an element starts where the first of
      // its types does).
      if (edit.end > end) {
        i++;
        continue;
      }
      const text = edit.others.length ? edit.others.map((t) => rewrite(t.start, t.end)).join(" | ") : "unknown";
      out += code.slice(at, edit.start) + (edit.bare ? `${text}?` : `(${text})?`);
      at = edit.end;
      // The edits inside this one were written with it.
      i = firstStartingAt(edits, at);
    }
    return out + code.slice(at, end);
  };
  return rewrite(0, code.length);
}

/** The index of the first edit (sorted by start) that starts at or after `at`. */
function firstStartingAt(edits: readonly OptionalElement[], at: number): number {
  let low = 0;
  let high = edits.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (edits[mid]!.start < at) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Types that need parentheses before a `?`, as in `(A | B)?` or `(keyof T)?`. */
const NEEDS_PARENTHESES = new Set([
  "TSUnionType",
  "TSIntersectionType",
  "TSFunctionType",
  "TSConstructorType",
  "TSConditionalType",
  "TSTypeOperator",
]);

/** A tuple element to write as optional: its extent, and the extents of its types other than the stand-in. */
interface OptionalElement {
  start: number;
  end: number;
  others: Array<{ start: number; end: number }>;
  bare: boolean;
  /** How many stand-in types the element's union holds. */
  markers: number;
}

/**
 * The tuple elements typed as a union with the stand-in, in the order they start (outer
 * before inner), and how many stand-in types the code holds in all (the name may also
 * appear in comments and strings, as spec text).
 */
function optionalElements(code: string): { edits: OptionalElement[]; markers: number } {
  const edits: OptionalElement[] = [];
  let markers = 0;
  const isMarker = (n: Node) =>
    n.type === "TSTypeReference" && n.typeName.type === "Identifier" && n.typeName.name === OPTIONAL_ELEMENT;
  const visit = (node: Node): void => {
    if (isMarker(node)) markers++;
    if (node.type === "TSTupleType") {
      for (const element of node.elementTypes) {
        let inner: Node = element;
        while (inner.type === "TSParenthesizedType") inner = inner.typeAnnotation;
        if (inner.type !== "TSUnionType" || !inner.types.some(isMarker)) continue;
        const others = inner.types.filter((t) => !isMarker(t));
        edits.push({
          start: element.start!,
          end: element.end!,
          others: others.map((t) => ({ start: t.start!, end: t.end! })),
          bare: others.length === 0 || (others.length === 1 && !NEEDS_PARENTHESES.has(others[0]!.type)),
          markers: inner.types.length - others.length,
        });
      }
    }
    forEachChild(node, visit);
  };
  let program: Node;
  try {
    program = parseTypeModule(code).program;
  } catch (e) {
    if (isStackOverflow(e)) throw e;
    throw new Error(`the generated types do not parse (${(e as Error).message})`);
  }
  visit(program);
  return { edits: edits.sort((a, b) => a.start - b.start || b.end - a.end), markers };
}
