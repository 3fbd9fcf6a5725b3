import type { Code, List, Paragraph, RootContent, Table } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { JsonSchema, JsonValue, SourceLocation, ToolErrorType, ToolExample, ToolSpec, Idempotency } from "../../ir/types.js";
import { completeAnnotations, moduleFromPath, type StatedAnnotations } from "../../ir/build.js";
import { parseLenientJson } from "../primitives/lenient-json.js";
import { isTemplatePlaceholderName } from "../primitives/placeholders.js";
import { looksLikeSchema } from "../schema-detect.js";
import { inlineText, locInCode, locOf, parseMarkdown, sourceOf, splitBlocks, type Block, type MarkdownDocument } from "./document.js";
import { classifySection, type SectionKind } from "./sections.js";
import { fieldsFromTable } from "./table.js";
import { fieldsToSchema, type FieldSpec } from "./fields.js";
import { readExamples } from "./examples.js";
import { JsonLocator } from "../json/locate.js";
import { recordSchemaLocator } from "../schema-source.js";

/** Options for reading Markdown specs. */
export interface MarkdownParseOptions {
  /** Module for bare tool names; defaults to one derived from the file path. */
  module?: string;
}

/** A tool heading and everything under it. */
interface ToolSection {
  name: string;
  nameLoc: SourceLocation;
  head: Block;
  /** Blocks below the tool heading, up to the next heading of the same level or higher. */
  body: Block[];
}

const TOOL_HEADING = /^tool\s*[:\-–—]\s*(.+)$/i;

/**
 * Reads a Markdown specification file (seed 000 §4.1 template: `## Tool: \`name\``
 * with sections matched by title) into tools. Problems go to `diagnostics`.
 */
export function parseMarkdownSpec(file: string, text: string, diagnostics: DiagnosticBag, options: MarkdownParseOptions = {}): ToolSpec[] {
  const doc = parseMarkdown(file, text);
  const module = options.module ?? moduleFromPath(file);
  const sections = findToolSections(doc, splitBlocks(doc), diagnostics);
  if (sections.length === 0) {
    diagnostics.info("SPEC_NO_TOOLS", { file, line: 1, column: 1 }, "no tool definitions found in this file", 'define a tool with a heading such as "## Tool: `module.tool_name`"');
  }
  return sections.map((s) => readTool(doc, s, module, diagnostics));
}

