import type { PhrasingContent } from "mdast";
import type { JsonSchema, SourceLocation } from "../../ir/types.js";
import { parseTypeString } from "../primitives/type-string.js";
import { jsonErrorReason, readInlineJson, readSchemaValue, type CodeValue } from "./blocks.js";
import { fieldFromInline, signatureFields, splitTopLevel } from "./bullets.js";
import { inlineText, locOf, sourceOfNodes } from "./document.js";
import type { FieldSpec } from "./fields.js";
import type { SectionKind } from "./sections.js";
import { addDescription, joinLines, type ToolReader } from "./tool-reader.js";
import { addDictProse, addOutputExample, addReturnsList } from "./output-inferred.js";

// What a spec says about a tool's parameters (input) and results (output) outside tables
// and lists: text after a label, inline JSON, signatures, and JSON/YAML values to file.

/** Text that says a side has no parameters ("None.", "No arguments", "Takes no input"). */
export const NO_PARAMS =
  /\b(no|none|without)\b.{0,20}\b(parameters?|arguments?|inputs?|params)\b|^\s*(none|n\/a|-|—|nothing)\.?\s*$|\btakes no\b|\bno (required )?(input|arguments?)\b/i;

/** Reads text in an input/output section or after its label: "None", inline JSON, signatures, a type. */
export function readSideText(
  r: ToolReader,
  kind: "input" | "output",
  nodes: PhrasingContent[],
  loc: SourceLocation,
  fromLabel: boolean,
): void {
  const side = r.parts[kind];
  const text = inlineText(nodes).trim();
  if (NO_PARAMS.test(text) && (fromLabel || text.length < 80)) {
    if (kind === "input") side.none ??= loc;
    return;
  }
  const codes = nodes.filter((n) => n.type === "inlineCode");
  const json = codes.find((c) => /^\s*\{[\s\S]*\}\s*$/.test(c.value));
  if (json) {
    const before = r.ctx.diagnostics.items.length;
    const cv = readInlineJson(r.doc, json);
    // `**Output**: \`{"content": "...", "size": 1234}\``: an example result, not a schema.
    if (cv) {
      if (fileSchemaValue(r, cv, kind, false) === "instance" && kind === "output") {
        addOutputExample(r, cv.value, cv.loc);
        // `{"result": …}` or `{"error": "…"}`: each is an example of the result.
        for (const other of codes.filter((c) => c !== json && /^\s*\{[\s\S]*\}\s*$/.test(c.value))) {
          const more = readInlineJson(r.doc, other);
          if (more && readSchemaValue(more, false, r.ctx.diagnostics).kind === "instance")
            addOutputExample(r, more.value, more.loc);
        }
      }
    } else if (/"/.test(json.value) && r.ctx.diagnostics.items.length === before)
      // Quoted keys say JSON was meant (an unquoted `{a, b?: int}` is a shape, read below).
      r.ctx.diagnostics.error(
        "SPEC_SCHEMA_UNREADABLE",
        locOf(r.doc, json),
        `this inline JSON ${kind} schema cannot be read, even leniently; no ${kind} schema is taken from it`,
        "fix the JSON's syntax (a JSON formatter shows where it breaks)",
      );
    if (!side.schema && !side.fields && !cv && !/["']/.test(json.value) && !balanced(json.value)) {
      // `{a, b: [{c, d], e}`: a bracket lost or doubled; the fields after it cannot be told apart.
      r.ctx.diagnostics.warning(
        "SPEC_CONTENT_IGNORED",
        locOf(r.doc, json),
        `the brackets in this inline \`{…}\` do not pair up; no ${kind === "input" ? "parameters are" : "result fields are"} read from it`,
        "pair every `{` with `}` and every `[` with `]`",
      );
      return;
    }
    if (!side.schema && !side.fields) {
      const shape = shapeFields(json.value, locOf(r.doc, json));
      if (shape) side.fields ??= { value: shape, loc: locOf(r.doc, json) };
    }
    return;
  }
  const open = codes.find((c) => /^\s*\{/.test(c.value) && !/\}\s*$/.test(c.value));
  if (open && codes.length === 1) {
    // `{a, b: [...]` lost its closing brace: neither JSON nor a shape, so no field is read from it.
    r.ctx.diagnostics.warning(
      "SPEC_CONTENT_IGNORED",
      locOf(r.doc, open),
      `this inline \`{…\` is not closed with \`}\`; no ${kind === "input" ? "parameters are" : "result fields are"} read from it`,
      "close the braces, or give a JSON Schema block",
    );
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
        r.doc,
        { type: "paragraph", children: nodes.slice(nodes.indexOf(lead)) },
        r.ctx.diagnostics,
      );
      if (one) {
        side.fields ??= { value: [one], loc };
        return;
      }
    }
  }
  const sig = signatureFields(r.doc, nodes, r.ctx.diagnostics, kind === "input");
  if (sig) {
    const known = side.fields?.value;
    if (!known) side.fields = { value: sig, loc };
    else if (kind === "input" && sig.some((f) => !known.some((k) => k.name === f.name)))
      // A second list naming parameters the first does not: another tool's, whose heading was lost.
      r.ctx.diagnostics.warning(
        "SPEC_TOOL_HEADING_MISSING",
        loc,
        `a second list of parameters in tool "${r.ownName}" (the first is at line ${side.fields!.loc.line}) names ${sig
          .filter((f) => !known.some((k) => k.name === f.name))
          .map((f) => `"${f.name}"`)
          .join(", ")}, which the first does not: it reads as another tool's, whose heading is missing; it is not read`,
        'add the missing tool heading (for example "## Tool: `name`") above the second tool\'s description',
      );
    return;
  }
  // "**Returns:** `status`, `content`, optional `message`.": result keys without types.
  if (kind === "output" && fromLabel && addReturnsList(r, nodes, loc)) return;
  if (!fromLabel && /^[A-Z]/.test(text) && text.length > 20)
    r.parts.stray.push({ text: joinLines(sourceOfNodes(r.doc, nodes) || text), loc, side: kind });
  // `**Returns**: \`dict\` -- Dictionary with …`: a type and a description.
  const first = nodes.find((n) => !(n.type === "text" && !n.value.trim()));
  if (kind === "output" && fromLabel && first?.type === "inlineCode") {
    const { schema, unknown } = parseTypeString(first.value);
    if (!unknown?.length && schema.type) {
      const rest = inlineText(nodes.slice(nodes.indexOf(first) + 1))
        .replace(/^\s*[-—–:]+\s*/, "")
        .trim();
      side.typeOnly ??= { value: { ...schema, ...(rest ? { description: rest } : {}) }, loc: locOf(r.doc, first) };
      // `dict` -- "Dictionary with `status`, `path` (str) and …": the keys of that object.
      if (schema.type === "object") addDictProse(r, nodes.slice(nodes.indexOf(first) + 1), loc);
      return;
    }
  }
  if (kind === "output" && addDictProse(r, nodes, loc)) return;
  if (kind === "output" && !side.schema && !side.fields && !side.typeOnly) {
    const typed = proseResultType(text);
    if (typed) side.typeOnly = { value: typed, loc };
  }
}

