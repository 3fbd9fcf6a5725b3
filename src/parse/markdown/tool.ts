import type { Code, List, ListItem, Paragraph, PhrasingContent, RootContent, Table } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import type {
  Idempotency,
  JsonSchema,
  JsonValue,
  SourceLocation,
  ToolErrorType,
  ToolExample,
  ToolSpec,
} from "../../ir/types.js";
import { completeAnnotations, type StatedAnnotations } from "../../ir/build.js";
import { parseTypeString } from "../primitives/type-string.js";
import { isPlaceholder } from "../primitives/placeholders.js";
import { inlineText, locOf, sourceOf, sourceOfNodes, type MarkdownDocument } from "./document.js";
import { classifySection, LOCKED_KINDS, type SectionKind } from "./sections.js";
import { fieldsFromTable, isFieldTable } from "./table.js";
import { defSignatureFields, fieldFromInline, fieldsFromList, signatureFields, splitTopLevel } from "./bullets.js";
import { fieldsToSchema, topLevelFields, type FieldSpec } from "./fields.js";
import { classifyExample, readExamples } from "./examples.js";
import { readCodeValue, readInlineJson, readSchemaValue, type CodeValue } from "./blocks.js";
import { markSchema, markStatedDestructive } from "./provenance.js";
import type { ToolSection } from "./discover.js";

/** What the reader needs to know beyond the tool's own text. */
export interface ReadContext {
  doc: MarkdownDocument;
  diagnostics: DiagnosticBag;
  /** Turns a written name (`x`, `codomyrmex.x`, `mod.x`) into the tool's name and module. */
  normalizeName: (raw: string) => { name: string; module: string };
  /** The module the file's location gives (for exact `**MCP Name**`s without a dot). */
  module: string;
  /** Bare names of every tool in the file (for Python call examples). */
  toolNames: ReadonlySet<string>;
}

/** One side (input or output) as the spec describes it. */
interface SchemaParts {
  /** A JSON Schema the author wrote. */
  schema?: { value: JsonSchema; loc: SourceLocation };
  /** Fields from a table, bullets or signatures. */
  fields?: { value: FieldSpec[]; loc: SourceLocation };
  /** Only a type (`**Returns**: \`dict\` -- …`). */
  typeOnly?: { value: JsonSchema; loc: SourceLocation };
  /** The spec says there are no parameters. */
  none?: SourceLocation;
  loc?: SourceLocation;
}

/** Collected parts of one tool, before defaults and checks. */
interface Parts {
  description: string[];
  descriptionLoc?: SourceLocation;
  invocation?: { name: string; loc: SourceLocation };
  /** `**MCP Name**: \`get-sum\``: the exact wire name, never prefixed or normalised. */
  wireName?: { name: string; loc: SourceLocation };
  /** `**Module**: x`. */
  module?: string;
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
  descriptorName?: string;
  /** Prose found where parameters or results were expected: the description when there is no other. */
  stray: Array<{ text: string; loc: SourceLocation }>;
}

/** The section a run of content belongs to, and whether bold labels may change it. */
interface State {
  kind: SectionKind;
  locked: boolean;
  /** Text of the last paragraph, to tell what a following table describes. */
  intro?: string;
}

const NO_PARAMS =
  /\b(no|none|without)\b.{0,20}\b(parameters?|arguments?|inputs?|params)\b|^\s*(none|n\/a|-|—|nothing)\.?\s*$|\btakes no\b|\bno (required )?(input|arguments?)\b/i;
const NO_PARAMS_START =
  /^\s*((this tool )?(takes|accepts|requires|has|needs) no (input )?(parameters|arguments|params|inputs?)\b|no (input )?(parameters|arguments|params|inputs?)\b[^.]*\.?)/i;
const LABEL_TEXT = /^\s*([A-Za-z][\w -]{0,30}?)\s*:\s*/;

/** Result of reading one tool section. */
export interface ReadResult {
  tool: ToolSpec;
  /** Set when the section is an unfilled template stub rather than a tool. */
  template?: string;
}

/**
 * Reads one tool: the content under its heading (description, bold labels), then each
 * subsection, classified by title; within a section, bold labels (`**Parameters**:`,
 * `- **Returns**: …`) switch what the following content describes.
 */
export function readTool(section: ToolSection, ctx: ReadContext): ReadResult {
  const parts: Parts = {
    description: [],
    stated: {},
    input: {},
    output: {},
    errors: [],
    examples: [],
    security: [],
    stray: [],
  };
  const reader = new Reader(ctx, parts, section.name.split(".").pop()!);
  if (section.row) reader.readRow(section);
  if (section.head) reader.walk(section.head.nodes, { kind: "description", locked: false });
  let current: { kind: SectionKind; depth: number } | undefined;
  for (const block of section.body) {
    // A subsection of a classified section (e.g. "#### JSON Schema" under "### Input") belongs to it.
    let own = classifySection(block.title);
    if (own === "schema")
      own = current && block.depth > current.depth && current.kind === "output" ? "output" : "input";
    const kind = own === "other" && current && block.depth > current.depth ? current.kind : own;
    if (own !== "other" || !current || block.depth <= current.depth) current = { kind, depth: block.depth };
    if (kind === "input" || kind === "output") parts[kind].loc ??= locOf(ctx.doc, block.heading);
    if (kind === "examples") parts.examplesLoc ??= locOf(ctx.doc, block.heading);
    if (kind === "security" && block.nodes.length) parts.securityLoc ??= locOf(ctx.doc, block.heading);
    if (kind === "errors" && block.nodes.length) parts.errorsLoc ??= locOf(ctx.doc, block.heading);
    reader.walk(block.nodes, { kind, locked: LOCKED_KINDS.has(kind) });
  }
  return reader.finish(section);
}

