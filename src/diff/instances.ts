// The instance-based check: where no structural rule decides whether a change accepts fewer
// or more values, values made from both schemas (their listed values, examples, defaults and
// boundaries, and a value of each type) are validated against both, and one accepted by one
// side and rejected by the other is the evidence.
import type { JsonValue } from "../ir/types.js";
import { createAjv, schemaDialect, type Dialect, type ValidateFunction } from "../schema/ajv.js";
import type { Ajv } from "ajv";
import { isObject, walkSchema } from "../schema/walk.js";
import {
  canonical,
  LOWER_BOUNDS,
  UPPER_BOUNDS,
  asNode,
  requiredNames,
  typesOf,
  type SchemaNode,
} from "./schema-facts.js";

/** A plain value of each JSON type. */
const TYPE_SAMPLES: Readonly<Record<string, JsonValue>> = {
  string: "a",
  integer: 1,
  number: 0.5,
  boolean: true,
  null: null,
  array: [],
  object: {},
};

/** How many values one check tries at most. */
const MAX_CANDIDATES = 400;

/**
 * Finds values that one schema accepts and another rejects, with ajv. Holds the ajv
 * instances (one per dialect) of one diff run.
 */
export class ValueProbe {
  private readonly instances = new Map<Dialect, Ajv>();

  /**
   * A value `accepting` accepts and `rejecting` rejects, or undefined when no value tried
   * shows one. Each node is validated with its root's `$defs`/`definitions`, so its local
   * `$ref`s resolve; a node ajv cannot compile gives undefined.
   */
  separate(
    acceptRoot: SchemaNode,
    accepting: SchemaNode,
    rejectRoot: SchemaNode,
    rejecting: SchemaNode,
  ): JsonValue | undefined {
    const yes = this.compile(acceptRoot, accepting);
    const no = this.compile(rejectRoot, rejecting);
    if (!yes || !no) return undefined;
    for (const value of candidates([accepting, rejecting])) if (yes(value) && !no(value)) return value;
    return undefined;
  }

  /** Whether `schema` accepts `value`; undefined when ajv cannot compile the schema. */
  accepts(schema: SchemaNode, value: JsonValue): boolean | undefined {
    const validate = this.compile(schema, schema);
    return validate ? validate(value) : undefined;
  }

  private compile(root: SchemaNode, node: SchemaNode): ValidateFunction | undefined {
    const schema: SchemaNode = { ...node };
    for (const k of ["$defs", "definitions"]) if (root[k] !== undefined && schema[k] === undefined) schema[k] = root[k];
    if (root.$schema !== undefined && schema.$schema === undefined) schema.$schema = root.$schema;
    delete schema.$id;
    const { dialect } = schemaDialect(schema);
    let ajv = this.instances.get(dialect);
    if (!ajv) {
      ajv = createAjv(dialect);
      this.instances.set(dialect, ajv);
    }
    try {
      return ajv.compile(schema);
    } catch {
      return undefined;
    }
  }
}

/** Values to try for the nodes, without repeats, in a fixed order. */
export function candidates(nodes: readonly SchemaNode[]): JsonValue[] {
  const seen = new Set<string>();
  const out: JsonValue[] = [];
  const add = (v: JsonValue | undefined) => {
    if (v === undefined || out.length >= MAX_CANDIDATES) return;
    const key = canonical(v);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(v);
  };
  for (const node of nodes) for (const v of valuesFor(node, 3)) add(v);
  for (const v of [null, true, false, 0, 1, -1, 0.5, 2 ** 31, "", "a", "0", "A1-b_2", [], [null], {}]) add(v);
  return out;
}

/** Values made from one node: what it lists, its boundaries, and objects and arrays built from its parts. */
function valuesFor(node: SchemaNode, depth: number): JsonValue[] {
  const out: JsonValue[] = [];
  walkSchema(node, (s) => {
    if (Array.isArray(s.enum)) out.push(...s.enum);
    if (s.const !== undefined) out.push(s.const);
    if (s.default !== undefined) out.push(s.default);
    if (Array.isArray(s.examples)) out.push(...s.examples);
    out.push(...boundaries(s));
  });
  // One plain value of each type the node accepts, so that a property that lists no value
  // (`{type: "string"}`) still takes part in the objects built below.
  for (const t of typesOf(node)) out.push(TYPE_SAMPLES[t]!);
  if (depth > 0 && typesOf(node).includes("object") && isObject(node.properties)) {
    const props = Object.entries(node.properties);
    const required = requiredNames(node);
    const filled: SchemaNode = {};
    for (const [name, sub] of props)
      if (required.has(name)) filled[name] = valuesFor(asNode(sub), depth - 1)[0] ?? null;
    out.push(filled);
    // Each optional property added in turn, with each of its values.
    for (const [name, sub] of props) {
      if (required.has(name)) continue;
      for (const v of valuesFor(asNode(sub), depth - 1).slice(0, 6)) out.push({ ...filled, [name]: v });
    }
    out.push({ ...filled, "x-extra": 1 });
  }
  if (depth > 0 && typesOf(node).includes("array") && isObject(node.items)) {
    const items = valuesFor(node.items, depth - 1).slice(0, 4);
    out.push(items, items.slice(0, 1), [...items, ...items]);
  }
  return out;
}

function boundaries(s: SchemaNode): JsonValue[] {
  const out: JsonValue[] = [];
  for (const k of [...UPPER_BOUNDS, ...LOWER_BOUNDS]) {
    const n = s[k];
    if (typeof n !== "number" || !Number.isFinite(n) || Math.abs(n) > 1e6) continue;
    if (k.endsWith("Length")) for (const len of [n - 1, n, n + 1]) if (len >= 0) out.push("a".repeat(len));
    if (k.endsWith("Items"))
      for (const len of [n - 1, n, n + 1]) if (len >= 0) out.push(Array.from({ length: len }, () => 0));
    if (k.includes("imum")) out.push(n - 1, n - 0.5, n, n + 0.5, n + 1);
  }
  if (typeof s.multipleOf === "number") out.push(s.multipleOf, s.multipleOf * 2, s.multipleOf * 3);
  return out;
}
