/**
 * Conversion of a tool's input schema to what Gemini's function declarations express.
 *
 * Gemini describes parameters with a subset of OpenAPI 3.0's schema object (`Schema` in
 * `@google/genai`: `type`, `nullable`, `enum`, `format`, `items`, `properties`,
 * `required`, `anyOf`, `minItems`/`maxItems`, `minLength`/`maxLength`, `minimum`/`maximum`,
 * `pattern`, `minProperties`/`maxProperties`, `title`, `description`, `default`). The
 * result is written in JSON Schema spelling, for a declaration's `parametersJsonSchema`:
 * that field takes JSON Schema as it is (the `parameters` field wants the SDK's `Type`
 * enum, which no plain value can satisfy), and a schema within that subset means the same
 * to every Gemini model and to Vertex AI.
 *
 * Rewrites, exact: local `$ref`s are inlined, their siblings merged in as an `allOf`
 * branch would be, `const c` → `enum: [c]` (intersected with an `enum` beside it), a type union of several types → `anyOf` of one type each (`null` stays in
 * `type: [T, "null"]`), `true` schemas → `{}`, `allOf` with one branch merged into its
 * schema. Merges (of `$ref` targets and `allOf` branches into the schema around them) are
 * done after all of a schema's keywords are read: `properties` and `required` are joined,
 * enums intersected and bounds tightened; any other keyword that would overwrite a
 * different value is a loss (reported, the schema's own value kept). Annotations with no meaning to Gemini (`$schema`, `$id`, `$comment`, `examples`,
 * `deprecated`, `readOnly`, `writeOnly`, `content*`, `x-*`, definitions once inlined) are
 * left out silently.
 *
 * Everything else is reported as a {@link SchemaLoosening} with its JSON pointer and
 * what was done: `oneOf` becomes `anyOf` and `allOf` of several branches is merged
 * (loosened); `not`, conditionals, `dependent*`, `patternProperties`, `propertyNames`,
 * `unevaluated*`, `contains`, `uniqueItems`, `multipleOf`, maps (`additionalProperties`
 * with a schema), tuples (`prefixItems`, array `items`), `false` schemas, object-valued
 * `enum`/`const` are dropped (loosened); `exclusiveMinimum`/`exclusiveMaximum` become
 * `minimum`/`maximum` (loosened; draft 4's `exclusiveMinimum: true` too); a recursive `$ref` (which cannot be inlined) becomes an
 * unconstrained schema. Arguments are still validated against the full schema on every
 * call, so a loosened schema lets the model send something the tool then refuses.
 */
import type { JsonSchema, JsonValue } from "../ir/types.js";
import { LooseningList, type SchemaLoosening } from "./transform/findings.js";
import {
  DOCUMENT_ANNOTATIONS,
  isExtensionKeyword,
  isOfKind,
  isPrimitive,
  isSchemaObject,
  JSON_SCHEMA_TYPES,
  type SchemaObject,
  type ValueKind,
} from "./transform/nodes.js";
import { MAX_INLINED_NODES, RefInlining, resolveLocalRef } from "./transform/refs.js";
import { lastToken, mapNamedSubschemas, mapSubschemaList, pointerTo } from "./transform/walk.js";

/**
 * Dropped value constraints, `minor` losses: the shape of the arguments stays as described
 * and validators still check the value. Any other loss is `major` (`oneOf`, `allOf`, maps,
 * tuples, recursion…): the shape itself changes.
 */
const MINOR = new Set([
  "uniqueItems",
  "multipleOf",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "contains",
  "minContains",
  "maxContains",
  "propertyNames",
]);

/** Result of {@link toGeminiSchema}. */
export interface GeminiSchemaResult {
  /** The schema for `parametersJsonSchema`: a fresh object, `type: "object"` at the root. */
  schema: JsonSchema;
  /** What was dropped or loosened, once per place in the input, in the order met. */
  issues: SchemaLoosening[];
}

/** Keywords of the subset copied as they are, when their value is of the kind given. */
const COPIED: Record<string, ValueKind> = {
  title: "string",
  description: "string",
  format: "string",
  pattern: "string",
  minLength: "integer",
  maxLength: "integer",
  minItems: "integer",
  maxItems: "integer",
  minimum: "number",
  maximum: "number",
  minProperties: "integer",
  maxProperties: "integer",
};

