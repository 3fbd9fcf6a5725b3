/**
 * Conversion of a tool's input schema to the form Anthropic's strict tool use accepts
 * (`strict: true` on a tool), or the reason it cannot be converted.
 *
 * Anthropic's strict mode (structured outputs) guarantees that the model's input validates
 * against the schema it is sent, for a subset of JSON Schema. This follows what the
 * `@anthropic-ai/sdk` does to a schema for structured outputs (`transformJSONSchema`):
 * - every object gets `additionalProperties: false` (and `properties`); `required` is kept
 *   as it is, so optional properties stay optional: a model leaves them out rather than
 *   sending `null` (unlike OpenAI's strict mode);
 * - `type` is left out beside `enum`/`const`, whose values say it;
 * - kept: `type`, `title`, `description`, `enum`, `const`, `properties`, `required`,
 *   `items`, `anyOf`, local `$ref`s and root `$defs`/`definitions`, `format` in
 *   {@link ANTHROPIC_STRICT_FORMATS}, `minItems` of 0 or 1;
 * - value constraints strict mode does not support (`minimum`, `maxLength`, `pattern`,
 *   `maxItems`, `uniqueItems`, `default`, `examples`, other formats…) are moved into the
 *   description as `{minimum: 1, maxLength: 80}`, so the model still reads them; the
 *   tool's validators check them on every call, as before.
 * - annotations of the document (`$schema`, root `$id`, `$comment`, `x-*`, `deprecated`,
 *   `readOnly`, `writeOnly`, `contentMediaType`, `contentEncoding`) are dropped.
 *
 * Refused (the tool is sent as it is, `strict: false`): a root that is not a plain
 * `type: "object"`, `allOf`, `oneOf`, `not`, `if`/`then`/`else`, `dependent*`,
 * `patternProperties` and the other structural keywords outside the subset, tuples,
 * `additionalProperties` other than `false`, free-form nested objects, recursive schemas,
 * non-local `$ref`s, enum or const values that are objects, schemas without a type,
 * `$ref`s whose inlining (for their siblings) would make the schema larger than
 * {@link MAX_INLINED_NODES}, and the per-request limits one tool alone would exceed
 * ({@link ANTHROPIC_STRICT_LIMITS}). Each refusal names the JSON pointer into the input
 * schema of where the part at fault is written and, when one keyword is at fault, that
 * keyword.
 * Root definitions that no `$ref` reaches are dropped first, so they cannot block a tool,
 * and a refused tool is sent without them too.
 *
 * The limits count across all strict tools of a request: {@link applyAnthropicStrictBudget}
 * decides which of a request's convertible tools stay strict.
 */
import type { JsonSchema, JsonValue } from "../ir/types.js";
import { pruneUnreachableDefs } from "../schema/prune-defs.js";
import { convertOrRefuse, refuse, refuseKeyword, type StrictRefusal } from "./transform/findings.js";
import {
  DOCUMENT_ANNOTATIONS,
  isExtensionKeyword,
  isPrimitive,
  isSchemaObject,
  JSON_SCHEMA_TYPES,
  type SchemaObject,
  typesOf,
} from "./transform/nodes.js";
import {
  findRecursiveRef,
  MAX_INLINED_NODES,
  RefInlining,
  refProblemMessage,
  refSiblings,
  resolveLocalRef,
} from "./transform/refs.js";
import { mapNamedSubschemas, mapSubschemaList, pointerTo } from "./transform/walk.js";

/**
 * Result of {@link toAnthropicStrictSchema}. When refused, `schema` is a copy of the input
 * with its unreachable root definitions dropped (nothing else changed), meant for
 * `strict: false`.
 */
export type AnthropicStrictResult =
  | {
      strict: true;
      schema: JsonSchema;
      /** What the tool uses of the per-request budgets ({@link ANTHROPIC_STRICT_LIMITS}). */
      usage: { optionalProperties: number; unionProperties: number };
    }
  | StrictRefusal;

/** `format` values strict mode accepts; others are moved into the description. */
export const ANTHROPIC_STRICT_FORMATS: ReadonlySet<string> = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "uri",
  "ipv4",
  "ipv6",
  "uuid",
]);

/**
 * Per-request limits of strict mode, as Anthropic documents them at the time of writing
 * (they are not in `@anthropic-ai/sdk`): they count across all strict tools of one request,
 * so a tool that alone exceeds one cannot be strict, and the generators keep tools strict
 * only while the running totals stay within them ({@link applyAnthropicStrictBudget}).
 */
export const ANTHROPIC_STRICT_LIMITS = {
  /** Tools with `strict: true` in one request. */
  maxStrictTools: 20,
  /** Optional properties across all strict tools of a request. */
  maxOptionalProperties: 24,
  /** Properties with a union type (`anyOf`, or several types) across all strict tools of a request. */
  maxUnionProperties: 16,
} as const;

