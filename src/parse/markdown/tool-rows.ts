import type { Paragraph, PhrasingContent, RootContent } from "mdast";
import type { SourceLocation } from "../../ir/types.js";
import { fieldsFromInline } from "./bullets.js";
import type { ToolSection } from "./discover.js";
import { inlineText } from "./document.js";
import { isStructuralLabel, itemLabel } from "./tool-labels.js";
import { addDescription, type State, type ToolReader } from "./tool-reader.js";
import { readSideText } from "./tool-sides.js";

/** Reads what a summary-table row (or a list item naming the tool) says about it. */
export function readRow(r: ToolReader, section: ToolSection): void {
  const row = section.row!;
  if (row.description) addDescription(r, row.description, row.loc);
  if (row.params) rowParams(r, row.params.nodes, row.params.loc);
  // A list item naming the tool: its nested items describe it like a small section.
  if (row.item) {
    const state: State = { kind: "description", locked: false };
    for (const child of row.item.children.slice(1)) {
      if (child.type !== "list") {
        r.walk([child as RootContent], state);
        continue;
      }
      for (const sub of child.children) {
        // `- \`name\`: Repository name (string, required)` items are the parameters.
        const para = sub.children[0];
        const fields =
          para?.type === "paragraph" && !isStructuralLabel(itemLabel(sub)) && state.kind === "description"
            ? fieldsFromInline(r.doc, para, r.ctx.diagnostics)
            : undefined;
        if (fields && (para as Paragraph).children[0]?.type !== "text") {
          const input = r.parts.input;
          input.fields ??= { value: [], loc: fields[0]!.loc };
          input.fields.value.push(...fields);
          continue;
        }
        r.walk(sub.children as RootContent[], state);
      }
    }
  }
}

/** A Parameters cell of a summary table: signatures, or "none". */
function rowParams(r: ToolReader, nodes: PhrasingContent[], loc: SourceLocation): void {
  const text = inlineText(nodes).trim();
  if (!text || /^[-–—]+$/.test(text)) return;
  readSideText(r, "input", nodes, loc, true);
}
