import type { Diagnostic } from "./types.js";

/** `file:line:col severity code message`, then an indented help line. */
export function formatDiagnostic(d: Diagnostic): string {
  const head = `${d.loc.file}:${d.loc.line}:${d.loc.column} ${d.severity} ${d.code} ${d.message}`;
  return d.help ? `${head}\n  help: ${d.help}` : head;
}

/** Counts by severity, e.g. "2 errors, 1 warning". */
export function summarize(diagnostics: readonly Diagnostic[]): string {
  const count = (s: Diagnostic["severity"]) => diagnostics.filter((d) => d.severity === s).length;
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
  return `${plural(count("error"), "error")}, ${plural(count("warning"), "warning")}`;
}
