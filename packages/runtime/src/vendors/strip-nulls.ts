/**
 * The way back from a strict-mode call: removes the `null`s that stand for "not given".
 *
 * OpenAI's strict mode (and Anthropic's strict tool use) make every optional property
 * required and nullable, so a model that leaves a property out sends `null` for it. The
 * tool's validators check the original schema, which usually rejects that `null`. Here the
 * original schema decides which nulls go: a property's `null` is removed when the property
 * is optional (in no applicable `required`) and its original schema does not accept `null`.
 * A null the original schema accepts is kept, even when it may have meant "not given":
 * both readings are valid arguments, and only the kept one can be the model's intent
 * when the null was deliberate.
 *
 * The walk follows the value through `properties`, `items`/`prefixItems`, local `$ref`s
 * and `allOf`; at an `anyOf`/`oneOf` it takes the branch the value belongs to (type,
 * `const`/`enum` and, since a strict-form object carries all its properties, the key
 * set), and when several fit, the one under which the stripped value is valid (they may
 * differ by `pattern`, `minimum`…), then the one under which the fewest nulls are removed.
 * Work is bounded: results are memoized per value and schema, nesting is capped, and a
 * walk that takes too many steps ends with a ValidationError — arguments come from a model.
 */
import { ValidationError } from "../errors.js";
import { jsonEqual } from "../json-equal.js";
import type { JsonSchemaObject } from "../types.js";
import { compileSchema, verdictOf, type ValidateFunction } from "../validation.js";

type Schema = { readonly [key: string]: unknown };

/** Deepest nesting of arguments walked (deeper: a ValidationError, never a stack overflow). */
const MAX_DEPTH = 256;
/** Most schema/value steps one call may take: model-written arguments must not stall the server. */
const MAX_STEPS = 1_000_000;

/**
 * One walk's state. Results are memoized per (value object, schema object): without that,
 * `anyOf` branches that each recurse (a tree of `Node = anyOf[…Node…]`) would be tried
 * again at every level, exponentially in the depth.
 */
class Walk {
  readonly fitsMemo = new WeakMap<object, Map<unknown, boolean>>();
  readonly stripMemo = new WeakMap<object, Map<unknown, Stripped>>();
  readonly validators = new Map<unknown, ValidateFunction | null>();
  steps = 0;
  constructor(readonly root: Schema) {}

  step(): void {
    if (++this.steps > MAX_STEPS)
      throw new ValidationError(
        "The arguments are too large or too ambiguous under the tool's schema to map back (too many steps)",
      );
  }

  /** A validator of `branch` with the root's definitions, or null when it cannot be compiled. */
  validatorOf(branch: unknown): ValidateFunction | null {
    let validate = this.validators.get(branch);
    if (validate !== undefined) return validate;
    try {
      const defs: Record<string, unknown> = {};
      for (const key of ["$defs", "definitions"]) if (this.root[key] !== undefined) defs[key] = this.root[key];
      validate = compileSchema({ ...defs, ...(branch as Record<string, unknown>) } as JsonSchemaObject);
    } catch {
      validate = null;
    }
    this.validators.set(branch, validate);
    return validate;
  }
}

interface Stripped {
  value: unknown;
  /** How many nulls were removed below this value (to compare `anyOf` branches). */
  removed: number;
}

/**
 * Removes the nulls a strict-mode schema introduced for omitted optional properties:
 * an optional property whose value is `null` while its original schema does not accept
 * `null` is dropped, recursively through properties, array items, local `$ref`s, `allOf`
 * and the `anyOf`/`oneOf` branch the value belongs to. A null the original schema allows
 * is never removed, nor a null of a required property or of a key the schema does not
 * declare.
 *
 * Returns a copy; `args` is never mutated.
 *
 * @param args the arguments of a strict-mode call (every object carrying all its properties).
 * @param inputSchema the tool's original input schema (the one its validators check).
 */
export function stripStrictNulls(
  args: Record<string, unknown>,
  inputSchema: JsonSchemaObject,
): Record<string, unknown> {
  const root = inputSchema as Schema;
  return strip(args, [root], new Walk(root), new Set(), 0).value as Record<string, unknown>;
}

