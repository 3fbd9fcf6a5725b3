// Plain facts about one JSON Schema node, for the schema comparison: its types, its listed
// values, its merged `allOf`, the target of a local `$ref`. Nothing here compares two schemas.
import { canonicalJson } from "@mcp-specgen/runtime/generator-support";
import type { JsonValue } from "../ir/types.js";
import { isObject } from "../schema/walk.js";

/** A schema object. */
export type SchemaNode = { [key: string]: JsonValue };
/** Keys from a schema's root to a node. */
export type KeyPath = ReadonlyArray<string | number>;

/** The JSON types a schema may name (`integer` counts as a kind of `number`). */
export const ALL_TYPES = ["array", "boolean", "integer", "null", "number", "object", "string"] as const;

/** Keywords that document a schema without changing what it accepts. */
export const DOC_KEYWORDS = [
  "description",
  "title",
  "examples",
  "example",
  "$comment",
  "deprecated",
  "readOnly",
  "writeOnly",
];

/** Upper bounds: a lower value accepts fewer values. */
export const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"];
/** Lower bounds: a higher value accepts fewer values. */
export const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"];

/** Keywords the structural comparison understands; a change to any other goes to the value probe. */
export const STRUCTURAL_KEYWORDS = new Set([
  ...DOC_KEYWORDS,
  ...UPPER_BOUNDS,
  ...LOWER_BOUNDS,
  "$ref",
  "$schema",
  "$id",
  "$defs",
  "definitions",
  "allOf",
  "anyOf",
  "oneOf",
  "type",
  "enum",
  "const",
  "default",
  "pattern",
  "format",
  "multipleOf",
  "uniqueItems",
  "properties",
  "required",
  "additionalProperties",
  "unevaluatedProperties",
  "items",
  "prefixItems",
]);

/** A node as an object: `true` and a missing schema accept anything (`{}`), `false` nothing. */
export function asNode(schema: JsonValue | undefined): SchemaNode {
  if (schema === false) return { not: {} };
  return isObject(schema) ? schema : {};
}

/** True for a node that accepts nothing (`false`, or `{not: {}}`). */
export function rejectsAll(node: SchemaNode): boolean {
  return isObject(node.not) && Object.keys(node.not).length === 0;
}

/** Canonical JSON text of a value: equal values, whatever their key order, give equal text. */
export function canonical(value: JsonValue | undefined): string {
  return value === undefined ? "" : canonicalJson(value);
}

/**
 * The node a local `$ref` (`#/$defs/x`, `#/definitions/x`, any `#/…` pointer) leads to, and
 * its path from the root; siblings of the `$ref` are merged over the target. A `$ref` that
 * is not local or leads nowhere is left as it is. Follows chains up to a fixed number of hops,
 * so a `$ref` to itself ends.
 */
export function deref(root: SchemaNode, node: SchemaNode, at: KeyPath): { node: SchemaNode; at: KeyPath } {
  let current = node;
  let path = at;
  for (let hop = 0; hop < 32; hop++) {
    const ref = current.$ref;
    if (typeof ref !== "string" || !ref.startsWith("#")) break;
    const keys = refKeys(ref);
    const target = keys && lookup(root, keys);
    if (target === undefined) break;
    const { $ref: _ref, ...siblings } = current;
    current = Object.keys(siblings).length ? mergeNodes(asNode(target), siblings) : asNode(target);
    path = keys!;
  }
  return { node: current, at: path };
}

function refKeys(ref: string): string[] | undefined {
  if (ref === "#") return [];
  if (!ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .map((t) => decodeURIComponent(t).replace(/~1/g, "/").replace(/~0/g, "~"));
}

function lookup(root: JsonValue, keys: readonly string[]): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const key of keys) {
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/**
 * Two schemas that must both hold, as one: properties merged (each name's schemas merged in
 * turn), `required` united, `type` intersected, other keywords of `b` over those of `a`.
 */
export function mergeNodes(a: SchemaNode, b: SchemaNode): SchemaNode {
  const out: SchemaNode = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    if (key === "properties" && isObject(mine) && isObject(value)) {
      const props: SchemaNode = { ...mine };
      for (const [name, sub] of Object.entries(value))
        props[name] = Object.hasOwn(props, name) ? mergeNodes(asNode(props[name]), asNode(sub)) : sub;
      out[key] = props;
    } else if (key === "required" && Array.isArray(mine) && Array.isArray(value)) {
      out[key] = [...new Set([...mine, ...value].map(String))];
    } else if (key === "type" && mine !== undefined) {
      const both = typesOf({ type: mine }).filter((t) => typesOf({ type: value }).includes(t));
      out[key] = both.length === 1 ? both[0]! : both;
    } else out[key] = value;
  }
  return out;
}

