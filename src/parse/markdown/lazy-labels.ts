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
