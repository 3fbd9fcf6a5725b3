/**
 * Maps the type strings people write in Markdown specs (`str`, `List[str]`,
 * `array[enum["a", "b"]]`, `` `int` or `None` ``, `dict[str, Any]`, …) to
 * JSON Schema (draft-07 compatible).
 *
 * A small tokenizer feeds a recursive-descent parser. The grammar is loose on
 * purpose: words that are not types are collected in `unknown` instead of
 * failing, so the caller can warn and still use whatever type was recognised.
 */
import type { JsonSchema, JsonValue } from "../../ir/types.js";

/** Result of {@link parseTypeString}. */
export interface TypeStringResult {
  schema: JsonSchema;
  /** Words that are not type names, in order of appearance, without duplicates. */
  unknown?: string[];
}

/**
 * Parses a human type string into JSON Schema. Never throws: unrecognised
 * names map to `{}` (no constraint) and are listed in `unknown`.
 *
 * Supported: scalars (`string`/`str`, `int`, `float`, `bool`, …), `any`,
 * `null`/`None`, containers (`list[T]`, `List[T]`, `Array<T>`, `T[]`,
 * `list of T`, `set[T]`, `tuple[A, B]`, `dict[str, T]`, `Mapping`,
 * `Record<K, V>`), enums (`enum["a", "b"]`, `enum[a, b]`, `Literal[...]`,
 * `"a" | "b"`), unions (`A | B`, `A or B`, `A/B`, `Union[A, B]`, escaped
 * `\|` from tables), nullability (`Optional[T]`, `T | None`, `T?`), formats
 * (`datetime`, `date`, `uuid`, `url`, `email`), `path` → string, and numeric
 * bounds written after the type (`int > 0`, `float >= 0.5`).
 */
export function parseTypeString(text: string): TypeStringResult {
  try {
    const parser = new Parser(tokenize(text));
    const schema = parser.parseTop();
    return parser.unknown.length > 0 ? { schema, unknown: parser.unknown } : { schema };
  } catch {
    // Only reachable on pathological input (e.g. stack exhaustion).
    const trimmed = text.trim().slice(0, 200);
    return trimmed ? { schema: {}, unknown: [trimmed] } : { schema: {} };
  }
}

// ---------------------------------------------------------------- tokenizer

type Token =
  | { kind: "ident"; text: string }
  | { kind: "string"; text: string; value: string }
  | { kind: "number"; text: string; value: number }
  | { kind: "punct"; text: string }
  | { kind: "ellipsis"; text: string }
  | { kind: "eof"; text: "" };