/** Annotations left out (besides `x-*` and the root's `$id`). */
const DROPPED = DOCUMENT_ANNOTATIONS;

/** Keywords outside the subset that change which values are valid, with why. */
const REFUSED: Record<string, string> = {
  allOf: "allOf is not supported",
  oneOf: "oneOf is not supported (rewriting it to anyOf would accept values matching several branches)",
  not: "not is not supported",
  if: "if/then/else is not supported",
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, as data
  then: "if/then/else is not supported",
  else: "if/then/else is not supported",
  dependentRequired: "dependentRequired is not supported",
  dependentSchemas: "dependentSchemas is not supported",
  dependencies: "dependencies is not supported",
  patternProperties: "patternProperties is not supported",
  propertyNames: "propertyNames is not supported",
  unevaluatedProperties: "unevaluatedProperties is not supported",
  prefixItems: "prefixItems (tuples) is not supported",
  additionalItems: "additionalItems (tuples) is not supported",
  unevaluatedItems: "unevaluatedItems is not supported",
  contains: "contains is not supported",
  minContains: "minContains is not supported",
  maxContains: "maxContains is not supported",
  contentSchema: "contentSchema is not supported",
  $anchor: "$anchor is not supported",
  $dynamicRef: "$dynamicRef is not supported",
  $dynamicAnchor: "$dynamicAnchor is not supported",
  $recursiveRef: "$recursiveRef is not supported",
  $recursiveAnchor: "$recursiveAnchor is not supported",
  nullable: 'nullable is an OpenAPI keyword, not JSON Schema; use type: [T, "null"]',
};

interface Context {
  root: SchemaObject;
  optional: number;
  unions: number;
  /** Nodes produced, against {@link MAX_INLINED_NODES} (schemas are not recursive here: no cycles). */
  inlining: RefInlining;
}

/** How refusals name the `$ref`s strict mode can send. */
const SUPPORTED_REFS = "#, #/$defs/… or #/definitions/…";

/**
 * Converts an input schema to Anthropic's strict form, or explains why it cannot be. Never
 * mutates `schema`; both results hold fresh copies.
 */
export function toAnthropicStrictSchema(schema: JsonSchema): AnthropicStrictResult {
  // Read, never changed: every node of the result is made anew, and the arrays kept are copied.
  const pruned = pruneUnreachableDefs(schema).schema as SchemaObject;
  return convertOrRefuse(
    (): AnthropicStrictResult => {
      if (!isSchemaObject(pruned)) refuse("", "root schema must be an object");
      if (!Object.hasOwn(pruned, "type")) refuse("", 'root schema must have type: "object"', "type");
      if (pruned.type !== "object") refuse("/type", 'root schema must have type: "object"', "type");
      const recursion = findRecursiveRef(pruned);
      if (recursion)
        refuse(recursion.pointer, `recursive schemas are not supported (${recursion.ref} refers to itself)`, "$ref");
      const ctx: Context = { root: pruned, optional: 0, unions: 0, inlining: new RefInlining() };
      const converted = convert(pruned, "", ctx, true);
      const L = ANTHROPIC_STRICT_LIMITS;
      if (ctx.optional > L.maxOptionalProperties)
        refuse("", `${ctx.optional} optional properties exceed the limit of ${L.maxOptionalProperties} per request`);
      if (ctx.unions > L.maxUnionProperties)
        refuse("", `${ctx.unions} union-typed schemas exceed the limit of ${L.maxUnionProperties} per request`);
      return {
        strict: true,
        schema: converted,
        usage: { optionalProperties: ctx.optional, unionProperties: ctx.unions },
      };
    },
    () => structuredClone(pruneUnreachableDefs(schema).schema),
  );
}

/**
 * Converts one subschema written at `path` (read, never changed). `base` says where each of
 * its keywords is written, for the pointers of refusals: at `path`, except in a `$ref`'s
 * target merged with the `$ref`'s siblings, which are written beside the `$ref`.
 */
