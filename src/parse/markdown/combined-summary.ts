import type { Table } from "mdast";
import { summaryRows } from "./discover.js";
import { applySummaryParams } from "./summary-params.js";
import type { ToolReader } from "./tool-reader.js";

/**
 * A "Tool | Key parameters" table inside a tool's section, as under a heading shared by
 * several tools (`## \`read_note\` / \`delete_note\``): each tool takes the parameters of
 * its own row, as from a summary table elsewhere in the file. True when the table is such
 * a table (its rows name tools), so it is not read as anything else.
 */
export function readToolSummaryTable(r: ToolReader, table: Table): boolean {
  const rows = summaryRows(r.doc, table, false);
  if (!rows.length) return false;
  const own = rows.find((row) => row.name.split(".").pop() === r.ownName);
  if (own) applySummaryParams(r, own);
  return true;
}
