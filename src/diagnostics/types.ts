import type { SourceLocation } from "../ir/types.js";
import {
  DIAGNOSTIC_CODES,
  type DiagnosticCode,
  type ErrorCode,
  type InfoCode,
  type SeveritiesOf,
  type WarningCode,
} from "./codes.js";
import type { Severity } from "./severity.js";

export type { DiagnosticCode, ErrorCode, InfoCode, WarningCode } from "./codes.js";
export type { Severity } from "./severity.js";

/** One finding about the inputs, always tied to a place in a file. */
export interface Diagnostic {
  severity: Severity;
  /**
   * Stable code, documented in docs/diagnostics.md (e.g. `SPEC_SCHEMA_INVALID`). Always a
   * `DiagnosticCode` when made by a `DiagnosticBag`; typed `string` because diagnostics are
   * also read back (from the cache, or `--json` output of another version).
   */
  code: string;
  message: string;
  /** What the user can do about it. */
  help?: string;
  loc: SourceLocation;
}

/** A diagnostic whose severity is one the catalogue allows for its code. */
export type CataloguedDiagnostic = {
  [C in DiagnosticCode]: Omit<Diagnostic, "code" | "severity"> & { code: C; severity: SeveritiesOf<C> };
}[DiagnosticCode];

/**
 * Collects diagnostics during a run. Each method accepts only the codes the catalogue
 * (`codes.ts`) lists with its severity, so a call site cannot report a code that is not
 * catalogued, or report it with another severity. A diagnostic without `help` gets the
 * catalogue's `fix` for its code.
 */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];

  /** Adds one finding. */
  report(d: CataloguedDiagnostic): void {
    this.add(d.severity, d.code, d.loc, d.message, d.help);
  }

  error(code: ErrorCode, loc: SourceLocation, message: string, help?: string): void {
    this.add("error", code, loc, message, help);
  }

  warning(code: WarningCode, loc: SourceLocation, message: string, help?: string): void {
    this.add("warning", code, loc, message, help);
  }

  info(code: InfoCode, loc: SourceLocation, message: string, help?: string): void {
    this.add("info", code, loc, message, help);
  }

  get hasErrors(): boolean {
    return this.items.some((d) => d.severity === "error");
  }

  /** Diagnostics in a stable order: file, line, column, code. */
  sorted(): Diagnostic[] {
    return [...this.items].sort(compareDiagnostics);
  }

  // `?.`: JavaScript callers (a generator plugin) may pass a code TypeScript would refuse.
  private add(severity: Severity, code: DiagnosticCode, loc: SourceLocation, message: string, help?: string): void {
    this.items.push({ severity, code, message, help: help ?? DIAGNOSTIC_CODES[code]?.fix, loc });
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
