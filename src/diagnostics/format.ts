import type { Diagnostic, Severity } from "./types.js";

/** The parts of a printed diagnostic that a terminal may colour. */
export type DiagnosticPart = "location" | Severity | "code" | "help";

/** Styles one part of a diagnostic (for colour); the default leaves text unchanged. */
export type DiagnosticPaint = (part: DiagnosticPart, text: string) => string;

const plain: DiagnosticPaint = (_part, text) => text;

/** `file:line:col severity code message`, then an indented help line. */
export function formatDiagnostic(d: Diagnostic): string {
  return formatStyledDiagnostic(d, plain);
}

/**
 * `formatDiagnostic` with each part passed through `paint` (the CLI colours them on a
 * terminal). A separate function, so `diagnostics.map(formatDiagnostic)` keeps working.
 */
export function formatStyledDiagnostic(d: Diagnostic, paint: DiagnosticPaint): string {
  const head = `${paint("location", `${d.loc.file}:${d.loc.line}:${d.loc.column}`)} ${paint(d.severity, d.severity)} ${paint("code", d.code)} ${d.message}`;
  return d.help ? `${head}\n  ${paint("help", "help:")} ${d.help}` : head;
}

/** Counts by severity, e.g. "2 errors, 1 warning". */
export function summarize(diagnostics: readonly Diagnostic[]): string {
  const count = (s: Diagnostic["severity"]) => diagnostics.filter((d) => d.severity === s).length;
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
  return `${plural(count("error"), "error")}, ${plural(count("warning"), "warning")}`;
}
