/**
 * Finds default values stated in prose ("(default: `\".\"`)", "Defaults to
 * 10", "Default: `false`.") or in a table's Default cell, and turns the
 * written text into a typed JSON value for the parameter's schema.
 */
import type { JsonSchema, JsonValue } from "../../ir/types.js";
import { parseLenientJson } from "./lenient-json.js";

/** Result of {@link extractDefault}. */
export interface ExtractedDefault {
  /** True when the text states a default. */
  found: boolean;
  /** The default as written, without surrounding backticks (quotes are kept). */
  raw?: string;
  /** The typed default, when `parsed`. */
  value?: JsonValue;
  /** True when `raw` could be turned into a JSON value (see {@link coerceDefault}). */
  parsed: boolean;
  /** True when the text says the field is required, false when it says optional. */
  required?: boolean;
}

/** Result of {@link coerceDefault}. */
export interface CoercedDefault {
  value?: JsonValue;
  parsed: boolean;
}

/** Result of {@link interpretDefaultCell}. */
export interface DefaultCell {
  /** True for `required` / a dash (no default), false for `optional`. */
  required?: boolean;
  /** The typed default, when one was stated and could be parsed. */
  default?: JsonValue;
  /** The default as written, when the cell states one. */
  raw?: string;
  /** Whether `raw` could be turned into a JSON value. */
  parsed?: boolean;
}

/**
 * Finds a default stated in free text (a parameter description, a bullet's
 * parenthetical, a Default cell). Recognised: `default: X`, `default = X`,
 * `default is X`, `defaults to X`, `(default X)`, `, default X`, with X a code
 * span, quoted string, JSON/Python literal, number or words up to the end of
 * the clause. "by default" and "a default model" are not defaults.
 *
 * `schema`, when given, types the value (see {@link coerceDefault}). Also
 * reports `required: true` for "(required)" / a leading "Required", and
 * `required: false` for "(optional…)" / a leading "Optional".
 */
export function extractDefault(text: string, schema?: JsonSchema): ExtractedDefault {
  const required = requiredHint(text);
  const result: ExtractedDefault = { found: false, parsed: false };
  const raw = findDefaultText(text);
  if (raw !== undefined) {
    const coerced = coerceDefault(raw, schema);
    result.found = true;
    result.raw = raw;
    result.parsed = coerced.parsed;
    if (coerced.parsed) result.value = coerced.value;
  }
  if (required !== undefined) result.required = required;
  return result;
}

/**
 * Interprets a table's Default cell. A dash (`-`, `—`, `--`) means "no
 * default" and is reported as `required: true`, as is `required` in any
 * decoration; `optional` gives `required: false`. Callers that also have a
 * Required column should let that column win. Anything else is a default
 * value, typed with `schema` when given.
 */
