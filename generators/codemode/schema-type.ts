// JSON Schema as a compact TypeScript type, for the declarations a model reads (api.d.ts):
// every property on one line with its description and constraints in a one-line JSDoc.
// Spec text reaches the output only through `docText` (comments) and `stringLiteral`
// (literals and quoted property names).
import type { JsonSchema, JsonValue } from "../../src/ir/types.js";
import { docText, docValue, stringLiteral } from "../../src/generator-kit/ts.js";

/** What writing a type needs beyond the schema: the names of `$ref` targets, and a note of what it used. */
export interface TypeScope {
  /** The type alias a `$ref` stands for, or undefined when it is none this file declares (then `unknown`). */
  refName(ref: string): string | undefined;
  /** Set when the type used `int` (an integer), so that the namespace declares it. */
  usedInt: boolean;
}

/** The name the declarations give integers, so that `integer` and `number` stay apart. */
export const INT_TYPE = "int";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property name as a type literal member: bare when it is an identifier, else quoted. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : stringLiteral(name);
}

function isSchema(value: JsonValue | undefined): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON value as a literal type (JSON's syntax is a valid type literal; strings are escaped). */
function literalType(value: JsonValue): string {
  if (typeof value === "string") return stringLiteral(value);
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(literalType).join(", ")}]`;
  return `{ ${Object.entries(value)
    .map(([k, v]) => `${propertyKey(k)}: ${literalType(v)}`)
    .join("; ")} }`;
}

/** A name, a keyword type, a number or a string literal: one token that needs no parentheses. */
const ATOMIC_TOKEN = /^(?:[A-Za-z0-9_$.[\]-]+|"(?:[^"\\]|\\.)*")$/;

/** `T` as a member of a union, an intersection or an array: parenthesized when it is one itself. */
function grouped(type: string): string {
  return ATOMIC_TOKEN.test(type) || isOneObjectLiteral(type) ? type : `(${type})`;
}

/**
 * True when the whole text is one object literal type: the `{` it starts with is closed by
 * its last `}`. `{ a: string } | { b: number }` starts and ends with braces but is a union.
 * Braces inside string literals and comments do not count.
 */
function isOneObjectLiteral(type: string): boolean {
  if (!type.startsWith("{") || !type.endsWith("}")) return false;
  let depth = 0;
  for (let i = 0; i < type.length; i++) {
    const c = type[i];
    if (c === '"') {
      for (i++; i < type.length && type[i] !== '"'; i++) if (type[i] === "\\") i++;
    } else if (c === "/" && type[i + 1] === "*") {
      const end = type.indexOf("*/", i + 2);
      if (end < 0) return false;
      i = end + 1;
    } else if (c === "{") depth++;
    else if (c === "}") {
      depth--;
      if (depth === 0) return i === type.length - 1;
    }
  }
  return false;
}

function union(types: string[]): string {
  const unique = [...new Set(types)];
  if (unique.includes("unknown")) return "unknown";
  return unique.length === 0 ? "never" : unique.length === 1 ? unique[0]! : unique.map(grouped).join(" | ");
}

/** Literal types from this many up are written as a tuple's element type, which takes fewer tokens than a union. */
const TUPLE_ENUM_MIN = 4;

/** An enum's type: a union of its literals, or for a long list `["a","b","c","d"][number]` (the same type). */
function enumType(values: JsonValue[]): string {
  const literals = [...new Set(values.map(literalType))];
  if (literals.length < TUPLE_ENUM_MIN) return union(literals);
  return `[${literals.join(",")}][number]`;
}

const SIMPLE_TYPES: Record<string, string> = {
  string: "string",
  number: "number",
  integer: INT_TYPE,
  boolean: "boolean",
  null: "null",
};

/**
 * The compact type of a schema, its nested lines indented from `indent`. Keywords the type
 * cannot say (formats, bounds, patterns, defaults) go into the JSDoc of the property that
 * holds it (see {@link schemaNotes}).
 */
export function compactType(schema: JsonValue | undefined, scope: TypeScope, indent = ""): string {
  if (schema === true || schema === undefined) return "unknown";
  if (schema === false) return "never";
  if (!isSchema(schema)) return "unknown";
  if (typeof schema.$ref === "string") return scope.refName(schema.$ref) ?? "unknown";
  if ("const" in schema) return literalType(schema.const!);
  if (Array.isArray(schema.enum)) return enumType(schema.enum);
  const parts: string[] = [];
  const own = ownType(schema, scope, indent);
  if (own !== undefined) parts.push(own);
  for (const key of ["anyOf", "oneOf"] as const) {
    const members = schema[key];
    if (Array.isArray(members) && members.length) parts.push(union(members.map((m) => compactType(m, scope, indent))));
  }
  if (Array.isArray(schema.allOf)) for (const member of schema.allOf) parts.push(compactType(member, scope, indent));
  const known = parts.filter((p) => p !== "unknown");
  if (known.length === 0) return "unknown";
  return known.length === 1 ? known[0]! : known.map(grouped).join(" & ");
}

/** The type the schema's own `type` (and object or array keywords) say, or undefined when they say none. */
function ownType(schema: JsonSchema, scope: TypeScope, indent: string): string | undefined {
  const declared = schema.type;
  const types = Array.isArray(declared)
    ? declared.filter((t): t is string => typeof t === "string")
    : typeof declared === "string"
      ? [declared]
      : [];
  if (types.length === 0) {
    if (isSchema(schema.properties) || schema.additionalProperties !== undefined)
      return objectType(schema, scope, indent);
    if (schema.items !== undefined || schema.prefixItems !== undefined) return arrayType(schema, scope, indent);
    return undefined;
  }
  return union(
    types.map((t) => {
      if (t === "object") return objectType(schema, scope, indent);
      if (t === "array") return arrayType(schema, scope, indent);
      if (t === "integer") scope.usedInt = true;
      return SIMPLE_TYPES[t] ?? "unknown";
    }),
  );
}

function arrayType(schema: JsonSchema, scope: TypeScope, indent: string): string {
  const tuple = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : undefined;
  if (tuple) {
    const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
    const members = tuple.map((m) => compactType(m, scope, indent));
    if (rest !== false) members.push(`...${grouped(compactType(rest, scope, indent))}[]`);
    return `[${members.join(", ")}]`;
  }
  return `${grouped(compactType(schema.items, scope, indent))}[]`;
}

function objectType(schema: JsonSchema, scope: TypeScope, indent: string): string {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === "string") : []);
  const inner = `${indent}  `;
  const members = Object.entries(properties).map(([name, property]) =>
    propertyLine(name, property, required.has(name), scope, inner),
  );
  const extra = schema.additionalProperties;
  const patterns = isSchema(schema.patternProperties) ? Object.values(schema.patternProperties) : [];
  if (extra !== false && (extra !== undefined || members.length === 0 || patterns.length)) {
    const values = [isSchema(extra) ? compactType(extra, scope, inner) : "unknown"];
    for (const p of patterns) values.push(compactType(p, scope, inner));
    members.push(`${inner}[key: string]: ${members.length ? "unknown" : union(values)};`);
  }
  if (members.length === 0) return "Record<string, never>";
  if (members.length === 1 && !members[0]!.includes("\n") && !members[0]!.includes("/**"))
    return `{ ${members[0]!.trim().replace(/;$/, "")} }`;
  return `{\n${members.join("\n")}\n${indent}}`;
}

/** One member of a type literal: its one-line JSDoc (when there is anything to say), name, `?` and type. */
export function propertyLine(
  name: string,
  schema: JsonValue,
  required: boolean,
  scope: TypeScope,
  indent: string,
): string {
  const doc = isSchema(schema) ? schemaDoc(schema) : "";
  return `${indent}${doc ? `/** ${doc} */ ` : ""}${propertyKey(name)}${required ? "" : "?"}: ${compactType(schema, scope, indent)};`;
}

/** A schema's description and notes as one line of JSDoc text (comment-safe), or "" when it has neither. */
export function schemaDoc(schema: JsonSchema): string {
  const description = typeof schema.description === "string" ? schema.description.trim() : "";
  const notes = schemaNotes(schema);
  const text = [description, notes.length ? `(${notes.join(", ")})` : ""].filter(Boolean).join(" ");
  return text ? docText(text) : "";
}

/** What the compact type of a schema cannot say: title, format, bounds, pattern, default, deprecation. */
export function schemaNotes(schema: JsonSchema): string[] {
  const notes: string[] = [];
  if (typeof schema.title === "string" && schema.title.trim()) notes.push(`title: ${schema.title.trim()}`);
  if (typeof schema.format === "string") notes.push(`format: ${schema.format}`);
  const bounds: Array<[string, string]> = [
    ["minimum", ">="],
    ["exclusiveMinimum", ">"],
    ["maximum", "<="],
    ["exclusiveMaximum", "<"],
    ["multipleOf", "multiple of"],
    ["minLength", "min length"],
    ["maxLength", "max length"],
    ["minItems", "min items"],
    ["maxItems", "max items"],
    ["minProperties", "min properties"],
    ["maxProperties", "max properties"],
  ];
  for (const [keyword, label] of bounds)
    if (typeof schema[keyword] === "number") notes.push(`${label} ${schema[keyword]}`);
  if (schema.uniqueItems === true) notes.push("unique items");
  if (typeof schema.pattern === "string") notes.push(`pattern: ${schema.pattern}`);
  if ("default" in schema && !statesDefault(schema)) notes.push(`default ${docValue(schema.default)}`);
  if (schema.deprecated === true) notes.push("deprecated");
  return notes;
}

/** Whether the description already gives the default (`Number of results (default 10)`): then no note repeats it. */
function statesDefault(schema: JsonSchema): boolean {
  const description = typeof schema.description === "string" ? schema.description : "";
  const value = typeof schema.default === "string" ? schema.default : JSON.stringify(schema.default);
  if (value === undefined || value === "") return false;
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`default\\W{0,3}(?:(?:value )?is\\W{1,2}|of\\W{1,2})?['"\`]?${escaped}(?![\\w])`, "i").test(
    description,
  );
}
