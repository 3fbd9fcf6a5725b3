/**
 * Helpers for emitting TypeScript safely: spec text only ever lands inside a JSDoc comment
 * (with `*\/` neutralised) or a JSON-quoted string literal.
 */

/** Text that can sit anywhere inside a block comment: `*\/` can never end the comment. */
export function commentText(text: string): string {
  return text.replace(/\*\//g, "*\\/");
}

/** A JSDoc block for `text`, indented by `indent`. */
export function docComment(text: string, indent = ""): string {
  const lines = commentText(text)
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.trimEnd());
  if (lines.length === 1) return `${indent}/** ${lines[0]} */`;
  return [`${indent}/**`, ...lines.map((l) => (l ? `${indent} * ${l}` : `${indent} *`)), `${indent} */`].join("\n");
}

/** A string literal for any text (JSON quoting is valid TypeScript). */
export function stringLiteral(text: string): string {
  const json = JSON.stringify(text);
  // JSON leaves the line and paragraph separators as they are; older JavaScript ends a string at them.
  return LINE_SEPARATOR.test(json)
    ? json.replace(LINE_SEPARATORS, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"))
    : json;
}

const LINE_SEPARATOR = /[\u2028\u2029]/;
const LINE_SEPARATORS = /[\u2028\u2029]/g;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A readable TypeScript literal for JSON data, its nested lines indented from `indent`. Keys
 * are quoted only when needed, and a key named `__proto__` is written as a computed key so it
 * stays an own property instead of setting the object's prototype.
 */
export function tsLiteral(value: unknown, indent = ""): string {
  const text = literalText(value, indent);
  // Concatenation leaves a tree of the pieces (a rope), larger than the text and kept as
  // long as the text is: reading a character makes V8 store it flat, once.
  text.charCodeAt(0);
  return text;
}

/**
 * What writeLiteral writes, made in one recursive pass of string concatenation: no sink,
 * no list of parts, no entry pairs (it runs over every tool's schemas several times a build).
 */
function literalText(value: unknown, indent: string): string {
  if (value === null || typeof value !== "object") return primitive(value) ?? "";
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const flat = flatPrimitives(value);
    if (flat !== undefined) return flat;
    let text = "[\n";
    for (const v of value) text += `${inner}${literalText(v, inner)},\n`;
    return `${text}${indent}]`;
  }
  const object = value as { [key: string]: unknown };
  const keys = Object.keys(object);
  if (keys.length === 0) return "{}";
  let text = "{\n";
  for (const k of keys) text += `${inner}${literalKey(k)}: ${literalText(object[k], inner)},\n`;
  return `${text}${indent}}`;
}

/** An array of primitives written on one line, when it has only primitives and fits in 80 characters. */
function flatPrimitives(value: readonly unknown[]): string | undefined {
  let text = "[";
  for (let i = 0; i < value.length; i++) {
    const v = value[i];
    if (v !== null && typeof v === "object") return undefined;
    text += i ? `, ${primitive(v) ?? ""}` : (primitive(v) ?? "");
    if (text.length > 79) return undefined;
  }
  return `${text}]`;
}

/** An object literal key: bare when an identifier, computed for `__proto__`, else a string literal. */
function literalKey(k: string): string {
  return k === "__proto__" ? `["__proto__"]` : IDENTIFIER.test(k) ? k : stringLiteral(k);
}

/** `tsLiteral` for `value` sitting `depth` levels of objects and arrays below the root. */
export function tsLiteralAt(value: unknown, depth: number): string {
  return tsLiteral(value, "  ".repeat(depth));
}

function primitive(value: unknown): string {
  return typeof value === "string" ? stringLiteral(value) : JSON.stringify(value);
}

/** Where `writeLiteral` puts text, in order. */
export interface TextSink {
  add(text: string): unknown;
  /** Adds text made already (a fragment) as a part of its own; `add` when absent. */
  keep?(text: string): unknown;
}

/**
 * Writes `tsLiteral(value, indent)` into `out` a part at a time. `made` gives the text made
 * already for a value at an indentation (a fragment: see `tsLiteralDocument`), or undefined
 * to have it written here.
 */
export function writeLiteral(
  out: TextSink,
  value: unknown,
  indent: string,
  made?: (value: unknown, indent: string) => string | undefined,
): void {
  const text = made?.(value, indent);
  if (text !== undefined) {
    if (out.keep) out.keep(text);
    else out.add(text);
  } else if (value === null || typeof value !== "object") out.add(primitive(value));
  else writeContainer(out, value, indent, made);
}

function writeContainer(
  out: TextSink,
  value: object,
  indent: string,
  made: ((value: unknown, indent: string) => string | undefined) | undefined,
): void {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return void out.add("[]");
    const flat = flatPrimitives(value);
    if (flat !== undefined) return void out.add(flat);
    out.add("[\n");
    for (const v of value) {
      out.add(inner);
      writeLiteral(out, v, inner, made);
      out.add(",\n");
    }
    out.add(`${indent}]`);
    return;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return void out.add("{}");
  out.add("{\n");
  for (const [k, v] of entries) {
    out.add(`${inner}${literalKey(k)}: `);
    writeLiteral(out, v, inner, made);
    out.add(",\n");
  }
  out.add(`${indent}}`);
}

/** Longest line of a JSON value shown in documentation (`@default`, `@example`). */
export const DOC_VALUE_MAX_CHARS = 120;
/** Most lines of a pretty-printed JSON value shown in documentation. */
export const DOC_VALUE_MAX_LINES = 12;

/**
 * JSON data as documentation shows it (`@default`, `@example`): compact on one line when
 * short, pretty-printed when that stays small, else the compact form cut at
 * {@link DOC_VALUE_MAX_CHARS} characters and ended with `…`. Not yet comment-safe: pass
 * the comment that holds it through {@link commentText} (as `docComment` does).
 */
export function docValue(value: unknown): string {
  const compact = JSON.stringify(value) ?? "null";
  if (compact.length <= DOC_VALUE_MAX_CHARS) return compact;
  if (value !== null && typeof value === "object") {
    const pretty = JSON.stringify(value, null, 2).split("\n");
    if (pretty.length <= DOC_VALUE_MAX_LINES && pretty.every((l) => l.length <= DOC_VALUE_MAX_CHARS))
      return pretty.join("\n");
  }
  // Cut on a code point boundary, so no lone surrogate is left behind.
  return `${compact.slice(0, DOC_VALUE_MAX_CHARS).replace(/[\uD800-\uDBFF]$/, "")}...`;
}

/** Text safe inside a one-line JSDoc comment. */
export function docText(text: string): string {
  return commentText(text).replace(/\s*\n\s*/g, " ");
}

/** The `@deprecated` tag for a tool, or undefined when it is not deprecated. */
export function deprecatedTag(deprecation: { since?: string; message?: string } | undefined): string | undefined {
  if (!deprecation) return undefined;
  return `@deprecated${deprecation.since ? ` since ${deprecation.since}` : ""}${deprecation.message ? ` ${deprecation.message}` : ""}`;
}
