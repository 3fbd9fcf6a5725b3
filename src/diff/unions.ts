// Union members (`anyOf`/`oneOf`) of two versions of a schema, matched to each other: the
// equal ones first, then those with the same types and constants, then the same types.
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
  unionMembers,
  type KeyPath,
  type SchemaNode,
} from "./schema-facts.js";

/** One member of a union, with the node's own keywords merged in, and where it is written. */
export interface Member {
  node: SchemaNode;
  at: KeyPath;
  keyword: string;
}

/** The members of a node's union (the node itself when it has none), each with the node's own keywords merged in. */
export function membersOf(root: SchemaNode, node: SchemaNode, at: KeyPath): Member[] {
  const union = unionMembers(node);
  const siblings: SchemaNode = {};
  for (const [k, v] of Object.entries(node))
    if (k !== "anyOf" && k !== "oneOf" && !DOC_KEYWORDS.includes(k) && k !== "default") siblings[k] = v;
  if (!union) return [{ node: siblings, at, keyword: "anyOf" }];
  return union.members.map((m, i) => {
    const d = deref(root, asNode(m), [...at, union.keyword, i]);
    return { node: flattenAllOf(root, mergeNodes(siblings, d.node)), at: d.at, keyword: union.keyword };
  });
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
