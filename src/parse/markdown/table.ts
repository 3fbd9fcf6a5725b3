import type { PhrasingContent, Table, TableCell } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { JsonSchema, JsonValue, SourceLocation } from "../../ir/types.js";
import { parseTypeString } from "../primitives/type-string.js";
import { didYouMean } from "../primitives/type-suggestions.js";
import { coerceDefault, extractDefault, interpretDefaultCell } from "../primitives/defaults.js";
import { isPlaceholder } from "../primitives/placeholders.js";
import { inlineText, joinedSource, locOf, sourceOf, sourceOfNodes, type MarkdownDocument } from "./document.js";
import type { FieldSpec } from "./fields.js";
import { countCells, reportShortHeader } from "./table-shape.js";

/** What a table column holds, recognised from its header text. */
export type ColumnRole = "name" | "type" | "required" | "default" | "description" | "example";

const COLUMN_RULES: Array<[ColumnRole, RegExp]> = [
  ["required", /\b(required|req|mandatory|optional)\b/],
  ["default", /\bdefault\b/],
  ["example", /\b(example|sample)s?\b/],
  ["type", /\b(type|data type|kind)\b/],
  ["name", /\b(parameter|param|name|field|argument|arg|key|property|option)s?\b/],
  ["description", /\b(description|desc|contract|details|meaning|purpose|notes?|explanation|summary)\b/],
];