class Reader {
  constructor(
    private readonly ctx: ReadContext,
    private readonly parts: Parts,
    private readonly ownName: string,
  ) {}

  private get doc(): MarkdownDocument {
    return this.ctx.doc;
  }

  walk(nodes: readonly RootContent[], state: State): void {
    for (const node of nodes) {
      switch (node.type) {
        case "paragraph":
          this.paragraph(node, state);
          state.intro = inlineText(node.children);
          continue;
        case "list":
          this.list(node, state);
          break;
        case "table":
          this.table(node, state);
          break;
        case "code":
          this.code(node, state);
          break;
        case "blockquote":
          if (state.kind === "description") this.addDescription(sourceOf(this.doc, node).trim(), locOf(this.doc, node));
          break;
        default:
          break;
      }
      state.intro = undefined;
    }
  }

  // ------------------------------------------------------------ paragraphs and labels

  private paragraph(p: Paragraph, state: State): void {
    const segments = labelSegments(p.children, state.locked);
    for (const seg of segments) {
      const at = seg.labelNodes[0]?.position ? seg.labelNodes[0] : seg.nodes[0];
      const loc = at ? locOf(this.doc, at) : locOf(this.doc, p);
      if (seg.label === undefined) {
        this.content(state.kind, seg.nodes, loc);
        continue;
      }
      const value = inlineText(seg.nodes).trim();
      if (this.annotationLabel(seg.label, value, seg.nodes, loc, state.kind)) continue;
      let kind = classifySection(seg.label);
      if (state.locked || kind === "other" || kind === "annotations" || kind === "version") {
        // "**Input Validation**: …" inside Security is content; "**Category**: x" says nothing we use.
        if (state.locked) this.content(state.kind, [...seg.labelNodes, ...seg.nodes], loc);
        continue;
      }
      if (kind === "schema") kind = state.kind === "output" ? "output" : "input";
      if (kind === "input" || kind === "output") this.parts[kind].loc ??= loc;
      if (kind === "examples") this.parts.examplesLoc ??= loc;
      state.kind = kind;
      if (value) this.labelValue(kind, seg.nodes, loc);
    }
  }