/**
 * The node with its `allOf` members (each dereferenced) merged into it. `at` is where the
 * node is written; a member whose `$ref` leads back to a node being merged (the node itself,
 * or one on the way to it) is left out, since requiring a schema within itself adds nothing.
 */
export function flattenAllOf(root: SchemaNode, node: SchemaNode, at?: KeyPath): SchemaNode {
  return flatten(root, node, new Set(at ? [at.join("/")] : []));
}

function flatten(root: SchemaNode, node: SchemaNode, merging: ReadonlySet<string>): SchemaNode {
  if (!Array.isArray(node.allOf)) return node;
  const { allOf, ...rest } = node;
  let out: SchemaNode = rest;
  for (const [i, member] of allOf.entries()) {
    const raw = asNode(member);
    const d = deref(root, raw, ["allOf", i]);
    if (raw.$ref === undefined || d.node === raw) {
      out = mergeNodes(out, flatten(root, d.node, merging));
      continue;
    }
    const target = d.at.join("/");
    if (merging.has(target)) continue;
    out = mergeNodes(out, flatten(root, d.node, new Set([...merging, target])));
  }
  return out;
}

/**
 * The types a node accepts, sorted: its `type` (a string or a list), else every type. An
 * `integer` within a `number` is left out, since `number` covers it.
 */
export function typesOf(node: SchemaNode): string[] {
  const t = node.type;
  const listed =
    typeof t === "string" ? [t] : Array.isArray(t) ? t.filter((x): x is string => typeof x === "string") : [];
  const types = listed.length ? [...new Set(listed)].sort() : [...ALL_TYPES];
  return types.includes("number") ? types.filter((x) => x !== "integer") : types;
}

/** True when every type in `a` is accepted by types `b` (an integer by a number). */
export function typesWithin(a: readonly string[], b: readonly string[]): boolean {
  return a.every((t) => b.includes(t) || (t === "integer" && b.includes("number")));
}

/** The values a node lists (`enum`, or `const` as one value), undefined when it lists none. */
export function listedValues(node: SchemaNode): JsonValue[] | undefined {
  if (Array.isArray(node.enum)) return node.enum;
  if (node.const !== undefined) return [node.const];
  return undefined;
}

/** The members of a node's `anyOf` (or `oneOf`), undefined when it has none. */
export function unionMembers(node: SchemaNode): { keyword: "anyOf" | "oneOf"; members: JsonValue[] } | undefined {
  if (Array.isArray(node.anyOf) && node.anyOf.length) return { keyword: "anyOf", members: node.anyOf };
  if (Array.isArray(node.oneOf) && node.oneOf.length) return { keyword: "oneOf", members: node.oneOf };
  return undefined;
}

/** A node's `required` names. */
export function requiredNames(node: SchemaNode): Set<string> {
  return new Set(Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === "string") : []);
}

/** True when an object node allows no property beyond those it lists. */
export function closedObject(node: SchemaNode): boolean {
  return node.additionalProperties === false || node.unevaluatedProperties === false;
}

/** A short text for a value in a message: JSON, cut to a readable length. */
export function show(value: JsonValue | undefined): string {
  const text = value === undefined ? "nothing" : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** The node without its `$ref` (the siblings a `$ref` merges over its target). */
export function withoutRef(node: SchemaNode): SchemaNode {
  const { $ref: _ref, ...rest } = node;
  return rest;
}

/** The node's values for `keys`, as one object (for a message's before and after). */
export function pick(node: SchemaNode, keys: readonly string[]): JsonValue {
  const out: SchemaNode = {};
  for (const k of keys) if (node[k] !== undefined) out[k] = node[k];
  return out;
}