function findToolSections(doc: MarkdownDocument, blocks: Block[], diagnostics: DiagnosticBag): ToolSection[] {
  const out: ToolSection[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const m = TOOL_HEADING.exec(b.title);
    if (!m || !b.heading) continue;
    const name = m[1]!.replace(/[`*]/g, "").trim();
    const nameLoc = locOf(doc, b.heading);
    if (isTemplatePlaceholderName(name)) {
      diagnostics.info("SPEC_TEMPLATE_SKIPPED", nameLoc, `"${name}" is a template placeholder, not a tool; skipped`, "replace the placeholder with a real tool name to generate code for it");
      continue;
    }
    const body: Block[] = [];
    for (let j = i + 1; j < blocks.length && blocks[j]!.depth > b.depth; j++) body.push(blocks[j]!);
    out.push({ name, nameLoc, head: b, body });
  }
  return out;
}

/** Collected parts of one tool, before defaults and checks. */
interface Parts {
  description: string[];
  descriptionLoc?: SourceLocation;
  invocation?: { name: string; loc: SourceLocation };
  version?: { value: string; loc: SourceLocation };
  title?: string;
  stated: StatedAnnotations;
  deprecated?: { message?: string; since?: string };
  input: SchemaParts;
  output: SchemaParts;
  errors: ToolErrorType[];
  errorsLoc?: SourceLocation;
  idempotency?: Idempotency;
  idempotencyLoc?: SourceLocation;
  examples: ToolExample[];
  examplesLoc?: SourceLocation;
  security: string[];
  securityLoc?: SourceLocation;
}

interface SchemaParts {
  schema?: { value: JsonSchema; loc: SourceLocation };
  fields?: { value: FieldSpec[]; loc: SourceLocation };
  /** The section says the tool takes no parameters / returns nothing. */
  none?: SourceLocation;
  loc?: SourceLocation;
}

function readTool(doc: MarkdownDocument, section: ToolSection, module: string, diagnostics: DiagnosticBag): ToolSpec {
  const parts: Parts = { description: [], stated: {}, input: {}, output: {}, errors: [], examples: [], security: [] };
  // Content right under the tool heading is its description (and may hold bold labels).
  readNodes(doc, "description", section.head.nodes, parts, diagnostics);
  let current: { kind: SectionKind; depth: number } | undefined;
  for (const block of section.body) {
    // A subsection of a classified section (e.g. "#### JSON Schema" under "### Input") belongs to it.
    const own = classifySection(block.title);
    const kind = own === "other" && current && block.depth > current.depth ? current.kind : own;
    if (own !== "other" || !current || block.depth <= current.depth) current = { kind, depth: block.depth };
    if (kind === "input" || kind === "output") parts[kind].loc ??= locOf(doc, block.heading);
    readNodes(doc, kind, block.nodes, parts, diagnostics);
  }

  const rawName = parts.invocation?.name ?? section.name;
  const name = rawName.includes(".") ? rawName : `${module}.${rawName}`;
  const nameLoc = parts.invocation?.loc ?? section.nameLoc;
  const toolModule = name.includes(".") ? name.slice(0, name.lastIndexOf(".")) : module;
  const input = resolveSchema(parts.input, "input", diagnostics);
  const output = resolveSchema(parts.output, "output", diagnostics);
  const description = parts.description.join("\n\n").trim();

  return {
    name,
    module: toolModule,
    ...(parts.version ? { version: parts.version.value } : {}),
    ...(parts.title ? { title: parts.title } : {}),
    description,
    inputSchema: input?.value ?? { type: "object", properties: {}, additionalProperties: false },
    ...(output ? { outputSchema: output.value } : {}),
    errors: parts.errors,
    ...(parts.idempotency ? { idempotency: parts.idempotency } : {}),
    annotations: completeAnnotations(parts.stated, parts.idempotency),
    ...(parts.deprecated ? { deprecation: parts.deprecated } : {}),
    examples: parts.examples,
    security: parts.security,
    format: "markdown",
    locations: {
      tool: section.nameLoc,
      name: nameLoc,
      ...(parts.version ? { version: parts.version.loc } : {}),
      ...(parts.descriptionLoc ? { description: parts.descriptionLoc } : {}),
      ...(input ? { inputSchema: input.loc } : parts.input.loc ? { inputSchema: parts.input.loc } : {}),
      ...(output ? { outputSchema: output.loc } : {}),
      ...(parts.errorsLoc ? { errors: parts.errorsLoc } : {}),
      ...(parts.idempotencyLoc ? { idempotency: parts.idempotencyLoc } : {}),
      ...(parts.examplesLoc ? { examples: parts.examplesLoc } : {}),
      ...(parts.securityLoc ? { security: parts.securityLoc } : {}),
    },
  };
}

/**
 * Picks the schema of one side. A JSON Schema block wins over a table; when both are
 * given they are compared and any disagreement is a warning at the table.
 */
function resolveSchema(side: SchemaParts, which: "input" | "output", diagnostics: DiagnosticBag): { value: JsonSchema; loc: SourceLocation } | undefined {
  if (side.schema && side.fields) compareTableWithSchema(side.fields.value, side.schema.value, side.fields.loc, diagnostics);
  if (side.schema) return side.schema;
  if (side.fields) {
    const schema = fieldsToSchema(side.fields.value);
    return { value: which === "input" ? { ...schema, additionalProperties: false } : schema, loc: side.fields.loc };
  }
  if (side.none && which === "input") return { value: { type: "object", properties: {}, additionalProperties: false }, loc: side.none };
  return undefined;
}

function compareTableWithSchema(fields: FieldSpec[], schema: JsonSchema, loc: SourceLocation, diagnostics: DiagnosticBag): void {
  const props = (schema.properties ?? {}) as { [k: string]: JsonValue };
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const problems: string[] = [];
  const tableNames = new Set(fields.map((f) => f.name));
  for (const f of fields) {
    const p = props[f.name] as JsonSchema | undefined;
    if (!p) {
      problems.push(`"${f.name}" is in the table but not in the schema`);
      continue;
    }
    const tt = typeKey(f.schema);
    const st = typeKey(p);
    if (tt && st && tt !== st) problems.push(`"${f.name}" is ${typeText(f.schema)} in the table but ${typeText(p)} in the schema`);
    if (f.requiredStated && f.required !== required.has(f.name)) problems.push(`"${f.name}" is ${f.required ? "required" : "optional"} in the table but ${required.has(f.name) ? "required" : "optional"} in the schema`);
  }
  for (const k of Object.keys(props)) if (!tableNames.has(k)) problems.push(`"${k}" is in the schema but not in the table`);
  if (problems.length) {
    diagnostics.warning("SPEC_TABLE_SCHEMA_MISMATCH", loc, `the table disagrees with the JSON Schema: ${problems.join("; ")}`, "the JSON Schema is used; update the table (or the schema) so they agree");
  }
}

function typeText(s: JsonSchema): string {
  return Array.isArray(s.type) ? s.type.join(" | ") : String(s.type);
}

/** A type for comparison: integer counts as number, null is ignored. */
function typeKey(s: JsonSchema): string | undefined {
  const t = s.type;
  if (typeof t === "string") return t === "integer" ? "number" : t;
  if (Array.isArray(t)) return [...new Set(t.filter((x) => x !== "null").map((x) => (x === "integer" ? "number" : String(x))))].sort().join("|") || undefined;
  return undefined;
}

const LABEL = /^\s*\*\*([^*]+?)\*\*\s*:?\s*(.*)$/s;
const NO_PARAMS = /\b(no|none|without)\b.{0,20}\b(parameters?|arguments?|inputs?|params)\b|^\s*(none|n\/a|-|—)\.?\s*$|\btakes no\b|\bno (required )?(input|arguments?)\b/i;

/** Reads the nodes of one section into the tool's parts according to the section's kind. */
function readNodes(doc: MarkdownDocument, kind: SectionKind, nodes: RootContent[], parts: Parts, diagnostics: DiagnosticBag): void {
  for (const node of nodes) {
    if (node.type === "paragraph" && readLabels(doc, node, kind, parts, diagnostics)) continue;
    switch (kind) {
      case "description":
        if (node.type === "paragraph" || node.type === "list" || node.type === "blockquote") {
          // Soft line breaks inside a paragraph are source wrapping, not meaning.
          const text = sourceOf(doc, node).trim();
          parts.description.push(node.type === "paragraph" ? text.replace(/[ \t]*\n[ \t]*/g, " ") : text);
          parts.descriptionLoc ??= locOf(doc, node);
        }
        break;
      case "invocation":
        if (!parts.invocation && node.type === "paragraph") {
          const code = node.children.find((c) => c.type === "inlineCode");
          const name = (code ? code.value : inlineText(node.children).split(/\s/)[0] ?? "").trim();
          if (name) parts.invocation = { name, loc: locOf(doc, code ?? node) };
        }
        break;
      case "version":
        if (!parts.version && node.type === "paragraph") {
          const v = /v?(\d+\.\d+\.\d+\S*)/.exec(inlineText(node.children));
          parts.version = { value: v ? v[1]! : inlineText(node.children).trim(), loc: locOf(doc, node) };
        }
        break;
      case "input":
      case "output":
        readSchemaNode(doc, node, parts[kind], kind === "input", diagnostics);
        break;
      case "errors":
        parts.errorsLoc ??= locOf(doc, node);
        if (node.type === "list") parts.errors.push(...errorsFromList(node));
        else if (node.type === "table") parts.errors.push(...errorsFromTable(node));
        break;
      case "idempotency":
        if (node.type === "paragraph" || node.type === "list") {
          parts.idempotencyLoc ??= locOf(doc, node);
          readIdempotency(inlineOrList(node), parts);
        }
        break;
      case "examples":
        if (node.type === "code") {
          parts.examplesLoc ??= locOf(doc, node);
          parts.examples.push(...readExamples(doc, node, diagnostics));
        }
        break;
      case "security":
        if (node.type === "list") {
          parts.securityLoc ??= locOf(doc, node);
          for (const item of node.children) parts.security.push(sourceOf(doc, item).replace(/^\s*[-*+]\s+/, "").trim());
        } else if (node.type === "paragraph") {
          parts.securityLoc ??= locOf(doc, node);
          parts.security.push(sourceOf(doc, node).trim());
        }
        break;
      case "annotations":
        if (node.type === "list") for (const item of node.children) readLabelText(inlineOrList(item), parts);
        break;
      default:
        break;
    }
  }
}

function readSchemaNode(doc: MarkdownDocument, node: RootContent, side: SchemaParts, isInput: boolean, diagnostics: DiagnosticBag): void {
  if (node.type === "table" && !side.fields) {
    const fields = fieldsFromTable(doc, node as Table, diagnostics, isInput);
    if (fields) side.fields = { value: fields, loc: locOf(doc, node) };
  } else if (node.type === "code" && !side.schema) {
    const value = parseSchemaBlock(doc, node, diagnostics);
    if (value) side.schema = { value, loc: locInCode(doc, node, 0) };
  } else if (node.type === "paragraph" && NO_PARAMS.test(inlineText(node.children))) {
    side.none ??= locOf(doc, node);
  }
}

function parseSchemaBlock(doc: MarkdownDocument, node: Code, diagnostics: DiagnosticBag): JsonSchema | undefined {
  if (node.lang && !/^(json|jsonc|json5|javascript|js)$/i.test(node.lang)) return undefined;
  let value: JsonValue;
  try {
    value = JSON.parse(node.value) as JsonValue;
  } catch (e) {
    const lenient = parseLenientJson(node.value).values[0];
    if (!lenient || !looksLikeSchema(lenient.value)) return undefined;
    diagnostics.warning("SPEC_JSON_LENIENT", locInCode(doc, node, lenient.offset), `this JSON Schema is not strict JSON (${(e as Error).message}); it was read leniently`, "remove comments, trailing commas and other non-JSON syntax");
    value = lenient.value;
  }
  if (!looksLikeSchema(value)) return undefined;
  const locator = new JsonLocator(doc.file, node.value);
  recordSchemaLocator(value as JsonSchema, (path) => {
    const inner = locator.locate(path);
    const at = locInCode(doc, node, 0);
    return { file: doc.file, line: at.line + inner.line - 1, column: inner.line === 1 ? at.column + inner.column - 1 : inner.column + at.column - 1 };
  });
  return value as JsonSchema;
}

/** Reads bold labels such as `**Version**: 1.2.3`; returns true when the paragraph was only labels. */
function readLabels(doc: MarkdownDocument, node: Paragraph, kind: SectionKind, parts: Parts, diagnostics: DiagnosticBag): boolean {
  const text = inlineTextWithStrong(node);
  const lines = text.split("\n").filter((l) => l.trim());
  let all = lines.length > 0;
  for (const line of lines) {
    const m = LABEL.exec(line);
    if (!m || !applyLabel(m[1]!.trim(), m[2]!.trim(), locOf(doc, node), kind, parts)) all = false;
  }
  void diagnostics;
  return all;
}

function readLabelText(text: string, parts: Parts): void {
  const m = /^\s*\**([^:*]+?)\**\s*:\s*(.*)$/s.exec(text);
  if (m) applyLabel(m[1]!.trim(), m[2]!.trim(), { file: "", line: 1, column: 1 }, "annotations", parts);
}

function applyLabel(label: string, value: string, loc: SourceLocation, kind: SectionKind, parts: Parts): boolean {
  const l = label.toLowerCase().replace(/[-_]/g, " ");
  const yes = /^(yes|true|y)\b/i.test(value);
  const no = /^(no|false|n)\b/i.test(value);
  if (l === "version") {
    const v = /v?(\d+\.\d+\.\d+[^\s|,]*)/.exec(value);
    parts.version ??= { value: v ? v[1]! : value.replace(/[`*]/g, "").trim(), loc };
    return true;
  }
  if (l === "title") return (parts.title ??= value.replace(/[`*]/g, "").trim()), true;
  if (l === "read only" || l === "readonly" || l === "readonlyhint") return yes || no ? ((parts.stated.readOnlyHint = yes), true) : false;
  if (l === "destructive" || l === "destructivehint") return yes || no ? ((parts.stated.destructiveHint = yes), true) : false;
  if (l === "open world" || l === "openworld" || l === "openworldhint") return yes || no ? ((parts.stated.openWorldHint = yes), true) : false;
  if (l === "idempotenthint") return yes || no ? ((parts.stated.idempotentHint = yes), true) : false;
  if (l === "deprecated") {
    if (no) return true;
    const since = /(?:since|in)\s+v?(\d+\.\d+\.\d+)/i.exec(value)?.[1];
    const message = value.replace(/^(yes|true)\b[\s.,;:—–-]*/i, "").trim();
    parts.deprecated = { ...(since ? { since } : {}), ...(message ? { message } : {}) };
    return true;
  }
  if (l === "idempotent" || (kind === "idempotency" && l.startsWith("idempot"))) {
    readIdempotency(value, parts);
    return true;
  }
  if (kind === "idempotency" && l === "explanation") {
    if (parts.idempotency) parts.idempotency.explanation = value;
    return true;
  }
  if ((l === "invocation name" || l === "invocation") && !parts.invocation) {
    const name = value.replace(/[`*]/g, "").trim().split(/\s/)[0];
    if (name) parts.invocation = { name, loc };
    return true;
  }
  return false;
}