export function interpretDefaultCell(cell: string, schema?: JsonSchema): DefaultCell {
  const c = cell.trim();
  if (c === "") return {};
  const plain = c.replace(/[*`_]/g, "").trim().toLowerCase();
  if (/^[-–—]+$/.test(plain)) return { required: true };
  if (/^\(?required\)?\.?$/.test(plain)) return { required: true };
  if (/^\(?optional\)?\.?$/.test(plain)) return { required: false };
  if (/^\(?(?:n\/a|no default|not set|unset)\)?$/.test(plain) || plain === "(none)") return {};

  // A cell holding a sentence ("Auto (default: 5)") or a bare value ("`5`").
  const stated = findDefaultText(c);
  const raw = stated ?? stripCode(c);
  const coerced = coerceDefault(raw, schema);
  const out: DefaultCell = { raw, parsed: coerced.parsed };
  if (coerced.parsed) out.default = coerced.value;
  const required = requiredHint(c);
  if (required !== undefined && !coerced.parsed) out.required = required;
  return out;
}

/**
 * Turns a written default into a JSON value for `schema`:
 * - numbers (`5`, `0.7`, `1_000`), JSON and Python literals (`null`/`None`,
 *   `true`/`True`, `false`/`False`), quoted strings (`"."`, `'auto'`);
 * - JSON arrays/objects and Python lists/dicts/tuples (`[]`, `{'a': 1}`,
 *   `("a", "b")`, `dict()`);
 * - "empty", "empty string/list/dict", typed by the schema;
 * - for a string schema, an unquoted single word (`auto`, `./out`), and
 *   numbers / booleans as their text; for a boolean schema, yes/no/on/off;
 * - a word that is a member of the schema's `enum`, as that member.
 *
 * Surrounding backticks and a final sentence period are ignored. Returns
 * `parsed: false` for prose ("current directory") and for values whose JSON
 * type the schema does not allow; `null` is always accepted, as Python's
 * `None` is the usual way to say "unset" (the caller widens the type with
 * {@link withNull}). Only `None` as Python writes it, `null` (any case) and `nil`
 * are the null value: a lowercase `none` means "no default" and is not parsed,
 * unless it is a member of the schema's `enum`.
 */
export function coerceDefault(raw: string, schema?: JsonSchema): CoercedDefault {
  let s = stripCode(raw.trim());
  if (s.length > 1 && s.endsWith(".") && !s.endsWith("..")) s = s.slice(0, -1).trimEnd();
  if (s === "") return { parsed: false };
  const types = schemaTypes(schema);
  const stringOnly = types.size > 0 && [...types].every((t) => t === "string" || t === "null");

  const value = coerceUntyped(s, schema, types, stringOnly);
  if (value === undefined) return { parsed: false };
  if (!fitsTypes(value, types)) return { parsed: false };
  return { value, parsed: true };
}

/**
 * The schema widened to also accept `null`, for a field whose default is `null` ("default
 * None", a `= None` signature, a Default cell `null`): `{type: "string"}` becomes
 * `{type: ["string", "null"]}`, an enum gets a `null` member, an `anyOf`/`oneOf` a
 * `{type: "null"}` branch, and anything else (`const`, `$ref`, `allOf`) is wrapped in
 * `anyOf: [schema, {type: "null"}]` with its annotations kept outside. A schema that
 * already accepts `null` (or accepts anything) is returned as is.
 */
export function withNull(schema: JsonSchema): JsonSchema {
  if (acceptsNull(schema)) return schema;
  const out: JsonSchema = { ...schema };
  const t = schema.type;
  const enumMembers = Array.isArray(schema.enum) ? schema.enum : undefined;
  if (typeof t === "string" || Array.isArray(t)) {
    if ("const" in schema) return wrapNull(schema);
    out.type = [...(Array.isArray(t) ? t : [t]), "null"];
    if (enumMembers) out.enum = [...enumMembers, null];
    return out;
  }
  if (enumMembers && !("const" in schema)) {
    out.enum = [...enumMembers, null];
    return out;
  }
  for (const key of ["anyOf", "oneOf"]) {
    const branches = schema[key];
    if (Array.isArray(branches) && !("const" in schema)) {
      out[key] = [...branches, { type: "null" }];
      return out;
    }
  }
  return wrapNull(schema);
}

const ANNOTATIONS = ["title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly"];

function wrapNull(schema: JsonSchema): JsonSchema {
  const inner: JsonSchema = {};
  const outer: JsonSchema = {};
  for (const [k, v] of Object.entries(schema)) (ANNOTATIONS.includes(k) ? outer : inner)[k] = v;
  return { anyOf: [inner, { type: "null" }], ...outer };
}

/** True when `null` validates against the schema as far as its type keywords tell. */
function acceptsNull(schema: JsonValue): boolean {
  if (schema === true) return true;
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return false;
  const t = schema.type;
  if (t !== undefined) {
    const types = Array.isArray(t) ? t : [t];
    if (!types.includes("null")) return false;
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) return false;
  if ("const" in schema && schema.const !== null) return false;
  for (const key of ["anyOf", "oneOf"]) {
    const branches = schema[key];
    if (Array.isArray(branches) && !branches.some(acceptsNull)) return false;
  }
  if (Array.isArray(schema.allOf) && !schema.allOf.every(acceptsNull)) return false;
  // `$ref` and `not` cannot be judged here: assume they do not accept null.
  return !("$ref" in schema) && !("not" in schema);
}

// ------------------------------------------------------------ internals

const NUMBER_RE = /^[-+]?(?:\d[\d_]*(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const CONDITIONAL = "if|when|for|unless|only|in|by|to|with|on|after|before";

function coerceUntyped(
  s: string,
  schema: JsonSchema | undefined,
  types: Set<string>,
  stringOnly: boolean,
): JsonValue | undefined {
  const lower = s.toLowerCase();

  // A member of the schema's enum wins over keyword readings (`none` in ["none", "low"]).
  const members = schema?.enum;
  if (Array.isArray(members) && members.includes(s)) return s;

  const quoted = readQuoted(s);
  if (quoted !== undefined) return quoted;

  // The null value: `null` in any case, `nil`, and Python's `None` as Python spells it. A
  // lowercase `none` ("Default: none") is prose for "no default", not a value: it is kept as
  // text (a member of the field's enum was taken above).
  if (lower === "null" || s === "None" || lower === "nil") return null;
  if (lower === "none") return undefined;
  if (lower === "true" || lower === "false") return stringOnly ? s : lower === "true";
  if (types.has("boolean") && !types.has("string")) {
    if (["yes", "on", "enabled"].includes(lower)) return true;
    if (["no", "off", "disabled"].includes(lower)) return false;
  }

  if (NUMBER_RE.test(s)) {
    if (stringOnly) return s;
    const n = Number(s.replace(/_/g, ""));
    return Number.isFinite(n) ? n : undefined;
  }

  const collection = readCollection(s);
  if (collection !== undefined) return collection;

  const empty = /^empty(?:\s+(string|str|text|list|array|dict|dictionary|object|map|mapping))?$/.exec(lower);
  if (empty) {
    const kind = empty[1];
    if (kind === undefined) {
      if (types.has("string")) return "";
      if (types.has("array")) return [];
      if (types.has("object")) return {};
      return undefined;
    }
    if (["string", "str", "text"].includes(kind)) return "";
    if (["list", "array"].includes(kind)) return [];
    return {};
  }

  // An unquoted single word is a string only where the schema says so.
  if (types.has("string") && !/\s/.test(s) && !/^["'[{(]/.test(s)) return s;
  return undefined;
}

/** A whole quoted string (double, single or curly quotes), unescaped. */
function readQuoted(s: string): string | undefined {
  if (s.length < 2) return undefined;
  const open = s[0];
  const close = { '"': '"', "'": "'", "“": "”", "‘": "’" }[open];
  if (close === undefined || !s.endsWith(close)) return undefined;
  const body = s.slice(1, -1);
  // The same quote unescaped inside means two strings, not one (`"a" or "b"`).
  if (new RegExp(`(^|[^\\\\])${escapeRe(close)}`).test(body)) return undefined;
  const parsed = parseLenientJson(open === "“" || open === "‘" ? `"${body.replace(/"/g, '\\"')}"` : s);
  const v = parsed.values[0];
  return parsed.problems.length === 0 && parsed.values.length === 1 && typeof v.value === "string"
    ? v.value
    : undefined;
}

