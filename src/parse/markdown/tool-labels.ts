import type { ListItem, PhrasingContent } from "mdast";
import { inlineText } from "./document.js";
import { classifySection } from "./sections.js";

/** A plain-text label opening a paragraph: "Parameters:", "Keyword-only:". */
const LABEL_TEXT = /^\s*([A-Za-z][\w -]{0,30}?)\s*:\s*/;

/** A part of a paragraph: its label (and the nodes that wrote it), then the content up to the next label. */
export interface Segment {
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
      const colonAfter = next?.type === "text" && /^\s*(?:\([^)]*\)\s*)?:/.test(next.value);
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
    if (m && isPlainLabel(m[1]!) && ["input", "output", "examples", "schema"].includes(classifySection(m[1]!))) {
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

/** Words a plain-text (not bold) section label is made of: "Input Schema:", "Keyword-only arguments:". */
const PLAIN_LABEL_WORDS = new Set(
  "input inputs output outputs parameter parameters param params argument arguments arg args kwargs keyword-only keyword only required optional return returns returned value values result results response responses request schema schemas json yaml tool mcp definition descriptor signature example examples usage sample samples accepts and or".split(
    " ",
  ),
);

/**
 * True when a plain "Xxx:" opening a paragraph is a section label. Sentences start the same
 * way ("Returns one text block: …"); taking them for a label would move the tool's
 * description into its results, so every word must be one labels are made of.
 */
function isPlainLabel(label: string): boolean {
  return label
    .toLowerCase()
    .split(/\s+/)
    .every((w) => PLAIN_LABEL_WORDS.has(w));
}

/** The section a plain-text label opening a paragraph ("Parameters:") starts, if it is one. */
export function plainLabelKind(text: string): ReturnType<typeof classifySection> | undefined {
  const m = LABEL_TEXT.exec(text);
  if (!m || !isPlainLabel(m[1]!)) return undefined;
  const kind = classifySection(m[1]!);
  return ["input", "output", "examples", "schema"].includes(kind) ? kind : undefined;
}

const FACT_LABELS =
  /^(version|title|read[ -]?only|destructive|open[ -]?world|idempotent|deprecated|invocation( name)?|tool name)$/i;

/** A label that opens a section or states a fact (not a field name such as "**path** (str):"). */
export function isStructuralLabel(label: string | undefined): boolean {
  if (label === undefined) return false;
  return FACT_LABELS.test(label.trim()) || !["other", "annotations", "version"].includes(classifySection(label));
}

/** The label a list item starts with, if any. */
export function itemLabel(item: ListItem): string | undefined {
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