function readIdempotency(text: string, parts: Parts): void {
  const m = /^\W*(?:\*\*)?(?:idempotent\w*\W*)?(yes|no|partial(?:ly)?|true|false)\b[\s.,;:—–-]*(.*)$/is.exec(text.replace(/\*\*/g, ""));
  if (!m) {
    if (parts.idempotency && !parts.idempotency.explanation) parts.idempotency.explanation = text.trim();
    return;
  }
  const word = m[1]!.toLowerCase();
  const value = word === "yes" || word === "true" ? "yes" : word === "no" || word === "false" ? "no" : "partial";
  const explanation = m[2]!.replace(/^explanation\s*:\s*/i, "").trim();
  parts.idempotency = { value, ...(explanation ? { explanation } : parts.idempotency?.explanation ? { explanation: parts.idempotency.explanation } : {}) };
}

function errorsFromList(list: List): ToolErrorType[] {
  const out: ToolErrorType[] = [];
  for (const item of list.children) {
    const para = item.children.find((c) => c.type === "paragraph") as Paragraph | undefined;
    if (para) {
      const first = para.children[0];
      const text = inlineText(para.children).trim();
      let type: string | undefined;
      let description: string | undefined;
      if (first && (first.type === "inlineCode" || first.type === "strong")) {
        type = inlineText([first]).replace(/:$/, "").trim();
        description = text.slice(inlineText([first]).length).replace(/^\s*[:—–-]\s*/, "").trim();
      } else {
        const m = /^([A-Za-z][\w.]*(?:Error|Exception|Exceeded|NotFound|Denied|Timeout))\b\s*[:—–-]?\s*(.*)$/s.exec(text);
        if (m) [type, description] = [m[1], m[2]];
      }
      // Labels such as "**Specific Errors**:" introduce a nested list rather than name an error.
      const nested = item.children.find((c) => c.type === "list") as List | undefined;
      if (nested) out.push(...errorsFromList(nested));
      if (type && !(nested && !description)) out.push({ type, ...(description ? { description } : {}) });
    }
  }
  return out;
}

