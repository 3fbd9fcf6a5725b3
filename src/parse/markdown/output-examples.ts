import type { JsonSchema, JsonValue } from "../../ir/types.js";
import { parseTypeString } from "../primitives/type-string.js";
import { suggestTypo } from "../primitives/type-suggestions.js";

// An output schema from example values (`#### Response`, `**Returns**:` followed by JSON,
// `**Output**: \`{…}\``). An example shows one value a tool may return, so the schema read
// from it is loose on purpose: every field is optional, objects stay open, a number is a
// `number` (an example `5` does not say `5.5` is refused, and `0.0` parses as `0`), `null`
// constrains nothing, and a type placeholder such as `<int>` or `<dict|null>` gives its type.

/** A value written as a type in angle brackets (`<int>`, `<string>`, `<dict|null>`, `<any>`); the inside is trimmed before {@link TYPE_WORDS}. */
const TYPE_PLACEHOLDER = /^<([^<>]*)>$/;
/** What may be inside such a placeholder: type words, `|`, brackets and commas. */
const TYPE_WORDS = /^[A-Za-z][\w |[\],]*$/;

/** Keys that stand for any key (`"<name>"`, `"[id]"`, `"..."`): the object keeps other keys open instead. */
const PLACEHOLDER_KEY = /^(<[^<>]*>|\[[^\]]*\]|\{[^}]*\}|\.\.\.|…)$/;

/**
 * The schema an example value shows: its JSON types, objects with their keys as optional
 * properties, arrays with the merged schema of their items; `{}` (no constraint) for `null`
 * and `<any>`.
 */
export function schemaFromExample(value: JsonValue): JsonSchema {
  if (value === null) return {};
  if (typeof value === "boolean") return { type: "boolean" };
  if (typeof value === "number") return { type: "number" };
  if (typeof value === "string") return stringSchema(value);
  if (Array.isArray(value)) {
    const items = value
      .map(schemaFromExample)
      .reduce<JsonSchema | undefined>((acc, s) => (acc ? mergeExampleSchemas(acc, s) : s), undefined);
    return items && Object.keys(items).length ? { type: "array", items } : { type: "array" };
  }
  const properties: Record<string, JsonSchema> = {};
  for (const [key, v] of Object.entries(value)) {
    if (PLACEHOLDER_KEY.test(key.trim())) continue;
    Object.defineProperty(properties, key, {
      value: schemaFromExample(v),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return Object.keys(properties).length ? { type: "object", properties } : { type: "object" };
}

function stringSchema(value: string): JsonSchema {
  const inner = TYPE_PLACEHOLDER.exec(value.trim())?.[1]?.trim();
  if (inner && TYPE_WORDS.test(inner)) {
    const { schema, unknown } = parseTypeString(inner);
    // `<name>` or `<sat|unsat>` is a string stand-in, not a type.
    if (!unknown?.length) return schema as JsonSchema;
  }
  return { type: "string" };
}

/**
 * Type placeholders of an example that look like misspelled types: one word that is no type
 * but is within two edits of one (`<strng>`), or two types run together (`<dictnull>`, a
 * `|` lost). Each with the type meant. Read as strings otherwise, so worth a warning.
 */
export function misspelledPlaceholders(value: JsonValue): Array<{ word: string; near: string }> {
  const out: Array<{ word: string; near: string }> = [];
  const visit = (v: JsonValue) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === "object") Object.values(v).forEach(visit);
    else if (typeof v === "string") {
      const word = TYPE_PLACEHOLDER.exec(v.trim())?.[1]?.trim();
      if (!word || !/^[A-Za-z]+$/.test(word) || !parseTypeString(word).unknown?.length) return;
      const near = suggestTypo(word) ?? runTogether(word);
      if (near) out.push({ word, near });
    }
  };
  visit(value);
  return out;
}

/** `dictnull` → `dict|null`: two known type words written without the `|` between them. */
function runTogether(word: string): string | undefined {
  for (let i = 3; i <= word.length - 3; i++) {
    const a = word.slice(0, i);
    const b = word.slice(i);
    if (!parseTypeString(a).unknown?.length && !parseTypeString(b).unknown?.length) return `${a}|${b}`;
  }
  return undefined;
}

/**
 * Two example schemas for one place (items of one array, one field in two examples): the
 * keys of both, each optional; types joined. A field that one example leaves unconstrained
 * (`null`) stays unconstrained, and one with two different structured types too.
 */
export function mergeExampleSchemas(a: JsonSchema, b: JsonSchema): JsonSchema {
  if (!Object.keys(a).length || !Object.keys(b).length) return {};
  if (JSON.stringify(a) === JSON.stringify(b)) return a;
  const ta = typesOf(a);
  const tb = typesOf(b);
  if (ta.length === 1 && tb.length === 1 && ta[0] === tb[0]) {
    if (ta[0] === "object") return mergeObjects(a, b);
    if (ta[0] === "array") {
      const ia = a.items as JsonSchema | undefined;
      const ib = b.items as JsonSchema | undefined;
      // An array without `items` (empty, or of mixed items) constrains no item: neither does the merge.
      const items = ia && ib ? mergeExampleSchemas(ia, ib) : undefined;
      return items && Object.keys(items).length ? { type: "array", items } : { type: "array" };
    }
    return { type: ta[0]! };
  }
  const all = [...new Set([...ta, ...tb])];
  if (!all.length || all.some((t) => t === "object" || t === "array")) return {};
  // `integer` (from a placeholder) and `number` together are numbers.
  const types = all.includes("number") ? all.filter((t) => t !== "integer") : all;
  return { type: types.length === 1 ? types[0]! : types.sort() };
}

function mergeObjects(a: JsonSchema, b: JsonSchema): JsonSchema {
  const pa = (a.properties ?? {}) as Record<string, JsonSchema>;
  const pb = (b.properties ?? {}) as Record<string, JsonSchema>;
  const properties: Record<string, JsonSchema> = {};
  for (const key of [...Object.keys(pa), ...Object.keys(pb).filter((k) => !Object.hasOwn(pa, k))]) {
    const value =
      Object.hasOwn(pa, key) && Object.hasOwn(pb, key)
        ? mergeExampleSchemas(pa[key]!, pb[key]!)
        : (Object.hasOwn(pa, key) ? pa[key] : pb[key])!;
    Object.defineProperty(properties, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return Object.keys(properties).length ? { type: "object", properties } : { type: "object" };
}

function typesOf(s: JsonSchema): string[] {
  if (typeof s.type === "string") return [s.type];
  if (Array.isArray(s.type)) return s.type.map(String);
  return [];
}
