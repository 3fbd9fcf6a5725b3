import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { SourceLocation } from "../../ir/types.js";
import { parseTypeString } from "../primitives/type-string.js";
import type { SummaryRow } from "./discover.js";
import { joinedSource, locAtOffset, type MarkdownDocument } from "./document.js";
import type { FieldSpec } from "./fields.js";
import { applyDefault } from "./table.js";
import type { ToolReader } from "./tool-reader.js";

/**
 * Parameters written in prose in the cell of a summary table
 * (`| Tool | Key parameters |`, `| Name | Args |`, `| Tool | Inputs |`…), one tool a row:
 *
 * - `` `query` (string), `limit` (int, optional) ``: a name, then in parentheses a type,
 *   `optional`/`required`, and `default x` / `default: x` / `= x`, in any order;
 * - `path: str, recursive: bool = False` (or `` `path: str` ``): a Python-like
 *   signature, where a typed parameter without a default is required;
 * - `` `name?` `` / `name?: str`: optional;
 * - `` `flag` ``: a name alone (in code).
 *
 * A cell is read only when every comma-separated item has one of these shapes and every
 * type is one the type reader knows; otherwise it is not a parameter list (prose, a
 * remark) and undefined is returned, so nothing is guessed. A parameter with no stated
 * requirement is required unless it has a default, as in a table without a Required column.
 */
export function summaryParamFields(
  doc: MarkdownDocument,
  cell: NonNullable<SummaryRow["params"]>,
  options: { deferToSignatures: boolean },
): FieldSpec[] | undefined {
  const source = cellSource(doc, cell);
  if (!source) return undefined;
  const { text, offsetOf } = source;
  if (/^\s*(none|n\/a|-+|—|–|no (parameters?|arguments?|inputs?))\.?\s*$/i.test(text)) return undefined;
  const items = splitItems(text);
  if (!items) return undefined;
  const out: FieldSpec[] = [];
  let simple = true;
  for (const item of items) {
    const read = readItem(item.text);
    if (!read) return undefined;
    if (!read.simple) simple = false;
    const loc = locAtOffset(doc, offsetOf(item.start));
    const field: FieldSpec = {
      name: read.name,
      schema: read.schema,
      required: false,
      requiredStated: read.required !== undefined,
      typed: read.typed,
      loc,
    };
    if (read.defaultRaw !== undefined) applyDefault(field, read.defaultRaw);
    field.required = read.required ?? (field.default === undefined && field.defaultText === undefined);
    out.push(field);
  }
  // Code-span signatures and bare names are read by the signature reader already.
  if (!out.length || (simple && options.deferToSignatures)) return undefined;
  return out;
}

/**
 * The cell's text as the parser read it: a cell continued on the next line (see
 * table-continuation.ts) reads as one line, without the closing `|` of the line it
 * continues. With a map from its offsets to the file.
 */
function cellSource(
  doc: MarkdownDocument,
  cell: NonNullable<SummaryRow["params"]>,
): { text: string; offsetOf: (i: number) => number } | undefined {
  const withPos = cell.nodes.filter((n) => n.position?.start.offset !== undefined);
  if (!withPos.length) return undefined;
  const start = withPos[0]!.position!.start.offset!;
  const end = withPos[withPos.length - 1]!.position!.end.offset!;
  const { text, offsetOf } = joinedSource(doc, start, end);
  // Line breaks inside the cell (a join keeps none, but a node may span one) read as spaces.
  return { text: text.replace(/\n/g, " "), offsetOf };
}

/** Splits at commas and semicolons outside brackets, quotes and code spans; undefined when unbalanced. */
function splitItems(text: string): Array<{ text: string; start: number }> | undefined {
  const out: Array<{ text: string; start: number }> = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const t = raw.trim().replace(/^(and|or)\s+/i, "");
    if (t) out.push({ text: t, start: start + lead + (raw.trim().length - t.length) });
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === "\\" && quote !== "`") i++;
      else if (ch === quote) quote = "";
    } else if (ch === "`" || ch === '"' || ch === "'") quote = ch;
    else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) depth--;
    else if ((ch === "," || ch === ";") && depth === 0) {
      push(i);
      start = i + 1;
    }
    if (depth < 0) return undefined;
  }
  if (depth !== 0 || quote) return undefined;
  push(text.length);
  return out;
}

interface Item {
  name: string;
  schema: FieldSpec["schema"];
  typed: boolean;
  required?: boolean;
  defaultRaw?: string;
  /** A code-span signature (`` `a: int = 1` ``) or a bare code-span name: what signatures already read. */
  simple: boolean;
}

const IDENT = "[A-Za-z_$][\\w$.-]*";
const NAME = new RegExp(`^(?:\`(${IDENT})(\\?)?\`|(${IDENT}))(\\?)?`);
const FLAG = /^(optional|opt|required|req)$/i;
const DEFAULT = /^(?:defaults?(?:\s+to\b)?\s*(?:[:=]\s*)?|=\s*)(\S[\s\S]*)$/i;

