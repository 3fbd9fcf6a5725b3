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
 * Everything else is reported as an {@link GeminiSchemaIssue} with its JSON pointer and
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
import { jsonPointer } from "../ir/schema-source.js";

/** Something of the schema Gemini cannot express, and what the conversion did instead. */
export interface GeminiSchemaIssue {
  /** RFC 6901 pointer into the input schema of the keyword (`/properties/a/oneOf`). */
  pointer: string;
  /** The keyword concerned. */
  keyword: string;
  /** What it is and what was done: `oneOf is not supported; rewritten as anyOf (…)`. */
  message: string;
  /**
   * `minor` for a value constraint left out (`uniqueItems`, `multipleOf`, an exclusive
   * bound): the shape the model sees is unchanged and validators still check the value;
   * `major` when the shape itself changes (`oneOf`, `allOf`, maps, tuples, recursion…).
   */
  impact: "major" | "minor";
}

/** Dropped value constraints: the shape of the arguments stays as described. */
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
  issues: GeminiSchemaIssue[];
}

/** Most schema nodes the inlining of `$ref`s may produce before it stops (and reports it). */
export const GEMINI_MAX_INLINED_NODES = 20_000;

type Schema = { [key: string]: JsonValue };

const COPIED: Record<string, "string" | "number" | "integer" | "boolean"> = {
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

const SILENT = new Set([
  "$schema",
  "$id",
  "$comment",
  "$defs",
  "definitions",
  "$anchor",
  "$dynamicAnchor",
  "$recursiveAnchor",
  "$vocabulary",
  "examples",
  "example",
  "deprecated",
  "readOnly",
  "writeOnly",
  "contentMediaType",
  "contentEncoding",
  // OpenAPI's, which validators ignore (SPEC_KEYWORD_IGNORED): leaving it out changes nothing.
  "nullable",
]);

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

const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

interface Context {
  root: JsonValue;
  issues: GeminiSchemaIssue[];
  seen: Set<string>;
  /** `$ref`s being inlined, to stop on cycles. */
  inlining: string[];
  /** Nodes produced so far, against {@link GEMINI_MAX_INLINED_NODES}. */
  nodes: number;
}

/**
 * Converts an input schema to Gemini's subset, with what could not be expressed. Never
 * mutates `schema`.
 */
export function toGeminiSchema(schema: JsonSchema): GeminiSchemaResult {
  const ctx: Context = { root: schema, issues: [], seen: new Set(), inlining: [], nodes: 0 };
  const converted = convert(schema, [], ctx);
  if (converted.type !== "object") {
    // Input schemas are objects (checked when specs are read); say so for Gemini too.
    return { schema: { type: "object", ...converted }, issues: ctx.issues };
  }
  return { schema: converted, issues: ctx.issues };
}

function isPlainObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isPrimitive(value: JsonValue): boolean {
  return value === null || typeof value !== "object";
}

function issue(ctx: Context, path: readonly string[], keyword: string, message: string): void {
  const pointer = jsonPointer([...path, keyword]);
  const key = `${pointer}\u0000${message}`;
  if (ctx.seen.has(key)) return;
  ctx.seen.add(key);
  ctx.issues.push({ pointer, keyword, message, impact: MINOR.has(keyword) ? "minor" : "major" });
}

function ofType(value: JsonValue, want: string): boolean {
  if (want === "string") return typeof value === "string";
  if (want === "integer") return Number.isInteger(value);
  if (want === "boolean") return typeof value === "boolean";
  return typeof value === "number";
}

/** Converts one subschema; `path` is where it is written in the input schema. */
function convert(node: JsonValue, path: readonly string[], ctx: Context): Schema {
  ctx.nodes++;
  if (node === true) return {};
  if (!isPlainObject(node)) {
    if (node === false)
      issue(
        ctx,
        path.slice(0, -1),
        path.at(-1) ?? "",
        "a false schema (no value allowed) is not supported; dropped (loosened: any value is accepted)",
      );
    return {};
  }
  // The node's own keywords go into `own`; what `$ref` and `allOf` bring is merged in once
  // they are all read, so no keyword's result depends on where it is written.
  const own: Schema = {};
  const parts: Array<{ keyword: string; schema: Schema }> = [];
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
    if (key === "$ref" || SILENT.has(key) || key.startsWith("x-")) continue;
    const at = [...path, key];
    if (Object.hasOwn(DROPPED, key)) {
      issue(ctx, path, key, DROPPED[key]!);
      continue;
    }
    if (key === "minimum" || key === "maximum") {
      if (typeof value === "number") tighten(own, key, value);
      continue;
    }
    if (Object.hasOwn(COPIED, key)) {
      if (ofType(value, COPIED[key]!)) own[key] = value;
      continue;
    }
    switch (key) {
      case "type":
        for (const [k, v] of Object.entries(convertType(value))) put(key, k, v);
        break;
      case "default":
        own.default = value;
        break;
      case "enum":
        if (Array.isArray(value) && value.every(isPrimitive)) intersectEnum(own, value);
        else issue(ctx, path, key, "enum values that are objects or arrays are not supported; dropped (loosened)");
        break;
      case "const":
        if (isPrimitive(value)) intersectEnum(own, [value]);
        else issue(ctx, path, key, "a const that is an object or array is not supported; dropped (loosened)");
        break;
      case "properties":
        if (isPlainObject(value))
          own.properties = Object.fromEntries(
            Object.entries(value).map(([name, sub]): [string, JsonValue] => [name, convert(sub, [...at, name], ctx)]),
          );
        break;
      case "required":
        if (Array.isArray(value)) own.required = value.filter((v) => typeof v === "string");
        break;
      case "additionalProperties":
        if (value === false) own.additionalProperties = false;
        else if (value !== true && !(isPlainObject(value) && Object.keys(value).length === 0))
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
        else own.items = convert(value, at, ctx);
        break;
      case "anyOf":
        if (Array.isArray(value))
          put(
            key,
            "anyOf",
            value.map((b, i) => convert(b, [...at, String(i)], ctx)),
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
          value.map((b, i) => convert(b, [...at, String(i)], ctx)),
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
        for (const [i, branch] of value.entries())
          parts.push({ keyword: key, schema: convert(branch, [...at, String(i)], ctx) });
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
function tighten(out: Schema, bound: "minimum" | "maximum", value: number): void {
  const current = out[bound];
  out[bound] =
    typeof current !== "number" ? value : bound === "minimum" ? Math.max(current, value) : Math.min(current, value);
}

/** `enum` as the values both allow (exact: a value must satisfy each of `enum` and `const`). */
function intersectEnum(out: Schema, values: JsonValue[]): void {
  const current = out.enum;
  out.enum = Array.isArray(current) ? current.filter((v) => values.some((w) => sameJson(v, w))) : values;
}

function sameJson(a: JsonValue, b: JsonValue): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k): [string, JsonValue] => [k, canonical(value[k]!)]),
  );
}

