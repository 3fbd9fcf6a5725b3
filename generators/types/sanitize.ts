import type { JsonSchema, JsonValue } from "../../src/ir/types.js";
import { mapSchema } from "../../src/schema/walk.js";
import { commentText, docValue } from "../../src/generator-kit/ts.js";
import { type Dialect, schemaDialect } from "../../src/schema/ajv.js";
import { prepareTuple } from "./tuples.js";
import { hoistRefTargets, refTarget } from "./ref-targets.js";
import { freeFormType } from "./free-form.js";

// The only keywords json-schema-to-typescript is given. Everything else is dropped from
// the copy it sees: its own code-pasting keywords (tsType, tsEnumNames…), validation-only
// keywords, any non-keyword data (`x-*`), which its $ref resolver would otherwise crawl,
// and `default`, from which it infers a type even beside an explicit one (`{"type":
// "object", "default": ""}` became `string`). `default` and `examples` are shown in the
// JSDoc instead, as `@default` / `@example` lines of the description.
const TYPE_KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "items",
  "prefixItems",
  "additionalItems",
  "minItems",
  "maxItems",
  "enum",
  "const",
  "anyOf",
  "oneOf",
  "allOf",
  "$ref",
  "definitions",
  "$defs",
  "description",
  "title",
  "format",
  "deprecated",
  "readOnly",
]);

const NOT_FOR_OBJECTS = ["items", "prefixItems", "additionalItems", "minItems", "maxItems", "format"];

/**
 * json-schema-to-typescript calls `properties.hasOwnProperty(…)`, which a property of that
 * name shadows; the copy it sees names the property this instead, and
 * {@link restoreShadowedNames} puts the real name back into the generated code.
 */
const HAS_OWN_PROPERTY_STAND_IN = "mcpSpecgenStandInHasOwnProperty";

/** Puts back the property names the copy given to json-schema-to-typescript had to replace. */
export function restoreShadowedNames(code: string): string {
  return code.replaceAll(HAS_OWN_PROPERTY_STAND_IN, "hasOwnProperty");
}

/** How many of a schema's `examples` its JSDoc shows. */
export const MAX_DOC_EXAMPLES = 3;

/**
 * The JSDoc tags for a schema's annotations: `@default <json>` and one `@example <json>`
 * per example (`examples`, or OpenAPI's single `example`), long values shortened.
 */
export function annotationTags(schema: JsonSchema): string[] {
  const tags: string[] = [];
  if (Object.hasOwn(schema, "default")) tags.push(`@default ${docValue(schema.default)}`);
  const examples = Array.isArray(schema.examples)
    ? schema.examples
    : Object.hasOwn(schema, "example")
      ? [schema.example]
      : [];
  for (const example of examples.slice(0, MAX_DOC_EXAMPLES)) tags.push(`@example ${docValue(example)}`);
  return tags;
}

/**
 * Prepares one schema for json-schema-to-typescript. The copy keeps only type-relevant
 * keywords (so nothing can paste code), turns `title`s below the root into descriptions
 * (json-schema-to-typescript would make each a stray named type), adds `@default` and
 * `@example` lines for annotations below the root, passes every description through
 * {@link commentText} (descriptions become JSDoc), gives each definition
 * the name `<prefix><Key>` and a plain-word key (keys are echoed into comments), rewrites
 * `$ref`s to match, and neutralises `*\/` in pattern-property keys, which are also echoed
 * into comments. `dialect` is the schema's (see `schemaDialect`), when the caller knows it.
 */