const PUNCT2 = [">=", "<=", "=>", "->"];
const PUNCT1 = "[]<>(),|?=/:{};!";

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    // Markdown decoration (backticks, emphasis, table-pipe escapes) carries no type.
    if (/\s/.test(ch) || ch === "`" || ch === "*" || ch === "\\") {
      i++;
      continue;
    }
    if (src.startsWith("...", i)) {
      out.push({ kind: "ellipsis", text: "..." });
      i += 3;
      continue;
    }
    if (ch === "…") {
      out.push({ kind: "ellipsis", text: "…" });
      i++;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === "“" || ch === "‘") {
      const close = ch === "“" ? "”" : ch === "‘" ? "’" : ch;
      let j = i + 1;
      let value = "";
      while (j < src.length && src[j] !== close) {
        if (src[j] === "\\" && j + 1 < src.length) j++;
        value += src[j];
        j++;
      }
      out.push({ kind: "string", text: src.slice(i, j + 1), value });
      i = j + 1;
      continue;
    }
    const num = /^[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?/.exec(src.slice(i));
    if (num && (/\d/.test(ch) || !/[A-Za-z_]/.test(src[i - 1] ?? ""))) {
      out.push({ kind: "number", text: num[0], value: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_]*(?:[.-][A-Za-z0-9_]+)*/.exec(src.slice(i));
    if (ident) {
      out.push({ kind: "ident", text: ident[0] });
      i += ident[0].length;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (PUNCT2.includes(two)) {
      out.push({ kind: "punct", text: two });
      i += 2;
      continue;
    }
    if (PUNCT1.includes(ch)) {
      out.push({ kind: "punct", text: ch });
    }
    // Any other character (#, ~, @, …) is noise in a type string.
    i++;
  }
  out.push({ kind: "eof", text: "" });
  return out;
}

// ------------------------------------------------------------------ names

type Named =
  | { kind: "scalar"; schema: JsonSchema }
  | { kind: "any" }
  | { kind: "array"; unique?: boolean }
  | { kind: "tuple" }
  | { kind: "object" }
  | { kind: "enum" }
  | { kind: "optional" }
  | { kind: "union" };

// No prototype: looking up a word such as "constructor" must not find Object's.
const NAMES: Record<string, Named> = Object.create(null) as Record<string, Named>;
function define(names: string[], named: Named): void {
  for (const n of names) NAMES[n] = named;
}
define(["string", "str", "text", "unicode", "char", "bytes", "bytearray"], {
  kind: "scalar",
  schema: { type: "string" },
});
define(["path", "filepath", "pathlike", "purepath", "dirpath", "filename"], {
  kind: "scalar",
  schema: { type: "string" },
});
define(["integer", "int", "long", "int32", "int64", "uint", "uint32", "uint64"], {
  kind: "scalar",
  schema: { type: "integer" },
});
define(["number", "float", "double", "decimal", "numeric", "real", "float32", "float64"], {
  kind: "scalar",
  schema: { type: "number" },
});
define(["boolean", "bool"], { kind: "scalar", schema: { type: "boolean" } });
define(["null", "none", "nonetype", "nil", "void"], { kind: "scalar", schema: { type: "null" } });
define(["datetime", "date-time", "timestamp"], { kind: "scalar", schema: { type: "string", format: "date-time" } });
define(["date"], { kind: "scalar", schema: { type: "string", format: "date" } });
define(["time"], { kind: "scalar", schema: { type: "string", format: "time" } });
define(["uuid"], { kind: "scalar", schema: { type: "string", format: "uuid" } });
define(["url", "uri"], { kind: "scalar", schema: { type: "string", format: "uri" } });
define(["email"], { kind: "scalar", schema: { type: "string", format: "email" } });
define(["any", "unknown", "mixed", "json", "anything", "jsonvalue"], { kind: "any" });
define(["array", "list", "sequence", "iterable", "collection"], { kind: "array" });
define(["set", "frozenset"], { kind: "array", unique: true });
define(["tuple"], { kind: "tuple" });
define(["object", "dict", "map", "mapping", "record", "hash", "hashmap", "struct", "jsonobject"], { kind: "object" });
define(["enum", "literal"], { kind: "enum" });
define(["optional"], { kind: "optional" });
define(["union"], { kind: "union" });

/** Looks a word up, tolerating module prefixes (`typing.List`) and plurals (`strings`). */
function lookup(word: string): Named | undefined {
  const lower = word.toLowerCase();
  const candidates = [lower];
  const lastDot = lower.lastIndexOf(".");
  if (lastDot >= 0) candidates.push(lower.slice(lastDot + 1));
  for (const c of [...candidates]) if (c.endsWith("s") && c.length > 3) candidates.push(c.slice(0, -1));
  for (const c of candidates) {
    const hit = NAMES[c];
    if (hit) return hit;
  }
  return undefined;
}

// ----------------------------------------------------------------- parser

const MAX_DEPTH = 64;
const CLOSERS: Record<string, string> = { "[": "]", "<": ">", "(": ")" };

class Parser {
  readonly unknown: string[] = [];
  private pos = 0;
  private depth = 0;

  constructor(private readonly toks: Token[]) {}

  /** A whole type string: one type expression, then trailing words/bounds. */
  parseTop(): JsonSchema {
    // Leading punctuation that cannot start a type (stray `]`, `:`, `,`) is noise.
    while (this.peek().kind === "punct" && !["(", "["].includes(this.peek().text)) this.next();
    let schema = this.parseUnion();
    // Trailing matter: bounds like `> 0`, defaults like `= 5`, or prose.
    while (this.peek().kind !== "eof") {
      const t = this.next();
      if (t.kind === "punct" && [">", ">=", "<", "<="].includes(t.text) && this.peek().kind === "number") {
        schema = withBound(schema, t.text, (this.next() as { value: number }).value);
      } else if (t.kind === "punct" && t.text === "=") {
        // `int = 5`: a default, not part of the type.
        if (this.peek().kind !== "eof") this.next();
      } else if (t.kind === "ident" && !isConnective(t.text)) {
        this.addUnknown(t.text);
      } else if (t.kind === "string") {
        this.addUnknown(t.text);
      }
    }
    return schema;
  }

  /** `A | B`, `A or B`, `A / B`. */
  private parseUnion(): JsonSchema {
    const branches = [this.parsePostfix()];
    for (;;) {
      const t = this.peek();
      const isOp =
        (t.kind === "punct" && (t.text === "|" || t.text === "/")) ||
        (t.kind === "ident" && t.text.toLowerCase() === "or");
      if (!isOp) break;
      this.next();
      // `str || None`: a doubled bar is one (no type syntax gives `||` another meaning).
      while (t.text === "|" && this.peek().kind === "punct" && this.peek().text === "|") this.next();
      if (this.atTypeEnd()) break; // dangling operator
      branches.push(this.parsePostfix());
    }
    return union(branches);
  }

  /** `T[]` (repeatable) and `T?`. */
  private parsePostfix(): JsonSchema {
    let schema = this.parsePrimary();
    for (;;) {
      const t = this.peek();
      if (t.kind === "punct" && t.text === "[" && this.peek(1).text === "]") {
        this.pos += 2;
        schema = arrayOf(schema);
      } else if (t.kind === "punct" && t.text === "?") {
        this.next();
        schema = union([schema, { type: "null" }]);
      } else {
        return schema;
      }
    }
  }

  private parsePrimary(): JsonSchema {
    if (++this.depth > MAX_DEPTH) throw new Error("type string nested too deeply");
    try {
      return this.parsePrimaryInner();
    } finally {
      this.depth--;
    }
  }

  private parsePrimaryInner(): JsonSchema {
    const t = this.peek();
    if (t.kind === "string") {
      this.next();
      return enumOf([t.value]);
    }
    if (t.kind === "number") {
      this.next();
      return enumOf([t.value]);
    }
    if (t.kind === "punct" && (t.text === "(" || t.text === "[")) {
      // `(A, B)` / `[A, B]` tuple displays, `[T]` list-of, `(A | B)` grouping.
      this.next();
      const args = this.parseArgs(CLOSERS[t.text]).filter((a) => a !== ELLIPSIS);
      if (t.text === "(") return args.length === 0 ? {} : args.length === 1 ? args[0] : tupleOf(args);
      if (args.length === 0) return { type: "array" };
      return args.length === 1 ? arrayOf(args[0]) : tupleOf(args);
    }
    if (t.kind !== "ident") return {}; // nothing where a type should be
    this.next();

    const named = lookup(t.text);
    const open = this.peek();
    const hasArgs = open.kind === "punct" && (open.text === "[" || open.text === "<");
    const hasOf = !hasArgs && this.peek().kind === "ident" && this.peek().text.toLowerCase() === "of";

    if (!named) {
      if (hasArgs) {
        this.next();
        this.parseArgs(CLOSERS[open.text]);
        this.addUnknown(t.text);
        return {};
      }
      // `positive int`, `non-empty string`: a qualifier in front of a type.
      if (this.startsType()) {
        this.addUnknown(t.text);
        return this.parsePrimary();
      }
      this.addUnknown(t.text);
      return {};
    }

    switch (named.kind) {
      case "scalar":
        return { ...named.schema };
      case "any":
        return {};
      case "enum": {
        if (!hasArgs) return {};
        this.next();
        return enumOf(this.parseLiterals(CLOSERS[open.text]));
      }
      case "optional": {
        // Bare "optional" means "not required", which is not a type.
        if (!hasArgs) {
          this.addUnknown(t.text);
          return this.startsType() ? this.parsePrimary() : {};
        }
        this.next();
        const args = this.parseArgs(CLOSERS[open.text]);
        return union([union(args.length ? args : [{}]), { type: "null" }]);
      }
      case "union": {
        if (!hasArgs) {
          this.addUnknown(t.text);
          return {};
        }
        this.next();
        const args = this.parseArgs(CLOSERS[open.text]);
        return args.length ? union(args) : {};
      }
      case "array": {
        let item: JsonSchema = {};
        if (hasArgs) {
          this.next();
          const args = this.parseArgs(CLOSERS[open.text]).filter((a) => a !== ELLIPSIS);
          item = args.length ? union(args) : {};
        } else if (hasOf) {
          this.next();
          item = this.parsePostfix();
        }
        const schema = arrayOf(item);
        if (named.unique) schema.uniqueItems = true;
        return schema;
      }
      case "tuple": {
        if (!hasArgs) return { type: "array" };
        this.next();
        const args = this.parseArgs(CLOSERS[open.text]);
        // `tuple[int, ...]` is Python's variable-length homogeneous tuple.
        if (args.length === 2 && args[1] === ELLIPSIS) return arrayOf(args[0]);
        return tupleOf(args.filter((a) => a !== ELLIPSIS));
      }
      case "object": {
        let value: JsonSchema = {};
        if (hasArgs) {
          this.next();
          const args = this.parseArgs(CLOSERS[open.text]).filter((a) => a !== ELLIPSIS);
          // `dict[K, V]`: JSON keys are always strings, so only V matters.
          value = args.length >= 2 ? args[args.length - 1] : args.length === 1 ? args[0] : {};
        } else if (hasOf) {
          this.next();
          value = this.parsePostfix();
        }
        const schema: JsonSchema = { type: "object" };
        if (Object.keys(value).length > 0) schema.additionalProperties = value;
        return schema;
      }
    }
  }

  /** Comma-separated type arguments up to `closer` (consumed). `...` yields ELLIPSIS. */
  private parseArgs(closer: string): JsonSchema[] {
    const args: JsonSchema[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === "eof") return args;
      if (t.kind === "punct" && t.text === closer) {
        this.next();
        return args;
      }
      if (t.kind === "punct" && (t.text === "," || t.text === ";")) {
        this.next();
        continue;
      }
      if (t.kind === "ellipsis") {
        this.next();
        args.push(ELLIPSIS);
        continue;
      }
      const before = this.pos;
      args.push(this.parseUnion());
      if (this.pos === before) {
        // A token that cannot start a type (e.g. a stray `>`): skip it.
        const skipped = this.next();
        if (skipped.kind === "ident") this.addUnknown(skipped.text);
        args.pop();
      }
    }
  }

  /** Enum members up to `closer`: quoted strings, numbers, bare words, True/False/None. */
  private parseLiterals(closer: string): JsonValue[] {
    const values: JsonValue[] = [];
    for (;;) {
      const t = this.next();
      if (t.kind === "eof" || (t.kind === "punct" && t.text === closer)) return values;
      if (t.kind === "string" || t.kind === "number") values.push(t.value);
      else if (t.kind === "ident") {
        const lower = t.text.toLowerCase();
        values.push(
          lower === "true" ? true : lower === "false" ? false : lower === "none" || lower === "null" ? null : t.text,
        );
      } else if (t.kind === "punct" && CLOSERS[t.text]) {
        // Nested brackets inside an enum are not meaningful; skip them whole.
        this.parseLiterals(CLOSERS[t.text]);
      }
    }
  }

  private startsType(): boolean {
    const t = this.peek();
    if (t.kind === "ident") return !isConnective(t.text);
    return t.kind === "string";
  }

  private atTypeEnd(): boolean {
    const t = this.peek();
    return t.kind === "eof" || (t.kind === "punct" && [",", "]", ">", ")"].includes(t.text));
  }

  private peek(ahead = 0): Token {
    return this.toks[Math.min(this.pos + ahead, this.toks.length - 1)];
  }

  private next(): Token {
    const t = this.peek();
    if (this.pos < this.toks.length - 1) this.pos++;
    return t;
  }

  addUnknown(word: string): void {
    if (!this.unknown.includes(word)) this.unknown.push(word);
  }
}

// Words that join types rather than name one.
function isConnective(word: string): boolean {
  return ["or", "of", "and"].includes(word.toLowerCase());
}

// Marker for `...` in argument lists; compared by identity.
const ELLIPSIS: JsonSchema = Object.freeze({}) as JsonSchema;

// ------------------------------------------------------- schema builders

function arrayOf(item: JsonSchema): JsonSchema {
  return isEmpty(item) ? { type: "array" } : { type: "array", items: item };
}

/** draft-07 tuple form (no prefixItems) so every validator understands it. */
function tupleOf(items: JsonSchema[]): JsonSchema {
  if (items.length === 0) return { type: "array", maxItems: 0 };
  return { type: "array", items, minItems: items.length, maxItems: items.length };
}

function enumOf(values: JsonValue[]): JsonSchema {
  if (values.length === 0) return {};
  const kinds = [...new Set(values.map(jsonKind))];
  const schema: JsonSchema = {};
  if (kinds.length === 1) schema.type = kinds[0];
  else if (kinds.every((k) => k !== "object" && k !== "array")) schema.type = kinds;
  schema.enum = dedupe(values);
  return schema;
}

function jsonKind(v: JsonValue): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v === "object" ? "object" : typeof v;
}