/**
 * "list of strings", "An integer — the count", "str or None.": a result given in prose as a
 * type that is not an object (an object result without fields says nothing a schema adds).
 * The text after a dash, colon or period becomes the description. Undefined for other prose.
 */
function proseResultType(text: string): JsonSchema | undefined {
  const body = text.replace(/^(?:a|an|one)\s+/i, "");
  // The type ends at the first dash, colon, semicolon or sentence-ending period.
  const end = /\s[-—–]|[—–:;]|\.(?=\s|$)/.exec(body);
  const head = (end ? body.slice(0, end.index) : body).trim();
  const rest = end ? body.slice(end.index + end[0].length).trim() : undefined;
  if (!head || head.split(/\s+/).length > 6) return undefined;
  const { schema, unknown } = parseTypeString(head);
  const type = schema.type;
  if (unknown?.length || type === undefined || type === "object" || type === "null") return undefined;
  return { ...schema, ...(rest ? { description: rest } : {}) };
}

/**
 * Files a JSON/YAML value as a descriptor, a schema for `side`, or an instance.
 * `where` is the section the value sits in: a schema outside input/output sections
 * is taken as the input schema only when there is none yet.
 */
export function fileSchemaValue(
  r: ToolReader,
  cv: CodeValue,
  side: "input" | "output",
  yaml: boolean,
  where: SectionKind = side,
): "descriptor" | "schema" | "instance" {
  const reading = readSchemaValue(cv, yaml, r.ctx.diagnostics);
  const parts = r.parts;
  if (reading.kind === "instance") return "instance";
  if (cv.lenient) {
    const what = yaml ? "YAML" : "JSON";
    r.ctx.diagnostics.warning(
      "SPEC_JSON_LENIENT",
      cv.lenientLoc ?? cv.loc,
      `this ${what} schema block is not strict ${what} (${jsonErrorReason(cv.lenient)} here); it was read leniently`,
      yaml ? 'quote values that contain ": "' : "remove comments, trailing commas and other non-JSON syntax",
    );
  }
  if (reading.kind === "descriptor") {
    if (reading.input && !parts.input.schema) parts.input.schema = { ...reading.input, loc: reading.loc };
    if (reading.output && !parts.output.schema) parts.output.schema = { ...reading.output, loc: reading.loc };
    if (reading.description && !parts.description.length) addDescription(r, reading.description, reading.loc);
    parts.descriptorName ??= reading.name;
    return "descriptor";
  }
  if (where !== "input" && where !== "output" && parts.input.schema) return "schema";
  if (!parts[side].schema) parts[side].schema = { ...reading.schema, loc: reading.loc };
  else if (where === side)
    // Two schemas for one side: often a lost "## Tool:" heading merged two tools into one.
    r.ctx.diagnostics.warning(
      "SPEC_CONTENT_IGNORED",
      reading.loc,
      `a second ${side} schema for this tool (the first is at line ${parts[side].schema!.loc.line}); only the first is used`,
      "give each tool one input and one output schema (is a tool heading missing above this one?)",
    );
  return "schema";
}

/** True when every `{`/`[` is closed by its own kind, in order. */
function balanced(text: string): boolean {
  const stack: string[] = [];
  for (const ch of text) {
    if (ch === "{" || ch === "[") stack.push(ch === "{" ? "}" : "]");
    else if ((ch === "}" || ch === "]") && stack.pop() !== ch) return false;
  }
  return stack.length === 0;
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
