/**
 * A JSON Schema read as a graph, the way a validator walks it: each subschema is a node;
 * an edge either applies another subschema to the same value (`allOf`, `anyOf`, `oneOf`,
 * `not`, `if` / `then` / `else`, `dependentSchemas`, `$ref`…) or steps into a part of the
 * value (a property, an item, a property name), labelled with which parts it can reach.
 * `$ref`s are resolved within the schema (JSON pointers, `$id`s, `$anchor`s); dynamic
 * references (`$dynamicRef`, `$recursiveRef`) lead to every subschema they could name.
 *
 * The keywords of every dialect are read in every schema: a graph with an edge too many can
 * only make the analysis that reads it (validation-cost.ts) more careful, never less.
 */
import { escapePointerToken, pointerTokens } from "./paths.js";

/** Which parts of a value one step can reach. */
export type StepLabel =
  /** The property of this name (`properties`). */
  | { readonly kind: "property"; readonly name: string }
  /**
   * Properties of any name (`patternProperties`, `additionalProperties`,
   * `unevaluatedProperties`), except those in `except`, and matching `pattern` when given.
   */
  | { readonly kind: "properties"; readonly except?: ReadonlySet<string>; readonly pattern?: string }
  /** The items at indexes `from` to `to` (inclusive; `to` may be Infinity). */
  | { readonly kind: "items"; readonly from: number; readonly to: number }
  /** The property names of an object (`propertyNames`): strings, which have no parts. */
  | { readonly kind: "key" };

/** One subschema of the graph. */
export interface SchemaNode {
  /** JSON pointer of the subschema from the schema's root. */
  readonly pointer: string;
  /** The subschema (an object or a boolean). */
  readonly schema: unknown;
  /** The base URI its `$ref`s are resolved against. */
  readonly base: string;
  /** Nodes applied to the same value. */
  readonly inPlace: number[];
  /** Nodes applied to parts of the value. */
  readonly steps: Array<{ readonly label: StepLabel; readonly target: number }>;
}

/** The graph could not be built: a reference that does not resolve, or a schema too large. */
export class SchemaGraphError extends Error {
  override name = "SchemaGraphError";
}

/** The base URI of a schema without `$id` (any absolute URI would do: it only has to resolve relative ones). */
const DEFAULT_BASE = "mcp-specgen:/schema";

/** Longest JSON pointer of a subschema followed. */
const MAX_POINTER_LENGTH = 2_000;

type Role = "in-place" | "definition" | StepLabel;

interface Child {
  readonly pointer: string;
  readonly schema: unknown;
  readonly role: Role;
}

const IN_PLACE_ONE = ["not", "if", "then", "else"];
const IN_PLACE_LISTS = ["allOf", "anyOf", "oneOf"];
const IN_PLACE_MAPS = ["dependentSchemas", "dependencies"];
const DEFINITION_MAPS = ["$defs", "definitions"];
const ANY_ITEM: StepLabel = Object.freeze({ kind: "items", from: 0, to: Infinity });
const ANY_PROPERTY: StepLabel = Object.freeze({ kind: "properties" });
const KEY: StepLabel = Object.freeze({ kind: "key" });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isSchema = (value: unknown): boolean => typeof value === "boolean" || isRecord(value);

/** The subschemas `schema` holds directly, with what each is applied to. */
function childrenOf(schema: Record<string, unknown>, pointer: string): Child[] {
  const children: Child[] = [];
  const add = (suffix: string, sub: unknown, role: Role) => {
    if (isSchema(sub)) children.push({ pointer: `${pointer}/${suffix}`, schema: sub, role });
  };
  const addMap = (keyword: string, role: (name: string) => Role) => {
    const map = schema[keyword];
    if (isRecord(map))
      for (const name of Object.keys(map)) add(`${keyword}/${escapePointerToken(name)}`, map[name], role(name));
  };
  for (const keyword of IN_PLACE_ONE) add(keyword, schema[keyword], "in-place");
  for (const keyword of IN_PLACE_LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((sub, i) => add(`${keyword}/${i}`, sub, "in-place"));
  }
  for (const keyword of IN_PLACE_MAPS) addMap(keyword, () => "in-place");
  for (const keyword of DEFINITION_MAPS) addMap(keyword, () => "definition");

  addMap("properties", (name) => ({ kind: "property", name }));
  addMap("patternProperties", (pattern) => ({ kind: "properties", pattern }));
  const declared = isRecord(schema.properties) ? new Set(Object.keys(schema.properties)) : undefined;
  add(
    "additionalProperties",
    schema.additionalProperties,
    declared ? { kind: "properties", except: declared } : ANY_PROPERTY,
  );
  add("unevaluatedProperties", schema.unevaluatedProperties, ANY_PROPERTY);
  add("propertyNames", schema.propertyNames, KEY);

  // Tuples: `prefixItems` (2019-09 and later) or an array-valued `items` (draft-07).
  const tuple = Array.isArray(schema.prefixItems) ? "prefixItems" : Array.isArray(schema.items) ? "items" : undefined;
  const tupleLength = tuple === undefined ? 0 : (schema[tuple] as unknown[]).length;
  for (const keyword of ["prefixItems", "items"]) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((sub, i) => add(`${keyword}/${i}`, sub, { kind: "items", from: i, to: i }));
  }
  const rest: StepLabel = { kind: "items", from: tupleLength, to: Infinity };
  if (!Array.isArray(schema.items)) add("items", schema.items, rest);
  add("additionalItems", schema.additionalItems, rest);
  add("contains", schema.contains, ANY_ITEM);
  add("unevaluatedItems", schema.unevaluatedItems, ANY_ITEM);
  return children;
}