function errorsFromTable(table: Table): ToolErrorType[] {
  const [head, ...rows] = table.children;
  if (!head) return [];
  const headers = head.children.map((c) => inlineText(c.children).toLowerCase());
  const typeCol = headers.findIndex((h) => /error|code|type|exception/.test(h));
  if (typeCol < 0) return [];
  const descCol = headers.findIndex((h, i) => i !== typeCol && /desc|when|cause|trigger|condition|meaning/.test(h));
  return rows
    .map((r) => ({
      type: inlineText(r.children[typeCol]?.children ?? []).replace(/[`*]/g, "").trim(),
      description: descCol >= 0 ? inlineText(r.children[descCol]?.children ?? []).trim() : undefined,
    }))
    .filter((e) => e.type)
    .map((e) => ({ type: e.type, ...(e.description ? { description: e.description } : {}) }));
}

function inlineOrList(node: RootContent | List["children"][number]): string {
  if (node.type === "paragraph") return inlineTextWithStrong(node);
  if (node.type === "list") return node.children.map(inlineOrList).join("\n");
  if (node.type === "listItem") return node.children.map((c) => inlineOrList(c as RootContent)).join("\n");
  return "";
}

/** Inline text that keeps `**` around strong runs, so labels stay recognisable. */
function inlineTextWithStrong(node: Paragraph): string {
  return node.children.map((c) => (c.type === "strong" ? `**${inlineText(c.children)}**` : inlineText([c]))).join("");
}