/** Keywords left out without a word: annotations, and definitions (their `$ref`s are inlined). */
const SILENT: ReadonlySet<string> = new Set([
  ...DOCUMENT_ANNOTATIONS,
  "$id",
  "$defs",
  "definitions",
  "$anchor",
  "$dynamicAnchor",
  "$recursiveAnchor",
  "$vocabulary",
  "examples",
  "example",
  // OpenAPI's, which validators ignore (SPEC_KEYWORD_IGNORED): leaving it out changes nothing.
  "nullable",
]);

/** Keywords outside the subset, dropped with a loss. */
const DROPPED: Record<string, string> = {
  not: "not is not supported; dropped (loosened)",
  if: "if/then/else is not supported; dropped (loosened)",
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, as data
  then: "if/then/else is not supported; dropped (loosened)",
  else: "if/then/else is not supported; dropped (loosened)",
  dependentRequired: "dependentRequired is not supported; dropped (loosened)",
  dependentSchemas: "dependentSchemas is not supported; dropped (loosened)",
  dependencies: "dependencies is not supported; dropped (loosened)",
  patternProperties: "patternProperties is not supported; dropped (loosened: properties matching it are not described)",
  propertyNames: "propertyNames is not supported; dropped (loosened)",
  unevaluatedProperties: "unevaluatedProperties is not supported; dropped (loosened)",
  unevaluatedItems: "unevaluatedItems is not supported; dropped (loosened)",
  prefixItems: "tuples (prefixItems) are not supported; dropped (loosened: the items are not described)",
  additionalItems: "additionalItems (tuples) is not supported; dropped (loosened)",
  contains: "contains is not supported; dropped (loosened)",
  minContains: "minContains is not supported; dropped (loosened)",
  maxContains: "maxContains is not supported; dropped (loosened)",
  uniqueItems: "uniqueItems is not supported; dropped (loosened: duplicates are not ruled out)",
  multipleOf: "multipleOf is not supported; dropped (loosened)",
  contentSchema: "contentSchema is not supported; dropped (loosened)",
  $dynamicRef: "$dynamicRef is not supported; dropped (loosened)",
  $recursiveRef: "$recursiveRef is not supported; dropped (loosened)",
};

interface Context {
  root: JsonValue;
  losses: LooseningList;
  /** `$ref`s being inlined, to stop on cycles, and nodes produced, against {@link MAX_INLINED_NODES}. */
  inlining: RefInlining;
}

/**
 * Converts an input schema to Gemini's subset, with what could not be expressed. Never
 * mutates `schema`.
 */
export function toGeminiSchema(schema: JsonSchema): GeminiSchemaResult {
  const ctx: Context = {
    root: schema,
    losses: new LooseningList(),
    inlining: new RefInlining(),
  };
  const converted = convert(schema, "", ctx);
  if (converted.type !== "object") {
    // Input schemas are objects (checked when specs are read); say so for Gemini too.
    return { schema: { type: "object", ...converted }, issues: ctx.losses.items };
  }
  return { schema: converted, issues: ctx.losses.items };
}

/** Records a loss about `keyword` in the subschema at `path`. */
function issue(ctx: Context, path: string, keyword: string, message: string): void {
  ctx.losses.add(path, keyword, message, MINOR.has(keyword) ? "minor" : "major");
}

