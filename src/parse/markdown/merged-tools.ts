import type { Paragraph, RootContent } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { SourceLocation } from "../../ir/types.js";
import { inlineText, locOf, type MarkdownDocument } from "./document.js";
import type { ToolSection } from "./discover.js";
import { classifySection, normalizeTitle, type SectionKind } from "./sections.js";
import { labelSegments } from "./tool-labels.js";

/** Parts whose heading or label ends a tool's preamble (description, labels such as "**Read-only**"). */
const PARTS = new Set<SectionKind>(["input", "output", "schema", "examples", "errors", "security", "invocation"]);

/** One step of a tool's section as this check sees it: a part's heading or label, or a plain paragraph. */
interface Step {
  kind: SectionKind | "plain" | "intro" | "content";
  loc: SourceLocation;
  /** The heading's or label's title, normalised (numbering and marks dropped); "" for other steps. */
  title: string;
  /** The title as written, for the message. */
  what: string;
  /** A sub-heading (where a tool's first section starts) or a thematic break (`---`, where tools part). */
  mark?: "heading" | "rule";
  /** The tool a JSON or YAML tool descriptor in a code block names (`{"name": …, "inputSchema": …}`). */
  descriptor?: string;
}

/**
 * Titles of the parts a tool states once: a second one with the same title means a second
 * tool. ("Input Validation" or "Returns (error)" beside "Returns (success)" are not.)
 */
const ONCE =
  /^(input schema|inputs?|parameters?|params|arguments?|args|returns?|return value|outputs?|output schema|results?|responses?|invocation( name)?)( \((parameters|return value)\))?$/;

/**
 * Reports a tool section that holds the parts of two tools: a Parameters, Returns or
 * Invocation heading or label that comes again after the tool already had one. That is
 * what a lost tool heading leaves (the second tool is read as part of the first, its own
 * parts dropped). The warning is at the second tool's first plain paragraph (its
 * description, right under where its heading was), or at the repeated part.
 */
export function reportMergedTools(doc: MarkdownDocument, sections: readonly ToolSection[], diagnostics: DiagnosticBag) {
  for (const section of sections) {
    if (!section.head || section.row) continue;
    const steps = stepsOf(doc, section);
    if (reportSecondDescriptor(section, steps, diagnostics)) continue;
    const seen = new Map<string, Step>();
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      if (!ONCE.test(step.title)) continue;
      const first = seen.get(step.title);
      if (!first) {
        seen.set(step.title, step);
        continue;
      }
      let start = step;
      // Back over the second tool's preamble (its description, "**Read-only**: Yes"…) to
      // the first tool's last part: where the lost heading was.
      for (let j = i - 1; j >= 0; j--) {
        const s = steps[j]!;
        if (s.mark === "rule") break;
        if (s.kind === "content" || s.kind === "intro") continue;
        if (ONCE.test(s.title) || PARTS.has(s.kind as SectionKind)) break;
        start = s;
        // "### 1. Tool Purpose" right after the lost heading: nothing before it is the second tool's.
        if (s.mark === "heading") break;
      }
      diagnostics.warning(
        "SPEC_TOOL_HEADING_MISSING",
        start.loc,
        `tool "${section.name}" has a second "${step.what}" (line ${step.loc.line}; the first is at line ${first.loc.line}), so what follows ${start === step ? "it" : "here"} reads as another tool whose heading is missing; it is read as part of "${section.name}" and its own parameters and results are not read`,
        'add the missing tool heading (for example "## Tool: `name`") above the second tool\'s description',
      );
      break;
    }
  }
}

