// Union members (`anyOf`/`oneOf`) of two versions of a schema, matched to each other: the
// equal ones first, then those with the same types and constants, then the same types.
import type { JsonValue } from "../ir/types.js";
import { isObject } from "../schema/walk.js";
import {
  DOC_KEYWORDS,
  asNode,
  canonical,
  deref,
  flattenAllOf,
  listedValues,
  mergeNodes,
  show,
  typesOf,
  typesWithin,
  unionMembers,
  type KeyPath,
  type SchemaNode,
} from "./schema-facts.js";

/** One member of a union, with the node's own keywords merged in, and where it is written. */
export interface Member {
  node: SchemaNode;
  at: KeyPath;
  keyword: string;
  /** Which member of the `anyOf`/`oneOf` it is; undefined when the node has no union. */
  index: number | undefined;
  /** True when the member is written as a `$ref` (it may lead back to its own union). */
  viaRef: boolean;
}

/**
 * The members of a node's union (the node itself when it has none), each with the node's own
 * keywords merged in. Spellings of one union are made alike before matching: a type list
 * gives one member per type, and an `enum` one `const` member per value (each with the
 * value's type), so `type: [string, null]` matches `anyOf: [{type: string}, {type: null}]`
 * and `enum: [x, y]` matches `anyOf: [{const: x}, {const: y}]`.
 */
export function membersOf(root: SchemaNode, node: SchemaNode, at: KeyPath): Member[] {
  const union = unionMembers(node);
  const siblings: SchemaNode = {};
  for (const [k, v] of Object.entries(node))
    if (k !== "anyOf" && k !== "oneOf" && !DOC_KEYWORDS.includes(k) && k !== "default") siblings[k] = v;
  if (!union)
    return spelledOut(siblings).map((n) => ({ node: n, at, keyword: "anyOf", index: undefined, viaRef: false }));
  return union.members.flatMap((m, i) => {
    const raw = asNode(m);
    const d = deref(root, raw, [...at, union.keyword, i]);
    const merged = flattenAllOf(root, mergeNodes(siblings, d.node), d.at);
    const viaRef = raw.$ref !== undefined;
    return spelledOut(merged).map((n) => ({ node: n, at: d.at, keyword: union.keyword, index: i, viaRef }));
  });
}

/** Keywords that apply to values of one type only, by that type (`integer` shares `number`'s). */
const TYPE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  string: ["minLength", "maxLength", "pattern", "format", "contentEncoding", "contentMediaType"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  array: [
    "items",
    "prefixItems",
    "additionalItems",
    "unevaluatedItems",
    "contains",
    "minContains",
    "maxContains",
    "minItems",
    "maxItems",
    "uniqueItems",
  ],
  object: [
    "properties",
    "required",
    "additionalProperties",
    "unevaluatedProperties",
    "patternProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
  ],
};

/** The JSON type of a value, as `type` names it. */
function typeOfValue(value: JsonValue): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** `node` narrowed to one type: `type` set to it, keywords that apply only to other types left out. */
function ofType(node: SchemaNode, type: string): SchemaNode {
  const group = type === "integer" ? "number" : type;
  const out: SchemaNode = {};
  for (const [k, v] of Object.entries(node)) {
    const owner = Object.keys(TYPE_KEYWORDS).find((t) => TYPE_KEYWORDS[t]!.includes(k));
    if (owner === undefined || owner === group) out[k] = v;
  }
  out.type = type;
  return out;
}

/**
 * One node as the members it is a union of: one `const` member per listed value (values its
 * types rule out accept nothing and are left out), else one member per type of a type list,
 * else the node itself.
 */
function spelledOut(node: SchemaNode): SchemaNode[] {
  const values = listedValues(node);
  if (values) {
    const { enum: _enum, const: _const, ...rest } = node;
    const types = typesOf(node);
    return values
      .filter((v) => typesWithin([typeOfValue(v)], types))
      .map((v) => ({ ...ofType(rest, typeOfValue(v)), const: v }));
  }
  if (Array.isArray(node.type) && typesOf(node).length > 1) return typesOf(node).map((t) => ofType(node, t));
  return [node];
}

/** A key that says which member of a union a member is: its types, and its constant values. */
function memberKey(node: SchemaNode): string {
  const consts: string[] = [];
  if (isObject(node.properties))
    for (const [k, v] of Object.entries(node.properties))
      if (isObject(v) && v.const !== undefined) consts.push(`${k}=${canonical(v.const)}`);
  const values = listedValues(node);
  return `${typesOf(node).join("|")}#${values ? canonical(values) : ""}#${consts.sort().join(",")}`;
}

/** Pairs members that are equal, then those with the same key, then those with the same types. */
export function matchMembers(
  base: Member[],
  head: Member[],
): { matched: [number, number][]; baseOnly: number[]; headOnly: number[] } {
  const matched: [number, number][] = [];
  const freeB = new Set(base.keys());
  const freeH = new Set(head.keys());
  const pass = (key: (n: SchemaNode) => string) => {
    for (const bi of [...freeB]) {
      const k = key(base[bi]!.node);
      const hi = [...freeH].find((h) => key(head[h]!.node) === k);
      if (hi === undefined) continue;
      matched.push([bi, hi]);
      freeB.delete(bi);
      freeH.delete(hi);
    }
  };
  pass(canonical);
  pass(memberKey);
  pass((n) => typesOf(n).join("|"));
  // One member left on each side: the same member, changed.
  if (freeB.size === 1 && freeH.size === 1) {
    matched.push([[...freeB][0]!, [...freeH][0]!]);
    freeB.clear();
    freeH.clear();
  }
  return { matched, baseOnly: [...freeB], headOnly: [...freeH] };
}

/** A short description of a schema for messages: its type, and its value when it has one. */
export function describe(node: SchemaNode): string {
  const values = listedValues(node);
  if (values && values.length <= 3) return values.map(show).join(" | ");
  const types = typesOf(node);
  return types.length === 7 ? "any value" : types.join(" | ");
}
