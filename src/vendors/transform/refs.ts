/**
 * Local `$ref`s, as the vendor converters follow them: resolving one to the value and the
 * pointer of its target, finding the first that leads back into itself, and inlining them
 * with a stop for cycles and for a schema that grows too large.
 */
import type { JsonValue } from "../../ir/types.js";
import { SCHEMA_MAP_KEYWORDS } from "../../schema/walk.js";
import { isSchemaObject, type SchemaObject } from "./nodes.js";
import { pointerTo } from "./walk.js";

/**
 * Which `$ref`s {@link resolveLocalRef} follows: `definitions`, `#` and one root
 * definition (`#/$defs/Name`, `#/definitions/Name`), what the strict modes can send as a
 * `$ref`; `document`, any JSON pointer into the document (`#/properties/a/items`).
 */
export type RefScope = "definitions" | "document";

/** Why a `$ref` does not resolve: outside the scope, not decodable, or pointing at nothing. */
export type RefProblem = "unsupported" | "malformed" | "missing";

/** A resolved `$ref`: its target and the target's pointer in the document. */
export interface LocalRefTarget {
  value: JsonValue;
  pointer: string;
}

/** What {@link resolveLocalRef} found. */
export type RefResolution = ({ ok: true } & LocalRefTarget) | { ok: false; problem: RefProblem };

const DEFINITION_REF = /^#\/(\$defs|definitions)\/([^/]+)$/;

/**
 * Resolves a local `$ref` against the document `root`, within `scope`. Each token of the
 * fragment is percent-decoded, then unescaped (`~1` → `/`, `~0` → `~`). (`pruneUnreachableDefs`
 * decodes the whole fragment before splitting it, as RFC 6901 reads: the two differ only
 * for a `%2F` inside a name.)
 */
export function resolveLocalRef(root: JsonValue, ref: string, scope: RefScope): RefResolution {
  if (ref === "#") return { ok: true, value: root, pointer: "" };
  return scope === "definitions" ? resolveDefinition(root, ref) : resolvePointer(root, ref);
}

function resolveDefinition(root: JsonValue, ref: string): RefResolution {
  const match = DEFINITION_REF.exec(ref);
  if (!match) return { ok: false, problem: "unsupported" };
  const keyword = match[1]!;
  const name = decodeRefToken(match[2]!);
  if (name === undefined) return { ok: false, problem: "malformed" };
  const defs = isSchemaObject(root) ? root[keyword] : undefined;
  if (!isSchemaObject(defs) || !Object.hasOwn(defs, name)) return { ok: false, problem: "missing" };
  return { ok: true, value: defs[name]!, pointer: pointerTo("", keyword, name) };
}

function resolvePointer(root: JsonValue, ref: string): RefResolution {
  if (!ref.startsWith("#/")) return { ok: false, problem: "unsupported" };
  const tokens: string[] = [];
  for (const raw of ref.slice(2).split("/")) {
    const token = decodeRefToken(raw);
    if (token === undefined) return { ok: false, problem: "malformed" };
    tokens.push(token);
  }
  let value: JsonValue = root;
  for (const token of tokens) {
    if (Array.isArray(value) && /^(0|[1-9]\d*)$/.test(token) && Number(token) < value.length)
      value = value[Number(token)]!;
    else if (isSchemaObject(value) && Object.hasOwn(value, token)) value = value[token]!;
    else return { ok: false, problem: "missing" };
  }
  return { ok: true, value, pointer: pointerTo("", ...tokens) };
}

/** One token of a `$ref` fragment, percent-decoded then unescaped; undefined when it is not valid percent-encoding. */
function decodeRefToken(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
  } catch {
    return undefined;
  }
}

/**
 * The keywords beside a `$ref` that count, in order: all but the `$ref` and those `ignored`
 * says are annotations without effect.
 */
export function refSiblings(node: SchemaObject, ignored: (key: string) => boolean): string[] {
  return Object.keys(node).filter((key) => key !== "$ref" && !ignored(key));
}

