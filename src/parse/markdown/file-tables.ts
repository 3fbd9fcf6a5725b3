import type { RootContent } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import { inlineText, locOf, sourceOf, type MarkdownDocument } from "./document.js";
import { isFieldTable } from "./table.js";
import { looksLikeTable, reportShortHeader, writtenCells } from "./table-shape.js";

/**
 * Checks the shape of the tables outside any tool's section that the reader takes tools
 * from (a summary table with a "Tool" column, or a field table): a header short of a cell is an
 * error as in a tool, a row with more or fewer cells than its header a warning; and table
 * lines Markdown does not read as a table (no separator row, or one with another count of
 * cells than the header) are a warning, since the tools they list are then not read.
 */
export function checkFileTables(
  doc: MarkdownDocument,
  blocks: readonly { nodes: readonly RootContent[] }[],
  diagnostics: DiagnosticBag,
): void {
  for (const block of blocks)
    for (const node of block.nodes) {
      if (node.type === "paragraph") {
        const text = sourceOf(doc, node);
        if (looksLikeTable(text) && /\btools?\b/i.test(text.split("\n")[0]!))
          diagnostics.warning(
            "SPEC_TABLE_NO_SEPARATOR",
            locOf(doc, node),
            "these lines look like a table of tools but are read as text: the separator row under the header (`|---|---|`) is missing or has another number of cells than the header",
            "give the table a separator row with one `---` cell per header cell, right under the header row",
          );
        continue;
      }
      if (node.type !== "table") continue;
      const head = node.children[0];
      const toolList = !!head?.children.some((c) => /\btools?\b/i.test(inlineText(c.children)));
      if (!toolList && !isFieldTable(node)) continue;
      if (reportShortHeader(doc, node, diagnostics)) continue;
      const header = head?.children.length ?? 0;
      writtenCells(doc, node).forEach((n, i) => {
        if (n === header) return;
        const row = node.children[i + 1]!;
        diagnostics.warning(
          "SPEC_TABLE_ROW_CELLS",
          locOf(doc, row),
          `this table row has ${n} cells but the header has ${header}; ${n > header ? "the cells past the last column are dropped" : "the missing cells at the end are read as empty"}`,
          "give every row one cell per header column, and escape a pipe inside a cell as `\\|`",
        );
      });
    }
}