/** JSON / Python arrays, objects and tuples, and Python's empty constructors. */
function readCollection(s: string): JsonValue | undefined {
  const ctor = /^(list|tuple|set|frozenset|dict)\(\s*\)$/.exec(s);
  if (ctor) return ctor[1] === "dict" ? {} : [];
  let text = s;
  // Python tuples need a comma (or nothing) inside; "(none)" is prose.
  if (/^\((?:\s*|[\s\S]*,[\s\S]*)\)$/.test(s)) text = `[${s.slice(1, -1)}]`;
  if (!/^[[{]/.test(text)) return undefined;
  const parsed = parseLenientJson(text);
  if (parsed.problems.length > 0 || parsed.values.length !== 1) return undefined;
  const v = parsed.values[0];
  // `[...]` or `["<path>"]` is an illustration, not a usable default.
  if (v.elided || v.placeholder) return undefined;
  return v.value;
}

/** Finds the written default in free text, or undefined when none is stated. */
function findDefaultText(text: string): string | undefined {
  const re = /\bdefault(s|ed)?\b/gi;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const before = text
      .slice(0, m.index)
      .replace(/[*_]+$/, "")
      .trimEnd();
    const prevChar = before.slice(-1);
    if (/\bby$/i.test(before)) continue; // "by default"
    let i = m.index + m[0].length;
    i = skipMatch(text, i, /^[*_]*/); // "**Default**: 5"
    const sep = /^\s*(?:value\s*)?(?::|=|\bis\b|\bto\b)\s*/i.exec(text.slice(i));
    let literalOnly = false;
    if (sep && (sep[0].includes(":") || sep[0].includes("=") || /\b(?:is|to)\b/i.test(sep[0]))) {
      i += sep[0].length;
    } else if (prevChar === "(" || prevChar === "," || prevChar === ";") {
      // "(default 5)", "(int, optional, default `1`)"
    } else if (prevChar === "" || prevChar === ".") {
      literalOnly = true; // "Default `5`" at a sentence start, but not "Default settings apply"
    } else {
      continue;
    }
    const raw = readDefaultValue(text, skipMatch(text, i, /^\s*/), literalOnly);
    if (raw !== undefined && raw !== "") return raw;
  }
  return undefined;
}

/** Reads the value after "default:", returning the text as written (code spans unwrapped). */
function readDefaultValue(text: string, i: number, literalOnly: boolean): string | undefined {
  const ch = text[i];
  if (ch === undefined) return undefined;
  if (ch === "`") {
    const ticks = /^`+/.exec(text.slice(i))![0];
    const end = text.indexOf(ticks, i + ticks.length);
    if (end < 0) return undefined;
    return text.slice(i + ticks.length, end).trim();
  }
  if (ch === '"' || ch === "'" || ch === "“" || ch === "‘") {
    const close = { '"': '"', "'": "'", "“": "”", "‘": "’" }[ch]!;
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === "\\") j++;
      else if (text[j] === close) return text.slice(i, j + 1);
    }
    return undefined;
  }
  if (ch === "[" || ch === "{") {
    const end = balancedEnd(text, i);
    return end < 0 ? undefined : text.slice(i, end);
  }
  // Plain words: up to the end of the clause. A parenthesis after a space
  // starts a remark ("5 (max 10)"); one inside a word is part of it ("dict()").
  let j = i;
  for (; j < text.length; j++) {
    const c = text[j];
    if (c === ")" || c === "," || c === ";" || c === "\n" || c === "|") break;
    if (c === "(" && j > i && /\s/.test(text[j - 1])) break;
    if (c === "(") {
      const close = text.indexOf(")", j);
      if (close > 0) j = close;
      continue;
    }
    // A period or colon that ends a clause, not one inside `0.5` or `http://`.
    if ((c === "." || c === ":") && (j + 1 >= text.length || /\s/.test(text[j + 1]))) break;
    if (/\s/.test(c) && /^\s+[—–-]\s/.test(text.slice(j))) break; // " — note"
  }
  const raw = text
    .slice(i, j)
    .replace(/[*_]+$/, "")
    .trim();
  if (literalOnly && !/^(?:[-+]?\.?\d|(?:true|false|none|null)$)/i.test(raw)) return undefined;
  return raw;
}

function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let j = start; j < text.length; j++) {
    const c = text[j];
    if (quote) {
      if (c === "\\") j++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "[" || c === "{") depth++;
    else if (c === "]" || c === "}") {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  return -1;
}

/**
 * "(required)" / "(string, required)" / a leading "Required" → true;
 * "(optional…)" / "(int, optional, default 5)" / a leading "Optional" → false.
 * "required for `push`" is conditional and says nothing.
 */
function requiredHint(text: string): boolean | undefined {
  const leading = (word: string): RegExp => new RegExp(`^[\\s*_(\\[]*${word}\\b(?![\\s*_]+(?:${CONDITIONAL})\\b)`, "i");
  const groups = parenGroups(text);
  const marker = (word: string): boolean => groups.some((parts) => parts.has(word));
  if (marker("required") || leading("required").test(text)) return true;
  if (marker("optional") || leading("optional").test(text)) return false;
  return undefined;
}

/**
 * The parts of each innermost parenthesis group of a text ("(string, required)" gives
 * `string`, `required`), split at commas and semicolons, trimmed, emphasis (`**`, `_`) and
 * case taken off. A linear scan, each group read once: the former regex
 * `\(\s*(?:[^()]*?[,;]\s*)?required…\)` backtracked quadratically on long runs of spaces.
 */
function parenGroups(text: string): Array<Set<string>> {
  const out: Array<Set<string>> = [];
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40)
      open = i; // (
    else if (c === 41 && open >= 0) {
      // )
      const parts = text
        .slice(open + 1, i)
        .split(/[,;]/)
        .map((p) => /^[*_]{0,2}([^*_]*)[*_]{0,2}$/.exec(p.trim())?.[1]?.toLowerCase() ?? "");
      out.push(new Set(parts));
      open = -1;
    }
  }
  return out;
}

