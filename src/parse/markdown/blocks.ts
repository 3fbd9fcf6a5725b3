import type { Code, InlineCode } from "mdast";
import YAML from "yaml";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { JsonSchema, JsonValue, SourceLocation } from "../../ir/types.js";
import { parseLenientJson } from "../primitives/lenient-json.js";
import { parseTypeString } from "../primitives/type-string.js";
import { lineStarts } from "../primitives/position.js";
import { looksLikeSchema } from "../schema-detect.js";
import { JsonLocator } from "../json/locate.js";
import { recordSchemaLocator } from "../schema-source.js";
import { locInCode, locInInlineCode, type MarkdownDocument } from "./document.js";
import { deepNestingOffset } from "../primitives/nesting.js";
import { yamlToJson } from "../primitives/yaml-json.js";
import { CONTAINER_SLACK } from "../limits.js";
import { limitsOf, refuseNode } from "./guard.js";

type Path = ReadonlyArray<string | number>;
type Locate = (path: Path) => SourceLocation;

/** A JSON or YAML value read from a code block or a code span, with a way to locate positions inside it. */
export interface CodeValue {
  value: JsonValue;
  loc: SourceLocation;
  locate: Locate;
  /** The text was not strict JSON and was read leniently. */
  lenient?: string;
  /** Where the first problem is, when known. */
  lenientLoc?: SourceLocation;
  placeholder: boolean;
  elided: boolean;
}

const JSON_LANG = /^(json|jsonc|json5|javascript|js|ts|typescript)$/i;
const YAML_LANG = /^(ya?ml)$/i;

