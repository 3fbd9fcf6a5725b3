import type { JsonValue, SchemaPosition, SourceLocation, ToolContent } from "../ir/types.js";
import { isObject, SCHEMA_MAP_KEYWORDS, SUBSCHEMA_KEYWORDS } from "../schema/walk.js";

/** A path of keys from the root of a value. */
export type KeyPath = ReadonlyArray<string | number>;

/** Finds where the value at a path is written (or its nearest written parent, when it is not). */
export type Locate = (path: KeyPath) => SourceLocation;

/**
 * A value as written in a parsed text (a node of a JSON or YAML syntax tree): where it is,
 * and the nodes of its members (object members by key, array items by index). Parsers
 * build these over the trees they already have; they never leave the parse stage, where
 * the IR keeps their answers as a `SchemaPosition` tree.
 */
export interface SourceNode {
  loc(): SourceLocation;
  /** The member's node; undefined when the text has no such member. */
  member(key: string | number): SourceNode | undefined;
}

/** A tool as a parser produced it, with the written form of each schema it read as JSON or YAML. */
export interface ParsedTool {
  tool: ToolContent;
  sources: { inputSchema?: SourceNode; outputSchema?: SourceNode };
}

/**
 * The node at `path` below `node`. When the text stops short of it, the deepest node on
 * the way, standing for the whole missing part: every path below it is located there.
 */
export function descend(node: SourceNode, path: KeyPath): SourceNode {
  let at = node;
  for (const key of path) {
    const next = at.member(key);
    if (!next) {
      const stop = at;
      return { loc: () => stop.loc(), member: () => undefined };
    }
    at = next;
  }
  return at;
}

/** Location of the value at `path` below `node`, or of its nearest written parent. */
export function locateIn(node: SourceNode, path: KeyPath): SourceLocation {
  return descend(node, path).loc();
}

/** A node whose syntax tree is only built when it is first asked for (most blocks are never located in). */
export function lazySource(build: () => SourceNode): SourceNode {
  let node: SourceNode | undefined;
  return { loc: () => (node ??= build()).loc(), member: (key) => (node ??= build()).member(key) };
}

// Keywords whose value is data (an instance, or a list of them), not schema. Checks after
// parsing never point inside them, so their insides are not recorded; enum members are,
// since a root enum member that is not an object is reported by itself.
const DATA_KEYWORDS = new Set(["default", "const", "examples", "example"]);

/**
 * What a node is, which decides how far below it positions are recorded: a schema (or a
 * list of schemas), a map of names to schemas (`properties`), an `enum`, a value whose
 * inside is data (only the node itself), or any other keyword's value (all of it).
 */
type Kind = "schema" | "map" | "enum" | "data" | "other";

interface Frame {
  value: JsonValue;
  kind: Kind;
  /** Where the value is written. */
  node: SourceNode;
  /** The recorded position of the value's parent, to hang the value's own under (by `key`). */
  parent: SchemaPosition;
  key: string;
}

/**
 * Records where the parts of a schema are written (see `SchemaPosition` for what is left
 * out), walking the schema and its written form together: each node is located once.
 * Iterative, since a limit may allow deep schemas.
 */
export function schemaPositions(schema: JsonValue, source: SourceNode): SchemaPosition {
  const at = (node: SourceNode, parent: SchemaPosition | undefined, key: string): SchemaPosition => {
    const { line, column } = node.loc();
    const position: SchemaPosition = [line, column];
    if (parent) {
      const members = (parent[2] ??= {});
      // Defined, not assigned: a member called `__proto__` is a member like any other.
      if (key === "__proto__")
        Object.defineProperty(members, key, { value: position, enumerable: true, writable: true, configurable: true });
      else members[key] = position;
    }
    return position;
  };
  const root = at(source, undefined, "");
  const stack: Frame[] = [];
  // A member the text does not have (the parser made it up) is where its parent is: it and
  // everything below it are left out.
  const push = (value: JsonValue, key: string | number, kind: Kind, node: SourceNode, parent: SchemaPosition) => {
    const written = node.member(key);
    if (written) stack.push({ value, kind, node: written, parent, key: String(key) });
  };
  const visit = (value: JsonValue, kind: Kind, node: SourceNode, position: SchemaPosition) => {
    if (kind === "data") return;
    // Pushed in reverse, so members are recorded in document order.
    if (Array.isArray(value)) {
      const itemKind = kind === "enum" ? "data" : kind;
      for (let i = value.length - 1; i >= 0; i--) push(value[i]!, i, itemKind, node, position);
      return;
    }
    if (!isObject(value) || kind === "enum") return;
    // A `type` the parser removed (a YAML type word it does not know) is still located
    // where it was written: that is where a diagnostic about the missing type belongs.
    if (kind === "schema" && !Object.hasOwn(value, "type")) push("", "type", "data", node, position);
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const member = value[key]!;
      const memberKind: Kind =
        kind !== "schema"
          ? kind === "map"
            ? "schema"
            : "other"
          : DATA_KEYWORDS.has(key)
            ? "data"
            : key === "enum"
              ? "enum"
              : SCHEMA_MAP_KEYWORDS.has(key) && isObject(member)
                ? "map"
                : SUBSCHEMA_KEYWORDS.has(key)
                  ? "schema"
                  : "other";
      push(member, key, memberKind, node, position);
    }
  };
  visit(schema, "schema", source, root);
  while (stack.length) {
    const { value, kind, node, parent, key } = stack.pop()!;
    visit(value, kind, node, at(node, parent, key));
  }
  return root;
}
