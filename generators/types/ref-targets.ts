import type { JsonSchema, JsonValue } from "../../src/ir/types.js";
import { pointerPath } from "../../src/ir/schema-source.js";
import type { Dialect } from "../../src/schema/ajv.js";
import { walkSchema } from "../../src/schema/walk.js";
import { commentText } from "../../src/generator-kit/ts.js";

// The copy of a schema given to json-schema-to-typescript is not laid out as the spec wrote
// it: tuples move (`prefixItems` becomes `items`, optional elements are wrapped, the rest
// becomes `additionalItems`), a property named `hasOwnProperty` is renamed, pattern keys are
// made safe for comments, and keywords it cannot read are dropped. A local `$ref` into one of
// those places would resolve to something else in the copy (a wrong type, with no error) or
// to nothing. Its target is therefore copied, as the spec wrote it, into a definition of its
// own, and the reference points there. References along paths the copy keeps are left alone.

/** What {@link hoistRefTargets} found: definitions to add, and where each moved reference now points. */
export interface HoistedTargets {
  /** Where the new definitions go: the schema's own definitions keyword (json-schema-to-typescript takes one, not both). */
  map: "$defs" | "definitions";
  /** New definitions (keys not taken by the schema's own), each the target as written. */
  definitions: Array<[string, JsonValue]>;
  /** Each moved reference, as written, to `#/<map>/<key>`. */
  refs: Map<string, string>;
}

/** The targets of the schema's local `$ref`s that the copy for json-schema-to-typescript moves or drops. */
export function hoistRefTargets(schema: JsonSchema, dialect: Dialect): HoistedTargets {
  const map = Object.hasOwn(schema, "definitions") && !Object.hasOwn(schema, "$defs") ? "definitions" : "$defs";
  const found: HoistedTargets = { map, definitions: [], refs: new Map() };
  const keys = new Set([...definitionKeys(schema, "$defs"), ...definitionKeys(schema, "definitions")]);
  walkSchema(schema, (s) => {
    const ref = s.$ref;
    if (typeof ref !== "string" || found.refs.has(ref)) return;
    const tokens = localPointer(ref);
    if (!tokens) return;
    const target = keptTarget(schema, tokens, dialect);
    // Booleans are written as the types they mean (see prepareSchemaForTypes); anything but a
    // schema object is refused before generation.
    const value = target.value;
    if (target.kept || !value || typeof value !== "object" || Array.isArray(value)) return;
    // Letters and digits only: the key needs no escaping in a pointer, URI-encoded or not.
    const words = tokens
      .join(" ")
      .replace(/[^A-Za-z0-9]+/g, " ")
      .trim();
    let key = `Ref ${words}`;
    for (let i = 2; keys.has(key); i++) key = `Ref ${words} ${i}`;
    keys.add(key);
    found.definitions.push([key, structuredClone(value)]);
    found.refs.set(ref, `#/${map}/${key}`);
  });
  return found;
}

function definitionKeys(schema: JsonSchema, map: "$defs" | "definitions"): string[] {
  const defs = schema[map];
  return defs && typeof defs === "object" && !Array.isArray(defs) ? Object.keys(defs) : [];
}

/** What a local `$ref` points at in `root` as written, or undefined when it points nowhere (or is not local). */
export function refTarget(root: JsonSchema, ref: string): JsonValue | undefined {
  const tokens = localPointer(ref);
  let node: JsonValue | undefined = tokens ? root : undefined;
  for (const key of tokens ?? []) node = member(node, key);
  return node;
}

/** The keys of a local JSON pointer reference (`#/a/b`, URI-encoded or not), or undefined for any other. */
function localPointer(ref: string): string[] | undefined {
  let pointer = ref;
  try {
    pointer = decodeURIComponent(ref);
  } catch {
    // Not URI-encoded; read as written.
  }
  return pointer.startsWith("#/") ? pointerPath(pointer.slice(1)) : undefined;
}

/**
 * The value a pointer reaches in the schema as written, and whether the copy keeps it at
 * the same path: through root definitions (renamed, which references follow), nested
 * definitions, properties (but `hasOwnProperty`), pattern properties whose key needs no
 * change, `additionalProperties`, the members of `anyOf`/`oneOf`/`allOf`, and a single
 * `items` schema where it stays `items`.
 */
function keptTarget(
  root: JsonSchema,
  tokens: string[],
  dialect: Dialect,
): { value: JsonValue | undefined; kept: boolean } {
  let node: JsonValue | undefined = root;
  let i = 0;
  let kept = true;
  while (i < tokens.length && kept) {
    if (!node || typeof node !== "object" || Array.isArray(node)) return { value: undefined, kept: false };
    const key = tokens[i]!;
    const name = tokens[i + 1];
    const named = key === "$defs" || key === "definitions" || key === "properties" || key === "patternProperties";
    const listed = key === "anyOf" || key === "oneOf" || key === "allOf";
    if ((named || listed) && name !== undefined) {
      if (key === "properties" && name === "hasOwnProperty") kept = false;
      else if (key === "patternProperties" && commentText(name) !== name) kept = false;
      else {
        node = member(member(node, key), name);
        i += 2;
      }
    } else if (key === "additionalProperties" || (key === "items" && staysItems(node, dialect))) {
      node = member(node, key);
      i++;
    } else kept = false;
  }
  for (; i < tokens.length; i++) node = member(node, tokens[i]!);
  return { value: node, kept };
}

/** Whether a schema's `items` is a single schema that the copy keeps as `items`. */
function staysItems(schema: { [k: string]: JsonValue }, dialect: Dialect): boolean {
  return (
    !Array.isArray(schema.items) &&
    !(dialect === "2020" && Array.isArray(schema.prefixItems)) &&
    schema.type !== "object"
  );
}

/** A member of an object, or an element of an array by its decimal index; undefined otherwise. */
function member(value: JsonValue | undefined, key: string): JsonValue | undefined {
  if (Array.isArray(value)) return /^(0|[1-9][0-9]*)$/.test(key) ? value[Number(key)] : undefined;
  if (value && typeof value === "object") return Object.hasOwn(value, key) ? value[key] : undefined;
  return undefined;
}