/**
 * Strips `value` against the conjunction of `schemas` (all apply to it). `seen` holds the
 * `$ref`s already followed at this value, so reference cycles that consume no input end.
 */
function strip(value: unknown, schemas: readonly unknown[], walk: Walk, seen: Set<string>, depth: number): Stripped {
  if (depth > MAX_DEPTH) throw new ValidationError(`The arguments are nested deeper than ${MAX_DEPTH} levels`);
  walk.step();
  // One schema object over an object value: the memoized case every recursion goes through.
  const memoKey = schemas.length === 1 && seen.size === 0 && isObjectLike(value) ? schemas[0] : undefined;
  if (memoKey !== undefined) {
    const hit = walk.stripMemo.get(value as object)?.get(memoKey);
    if (hit !== undefined) return hit;
  }
  const conjuncts: Schema[] = [];
  const choices: unknown[][] = [];
  flatten(schemas, walk.root, seen, conjuncts, choices);
  const result = stripFlat(value, conjuncts, choices, walk, seen, depth);
  if (memoKey !== undefined) {
    let byValue = walk.stripMemo.get(value as object);
    if (byValue === undefined) walk.stripMemo.set(value as object, (byValue = new Map()));
    byValue.set(memoKey, result);
  }
  return result;
}

/** {@link strip} once the schemas are flattened: resolves the choices, then walks the value. */
function stripFlat(
  value: unknown,
  conjuncts: readonly Schema[],
  choices: readonly unknown[][],
  walk: Walk,
  seen: Set<string>,
  depth: number,
): Stripped {
  if (choices.length > 0) {
    const [branches, ...rest] = choices;
    const candidates: Array<{ branch: unknown; stripped: Stripped }> = [];
    for (const branch of branches) {
      if (!fits(value, branch, walk, new Set(seen))) continue;
      let stripped: Stripped;
      if (conjuncts.length === 0 && rest.length === 0) {
        stripped = strip(value, [branch], walk, seen.size === 0 ? seen : new Set(seen), depth);
      } else {
        const moreConjuncts = [...conjuncts];
        const moreChoices = [...rest];
        const branchSeen = new Set(seen);
        flatten([branch], walk.root, branchSeen, moreConjuncts, moreChoices);
        stripped = stripFlat(value, moreConjuncts, moreChoices, walk, branchSeen, depth);
      }
      candidates.push({ branch, stripped });
    }
    // No branch fits: the value is not what the schema describes; the rest still applies.
    if (candidates.length === 0) return stripFlat(value, conjuncts, rest, walk, seen, depth);
    return chooseBranch(candidates, walk).stripped;
  }

  if (Array.isArray(value)) return stripArray(value, conjuncts, walk, depth);
  if (!isPlainObject(value)) return { value, removed: 0 };

  let removed = 0;
  const entries: Array<[string, unknown]> = [];
  for (const [key, item] of Object.entries(value)) {
    const applicable: unknown[] = [];
    let required = false;
    for (const schema of conjuncts) {
      const props = schema.properties;
      if (isPlainObject(props) && Object.hasOwn(props, key)) applicable.push(props[key]);
      if (Array.isArray(schema.required) && schema.required.includes(key)) required = true;
    }
    if (item === null && !required && applicable.some((s) => rejectsNull(s, walk.root, new Set()))) {
      removed++;
      continue;
    }
    if (applicable.length === 0) {
      entries.push([key, copy(item, depth + 1)]);
      continue;
    }
    const inner = strip(item, applicable, walk, new Set(), depth + 1);
    removed += inner.removed;
    entries.push([key, inner.value]);
  }
  // Entries, not assignments: a `__proto__` key must stay an own property.
  return { value: Object.fromEntries(entries), removed };
}

/**
 * Of the branches a value fits, the one it belongs to: when several fit (they may differ
 * only by constraints `fits` does not check, such as `pattern` or `minimum`), the first
 * under which the stripped value is valid, then the fewest nulls removed.
 */