/** Converts one subschema; `path` is where it is written in the input schema. */
function convert(node: JsonValue, path: string, ctx: Context): SchemaObject {
  ctx.inlining.countNode();
  if (node === true) return {};
  if (!isSchemaObject(node)) {
    // Reported at the false schema itself, named by its key (`items`, a property's name…);
    // the shape changes whatever the key (a property called `uniqueItems` is no constraint).
    if (node === false)
      ctx.losses.addAt(
        path,
        lastToken(path),
        "a false schema (no value allowed) is not supported; dropped (loosened: any value is accepted)",
        "major",
      );
    return {};
  }
  // The node's own keywords go into `own`; what `$ref` and `allOf` bring is merged in once
  // they are all read, so no keyword's result depends on where it is written.
  const own: SchemaObject = {};
  const parts: Array<{ keyword: string; schema: SchemaObject }> = [];
  if (Object.hasOwn(node, "$ref")) parts.push({ keyword: "$ref", schema: convertRef(node, path, ctx) });
  const put = (keyword: string, key: string, value: JsonValue): void => {
    if (Object.hasOwn(own, key) && !sameJson(own[key]!, value)) {
      issue(
        ctx,
        path,
        keyword,
        `${keyword} would overwrite the ${key} another keyword of this schema gives; dropped (loosened)`,
      );
      return;
    }
    own[key] = value;
  };

  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref" || SILENT.has(key) || isExtensionKeyword(key)) continue;
    if (Object.hasOwn(DROPPED, key)) {
      issue(ctx, path, key, DROPPED[key]!);
      continue;
    }
    if (key === "minimum" || key === "maximum") {
      if (typeof value === "number") tighten(own, key, value);
      continue;
    }
    if (Object.hasOwn(COPIED, key)) {
      if (isOfKind(value, COPIED[key]!)) own[key] = value;
      continue;
    }
    switch (key) {
      case "type":
        for (const [k, v] of Object.entries(convertType(value))) put(key, k, v);
        break;
      case "default":
        // A copy: what the generators keep is frozen, and must not freeze the input with it.
        own.default = structuredClone(value);
        break;
      case "enum":
        if (Array.isArray(value) && value.every(isPrimitive)) intersectEnum(own, [...value]);
        else issue(ctx, path, key, "enum values that are objects or arrays are not supported; dropped (loosened)");
        break;
      case "const":
        if (isPrimitive(value)) intersectEnum(own, [value]);
        else issue(ctx, path, key, "a const that is an object or array is not supported; dropped (loosened)");
        break;
      case "properties":
        if (isSchemaObject(value))
          own.properties = mapNamedSubschemas(value, pointerTo(path, key), (sub, subAt) => convert(sub, subAt, ctx));
        break;
      case "required":
        if (Array.isArray(value)) own.required = value.filter((v) => typeof v === "string");
        break;
      case "additionalProperties":
        if (value === false) own.additionalProperties = false;
        else if (value !== true && !(isSchemaObject(value) && Object.keys(value).length === 0))
          issue(
            ctx,
            path,
            key,
            "maps (additionalProperties with a schema) are not supported; dropped (loosened: further properties are not described)",
          );
        break;
      case "items":
        if (Array.isArray(value))
          issue(ctx, path, key, "tuples (items as an array) are not supported; dropped (loosened: any items)");
        else own.items = convert(value, pointerTo(path, key), ctx);
        break;
      case "anyOf":
        if (Array.isArray(value))
          put(
            key,
            "anyOf",
            mapSubschemaList(value, pointerTo(path, key), (b, branchAt) => convert(b, branchAt, ctx)),
          );
        break;
      case "oneOf":
        if (!Array.isArray(value)) break;
        if (Object.hasOwn(node, "anyOf")) {
          issue(ctx, path, key, "oneOf beside anyOf is not supported; dropped (loosened)");
          break;
        }
        issue(
          ctx,
          path,
          key,
          "oneOf is not supported; rewritten as anyOf (loosened: a value matching several branches is accepted)",
        );
        put(
          key,
          "anyOf",
          mapSubschemaList(value, pointerTo(path, key), (b, branchAt) => convert(b, branchAt, ctx)),
        );
        break;
      case "allOf":
        if (!Array.isArray(value)) break;
        if (value.length > 1)
          issue(
            ctx,
            path,
            key,
            "allOf is not supported; its branches are merged into one schema (loosened where they disagree)",
          );
        for (const schema of mapSubschemaList(value, pointerTo(path, key), (branch, branchAt) =>
          convert(branch, branchAt, ctx),
        ))
          parts.push({ keyword: key, schema });
        break;
      case "exclusiveMinimum":
      case "exclusiveMaximum": {
        const bound = key === "exclusiveMinimum" ? "minimum" : "maximum";
        if (value === true) {
          // Draft 4: the `minimum`/`maximum` beside it is exclusive.
          issue(
            ctx,
            path,
            key,
            `${key}: true (draft 4) is not supported; ${bound} is sent as an inclusive bound (loosened: the bound itself is accepted)`,
          );
          break;
        }
        if (typeof value !== "number") break;
        issue(ctx, path, key, `${key} is not supported; sent as ${bound} (loosened: the bound itself is accepted)`);
        tighten(own, bound, value);
        break;
      }
      default:
        // Unknown keywords are annotations in JSON Schema: they constrain nothing.
        break;
    }
  }
  let out = own;
  for (const part of parts)
    out = merge(out, part.schema, (detail) =>
      issue(
        ctx,
        path,
        part.keyword,
        `${part.keyword} gives ${detail} that differs from the one the schema has; the ${part.keyword}'s is dropped (loosened)`,
      ),
    );
  return out;
}

/** Sets `minimum`/`maximum` to `value`, or keeps the tighter one already there. */
function tighten(out: SchemaObject, bound: "minimum" | "maximum", value: number): void {
  const current = out[bound];
  out[bound] =
    typeof current !== "number" ? value : bound === "minimum" ? Math.max(current, value) : Math.min(current, value);
}