/** Unwraps one code span or emphasis around the whole text: `` `x` ``, `**x**`. */
function stripCode(s: string): string {
  let t = s.trim();
  for (;;) {
    const m = wrapping(t);
    // `a`, `b` is two spans, not one.
    if (!m || m[1].trim() === "" || m[1].includes(m[0])) return t;
    t = m[1].trim();
  }
}

/**
 * `[marker, inner]` when `t` starts and ends with the same run of backticks (the longest run both
 * ends share, at most half of `t`), `**`, `*` or `__`. A linear scan that returns exactly the
 * captures of the former regex `^(`+|\*\*|\*|__)([\s\S]*)\1$`, whose back-reference over a run of
 * backticks backtracked cubically.
 */
export function wrapping(t: string): [string, string] | undefined {
  const n = t.length;
  const wrap = (marker: string): [string, string] | undefined =>
    2 * marker.length <= n && t.startsWith(marker) && t.endsWith(marker)
      ? [marker, t.slice(marker.length, n - marker.length)]
      : undefined;
  if (t[0] === "`") {
    let lead = 0;
    while (lead < n && t[lead] === "`") lead++;
    let trail = 0;
    while (trail < n && t[n - 1 - trail] === "`") trail++;
    const run = Math.min(lead, trail, Math.floor(n / 2));
    return run > 0 ? wrap("`".repeat(run)) : undefined;
  }
  return wrap("**") ?? wrap("*") ?? wrap("__");
}