/** Reads one item of the cell, or undefined when it is not a parameter. */
function readItem(raw: string): Item | undefined {
  let text = raw.trim();
  // A whole signature in one code span: `path: str = "."`.
  const whole = /^`([^`]+)`$/.exec(text);
  let simple = false;
  if (whole && /[:=]/.test(whole[1]!)) {
    text = whole[1]!.trim();
    simple = true;
  }
  const m = NAME.exec(text);
  if (!m) return undefined;
  const code = m[1] !== undefined;
  const name = (m[1] ?? m[3])!;
  const optional = !!(m[2] || m[4]);
  const rest = text.slice(m[0].length).trim();
  const item: Item = { name, schema: {}, typed: false, simple, ...(optional ? { required: false } : {}) };
  if (!rest) {
    // A plain word alone is prose more often than a parameter.
    if (!code && !simple) return undefined;
    item.simple = true;
    return item;
  }
  if (rest.startsWith(":") || rest.startsWith("=")) {
    const sig = /^(?::\s*([^=\s](?:[^=]*[^=\s])?))?\s*(?:=\s*(\S.*))?$/.exec(rest);
    if (!sig || (sig[1] === undefined && sig[2] === undefined)) return undefined;
    if (sig[1] !== undefined) {
      const type = knownType(sig[1]);
      if (!type) return undefined;
      item.schema = type;
      item.typed = true;
    }
    if (sig[2] !== undefined) item.defaultRaw = unquoteCode(sig[2]);
    // As in Python: a typed parameter without a default is required.
    if (item.required === undefined && item.typed) item.required = sig[2] === undefined;
    return item;
  }
  const paren = /^\((.*)\)\s*(optional|required)?$/i.exec(rest);
  if (!paren) return undefined;
  // "`url` (or `path`)", "(string, or `path`)": alternatives to the name, not its type;
  // which of them is needed cannot be told, so the cell is not read.
  if (/(?:^|[,;])\s*(?:or|and)\b/i.test(paren[1]!)) return undefined;
  const parts = splitItems(paren[1]!);
  if (!parts?.length) return undefined;
  for (const { text: part } of parts) {
    const p = part.replace(/[*_]/g, "").trim();
    const flag = FLAG.exec(p);
    const def = DEFAULT.exec(p);
    if (flag) item.required = /^req/i.test(flag[1]!);
    else if (def) item.defaultRaw = unquoteCode(def[1]!.trim());
    else if (!item.typed && knownType(p)) {
      item.schema = knownType(p)!;
      item.typed = true;
    } else return undefined;
  }
  if (paren[2]) item.required = paren[2].toLowerCase() === "required";
  if (item.defaultRaw !== undefined && item.required === undefined) item.required = false;
  return item;
}

/** The schema of a type text the type reader fully understands, else undefined. */
function knownType(text: string): FieldSpec["schema"] | undefined {
  const t = text.replace(/`/g, "").trim();
  if (!t || !/^[A-Za-z[{(]/.test(t)) return undefined;
  const { schema, unknown } = parseTypeString(t);
  return unknown?.length || schema.type === undefined ? undefined : schema;
}

function unquoteCode(text: string): string {
  const t = text.trim();
  return /^`[^`]*`$/.test(t) ? t.slice(1, -1).trim() : t;
}

/** A cell that says there are no parameters. */
const NO_PARAMS_CELL = /^\s*(none|n\/a|-+|—|–|no (parameters?|arguments?|inputs?))\.?\s*$/i;

/**
 * Gives a tool the parameters its summary-table row lists, when it has no parameter
 * section of its own. When it has one and the row lists other names, the section is
 * kept and an info says so.
 */
export function applySummaryParams(r: ToolReader, row: SummaryRow | undefined): void {
  if (!row?.params) return;
  const input = r.parts.input;
  const fields = summaryParamFields(r.doc, row.params, { deferToSignatures: false });
  const ownNone = !input.fields && !input.schema && !input.none;
  if (!fields) {
    // The row is the only place that names this tool's parameters: an open object would accept anything.
    const text = row.params.text.trim();
    if (ownNone && text && !NO_PARAMS_CELL.test(text))
      r.ctx.diagnostics.warning(
        "SPEC_SUMMARY_PARAMS_UNREADABLE",
        row.params.loc,
        `the parameters of "${row.name}" are given only in this summary-table cell, which cannot be read as a parameter list; the tool's input is left open (any arguments accepted)`,
        "write each parameter as `name` (type) separated by commas, e.g. `id` (string), `limit` (int, optional), or give the tool a parameter table",
      );
    return;
  }
  if (ownNone) {
    input.fields = { value: fields, loc: row.params.loc };
    return;
  }
  const own = input.fields?.value.map((f) => f.name).filter((n) => !/[.[]/.test(n));
  if (!own) return;
  const missing = fields.map((f) => f.name).filter((n) => !own.includes(n));
  const extra = own.filter((n) => !fields.some((f) => f.name === n));
  if (missing.length || extra.length) infoDiffer(r.ctx.diagnostics, row.params.loc, missing, extra);
}

function infoDiffer(diagnostics: DiagnosticBag, loc: SourceLocation, missing: string[], extra: string[]): void {
  const parts = [
    missing.length ? `lists ${missing.map((n) => `"${n}"`).join(", ")}, which the tool's section does not` : "",
    extra.length ? `omits ${extra.map((n) => `"${n}"`).join(", ")}` : "",
  ].filter(Boolean);
  diagnostics.info(
    "SPEC_SUMMARY_PARAMS_DIFFER",
    loc,
    `the summary table ${parts.join(" and ")}; the parameters of the tool's own section are used`,
    "make the summary table list the same parameters as the tool's section",
  );
}