function chooseBranch(
  candidates: ReadonlyArray<{ branch: unknown; stripped: Stripped }>,
  walk: Walk,
): { branch: unknown; stripped: Stripped } {
  if (candidates.length === 1) return candidates[0];
  let best: { branch: unknown; stripped: Stripped; valid: boolean } | undefined;
  for (const candidate of candidates) {
    const validate = walk.validatorOf(candidate.branch);
    let valid: boolean;
    try {
      valid = validate === null || verdictOf(validate(candidate.stripped.value));
    } catch {
      // A schema whose references loop without consuming input overflows the validator.
      valid = false;
    }
    if (
      best === undefined ||
      (valid && !best.valid) ||
      (valid === best.valid && candidate.stripped.removed < best.stripped.removed)
    ) {
      best = { ...candidate, valid };
    }
  }
  return best as { branch: unknown; stripped: Stripped };
}

function stripArray(value: readonly unknown[], conjuncts: readonly Schema[], walk: Walk, depth: number): Stripped {
  let removed = 0;
  const out = value.map((item, i) => {
    const applicable: unknown[] = [];
    for (const schema of conjuncts) {
      const prefix = schema.prefixItems;
      if (Array.isArray(prefix)) {
        if (i < prefix.length) applicable.push(prefix[i]);
        else if (schema.items !== undefined) applicable.push(schema.items);
      } else if (Array.isArray(schema.items)) {
        // Draft-07 tuple form: `items` per position, then `additionalItems`.
        if (i < schema.items.length) applicable.push(schema.items[i]);
        else if (schema.additionalItems !== undefined) applicable.push(schema.additionalItems);
      } else if (schema.items !== undefined) {
        applicable.push(schema.items);
      }
    }
    if (applicable.length === 0) return copy(item, depth + 1);
    const inner = strip(item, applicable, walk, new Set(), depth + 1);
    removed += inner.removed;
    return inner.value;
  });
  return { value: out, removed };
}

/**
 * Collects the schema objects that apply to the same value: `$ref` targets and `allOf`
 * members are added to `conjuncts`, each `anyOf`/`oneOf` becomes a choice.
 */
function flatten(
  schemas: readonly unknown[],
  root: Schema,
  seen: Set<string>,
  conjuncts: Schema[],
  choices: unknown[][],
): void {
  for (const schema of schemas) {
    if (!isPlainObject(schema)) continue;
    conjuncts.push(schema);
    if (typeof schema.$ref === "string" && !seen.has(schema.$ref)) {
      seen.add(schema.$ref);
      const target = resolveRef(schema.$ref, root);
      if (target !== undefined) flatten([target], root, seen, conjuncts, choices);
    }
    if (Array.isArray(schema.allOf)) flatten(schema.allOf, root, seen, conjuncts, choices);
    if (Array.isArray(schema.anyOf)) choices.push(schema.anyOf);
    if (Array.isArray(schema.oneOf)) choices.push(schema.oneOf);
  }
}

/**
 * True when `schema` certainly rejects `null`. False means "may accept it": unknown
 * references, `not`, `if`… are not analysed, so a null under them is kept.
 */
function rejectsNull(schema: unknown, root: Schema, seen: Set<string>): boolean {
  if (schema === false) return true;
  if (!isPlainObject(schema)) return false;
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.includes("null")) return true;
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) return true;
  if (Object.hasOwn(schema, "const") && schema.const !== null) return true;
  if (Array.isArray(schema.allOf) && schema.allOf.some((s) => rejectsNull(s, root, new Set(seen)))) return true;
  for (const key of ["anyOf", "oneOf"]) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0 && branches.every((s) => rejectsNull(s, root, new Set(seen)))) {
      return true;
    }
  }
  if (typeof schema.$ref === "string" && !seen.has(schema.$ref)) {
    seen.add(schema.$ref);
    const target = resolveRef(schema.$ref, root);
    if (target !== undefined && rejectsNull(target, root, seen)) return true;
  }
  return false;
}