/** Keywords whose value is data, not subschemas: a `$ref` key inside them means nothing. */
const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples"]);

/**
 * The first `$ref` (within the `definitions` scope) that leads back into itself, following
 * references from the root (root definitions are visited only through the references that
 * reach them), with the pointer of that `$ref` keyword; undefined when there is none.
 * References that do not resolve are passed over: converting them says why.
 */
export function findRecursiveRef(root: SchemaObject): { ref: string; pointer: string } | undefined {
  const done = new Set<string>();
  const active = new Set<string>();
  const walk = (node: JsonValue, at: string): { ref: string; pointer: string } | undefined => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const value = node[i]!;
        // Text, numbers and the like hold no `$ref`: no pointer is made for them.
        if (value === null || typeof value !== "object") continue;
        const found = walk(value, pointerTo(at, String(i)));
        if (found) return found;
      }
      return undefined;
    }
    if (!isSchemaObject(node)) return undefined;
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key)) continue;
      if (at === "" && (key === "$defs" || key === "definitions")) continue;
      if (SCHEMA_MAP_KEYWORDS.has(key) && isSchemaObject(value)) {
        // Names, not keywords: a property called `enum` or `default` is a subschema like any other.
        for (const [name, subschema] of Object.entries(value)) {
          if (subschema === null || typeof subschema !== "object") continue;
          const found = walk(subschema, pointerTo(at, key, name));
          if (found) return found;
        }
        continue;
      }
      if (key === "$ref" && typeof value === "string") {
        if (active.has(value)) return { ref: value, pointer: pointerTo(at, key) };
        if (done.has(value)) continue;
        const target = resolveLocalRef(root, value, "definitions");
        if (!target.ok) continue;
        if (value === "#") return { ref: value, pointer: pointerTo(at, key) };
        active.add(value);
        const found = walk(target.value, target.pointer);
        active.delete(value);
        if (found) return found;
        done.add(value);
        continue;
      }
      if (value === null || typeof value !== "object") continue;
      const found = walk(value, pointerTo(at, key));
      if (found) return found;
    }
    return undefined;
  };
  return walk(root, "");
}

/**
 * Most schema nodes a conversion may produce, inlined copies of definitions included,
 * before it inlines no more `$ref`s: definitions that each refer several times to the next
 * multiply with every level, so a schema of a few lines could otherwise take minutes and
 * gigabytes to convert.
 */
export const MAX_INLINED_NODES = 20_000;

/**
 * The `$ref`s a conversion is inlining, one inside the other, and the schema nodes it has
 * produced: a `$ref` met again while it is being inlined is a cycle, and `maxNodes` stops
 * a schema whose inlined copies would multiply without end.
 */
export class RefInlining {
  private readonly active = new Set<string>();
  private nodes = 0;

  /** @param maxNodes Most nodes the conversion may produce before inlining stops. */
  constructor(readonly maxNodes: number = MAX_INLINED_NODES) {}

  /** Counts one node produced by the conversion. */
  countNode(): void {
    this.nodes++;
  }

  /** Whether more than `maxNodes` nodes have been produced. */
  get exhausted(): boolean {
    return this.nodes > this.maxNodes;
  }

  /** Whether `ref` is being inlined (inlining it again would not end). */
  isInlining(ref: string): boolean {
    return this.active.has(ref);
  }

  /** `convert()`, with `ref` marked as being inlined while it runs. */
  inline<T>(ref: string, convert: () => T): T {
    this.active.add(ref);
    try {
      return convert();
    } finally {
      this.active.delete(ref);
    }
  }
}

/**
 * Why a `$ref` was not followed, in words: `supported` says which `$ref`s are
 * (`#, #/$defs/... or #/definitions/...`).
 */
export function refProblemMessage(problem: RefProblem, ref: string, supported: string): string {
  if (problem === "unsupported") return `only local $refs to ${supported} are supported, got ${JSON.stringify(ref)}`;
  if (problem === "malformed") return `malformed $ref ${JSON.stringify(ref)}`;
  return `$ref target ${ref} does not exist`;
}
