import type { Table, TableCell } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { JsonSchema, JsonValue } from "../../ir/types.js";
import { parseTypeString } from "../primitives/type-string.js";
import { coerceDefault, extractDefault, interpretDefaultCell } from "../primitives/defaults.js";
import { isPlaceholder } from "../primitives/placeholders.js";
import { inlineText, locOf, type MarkdownDocument } from "./document.js";
import type { FieldSpec } from "./fields.js";

/** What a table column holds, recognised from its header text. */
type ColumnRole = "name" | "type" | "required" | "default" | "description" | "example";

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

/** Plain text of a table cell. */
export function cellText(cell: TableCell | undefined): string {
  return cell ? inlineText(cell.children).trim() : "";
}

/**
 * Reads a parameter/field table (seed 000 §4.1 layout and common variants) into fields.
 * `inferRequired` says how to treat a table without a Required column.
 */
export function fieldsFromTable(
  doc: MarkdownDocument,
  table: Table,
  diagnostics: DiagnosticBag,
  inferRequired: boolean,
): FieldSpec[] | undefined {
  const [head, ...rows] = table.children;
  if (!head) return undefined;
  const roles = columnRoles(head.children.map((c) => cellText(c)));
  if (!roles) return undefined;
  const col = (role: ColumnRole) => roles.indexOf(role);
  const fields: FieldSpec[] = [];
  for (const row of rows) {
    const cell = (role: ColumnRole) => (col(role) < 0 ? "" : cellText(row.children[col(role)]));
    const name = cleanName(cell("name"));
    if (!name || name === "..." || isPlaceholder(name)) continue;
    const loc = locOf(doc, row.children[col("name")] ?? row);
    const typeText = cell("type");
    const { schema, unknown } = typeText ? parseTypeString(typeText) : { schema: {} as JsonSchema, unknown: undefined };
    if (unknown?.length && !isPlaceholder(typeText)) {
      diagnostics.warning(
        "SPEC_UNKNOWN_TYPE",
        locOf(doc, row.children[col("type")] ?? row),
        `unknown type ${JSON.stringify(unknown.join(", "))} for field "${name}"; it accepts any value`,
        "use a JSON Schema type (string, integer, number, boolean, object, array[T], enum[…]) or give a JSON Schema block",
      );
    }
    const description = unquoteCell(cell("description")) || undefined;
    const field: FieldSpec = { name, schema, required: false, requiredStated: false, description, loc };
    readRequiredAndDefault(field, col("required") >= 0 ? cell("required") : undefined, cell("default"), inferRequired);
    const example = exampleValue(cell("example"));
    if (example !== undefined) field.example = example;
    fields.push(field);
  }
  return fields;
}

function readRequiredAndDefault(field: FieldSpec, requiredCell: string | undefined, defaultCell: string, inferRequired: boolean): void {
  let required: boolean | undefined;
  if (requiredCell !== undefined) required = parseYesNo(requiredCell);
  let raw: string | undefined;
  if (defaultCell) {
    const cell = interpretDefaultCell(defaultCell);
    if (required === undefined && cell.required !== undefined) required = cell.required;
    if (cell.raw !== undefined) raw = cell.raw;
  }
  if (field.description) {
    const stated = extractDefault(field.description);
    if (required === undefined && stated.required !== undefined) required = stated.required;
    if (raw === undefined && stated.found && stated.raw !== undefined) raw = stated.raw;
  }
  if (raw !== undefined) {
    const coerced = coerceDefault(raw, field.schema);
    if (coerced.parsed) field.default = coerced.value;
    else field.defaultText = raw;
  }
  field.requiredStated = required !== undefined;
  // Without a Required column, a field with no default is taken as required only when asked to.
  field.required = required ?? (inferRequired && field.default === undefined && field.defaultText === undefined);
}

/** Reads "Yes", "No", "✓", "optional"… as a required flag. */
export function parseYesNo(text: string): boolean | undefined {
  const t = text.toLowerCase().replace(/[*_`]/g, "").trim();
  if (/^(yes|y|true|required|req|mandatory|✓|✔|x|\*)\b/.test(t) || t === "✓" || t === "✔") return true;
  if (/^(no|n|false|optional|opt|-|—|–)\b/.test(t) || t === "-" || t === "—" || t === "–") return false;
  return undefined;
}

/** Strips code spans, emphasis and a trailing "?" or "(optional)" from a field name. */
export function cleanName(text: string): string {
  return text
    .replace(/[`*]/g, "")
    .replace(/\s*\((optional|required)\)\s*$/i, "")
    .replace(/\?$/, "")
    .trim();
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

function containsPlaceholder(v: JsonValue): boolean {
  if (typeof v === "string") return isPlaceholder(v);
  if (Array.isArray(v)) return v.some(containsPlaceholder);
  if (v && typeof v === "object") return Object.values(v).some(containsPlaceholder);
  return false;
}