function convert(
  node: JsonValue,
  path: string,
  ctx: Context,
  isRoot = false,
  base: (key: string) => string = () => path,
): SchemaObject {
  ctx.inlining.countNode();
  if (!isSchemaObject(node)) refuse(path, "boolean or non-object schemas are not supported");
  if (Object.hasOwn(node, "$ref")) return convertRef(node, base, ctx);

  const out: SchemaObject = {};
  const moved: Array<[string, JsonValue]> = [];
  const hasLiterals = Object.hasOwn(node, "enum") || Object.hasOwn(node, "const");
  for (const [key, value] of Object.entries(node)) {
    const where = base(key);
    if (DROPPED.has(key) || isExtensionKeyword(key) || (isRoot && key === "$id")) continue;
    if (Object.hasOwn(REFUSED, key)) refuseKeyword(where, key, REFUSED[key]!);
    switch (key) {
      case "$id":
        refuseKeyword(where, key, "$id is only supported at the root");
        break;
      case "type": {
        const types = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
        if (types.length === 0 || types.some((t) => typeof t !== "string" || !JSON_SCHEMA_TYPES.has(t)))
          refuseKeyword(where, key, `unsupported type ${JSON.stringify(value)}`);
        if (!hasLiterals) out.type = Array.isArray(value) ? [...value] : value;
        break;
      }
      case "title":
      case "description":
        if (typeof value !== "string") refuseKeyword(where, key, `${key} must be a string`);
        out[key] = value;
        break;
      case "enum":
        if (!Array.isArray(value) || value.length === 0) refuseKeyword(where, key, "enum must be a non-empty array");
        if (!value.every(isPrimitive))
          refuseKeyword(where, key, "enum values must be strings, numbers, booleans or null");
        out.enum = [...value];
        break;
      case "const":
        if (!isPrimitive(value)) refuseKeyword(where, key, "const must be a string, number, boolean or null");
        out.const = value;
        break;
      case "properties": {
        if (!isSchemaObject(value)) refuseKeyword(where, key, "properties must be an object");
        out.properties = mapNamedSubschemas(value, pointerTo(where, key), (sub, subAt) => convert(sub, subAt, ctx));
        break;
      }
      case "required":
        if (!Array.isArray(value) || value.some((v) => typeof v !== "string"))
          refuseKeyword(where, key, "required must be an array of strings");
        out.required = [...value];
        break;
      case "additionalProperties":
        if (value !== false)
          refuseKeyword(
            where,
            key,
            "additionalProperties must be false or absent (maps with arbitrary keys are not supported)",
          );
        break;
      case "items":
        if (Array.isArray(value)) refuseKeyword(where, key, "tuple-form items is not supported");
        out.items = convert(value, pointerTo(where, key), ctx);
        break;
      case "anyOf":
        if (!Array.isArray(value) || value.length === 0) refuseKeyword(where, key, "anyOf must be a non-empty array");
        if (isRoot) refuseKeyword(where, key, "root schema must not be anyOf");
        out.anyOf = mapSubschemaList(value, pointerTo(where, key), (branch, branchAt) =>
          convert(branch, branchAt, ctx),
        );
        ctx.unions++;
        break;
      case "$defs":
      case "definitions":
        if (!isRoot) refuseKeyword(where, key, `${key} is only supported at the root`);
        if (!isSchemaObject(value)) refuseKeyword(where, key, `${key} must be an object`);
        out[key] = mapNamedSubschemas(value, pointerTo(where, key), (sub, subAt) => convert(sub, subAt, ctx));
        break;
      case "format":
        if (typeof value === "string" && ANTHROPIC_STRICT_FORMATS.has(value)) out.format = value;
        else moved.push([key, value]);
        break;
      case "minItems":
        if (value === 0 || value === 1) out.minItems = value;
        else moved.push([key, value]);
        break;
      default:
        // Value constraints and annotations outside the subset: told to the model in words.
        moved.push([key, value]);
    }
  }

  const types = typesOf(node);
  if (types.length === 0 && !hasLiterals && !Object.hasOwn(out, "anyOf"))
    refuse(path, "schema has no type (strict mode needs a type, enum, const, anyOf or $ref)", "type");
  if (types.length > 1 && !hasLiterals) {
    const structured = types.filter((t) => t === "object" || t === "array");
    if (structured.length > 0 && (types.length !== 2 || !types.includes("null")))
      refuseKeyword(
        base("type"),
        "type",
        `type union ${JSON.stringify(types)} mixing objects or arrays is not supported`,
      );
    ctx.unions++;
  }
  if (types.includes("object")) closeObject(node, out, path, base("required"), ctx, isRoot);
  if (moved.length > 0) {
    const note = `{${moved.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(", ")}}`;
    out.description = typeof out.description === "string" ? `${out.description}\n\n${note}` : note;
  }
  return reorder(out);
}

/**
 * Closes an object schema written at `path` (its `required` at `requiredAt`): `properties`
 * always, `additionalProperties: false`; counts optional properties.
 */
