import type { Code, InlineCode } from "mdast";
import type { Document, Node as YamlNode, Pair, YAMLMap } from "yaml";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { JsonSchema, JsonValue, SourceLocation } from "../../ir/types.js";
import { parseLenientJson } from "../primitives/lenient-json.js";
import { parseTypeString } from "../primitives/type-string.js";
import { didYouMean } from "../primitives/type-suggestions.js";
import { lineStarts } from "../primitives/position.js";
import { looksLikeSchema } from "../schema-detect.js";
import { JsonLocator } from "../json/locate.js";
import { descend, locateIn, type KeyPath, type Locate, type SourceNode } from "../schema-positions.js";
import { codeLocator, locInCode, locInInlineCode, type MarkdownDocument } from "./document.js";
import { deepNestingOffset } from "../primitives/nesting.js";
import { yamlToJson } from "../primitives/yaml-json.js";
import { yamlPackage } from "../primitives/yaml-package.js";
import { CONTAINER_SLACK } from "../limits.js";
import { limitsOf, refuseNode } from "./guard.js";

/** A JSON or YAML value read from a code block or a code span, with its written form (to locate positions inside it). */
export interface CodeValue {
  value: JsonValue;
  loc: SourceLocation;
  source: SourceNode;
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
      source: jsonSource(doc, code),
      placeholder: false,
      elided: false,
    };
  } catch (e) {
    const lenient = parseLenientJson(code.value).values[0];
    if (!lenient) return undefined;
    // JSON.parse names the offset where the text stops being JSON: the place to point at.
    const at = /at position (\d+)/.exec((e as Error).message);
    return {
      value: lenient.value,
      loc: locInCode(doc, code, lenient.offset),
      source: jsonSource(doc, code),
      lenient: (e as Error).message,
      ...(at ? { lenientLoc: locInCode(doc, code, Math.min(Number(at[1]), code.value.length)) } : {}),
      placeholder: lenient.placeholder,
      elided: lenient.elided,
    };
  }
}

/**
 * Where a JSON block stops being JSON: the place `JSON.parse` names (its end when it names
 * none), and the parser's message without the offset, which means nothing to a reader.
 */
export function jsonBreak(doc: MarkdownDocument, code: Code): { loc: SourceLocation; message: string } {
  try {
    JSON.parse(code.value);
    return { loc: locInCode(doc, code, 0), message: "" };
  } catch (e) {
    const message = (e as Error).message;
    const at = /at position (\d+)/.exec(message);
    const offset = at ? Math.min(Number(at[1]), code.value.length) : code.value.trimEnd().length;
    return {
      loc: locInCode(doc, code, offset),
      message: jsonErrorReason(message),
    };
  }
}

/**
 * What a JSON parser's message says is wrong, without where ("in JSON at position 12",
 * "(line 2 column 3)"): the diagnostic gives the place itself, as file:line:col.
 */
export function jsonErrorReason(message: string): string {
  let cut = message.indexOf(" in JSON at position ");
  if (cut === -1) cut = message.indexOf(" at position ");
  let text = cut === -1 ? message : message.slice(0, cut);
  const line = text.lastIndexOf(" (line ");
  if (line !== -1 && text.endsWith(")")) text = text.slice(0, line);
  return text.trimEnd();
}