  /** Labels that state a fact about the tool rather than start a section. */
  private annotationLabel(
    label: string,
    value: string,
    nodes: PhrasingContent[],
    loc: SourceLocation,
    kind: SectionKind,
  ): boolean {
    const l = label.toLowerCase().replace(/[-_]/g, " ").trim();
    const parts = this.parts;
    const yes = /^(yes|true|y)\b/i.test(value);
    const no = /^(no|false|n)\b/i.test(value);
    if (l === "version") {
      const v = /v?(\d+\.\d+\.\d+[^\s|,]*)/.exec(value);
      parts.version ??= { value: v ? v[1]! : value.replace(/[`*]/g, "").trim(), loc };
      return true;
    }
    if (l === "title") return ((parts.title ??= value.replace(/[`*]/g, "").trim()), true);
    if (l === "read only" || l === "readonly" || l === "readonlyhint")
      return yes || no ? ((parts.stated.readOnlyHint = yes), true) : false;
    if (l === "destructive" || l === "destructivehint")
      return yes || no ? ((parts.stated.destructiveHint = yes), true) : false;
    if (l === "open world" || l === "openworld" || l === "openworldhint")
      return yes || no ? ((parts.stated.openWorldHint = yes), true) : false;
    if (l === "idempotenthint") return yes || no ? ((parts.stated.idempotentHint = yes), true) : false;
    if (l === "deprecated") {
      if (no) return true;
      const since = /(?:since|in)\s+v?(\d+\.\d+\.\d+)/i.exec(value)?.[1];
      const message = value.replace(/^(yes|true)\b[\s.,;:—–-]*/i, "").trim();
      parts.deprecated = { ...(since ? { since } : {}), ...(message ? { message } : {}) };
      return true;
    }
    if (l === "idempotent" || (kind === "idempotency" && l.startsWith("idempot"))) {
      parts.idempotencyLoc ??= loc;
      readIdempotency(value, parts);
      return true;
    }
    if (kind === "idempotency" && l === "explanation") {
      if (parts.idempotency) parts.idempotency.explanation = value;
      return true;
    }
    if (l === "mcp name" || l === "wire name") {
      const code = nodes.find((c) => c.type === "inlineCode");
      const name = (
        code && code.type === "inlineCode" ? code.value : (value.replace(/[`*]/g, "").split(/\s/)[0] ?? "")
      ).trim();
      if (name) parts.wireName = { name, loc: code ? locOf(this.doc, code) : loc };
      return true;
    }
    if (l === "module") {
      const module = value.replace(/[`*]/g, "").trim();
      if (module) parts.module = module;
      return true;
    }
    if ((l === "invocation name" || l === "invocation" || l === "tool name") && !parts.invocation) {
      const code = nodes.find((c) => c.type === "inlineCode");
      const name = (
        code && code.type === "inlineCode" ? code.value : (value.replace(/[`*]/g, "").split(/\s/)[0] ?? "")
      ).trim();
      if (name) parts.invocation = { name, loc: code ? locOf(this.doc, code) : loc };
      return true;
    }
    return false;
  }

  /** The text after a section label (`**Parameters**: None`, `**Input Schema**: \`{…}\``…). */
  private labelValue(kind: SectionKind, nodes: PhrasingContent[], loc: SourceLocation): void {
    const text = inlineText(nodes).trim();
    switch (kind) {
      case "input":
      case "output":
        this.sideText(kind, nodes, loc, true);
        break;
      case "description":
        this.addDescription(sourceOfNodes(this.doc, nodes) || text, loc);
        break;
      case "security":
        this.parts.securityLoc ??= loc;
        this.parts.security.push(sourceOfNodes(this.doc, nodes) || text);
        break;
      case "errors":
        this.parts.errorsLoc ??= loc;
        break;
      case "idempotency":
        this.parts.idempotencyLoc ??= loc;
        readIdempotency(text, this.parts);
        break;
      case "invocation": {
        const code = nodes.find((c) => c.type === "inlineCode");
        const name = (code && code.type === "inlineCode" ? code.value : (text.split(/\s/)[0] ?? "")).trim();
        if (name && !this.parts.invocation) this.parts.invocation = { name, loc: code ? locOf(this.doc, code) : loc };
        break;
      }
      default:
        break;
    }
  }

  /** A paragraph (or the rest of one) without a label, in the current section. */
  private content(kind: SectionKind, nodes: PhrasingContent[], loc: SourceLocation): void {
    const text = inlineText(nodes).trim();
    if (!text) return;
    const parts = this.parts;
    switch (kind) {
      case "description": {
        let source = sourceOfNodes(this.doc, nodes) || text;
        const none = NO_PARAMS_START.exec(source);
        if (none) {
          parts.input.none ??= loc;
          source = source.slice(none[0].length).trim();
        }
        if (source) this.addDescription(joinLines(source), loc);
        break;
      }
      case "input":
      case "output":
        this.sideText(kind, nodes, loc, false);
        break;
      case "invocation":
        if (!parts.invocation) {
          const code = nodes.find((c) => c.type === "inlineCode");
          const name = (code && code.type === "inlineCode" ? code.value : (text.split(/\s/)[0] ?? "")).trim();
          if (name) parts.invocation = { name, loc: code ? locOf(this.doc, code) : loc };
        }
        break;
      case "version":
        if (!parts.version) {
          const v = /v?(\d+\.\d+\.\d+\S*)/.exec(text);
          parts.version = { value: v ? v[1]! : text, loc };
        }
        break;
      case "idempotency":
        parts.idempotencyLoc ??= loc;
        readIdempotency(text, parts);
        break;
      case "security":
        parts.securityLoc ??= loc;
        parts.security.push(sourceOfNodes(this.doc, nodes) || text);
        break;
      case "errors":
        parts.errorsLoc ??= loc;
        break;
      default:
        break;
    }
  }

  /** Text in an input/output section or after its label: "None", inline JSON, signatures, a type. */
  private sideText(kind: "input" | "output", nodes: PhrasingContent[], loc: SourceLocation, fromLabel: boolean): void {
    const side = this.parts[kind];
    const text = inlineText(nodes).trim();
    if (NO_PARAMS.test(text) && (fromLabel || text.length < 80)) {
      if (kind === "input") side.none ??= loc;
      return;
    }
    const codes = nodes.filter((n) => n.type === "inlineCode");
    const json = codes.find((c) => /^\s*\{[\s\S]*\}\s*$/.test(c.value));
    if (json) {
      const cv = readInlineJson(this.doc, json);
      if (cv) this.schemaValue(cv, kind, false);
      if (!side.schema && !side.fields) {
        const shape = shapeFields(json.value, locOf(this.doc, json));
        if (shape) side.fields ??= { value: shape, loc: locOf(this.doc, json) };
      }
      return;
    }
    // "Input: `path` (string)": one parameter written like a bullet.
    const lead = nodes.find((n) => !(n.type === "text" && !n.value.trim()));
    if (lead?.type === "inlineCode" && !/[:=]/.test(lead.value)) {
      const rest = inlineText(nodes.slice(nodes.indexOf(lead) + 1));
      const inParens = /^\s*\(([^,)]*)/.exec(rest)?.[1]?.trim() ?? "";
      const typed =
        /^[A-Za-z]/.test(inParens) &&
        !parseTypeString(inParens).unknown?.length &&
        parseTypeString(inParens).schema.type !== undefined;
      if (typed) {
        const one = fieldFromInline(
          this.doc,
          { type: "paragraph", children: nodes.slice(nodes.indexOf(lead)) },
          this.ctx.diagnostics,
        );
        if (one) {
          side.fields ??= { value: [one], loc };
          return;
        }
      }
    }
    const sig = signatureFields(this.doc, nodes, this.ctx.diagnostics, kind === "input");
    if (sig) {
      if (!side.fields) side.fields = { value: sig, loc };
      return;
    }
    if (!fromLabel && /^[A-Z]/.test(text) && text.length > 20)
      this.parts.stray.push({ text: joinLines(sourceOfNodes(this.doc, nodes) || text), loc });
    // `**Returns**: \`dict\` -- Dictionary with …`: a type and a description.
    const first = nodes.find((n) => !(n.type === "text" && !n.value.trim()));
    if (kind === "output" && fromLabel && first?.type === "inlineCode") {
      const { schema, unknown } = parseTypeString(first.value);
      if (!unknown?.length && schema.type) {
        const rest = inlineText(nodes.slice(nodes.indexOf(first) + 1))
          .replace(/^\s*[-—–:]+\s*/, "")
          .trim();
        side.typeOnly ??= { value: { ...schema, ...(rest ? { description: rest } : {}) }, loc: locOf(this.doc, first) };
      }
    }
  }

  private addDescription(text: string, loc: SourceLocation): void {
    if (!text.trim()) return;
    this.parts.description.push(text.trim());
    this.parts.descriptionLoc ??= loc;
  }

  // ------------------------------------------------------------ lists

  private list(list: List, state: State): void {
    const parts = this.parts;
    const labelled = !state.locked && list.children.some((item) => isStructuralLabel(itemLabel(item)));
    if (labelled) {
      for (const item of list.children) {
        if (itemLabel(item) === undefined) {
          this.walk(item.children as RootContent[], { ...state });
          continue;
        }
        // Each labelled item ("- **Parameters**:" + nested list) is its own little section.
        const sub: State = { kind: state.kind, locked: false };
        this.walk(item.children as RootContent[], sub);
      }
      return;
    }
    switch (state.kind) {
      case "input":
      case "output": {
        const side = parts[state.kind];
        const fields = fieldsFromList(this.doc, list, this.ctx.diagnostics);
        if (fields) {
          if (!side.fields) side.fields = { value: fields, loc: locOf(this.doc, list) };
        } else if (state.kind === "input" && NO_PARAMS.test(inlineOrList(list))) side.none ??= locOf(this.doc, list);
        break;
      }
      case "description": {
        const text = sourceOf(this.doc, list).trim();
        this.addDescription(text, locOf(this.doc, list));
        break;
      }
      case "errors":
        parts.errorsLoc ??= locOf(this.doc, list);
        parts.errors.push(...errorsFromList(list));
        break;
      case "idempotency":
        parts.idempotencyLoc ??= locOf(this.doc, list);
        readIdempotency(inlineOrList(list), parts);
        break;
      case "security":
        parts.securityLoc ??= locOf(this.doc, list);
        for (const item of list.children)
          parts.security.push(
            sourceOf(this.doc, item)
              .replace(/^\s*[-*+]\s+/, "")
              .trim(),
          );
        break;
      case "annotations":
        for (const item of list.children) {
          const m = /^\s*\**([^:*]+?)\**\s*:\s*(.*)$/s.exec(inlineOrList(item));
          if (m) this.annotationLabel(m[1]!.trim(), m[2]!.trim(), [], locOf(this.doc, item), "annotations");
        }
        break;
      case "examples":
        for (const item of list.children)
          this.walk(item.children.filter((c) => c.type === "code") as RootContent[], { ...state });
        break;
      default:
        break;
    }
  }

  // ------------------------------------------------------------ tables

  private table(table: Table, state: State): void {
    const parts = this.parts;
    let kind = state.kind;
    if (kind === "errors") {
      parts.errorsLoc ??= locOf(this.doc, table);
      parts.errors.push(...errorsFromTable(table));
      return;
    }
    if (kind !== "input" && kind !== "output") {
      if (state.locked || !isFieldTable(table)) return;
      const first = cellTextOf(table.children[0]?.children[0]);
      kind =
        /\b(field|return|output|result|response)/i.test(first) || parts.input.fields || parts.input.schema
          ? "output"
          : "input";
      if (kind === "output" && parts.output.fields) return;
    }
    const side = parts[kind];
    if (side.fields) {
      this.nestedTable(table, kind, state.intro);
      return;
    }
    const read = fieldsFromTable(this.doc, table, this.ctx.diagnostics, kind === "input");
    if (!read) return;
    if (read.none && kind === "input") side.none ??= locOf(this.doc, table);
    else if (read.fields.length) side.fields = { value: read.fields, loc: locOf(this.doc, table) };
  }

  /**
   * A second table right after "The `circuit` object schema:" or "Each item in
   * `results` contains:" describes the fields of that parameter (of its items for arrays).
   */
  private nestedTable(table: Table, kind: "input" | "output", intro: string | undefined): void {
    const side = this.parts[kind];
    if (!intro || !side.fields) return;
    const names = new Set(side.fields.value.map((f) => f.name));
    const mentioned = [...intro.matchAll(/[`"']?([A-Za-z_][\w.]*)[`"']?/g)]
      .map((m) => m[1]!)
      .filter((n) => names.has(n));
    const target = mentioned.length === 1 ? mentioned[0]! : undefined;
    if (!target) return;
    const read = fieldsFromTable(this.doc, table, this.ctx.diagnostics, kind === "input");
    if (!read?.fields.length) return;
    const parent = side.fields.value.find((f) => f.name === target)!;
    const isArray =
      parent.schema.type === "array" || (Array.isArray(parent.schema.type) && parent.schema.type.includes("array"));
    const prefix = `${target}${isArray ? "[]" : ""}.`;
    side.fields.value.push(...read.fields.map((f) => ({ ...f, name: prefix + f.name })));
  }

  // ------------------------------------------------------------ code blocks

  private code(code: Code, state: State): void {
    const parts = this.parts;
    if (state.kind === "examples") {
      parts.examplesLoc ??= locOf(this.doc, code);
      parts.examples.push(...this.examples(code));
      return;
    }
    if (
      (code.lang && /^(py|python|python3)$/i.test(code.lang)) ||
      (!code.lang && /^\s*(async\s+)?def\s/.test(code.value))
    ) {
      // `def tool(a: str, b: int = 5)`: the parameters, when nothing else gives them.
      const input = parts.input;
      if (
        !input.fields &&
        !input.schema &&
        !input.none &&
        (state.kind === "input" || state.kind === "schema" || state.kind === "description")
      ) {
        const fields = defSignatureFields(
          this.doc,
          code,
          this.ctx.diagnostics,
          state.kind === "input" ? undefined : this.ownName,
        );
        if (fields) input.fields = { value: fields, loc: locOf(this.doc, code) };
      }
      return;
    }
    const cv = readCodeValue(this.doc, code);
    if (!cv) return;
    const yaml = !!code.lang && /^ya?ml$/i.test(code.lang);
    const reading = this.schemaValue(cv, state.kind === "output" ? "output" : "input", yaml, state.kind);
    if (reading === "instance" && (state.kind === "description" || state.kind === "other" || state.kind === "input")) {
      // A tool call written where no example section was opened.
      const ex = classifyExample(cv.value);
      if (ex?.kind === "call" && ex.toolName && this.isThisTool(ex.toolName)) {
        parts.examplesLoc ??= locOf(this.doc, code);
        parts.examples.push(...this.examples(code));
      }
    }
  }

  private isThisTool(name: string): boolean {
    return name.split(".").pop() === this.ownName;
  }

  private examples(code: Code): ToolExample[] {
    const exs = readExamples(this.doc, code, this.ctx.diagnostics, this.ctx.toolNames);
    return exs.map((e) =>
      e.toolName?.includes(".") ? { ...e, toolName: this.ctx.normalizeName(e.toolName).name } : e,
    );
  }

  /**
   * Files a JSON/YAML value as a descriptor, a schema for `side`, or an instance.
   * `where` is the section the value sits in: a schema outside input/output sections
   * is taken as the input schema only when there is none yet.
   */
  private schemaValue(
    cv: CodeValue,
    side: "input" | "output",
    yaml: boolean,
    where: SectionKind = side,
  ): "descriptor" | "schema" | "instance" {
    const reading = readSchemaValue(cv, yaml, this.ctx.diagnostics);
    const parts = this.parts;
    if (reading.kind === "instance") return "instance";
    if (cv.lenient) {
      const what = yaml ? "YAML" : "JSON";
      this.ctx.diagnostics.warning(
        "SPEC_JSON_LENIENT",
        cv.lenientLoc ?? cv.loc,
        `this ${what} schema block is not strict ${what} (${cv.lenient}); it was read leniently`,
        yaml ? 'quote values that contain ": "' : "remove comments, trailing commas and other non-JSON syntax",
      );
    }
    if (reading.kind === "descriptor") {
      if (reading.input && !parts.input.schema) parts.input.schema = { value: reading.input, loc: reading.loc };
      if (reading.output && !parts.output.schema) parts.output.schema = { value: reading.output, loc: reading.loc };
      if (reading.description && !parts.description.length) this.addDescription(reading.description, reading.loc);
      parts.descriptorName ??= reading.name;
      return "descriptor";
    }
    if (where !== "input" && where !== "output" && parts.input.schema) return "schema";
    if (!parts[side].schema) parts[side].schema = { value: reading.schema, loc: reading.loc };
    return "schema";
  }

  // ------------------------------------------------------------ summary-table rows

  readRow(section: ToolSection): void {
    const row = section.row!;
    if (row.description) this.addDescription(row.description, row.loc);
    if (row.params) this.rowParams(row.params.nodes, row.params.loc);
    // A list item naming the tool: its nested items describe it like a small section.
    if (row.item) {
      const state: State = { kind: "description", locked: false };
      for (const child of row.item.children.slice(1)) {
        if (child.type !== "list") {
          this.walk([child as RootContent], state);
          continue;
        }
        for (const sub of child.children) {
          // `- \`name\`: Repository name (string, required)` items are the parameters.
          const para = sub.children[0];
          const field =
            para?.type === "paragraph" && !isStructuralLabel(itemLabel(sub)) && state.kind === "description"
              ? fieldFromInline(this.doc, para, this.ctx.diagnostics)
              : undefined;
          if (field && (para as Paragraph).children[0]?.type !== "text") {
            const input = this.parts.input;
            input.fields ??= { value: [], loc: field.loc };
            input.fields.value.push(field);
            continue;
          }
          this.walk(sub.children as RootContent[], state);
        }
      }
    }
  }

  /** A Parameters cell of a summary table: signatures, or "none". */
  rowParams(nodes: PhrasingContent[], loc: SourceLocation): void {
    const text = inlineText(nodes).trim();
    if (!text || /^[-–—]+$/.test(text)) return;
    this.sideText("input", nodes, loc, true);
  }

  // ------------------------------------------------------------ assembly

  finish(section: ToolSection): ReadResult {
    const { diagnostics } = this.ctx;
    const parts = this.parts;
    let raw = parts.invocation?.name ?? section.name;
    if (!section.explicit || /\s/.test(raw)) {
      // A heading such as "Tool: Echo Tool" names the tool only loosely; the examples may say more.
      if (/\s/.test(raw) && !parts.invocation) {
        const call = parts.examples.find((e) => e.kind === "call" && e.toolName);
        raw = call?.toolName ?? parts.descriptorName ?? raw;
      }
    }
    raw = raw.replace(/[`*]/g, "").trim();
    const exact = parts.wireName;
    const { name, module } = exact
      ? {
          name: exact.name,
          module:
            parts.module ??
            (exact.name.includes(".") ? exact.name.slice(0, exact.name.lastIndexOf(".")) : this.ctx.module),
        }
      : this.ctx.normalizeName(raw);
    const nameLoc = exact?.loc ?? parts.invocation?.loc ?? section.nameLoc;
    const input = resolveSide(parts.input, "input", diagnostics);
    const output = resolveSide(parts.output, "output", diagnostics);
    if (!parts.description.length && parts.stray.length) this.addDescription(parts.stray[0]!.text, parts.stray[0]!.loc);
    const description = parts.description.join("\n\n").trim();
    const annotations = completeAnnotations(parts.stated, parts.idempotency);
    if (parts.stated.destructiveHint === true) markStatedDestructive(annotations);
    const tool: ToolSpec = {
      name,
      module,
      ...(parts.version ? { version: parts.version.value } : {}),
      ...(parts.title ? { title: parts.title } : {}),
      description,
      inputSchema: input?.value ?? undocumented(),
      ...(output ? { outputSchema: output.value } : {}),
      errors: parts.errors,
      ...(parts.idempotency ? { idempotency: parts.idempotency } : {}),
      annotations,
      ...(parts.deprecated ? { deprecation: parts.deprecated } : {}),
      examples: parts.examples,
      security: parts.security,
      format: "markdown",
      ...(exact ? { exactName: true } : {}),
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
    // An unfilled template: a stand-in description such as "[Tool description]".
    const template =
      description && isPlaceholder(description.replace(/^\*\*[^*]+\*\*:?\s*/, ""), { typeWords: false })
        ? description
        : undefined;
    return { tool, ...(template ? { template } : {}) };
  }
}

/**
 * Joins the lines of a paragraph with single spaces, dropping the spaces and tabs around
 * each line break. Written out rather than as a regular expression with `[ \t]*` on both
 * sides of `\n`, which retries at every space of a long run without a line break:
 * quadratic in the run.
 */
function joinLines(text: string): string {
  return text
    .split("\n")
    .map((line, i, lines) => {
      let start = 0;
      let end = line.length;
      if (i > 0) while (start < end && (line[start] === " " || line[start] === "\t")) start++;
      if (i < lines.length - 1) while (end > start && (line[end - 1] === " " || line[end - 1] === "\t")) end--;
      return line.slice(start, end);
    })
    .join(" ");
}

function undocumented(): JsonSchema {
  const schema: JsonSchema = { type: "object" };
  markSchema(schema, "undocumented");
  return schema;
}

/**
 * Picks the schema of one side. A JSON Schema the author wrote wins over a table; when
 * both are given they are compared and any disagreement is a warning at the table.
 */
function resolveSide(
  side: SchemaParts,
  which: "input" | "output",
  diagnostics: DiagnosticBag,
): { value: JsonSchema; loc: SourceLocation } | undefined {
  if (side.schema && side.fields)
    compareTableWithSchema(side.fields.value, side.schema.value, side.fields.loc, diagnostics);
  if (side.schema) {
    markSchema(side.schema.value, "explicit");
    return side.schema;
  }
  if (side.fields) {
    const schema = fieldsToSchema(side.fields.value);
    const value = which === "input" ? { ...schema, additionalProperties: false } : schema;
    markSchema(
      value,
      "inferred",
      side.fields.value.filter((f) => f.typed === false).map((f) => ({ name: f.name, loc: f.loc })),
    );
    return { value, loc: side.fields.loc };
  }
  if (side.none && which === "input") {
    const value: JsonSchema = { type: "object", properties: {}, additionalProperties: false };
    markSchema(value, "inferred");
    return { value, loc: side.none };
  }
  if (side.typeOnly) {
    markSchema(side.typeOnly.value, "inferred");
    return side.typeOnly;
  }
  return undefined;
}

function compareTableWithSchema(
  fields: FieldSpec[],
  schema: JsonSchema,
  loc: SourceLocation,
  diagnostics: DiagnosticBag,
): void {
  const props = (schema.properties ?? {}) as { [k: string]: JsonValue };
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const problems: string[] = [];
  const top = topLevelFields(fields);
  const tableNames = new Set(top.map((f) => f.name));
  for (const f of top) {
    // Own members only: a field named `constructor` is not in a schema because objects have one.
    const p = (Object.hasOwn(props, f.name) ? props[f.name] : undefined) as JsonSchema | undefined;
    if (!p) {
      problems.push(`"${f.name}" is in the table but not in the schema`);
      continue;
    }
    const tt = typeKey(f.schema);
    const st = typeKey(p);
    if (tt && st && tt !== st)
      problems.push(`"${f.name}" is ${typeText(f.schema)} in the table but ${typeText(p)} in the schema`);
    if (f.requiredStated && f.required !== required.has(f.name))
      problems.push(
        `"${f.name}" is ${f.required ? "required" : "optional"} in the table but ${required.has(f.name) ? "required" : "optional"} in the schema`,
      );
  }
  for (const k of Object.keys(props))
    if (!tableNames.has(k)) problems.push(`"${k}" is in the schema but not in the table`);
  if (problems.length) {
    diagnostics.warning(
      "SPEC_TABLE_SCHEMA_MISMATCH",
      loc,
      `the table disagrees with the JSON Schema: ${problems.join("; ")}`,
      "the JSON Schema is used; update the table (or the schema) so they agree",
    );
  }
}

function typeText(s: JsonSchema): string {
  return Array.isArray(s.type) ? s.type.join(" | ") : String(s.type);
}

/** A type for comparison: integer counts as number, null is ignored. */
function typeKey(s: JsonSchema): string | undefined {
  const t = s.type;
  if (typeof t === "string") return t === "integer" ? "number" : t;
  if (Array.isArray(t))
    return (
      [...new Set(t.filter((x) => x !== "null").map((x) => (x === "integer" ? "number" : String(x))))]
        .sort()
        .join("|") || undefined
    );
  return undefined;
}

// ------------------------------------------------------------ label segmentation

interface Segment {
  label?: string;
  labelNodes: PhrasingContent[];
  nodes: PhrasingContent[];
}

/**
 * Splits a paragraph at its labels: a bold run at the start of a line
 * (`**Version**: 1.2.3`, `**Returns** (success):`, `**Parameters:**`), a bold section
 * label later in a line (`No parameters. **Returns:** …`), or a plain "Parameters:" /
 * "Keyword-only:" at the start of the paragraph.
 */
export function labelSegments(children: readonly PhrasingContent[], locked: boolean): Segment[] {
  const segs: Segment[] = [{ labelNodes: [], nodes: [] }];
  let lineStart = true;
  for (let i = 0; i < children.length; i++) {
    const c = children[i]!;
    if (c.type === "strong") {
      const text = inlineText(c.children).trim();
      const next = children[i + 1];
      const colonInside = /:\s*$/.test(text);
      const colonAfter = next?.type === "text" && /^\s*(\([^)]*\))?\s*:/.test(next.value);
      const atEnd =
        !next || (next.type === "text" && /^\s*$/.test(next.value) && !children[i + 2]) || next.type === "break";
      const label = text.replace(/:\s*$/, "").trim();
      const isSection = ["input", "output", "examples", "schema"].includes(classifySection(label));
      if (
        (colonInside || colonAfter || (atEnd && isSection && lineStart)) &&
        label.split(/\s+/).length <= 6 &&
        (lineStart || (!locked && isSection))
      ) {
        const labelNodes: PhrasingContent[] = [c];
        const rest = next;
        lineStart = false;
        if (colonAfter && rest?.type === "text") {
          const m = /^\s*(\([^)]*\))?\s*:\s*/.exec(rest.value)!;
          labelNodes.push({ type: "text", value: m[0] });
          const remaining = rest.value.slice(m[0].length);
          segs.push({ label, labelNodes, nodes: remaining ? [shifted(rest, m[0])] : [] });
          lineStart = /\n\s*$/.test(rest.value);
          i++;
        } else segs.push({ label, labelNodes, nodes: [] });
        continue;
      }
    }
    segs[segs.length - 1]!.nodes.push(c);
    if (c.type === "break" || (c.type === "text" && /\n\s*$/.test(c.value))) lineStart = true;
    else if (!(c.type === "text" && !c.value.trim())) lineStart = false;
  }
  // A plain-text label opening the paragraph.
  const first = segs[0]!;
  if (segs.length >= 1 && first.label === undefined && first.nodes[0]?.type === "text" && !locked) {
    const t = first.nodes[0];
    const m = LABEL_TEXT.exec(t.value);
    if (m && ["input", "output", "examples", "schema"].includes(classifySection(m[1]!))) {
      const remaining = t.value.slice(m[0].length);
      segs[0] = {
        label: m[1]!,
        labelNodes: [{ type: "text", value: m[0] }],
        nodes: [...(remaining ? [shifted(t, m[0])] : []), ...first.nodes.slice(1)],
      };
    }
  }
  return segs.filter((s) => s.label !== undefined || s.nodes.length);
}

const FACT_LABELS =
  /^(version|title|read[ -]?only|destructive|open[ -]?world|idempotent|deprecated|invocation( name)?|tool name)$/i;

/** A label that opens a section or states a fact (not a field name such as "**path** (str):"). */
function isStructuralLabel(label: string | undefined): boolean {
  if (label === undefined) return false;
  return FACT_LABELS.test(label.trim()) || !["other", "annotations", "version"].includes(classifySection(label));
}

/** The label a list item starts with, if any. */
function itemLabel(item: ListItem): string | undefined {
  const para = item.children[0];
  if (para?.type !== "paragraph") return undefined;
  const seg = labelSegments(para.children, false)[0];
  return seg?.label;
}

/** The rest of a text node after `consumed`, with its position moved past it. */
function shifted(node: Extract<PhrasingContent, { type: "text" }>, consumed: string): PhrasingContent {
  const value = node.value.slice(consumed.length);
  const start = node.position?.start;
  if (!start || start.offset === undefined) return { type: "text", value };
  const lines = consumed.split("\n");
  const line = start.line + lines.length - 1;
  const column = lines.length > 1 ? lines[lines.length - 1]!.length + 1 : start.column + consumed.length;
  return {
    type: "text",
    value,
    position: { start: { line, column, offset: start.offset + consumed.length }, end: node.position!.end },
  };
}

function cellTextOf(cell: { children: PhrasingContent[] } | undefined): string {
  return cell ? inlineText(cell.children).trim() : "";
}

/**
 * `{status, running: bool, user?: dict}`: an object shape in TypeScript-like notation.
 * Returns the fields, or undefined when the text is not such a shape.
 */
function shapeFields(text: string, loc: SourceLocation): FieldSpec[] | undefined {
  const m = /^\s*\{([\s\S]*)\}\s*$/.exec(text);
  if (!m || /["']/.test(m[1]!)) return undefined;
  const out: FieldSpec[] = [];
  for (const part of splitTopLevel(m[1]!)) {
    const p = part.trim();
    if (!p || p === "..." || p === "…") continue;
    const f = /^([A-Za-z_]\w*)(\?)?\s*(?::\s*(.+))?$/.exec(p);
    if (!f) return undefined;
    const typed = !!f[3];
    const { schema } = typed ? parseTypeString(f[3]!) : { schema: {} };
    out.push({ name: f[1]!, schema, required: false, requiredStated: !!f[2], typed, loc });
  }
  return out.length ? out : undefined;
}

// ------------------------------------------------------------ idempotency and errors

/** Reads an idempotency statement ("Yes", "No — …", "Partially", "Depends on …", mixed lists). */
export function readIdempotency(text: string, parts: { idempotency?: Idempotency }): void {
  const clean = text.replace(/\*\*/g, "");
  const m =
    /^\W*(?:idempotent\w*\W*)?(yes|no|partial(?:ly)?|true|false|depends|conditional(?:ly)?|varies|mixed)\b[\s.,;:—–-]*(.*)$/is.exec(
      clean,
    );
  if (!m) {
    const negative = /\b(not|non)[\s-]idempotent\b/i.test(clean);
    const positive = /(^|[^-\w])idempotent\b/i.test(clean.replace(/\b(not|non)[\s-]idempotent\b/gi, ""));
    if (negative || positive) {
      parts.idempotency = {
        value: negative && positive ? "partial" : negative ? "no" : "yes",
        explanation: clean.trim(),
      };
      return;
    }
    if (parts.idempotency && !parts.idempotency.explanation) parts.idempotency.explanation = text.trim();
    return;
  }
  const word = m[1]!.toLowerCase();
  let value: Idempotency["value"] =
    word === "yes" || word === "true" ? "yes" : word === "no" || word === "false" ? "no" : "partial";
  const explanation = m[2]!.replace(/^explanation\s*:\s*/i, "").trim();
  // "No for "record", Yes for "summary"": both answers, depending on the call.
  const firstLine = clean.trim().split("\n")[0]!;
  const opposite = value === "yes" ? /\bno\s+(for|when|if|in|on)\b/i : /\byes\s+(for|when|if|in|on)\b/i;
  if (value !== "partial" && opposite.test(firstLine)) value = "partial";
  parts.idempotency = {
    value,
    ...(explanation
      ? { explanation }
      : parts.idempotency?.explanation
        ? { explanation: parts.idempotency.explanation }
        : {}),
  };
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
        description = text
          .slice(inlineText([first]).length)
          .replace(/^\s*[:—–-]\s*/, "")
          .trim();
      } else {
        const m = /^([A-Za-z][\w.]*(?:Error|Exception|Exceeded|NotFound|Denied|Timeout))\b\s*[:—–-]?\s*(.*)$/s.exec(
          text,
        );
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
      type: inlineText(r.children[typeCol]?.children ?? [])
        .replace(/[`*]/g, "")
        .trim(),
      description: descCol >= 0 ? inlineText(r.children[descCol]?.children ?? []).trim() : undefined,
    }))
    .filter((e) => e.type)
    .map((e) => ({ type: e.type, ...(e.description ? { description: e.description } : {}) }));
}

function inlineOrList(node: RootContent | ListItem): string {
  if (node.type === "paragraph") return inlineTextWithStrong(node);
  if (node.type === "list") return node.children.map(inlineOrList).join("\n");
  if (node.type === "listItem") return node.children.map((c) => inlineOrList(c as RootContent)).join("\n");
  return "";
}

/** Inline text that keeps `**` around strong runs, so labels stay recognisable. */
function inlineTextWithStrong(node: Paragraph): string {
  return node.children.map((c) => (c.type === "strong" ? `**${inlineText(c.children)}**` : inlineText([c]))).join("");
}
