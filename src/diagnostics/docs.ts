import { ALL_DIAGNOSTIC_CODES, DIAGNOSTIC_CODES, type DiagnosticCodeInfo } from "./codes.js";

/** The markers around the generated table of codes in docs/diagnostics.md (`npm run docs` rewrites what is between them). */
export const DIAGNOSTIC_TABLE_START = "<!-- diagnostic-codes:start -->";
export const DIAGNOSTIC_TABLE_END = "<!-- diagnostic-codes:end -->";

/** The table of diagnostic codes in docs/diagnostics.md: code | severity | meaning | fix, one row per code in catalogue order. */
export function diagnosticTable(): string {
  const rows = ALL_DIAGNOSTIC_CODES.map((code) => {
    const info: DiagnosticCodeInfo = DIAGNOSTIC_CODES[code];
    const severities = [info.severity, ...(info.alsoReportedAs ?? [])].join(" or ");
    return `| \`${code}\` | ${severities} | ${cell(info.summary)} | ${cell(sentence(info.fix))} |`;
  });
  return ["| code | severity | meaning | fix |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

/**
 * `doc` with the text between the markers replaced by {@link diagnosticTable}. Throws
 * when the markers are missing or out of order, rather than guessing where the table goes.
 */
export function withDiagnosticTable(doc: string): string {
  const start = doc.indexOf(DIAGNOSTIC_TABLE_START);
  const end = doc.indexOf(DIAGNOSTIC_TABLE_END);
  if (start < 0 || end < start || doc.indexOf(DIAGNOSTIC_TABLE_START, start + 1) >= 0)
    throw new Error(`docs/diagnostics.md needs one "${DIAGNOSTIC_TABLE_START}" followed by "${DIAGNOSTIC_TABLE_END}"`);
  return `${doc.slice(0, start + DIAGNOSTIC_TABLE_START.length)}\n${diagnosticTable()}\n${doc.slice(end)}`;
}

/** Text fit for one GitHub table cell: one line, pipes escaped (also inside code spans). */
function cell(text: string): string {
  return text.replace(/\n/g, " ").replace(/\|/g, "\\|");
}

/** A help text as a sentence: capitalized, with a full stop unless it ends with one (maybe quoted). */
function sentence(text: string): string {
  const capitalized = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]["'`]?$/.test(capitalized) ? capitalized : `${capitalized}.`;
}