/** Reads JSON written in an inline code span (`` **Input Schema**: `{"type": "object"}` ``). */
export function readInlineJson(doc: MarkdownDocument, node: InlineCode): CodeValue | undefined {
  if (!/^\s*\{/.test(node.value)) return undefined;
  if (tooDeep(doc, node, node.value, (offset) => locInInlineCode(doc, node, offset))) return undefined;
  // A code span is one line: a column in its text is an offset into the span.
  const source = new JsonLocator(doc.file, node.value).source((inner) => locInInlineCode(doc, node, inner.column - 1));
  try {
    return {
      value: JSON.parse(node.value) as JsonValue,
      loc: locInInlineCode(doc, node, 0),
      source,
      placeholder: false,
      elided: false,
    };
  } catch (e) {
    const lenient = parseLenientJson(node.value).values[0];
    if (!lenient) return undefined;
    return {
      value: lenient.value,
      loc: locInInlineCode(doc, node, lenient.offset),
      source,
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

/** The written form of a fenced block's JSON, located in the Markdown file. */
function jsonSource(doc: MarkdownDocument, code: Code): SourceNode {
  return new JsonLocator(doc.file, code.value).source((inner) => {
    const at = locInCode(doc, code, 0);
    return {
      file: doc.file,
      line: at.line + inner.line - 1,
      column: inner.line === 1 ? at.column + inner.column - 1 : inner.column + at.column - 1,
    };
  });
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
      // The last line starting at or before `offset` (a binary search: every node of a
      // schema is located through this).
      let line = 0;
      let hi = from.length - 1;
      while (line < hi) {
        const mid = (line + hi + 1) >> 1;
        if (from[mid]! <= offset) line = mid;
        else hi = mid - 1;
      }
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
  const root = parsed.contents;
  const inCode = codeLocator(doc, code);
  const source: SourceNode = root?.range
    ? new YamlSourceNode(root, { at: (offset) => inCode(toOriginal(offset)), index: new Map() })
    : { loc: () => locInCode(doc, code, 0), member: () => undefined };
  return {
    value,
    loc: locInCode(doc, code, Math.max(0, code.value.search(/\S/))),
    source,
    placeholder: false,
    elided: false,
    ...(lenient ? { lenient, lenientLoc: locInCode(doc, code, errorOffset) } : {}),
  };
}

/** What the nodes of one YAML block share: where an offset is, and the members of large maps by key. */
interface YamlBlock {
  at: (offset: number) => SourceLocation;
  index: Map<YAMLMap, Map<unknown, Pair>>;
}

/**
 * A node of a YAML syntax tree as a `SourceNode`, its members found the way the yaml
 * package's `getIn` finds them: a map's first pair whose scalar key equals the key, a
 * sequence's item at the index (given as a number or a numeric string).
 */
class YamlSourceNode implements SourceNode {
  constructor(
    private readonly node: YamlNode,
    private readonly block: YamlBlock,
  ) {}

  loc(): SourceLocation {
    return this.block.at(this.node.range![0]);
  }

  member(key: string | number): SourceNode | undefined {
    const n = this.node;
    const { isMap, isSeq } = yamlPackage();
    const child: unknown = isMap(n) ? this.pair(n, key)?.value : isSeq(n) ? n.items[itemIndex(key)] : undefined;
    return child && typeof child === "object" && (child as YamlNode).range
      ? new YamlSourceNode(child as YamlNode, this.block)
      : undefined;
  }

  private pair(map: YAMLMap, key: string | number): Pair | undefined {
    const { isScalar } = yamlPackage();
    const keyOf = (pair: Pair): unknown => (isScalar(pair.key) ? pair.key.value : pair.key);
    // Small maps are searched in order; large ones get an index, so looking up every
    // member of a map of thousands stays linear.
    if (map.items.length <= 8) return map.items.find((pair) => keyOf(pair) === key);
    let index = this.block.index.get(map);
    if (!index) {
      index = new Map();
      for (const pair of map.items) if (!index.has(keyOf(pair))) index.set(keyOf(pair), pair);
      this.block.index.set(map, index);
    }
    return index.get(key);
  }
}

/** A sequence index as the yaml package reads one from a key (`2` or `"2"`); -1 when the key is none. */
function itemIndex(key: string | number): number {
  const idx = typeof key === "string" && key ? Number(key) : key;
  return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : -1;
}

function parseYaml(text: string): Document.Parsed | undefined {
  try {
    return yamlPackage().parseDocument(text, { prettyErrors: false });
  } catch {
    return undefined;
  }
}

/** A schema read from a JSON/YAML value, with its written form. */
export interface LocatedSchema {
  value: JsonSchema;
  source: SourceNode;
}

/** What a JSON/YAML value found in a tool's section stands for. */
export type SchemaReading =
  | {
      kind: "descriptor";
      name?: string;
      description?: string;
      input?: LocatedSchema;
      output?: LocatedSchema;
      loc: SourceLocation;
    }
  | { kind: "schema"; schema: LocatedSchema; loc: SourceLocation }
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
    const take = (key: string | undefined): LocatedSchema | undefined => {
      if (!key) return undefined;
      const schema = v[key] as JsonSchema;
      if (yaml) looseTypes(schema, [key], (path) => locateIn(cv.source, path), diagnostics);
      return { value: schema, source: descend(cv.source, [key]) };
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
    if (yaml) looseTypes(v, [], (path) => locateIn(cv.source, path), diagnostics);
    return { kind: "schema", schema: { value: v, source: cv.source }, loc: cv.loc };
  }
  const map = propertiesMap(v);
  if (map) {
    // `properties/x/…` of the schema made from the map is `x/…` in the text.
    const written = cv.source;
    const source: SourceNode = {
      loc: () => written.loc(),
      member: (key) => (key === "properties" ? written : written.member(key)),
    };
    return { kind: "schema", schema: { value: map, source }, loc: cv.loc };
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
function looseTypes(schema: JsonSchema, at: KeyPath, locate: Locate, diagnostics: DiagnosticBag): void {
  const visit = (s: JsonValue | undefined, path: KeyPath): void => {
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
          `unknown type ${JSON.stringify(s.type)}; it accepts any value${didYouMean([s.type])}`,
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