/** True when a fenced block's language (or, without one, its content) says it holds JSON. */
export function isJsonBlock(code: Code): boolean {
  return code.lang ? JSON_LANG.test(code.lang) : /^\s*[[{]/.test(code.value);
}

/** Reads the first JSON or YAML value of a fenced block; undefined for other languages or unreadable text. */
export function readCodeValue(doc: MarkdownDocument, code: Code): CodeValue | undefined {
  if (code.lang && YAML_LANG.test(code.lang)) return readYaml(doc, code);
  if (!isJsonBlock(code)) return undefined;
  if (tooDeep(doc, code, code.value, (offset) => locInCode(doc, code, offset))) return undefined;
  const start = code.value.search(/\S/);
  try {
    const value = JSON.parse(code.value) as JsonValue;
    return {
      value,
      loc: locInCode(doc, code, Math.max(0, start)),
      locate: jsonLocate(doc, code),
      placeholder: false,
      elided: false,
    };
  } catch (e) {
    const lenient = parseLenientJson(code.value).values[0];
    if (!lenient) return undefined;
    return {
      value: lenient.value,
      loc: locInCode(doc, code, lenient.offset),
      locate: jsonLocate(doc, code),
      lenient: (e as Error).message,
      placeholder: lenient.placeholder,
      elided: lenient.elided,
    };
  }
}

/** Reads JSON written in an inline code span (`` **Input Schema**: `{"type": "object"}` ``). */
export function readInlineJson(doc: MarkdownDocument, node: InlineCode): CodeValue | undefined {
  if (!/^\s*\{/.test(node.value)) return undefined;
  if (tooDeep(doc, node, node.value, (offset) => locInInlineCode(doc, node, offset))) return undefined;
  const locator = new JsonLocator(doc.file, node.value);
  const locate: Locate = (path) => {
    const inner = locator.locate(path);
    return locInInlineCode(doc, node, inner.column - 1);
  };
  try {
    return {
      value: JSON.parse(node.value) as JsonValue,
      loc: locInInlineCode(doc, node, 0),
      locate,
      placeholder: false,
      elided: false,
    };
  } catch (e) {
    const lenient = parseLenientJson(node.value).values[0];
    if (!lenient) return undefined;
    return {
      value: lenient.value,
      loc: locInInlineCode(doc, node, lenient.offset),
      locate,
      lenient: (e as Error).message,
      placeholder: lenient.placeholder,
      elided: lenient.elided,
    };
  }
}

/**
 * Refuses JSON nested far deeper than any schema may be, before a parser that recurses
 * per level (the lenient reader, jsonc-parser's syntax tree for locations) sees it.
 */
function tooDeep(
  doc: MarkdownDocument,
  node: object,
  text: string,
  locAt: (offset: number) => SourceLocation,
): boolean {
  const { maxDepth } = limitsOf(doc);
  const offset = deepNestingOffset(text, maxDepth + CONTAINER_SLACK);
  if (offset < 0) return false;
  refuseNode(
    doc,
    node,
    "SPEC_TOO_DEEP",
    locAt(offset),
    `this JSON nests objects and arrays more than ${maxDepth} levels deep; it is not read`,
    "flatten it (a recursive shape can use `$defs` and `$ref`), or raise `limits.maxDepth` in the config",
  );
  return true;
}

function jsonLocate(doc: MarkdownDocument, code: Code): Locate {
  const locator = new JsonLocator(doc.file, code.value);
  return (path) => {
    const inner = locator.locate(path);
    const at = locInCode(doc, code, 0);
    return {
      file: doc.file,
      line: at.line + inner.line - 1,
      column: inner.line === 1 ? at.column + inner.column - 1 : inner.column + at.column - 1,
    };
  };
}

function readYaml(doc: MarkdownDocument, code: Code): CodeValue | undefined {
  let ydoc = parseYaml(code.value);
  let lenient: string | undefined;
  let errorOffset = 0;
  let toOriginal = (offset: number) => offset;
  if (!ydoc || ydoc.errors.length) {
    // The yaml package stops (instead of overflowing the stack) on nesting thousands deep.
    const exhausted = ydoc?.errors.find((e) => e.code === "RESOURCE_EXHAUSTION");
    if (exhausted) {
      const { maxDepth } = limitsOf(doc);
      refuseNode(
        doc,
        code,
        "SPEC_TOO_DEEP",
        locInCode(doc, code, exhausted.pos[0]),
        `this YAML nests too deeply to read (far more than ${maxDepth} levels); the block is not read`,
        "flatten it, or write the schema with `$defs` and `$ref`",
      );
      return undefined;
    }
    // `description: Model to use (default: x)`: an unquoted ": " that YAML rejects. Quoting
    // such values keeps every line (and so every position) where it was.
    const error = ydoc?.errors[0];
    const first = error?.message.split("\n")[0] ?? "unreadable YAML";
    errorOffset = error?.pos[0] ?? 0;
    // Spaces and tabs only (`[ \t]`, not `\s`): a `\s*` that can cross line ends retries at
    // every line start over all the blank lines after it, quadratic in a long block.
    const repaired = code.value.replace(
      /^([ \t]*(?:-[ \t]+)?[\w$."'-]+:[ \t]+)(?!["'|>{[&*!#])([^\n]*:[ \t][^\n]*)$/gm,
      (_m, key: string, value: string) => `${key}${JSON.stringify(value.trimEnd())}`,
    );
    ydoc = repaired !== code.value ? parseYaml(repaired) : undefined;
    if (!ydoc || ydoc.errors.length) return undefined;
    lenient = first;
    // Quoting only widens the repaired lines: map offsets back line by line.
    const from = lineStarts(repaired);
    const to = lineStarts(code.value);
    toOriginal = (offset) => {
      let line = 0;
      while (line + 1 < from.length && from[line + 1]! <= offset) line++;
      return Math.min(to[line]! + (offset - from[line]!), to[line + 1] ?? code.value.length);
    };
  }
  const parsed = ydoc;
  const limits = limitsOf(doc);
  const read = yamlToJson(parsed, {
    maxDepth: limits.maxDepth,
    depthSlack: CONTAINER_SLACK,
    maxAliases: limits.maxYamlAliases,
    maxSize: limits.maxSchemaBytes,
  });
  if ("problem" in read) {
    const { code: diagnosticCode, offset, message, help } = read.problem;
    refuseNode(
      doc,
      code,
      diagnosticCode,
      locInCode(doc, code, toOriginal(offset)),
      `${message}; the block is not read`,
      help,
    );
    return undefined;
  }
  const value = read.value;
  if (value === null || typeof value !== "object") return undefined;
  const locate: Locate = (path) => {
    for (let n = path.length; n >= 0; n--) {
      const node = parsed.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      if (node && typeof node === "object" && node.range) return locInCode(doc, code, toOriginal(node.range[0]));
    }
    return locInCode(doc, code, 0);
  };
  return {
    value,
    loc: locInCode(doc, code, Math.max(0, code.value.search(/\S/))),
    locate,
    placeholder: false,
    elided: false,
    ...(lenient ? { lenient, lenientLoc: locInCode(doc, code, errorOffset) } : {}),
  };
}

function parseYaml(text: string): YAML.Document.Parsed | undefined {
  try {
    return YAML.parseDocument(text, { prettyErrors: false });
  } catch {
    return undefined;
  }
}

/** What a JSON/YAML value found in a tool's section stands for. */
export type SchemaReading =
  | {
      kind: "descriptor";
      name?: string;
      description?: string;
      input?: JsonSchema;
      output?: JsonSchema;
      loc: SourceLocation;
    }
  | { kind: "schema"; schema: JsonSchema; loc: SourceLocation }
  | { kind: "instance"; loc: SourceLocation };

const JSON_TYPES = new Set(["object", "array", "string", "number", "integer", "boolean", "null"]);

/**
 * Tells what a value is: an MCP tool descriptor (`{name, description, inputSchema}`, or
 * YAML `{name, parameters, returns}`), a JSON Schema, a map of property schemas
 * (`{"a": {"type": "string", "required": true}}`, turned into an object schema), or an
 * example instance of the data (anything else, e.g. `{"type": "user", "name": "Ada"}`).
 */
export function readSchemaValue(cv: CodeValue, yaml: boolean, diagnostics: DiagnosticBag): SchemaReading {
  const v = cv.value;
  if (!v || typeof v !== "object" || Array.isArray(v)) return { kind: "instance", loc: cv.loc };
  const inputKey = ["inputSchema", "input_schema", "parameters", "parametersSchema"].find((k) => isSchemaLike(v[k]));
  const outputKey = ["outputSchema", "output_schema", "returns", "returnSchema"].find((k) => isSchemaLike(v[k]));
  if (typeof v.name === "string" && (inputKey || outputKey)) {
    const take = (key: string | undefined): JsonSchema | undefined => {
      if (!key) return undefined;
      const schema = v[key] as JsonSchema;
      if (yaml) looseTypes(schema, [key], cv.locate, diagnostics);
      recordSchemaLocator(schema, (path) => cv.locate([key, ...path]));
      return schema;
    };
    const input = take(inputKey);
    const output = take(outputKey);
    return {
      kind: "descriptor",
      name: v.name,
      ...(typeof v.description === "string" ? { description: v.description } : {}),
      ...(input ? { input } : {}),
      ...(output ? { output } : {}),
      loc: cv.loc,
    };
  }
  if (looksLikeSchema(v)) {
    if (yaml) looseTypes(v, [], cv.locate, diagnostics);
    recordSchemaLocator(v, cv.locate);
    return { kind: "schema", schema: v, loc: cv.loc };
  }
  const map = propertiesMap(v);
  if (map) {
    recordSchemaLocator(map, (path) => cv.locate(path[0] === "properties" ? path.slice(1) : path));
    return { kind: "schema", schema: map, loc: cv.loc };
  }
  return { kind: "instance", loc: cv.loc };
}

function isSchemaLike(v: JsonValue | undefined): boolean {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const o = v as { [k: string]: JsonValue };
  const type: unknown = o.type;
  return looksLikeSchema(o) || typeof type === "string";
}

/**
 * `{"param": {"type": "string", "required": true, "default": 0}, …}`: a map from
 * parameter names to property schemas with per-property `required` flags.
 */
function propertiesMap(v: { [k: string]: JsonValue }): JsonSchema | undefined {
  const entries = Object.entries(v);
  if (!entries.length) return undefined;
  for (const [, p] of entries) {
    if (!p || typeof p !== "object" || Array.isArray(p)) return undefined;
    if (typeof p.type !== "string" || !JSON_TYPES.has(p.type)) return undefined;
  }
  const properties: { [k: string]: JsonValue } = {};
  const required: string[] = [];
  for (const [k, p] of entries) {
    const { required: req, ...rest } = p as { [k: string]: JsonValue };
    if (req === true) required.push(k);
    Object.defineProperty(properties, k, { value: rest, enumerable: true, writable: true, configurable: true });
  }
  return { type: "object", properties, ...(required.length ? { required } : {}) };
}

/**
 * YAML descriptors use type words loosely (`type: str`, `type: stream`). A type the
 * type-string grammar knows is mapped (`str` → string); one it does not is a warning
 * and the schema accepts any value there.
 */
function looseTypes(schema: JsonSchema, at: Path, locate: Locate, diagnostics: DiagnosticBag): void {
  const visit = (s: JsonValue | undefined, path: Path): void => {
    if (!s || typeof s !== "object") return;
    if (Array.isArray(s)) {
      s.forEach((x, i) => visit(x, [...path, i]));
      return;
    }
    if (typeof s.type === "string" && !JSON_TYPES.has(s.type)) {
      const { schema: mapped, unknown } = parseTypeString(s.type);
      if (unknown?.length || !mapped.type) {
        diagnostics.warning(
          "SPEC_UNKNOWN_TYPE",
          locate([...path, "type"]),
          `unknown type ${JSON.stringify(s.type)}; it accepts any value`,
          "use a JSON Schema type (string, integer, number, boolean, object, array, null)",
        );
        delete s.type;
      } else {
        delete s.type;
        for (const [k, val] of Object.entries(mapped))
          if (!(k in s))
            Object.defineProperty(s, k, { value: val, enumerable: true, writable: true, configurable: true });
      }
    }
    for (const key of ["properties", "patternProperties", "definitions", "$defs"]) {
      const m = s[key];
      if (m && typeof m === "object" && !Array.isArray(m))
        for (const [k, sub] of Object.entries(m)) visit(sub, [...path, key, k]);
    }
    for (const key of ["items", "additionalProperties", "not"]) visit(s[key], [...path, key]);
    for (const key of ["anyOf", "oneOf", "allOf"]) visit(s[key], [...path, key]);
  };
  visit(schema, at);
}
