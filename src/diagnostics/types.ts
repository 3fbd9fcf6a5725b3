import type { SourceLocation } from "../ir/types.js";

/** How bad a finding is. Any `error` fails the run and nothing is written. */
export type Severity = "error" | "warning" | "info";

/** One finding about the inputs, always tied to a place in a file. */
export interface Diagnostic {
  severity: Severity;
  /** Stable code, documented in the README (e.g. `SPEC_SCHEMA_INVALID`). */
  code: string;
  message: string;
  /** What the user can do about it. */
  help?: string;
  loc: SourceLocation;
}

/** Collects diagnostics during a run. */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];

  /** Adds one finding. */
  report(d: Diagnostic): void {
    this.items.push(d);
  }

  error(code: string, loc: SourceLocation, message: string, help?: string): void {
    this.items.push({ severity: "error", code, message, help, loc });
  }

  warning(code: string, loc: SourceLocation, message: string, help?: string): void {
    this.items.push({ severity: "warning", code, message, help, loc });
  }

  info(code: string, loc: SourceLocation, message: string, help?: string): void {
    this.items.push({ severity: "info", code, message, help, loc });
  }

  get hasErrors(): boolean {
    return this.items.some((d) => d.severity === "error");
  }

  /** Diagnostics in a stable order: file, line, column, code. */
  sorted(): Diagnostic[] {
    return [...this.items].sort(compareDiagnostics);
  }
}

/** Orders diagnostics by file, line, column, then code. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    cmp(a.loc.file, b.loc.file) ||
    a.loc.line - b.loc.line ||
    a.loc.column - b.loc.column ||
    cmp(a.code, b.code) ||
    cmp(a.message, b.message)
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