/** Builds the graph; see {@link buildSchemaGraph}. */
class GraphBuilder {
  readonly nodes: SchemaNode[] = [];
  private readonly byPointer = new Map<string, number>();
  /** Absolute URI (no fragment) of each schema resource → its node. */
  private readonly resources = new Map<string, number>();
  /** `uri#name` of each `$anchor` (and draft-07 `$id: "#name"`) → its node. */
  private readonly anchors = new Map<string, number>();
  /** `$dynamicAnchor` name → the nodes that declare it. */
  private readonly dynamicAnchors = new Map<string, number[]>();
  /** Nodes with `$recursiveAnchor: true`. */
  private readonly recursiveAnchors: number[] = [];
  /** The children of each node, as found when it was indexed. */
  private readonly children: Child[][] = [];

  constructor(
    private readonly document: unknown,
    private readonly maxNodes: number,
  ) {}

  build(): SchemaNode[] {
    this.index(this.document, "", DEFAULT_BASE);
    // Nodes found while resolving references are appended, and linked in turn.
    for (let id = 0; id < this.nodes.length; id++) this.link(id);
    return this.nodes;
  }

  /** Adds `schema` (at `pointer`) and every subschema below it that is not yet a node. */
  private index(schema: unknown, pointer: string, base: string): number {
    const stack = [{ schema, pointer, base }];
    const first = this.nodes.length;
    while (stack.length > 0) {
      const item = stack.pop()!;
      if (this.byPointer.has(item.pointer)) continue;
      if (this.nodes.length >= this.maxNodes)
        throw new SchemaGraphError(`it has more than ${this.maxNodes} subschemas`);
      // Far deeper than real schemas nest; bounds the cost of the pointers themselves.
      if (item.pointer.length > MAX_POINTER_LENGTH) throw new SchemaGraphError("it nests subschemas too deeply");
      const id = this.nodes.length;
      let nodeBase = item.base;
      let children: Child[] = [];
      if (isRecord(item.schema)) {
        nodeBase = this.declare(item.schema, id, item.base);
        children = childrenOf(item.schema, item.pointer);
        for (let i = children.length - 1; i >= 0; i--)
          stack.push({ schema: children[i]!.schema, pointer: children[i]!.pointer, base: nodeBase });
      }
      this.byPointer.set(item.pointer, id);
      this.children.push(children);
      this.nodes.push({ pointer: item.pointer, schema: item.schema, base: nodeBase, inPlace: [], steps: [] });
    }
    return this.byPointer.get(pointer) ?? first;
  }

  /** Records the identifiers `schema` declares; @returns its base URI. */
  private declare(schema: Record<string, unknown>, id: number, parentBase: string): string {
    let base = parentBase;
    const $id = schema.$id;
    if (typeof $id === "string") {
      if ($id.startsWith("#")) {
        this.anchors.set(`${parentBase}#${$id.slice(1)}`, id);
      } else {
        try {
          base = withoutFragment(resolveUri($id, parentBase));
        } catch {
          throw new SchemaGraphError(`its $id ${JSON.stringify($id)} is not a valid URI reference`);
        }
        this.resources.set(base, id);
      }
    }
    if (id === 0) this.resources.set(base, 0);
    if (typeof schema.$anchor === "string") this.anchors.set(`${base}#${schema.$anchor}`, id);
    if (typeof schema.$dynamicAnchor === "string") {
      this.anchors.set(`${base}#${schema.$dynamicAnchor}`, id);
      const list = this.dynamicAnchors.get(schema.$dynamicAnchor);
      if (list === undefined) this.dynamicAnchors.set(schema.$dynamicAnchor, [id]);
      else list.push(id);
    }
    if (schema.$recursiveAnchor === true) this.recursiveAnchors.push(id);
    return base;
  }