/** Maps each header cell to a role; returns undefined when the table has no name column. */
export function columnRoles(headers: readonly string[]): Array<ColumnRole | undefined> | undefined {
  const roles: Array<ColumnRole | undefined> = [];
  const taken = new Set<ColumnRole>();
  for (const h of headers) {
    const text = h.toLowerCase().replace(/[*_`]/g, "").trim();
    const role = COLUMN_RULES.find(([r, re]) => !taken.has(r) && re.test(text))?.[0];
    if (role) taken.add(role);
    roles.push(role);
  }
  return taken.has("name") ? roles : undefined;
}

/** True when a header row describes parameters or fields: a name column and a type, required or default column. */
export function isFieldTable(table: Table): boolean {
  const head = table.children[0];
  if (!head) return false;
  const roles = columnRoles(head.children.map((c) => cellText(c)));
  return !!roles && roles.some((r) => r === "type" || r === "required" || r === "default");
}

/** Plain text of a table cell. */
export function cellText(cell: TableCell | undefined): string {
  return cell ? inlineText(cell.children).trim() : "";
}

/** One cell of a (possibly repaired) row: its inline content, text and position. */
export interface Cell {
  nodes: PhrasingContent[];
  text: string;
  loc: SourceLocation;
}

/**
 * Reads a table's body rows, repairing two slips real specs make:
 * - a broken escape `` `str \ | None` `` (a space between `\` and `|`) splits one cell
 *   in two: the halves are joined again;
 * - a missing `|` leaves a row one cell short, with two columns' content in one cell
 *   (`No Additional attendees`, `` `null` Branch to walk ``): the cell is split where a
 *   Required word or a Default value ends.
 * Each repaired row is reported once as SPEC_TABLE_REPAIRED.
 */
export function readRows(
  doc: MarkdownDocument,
  table: Table,
  roles: ReadonlyArray<ColumnRole | undefined>,
  diagnostics: DiagnosticBag,
): Cell[][] {
  const out: Cell[][] = [];
  for (const row of table.children.slice(1)) {
    let cells: Cell[] = row.children.map((c) => ({
      nodes: c.children,
      text: cellText(c),
      loc: locOf(doc, c.children[0] ?? c),
    }));
    const repairs: string[] = [];
    for (let i = 0; i < cells.length - 1; i++) {
      const raw = sourceOf(doc, row.children[i]!)
        .replace(/\|\s*$/, "")
        .trimEnd();
      if (/(^|[^\\])\\$/.test(raw) && !/\\\\$/.test(raw)) {
        const a = cells[i]!;
        const b = cells[i + 1]!;
        cells.splice(i, 2, {
          nodes: [...a.nodes, { type: "text", value: " | " } as PhrasingContent, ...b.nodes],
          text: `${a.text.replace(/\\$/, "").trimEnd()} | ${b.text}`,
          loc: a.loc,
        });
        repairs.push("a broken `\\|` escape split a cell in two");
      }
    }
    if (cells.length === roles.length - 1) {
      const split = splitMergedCell(cells, roles);
      if (split) {
        cells = split;
        repairs.push("a missing `|` merged two cells");
      }
    }
    // GFM drops cells beyond the header's count, so an extra cell shows only in the source.
    // A row continued on the next line is counted as read (its joins drop the closing `|`).
    const rowStart = row.position?.start.offset;
    const rowEnd = row.position?.end.offset;
    const rowText =
      rowStart === undefined || rowEnd === undefined ? sourceOf(doc, row) : joinedSource(doc, rowStart, rowEnd).text;
    const written = Math.max(cells.length, countCells(rowText));
    if (!repairs.length && written !== roles.length) {
      const extra = written > roles.length;
      diagnostics.warning(
        "SPEC_TABLE_ROW_CELLS",
        cells[0]?.loc ?? locOf(doc, row),
        `this table row has ${written} cells but the header has ${roles.length}; ${extra ? "the cells past the last column are dropped" : "the missing cells at the end are read as empty"}`,
        "give every row one cell per header column, and escape a pipe inside a cell as `\\|`",
      );
    }
    if (repairs.length) {
      diagnostics.warning(
        "SPEC_TABLE_REPAIRED",
        cells[0]?.loc ?? locOf(doc, row),
        `malformed table row repaired: ${repairs.join("; ")}`,
        "escape a pipe inside a cell as `\\|` (no space between) and give every row one cell per column",
      );
    }
    out.push(cells);
  }
  return out;
}

const REQUIRED_WORD = /^\s*(yes|no|true|false|required|optional|y|n|✓|✔|✗)\b[\s.,;:—–-]*(\S[\s\S]*)$/i;

/** Splits the first cell that holds a Required word or a Default value followed by the description. */
function splitMergedCell(cells: Cell[], roles: ReadonlyArray<ColumnRole | undefined>): Cell[] | undefined {
  for (let i = 1; i < cells.length; i++) {
    const role = roles[i];
    if (role !== "required" && role !== "default") continue;
    if (roles[i + 1] !== "description" && roles[i + 1] !== "example") continue;
    const cell = cells[i]!;
    if (role === "required") {
      const m = REQUIRED_WORD.exec(cell.text);
      if (!m) continue;
      return [...cells.slice(0, i), textCell(m[1]!, cell.loc), textCell(m[2]!, cell.loc), ...cells.slice(i + 1)];
    }
    const [first, ...rest] = cell.nodes;
    if (first?.type === "inlineCode" && rest.length && inlineText(rest).trim()) {
      return [
        ...cells.slice(0, i),
        { nodes: [first], text: first.value, loc: cell.loc },
        { nodes: rest, text: inlineText(rest).trim(), loc: cell.loc },
        ...cells.slice(i + 1),
      ];
    }
    const lit = /^\s*(-?\d+(?:\.\d+)?|true|false|null|none|"[^"]*"|'[^']*')\s+(\S[\s\S]*)$/i.exec(cell.text);
    if (lit)
      return [...cells.slice(0, i), textCell(lit[1]!, cell.loc), textCell(lit[2]!, cell.loc), ...cells.slice(i + 1)];
  }
  return undefined;
}

function textCell(text: string, loc: SourceLocation): Cell {
  return { nodes: [{ type: "text", value: text }], text: text.trim(), loc };
}

/** Result of reading a parameter/field table. */
export interface TableFields {
  fields: FieldSpec[];
  /** The table says there are no parameters (a single row named `none`). */
  none: boolean;
  /** The table has no Required column and some field's requirement came from the rule (see `fieldsFromTable`). */
  requiredByRule: boolean;
}

/**
 * Reads a parameter/field table (the template's layout and common variants) into fields.
 * A table without a Required column is read by one rule, for parameters and results
 * alike: a field is required unless its row gives a default or calls it optional (in its
 * type or description). A table whose header is short of a cell is not read (see
 * table-shape.ts).
 */
export function fieldsFromTable(
  doc: MarkdownDocument,
  table: Table,
  diagnostics: DiagnosticBag,
): TableFields | undefined {
  const [head] = table.children;
  if (!head) return undefined;
  const roles = columnRoles(head.children.map((c) => cellText(c)));
  if (!roles) return undefined;
  const col = (role: ColumnRole) => roles.indexOf(role);
  if (reportShortHeader(doc, table, diagnostics)) return undefined;
  const fields: FieldSpec[] = [];
  let noneRows = 0;
  const rows = readRows(doc, table, roles, diagnostics);
  for (const cells of rows) {
    const cell = (role: ColumnRole) => (col(role) < 0 ? "" : (cells[col(role)]?.text ?? ""));
    const name = cleanName(cell("name"));
    if (/^(none|n\/a|-+|—|–|\(none\)|no parameters?)$/i.test(name)) {
      noneRows++;
      continue;
    }
    if (!name || name === "..." || isPlaceholder(name, { typeWords: false }) || !/^[\w$.\-[\]@:/]+$/.test(name))
      continue;
    const loc = cells[col("name")]?.loc ?? cells[0]!.loc;
    const typeText = cell("type");
    const typeLoc = cells[col("type")]?.loc ?? loc;
    const type = readTypeCell(typeText, name, typeLoc, diagnostics);
    const description = unquoteCell(cell("description")) || undefined;
    const field: FieldSpec = {
      name,
      schema: type.schema,
      required: false,
      requiredStated: false,
      typed: !!typeText && !/^[-–—]+$/.test(typeText),
      description,
      loc,
    };
    // "name*" marks a required field in some tables.
    const starred = /^[^`]*\*\s*$/.test(cell("name").replace(/\*\*/g, "")) || /`\s*\*$/.test(cell("name"));
    const requiredCell =
      col("required") >= 0
        ? cell("required")
        : type.required !== undefined
          ? type.required
            ? "yes"
            : "no"
          : starred
            ? "yes"
            : undefined;
    let requiredText = requiredCell;
    if (
      col("required") >= 0 &&
      requiredCell &&
      !/^[-–—]+$/.test(requiredCell) &&
      parseRequired(requiredCell) === undefined
    ) {
      // "Maybe": guessing required would refuse calls without it; optional is the safe reading.
      diagnostics.warning(
        "SPEC_REQUIRED_UNCLEAR",
        cells[col("required")]?.loc ?? loc,
        `the Required cell ${JSON.stringify(requiredCell)} of "${name}" is not yes or no; "${name}" is taken as optional`,
        "write Yes or No in the Required column, and state conditions in the description",
      );
      requiredText = "no";
    }
    const descCell = cells[col("description")];
    readRequiredAndDefault(
      field,
      requiredText,
      cell("default") || (type.defaultRaw ?? ""),
      descCell ? sourceOfNodes(doc, descCell.nodes) : undefined,
    );
    const example = exampleValue(cell("example"));
    if (example === undefined && brokenJson(cell("example")))
      // `{"sensor": 0.5` meant JSON: an example lost in silence would change the schema's examples.
      diagnostics.warning(
        "SPEC_EXAMPLE_UNREADABLE",
        cells[col("example")]?.loc ?? loc,
        `the example of "${name}" starts like JSON but is not valid JSON; it is not used as an example`,
        "fix the JSON (pair every `{` with `}` and every `[` with `]`), or write the example as plain text",
      );
    if (example !== undefined) field.example = example;
    fields.push(field);
  }
  return {
    fields,
    none: fields.length === 0 && noneRows > 0,
    requiredByRule: col("required") < 0 && fields.some((f) => !f.requiredStated),
  };
}

/** A type cell read: the schema, plus flags written beside the type (`string, optional`). */
export interface TypeCell {
  schema: JsonSchema;
  required?: boolean;
  defaultRaw?: string;
}

/** Longest type cell searched for notes (`optional`, `default: x`, a trailing remark). */
const MAX_NOTED_TYPE = 2000;

/**
 * Maps a type cell or type text to a schema. Flags written with the type
 * (`string (optional)`, `int, required`, `str, default "x"`) are taken out and returned;
 * a trailing note (`string (ISO 8601)`, `integer (seconds)`) is ignored when the type
 * before it is understood. Words that are still not types are a warning, and the field
 * accepts any value where they stood.
 */
export function readTypeCell(
  typeText: string,
  name: string,
  loc: SourceLocation,
  diagnostics: DiagnosticBag,
): TypeCell {
  let text = typeText.trim();
  if (!text || /^[-–—]+$/.test(text)) return { schema: {} };
  const out: TypeCell = { schema: {} };
  // The notes below are found with regular expressions that backtrack over long runs of
  // spaces or commas (quadratic); a cell that long is a type string (a big enum), not a note.
  const notes = text.length <= MAX_NOTED_TYPE;
  const flag = /[\s,;(]*\b(optional|required)\b[\s)]*/i;
  const m = notes ? flag.exec(text) : null;
  if (m && m.index > 0) {
    out.required = m[1]!.toLowerCase() === "required";
    text = (text.slice(0, m.index) + " " + text.slice(m.index + m[0].length)).trim();
  }
  const d = notes ? /[\s,;(]+default(?:s)?\s*[:=]?\s*([^,;)]+)\)?\s*$/i.exec(text) : null;
  if (d && d.index > 0) {
    out.defaultRaw = d[1]!.trim();
    text = text.slice(0, d.index).trim();
  }
  let { schema, unknown } = parseTypeString(text);
  if (unknown?.length && notes) {
    // "string (ISO 8601)", "object — see below": a note after a type that was understood.
    const head = text
      .replace(/\s*\([^()]*\)\s*$/, "")
      .replace(/\s+[—–-]\s+.*$/, "")
      .replace(/\s*[,;]\s*[^,;]*$/, "")
      .trim();
    if (head && head !== text) {
      const again = parseTypeString(head);
      if (!again.unknown?.length && again.schema.type) ({ schema, unknown } = again);
    }
  }
  if (unknown?.length && !isPlaceholder(typeText)) {
    diagnostics.warning(
      "SPEC_UNKNOWN_TYPE",
      loc,
      `unknown type ${JSON.stringify(unknown.join(", "))} for field "${name}"; ${Object.keys(schema).length === 0 ? "it accepts" : "that part of its type accepts"} any value (\`unknown\` in TypeScript)${didYouMean(unknown)}`,
      "use a JSON Schema type (string, integer, number, boolean, object, array[T], enum[…]) or give a JSON Schema block",
    );
  }
  out.schema = schema;
  return out;
}

/** Maps a type text to a schema (see {@link readTypeCell}), dropping the flags. */
export function typeSchema(
  typeText: string,
  name: string,
  loc: SourceLocation,
  diagnostics: DiagnosticBag,
): JsonSchema {
  return readTypeCell(typeText, name, loc, diagnostics).schema;
}

/**
 * Fills `required`, `default` and `defaultText` of a field from a Required cell, a
 * Default cell and its description ("(default: 5)", "(required)"). A default that is
 * prose or contains a placeholder (`<module>/app`, `files(id,...)`) is kept as text only.
 * When nothing says whether the field is required, it is required unless it has a default.
 */
export function readRequiredAndDefault(
  field: FieldSpec,
  requiredCell: string | undefined,
  defaultCell: string,
  descriptionSource?: string,
): void {
  let required: boolean | undefined;
  if (requiredCell !== undefined) required = parseRequired(requiredCell);
  let raw: string | undefined;
  if (defaultCell) {
    const cell = interpretDefaultCell(defaultCell);
    if (required === undefined && cell.required !== undefined) required = cell.required;
    if (cell.raw !== undefined) raw = cell.raw;
  }
  let prose = false;
  if (field.description) {
    const stated = extractDefault(field.description);
    if (required === undefined && stated.required !== undefined) required = stated.required;
    if (raw === undefined && stated.found && stated.raw !== undefined) [raw, prose] = [stated.raw, true];
  }
  if (raw !== undefined) applyDefault(field, raw, prose ? (descriptionSource ?? field.description) : undefined);
  field.requiredStated = required !== undefined;
  // Nothing says: a field the caller may leave out has a default; one without is required.
  field.required = required ?? (field.default === undefined && field.defaultText === undefined);
}

/**
 * Types a written default for the field, or keeps it as text when it is prose or a
 * placeholder. `prose` is the sentence the default was found in: there, an unquoted word
 * for a string field ("(default: all)", "Default: auto-detect") describes a behaviour
 * rather than a value, unless the author put it in a code span.
 */
export function applyDefault(field: FieldSpec, raw: string, prose?: string): void {
  const bare = raw
    .replace(/^`+|`+$/g, "")
    .replace(/\.$/, "")
    .trim();
  if (isPlaceholder(bare) || /<[A-Za-z_][\w -]*>/.test(bare) || /\[[A-Z][\w -]*\]/.test(bare)) {
    field.defaultText = raw;
    return;
  }
  if (
    prose !== undefined &&
    /^[A-Za-z][\w-]*$/.test(bare) &&
    !/^(true|false|null|none|empty)$/i.test(bare) &&
    !prose.includes(`\`${bare}\``)
  ) {
    const types = Array.isArray(field.schema.type) ? field.schema.type : [field.schema.type];
    if (types.includes("string") || field.schema.type === undefined) {
      field.defaultText = raw;
      return;
    }
  }
  const coerced = coerceDefault(raw, field.schema);
  if (coerced.parsed) field.default = coerced.value;
  else field.defaultText = raw;
}

/**
 * Reads a Required cell: "Yes", "No", "✓", "optional"… A conditional requirement
 * ("Yes (if texts not provided)", "Conditional", "Required for `ghz`") is not required:
 * the schema cannot demand it of every call.
 */
export function parseRequired(text: string): boolean | undefined {
  const t = text.toLowerCase().replace(/[*_`]/g, "").trim();
  if (/^(conditional(ly)?|depends|sometimes|see\b)/.test(t)) return false;
  if (
    /^(yes|required|mandatory|true)\b/.test(t) &&
    /\b(if|when|unless|only|for|depending|conditional)\b/.test(t.replace(/^\S+\s*/, ""))
  )
    return false;
  return parseYesNo(text);
}

/** Reads "Yes", "No", "✓", "optional"… as a required flag. */
export function parseYesNo(text: string): boolean | undefined {
  const t = text.toLowerCase().replace(/[*_`]/g, "").trim();
  if (/^(yes|y|true|required|req|mandatory|✓|✔|x|\*)\b/.test(t) || /^(✓|✔|✅|☑)/u.test(t)) return true;
  if (/^(no|n|false|optional|opt|-|—|–)\b/.test(t) || t === "-" || t === "—" || t === "–" || /^(✗|✘|❌|✖)/u.test(t))
    return false;
  return undefined;
}

/** Strips code spans, emphasis and a trailing "?" or "(optional)" from a field name. */
export function cleanName(text: string): string {
  return (
    text
      .replace(/[`*]/g, "")
      // No leading `\s*`: it would retry at every space of a long run (quadratic); trim instead.
      .replace(/\((optional|required)\)\s*$/i, "")
      .trim()
      .replace(/\?$/, "")
      .trim()
  );
}

function unquoteCell(text: string): string {
  const t = text.trim();
  return t.length >= 2 && t.startsWith("`") && t.endsWith("`") ? t.slice(1, -1).trim() : t;
}

function exampleValue(text: string): JsonValue | undefined {
  const t = text.trim();
  if (!t || t === "-" || t === "—" || isPlaceholder(t)) return undefined;
  try {
    const v = JSON.parse(t) as JsonValue;
    return containsPlaceholder(v) ? undefined : v;
  } catch {
    return undefined;
  }
}

/** Text that starts like JSON, is no valid JSON, and elides nothing (`[0.1, ...]` is a sketch, not a slip). */
function brokenJson(text: string): boolean {
  const t = text.trim();
  if (!/^[{[]/.test(t) || /\.\.\.|…/.test(t)) return false;
  try {
    JSON.parse(t);
    return false;
  } catch {
    return true;
  }
}

function containsPlaceholder(v: JsonValue): boolean {
  if (typeof v === "string") return isPlaceholder(v);
  if (Array.isArray(v)) return v.some(containsPlaceholder);
  if (v && typeof v === "object") return Object.values(v).some(containsPlaceholder);
  return false;
}
