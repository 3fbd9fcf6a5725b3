import type { ListItem, Nodes, PhrasingContent } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import { inlineText, type MarkdownDocument } from "./document.js";
import { classifySection } from "./sections.js";

/** Parts a bold label opens ("**Returns:**"): after a list, a new part, not more of the last item. */
const PART_LABELS = new Set(["input", "output", "examples", "errors"]);

/**
 * Reports a part's label ("**Returns:** …") on a line of its own that continues the last
 * item of a list: a blank line before it is missing, so Markdown reads it as more of that
 * item (a parameter's description) and the part is lost. A warning at the label.
 */
export function checkLazyLabels(doc: MarkdownDocument, diagnostics: DiagnosticBag): void {
  const stack: Nodes[] = [doc.root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === "listItem") report(doc, node, diagnostics);
    if (node.type === "paragraph") reportLabelRun(doc, node.children, diagnostics);
    if ("children" in node) for (const c of node.children) stack.push(c as Nodes);
  }
}

function report(doc: MarkdownDocument, item: ListItem, diagnostics: DiagnosticBag): void {
  const para = item.children[0];
  if (para?.type !== "paragraph") return;
  const kids: PhrasingContent[] = para.children;
  for (let i = 1; i < kids.length; i++) {
    const k = kids[i]!;
    const prev = kids[i - 1]!;
    if (k.type !== "strong" || !(prev.type === "break" || (prev.type === "text" && prev.value.endsWith("\n"))))
      continue;
    const label = inlineText(k.children).trim();
    const next = kids[i + 1];
    const colon = label.endsWith(":") || (next?.type === "text" && next.value.trimStart().startsWith(":"));
    const title = label.endsWith(":") ? label.slice(0, -1) : label;
    if (!colon || !PART_LABELS.has(classifySection(title)) || !k.position) continue;
    diagnostics.warning(
      "SPEC_CONTENT_IGNORED",
      { file: doc.file, line: k.position.start.line, column: k.position.start.column },
      `"${title}" starts a line inside the list item above (no blank line before it), so it is read as more of that item, not as the tool's ${title} part`,
      `leave a blank line before "${title}"`,
    );
    return;
  }
}

/** A bold label at the start of a line of a paragraph (`**Category**: analysis`). */
const atLineStart = (kids: readonly PhrasingContent[], i: number) =>
  kids[i]!.type === "strong" &&
  (i === 0 ||
    kids[i - 1]!.type === "break" ||
    (kids[i - 1]!.type === "text" && /\n\s*$/.test(inlineText([kids[i - 1]!]))));

/**
 * Reports prose that continues the last of a run of labels ("**Trust Level**: Safe\n
 * **Category**: analysis\nWhen a pattern name is given, …"): a blank line before it is
 * missing, so Markdown reads it as more of the label's short value, and the tool's text is
 * lost with it. Only a short value (a word or three, no closing punctuation) followed by a
 * capitalised sentence is reported: a long value wrapped over lines is the label's own.
 */
function reportLabelRun(doc: MarkdownDocument, kids: readonly PhrasingContent[], diagnostics: DiagnosticBag): void {
  const starts = kids.map((_, i) => i).filter((i) => atLineStart(kids, i));
  if (starts.length < 2) return;
  const last = starts.at(-1)!;
  const label = kids[last]!;
  if (!label.position) return;
  const lines = inlineText(kids.slice(last + 1)).split("\n");
  const value = lines[0]!.replace(/^\s*:\s*/, "").trim();
  const more = lines[1]?.trim() ?? "";
  if (!value || value.split(/\s+/).length > 3 || /[.:;,!?]$/.test(value)) return;
  if (!/^[A-Z][a-z]/.test(more) || more.length < 20) return;
  const title = inlineText(label.type === "strong" ? label.children : [])
    .replace(/:$/, "")
    .trim();
  diagnostics.warning(
    "SPEC_CONTENT_IGNORED",
    { file: doc.file, line: label.position.start.line + 1, column: 1 },
    `this line continues the label "${title}" above (no blank line before it), so it is read as more of that label's value, not as the tool's text`,
    `leave a blank line before this line`,
  );
}