/** The JSON types a schema allows, from `type`, `anyOf`/`oneOf` and `enum`. Empty = unknown. */
function schemaTypes(schema: JsonSchema | undefined): Set<string> {
  const out = new Set<string>();
  if (!schema) return out;
  const t = schema.type;
  if (typeof t === "string") out.add(t);
  else if (Array.isArray(t)) for (const x of t) if (typeof x === "string") out.add(x);
  for (const key of ["anyOf", "oneOf"]) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (const b of branches) {
      if (b && typeof b === "object" && !Array.isArray(b)) {
        const inner = schemaTypes(b);
        if (inner.size === 0) return new Set(); // an unconstrained branch allows anything
        for (const x of inner) out.add(x);
      }
    }
  }
  if (out.size === 0 && Array.isArray(schema.enum)) {
    for (const v of schema.enum)
      out.add(v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "object" ? "object" : typeof v);
  }
  return out;
}

function fitsTypes(value: JsonValue, types: Set<string>): boolean {
  if (types.size === 0 || value === null) return true;
  if (typeof value === "number") return types.has("number") || (types.has("integer") && Number.isInteger(value));
  if (typeof value === "string") return types.has("string");
  if (typeof value === "boolean") return types.has("boolean");
  if (Array.isArray(value)) return types.has("array");
  return types.has("object");
}

function skipMatch(text: string, i: number, re: RegExp): number {
  const m = re.exec(text.slice(i));
  return m ? i + m[0].length : i;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