/**
 * Whether `value` (a strict-form value: optional properties may be `null`) can belong to
 * `schema`. Checks types, `const`/`enum`, required and declared keys, recursively; ignores
 * string, number and size constraints. Used only to pick `anyOf`/`oneOf` branches, so it
 * errs towards "fits": every branch the value is valid under fits.
 */
function fits(value: unknown, schema: unknown, walk: Walk, seen: Set<string>): boolean {
  if (typeof schema === "boolean") return schema;
  if (!isPlainObject(schema)) return true;
  walk.step();
  const memo = seen.size === 0 && isObjectLike(value);
  if (memo) {
    const hit = walk.fitsMemo.get(value as object)?.get(schema);
    if (hit !== undefined) return hit;
  }
  const result = fitsUncached(value, schema, walk, seen);
  if (memo) {
    let byValue = walk.fitsMemo.get(value as object);
    if (byValue === undefined) walk.fitsMemo.set(value as object, (byValue = new Map()));
    byValue.set(schema, result);
  }
  return result;
}

function fitsUncached(value: unknown, schema: Schema, walk: Walk, seen: Set<string>): boolean {
  const root = walk.root;
  if (typeof schema.$ref === "string" && !seen.has(schema.$ref)) {
    seen.add(schema.$ref);
    const target = resolveRef(schema.$ref, root);
    if (target !== undefined && !fits(value, target, walk, seen)) return false;
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => hasType(value, t))) return false;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((v) => jsonEqual(v, value))) return false;
  if (Object.hasOwn(schema, "const") && !jsonEqual(schema.const, value)) return false;
  if (Array.isArray(schema.allOf) && !schema.allOf.every((s) => fits(value, s, walk, new Set(seen)))) return false;
  for (const key of ["anyOf", "oneOf"]) {
    const branches = schema[key];
    if (Array.isArray(branches) && !branches.some((s) => fits(value, s, walk, new Set(seen)))) return false;
  }
  if (isPlainObject(value)) return objectFits(value, schema, walk);
  if (Array.isArray(value) && schema.items !== undefined && !Array.isArray(schema.items)) {
    return value.every((item) => fits(item, schema.items, walk, new Set()));
  }
  return true;
}

function objectFits(value: Record<string, unknown>, schema: Schema, walk: Walk): boolean {
  const props = isPlainObject(schema.properties) ? schema.properties : undefined;
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const name of required) if (!Object.hasOwn(value, name)) return false;
  if (props === undefined) return true;
  const extra = schema.additionalProperties;
  // A strict-form object is closed: a key the branch does not declare rules it out,
  // unless the branch says what undeclared keys may hold.
  const closed = extra === undefined ? schema.patternProperties === undefined : extra === false;
  for (const [key, item] of Object.entries(value)) {
    if (Object.hasOwn(props, key)) {
      if (item === null && !required.includes(key)) continue;
      if (!fits(item, props[key], walk, new Set())) return false;
    } else if (closed) {
      return false;
    } else if (isPlainObject(extra) && !fits(item, extra, walk, new Set())) {
      return false;
    }
  }
  return true;
}

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "boolean":
      return typeof value === "boolean";
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      return Number.isInteger(value);
    case "array":
      return Array.isArray(value);
    case "object":
      return isPlainObject(value);
    default:
      return true;
  }
}

/** Resolves a local reference (`#`, `#/…` JSON pointer, percent-escaped); `undefined` otherwise. */
function resolveRef(ref: string, root: Schema): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let tokens: string[];
  try {
    tokens = decodeURIComponent(ref.slice(2))
      .split("/")
      .map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"));
  } catch {
    return undefined;
  }
  let node: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(token)) node = node[Number(token)];
    else if (isPlainObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

/**
 * A deep copy of JSON data (other values are kept as they are). Internal to the runtime.
 * @throws ValidationError past {@link MAX_DEPTH} levels (never a stack overflow).
 */
export function copy(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw new ValidationError(`The arguments are nested deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) return value.map((item) => copy(item, depth + 1));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v, depth + 1)]));
}

function isObjectLike(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
