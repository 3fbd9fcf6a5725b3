import type { PhrasingContent, Table } from "mdast";
import { inlineText, locOf } from "./document.js";
import { fieldsFromTable, isFieldTable } from "./table.js";
import { errorsFromTable } from "./tool-errors.js";
import type { State, ToolReader } from "./tool-reader.js";
import { readToolSummaryTable } from "./combined-summary.js";

/** Reads a table in the current section: errors, or the fields of the parameters or results. */
export function readTable(r: ToolReader, table: Table, state: State): void {
  const parts = r.parts;
  let kind = state.kind;
  if (kind === "errors") {
    parts.errorsLoc ??= locOf(r.doc, table);
    parts.errors.push(...errorsFromTable(table));
    return;
  }
  const out = parts.output;
  const resultsStated = !!(out.fields || out.schema || out.typeOnly || out.inferred?.length);
  if (
    kind === "output" &&
    resultsStated &&
    isFieldTable(table) &&
    /^(param|arg)/i.test(cellTextOf(table.children[0]?.children[0]))
  ) {
    // A parameter table after a tool's results were stated: another tool's, whose heading was lost.
    // (Right under an Output heading, a table whose first column says "Parameter" is the results'.)
    r.ctx.diagnostics.warning(
      "SPEC_TOOL_HEADING_MISSING",
      locOf(r.doc, table),
      `a parameter table after the results of tool "${r.ownName}" (line ${parts.output.loc?.line ?? locOf(r.doc, table).line}): it reads as another tool's, whose heading is missing; it is not read`,
      'add the missing tool heading (for example "## Tool: `name`") above the second tool\'s description',
    );
    return;
  }
  if (kind !== "input" && kind !== "output") {
    if (state.locked || readToolSummaryTable(r, table) || !isFieldTable(table)) return;
    const first = cellTextOf(table.children[0]?.children[0]);
    if (parts.input.fields && /^(param|arg)/i.test(first)) {
      // A second parameter table with no heading between: another tool's, whose heading was lost.
      r.ctx.diagnostics.warning(
        "SPEC_TOOL_HEADING_MISSING",
        locOf(r.doc, table),
        `a second parameter table in tool "${r.ownName}" (the first is at line ${parts.input.fields.loc.line}) with no heading between them: it reads as another tool's, whose heading is missing; it is not read`,
        'add the missing tool heading (for example "## Tool: `name`") above the second tool\'s description',
      );
      return;
    }
    kind =
      /\b(field|return|output|result|response)/i.test(first) || parts.input.fields || parts.input.schema
        ? "output"
        : "input";
    if (kind === "output" && parts.output.fields) return;
  }
  const side = parts[kind];
  if (side.fields) {
    nestedTable(r, table, kind, state.intro);
    return;
  }
  const read = fieldsFromTable(r.doc, table, r.ctx.diagnostics);
  if (!read) return;
  if (kind === "input" && parts.input.none && read.fields.length)
    // "None." then a field table: the results' table, whose Output heading was lost.
    r.ctx.diagnostics.warning(
      "SPEC_CONTENT_IGNORED",
      locOf(r.doc, table),
      `this table of fields follows "no parameters" (line ${parts.input.none.line}) in the parameters of tool "${r.ownName}", so its fields are read as parameters; is the heading of the results (for example "### Output Schema") missing above it?`,
      'add the missing heading (for example "### Output Schema") above the table, or remove the "no parameters" line',
    );
  if (read.requiredByRule) noteRequiredRule(r, table);
  if (read.none && kind === "input") side.none ??= locOf(r.doc, table);
  else if (read.fields.length) side.fields = { value: read.fields, loc: locOf(r.doc, table) };
}

/**
 * A second table right after "The `circuit` object schema:" or "Each item in
 * `results` contains:" describes the fields of that parameter (of its items for arrays).
 */
function nestedTable(r: ToolReader, table: Table, kind: "input" | "output", intro: string | undefined): void {
  const side = r.parts[kind];
  if (!side.fields) return;
  intro ??= "";
  const names = new Set(side.fields.value.map((f) => f.name));
  // "Each result object:" names the items of `results`: a singular word stands for its plural field.
  const mentioned = [
    ...new Set(
      [...intro.matchAll(/[`"']?([A-Za-z_][\w.]*)[`"']?/g)]
        .map((m) => m[1]!)
        .map((n) => (names.has(n) ? n : names.has(`${n}s`) ? `${n}s` : names.has(`${n}es`) ? `${n}es` : n))
        .filter((n) => names.has(n)),
    ),
  ];
  const target = mentioned.length === 1 ? mentioned[0]! : undefined;
  if (!target) {
    if (isFieldTable(table))
      r.ctx.diagnostics.warning(
        "SPEC_CONTENT_IGNORED",
        locOf(r.doc, table),
        `a second ${kind === "input" ? "parameter" : "result"} table for this tool (the first is at line ${side.fields.loc.line}) that no sentence before it ties to one field; it is not read`,
        'introduce it with "The `name` object has:" to describe a field, or check for a missing tool heading above it',
      );
    return;
  }
  const read = fieldsFromTable(r.doc, table, r.ctx.diagnostics);
  if (!read?.fields.length) return;
  if (read.requiredByRule) noteRequiredRule(r, table);
  const parent = side.fields.value.find((f) => f.name === target)!;
  const isArray =
    parent.schema.type === "array" || (Array.isArray(parent.schema.type) && parent.schema.type.includes("array"));
  const prefix = `${target}${isArray ? "[]" : ""}.`;
  side.fields.value.push(...read.fields.map((f) => ({ ...f, name: prefix + f.name })));
}

/** Counts a table read by the rule for tables without a Required column (noted once per file). */
function noteRequiredRule(r: ToolReader, table: Table): void {
  const seen = r.ctx.requiredRule;
  if (seen) seen.tables++;
  else r.ctx.requiredRule = { loc: locOf(r.doc, table), tables: 1 };
}

function cellTextOf(cell: { children: PhrasingContent[] } | undefined): string {
  return cell ? inlineText(cell.children).trim() : "";
}