/** The steps of a section: sub-headings, labelled paragraphs and list items, plain paragraphs, other content. */
function stepsOf(doc: MarkdownDocument, section: ToolSection): Step[] {
  const steps: Step[] = [];
  // Every label of a paragraph ("**Description**: …\n**Input Schema**: …" is one paragraph).
  const labels = (para: Paragraph): Step[] =>
    labelSegments(para.children, false).flatMap((seg, i) => {
      if (!seg.label) return [];
      // "**Returns** (error):" beside "**Returns** (success):" is a variant, not a second part.
      const qualifier = firstParenthesised(seg.labelNodes.map((n) => (n.type === "text" ? n.value : "")).join(""));
      const what = qualifier ? `${seg.label} ${qualifier}` : seg.label;
      const at = i > 0 && seg.labelNodes[0]?.position ? seg.labelNodes[0] : para;
      return [{ kind: classifySection(seg.label), loc: locOf(doc, at), title: normalizeTitle(what), what }];
    });
  const label = (para: Paragraph): Step | undefined => labels(para)[0];
  const visit = (node: RootContent) => {
    if (node.type === "paragraph") {
      const labelled = labels(node);
      if (labelled.length) steps.push(...labelled);
      else {
        const text = inlineText(node.children).trim();
        steps.push({ kind: /:$/.test(text) ? "intro" : "plain", loc: locOf(doc, node), title: "", what: "" });
      }
      return;
    }
    if (node.type === "list") {
      for (const item of node.children) {
        const para = item.children[0];
        const labelled = para?.type === "paragraph" ? label(para) : undefined;
        steps.push(labelled ?? { kind: "content", loc: locOf(doc, item), title: "", what: "" });
      }
      return;
    }
    const descriptor = node.type === "code" ? descriptorName(node.value) : undefined;
    steps.push({
      kind: "content",
      loc: locOf(doc, node),
      title: "",
      what: "",
      ...(node.type === "thematicBreak" ? { mark: "rule" as const } : {}),
      ...(descriptor ? { descriptor } : {}),
    });
  };
  for (const block of [section.head!, ...section.body]) {
    if (block !== section.head && block.heading)
      steps.push({
        kind: classifySection(block.title),
        loc: locOf(doc, block.heading),
        title: normalizeTitle(block.title),
        what: block.title,
        mark: "heading",
      });
    for (const node of block.nodes) visit(node);
  }
  return steps;
}

/** The first "(…)" in `text`, brackets included, or undefined (found by index: linear on any text). */
function firstParenthesised(text: string): string | undefined {
  const open = text.indexOf("(");
  const close = open === -1 ? -1 : text.indexOf(")", open);
  return close === -1 ? undefined : text.slice(open, close + 1);
}

/**
 * Reports a second tool descriptor (a JSON or YAML block with a name and an input schema)
 * that names another tool than the first: the other tool's heading was lost, and its
 * descriptor is not read. The warning is where that tool's text starts: back over the
 * headings and plain paragraphs above the descriptor, to the first tool's last content or
 * a thematic break. True when it reported.
 */
function reportSecondDescriptor(section: ToolSection, steps: readonly Step[], diagnostics: DiagnosticBag): boolean {
  const first = steps.find((s) => s.descriptor);
  const second = first && steps.find((s) => s.descriptor && s.descriptor !== first.descriptor);
  if (!first || !second) return false;
  let start = second;
  for (let j = steps.indexOf(second) - 1; j >= 0; j--) {
    const s = steps[j]!;
    if (s.mark === "rule" || (s.kind === "content" && s.mark !== "heading") || s === first) break;
    start = s;
  }
  diagnostics.warning(
    "SPEC_TOOL_HEADING_MISSING",
    start.loc,
    `tool "${section.name}" holds a second tool descriptor (line ${second.loc.line}), naming "${second.descriptor}" where the first (line ${first.loc.line}) names "${first.descriptor}": what follows ${start === second ? "it" : "here"} reads as another tool whose heading is missing; it is read as part of "${section.name}" and its own parameters and results are not read`,
    'add the missing tool heading (for example "## Tool: `name`") above the second tool\'s description',
  );
  return true;
}

/**
 * The name a tool descriptor in a code block gives (JSON `{"name": "x", "inputSchema": …}`
 * or YAML `name: x` beside `parameters:`), undefined for other code. Read line by line: a
 * descriptor states its name and schema keys at its top level.
 */
function descriptorName(code: string): string | undefined {
  let name: string | undefined;
  let schema = false;
  for (const line of code.split("\n")) {
    const json = /^\s{0,2}"name"\s*:\s*"([^"]+)"/.exec(line);
    const yaml = /^name:\s*([\w.-]+)\s*$/.exec(line);
    name ??= json?.[1] ?? yaml?.[1];
    if (
      /^\s{0,2}"(inputSchema|input_schema|parameters)"\s*:/.test(line) ||
      /^(parameters|inputSchema|input_schema):/.test(line)
    )
      schema = true;
  }
  return name && schema ? name : undefined;
}