function closeObject(
  node: SchemaObject,
  out: SchemaObject,
  path: string,
  requiredAt: string,
  ctx: Context,
  isRoot: boolean,
): void {
  const props = isSchemaObject(out.properties) ? out.properties : {};
  const names = Object.keys(props);
  if (!isRoot && names.length === 0 && node.additionalProperties !== false)
    refuse(path, "free-form object (no properties) cannot be expressed in strict mode", "properties");
  const required = new Set((out.required as string[] | undefined) ?? []);
  for (const name of required)
    if (!names.includes(name))
      refuseKeyword(requiredAt, "required", `required property ${JSON.stringify(name)} is not in properties`);
  ctx.optional += names.filter((n) => !required.has(n)).length;
  out.properties = props;
  out.additionalProperties = false;
}

/** Keys in a stable, readable order: annotations first, then the keywords as the input had them. */
function reorder(out: SchemaObject): SchemaObject {
  const entries: Array<[string, JsonValue]> = [];
  for (const k of LEADING_KEYS) if (Object.hasOwn(out, k)) entries.push([k, out[k]!]);
  for (const k of Object.keys(out)) if (!LEADING_KEYS.includes(k)) entries.push([k, out[k]!]);
  return Object.fromEntries(entries);
}

/** The keys {@link reorder} puts first, in this order. */
const LEADING_KEYS: readonly string[] = ["type", "title", "description"];

/** Converts a subschema with a `$ref`; `base` says where each of its keywords is written. */
function convertRef(node: SchemaObject, base: (key: string) => string, ctx: Context): SchemaObject {
  const ref = node.$ref;
  const at = base("$ref");
  if (typeof ref !== "string") refuseKeyword(at, "$ref", "$ref must be a string");
  const target = resolveLocalRef(ctx.root, ref, "definitions");
  if (!target.ok) refuseKeyword(at, "$ref", refProblemMessage(target.problem, ref, SUPPORTED_REFS));
  const siblings = refSiblings(node, (key) => DROPPED.has(key) || isExtensionKeyword(key));
  if (siblings.length === 0) return { $ref: ref };
  // Siblings of $ref: inline the target (schemas are not recursive here) and let them apply too.
  if (!isSchemaObject(target.value)) refuseKeyword(at, "$ref", `$ref target ${ref} is not a schema object`);
  // A map, not an object: a sibling called `__proto__` is a keyword like any other.
  const merged = new Map(Object.entries(structuredClone(target.value)));
  for (const key of siblings) {
    if (merged.has(key) && key !== "description" && key !== "title")
      refuseKeyword(base(key), key, `${key} beside $ref conflicts with the target's ${key}`);
    merged.set(key, node[key]!);
  }
  merged.delete("$defs");
  merged.delete("definitions");
  if (ctx.inlining.exhausted)
    refuseKeyword(at, "$ref", `inlining $ref ${ref} would exceed ${MAX_INLINED_NODES} schema nodes`);
  // Refusals inside point at the definition, or beside the $ref for what its siblings bring.
  const brought = new Set(siblings);
  return ctx.inlining.inline(ref, () =>
    convert(Object.fromEntries(merged), target.pointer, ctx, false, (key) =>
      brought.has(key) ? base(key) : target.pointer,
    ),
  );
}

/** One tool's strict conversion, for {@link applyAnthropicStrictBudget}. */
export interface AnthropicBudgetItem {
  /** The key the tools are ordered by (sorted by code units), so the result does not depend on their order. */
  key: string;
  /** The tool's budget use when it converts to strict form; undefined when it does not. */
  usage: { optionalProperties: number; unionProperties: number } | undefined;
}

/**
 * Which tools of one request stay strict under Anthropic's per-request limits: in sorted
 * order of `key`, a convertible tool stays strict while the strict-tool count and the
 * running totals of optional and union-typed properties stay within
 * {@link ANTHROPIC_STRICT_LIMITS}; the others get the reason they were left out. Tools
 * without `usage` are passed over (they are not strict anyway).
 */
export function applyAnthropicStrictBudget(items: readonly AnthropicBudgetItem[]): Map<string, string | undefined> {
  const L = ANTHROPIC_STRICT_LIMITS;
  const result = new Map<string, string | undefined>();
  let tools = 0;
  let optional = 0;
  let unions = 0;
  const sorted = [...items].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const { key, usage } of sorted) {
    if (!usage) continue;
    let over: string | undefined;
    if (tools + 1 > L.maxStrictTools) over = `${L.maxStrictTools} strict tools`;
    else if (optional + usage.optionalProperties > L.maxOptionalProperties)
      over = `${L.maxOptionalProperties} optional properties across strict tools`;
    else if (unions + usage.unionProperties > L.maxUnionProperties)
      over = `${L.maxUnionProperties} union-typed properties across strict tools`;
    if (over !== undefined) {
      result.set(key, `over Anthropic's per-request strict budget (${over})`);
      continue;
    }
    tools++;
    optional += usage.optionalProperties;
    unions += usage.unionProperties;
    result.set(key, undefined);
  }
  return result;
}