/**
 * Combines alternatives. Plain `{type}` schemas merge into a type list (the
 * compact nullable form `{type: ["string", "null"]}`), enums of one type merge
 * their members, anything else becomes `anyOf`.
 */
function union(branches: JsonSchema[]): JsonSchema {
  const flat: JsonSchema[] = [];
  for (const b of branches) {
    if (b === ELLIPSIS) continue;
    if (Object.keys(b).length === 1 && Array.isArray(b.anyOf)) flat.push(...(b.anyOf as JsonSchema[]));
    else flat.push(b);
  }
  if (flat.length === 0) return {};
  if (flat.some(isEmpty)) return {}; // `Any | X` accepts everything
  if (flat.length === 1) return flat[0];

  if (flat.every(isTypeOnly)) {
    const types = dedupe(flat.flatMap((b) => (Array.isArray(b.type) ? b.type : [b.type]))) as string[];
    return { type: types.length === 1 ? types[0] : types };
  }
  if (flat.every(isEnumOnly)) {
    const first = JSON.stringify(flat[0].type);
    if (flat.every((b) => JSON.stringify(b.type) === first)) {
      return { ...flat[0], enum: dedupe(flat.flatMap((b) => b.enum as JsonValue[])) };
    }
  }
  const seen = new Set<string>();
  const anyOf: JsonSchema[] = [];
  for (const b of flat) {
    const key = JSON.stringify(b);
    if (!seen.has(key)) {
      seen.add(key);
      anyOf.push(b);
    }
  }
  return anyOf.length === 1 ? anyOf[0] : { anyOf };
}

function isEmpty(s: JsonSchema): boolean {
  return Object.keys(s).length === 0;
}

function isTypeOnly(s: JsonSchema): boolean {
  const keys = Object.keys(s);
  return keys.length === 1 && keys[0] === "type";
}

function isEnumOnly(s: JsonSchema): boolean {
  return Array.isArray(s.enum) && Object.keys(s).every((k) => k === "type" || k === "enum");
}

function dedupe(values: JsonValue[]): JsonValue[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Applies `> n` style bounds to numeric schemas; other schemas are left alone. */
function withBound(schema: JsonSchema, op: string, n: number): JsonSchema {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.includes("integer") && !types.includes("number")) return schema;
  const key = { ">": "exclusiveMinimum", ">=": "minimum", "<": "exclusiveMaximum", "<=": "maximum" }[op];
  return key ? { ...schema, [key]: n } : schema;
}

/** Every type word the reader knows (`string`, `int`, `list`, `dict`…), for "did you mean" hints. */
export function knownTypeWords(): string[] {
  return Object.keys(NAMES);
}