  private link(id: number): void {
    const node = this.nodes[id]!;
    for (const child of this.children[id]!) {
      if (child.role === "definition") continue;
      const target = this.byPointer.get(child.pointer)!;
      if (child.role === "in-place") node.inPlace.push(target);
      else node.steps.push({ label: child.role, target });
    }
    const schema = node.schema;
    if (!isRecord(schema)) return;
    if (typeof schema.$ref === "string") node.inPlace.push(this.resolve(schema.$ref, node.base));
    // A dynamic reference applies one subschema, chosen at run time: each it could choose is
    // linked once (linking the same one twice would read as two applications).
    if (typeof schema.$dynamicRef === "string") {
      const ref = schema.$dynamicRef;
      const hash = ref.indexOf("#");
      const name = hash === -1 ? "" : ref.slice(hash + 1);
      const targets = new Set([this.resolve(ref, node.base), ...(this.dynamicAnchors.get(name) ?? [])]);
      node.inPlace.push(...targets);
    }
    if (typeof schema.$recursiveRef === "string") {
      const targets = new Set([this.resolve(schema.$recursiveRef, node.base), ...this.recursiveAnchors]);
      node.inPlace.push(...targets);
    }
  }

  /** The node `ref` names, resolved against `base`. @throws SchemaGraphError when it names none. */
  private resolve(ref: string, base: string): number {
    let uri: string;
    let fragment: string;
    try {
      const absolute = resolveUri(ref, base);
      const hash = absolute.indexOf("#");
      uri = hash === -1 ? absolute : absolute.slice(0, hash);
      fragment = hash === -1 ? "" : decodeURIComponent(absolute.slice(hash + 1));
    } catch {
      throw new SchemaGraphError(`its $ref ${JSON.stringify(ref)} is not a valid reference`);
    }
    const resource = this.resources.get(uri);
    const unresolved = () =>
      new SchemaGraphError(
        `its $ref ${JSON.stringify(ref)} names no subschema of it (only references within the schema are followed)`,
      );
    if (resource === undefined) throw unresolved();
    if (fragment === "") return resource;
    if (!fragment.startsWith("/")) {
      const anchored = this.anchors.get(`${uri}#${fragment}`);
      if (anchored === undefined) throw unresolved();
      return anchored;
    }
    const pointer = this.nodes[resource]!.pointer + fragment;
    const known = this.byPointer.get(pointer);
    if (known !== undefined) return known;
    // A reference to a place no keyword walked reaches (inside an unknown keyword, say).
    const target = valueAt(this.document, pointer);
    if (!isSchema(target)) throw unresolved();
    return this.index(target, pointer, this.baseAround(pointer));
  }

  /** The base URI of the closest node above `pointer`. */
  private baseAround(pointer: string): string {
    for (let end = pointer.lastIndexOf("/"); end >= 0; end = pointer.lastIndexOf("/", end - 1)) {
      const id = this.byPointer.get(pointer.slice(0, end));
      if (id !== undefined) return this.nodes[id]!.base;
      if (end === 0) break;
    }
    return this.nodes[0]!.base;
  }
}

function resolveUri(ref: string, base: string): string {
  return new URL(ref, base).href;
}

function withoutFragment(uri: string): string {
  const hash = uri.indexOf("#");
  return hash === -1 ? uri : uri.slice(0, hash);
}

function valueAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(value)) value = /^(0|[1-9][0-9]*)$/.test(token) ? value[Number(token)] : undefined;
    else if (isRecord(value) && Object.hasOwn(value, token)) value = value[token];
    else return undefined;
  }
  return value;
}

/**
 * Calls `visit` once for every subschema object of `schema` (its root included, definitions
 * too) with its JSON pointer; objects met twice (shared, or in a cycle) are visited once.
 */
export function forEachSubschema(
  schema: unknown,
  visit: (subschema: Record<string, unknown>, pointer: string) => void,
): void {
  const seen = new Set<object>();
  const stack: Array<{ schema: unknown; pointer: string }> = [{ schema, pointer: "" }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (!isRecord(item.schema) || seen.has(item.schema)) continue;
    seen.add(item.schema);
    visit(item.schema, item.pointer);
    for (const child of childrenOf(item.schema, item.pointer)) stack.push(child);
  }
}

/**
 * The graph of `schema` (node 0 is its root).
 * @throws SchemaGraphError for a `$ref` that names nothing within the schema, or a schema
 *   of more than `maxNodes` subschemas.
 */
export function buildSchemaGraph(schema: unknown, maxNodes: number): SchemaNode[] {
  return new GraphBuilder(schema, maxNodes).build();
}
