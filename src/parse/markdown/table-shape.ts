import type { Table } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import { inlineText, joinedSource, locOf, sourceOf, type MarkdownDocument } from "./document.js";

/**
 * The cells a row's source holds: its unescaped pipes, less the outer ones. Code spans may
 * hold pipes that GFM still splits at, so only escaped pipes are content.
 */
export function countCells(line: string): number {
  let t = line.trim();
  if (!t) return 0;
  t = t.replace(/\\\|/g, "");
  if (t.startsWith("|")) t = t.slice(1);
  if (t.endsWith("|")) t = t.slice(0, -1);
  return t.split("|").length;
}

/** The cells each body row of `table` is written with (a row continued on the next line counts as joined). */
export function writtenCells(doc: MarkdownDocument, table: Table): number[] {
  return table.children.slice(1).map((row) => {
    const start = row.position?.start.offset;
    const end = row.position?.end.offset;
    const text = start === undefined || end === undefined ? sourceOf(doc, row) : joinedSource(doc, start, end).text;
    return Math.max(row.children.length, countCells(text));
  });
}

/**
 * Reports a table whose header row has fewer cells than every one of its rows: a header
 * cell was lost (with its separator cell, or GFM would not see a table) while the rows kept
 * theirs. Markdown drops each row's cells past the header's count, so every row would be
 * read one column off (a Required word as a default, a description as a type): an error,
 * and the table is not read. True when it was reported.
 */
export function reportShortHeader(doc: MarkdownDocument, table: Table, diagnostics: DiagnosticBag): boolean {
  const header = table.children[0]?.children.length ?? 0;
  const rows = writtenCells(doc, table);
  if (!header || !rows.length || !rows.every((n) => n > header)) return false;
  const widest = Math.max(...rows);
  const same = rows.every((n) => n === widest);
  diagnostics.error(
    "SPEC_TABLE_HEADER_SHORT",
    locOf(doc, table.children[0]!),
    `this table's header has ${header} cells but ${same ? `each of its rows has ${widest}` : "every row has more"}, so each row would be read ${same && widest === header + 1 ? "one column" : "columns"} off; the table is not read`,
    `add the missing column name${widest - header > 1 ? "s" : ""} to the header (and a \`---\` cell to the separator row), or, if a cell holds a \`|\`, escape it as \`\\|\``,
  );
  return true;
}

/** Two or more lines that start and end with `|`: table rows Markdown did not read as a table. */
export function looksLikeTable(text: string): boolean {
  return text.split("\n").filter((l) => /^\s*\|.*\|\s*$/.test(l)).length >= 2;
}

/** A cell of a separator row: dashes with an optional colon at either end. */
function isDashCell(text: string): boolean {
  let t = text.trim();
  if (t.startsWith(":")) t = t.slice(1);
  if (t.endsWith(":")) t = t.slice(0, -1);
  return t.length > 0 && [...t].every((c) => c === "-");
}

/**
 * Reports a table row made only of dashes (`|---|---|`): a separator row written twice, which
 * Markdown reads as a row whose cells are dashes (a field named `---`). A warning at the row.
 */
export function reportSeparatorRows(doc: MarkdownDocument, diagnostics: DiagnosticBag): void {
  const visit = (node: { type: string; children?: unknown[] }) => {
    if (node.type === "table") {
      for (const row of (node as Table).children.slice(1)) {
        if (!row.children.length || !row.children.every((c) => isDashCell(inlineText(c.children)))) continue;
        diagnostics.warning(
          "SPEC_TABLE_SEPARATOR_TWICE",
          locOf(doc, row),
          "this row holds only dashes: it reads as a second separator row, which Markdown takes for a row of the table (its cells read as `---` values)",
          "delete this line: a table has one separator row, right under its header",
        );
      }
      return;
    }
    for (const child of node.children ?? []) visit(child as { type: string; children?: unknown[] });
  };
  visit(doc.root);
}
