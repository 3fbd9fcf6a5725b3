import type { Paragraph, PhrasingContent } from "mdast";
import type { SourceLocation } from "../../ir/types.js";
import { inlineText, locOf, sourceOfNodes } from "./document.js";
import { NO_PARAMS_START } from "./phrases.js";
import { classifySection, normalizeTitle, RESULT_EXAMPLES, type SectionKind } from "./sections.js";
import { nameIn, readFactLabel, readVersion } from "./tool-facts.js";
import { readIdempotency } from "./tool-idempotency.js";
import { labelSegments } from "./tool-labels.js";
import { addDescription, joinLines, type State, type ToolReader } from "./tool-reader.js";
import { readSideText } from "./tool-sides.js";
import { addDictProse } from "./output-inferred.js";

/**
 * Reads a paragraph: split at its labels, each part is content of the current section, a
 * fact about the tool, or (for section labels such as `**Parameters**:`) the start of a section.
 */
export function readParagraph(r: ToolReader, p: Paragraph, state: State): void {
  const segments = labelSegments(p.children, state.locked);
  for (const seg of segments) {
    const at = seg.labelNodes[0]?.position ? seg.labelNodes[0] : seg.nodes[0];
    const loc = at ? locOf(r.doc, at) : locOf(r.doc, p);
    if (seg.label === undefined) {
      content(r, state.kind, seg.nodes, loc);
      continue;
    }
    const value = inlineText(seg.nodes).trim();
    if (readFactLabel(r, seg.label, value, seg.nodes, loc, state.kind)) continue;
    let kind = classifySection(seg.label);
    if (state.locked || kind === "other" || kind === "annotations" || kind === "version") {
      // "**Input Validation**: …" inside Security is content; "**Category**: x" says nothing we use.
      if (state.locked) content(r, state.kind, [...seg.labelNodes, ...seg.nodes], loc);
      continue;
    }
    if (kind === "schema") kind = state.kind === "output" ? "output" : "input";
    if (kind === "input" || kind === "output") r.parts[kind].loc ??= loc;
    if (kind === "examples") r.parts.examplesLoc ??= loc;
    state.kind = kind;
    state.results = kind === "examples" && RESULT_EXAMPLES.test(normalizeTitle(seg.label));
    if (value) labelValue(r, kind, seg.nodes, loc);
  }
}

/** The text after a section label (`**Parameters**: None`, `**Input Schema**: \`{…}\``…). */
function labelValue(r: ToolReader, kind: SectionKind, nodes: PhrasingContent[], loc: SourceLocation): void {
  const text = inlineText(nodes).trim();
  switch (kind) {
    case "input":
    case "output":
      readSideText(r, kind, nodes, loc, true);
      break;
    case "description":
      addDescription(r, sourceOfNodes(r.doc, nodes) || text, loc);
      break;
    case "security":
      r.parts.securityLoc ??= loc;
      r.parts.security.push(sourceOfNodes(r.doc, nodes) || text);
      break;
    case "errors":
      r.parts.errorsLoc ??= loc;
      break;
    case "idempotency":
      r.parts.idempotencyLoc ??= loc;
      readIdempotency(text, r.parts);
      break;
    case "invocation":
      r.parts.invocation ??= nameIn(r, nodes, text, loc);
      break;
    default:
      break;
  }
}

/** A paragraph (or the rest of one) without a label, in the current section. */
function content(r: ToolReader, kind: SectionKind, nodes: PhrasingContent[], loc: SourceLocation): void {
  const text = inlineText(nodes).trim();
  if (!text) return;
  const parts = r.parts;
  switch (kind) {
    case "description": {
      let source = sourceOfNodes(r.doc, nodes) || text;
      const none = NO_PARAMS_START.exec(source);
      if (none && parts.input.fields)
        // "No parameters." after this tool's parameter table: the text of another tool whose heading was lost.
        r.ctx.diagnostics.warning(
          "SPEC_TOOL_HEADING_MISSING",
          loc,
          `this says the tool takes no parameters, yet tool "${r.ownName}" has a parameter table (line ${parts.input.fields.loc.line}): it reads as another tool whose heading is missing, and it is read as part of "${r.ownName}"`,
          'add the missing tool heading (for example "## Tool: `name`") above this text',
        );
      if (none) {
        parts.input.none ??= loc;
        source = source.slice(none[0].length).trim();
      }
      if (source) addDescription(r, joinLines(source), loc);
      // "Returns a dictionary with `tables`, `columns` and `row_count`.": the result's keys.
      addDictProse(r, nodes, loc, true);
      break;
    }
    case "input":
    case "output":
      readSideText(r, kind, nodes, loc, false);
      break;
    case "invocation":
      // "This tool takes no parameters." under the name (its Parameters heading lost) says it all the same.
      if (NO_PARAMS_START.test(text)) parts.input.none ??= loc;
      else parts.invocation ??= nameIn(r, nodes, text, loc);
      break;
    case "version":
      parts.version ??= { value: readVersion(text), loc };
      break;
    case "idempotency":
      parts.idempotencyLoc ??= loc;
      readIdempotency(text, parts);
      break;
    case "security":
      parts.securityLoc ??= loc;
      parts.security.push(sourceOfNodes(r.doc, nodes) || text);
      break;
    case "errors":
      parts.errorsLoc ??= loc;
      break;
    default:
      break;
  }
}