export function prepareSchemaForTypes(
  schema: JsonSchema,
  rootName: string,
  rootDescription: string | undefined,
  definitionPrefix: string,
  taken: Set<string>,
  freeFormRoot = false,
  dialect: Dialect = schemaDialect(schema).dialect,
): JsonSchema {
  // References into places the copy moves point at copies of their targets (see ref-targets.ts).
  const hoisted = hoistRefTargets(schema, dialect);
  const own = schema[hoisted.map];
  const source: JsonSchema = hoisted.definitions.length
    ? { ...schema, [hoisted.map]: { ...(isDefinitionMap(own) ? own : {}), ...Object.fromEntries(hoisted.definitions) } }
    : schema;
  // Definition keys → safe names, decided before mapping so $refs anywhere can be rewritten.
  const renamed = new Map<string, string>();
  for (const map of ["definitions", "$defs"] as const) {
    const defs = source[map];
    if (!defs || typeof defs !== "object" || Array.isArray(defs)) continue;
    for (const key of Object.keys(defs)) {
      let name = `${definitionPrefix}${pascal(key)}`;
      for (let i = 2; taken.has(name); i++) name = `${definitionPrefix}${pascal(key)}${i}`;
      taken.add(name);
      renamed.set(`#/${map}/${escapePointer(key)}`, `#/${map}/${name}`);
    }
  }
  const prepared = mapSchema(source, (s, path) => {
    const tags = path.length > 0 ? annotationTags(s) : [];
    for (const k of Object.keys(s)) if (!TYPE_KEYWORDS.has(k)) delete s[k];
    // Keywords of other types constrain nothing on an object, but json-schema-to-typescript
    // lets them decide the type (`{"type": "object", "format": "uuid"}` became `string`).
    if (s.type === "object") for (const k of NOT_FOR_OBJECTS) delete s[k];
    prepareTuple(s, dialect);
    if (
      s.properties &&
      typeof s.properties === "object" &&
      !Array.isArray(s.properties) &&
      Object.hasOwn(s.properties, "hasOwnProperty")
    ) {
      s.properties = Object.fromEntries(
        Object.entries(s.properties).map(([k, v]) => [k === "hasOwnProperty" ? HAS_OWN_PROPERTY_STAND_IN : k, v]),
      );
      if (Array.isArray(s.required))
        s.required = s.required.map((r) => (r === "hasOwnProperty" ? HAS_OWN_PROPERTY_STAND_IN : r));
    }
    // json-schema-to-typescript's reference parser fails on a `$ref` to a boolean schema
    // (`"$defs": {"A": true}`): a reference to `true` adds nothing to the keywords beside
    // it (with none, the schema allows any value), one to `false` allows no value.
    const refTarget = typeof s.$ref === "string" ? booleanTarget(schema, s.$ref) : undefined;
    if (refTarget !== undefined) delete s.$ref;
    else if (typeof s.$ref === "string") s.$ref = rewriteRef(hoisted.refs.get(s.$ref) ?? s.$ref, renamed);
    for (const map of ["definitions", "$defs"] as const) {
      if (path.length === 0 && s[map] && typeof s[map] === "object" && !Array.isArray(s[map])) {
        s[map] = Object.fromEntries(
          Object.entries(s[map]).map(([k, v]) => [
            renamed.get(`#/${map}/${escapePointer(k)}`)!.slice(map.length + 3),
            v,
          ]),
        );
      }
    }
    if (s.patternProperties && typeof s.patternProperties === "object" && !Array.isArray(s.patternProperties)) {
      s.patternProperties = Object.fromEntries(
        Object.entries(s.patternProperties).map(([k, v]) => [commentText(k), v]),
      );
    }
    const isDefinition = path.length === 2 && (path[0] === "definitions" || path[0] === "$defs");
    if (isDefinition) {
      if (typeof s.title === "string" && !s.description) s.description = s.title;
      s.title = renamedTitle(renamed, String(path[0]), String(path[1]));
    } else if (path.length > 0 && typeof s.title === "string") {
      if (!s.description) s.description = s.title;
      delete s.title;
    }
    // Descriptions become JSDoc: every one passes through commentText.
    const description = [typeof s.description === "string" ? s.description : "", tags.join("\n")]
      .filter(Boolean)
      .join("\n\n");
    if (description) s.description = commentText(description);
    else delete s.description;
    // Set last, on the copy only: every `tsType` of the spec itself was removed above.
    const freeForm = path.length > 0 || freeFormRoot ? freeFormType(s) : undefined;
    if (freeForm) s.tsType = freeForm;
    // json-schema-to-typescript's reference parser resolves `{"$ref": …}` wherever it is, in
    // values too: a const or enum value shaped like a reference would become the type of what
    // it points at (or fail the build when it points nowhere). Such values are their literal types.
    const values = "const" in s ? [s.const] : Array.isArray(s.enum) ? s.enum : [];
    if (values.some(holdsRefKey)) {
      s.tsType = values.map((v) => JSON.stringify(v)).join(" | ");
      delete s.const;
      delete s.enum;
    }
    if (refTarget === false) s.tsType = "never";
    return s;
  });
  prepared.title = rootName;
  if (rootDescription !== undefined) prepared.description = commentText(rootDescription);
  else delete prepared.description;
  return prepared;
}

function renamedTitle(renamed: Map<string, string>, map: string, originalKey: string): string {
  return renamed.get(`#/${map}/${escapePointer(originalKey)}`)!.slice(map.length + 3);
}

/** Points a `$ref` at the renamed definition (keeping any path below it). */
function rewriteRef(raw: string, renamed: Map<string, string>): string {
  let ref = raw;
  try {
    ref = decodeURIComponent(raw);
  } catch {
    // Not URI-encoded; compare as written.
  }
  for (const [from, to] of renamed) {
    if (ref === from || ref.startsWith(`${from}/`)) return to + ref.slice(from.length);
  }
  return raw;
}

/** The boolean schema a local `$ref` points at in `root`, if it points at one. */
function booleanTarget(root: JsonSchema, ref: string): boolean | undefined {
  const target = refTarget(root, ref);
  return typeof target === "boolean" ? target : undefined;
}

function isDefinitionMap(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return !!value && typeof value === "object" && !Array.isArray(value);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function pascal(key: string): string {
  const words = key.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const out = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
  return /^[0-9]/.test(out) ? `_${out}` : out || "Definition";
}

/** Whether a JSON value has an object with a `$ref` key anywhere in it. */
function holdsRefKey(value: JsonValue | undefined): boolean {
  const stack: Array<JsonValue | undefined> = [value];
  while (stack.length) {
    const v = stack.pop();
    if (!v || typeof v !== "object") continue;
    if (!Array.isArray(v) && Object.hasOwn(v, "$ref")) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push(child);
  }
  return false;
}