/** `type` in the subset: one type, `[T, "null"]`, or `anyOf` of one type each. */
function convertType(value: JsonValue): Schema {
  const types = (typeof value === "string" ? [value] : Array.isArray(value) ? value : []).filter(
    (t): t is string => typeof t === "string" && TYPES.has(t),
  );
  if (types.length === 0) return {};
  if (types.length === 1) return { type: types[0]! };
  const nonNull = types.filter((t) => t !== "null");
  if (nonNull.length === 1) return { type: [nonNull[0]!, "null"] };
  return { anyOf: types.map((t) => ({ type: t })) };
}

/** Inlines a local `$ref`; a cycle, or too much inlining, leaves an unconstrained schema. */
function convertRef(node: Schema, path: readonly string[], ctx: Context): Schema {
  const ref = node.$ref;
  if (typeof ref !== "string") return {};
  const target = resolvePointer(ctx.root, ref);
  if (target === undefined) {
    issue(ctx, path, "$ref", `$ref ${JSON.stringify(ref)} cannot be resolved; dropped (loosened)`);
    return {};
  }
  if (ctx.inlining.includes(ref)) {
    issue(
      ctx,
      path,
      "$ref",
      `recursive $ref ${JSON.stringify(ref)} cannot be inlined; dropped (loosened: any value is accepted from here)`,
    );
    return {};
  }
  if (ctx.nodes > GEMINI_MAX_INLINED_NODES) {
    issue(
      ctx,
      path,
      "$ref",
      `inlining $ref ${JSON.stringify(ref)} would exceed ${GEMINI_MAX_INLINED_NODES} schema nodes; dropped (loosened)`,
    );
    return {};
  }
  ctx.inlining.push(ref);
  try {
    return convert(target.value, target.path, ctx);
  } finally {
    ctx.inlining.pop();
  }
}

/** The value a local `$ref` (`#`, `#/…` JSON pointer) points at, with its key path. */
function resolvePointer(root: JsonValue, ref: string): { value: JsonValue; path: string[] } | undefined {
  if (ref !== "#" && !ref.startsWith("#/")) return undefined;
  let path: string[];
  try {
    path =
      ref === "#"
        ? []
        : ref
            .slice(2)
            .split("/")
            .map((s) => decodeURIComponent(s).replaceAll("~1", "/").replaceAll("~0", "~"));
  } catch {
    return undefined;
  }
  let value: JsonValue = root;
  for (const key of path) {
    if (Array.isArray(value) && /^(0|[1-9]\d*)$/.test(key) && Number(key) < value.length) value = value[Number(key)]!;
    else if (isPlainObject(value) && Object.hasOwn(value, key)) value = value[key]!;
    else return undefined;
  }
  return { value, path };
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
function merge(a: Schema, b: Schema, conflict: (detail: string) => void): Schema {
  const out: Schema = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (!Object.hasOwn(out, key)) {
      out[key] = value;
      continue;
    }
    const current = out[key]!;
    if (sameJson(current, value)) continue;
    if (key === "properties" && isPlainObject(current) && isPlainObject(value)) {
      const props: Schema = { ...current };
      for (const [name, sub] of Object.entries(value)) {
        const mine = props[name];
        props[name] =
          mine === undefined
            ? sub
            : isPlainObject(mine) && isPlainObject(sub)
              ? merge(mine, sub, (d) => conflict(`for property ${JSON.stringify(name)} ${d}`))
              : mine;
      }
      out.properties = props;
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