/** `enum` as the values both allow (exact: a value must satisfy each of `enum` and `const`). */
function intersectEnum(out: SchemaObject, values: JsonValue[]): void {
  const current = out.enum;
  out.enum = Array.isArray(current) ? current.filter((v) => values.some((w) => sameJson(v, w))) : values;
}

function sameJson(a: JsonValue, b: JsonValue): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isSchemaObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k): [string, JsonValue] => [k, canonical(value[k]!)]),
  );
}

/** `type` in the subset: one type, `[T, "null"]`, or `anyOf` of one type each. */
function convertType(value: JsonValue): SchemaObject {
  const types = (typeof value === "string" ? [value] : Array.isArray(value) ? value : []).filter(
    (t): t is string => typeof t === "string" && JSON_SCHEMA_TYPES.has(t),
  );
  if (types.length === 0) return {};
  if (types.length === 1) return { type: types[0]! };
  const nonNull = types.filter((t) => t !== "null");
  if (nonNull.length === 1) return { type: [nonNull[0]!, "null"] };
  return { anyOf: types.map((t) => ({ type: t })) };
}

/** Inlines a local `$ref`; a cycle, or too much inlining, leaves an unconstrained schema. */
function convertRef(node: SchemaObject, path: string, ctx: Context): SchemaObject {
  const ref = node.$ref;
  if (typeof ref !== "string") return {};
  const target = resolveLocalRef(ctx.root, ref, "document");
  if (!target.ok) {
    issue(ctx, path, "$ref", `$ref ${JSON.stringify(ref)} cannot be resolved; dropped (loosened)`);
    return {};
  }
  if (ctx.inlining.isInlining(ref)) {
    issue(
      ctx,
      path,
      "$ref",
      `recursive $ref ${JSON.stringify(ref)} cannot be inlined; dropped (loosened: any value is accepted from here)`,
    );
    return {};
  }
  if (ctx.inlining.exhausted) {
    issue(
      ctx,
      path,
      "$ref",
      `inlining $ref ${JSON.stringify(ref)} would exceed ${MAX_INLINED_NODES} schema nodes; dropped (loosened)`,
    );
    return {};
  }
  return ctx.inlining.inline(ref, () => convert(target.value, target.pointer, ctx));
}

/** Bounds that combine exactly: the tighter of two is what both allow. */
const LOWER_BOUNDS = new Set(["minimum", "minLength", "minItems", "minProperties"]);
const UPPER_BOUNDS = new Set(["maximum", "maxLength", "maxItems", "maxProperties"]);
/** Annotations: the schema's own wins without a loss of constraint. */
const ANNOTATIONS = new Set(["title", "description", "default"]);

/**
 * `a` and `b` as one schema (both must hold): properties joined (one both have is merged
 * in turn), required joined, enums intersected, bounds tightened; for any other keyword
 * both have with different values, `a`'s is kept and `conflict` is told.
 */
function merge(a: SchemaObject, b: SchemaObject, conflict: (detail: string) => void): SchemaObject {
  const out: SchemaObject = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (!Object.hasOwn(out, key)) {
      out[key] = value;
      continue;
    }
    const current = out[key]!;
    if (sameJson(current, value)) continue;
    if (key === "properties" && isSchemaObject(current) && isSchemaObject(value)) {
      // A map, not an object: a property called `__proto__` is a name like any other.
      const props = new Map(Object.entries(current));
      for (const [name, sub] of Object.entries(value)) {
        const mine = props.get(name);
        props.set(
          name,
          mine === undefined
            ? sub
            : isSchemaObject(mine) && isSchemaObject(sub)
              ? merge(mine, sub, (d) => conflict(`for property ${JSON.stringify(name)} ${d}`))
              : mine,
        );
      }
      out.properties = Object.fromEntries(props);
    } else if (key === "required" && Array.isArray(current) && Array.isArray(value))
      out.required = [...new Set([...current, ...value])];
    else if (key === "enum" && Array.isArray(current) && Array.isArray(value))
      out.enum = current.filter((v) => value.some((w) => sameJson(v, w)));
    else if (LOWER_BOUNDS.has(key) && typeof current === "number" && typeof value === "number")
      out[key] = Math.max(current, value);
    else if (UPPER_BOUNDS.has(key) && typeof current === "number" && typeof value === "number")
      out[key] = Math.min(current, value);
    else if (!ANNOTATIONS.has(key)) conflict(`a ${key}`);
  }
  return out;
}
